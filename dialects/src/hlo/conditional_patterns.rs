//! Canonicalizations of `hlo.conditional`.
//!
//! - `conditional-unpack-tuple-operand`: a branch whose operand is built by `hlo.tuple` and
//!   whose argument is only taken apart by `hlo.get_tuple_element` needs only the elements
//!   it takes. With one element taken, the branch takes that element itself (the tuple and
//!   the unpacking go); otherwise it takes a tuple of just the elements it uses, in order,
//!   and its `get_tuple_element` indices are renumbered. XLA's branch computations take one
//!   parameter each, so a branch that uses several values still takes them as a tuple.
//!
//! Exact: every `get_tuple_element` reads the value it read before. Invariant: the branch
//! argument's new type is the type of the value the conditional now passes.

use xla_ir::rewrite::{RewritePattern, Rewriter};
use xla_ir::{Op, OpId, OpState, TypeData, ValueId};

use super::{ConditionalOp, GetTupleElementOp, TupleOp};

/// See the module documentation.
pub struct ConditionalUnpackTupleOperand;

/// The pattern instance canonicalization uses.
pub static CONDITIONAL_UNPACK_TUPLE_OPERAND: ConditionalUnpackTupleOperand = ConditionalUnpackTupleOperand;

/// What branch `branch` of a conditional takes from its tuple operand: the tuple's elements,
/// the branch argument, and the element index each of the argument's users reads; `None`
/// when the operand is not a tuple or the argument has other users.
fn unpacking(rewriter: &Rewriter, op: OpId, branch: usize) -> Option<(Vec<ValueId>, ValueId, Vec<(OpId, usize)>)> {
    let body = &rewriter.body;
    let operand = body.operand(op, 1 + branch);
    let tuple = body.defining_op(operand).and_then(|t| TupleOp::cast(body, t))?;
    let elements = body.op(tuple.id()).operands.clone();
    let region = *body.op(op).regions.get(branch)?;
    let block = body.entry_block(region)?;
    let &[arg] = body.block(block).args.as_slice() else { return None };
    let mut reads = Vec::new();
    for u in &body.value(arg).uses {
        let get = GetTupleElementOp::cast(body, u.op)?;
        let index = usize::try_from(get.index(body)).ok().filter(|&i| i < elements.len())?;
        reads.push((u.op, index));
    }
    Some((elements, arg, reads))
}

impl RewritePattern for ConditionalUnpackTupleOperand {
    fn name(&self) -> &'static str {
        "conditional-unpack-tuple-operand"
    }

    fn identity(&self) -> &'static str {
        "conditional(p, tuple(a, b, ..)) { gte(arg, i) } == conditional(p, a_i) { arg } when the branch reads only element i"
    }

    fn root(&self) -> Option<&'static str> {
        Some(ConditionalOp::DEF.name)
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let ctx = rewriter.body.ctx();
        let branches = rewriter.body.op(op).regions.len();
        let mut changed = false;
        for branch in 0..branches {
            let Some((elements, arg, reads)) = unpacking(rewriter, op, branch) else { continue };
            let mut used: Vec<usize> = reads.iter().map(|&(_, i)| i).collect();
            used.sort_unstable();
            used.dedup();
            if used.len() == elements.len() && used.len() != 1 {
                continue;
            }
            let location = rewriter.body.op(op).location;
            let passed = if let [only] = used.as_slice() {
                let element = elements[*only];
                rewriter.body.set_value_type(arg, rewriter.body.value_type(element));
                for &(get, _) in &reads {
                    rewriter.replace_op(get, &[arg]);
                }
                element
            } else {
                let kept: Vec<ValueId> = used.iter().map(|&i| elements[i]).collect();
                let types = kept.iter().map(|&v| rewriter.body.value_type(v)).collect();
                let tuple_type = ctx.ty(TypeData::Tuple(types));
                let mut state = OpState::new(ctx.symbol(TupleOp::DEF.name), location);
                state.operands = kept;
                state.result_types = vec![tuple_type];
                let tuple = rewriter.create_before(op, state);
                rewriter.body.set_value_type(arg, tuple_type);
                for &(get, index) in &reads {
                    let position = used.iter().position(|&i| i == index).ok_or("a read index is among the used ones")?;
                    rewriter.body.set_attr(get, "index", ctx.i64_attr(position as i64));
                    rewriter.changed.push(get);
                }
                rewriter.body.result(tuple, 0)
            };
            rewriter.set_operand(op, 1 + branch, passed);
            changed = true;
        }
        if changed {
            Ok(())
        } else {
            Err("no branch takes a tuple it only partly unpacks")
        }
    }
}
