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
mod batch_norm;
mod cholesky;
mod common;
mod convolution;
mod dot;
mod fft;
mod precision;
mod reduce_window;
mod select_and_scatter;
mod triangular_solve;
mod window;

pub use broadcast_in_dim::{verify_broadcast_in_dim, BroadcastInDimOp};
pub use constant::{fold_constant, infer_constant, ConstantOp};
pub use dot_general::{infer_dot_general, verify_dot_general, DotDimensionNumbers, DotGeneralOp};
pub use elementwise::{AddOp, MaximumOp, MultiplyOp};
pub use fold::{fold_add, fold_multiply, FOLD_ELEMENT_LIMIT};
pub use reduce::{infer_reduce, verify_reduce, ReduceOp};
pub use return_op::ReturnOp;
pub use types::{is_token, token_type};
pub use batch_norm::{
    infer_batch_norm_grad, infer_batch_norm_inference, infer_batch_norm_training, BatchNormGradOp, BatchNormInferenceOp,
    BatchNormTrainingOp, F32Attr,
};
pub use cholesky::{infer_cholesky, CholeskyOp};
pub use convolution::{infer_convolution, ConvDimensionNumbers, ConvolutionOp};
pub use dot::{infer_dot, DotOp};
pub use fft::{infer_fft, FftOp, FftType};
pub use precision::{Precision, PrecisionConfigAttr};
pub use reduce_window::{infer_reduce_window, verify_reduce_window, ReduceWindowOp};
pub use select_and_scatter::{infer_select_and_scatter, verify_select_and_scatter, SelectAndScatterOp};
pub use triangular_solve::{infer_triangular_solve, Transpose, TriangularSolveOp};

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
        DotOp::DEF,
        ReduceWindowOp::DEF,
        SelectAndScatterOp::DEF,
        ConvolutionOp::DEF,
        FftOp::DEF,
        CholeskyOp::DEF,
        TriangularSolveOp::DEF,
        BatchNormInferenceOp::DEF,
        BatchNormTrainingOp::DEF,
        BatchNormGradOp::DEF,
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
