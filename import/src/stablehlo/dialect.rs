//! The parse-only `stablehlo` and `chlo` dialects, each declared from one list of its ops:
//! the list gives every op a variant of a closed kind enum ([`StablehloOpKind`],
//! [`ChloOpKind`]), its name and the parse hook of its family, and generates both the enum
//! and the [`DialectDef`] the context registers. The hooks turn StableHLO's pretty syntax
//! into hlo ops (or, where one op is not enough, into a state [`super::legalize`]
//! finishes); ops that StableHLO prints only in MLIR's generic form get a hook that says so.
//! A hook written `hook(kind)` is called with the op's kind.
//!
//! Invariants: no op of these dialects survives a successful [`super::parse_stablehlo`]:
//! the legalizer converts or rejects every one, by an exhaustive `match` on the kind enums.
//! The order of a list is the order of its `DialectDef::ops`, so the index the context
//! records for a registered op is its kind's index in `ALL`. Their printer only has to show
//! what is there when debugging (`stablehlo.x(%a, %b) : (...) -> ...`), not to round-trip.

use xla_ir::op_def::{DialectDef, OpDef};
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::{Body, Diagnostic, OpId, OpState};

use super::{calls, chlo, control_flow, dot_conv, dynamic_ops, elementwise, misc_ops, reduce, shape_ops};

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

/// Declares a parse-only dialect from its list of `Variant = "name" => hook`: the kind
/// enum `$Kind` (with `ALL`, `name`, `short_name`, `from_name` and `of`) and the static
/// `DialectDef` `$static`, whose ops are listed in the same order.
macro_rules! parse_only_dialect {
    (
        $(#[$kind_doc:meta])* enum $Kind:ident;
        $(#[$doc:meta])* $static:ident, $name:literal, $summary:literal,
        [$($Variant:ident = $op:literal => $($hook:ident)::+ $(($kind_argument:ident))?),* $(,)?]
    ) => {
        $(#[$kind_doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum $Kind {
            $($Variant,)*
        }

        impl $Kind {
            /// Every kind, in the order of the declaration (and of the dialect's ops).
            pub const ALL: &'static [$Kind] = &[$($Kind::$Variant,)*];

            /// The op's name (`stablehlo.add`).
            pub const fn name(self) -> &'static str {
                match self {
                    $($Kind::$Variant => $op,)*
                }
            }

            /// The op's name without the dialect's prefix (`add`).
            pub fn short_name(self) -> &'static str {
                let name = self.name();
                name.strip_prefix(concat!($name, ".")).unwrap_or(name)
            }

            /// The kind of the op named `name`, if the dialect has it.
            pub fn from_name(name: &str) -> Option<$Kind> {
                Self::ALL.iter().copied().find(|kind| kind.name() == name)
            }

            /// The kind of `op` when it is an op of this dialect registered in the body's
            /// context: one hash lookup of its name symbol, then the index the context
            /// recorded for it.
            pub fn of(body: &Body, op: OpId) -> Option<$Kind> {
                let registered = body.ctx().registered_op(body.op(op).name)?;
                if !std::ptr::eq(registered.dialect, &$static) {
                    return None;
                }
                Self::ALL.get(registered.index).copied()
            }
        }

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
                parse: Some(parse_only_dialect!(@hook $($hook)::+, $Kind::$Variant $(, $kind_argument)?)),
            }),*],
            materialize_constant: None,
        };
    };
    // A hook that takes the op's kind, wrapped into a parse function.
    (@hook $($hook:ident)::+, $variant:path, kind) => {{
        fn hook(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
            $($hook)::+(p, state, $variant)
        }
        hook
    }};
    // A hook that is a parse function itself.
    (@hook $($hook:ident)::+, $variant:path) => {
        $($hook)::+
    };
}

