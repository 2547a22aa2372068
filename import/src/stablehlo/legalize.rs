//! The pass after parsing that leaves only hlo: it converts every `stablehlo.*` op the parse
//! hooks did not finish (MLIR's generic form, `case`/`if`, `custom_call`s written
//! generically) and expands every `chlo.*` op, then adapts what hlo states more strictly
//! than StableHLO (dots and convolutions whose result element type differs from their
//! operands').
//!
//! Order: (1) `!stablehlo.token` becomes `!hlo.token` on every value and in every function
//! signature (any other `!stablehlo.*` or `!chlo.*` type is an error); (2) the ops of the
//! module, in pre-order as they were when the pass began, are converted one by one, by an
//! exhaustive `match` on their [`StablehloOpKind`] or [`ChloOpKind`] (a converter may erase
//! its op and insert others before it; complex `exp`, `log`, `log1p` and `sqrt`, which the
//! parse hooks leave under their StableHLO names, become real arithmetic, as XLA writes
//! them, see [`super::complex_math`]); then, only for StableHLO input
//! (hlo written by hand is never changed), (3) `real` and `imag` of a `complex` folded to
//! its operands, as XLA folds them; (4) fix-ups on hlo ops.
//!
//! Invariant: when the pass succeeds no op of the `stablehlo` or `chlo` dialects remains;
//! an op it cannot convert is an error at that op, naming it.

use xla_dialects::hlo::{HloOp, HloOpKind};
use xla_ir::{AttrData, Attribute, Body, Diagnostic, OpId, OpRef, Type, TypeData, WalkOrder};

use super::dialect::{ChloOpKind, StablehloOpKind, CHLO_DIALECT, STABLEHLO_DIALECT};
use super::{calls, chlo, control_flow, dot_conv, dynamic_ops, elementwise, gather_scatter, misc_ops, reduce, shape_ops};

