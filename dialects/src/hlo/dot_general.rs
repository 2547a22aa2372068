//! `hlo.dot_general`: XLA's `DotGeneral`, a sum of products over contracting dimensions,
//! batched over batching dimensions.
//!
//! Shape rule (operation semantics): the result's dimensions are the batching dimensions,
//! then the lhs dimensions that are neither batching nor contracting, then those of rhs,
//! each group in operand order.

use xla_ir::constraints::{I64ArrayAttr, NumericTensor};
use xla_ir::op_def::InferContext;
use xla_ir::shape::merge_dim;
use xla_ir::{Context, Diagnostic, Dim, Op, OpRef, TensorType, Type, TypeData};
use xla_macros::op;

use super::precision::{check_precision_config, PrecisionConfigAttr};

/// General dot product: contracts `lhs` with `rhs` over pairs of contracting dimensions,
/// batched over pairs of batching dimensions.
///
/// The result has the batching dimensions, then the free dimensions of `lhs`, then those of
/// `rhs`. Paired dimensions must have equal sizes; the element types of `lhs` and `rhs` must
/// be equal and are the result's.
///
/// Example: `%0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x2x3xf32>, tensor<4x3x5xf32>) -> tensor<4x2x5xf32>`
#[op(
    name = "hlo.dot_general",
    traits = [Pure, ReadsAnyLayout, PaddableOperands],
    infer = infer_dot_general,
    verify = verify_dot_general,
    format = "$lhs `,` $rhs `,` `batching_dims` `=` $lhs_batching_dims `x` $rhs_batching_dims `,` `contracting_dims` `=` $lhs_contracting_dims `x` $rhs_contracting_dims attr-dict `:` functional-type(operands, results)"
)]
pub struct DotGeneralOp {
    #[operand]
    lhs: NumericTensor,
    #[operand]
    rhs: NumericTensor,
    /// The batching dimensions of `lhs`, paired in order with `rhs_batching_dims`.
    #[attr]
    lhs_batching_dims: I64ArrayAttr,
    /// The batching dimensions of `rhs`.
    #[attr]
    rhs_batching_dims: I64ArrayAttr,
    /// The contracting dimensions of `lhs`, paired in order with `rhs_contracting_dims`.
    #[attr]
    lhs_contracting_dims: I64ArrayAttr,
    /// The contracting dimensions of `rhs`.
    #[attr]
    rhs_contracting_dims: I64ArrayAttr,
    /// XLA's per-operand precision: none, or one for `lhs` and one for `rhs`
    /// (`["DEFAULT", "HIGHEST"]`).
    #[attr]
    precision_config: Option<PrecisionConfigAttr>,
    #[result]
    result: NumericTensor,
}

/// XLA's `DotDimensionNumbers`.
#[derive(Copy, Clone, Debug)]
pub struct DotDimensionNumbers<'a> {
    pub lhs_batching: &'a [i64],
    pub rhs_batching: &'a [i64],
    pub lhs_contracting: &'a [i64],
    pub rhs_contracting: &'a [i64],
}

impl DotDimensionNumbers<'_> {
    /// Checks the dimension numbers against the operands (equal counts, every dimension in
    /// range and used once per operand, paired sizes equal, one element type) and returns
    /// the result's dimensions.
    pub fn result_dims(&self, ctx: &Context, lhs: &TensorType, rhs: &TensorType) -> Result<Vec<Dim>, String> {
        for (what, l, r) in [("batching", self.lhs_batching, self.rhs_batching), ("contracting", self.lhs_contracting, self.rhs_contracting)] {
            if l.len() != r.len() {
                return Err(format!(
                    "lhs_{what}_dims and rhs_{what}_dims must have the same length, found {} and {}",
                    l.len(),
                    r.len()
                ));
            }
        }
        let lhs_free = free_dims("lhs", lhs, self.lhs_batching, self.lhs_contracting)?;
        let rhs_free = free_dims("rhs", rhs, self.rhs_batching, self.rhs_contracting)?;
        if lhs.element != rhs.element {
            return Err(format!(
                "lhs and rhs must have the same element type, found {} and {}",
                ctx.type_to_string(lhs.element),
                ctx.type_to_string(rhs.element)
            ));
        }
        let mut dims = Vec::new();
        for (what, l, r) in [("batching", self.lhs_batching, self.rhs_batching), ("contracting", self.lhs_contracting, self.rhs_contracting)] {
            for (&ld, &rd) in l.iter().zip(r) {
                let (a, b) = (lhs.dims[ld as usize], rhs.dims[rd as usize]);
                let merged = merge_dim(a, b).ok_or_else(|| {
                    format!(
                        "{what} dimension sizes differ: lhs dimension {ld} has size {}, rhs dimension {rd} has size {}",
                        dim_to_string(a),
                        dim_to_string(b)
                    )
                })?;
                if what == "batching" {
                    dims.push(merged);
                }
            }
        }
        dims.extend(lhs_free.iter().map(|&d| lhs.dims[d]));
        dims.extend(rhs_free.iter().map(|&d| rhs.dims[d]));
        Ok(dims)
    }
}