parse_only_dialect!(
    /// The kinds of StableHLO's ops the reader knows: what the legalizer matches on.
    enum StablehloOpKind;
    /// StableHLO's ops, for reading only.
    STABLEHLO_DIALECT, "stablehlo", "StableHLO, read into hlo by the importer.",
    [
        // Elementwise unary ops.
        Abs = "stablehlo.abs" => elementwise::parse_unary(kind),
        Cbrt = "stablehlo.cbrt" => elementwise::parse_unary(kind),
        Ceil = "stablehlo.ceil" => elementwise::parse_unary(kind),
        Convert = "stablehlo.convert" => elementwise::parse_unary(kind),
        BitcastConvert = "stablehlo.bitcast_convert" => elementwise::parse_unary(kind),
        CountLeadingZeros = "stablehlo.count_leading_zeros" => elementwise::parse_unary(kind),
        Cosine = "stablehlo.cosine" => elementwise::parse_unary(kind),
        Exponential = "stablehlo.exponential" => elementwise::parse_unary(kind),
        ExponentialMinusOne = "stablehlo.exponential_minus_one" => elementwise::parse_unary(kind),
        Floor = "stablehlo.floor" => elementwise::parse_unary(kind),
        Imag = "stablehlo.imag" => elementwise::parse_unary(kind),
        IsFinite = "stablehlo.is_finite" => elementwise::parse_unary(kind),
        Log = "stablehlo.log" => elementwise::parse_unary(kind),
        LogPlusOne = "stablehlo.log_plus_one" => elementwise::parse_unary(kind),
        Logistic = "stablehlo.logistic" => elementwise::parse_unary(kind),
        Not = "stablehlo.not" => elementwise::parse_unary(kind),
        Negate = "stablehlo.negate" => elementwise::parse_unary(kind),
        Popcnt = "stablehlo.popcnt" => elementwise::parse_unary(kind),
        Real = "stablehlo.real" => elementwise::parse_unary(kind),
        RoundNearestAfz = "stablehlo.round_nearest_afz" => elementwise::parse_unary(kind),
        RoundNearestEven = "stablehlo.round_nearest_even" => elementwise::parse_unary(kind),
        Rsqrt = "stablehlo.rsqrt" => elementwise::parse_unary(kind),
        Sign = "stablehlo.sign" => elementwise::parse_unary(kind),
        Sine = "stablehlo.sine" => elementwise::parse_unary(kind),
        Sqrt = "stablehlo.sqrt" => elementwise::parse_unary(kind),
        Tan = "stablehlo.tan" => elementwise::parse_unary(kind),
        Tanh = "stablehlo.tanh" => elementwise::parse_unary(kind),
        // Elementwise binary ops.
        Add = "stablehlo.add" => elementwise::parse_binary(kind),
        Atan2 = "stablehlo.atan2" => elementwise::parse_binary(kind),
        Complex = "stablehlo.complex" => elementwise::parse_binary(kind),
        Divide = "stablehlo.divide" => elementwise::parse_binary(kind),
        Maximum = "stablehlo.maximum" => elementwise::parse_binary(kind),
        Minimum = "stablehlo.minimum" => elementwise::parse_binary(kind),
        Multiply = "stablehlo.multiply" => elementwise::parse_binary(kind),
        Power = "stablehlo.power" => elementwise::parse_binary(kind),
        Remainder = "stablehlo.remainder" => elementwise::parse_binary(kind),
        ShiftLeft = "stablehlo.shift_left" => elementwise::parse_binary(kind),
        ShiftRightArithmetic = "stablehlo.shift_right_arithmetic" => elementwise::parse_binary(kind),
        ShiftRightLogical = "stablehlo.shift_right_logical" => elementwise::parse_binary(kind),
        Subtract = "stablehlo.subtract" => elementwise::parse_binary(kind),
        And = "stablehlo.and" => elementwise::parse_binary(kind),
        Or = "stablehlo.or" => elementwise::parse_binary(kind),
        Xor = "stablehlo.xor" => elementwise::parse_binary(kind),
        Compare = "stablehlo.compare" => elementwise::parse_compare,
        Select = "stablehlo.select" => elementwise::parse_select,
        Clamp = "stablehlo.clamp" => elementwise::parse_clamp,
        ReducePrecision = "stablehlo.reduce_precision" => elementwise::parse_reduce_precision,
        // Shapes and data movement.
        BroadcastInDim = "stablehlo.broadcast_in_dim" => shape_ops::parse_broadcast_in_dim,
        Broadcast = "stablehlo.broadcast" => shape_ops::parse_broadcast,
        Reshape = "stablehlo.reshape" => shape_ops::parse_reshape,
        Transpose = "stablehlo.transpose" => shape_ops::parse_transpose,
        Reverse = "stablehlo.reverse" => shape_ops::parse_reverse,
        Slice = "stablehlo.slice" => shape_ops::parse_slice,
        DynamicSlice = "stablehlo.dynamic_slice" => shape_ops::parse_dynamic_slice,
        DynamicUpdateSlice = "stablehlo.dynamic_update_slice" => shape_ops::parse_dynamic_update_slice,
        Pad = "stablehlo.pad" => shape_ops::parse_pad,
        Concatenate = "stablehlo.concatenate" => shape_ops::parse_concatenate,
        Iota = "stablehlo.iota" => shape_ops::parse_iota,
        GetDimensionSize = "stablehlo.get_dimension_size" => shape_ops::parse_get_dimension_size,
        SetDimensionSize = "stablehlo.set_dimension_size" => shape_ops::parse_set_dimension_size,
        DynamicIota = "stablehlo.dynamic_iota" => dynamic_ops::parse_dynamic_iota,
        DynamicReshape = "stablehlo.dynamic_reshape" => dynamic_ops::parse_operands_only,
        DynamicBroadcastInDim = "stablehlo.dynamic_broadcast_in_dim" => dynamic_ops::parse_dynamic_broadcast_in_dim,
        DynamicPad = "stablehlo.dynamic_pad" => dynamic_ops::parse_operands_only,
        RealDynamicSlice = "stablehlo.real_dynamic_slice" => dynamic_ops::parse_operands_only,
        DynamicGather = "stablehlo.dynamic_gather" => generic_only,
        DynamicConv = "stablehlo.dynamic_conv" => generic_only,
        Gather = "stablehlo.gather" => generic_only,
        Scatter = "stablehlo.scatter" => generic_only,
        Sort = "stablehlo.sort" => generic_only,
        // Constants, tuples, tokens, random numbers and the rest.
        Constant = "stablehlo.constant" => misc_ops::parse_constant,
        Tuple = "stablehlo.tuple" => misc_ops::parse_tuple,
        GetTupleElement = "stablehlo.get_tuple_element" => misc_ops::parse_get_tuple_element,
        AfterAll = "stablehlo.after_all" => misc_ops::parse_after_all,
        CreateToken = "stablehlo.create_token" => misc_ops::parse_after_all,
        OptimizationBarrier = "stablehlo.optimization_barrier" => misc_ops::parse_optimization_barrier,
        Rng = "stablehlo.rng" => misc_ops::parse_rng,
        RngBitGenerator = "stablehlo.rng_bit_generator" => misc_ops::parse_rng_bit_generator,
        ReplicaId = "stablehlo.replica_id" => misc_ops::parse_replica_id,
        PartitionId = "stablehlo.partition_id" => misc_ops::parse_partition_id,
        Fft = "stablehlo.fft" => misc_ops::parse_fft,
        Cholesky = "stablehlo.cholesky" => misc_ops::parse_cholesky,
        Infeed = "stablehlo.infeed" => generic_only,
        Outfeed = "stablehlo.outfeed" => generic_only,
        Send = "stablehlo.send" => generic_only,
        Recv = "stablehlo.recv" => generic_only,
        TriangularSolve = "stablehlo.triangular_solve" => generic_only,
        BatchNormInference = "stablehlo.batch_norm_inference" => generic_only,
        BatchNormTraining = "stablehlo.batch_norm_training" => generic_only,
        BatchNormGrad = "stablehlo.batch_norm_grad" => generic_only,
        AllGather = "stablehlo.all_gather" => generic_only,
        AllReduce = "stablehlo.all_reduce" => generic_only,
        AllToAll = "stablehlo.all_to_all" => generic_only,
        CollectivePermute = "stablehlo.collective_permute" => generic_only,
        CollectiveBroadcast = "stablehlo.collective_broadcast" => generic_only,
        ReduceScatter = "stablehlo.reduce_scatter" => generic_only,
        // Linear algebra.
        Dot = "stablehlo.dot" => dot_conv::parse_dot,
        DotGeneral = "stablehlo.dot_general" => dot_conv::parse_dot_general,
        Convolution = "stablehlo.convolution" => dot_conv::parse_convolution,
        // Reductions and windows.
        Reduce = "stablehlo.reduce" => reduce::parse_reduce,
        ReduceWindow = "stablehlo.reduce_window" => generic_only,
        SelectAndScatter = "stablehlo.select_and_scatter" => generic_only,
        Map = "stablehlo.map" => generic_only,
        // Control flow and calls.
        While = "stablehlo.while" => control_flow::parse_while,
        Return = "stablehlo.return" => control_flow::parse_return,
        Case = "stablehlo.case" => generic_only,
        If = "stablehlo.if" => generic_only,
        CustomCall = "stablehlo.custom_call" => calls::parse_custom_call,
        Composite = "stablehlo.composite" => calls::parse_composite,
    ]
);

