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
mod call;
mod collectives;
mod computation;
mod conditional;
mod custom_call;
mod rng;
mod tokens;
mod while_op;

pub use broadcast_in_dim::{verify_broadcast_in_dim, BroadcastInDimOp};
pub use constant::{fold_constant, infer_constant, ConstantOp};
pub use dot_general::{infer_dot_general, verify_dot_general, DotDimensionNumbers, DotGeneralOp};
pub use elementwise::{AddOp, MaximumOp, MultiplyOp};
pub use fold::{fold_add, fold_multiply, FOLD_ELEMENT_LIMIT};
pub use reduce::{infer_reduce, verify_reduce, ReduceOp};
pub use return_op::ReturnOp;
pub use types::{is_token, token_type};
pub use call::{verify_call, CallOp};
pub use collectives::{
    infer_all_reduce, infer_all_to_all, infer_collective_permute, infer_reduce_scatter, infer_replica_id, replica_group_size,
    verify_all_gather, verify_all_reduce, verify_channel, verify_reduce_scatter, AllGatherOp, AllReduceOp, AllToAllOp,
    CollectivePermuteOp, ReduceScatterOp, ReplicaIdOp,
};
pub use conditional::{verify_conditional, ConditionalOp};
pub use custom_call::{verify_custom_call, CustomCallApiVersion, CustomCallOp};
pub use rng::{verify_rng_bit_generator, verify_rng_normal, verify_rng_uniform, RngAlgorithm, RngBitGeneratorOp, RngNormalOp, RngUniformOp};
pub use tokens::{infer_token, verify_token_op, AfterAllOp, InfeedOp, OutfeedOp, RecvOp, SendOp};
pub use while_op::{infer_while, verify_while, WhileOp};

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
        WhileOp::DEF,
        ConditionalOp::DEF,
        CallOp::DEF,
        AfterAllOp::DEF,
        InfeedOp::DEF,
        OutfeedOp::DEF,
        SendOp::DEF,
        RecvOp::DEF,
        AllGatherOp::DEF,
        AllReduceOp::DEF,
        AllToAllOp::DEF,
        CollectivePermuteOp::DEF,
        ReduceScatterOp::DEF,
        ReplicaIdOp::DEF,
        RngUniformOp::DEF,
        RngNormalOp::DEF,
        RngBitGeneratorOp::DEF,
        CustomCallOp::DEF,
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
