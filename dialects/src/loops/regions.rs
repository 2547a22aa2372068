//! What the region-holding loop ops (`loop.for`, `loop.parallel`, `loop.while`, `loop.if`)
//! check alike: a region has one block whose arguments have given types and which ends
//! with a given terminator.
//!
//! Invariant: the checks only read the IR and report the first problem as an error naming
//! the op, the region and what differs.

use xla_ir::{Diagnostic, OpRef, RegionId, Type};

/// Checks that `region` (called `what`) of `op` has one block with arguments of types
/// `args` that ends with an op named `terminator`.
pub fn check_region(op: OpRef, region: RegionId, what: &str, args: &[Type], terminator: &str) -> Result<(), Diagnostic> {
    let body = op.body;
    let ctx = op.ctx();
    let blocks = &body.region(region).blocks;
    let [block] = blocks[..] else {
        return Err(op.error(format!("{what} must have one block, found {}", blocks.len())));
    };
    let actual: Vec<Type> = body.block(block).args.iter().map(|a| body.value_type(*a)).collect();
    if actual.len() != args.len() {
        return Err(op.error(format!("{what} takes {} arguments, expected {}", actual.len(), args.len())));
    }
    for (i, (a, e)) in actual.iter().zip(args).enumerate() {
        if a != e {
            return Err(op.error(format!(
                "{what} argument #{i} has type {}, expected {}",
                ctx.type_to_string(*a),
                ctx.type_to_string(*e)
            )));
        }
    }
    let last = body.last_op(block).map(|o| body.op_name(o));
    if last != Some(terminator) {
        return Err(op.error(format!("{what} must end with '{terminator}', found {}", last.map_or("nothing".to_string(), |n| format!("'{n}'")))));
    }
    Ok(())
}
