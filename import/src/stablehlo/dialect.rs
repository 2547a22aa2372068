//! The parse-only `stablehlo` and `chlo` dialects: one [`OpDef`] per op name, each with the
//! parse hook of its family. The hooks turn StableHLO's pretty syntax into hlo ops (or, where
//! one op is not enough, into a state [`super::legalize`] finishes); ops that StableHLO
//! prints only in MLIR's generic form get a hook that says so.
//!
//! Invariant: no op of these dialects survives a successful [`super::parse_stablehlo`]: the
//! legalizer converts or rejects every one. Their printer therefore only has to show what is
//! there when debugging (`stablehlo.x(%a, %b) : (...) -> ...`), not to round-trip.

use xla_ir::op_def::{DialectDef, OpDef};
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpId, OpState};

use super::{calls, chlo, control_flow, dot_conv, elementwise, misc_ops, reduce, shape_ops};

/// Prints an op of the parse-only dialects as operands, attributes and types.
fn print_parse_only(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    p.print("(");
    p.print_operands(&data.operands);
    p.print(")");
    p.print_attr_dict(&data.attributes, &[]);
    let inputs: Vec<_> = data.operands.iter().map(|v| body.value_type(*v)).collect();
    let results: Vec<_> = data.results.iter().map(|v| body.value_type(*v)).collect();
    let ctx = body.ctx();
    p.print(" : ");
    p.print_type(ctx.function_type(inputs, results));
}

/// The hook of ops StableHLO prints only in the generic form.
fn generic_only(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    Err(Diagnostic::error(
        state.location,
        format!(
            "'{}' has no pretty form in StableHLO; write it in MLIR's generic form (\"{}\"(...) ...)",
            p.ctx().symbol_str(state.name),
            p.ctx().symbol_str(state.name)
        ),
    ))
}

