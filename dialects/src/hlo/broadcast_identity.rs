//! Canonicalizations that see the identities of `hlo.add`, `hlo.multiply`, `hlo.subtract`,
//! `hlo.and` and `hlo.or` through a
//! broadcast constant. The folders (see [`super::fold`]) only see a constant operand; a
//! scalar constant broadcast to the operand's shape is the same literal spelled as two ops,
//! which both readers produce (XLA's HLO broadcasts every scalar constant).
//!
//! - `add-of-broadcast-identity`: `x + broadcast_in_dim(c) == x` when every element of `c`
//!   is `0` (integers, predicates) or `-0.0` (floats), on either side;
//! - `multiply-of-broadcast-identity`: `x * broadcast_in_dim(c) == x` when every element of
//!   `c` is `1`, on either side;
//! - `subtract-of-broadcast-identity`: `x - broadcast_in_dim(c) == x` when every element of
//!   `c` is `0` (integers) or `+0.0` (floats), on the right only;
//! - `and-of-broadcast-identity`: `x & broadcast_in_dim(c) == x` when every element of `c`
//!   has all bits set (`true` for predicates), on either side;
//! - `or-of-broadcast-identity`: `x | broadcast_in_dim(c) == x` when every element of `c` is
//!   `0` (`false`), on either side.
//!
//! Each is exact, NaNs and signed zeros included, for the same reasons as the folders'
//! identities: a broadcast only repeats `c`'s elements. Invariant: the op is replaced only by
//! an operand of the result's type.

use xla_ir::rewrite::{constant_value, RewritePattern, Rewriter};
use xla_ir::{Body, Op, OpId, ValueId};

use super::fold::{is_identity, Arithmetic};
use super::{AddOp, AndOp, BroadcastInDimOp, MultiplyOp, OrOp, SubtractOp};

/// See the module documentation.
pub struct AddOfBroadcastIdentity;
/// See the module documentation.
pub struct MultiplyOfBroadcastIdentity;

/// See the module documentation.
pub struct SubtractOfBroadcastIdentity;
/// See the module documentation.
pub struct AndOfBroadcastIdentity;
/// See the module documentation.
pub struct OrOfBroadcastIdentity;

/// The pattern instance canonicalization uses.
pub static ADD_OF_BROADCAST_IDENTITY: AddOfBroadcastIdentity = AddOfBroadcastIdentity;
/// The pattern instance canonicalization uses.
pub static MULTIPLY_OF_BROADCAST_IDENTITY: MultiplyOfBroadcastIdentity = MultiplyOfBroadcastIdentity;
/// The pattern instance canonicalization uses.
pub static SUBTRACT_OF_BROADCAST_IDENTITY: SubtractOfBroadcastIdentity = SubtractOfBroadcastIdentity;
/// The pattern instance canonicalization uses.
pub static AND_OF_BROADCAST_IDENTITY: AndOfBroadcastIdentity = AndOfBroadcastIdentity;
/// The pattern instance canonicalization uses.
pub static OR_OF_BROADCAST_IDENTITY: OrOfBroadcastIdentity = OrOfBroadcastIdentity;

/// Whether `v` is a `broadcast_in_dim` of a constant whose elements are all the identity of
/// `arithmetic`.
fn is_broadcast_identity(body: &Body<'_>, v: ValueId, arithmetic: Arithmetic) -> bool {
    let Some(broadcast) = body.defining_op(v) else { return false };
    if body.op_name(broadcast) != BroadcastInDimOp::DEF.name {
        return false;
    }
    let ctx = body.ctx();
    constant_value(body, body.operand(broadcast, 0))
        .and_then(|a| ctx.as_dense(a))
        .is_some_and(|literal| is_identity(ctx, literal, arithmetic))
}

/// Replaces `op` by its operand that is not a broadcast identity, if the other one is.
fn rewrite(rewriter: &mut Rewriter, op: OpId, arithmetic: Arithmetic) -> Result<(), &'static str> {
    let body = &rewriter.body;
    let (lhs, rhs) = (body.operand(op, 0), body.operand(op, 1));
    let result_type = body.value_type(body.result(op, 0));
    let sides = if arithmetic.commutes() { 2 } else { 1 };
    for (identity, other) in [(rhs, lhs), (lhs, rhs)].into_iter().take(sides) {
        if is_broadcast_identity(body, identity, arithmetic) && body.value_type(other) == result_type {
            rewriter.replace_op(op, &[other]);
            return Ok(());
        }
    }
    Err("no operand is a broadcast identity")
}

impl RewritePattern for AddOfBroadcastIdentity {
    fn name(&self) -> &'static str {
        "add-of-broadcast-identity"
    }

    fn identity(&self) -> &'static str {
        "x + broadcast_in_dim(0) == x (integers), x + broadcast_in_dim(-0.0) == x (floats)"
    }

    fn root(&self) -> Option<&'static str> {
        Some(AddOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        rewrite(rewriter, op, Arithmetic::Add)
    }
}

impl RewritePattern for MultiplyOfBroadcastIdentity {
    fn name(&self) -> &'static str {
        "multiply-of-broadcast-identity"
    }

    fn identity(&self) -> &'static str {
        "x * broadcast_in_dim(1) == x"
    }

    fn root(&self) -> Option<&'static str> {
        Some(MultiplyOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        rewrite(rewriter, op, Arithmetic::Multiply)
    }
}

impl RewritePattern for SubtractOfBroadcastIdentity {
    fn name(&self) -> &'static str {
        "subtract-of-broadcast-identity"
    }

    fn identity(&self) -> &'static str {
        "x - broadcast_in_dim(0) == x (integers), x - broadcast_in_dim(+0.0) == x (floats)"
    }

    fn root(&self) -> Option<&'static str> {
        Some(SubtractOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        rewrite(rewriter, op, Arithmetic::Subtract)
    }
}

impl RewritePattern for AndOfBroadcastIdentity {
    fn name(&self) -> &'static str {
        "and-of-broadcast-identity"
    }

    fn identity(&self) -> &'static str {
        "x & broadcast_in_dim(~0) == x"
    }

    fn root(&self) -> Option<&'static str> {
        Some(AndOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        rewrite(rewriter, op, Arithmetic::And)
    }
}

impl RewritePattern for OrOfBroadcastIdentity {
    fn name(&self) -> &'static str {
        "or-of-broadcast-identity"
    }

    fn identity(&self) -> &'static str {
        "x | broadcast_in_dim(0) == x"
    }

    fn root(&self) -> Option<&'static str> {
        Some(OrOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        rewrite(rewriter, op, Arithmetic::Or)
    }
}