/// The dimensions of `operand` that are neither batching nor contracting, after checking
/// that those are in range and distinct.
fn free_dims(side: &str, operand: &TensorType, batching: &[i64], contracting: &[i64]) -> Result<Vec<usize>, String> {
    let rank = operand.dims.len();
    let mut used = vec![false; rank];
    for (what, dims) in [("batching", batching), ("contracting", contracting)] {
        for (i, &d) in dims.iter().enumerate() {
            let index = usize::try_from(d).ok().filter(|&d| d < rank).ok_or_else(|| {
                format!("{side}_{what}_dims[{i}] = {d} is out of range for {side} of rank {rank}")
            })?;
            if std::mem::replace(&mut used[index], true) {
                return Err(format!("{side} dimension {d} appears more than once in {side}_batching_dims and {side}_contracting_dims"));
            }
        }
    }
    Ok((0..rank).filter(|&d| !used[d]).collect())
}

/// A dimension as the tensor type syntax writes it: `4`, `?`, `<=8`.
pub(crate) fn dim_to_string(dim: Dim) -> String {
    match dim {
        Dim::Static(n) => n.to_string(),
        Dim::Unknown => "?".into(),
        Dim::Bounded(n) => format!("<={n}"),
    }
}

/// The shape function of `hlo.dot_general`; it checks `precision_config` too.
pub fn infer_dot_general(cx: &InferContext) -> Result<Vec<Type>, String> {
    let (lhs, rhs) = (cx.tensor(0)?, cx.tensor(1)?);
    check_precision_config(cx)?;
    let numbers = DotDimensionNumbers {
        lhs_batching: cx.i64_array("lhs_batching_dims")?,
        rhs_batching: cx.i64_array("rhs_batching_dims")?,
        lhs_contracting: cx.i64_array("lhs_contracting_dims")?,
        rhs_contracting: cx.i64_array("rhs_contracting_dims")?,
    };
    let dims = numbers.result_dims(cx.ctx, lhs, rhs)?;
    Ok(vec![cx.ctx.ty(TypeData::Tensor(TensorType { dims, element: lhs.element, layout: None }))])
}