/// Declares a parse-only dialect: its name, summary and `op name => parse hook` table.
macro_rules! parse_only_dialect {
    ($(#[$doc:meta])* $static:ident, $name:literal, $summary:literal, [$($op:literal => $hook:path),* $(,)?]) => {
        $(#[$doc])*
        pub static $static: DialectDef = DialectDef {
            name: $name,
            summary: $summary,
            ops: &[$(&OpDef {
                name: $op,
                summary: "A StableHLO op, read by the StableHLO importer and converted to hlo.",
                description: "",
                traits: &[],
                operands: &[],
                results: &[],
                attributes: &[],
                regions: &[],
                infer: None,
                verify: None,
                fold: None,
                patterns: &[],
                format: None,
                print: Some(print_parse_only),
                parse: Some($hook),
            }),*],
            materialize_constant: None,
        };
    };
}

parse_only_dialect!(
    /// StableHLO's ops, for reading only.
    STABLEHLO_DIALECT, "stablehlo", "StableHLO, read into hlo by the importer.",
    [
        // Elementwise unary ops.
        "stablehlo.abs" => elementwise::parse_unary,
        "stablehlo.cbrt" => elementwise::parse_unary,
        "stablehlo.ceil" => elementwise::parse_unary,
        "stablehlo.convert" => elementwise::parse_unary,
        "stablehlo.bitcast_convert" => elementwise::parse_unary,
        "stablehlo.count_leading_zeros" => elementwise::parse_unary,
        "stablehlo.cosine" => elementwise::parse_unary,
        "stablehlo.exponential" => elementwise::parse_unary,
        "stablehlo.exponential_minus_one" => elementwise::parse_unary,
        "stablehlo.floor" => elementwise::parse_unary,
        "stablehlo.imag" => elementwise::parse_unary,
        "stablehlo.is_finite" => elementwise::parse_unary,
        "stablehlo.log" => elementwise::parse_unary,
        "stablehlo.log_plus_one" => elementwise::parse_unary,
        "stablehlo.logistic" => elementwise::parse_unary,
        "stablehlo.not" => elementwise::parse_unary,
        "stablehlo.negate" => elementwise::parse_unary,
        "stablehlo.popcnt" => elementwise::parse_unary,
        "stablehlo.real" => elementwise::parse_unary,
        "stablehlo.round_nearest_afz" => elementwise::parse_unary,
        "stablehlo.round_nearest_even" => elementwise::parse_unary,
        "stablehlo.rsqrt" => elementwise::parse_unary,
        "stablehlo.sign" => elementwise::parse_unary,
        "stablehlo.sine" => elementwise::parse_unary,
        "stablehlo.sqrt" => elementwise::parse_unary,
        "stablehlo.tan" => elementwise::parse_unary,
        "stablehlo.tanh" => elementwise::parse_unary,
        // Elementwise binary ops.
        "stablehlo.add" => elementwise::parse_binary,
        "stablehlo.atan2" => elementwise::parse_binary,
        "stablehlo.complex" => elementwise::parse_binary,
        "stablehlo.divide" => elementwise::parse_binary,
        "stablehlo.maximum" => elementwise::parse_binary,
        "stablehlo.minimum" => elementwise::parse_binary,
        "stablehlo.multiply" => elementwise::parse_binary,
        "stablehlo.power" => elementwise::parse_binary,
        "stablehlo.remainder" => elementwise::parse_binary,
        "stablehlo.shift_left" => elementwise::parse_binary,
        "stablehlo.shift_right_arithmetic" => elementwise::parse_binary,
        "stablehlo.shift_right_logical" => elementwise::parse_binary,
        "stablehlo.subtract" => elementwise::parse_binary,
        "stablehlo.and" => elementwise::parse_binary,
        "stablehlo.or" => elementwise::parse_binary,
        "stablehlo.xor" => elementwise::parse_binary,
        "stablehlo.compare" => elementwise::parse_compare,
        "stablehlo.select" => elementwise::parse_select,
        "stablehlo.clamp" => elementwise::parse_clamp,
        "stablehlo.reduce_precision" => elementwise::parse_reduce_precision,
        // Shapes and data movement.
        "stablehlo.broadcast_in_dim" => shape_ops::parse,
        "stablehlo.broadcast" => shape_ops::parse,
        "stablehlo.reshape" => shape_ops::parse,
        "stablehlo.transpose" => shape_ops::parse,
        "stablehlo.reverse" => shape_ops::parse,
        "stablehlo.slice" => shape_ops::parse,
        "stablehlo.dynamic_slice" => shape_ops::parse,
        "stablehlo.dynamic_update_slice" => shape_ops::parse,
        "stablehlo.pad" => shape_ops::parse,
        "stablehlo.concatenate" => shape_ops::parse,
        "stablehlo.iota" => shape_ops::parse,
        "stablehlo.get_dimension_size" => shape_ops::parse,
        "stablehlo.set_dimension_size" => shape_ops::parse,
        "stablehlo.gather" => generic_only,
        "stablehlo.scatter" => generic_only,
        "stablehlo.sort" => generic_only,
        // Constants, tuples, tokens, random numbers and the rest.
        "stablehlo.constant" => misc_ops::parse_constant,
        "stablehlo.tuple" => misc_ops::parse_tuple,
        "stablehlo.get_tuple_element" => misc_ops::parse_get_tuple_element,
        "stablehlo.after_all" => misc_ops::parse_after_all,
        "stablehlo.create_token" => misc_ops::parse_after_all,
        "stablehlo.optimization_barrier" => misc_ops::parse_optimization_barrier,
        "stablehlo.rng" => misc_ops::parse_rng,
        "stablehlo.rng_bit_generator" => misc_ops::parse_rng_bit_generator,
        "stablehlo.replica_id" => misc_ops::parse_replica_id,
        "stablehlo.fft" => misc_ops::parse_fft,
        "stablehlo.cholesky" => misc_ops::parse_cholesky,
        "stablehlo.infeed" => generic_only,
        "stablehlo.outfeed" => generic_only,
        "stablehlo.send" => generic_only,
        "stablehlo.recv" => generic_only,
        "stablehlo.triangular_solve" => generic_only,
        "stablehlo.batch_norm_inference" => generic_only,
        "stablehlo.batch_norm_training" => generic_only,
        "stablehlo.batch_norm_grad" => generic_only,
        "stablehlo.all_gather" => generic_only,
        "stablehlo.all_reduce" => generic_only,
        "stablehlo.all_to_all" => generic_only,
        "stablehlo.collective_permute" => generic_only,
        "stablehlo.reduce_scatter" => generic_only,
        // Linear algebra.
        "stablehlo.dot" => dot_conv::parse_dot,
        "stablehlo.dot_general" => dot_conv::parse_dot_general,
        "stablehlo.convolution" => dot_conv::parse_convolution,
        // Reductions and windows.
        "stablehlo.reduce" => reduce::parse_reduce,
        "stablehlo.reduce_window" => generic_only,
        "stablehlo.select_and_scatter" => generic_only,
        "stablehlo.map" => generic_only,
        // Control flow and calls.
        "stablehlo.while" => control_flow::parse_while,
        "stablehlo.return" => control_flow::parse_return,
        "stablehlo.case" => generic_only,
        "stablehlo.if" => generic_only,
        "stablehlo.custom_call" => calls::parse_custom_call,
        "stablehlo.composite" => calls::parse_composite,
    ]
);

parse_only_dialect!(
    /// The chlo ops JAX emits, for reading only; [`chlo`](super::chlo) expands each into hlo
    /// ops.
    CHLO_DIALECT, "chlo", "Client HLO ops, expanded into hlo by the importer.",
    [
        "chlo.acos" => chlo::parse_unary,
        "chlo.acosh" => chlo::parse_unary,
        "chlo.asin" => chlo::parse_unary,
        "chlo.asinh" => chlo::parse_unary,
        "chlo.atan" => chlo::parse_unary,
        "chlo.atanh" => chlo::parse_unary,
        "chlo.conj" => chlo::parse_unary,
        "chlo.cosh" => chlo::parse_unary,
        "chlo.sinh" => chlo::parse_unary,
        "chlo.tan" => chlo::parse_unary,
        "chlo.square" => chlo::parse_unary,
        "chlo.erf" => chlo::parse_unary,
        "chlo.erfc" => chlo::parse_unary,
        "chlo.erf_inv" => chlo::parse_unary,
        "chlo.lgamma" => chlo::parse_unary,
        "chlo.digamma" => chlo::parse_unary,
        "chlo.bessel_i1e" => chlo::parse_unary,
        "chlo.is_inf" => chlo::parse_unary,
        "chlo.is_pos_inf" => chlo::parse_unary,
        "chlo.is_neg_inf" => chlo::parse_unary,
        "chlo.next_after" => chlo::parse_binary,
        // Read so that their error says what is missing: no expansion yet.
        "chlo.polygamma" => chlo::parse_binary,
        "chlo.zeta" => chlo::parse_binary,
        "chlo.broadcast_add" => chlo::parse_broadcast,
        "chlo.broadcast_atan2" => chlo::parse_broadcast,
        "chlo.broadcast_complex" => chlo::parse_broadcast,
        "chlo.broadcast_divide" => chlo::parse_broadcast,
        "chlo.broadcast_maximum" => chlo::parse_broadcast,
        "chlo.broadcast_minimum" => chlo::parse_broadcast,
        "chlo.broadcast_multiply" => chlo::parse_broadcast,
        "chlo.broadcast_next_after" => chlo::parse_broadcast,
        "chlo.broadcast_power" => chlo::parse_broadcast,
        "chlo.broadcast_remainder" => chlo::parse_broadcast,
        "chlo.broadcast_shift_left" => chlo::parse_broadcast,
        "chlo.broadcast_shift_right_arithmetic" => chlo::parse_broadcast,
        "chlo.broadcast_shift_right_logical" => chlo::parse_broadcast,
        "chlo.broadcast_subtract" => chlo::parse_broadcast,
        "chlo.broadcast_and" => chlo::parse_broadcast,
        "chlo.broadcast_or" => chlo::parse_broadcast,
        "chlo.broadcast_xor" => chlo::parse_broadcast,
        "chlo.broadcast_compare" => chlo::parse_broadcast,
        "chlo.broadcast_select" => chlo::parse_broadcast,
        "chlo.top_k" => chlo::parse_top_k,
        "chlo.constant" => misc_ops::parse_constant,
        "chlo.constant_like" => generic_only,
    ]
);
