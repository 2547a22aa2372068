//! Helpers for the hlo dialect's unit tests: a registered Context and a block with typed
//! arguments to build ops into.

use xla_ir::op_def::verify_declared;
use xla_ir::{BlockId, Body, Context, Diagnostic, Op, OpRef, OpState, Type, ValueId};

/// A Context with every dialect of this crate registered.
pub fn context() -> Context {
    let mut ctx = Context::new();
    crate::register_all(&mut ctx);
    ctx
}

/// A new block (in a new region) with one argument per type.
pub fn block_with_args(body: &mut Body, types: &[Type]) -> (BlockId, Vec<ValueId>) {
    let region = body.create_region();
    let block = body.append_block(region);
    let args = types.iter().map(|ty| body.add_block_arg(block, *ty)).collect();
    (block, args)
}

/// Checks `op` against its declaration.
pub fn verify<O: Op>(body: &Body, op: O) -> Result<(), Diagnostic> {
    verify_declared(OpRef::new(body, op.id()), O::DEF)
}

/// The message of the declaration check of `op`, which must fail, without the
/// `'name' op ` prefix every operation error carries (checked here).
pub fn verify_error<O: Op>(body: &Body, op: O) -> String {
    match verify(body, op) {
        Ok(()) => panic!("'{}' verified, but an error was expected", O::DEF.name),
        Err(diagnostic) => {
            let prefix = format!("'{}' op ", O::DEF.name);
            match diagnostic.message.strip_prefix(&prefix) {
                Some(message) => message.to_string(),
                None => panic!("'{}' is not prefixed with {prefix:?}", diagnostic.message),
            }
        }
    }
}

/// Creates an operation from `state` without shape inference, as a parser would.
pub fn create_unchecked<O: Op>(body: &mut Body, state: OpState) -> O {
    let op = body.create_op(state);
    O::from_id_unchecked(op)
}
