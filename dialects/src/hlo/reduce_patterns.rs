//! Canonicalizations of `hlo.reduce`.
//!
//! - `reduce-of-empty`: a reduction of inputs without elements reduces, for every result
//!   element, an empty set of elements, which gives the initial value whatever the reducer
//!   (XLA's semantics: the reducer runs once per input element). So result `i` is
//!   `init_values[i]` broadcast to the result's shape, and the reducer never runs.
//!
//! Results without elements are left to the generic `zero-element-result-to-constant`.

use xla_ir::rewrite::{RewritePattern, Rewriter};
use xla_ir::{Op, OpId, OpState};

use super::{BroadcastInDimOp, ReduceOp};

/// See the module documentation.
pub struct ReduceOfEmpty;

/// The pattern instance canonicalization uses.
pub static REDUCE_OF_EMPTY: ReduceOfEmpty = ReduceOfEmpty;

impl RewritePattern for ReduceOfEmpty {
    fn name(&self) -> &'static str {
        "reduce-of-empty"
    }

    fn identity(&self) -> &'static str {
        "reduce(x without elements, init) == broadcast_in_dim(init)"
    }

    fn root(&self) -> Option<&'static str> {
        Some(ReduceOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let ctx = body.ctx();
        let reduce = ReduceOp::from_id_unchecked(op);
        let inputs = reduce.inputs(body);
        let inits = reduce.init_values(body);
        let results = body.op(op).results.clone();
        if inputs.is_empty() || inits.len() != inputs.len() || results.len() != inputs.len() {
            return Err("the operands do not pair up");
        }
        let elements = |v| ctx.as_tensor(body.value_type(v)).and_then(|t| t.num_elements());
        if inputs.iter().any(|&v| elements(v) != Some(0)) {
            return Err("an input has elements or an unknown shape");
        }
        if results.iter().any(|&r| elements(r).is_none_or(|n| n == 0)) {
            return Err("a result has no elements or an unknown shape");
        }
        let location = body.op(op).location;
        let pairs: Vec<_> = inits.iter().copied().zip(results.iter().map(|&r| body.value_type(r))).collect();
        let mut values = Vec::with_capacity(pairs.len());
        for (init, ty) in pairs {
            if rewriter.body.value_type(init) == ty {
                values.push(init);
                continue;
            }
            let mut broadcast = OpState::new(ctx.symbol(BroadcastInDimOp::DEF.name), location);
            broadcast.operands = vec![init];
            broadcast.result_types = vec![ty];
            broadcast.set_attr(ctx.symbol("broadcast_dimensions"), ctx.i64_array_attr(&[]));
            let broadcast = rewriter.create_before(op, broadcast);
            values.push(rewriter.body.result(broadcast, 0));
        }
        rewriter.replace_op(op, &values);
        Ok(())
    }
}
