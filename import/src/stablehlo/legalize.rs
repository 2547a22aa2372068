//! The pass after parsing that leaves only hlo: it converts every `stablehlo.*` op the parse
//! hooks did not finish (MLIR's generic form, `case`/`if`, `custom_call`s written
//! generically) and expands every `chlo.*` op, then adapts what hlo states more strictly
//! than StableHLO (dots and convolutions whose result element type differs from their
//! operands').
//!
//! Order: (1) `!stablehlo.token` becomes `!hlo.token` on every value and in every function
//! signature (any other `!stablehlo.*` or `!chlo.*` type is an error); (2) the ops of the
//! module, in pre-order as they were when the pass began, are converted one by one (a
//! converter may erase its op and insert others before it; complex `exp`, `log`, `log1p`
//! and `sqrt`, which the parse hooks leave under their StableHLO names, become real
//! arithmetic, as XLA writes them, see [`complex_math`]); then, only for StableHLO input
//! (hlo written by hand is never changed), (3) `real` and `imag` of a `complex` folded to
//! its operands, as XLA folds them; (4) fix-ups on hlo ops.
//!
//! Invariant: when the pass succeeds no op of the `stablehlo` or `chlo` dialects remains;
//! an op it cannot convert is an error at that op, naming it.

use xla_dialects::hlo::{HloOp, HloOpKind};
use xla_ir::{AttrData, Attribute, Body, Diagnostic, OpId, OpRef, Type, TypeData, WalkOrder};

use super::{calls, chlo, complex_math, control_flow, dot_conv, elementwise, gather_scatter, misc_ops, reduce, shape_ops};

/// Converts what parsing left (see the module documentation).
pub(crate) fn legalize(body: &mut Body, module: OpId, from_stablehlo: bool) -> Result<(), Diagnostic> {
    convert_token_types(body, module)?;
    for op in body.nested_ops(module, WalkOrder::PreOrder) {
        if body.is_erased(op) {
            continue;
        }
        let name = body.op_name(op);
        if let Some(short) = name.strip_prefix("stablehlo.") {
            convert_stablehlo(body, op, short)?;
        } else if name.starts_with("chlo.") {
            chlo::expand(body, op)?;
        }
    }
    // The rest is what XLA does when it reads StableHLO; hlo written by hand (xla-opt's
    // input without StableHLO or chlo ops) keeps its complex ops and is never changed.
    if !from_stablehlo {
        return Ok(());
    }
    for op in body.nested_ops(module, WalkOrder::PreOrder) {
        if !body.is_erased(op) {
            fold_part_of_complex(body, op);
        }
    }
    // StableHLO allows dots and convolutions of mixed precision (bf16 x bf16 -> f32); hlo
    // does not, so their operands are converted. In hlo input a mixed dot is an error the
    // verifier reports.
    for op in body.nested_ops(module, WalkOrder::PreOrder) {
        if !body.is_erased(op) {
            crate::mixed_precision::fix_mixed_precision(body, op)?;
        }
    }
    Ok(())
}

/// Replaces `real(complex(a, b))` by `a` and `imag(complex(a, b))` by `b`, as XLA's conversion
/// of StableHLO folds them (the HLO of `jnp.real(lax.complex(a, b))` is `a`). It matters for
/// the chlo expansions: JAX's `arccosh` of complex numbers takes the real part of
/// `chlo.acosh`'s result, which is an `hlo.complex` of the expansion's parts.
fn fold_part_of_complex(body: &mut Body, op: OpId) {
    let index = match body.op_name(op) {
        "hlo.real" => 0,
        "hlo.imag" => 1,
        _ => return,
    };
    let Some(&z) = body.op(op).operands.first() else { return };
    let Some(producer) = body.defining_op(z) else { return };
    if !matches!(HloOp::of(body, producer), Some(HloOp::Complex(_))) {
        return;
    }
    if let Some(&part) = body.op(producer).operands.get(index) {
        body.replace_op(op, &[part]);
    }
}

