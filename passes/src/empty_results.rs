//! The generic canonicalization pattern `zero-element-result-to-constant`.
//!
//! An operation without side effects whose results are all tensors of a static shape with no
//! elements computes nothing: each result is the one literal of its type, `dense<[]>` (or
//! `dense<[[], []]>` and the like). The pattern replaces the operation by constants its
//! dialect materializes, after which the operations that fed it may be dead. Invariants: it
//! never rewrites a `ConstantLike` operation (that would rematerialize it forever), an
//! operation with side effects or a terminator, and it reads only traits and the dialect's
//! `materialize_constant`, never an operation's name.

use xla_ir::rewrite::{RewritePattern, Rewriter};
use xla_ir::{Builder, DenseElements, InsertPoint, OpId, OpTrait};

/// See the module documentation.
pub struct ZeroElementResultToConstant;

/// The pattern instance canonicalization uses.
pub static ZERO_ELEMENT_RESULT_TO_CONSTANT: ZeroElementResultToConstant = ZeroElementResultToConstant;

impl RewritePattern for ZeroElementResultToConstant {
    fn name(&self) -> &'static str {
        "zero-element-result-to-constant"
    }

    fn identity(&self) -> &'static str {
        "op(...) : tensor<..x0x..> == constant dense<[]> for an op without side effects"
    }

    fn root(&self) -> Option<&'static str> {
        None
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let ctx = body.ctx();
        let def = ctx.op_def(body.op(op).name).ok_or("the operation is not registered")?;
        if !def.has_trait(OpTrait::Pure) || def.has_trait(OpTrait::ConstantLike) || def.has_trait(OpTrait::Terminator) {
            return Err("the operation is a constant, has side effects or is a terminator");
        }
        let results = body.op(op).results.clone();
        if results.is_empty() {
            return Err("the operation has no results");
        }
        let mut literals = Vec::with_capacity(results.len());
        for &r in &results {
            let ty = body.value_type(r);
            if ctx.as_tensor(ty).and_then(|t| t.num_elements()) != Some(0) {
                return Err("a result has elements or an unknown shape");
            }
            literals.push(DenseElements::from_scalars(ctx, ty, &[]).map_err(|_| "a result type has no literal")?);
        }
        let materialize = ctx.dialect(def.dialect()).and_then(|d| d.materialize_constant).ok_or("the dialect has no constants")?;
        let location = body.op(op).location;
        let mut values = Vec::with_capacity(results.len());
        let mut created = Vec::with_capacity(results.len());
        for literal in literals {
            let ty = literal.ty;
            let mut builder = Builder::new(rewriter.body, location);
            builder.set_insert_point(InsertPoint::Before(op));
            let Some(value) = materialize(&mut builder, ctx.dense_attr(literal), ty, location) else {
                // Nothing was replaced yet: take back the constants made so far.
                for c in created {
                    rewriter.body.erase_op(c);
                }
                return Err("the dialect does not materialize the literal");
            };
            created.extend(rewriter.body.defining_op(value));
            values.push(value);
        }
        rewriter.changed.extend(created);
        rewriter.replace_op(op, &values);
        Ok(())
    }
}