/// Converts what parsing left (see the module documentation).
pub(crate) fn legalize(body: &mut Body, module: OpId, from_stablehlo: bool) -> Result<(), Diagnostic> {
    convert_token_types(body, module)?;
    for op in body.nested_ops(module, WalkOrder::PreOrder) {
        if body.is_erased(op) {
            continue;
        }
        if let Some(kind) = StablehloOpKind::of(body, op) {
            convert_stablehlo(body, op, kind)?;
        } else if let Some(kind) = ChloOpKind::of(body, op) {
            chlo::expand(body, op, kind)?;
        } else if is_unknown_op_of_the_read_dialects(body, op) {
            return Err(op_error(body, op, "is not supported by the StableHLO reader"));
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
    let index = match HloOp::of(body, op) {
        Some(HloOp::Real(_)) => 0,
        Some(HloOp::Imag(_)) => 1,
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

/// Whether `op` is of the `stablehlo` or `chlo` dialect without being one of their
/// declared ops (MLIR's generic form reads any name).
fn is_unknown_op_of_the_read_dialects(body: &Body, op: OpId) -> bool {
    let dialect = body.op_name(op).split_once('.').map(|(dialect, _)| dialect);
    dialect == Some(STABLEHLO_DIALECT.name) || dialect == Some(CHLO_DIALECT.name)
}

/// Converts one `stablehlo` op: an exhaustive `match`, so a StableHLO op added to the
/// dialect's list does not compile until it is decided here.
fn convert_stablehlo(body: &mut Body, op: OpId, kind: StablehloOpKind) -> Result<(), Diagnostic> {
    type K = StablehloOpKind;
    match kind {
        // The hlo op of the same name (or of the name in `elementwise::RENAMED`), without
        // attributes to translate.
        K::Abs
        | K::Cbrt
        | K::Ceil
        | K::Convert
        | K::BitcastConvert
        | K::CountLeadingZeros
        | K::Cosine
        | K::Exponential
        | K::ExponentialMinusOne
        | K::Floor
        | K::Imag
        | K::IsFinite
        | K::Log
        | K::LogPlusOne
        | K::Logistic
        | K::Not
        | K::Negate
        | K::Popcnt
        | K::Real
        | K::RoundNearestAfz
        | K::RoundNearestEven
        | K::Rsqrt
        | K::Sign
        | K::Sine
        | K::Sqrt
        | K::Tan
        | K::Tanh
        | K::Add
        | K::Atan2
        | K::Complex
        | K::Divide
        | K::Maximum
        | K::Minimum
        | K::Multiply
        | K::Power
        | K::Remainder
        | K::ShiftLeft
        | K::ShiftRightArithmetic
        | K::ShiftRightLogical
        | K::Subtract
        | K::And
        | K::Or
        | K::Xor
        | K::Select
        | K::Clamp
        | K::Reshape
        | K::DynamicUpdateSlice
        | K::OptimizationBarrier
        | K::Tuple
        | K::AfterAll
        | K::CreateToken
        | K::ReplicaId
        | K::PartitionId => elementwise::convert_renamed(body, op, kind),
        K::Compare => elementwise::convert_compare(body, op),
        K::ReducePrecision => elementwise::convert_reduce_precision(body, op),
        // Shapes: hlo's attribute names already, as other kinds of integer lists.
        K::BroadcastInDim => shape_ops::convert_generic(body, op, HloOpKind::BroadcastInDim, &["broadcast_dimensions"], &[]),
        K::Broadcast => shape_ops::convert_generic(body, op, HloOpKind::Broadcast, &["broadcast_sizes"], &[]),
        K::Transpose => shape_ops::convert_generic(body, op, HloOpKind::Transpose, &["permutation"], &[]),
        K::Reverse => shape_ops::convert_generic(body, op, HloOpKind::Rev, &["dimensions"], &[]),
        K::Slice => shape_ops::convert_generic(body, op, HloOpKind::Slice, &["start_indices", "limit_indices", "strides"], &[]),
        K::DynamicSlice => shape_ops::convert_generic(body, op, HloOpKind::DynamicSlice, &["slice_sizes"], &[]),
        K::Pad => shape_ops::convert_generic(
            body,
            op,
            HloOpKind::Pad,
            &["edge_padding_low", "edge_padding_high", "interior_padding"],
            &[],
        ),
        K::Concatenate => shape_ops::convert_generic(body, op, HloOpKind::Concatenate, &[], &["dimension"]),
        K::Iota => shape_ops::convert_generic(body, op, HloOpKind::Iota, &[], &["iota_dimension"]),
        K::GetDimensionSize => shape_ops::convert_generic(body, op, HloOpKind::GetDimensionSize, &[], &["dimension"]),
        K::SetDimensionSize => shape_ops::convert_generic(body, op, HloOpKind::SetDimensionSize, &[], &["dimension"]),
        K::Gather => gather_scatter::convert_gather(body, op),
        // Dynamic-shape ops with constant shapes: their static ops.
        K::DynamicIota => dynamic_ops::convert_dynamic_iota(body, op),
        K::DynamicReshape => dynamic_ops::convert_dynamic_reshape(body, op),
        K::DynamicBroadcastInDim => dynamic_ops::convert_dynamic_broadcast_in_dim(body, op),
        K::DynamicPad => dynamic_ops::convert_dynamic_pad(body, op),
        K::RealDynamicSlice => dynamic_ops::convert_real_dynamic_slice(body, op),
        K::DynamicGather => dynamic_ops::convert_dynamic_gather(body, op),
        K::DynamicConv => dynamic_ops::convert_dynamic_conv(body, op),
        K::Scatter => gather_scatter::convert_scatter(body, op),
        K::Sort => reduce::convert_sort(body, op),
        // Constants, tuples, tokens, random numbers and the rest.
        K::Constant => misc_ops::convert_constant(body, op),
        K::GetTupleElement => misc_ops::convert_get_tuple_element(body, op),
        K::Rng => misc_ops::convert_rng(body, op),
        K::RngBitGenerator => misc_ops::convert_rng_bit_generator(body, op),
        K::Fft => misc_ops::convert_fft(body, op),
        K::Cholesky => misc_ops::convert_cholesky(body, op),
        K::Infeed => misc_ops::convert_feed(body, op, HloOpKind::Infeed),
        K::Outfeed => misc_ops::convert_feed(body, op, HloOpKind::Outfeed),
        K::Send => misc_ops::convert_send_recv(body, op, HloOpKind::Send),
        K::Recv => misc_ops::convert_send_recv(body, op, HloOpKind::Recv),
        K::TriangularSolve => misc_ops::convert_triangular_solve(body, op),
        K::BatchNormInference => misc_ops::convert_batch_norm(body, op, HloOpKind::BatchNormInference),
        K::BatchNormTraining => misc_ops::convert_batch_norm(body, op, HloOpKind::BatchNormTraining),
        K::BatchNormGrad => misc_ops::convert_batch_norm(body, op, HloOpKind::BatchNormGrad),
        K::AllGather => misc_ops::convert_all_gather(body, op),
        K::AllReduce => misc_ops::convert_all_reduce(body, op),
        K::AllToAll => misc_ops::convert_all_to_all(body, op),
        K::CollectivePermute => misc_ops::convert_collective_permute(body, op),
        K::CollectiveBroadcast => misc_ops::convert_collective_broadcast(body, op),
        K::ReduceScatter => misc_ops::convert_reduce_scatter(body, op),
        // Linear algebra.
        K::Dot => dot_conv::convert_dot(body, op),
        K::DotGeneral => dot_conv::convert_dot_general(body, op),
        K::Convolution => dot_conv::convert_convolution(body, op),
        // Reductions and windows.
        K::Reduce => reduce::convert_reduce(body, op),
        K::ReduceWindow => reduce::convert_reduce_window(body, op),
        K::SelectAndScatter => reduce::convert_select_and_scatter(body, op),
        K::Map => reduce::convert_map(body, op),
        // Control flow and calls.
        K::While => {
            rename_op(body, op, HloOpKind::While);
            Ok(())
        }
        K::Return => {
            rename_op(body, op, HloOpKind::Return);
            Ok(())
        }
        K::Case | K::If => control_flow::convert_conditional(body, op),
        K::CustomCall => calls::convert_custom_call(body, op),
        K::Composite => calls::convert_composite(body, op),
    }
}

/// An error at `op`, prefixed with its name as MLIR's op errors are.
pub(crate) fn op_error(body: &Body, op: OpId, message: impl Into<String>) -> Diagnostic {
    OpRef::new(body, op).error(message)
}

/// Renames `op` to the hlo op of `kind`, which it becomes.
pub(crate) fn rename_op(body: &mut Body, op: OpId, kind: HloOpKind) {
    rename_op_to_name(body, op, kind.name());
}

/// Renames `op` to the op named `name`, for ops that become ops of other dialects
/// (`func.call`, the `check` ops).
pub(crate) fn rename_op_to_name(body: &mut Body, op: OpId, name: &str) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use xla_ir::{Context, InsertPoint, OpState};

    /// A context with the reader's dialects.
    fn context() -> Context {
        let mut ctx = Context::new();
        super::super::register(&mut ctx);
        ctx
    }

    /// A block holding one op named `name`, with `operands` block arguments of type `ty`
    /// and one result of type `ty`.
    fn lone_op<'c>(ctx: &'c Context, name: &str, operands: usize, ty: Type) -> (Body<'c>, OpId) {
        let mut body = Body::new(ctx);
        let region = body.create_region();
        let block = body.append_block(region);
        let mut state = OpState::new(ctx.symbol(name), ctx.file_loc("test.mlir", 1, 1));
        state.operands = (0..operands).map(|_| body.add_block_arg(block, ty)).collect();
        state.result_types = vec![ty];
        let op = body.create_op(state);
        body.insert_op(op, InsertPoint::BlockEnd(block));
        (body, op)
    }

    #[test]
    fn every_stablehlo_kind_converts_or_is_an_error_at_its_op() {
        let ctx = context();
        let ty = ctx.tensor_type(&[2], ctx.f32_type());
        for kind in StablehloOpKind::ALL {
            let (mut body, op) = lone_op(&ctx, kind.name(), 0, ty);
            match convert_stablehlo(&mut body, op, *kind) {
                Ok(()) if body.is_erased(op) => {}
                Ok(()) => {
                    assert_eq!(StablehloOpKind::of(&body, op), None, "{} is left unconverted", kind.name());
                    if let (Some(converted), Some(counterpart)) = (HloOp::of(&body, op), elementwise::hlo_counterpart(*kind)) {
                        assert_eq!(converted.kind(), counterpart, "{} became another hlo op", kind.name());
                    }
                }
                Err(error) => assert!(error.message.contains(kind.name()), "{}: {}", kind.name(), error.message),
            }
        }
    }

    #[test]
    fn every_chlo_kind_expands_or_is_an_error_at_its_op() {
        let ctx = context();
        let ty = ctx.tensor_type(&[2], ctx.f32_type());
        for kind in ChloOpKind::ALL {
            for operands in 0..=3 {
                let (mut body, op) = lone_op(&ctx, kind.name(), operands, ty);
                match chlo::expand(&mut body, op, *kind) {
                    Ok(()) => assert!(
                        body.is_erased(op) || HloOp::of(&body, op).is_some(),
                        "{} with {operands} operands is left unexpanded",
                        kind.name()
                    ),
                    Err(error) => assert!(error.message.contains(kind.name()), "{}: {}", kind.name(), error.message),
                }
            }
        }
    }

    #[test]
    fn unknown_ops_of_the_read_dialects_are_errors() {
        let ctx = context();
        let ty = ctx.tensor_type(&[2], ctx.f32_type());
        let (body, op) = lone_op(&ctx, "stablehlo.einsum", 0, ty);
        assert!(is_unknown_op_of_the_read_dialects(&body, op));
        let (body, op) = lone_op(&ctx, "hlo.add", 0, ty);
        assert!(!is_unknown_op_of_the_read_dialects(&body, op));
    }
}