/// Converts one `stablehlo.<short>` op.
fn convert_stablehlo(body: &mut Body, op: OpId, short: &str) -> Result<(), Diagnostic> {
    if let Some(name) = elementwise::hlo_name(short) {
        rename_op(body, op, name);
        // XLA writes complex exp, log, log1p and sqrt as real arithmetic when it reads
        // StableHLO (its conversion runs StableHLO's complex math expander); so does this
        // reader. hlo ops written as such are left alone.
        if complex_math::EXPANDED.contains(&short) {
            complex_math::expand_complex_math(body, op)?;
        }
        return Ok(());
    }
    match short {
        "compare" => elementwise::convert_compare(body, op),
        "reduce_precision" => elementwise::convert_reduce_precision(body, op),
        "broadcast_in_dim" | "broadcast" | "transpose" | "reverse" | "slice" | "dynamic_slice" | "pad" | "concatenate"
        | "iota" | "get_dimension_size" | "set_dimension_size" => shape_ops::convert_generic(body, op, short),
        "constant" => misc_ops::convert_constant(body, op),
        "get_tuple_element" => misc_ops::convert_get_tuple_element(body, op),
        "rng" => misc_ops::convert_rng(body, op),
        "rng_bit_generator" => misc_ops::convert_rng_bit_generator(body, op),
        "fft" => misc_ops::convert_fft(body, op),
        "cholesky" => misc_ops::convert_cholesky(body, op),
        "triangular_solve" => misc_ops::convert_triangular_solve(body, op),
        "batch_norm_inference" | "batch_norm_training" | "batch_norm_grad" => misc_ops::convert_batch_norm(body, op, short),
        "infeed" | "outfeed" | "send" | "recv" => misc_ops::convert_io(body, op, short),
        "all_gather" | "all_reduce" | "all_to_all" | "collective_permute" | "reduce_scatter" => {
            misc_ops::convert_collective(body, op, short)
        }
        "dot" => dot_conv::convert_dot(body, op),
        "dot_general" => dot_conv::convert_dot_general(body, op),
        "convolution" => dot_conv::convert_convolution(body, op),
        "reduce" => reduce::convert_reduce(body, op),
        "reduce_window" => reduce::convert_reduce_window(body, op),
        "select_and_scatter" => reduce::convert_select_and_scatter(body, op),
        "map" => reduce::convert_map(body, op),
        "sort" => reduce::convert_sort(body, op),
        "gather" => gather_scatter::convert_gather(body, op),
        "scatter" => gather_scatter::convert_scatter(body, op),
        "while" => {
            rename_op(body, op, HloOpKind::While.name());
            Ok(())
        }
        "return" => {
            rename_op(body, op, HloOpKind::Return.name());
            Ok(())
        }
        "case" | "if" => control_flow::convert_conditional(body, op),
        "custom_call" => calls::convert_custom_call(body, op),
        "composite" => calls::convert_composite(body, op),
        _ => Err(op_error(body, op, "is not supported by the StableHLO reader")),
    }
}

/// An error at `op`, prefixed with its name as MLIR's op errors are.
pub(crate) fn op_error(body: &Body, op: OpId, message: impl Into<String>) -> Diagnostic {
    OpRef::new(body, op).error(message)
}

/// Renames `op` to `name`.
pub(crate) fn rename_op(body: &mut Body, op: OpId, name: &str) {
    let symbol = body.ctx().symbol(name);
    body.set_op_name(op, symbol);
}

/// Removes attribute `name` of `op` and returns it.
pub(crate) fn take_attr(body: &mut Body, op: OpId, name: &str) -> Option<Attribute> {
    body.remove_attr(op, name)
}

/// `ty` with every `!stablehlo.token` replaced by `!hlo.token` (inside tuples and function
/// types too).
fn token_free(body: &Body, ty: Type) -> Type {
    let ctx = body.ctx();
    match ctx.type_data(ty) {
        TypeData::Opaque { dialect, body: name } if dialect == "stablehlo" && name == "token" => xla_dialects::hlo::token_type(ctx),
        TypeData::Tuple(elements) => {
            let elements = elements.iter().map(|t| token_free(body, *t)).collect();
            ctx.ty(TypeData::Tuple(elements))
        }
        TypeData::Function { inputs, results } => {
            let inputs = inputs.iter().map(|t| token_free(body, *t)).collect();
            let results = results.iter().map(|t| token_free(body, *t)).collect();
            ctx.function_type(inputs, results)
        }
        _ => ty,
    }
}

/// The first type inside `ty` (itself, a tuple element, a function input or result) that
/// belongs to the `stablehlo` or `chlo` dialect, which the IR keeps opaque.
fn stablehlo_type_in(body: &Body, ty: Type) -> Option<Type> {
    let ctx = body.ctx();
    match ctx.type_data(ty) {
        TypeData::Opaque { dialect, .. } if dialect == "stablehlo" || dialect == "chlo" => Some(ty),
        TypeData::Tuple(elements) => elements.iter().find_map(|t| stablehlo_type_in(body, *t)),
        TypeData::Function { inputs, results } => inputs.iter().chain(results).find_map(|t| stablehlo_type_in(body, *t)),
        _ => None,
    }
}

/// Replaces `!stablehlo.token` by `!hlo.token` on every result, block argument and function
/// type under `module`; any other StableHLO or chlo type is an error at the op that has it
/// (a function, for its arguments and results).
fn convert_token_types(body: &mut Body, module: OpId) -> Result<(), Diagnostic> {
    let ctx = body.ctx();
    let mut ops = vec![module];
    ops.extend(body.nested_ops(module, WalkOrder::PreOrder));
    for op in ops {
        let mut values: Vec<_> = body.op(op).results.clone();
        for &region in &body.op(op).regions {
            for &block in &body.region(region).blocks {
                values.extend(body.block(block).args.iter().copied());
            }
        }
        let unknown = |body: &Body, ty: Type| -> Result<(), Diagnostic> {
            match stablehlo_type_in(body, ty) {
                Some(t) => Err(op_error(
                    body,
                    op,
                    format!("uses type {}, which the StableHLO reader does not know (its only type is !stablehlo.token)", ctx.type_to_string(t)),
                )),
                None => Ok(()),
            }
        };
        for v in values {
            let ty = body.value_type(v);
            let converted = token_free(body, ty);
            unknown(body, converted)?;
            if converted != ty {
                body.set_value_type(v, converted);
            }
        }
        if let Some(attr) = body.attr(op, "function_type") {
            if let AttrData::Type(ty) = ctx.attr_data(attr) {
                let converted = token_free(body, *ty);
                unknown(body, converted)?;
                if converted != *ty {
                    body.set_attr(op, "function_type", ctx.type_attr(converted));
                }
            }
        }
    }
    Ok(())
}