parse_only_dialect!(
    /// The kinds of the chlo ops the reader knows: what their expansion matches on.
    enum ChloOpKind;
    /// The chlo ops JAX emits, for reading only; [`chlo`](super::chlo) expands each into hlo
    /// ops.
    CHLO_DIALECT, "chlo", "Client HLO ops, expanded into hlo by the importer.",
    [
        Acos = "chlo.acos" => chlo::parse_unary,
        Acosh = "chlo.acosh" => chlo::parse_unary,
        Asin = "chlo.asin" => chlo::parse_unary,
        Asinh = "chlo.asinh" => chlo::parse_unary,
        Atan = "chlo.atan" => chlo::parse_unary,
        Atanh = "chlo.atanh" => chlo::parse_unary,
        Conj = "chlo.conj" => chlo::parse_unary,
        Cosh = "chlo.cosh" => chlo::parse_unary,
        Sinh = "chlo.sinh" => chlo::parse_unary,
        Tan = "chlo.tan" => chlo::parse_unary,
        Square = "chlo.square" => chlo::parse_unary,
        Erf = "chlo.erf" => chlo::parse_unary,
        Erfc = "chlo.erfc" => chlo::parse_unary,
        ErfInv = "chlo.erf_inv" => chlo::parse_unary,
        Lgamma = "chlo.lgamma" => chlo::parse_unary,
        Digamma = "chlo.digamma" => chlo::parse_unary,
        BesselI1e = "chlo.bessel_i1e" => chlo::parse_unary,
        IsInf = "chlo.is_inf" => chlo::parse_unary,
        IsPosInf = "chlo.is_pos_inf" => chlo::parse_unary,
        IsNegInf = "chlo.is_neg_inf" => chlo::parse_unary,
        NextAfter = "chlo.next_after" => chlo::parse_binary,
        // Read so that their error says what is missing: no expansion yet.
        Polygamma = "chlo.polygamma" => chlo::parse_binary,
        Zeta = "chlo.zeta" => chlo::parse_binary,
        BroadcastAdd = "chlo.broadcast_add" => chlo::parse_broadcast,
        BroadcastAtan2 = "chlo.broadcast_atan2" => chlo::parse_broadcast,
        BroadcastComplex = "chlo.broadcast_complex" => chlo::parse_broadcast,
        BroadcastDivide = "chlo.broadcast_divide" => chlo::parse_broadcast,
        BroadcastMaximum = "chlo.broadcast_maximum" => chlo::parse_broadcast,
        BroadcastMinimum = "chlo.broadcast_minimum" => chlo::parse_broadcast,
        BroadcastMultiply = "chlo.broadcast_multiply" => chlo::parse_broadcast,
        BroadcastNextAfter = "chlo.broadcast_next_after" => chlo::parse_broadcast,
        BroadcastPower = "chlo.broadcast_power" => chlo::parse_broadcast,
        BroadcastRemainder = "chlo.broadcast_remainder" => chlo::parse_broadcast,
        BroadcastShiftLeft = "chlo.broadcast_shift_left" => chlo::parse_broadcast,
        BroadcastShiftRightArithmetic = "chlo.broadcast_shift_right_arithmetic" => chlo::parse_broadcast,
        BroadcastShiftRightLogical = "chlo.broadcast_shift_right_logical" => chlo::parse_broadcast,
        BroadcastSubtract = "chlo.broadcast_subtract" => chlo::parse_broadcast,
        BroadcastAnd = "chlo.broadcast_and" => chlo::parse_broadcast,
        BroadcastOr = "chlo.broadcast_or" => chlo::parse_broadcast,
        BroadcastXor = "chlo.broadcast_xor" => chlo::parse_broadcast,
        BroadcastCompare = "chlo.broadcast_compare" => chlo::parse_broadcast,
        BroadcastSelect = "chlo.broadcast_select" => chlo::parse_broadcast,
        TopK = "chlo.top_k" => chlo::parse_top_k,
        Constant = "chlo.constant" => misc_ops::parse_constant,
        ConstantLike = "chlo.constant_like" => generic_only,
    ]
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stablehlo_names_round_trip_and_follow_the_dialect_order() {
        assert_eq!(StablehloOpKind::ALL.len(), STABLEHLO_DIALECT.ops.len());
        for (kind, def) in StablehloOpKind::ALL.iter().zip(STABLEHLO_DIALECT.ops) {
            assert_eq!(kind.name(), def.name);
            assert_eq!(StablehloOpKind::from_name(kind.name()), Some(*kind));
            assert_eq!(format!("stablehlo.{}", kind.short_name()), kind.name());
        }
        assert_eq!(StablehloOpKind::from_name("stablehlo.einsum"), None);
    }

    #[test]
    fn chlo_names_round_trip_and_follow_the_dialect_order() {
        assert_eq!(ChloOpKind::ALL.len(), CHLO_DIALECT.ops.len());
        for (kind, def) in ChloOpKind::ALL.iter().zip(CHLO_DIALECT.ops) {
            assert_eq!(kind.name(), def.name);
            assert_eq!(ChloOpKind::from_name(kind.name()), Some(*kind));
            assert_eq!(format!("chlo.{}", kind.short_name()), kind.name());
        }
        assert_eq!(ChloOpKind::from_name("stablehlo.add"), None);
    }

    #[test]
    fn ops_know_their_kind_through_the_registration() {
        let mut ctx = xla_ir::Context::new();
        crate::stablehlo::register(&mut ctx);
        let mut body = Body::new(&ctx);
        for kind in StablehloOpKind::ALL {
            let op = body.create_op(OpState::new(ctx.symbol(kind.name()), ctx.unknown_loc()));
            assert_eq!(StablehloOpKind::of(&body, op), Some(*kind));
            assert_eq!(ChloOpKind::of(&body, op), None);
        }
        for kind in ChloOpKind::ALL {
            let op = body.create_op(OpState::new(ctx.symbol(kind.name()), ctx.unknown_loc()));
            assert_eq!(ChloOpKind::of(&body, op), Some(*kind));
            assert_eq!(StablehloOpKind::of(&body, op), None);
        }
    }
}