/// Checks the dimension numbers of `hlo.dot_general` (see
/// [`DotDimensionNumbers::result_dims`]); runs after the declared constraints hold.
pub fn verify_dot_general(op: OpRef) -> Result<(), Diagnostic> {
    let dot = DotGeneralOp::from_id_unchecked(op.id);
    let ctx = op.ctx();
    let numbers = DotDimensionNumbers {
        lhs_batching: dot.lhs_batching_dims(op.body),
        rhs_batching: dot.rhs_batching_dims(op.body),
        lhs_contracting: dot.lhs_contracting_dims(op.body),
        rhs_contracting: dot.rhs_contracting_dims(op.body),
    };
    let tensor = |v| ctx.as_tensor(op.body.value_type(v));
    let (Some(lhs), Some(rhs)) = (tensor(dot.lhs(op.body)), tensor(dot.rhs(op.body))) else {
        return Err(op.error("lhs and rhs must be tensors"));
    };
    numbers.result_dims(ctx, lhs, rhs).map(|_| ()).map_err(|message| op.error(message))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, create_unchecked, verify, verify_error};
    use crate::hlo::Precision;
    use xla_ir::{Body, Builder, OpState};

    #[test]
    fn batched_matmul_has_batch_then_free_dims() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let mut body = Body::new(&ctx);
        let (block, args) =
            block_with_args(&mut body, &[ctx.tensor_type(&[4, 2, 3], f32), ctx.tensor_type(&[4, 3, 5], f32)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let dot = DotGeneralOp::build(&mut b, args[0], args[1], &[0], &[0], &[2], &[1], None).expect("valid dims");
        assert_eq!(body.value_type(dot.result(&body)), ctx.tensor_type(&[4, 2, 5], f32));
        assert_eq!(dot.lhs_contracting_dims(&body), &[2]);
        assert_eq!(dot.precision_config(&body), None);
        assert!(verify(&body, dot).is_ok());
    }

    #[test]
    fn contraction_over_the_last_dims_keeps_free_dims_in_order() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[2, 3], f32), ctx.tensor_type(&[5, 3], f32)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let precision = vec![Precision::Default, Precision::Highest];
        let dot = DotGeneralOp::build(&mut b, args[0], args[1], &[], &[], &[1], &[1], Some(precision.clone())).expect("valid");
        let one = DotGeneralOp::build(&mut b, args[0], args[1], &[], &[], &[1], &[1], Some(vec![Precision::High]));
        assert_eq!(
            one.expect_err("one precision for two operands").message,
            "'hlo.dot_general' op precision_config must have no entry or one per operand (2), found 1"
        );
        assert_eq!(body.value_type(dot.result(&body)), ctx.tensor_type(&[2, 5], f32));
        assert_eq!(dot.precision_config(&body), Some(precision));
    }

    #[test]
    fn bad_dimension_numbers_are_rejected_by_name() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let lhs = ctx.tensor_type(&[2, 3], f32);
        let rhs = ctx.tensor_type(&[4, 3], f32);
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[lhs, rhs, ctx.tensor_type(&[3], ctx.int_type(32))]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut error = |x, y, lb: &[i64], rb: &[i64], lc: &[i64], rc: &[i64]| {
            DotGeneralOp::build(&mut b, x, y, lb, rb, lc, rc, None).expect_err("invalid dimension numbers").message
        };
        let prefix = "'hlo.dot_general' op ";
        assert_eq!(
            error(args[0], args[1], &[0], &[], &[1], &[1]),
            format!("{prefix}lhs_batching_dims and rhs_batching_dims must have the same length, found 1 and 0")
        );
        assert_eq!(
            error(args[0], args[1], &[], &[], &[2], &[1]),
            format!("{prefix}lhs_contracting_dims[0] = 2 is out of range for lhs of rank 2")
        );
        assert_eq!(
            error(args[0], args[1], &[], &[], &[-1], &[1]),
            format!("{prefix}lhs_contracting_dims[0] = -1 is out of range for lhs of rank 2")
        );
        assert_eq!(
            error(args[0], args[1], &[1], &[1], &[1], &[0]),
            format!("{prefix}lhs dimension 1 appears more than once in lhs_batching_dims and lhs_contracting_dims")
        );
        assert_eq!(
            error(args[0], args[1], &[], &[], &[1], &[0]),
            format!("{prefix}contracting dimension sizes differ: lhs dimension 1 has size 3, rhs dimension 0 has size 4")
        );
        assert_eq!(
            error(args[0], args[2], &[], &[], &[1], &[0]),
            format!("{prefix}lhs and rhs must have the same element type, found f32 and i32")
        );
    }

    #[test]
    fn the_verifier_checks_parsed_ops() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let mut body = Body::new(&ctx);
        let (_, args) = block_with_args(&mut body, &[ctx.tensor_type(&[2, 3], f32), ctx.tensor_type(&[3, 5], f32)]);
        let mut state = OpState::new(ctx.symbol("hlo.dot_general"), ctx.unknown_loc());
        state.operands = args;
        state.result_types = vec![ctx.tensor_type(&[2, 5], f32)];
        for name in ["lhs_batching_dims", "rhs_batching_dims"] {
            state.set_attr(ctx.symbol(name), ctx.i64_array_attr(&[]));
        }
        state.set_attr(ctx.symbol("lhs_contracting_dims"), ctx.i64_array_attr(&[1]));
        let missing: DotGeneralOp = create_unchecked(&mut body, state.clone());
        assert_eq!(verify_error(&body, missing), "requires attribute 'rhs_contracting_dims'");
        state.set_attr(ctx.symbol("rhs_contracting_dims"), ctx.i64_array_attr(&[1]));
        let mismatched: DotGeneralOp = create_unchecked(&mut body, state.clone());
        assert_eq!(
            verify_error(&body, mismatched),
            "contracting dimension sizes differ: lhs dimension 1 has size 3, rhs dimension 1 has size 5"
        );
        state.set_attr(ctx.symbol("rhs_contracting_dims"), ctx.i64_array_attr(&[0]));
        let valid: DotGeneralOp = create_unchecked(&mut body, state);
        assert!(verify(&body, valid).is_ok());
    }
}
