//! The `hlo` dialect: XLA's operations on tensors with value semantics, as XLA's
//! "Operation semantics" specifies them (names are `hlo.` + the snake_case XLA name).
//!
//! Each op lives in its own file with its shape function, verifier and folder; the
//! elementwise ops are one-line declarations of the `ElementwiseUnary`/`ElementwiseBinary`
//! families. [`HLO_DIALECT`] lists them all and materializes folded constants as
//! `hlo.constant`.
//!
//! Invariant: shape functions and verifiers never panic on any input; they return messages
//! that name the operand, attribute and dimension at fault.

mod broadcast_in_dim;
mod constant;
mod dot_general;
mod elementwise;
mod fold;
mod reduce;
mod return_op;
#[cfg(test)]
mod test_support;
mod types;
mod broadcast;
mod concatenate;
mod dimension_size;
mod dynamic_slice;
mod gather;
mod optimization_barrier;
mod pad;
mod reshape;
mod rev;
mod scatter;
mod shape_checks;
mod slice;
mod sort;
mod transpose;
mod tuple;

pub use broadcast_in_dim::{verify_broadcast_in_dim, BroadcastInDimOp};
pub use constant::{fold_constant, infer_constant, ConstantOp};
pub use dot_general::{infer_dot_general, verify_dot_general, DotDimensionNumbers, DotGeneralOp};
pub use elementwise::{AddOp, MaximumOp, MultiplyOp};
pub use fold::{fold_add, fold_multiply, FOLD_ELEMENT_LIMIT};
pub use reduce::{infer_reduce, verify_reduce, ReduceOp};
pub use return_op::ReturnOp;
pub use types::{is_token, token_type};
pub use broadcast::{infer_broadcast, BroadcastOp};
pub use concatenate::{infer_concatenate, ConcatenateOp};
pub use dimension_size::{infer_get_dimension_size, infer_set_dimension_size, GetDimensionSizeOp, SetDimensionSizeOp};
pub use dynamic_slice::{infer_dynamic_slice, infer_dynamic_update_slice, DynamicSliceOp, DynamicUpdateSliceOp};
pub use gather::{infer_gather, GatherOp};
pub use optimization_barrier::{infer_optimization_barrier, OptimizationBarrierOp};
pub use pad::{infer_pad, PadOp};
pub use reshape::{infer_collapse, verify_reshape, CollapseOp, ReshapeOp};
pub use rev::{infer_rev, RevOp};
pub use scatter::{infer_scatter, verify_scatter, ScatterOp};
pub use slice::{infer_slice, SliceOp};
pub use sort::{infer_sort, verify_sort, SortOp};
pub use transpose::{infer_transpose, TransposeOp};
pub use tuple::{infer_get_tuple_element, infer_tuple, GetTupleElementOp, TupleOp};

use xla_ir::op_def::DialectDef;
use xla_ir::{Attribute, Builder, Location, Op, Type, ValueId};

/// The `hlo` dialect.
pub static HLO_DIALECT: DialectDef = DialectDef {
    name: "hlo",
    summary: "XLA's operations on tensors with value semantics, as XLA's operation semantics specify them.",
    ops: &[
        AddOp::DEF,
        BroadcastInDimOp::DEF,
        ConstantOp::DEF,
        DotGeneralOp::DEF,
        MaximumOp::DEF,
        MultiplyOp::DEF,
        ReduceOp::DEF,
        ReturnOp::DEF,
        ReshapeOp::DEF,
        CollapseOp::DEF,
        TransposeOp::DEF,
        BroadcastOp::DEF,
        ConcatenateOp::DEF,
        SliceOp::DEF,
        DynamicSliceOp::DEF,
        DynamicUpdateSliceOp::DEF,
        PadOp::DEF,
        RevOp::DEF,
        GetDimensionSizeOp::DEF,
        SetDimensionSizeOp::DEF,
        GatherOp::DEF,
        ScatterOp::DEF,
        SortOp::DEF,
        TupleOp::DEF,
        GetTupleElementOp::DEF,
        OptimizationBarrierOp::DEF,
    ],
    materialize_constant: Some(materialize_constant),
};

/// Creates `hlo.constant` holding `value` when it is a dense literal of type `ty`.
pub fn materialize_constant(builder: &mut Builder, value: Attribute, ty: Type, location: Location) -> Option<ValueId> {
    let dense = builder.ctx().as_dense(value)?;
    if dense.ty != ty {
        return None;
    }
    let saved = std::mem::replace(&mut builder.location, location);
    let constant = ConstantOp::build(builder, dense);
    builder.location = saved;
    Some(constant.ok()?.result(builder.body))
}
