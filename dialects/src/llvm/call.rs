//! `llvm.call`: calls a function by name: an `llvm.func` of the module, an external function
//! (declared from the call's types when the module is translated, so the runtime's
//! `xla_rt_*` functions and libm need no declaration), or an LLVM intrinsic
//! (`@llvm.exp.f32`, `@llvm.fma.f32`: names starting with `llvm.`).
//!
//! Custom form: `%r = llvm.call @g(%a, %n) : (!llvm.ptr, i64) -> i32`, and
//! `llvm.call @h(%a) : (!llvm.ptr) -> ()` for a function without a result.

use xla_ir::constraints::{SymbolRefAttr, Variadic};
use xla_ir::op_def::OpRef;
use xla_ir::{AttrData, Diagnostic, Op, OpId, OpTrait};
use xla_macros::op;

use super::func::{signature, FuncOp};
use super::types::LlvmType;

/// Calls `callee` with `args`, giving its result if it has one (LLVM's `call`).
///
/// Example: `%y = llvm.call @llvm.exp.f32(%x) : (f32) -> f32`
#[op(
    name = "llvm.call",
    verify = verify_call,
    format = "$callee `(` $args `)` attr-dict `:` functional-type(operands, results)"
)]
pub struct CallOp {
    /// The function called: an `llvm.func` of the module, an external function or an
    /// intrinsic.
    #[attr]
    callee: SymbolRefAttr,
    #[operand]
    args: Variadic<LlvmType>,
    #[result]
    result: Option<LlvmType>,
}

/// Whether `name` names an LLVM intrinsic (`llvm.exp.f32`).
pub fn is_intrinsic(name: &str) -> bool {
    name.starts_with("llvm.")
}

impl CallOp {
    /// The name of the function called.
    pub fn callee_name<'c>(self, body: &xla_ir::Body<'c>) -> Option<&'c str> {
        body.ctx().flat_symbol_name(self.callee(body))
    }
}

/// The callee is a flat reference; when it names a symbol of the enclosing symbol table,
/// that symbol is an `llvm.func` of the call's type.
fn verify_call(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let Some(attr) = op.attr("callee") else { return Ok(()) };
    let AttrData::SymbolRef(path) = ctx.attr_data(attr) else { return Ok(()) };
    let &[callee] = path.as_slice() else {
        return Err(op.error(format!("'callee' must be a flat symbol reference, found {}", ctx.attr_to_string(attr))));
    };
    let callee = ctx.symbol_str(callee);
    let Some(symbol) = find_symbol(op, callee) else { return Ok(()) };
    if op.body.op_name(symbol) != FuncOp::DEF.name {
        return Err(op.error(format!("'@{callee}' names a '{}', not an 'llvm.func'", op.body.op_name(symbol))));
    }
    let (inputs, results) = signature(OpRef::new(op.body, symbol)).unwrap_or_default();
    if inputs != op.operand_types() || results != op.result_types() {
        return Err(op.error(format!(
            "call to @{callee} does not match the callee's type {}",
            ctx.type_to_string(ctx.function_type(inputs, results))
        )));
    }
    Ok(())
}

/// The operation named `name` in the nearest symbol table enclosing `op`.
fn find_symbol(op: OpRef, name: &str) -> Option<OpId> {
    let ctx = op.ctx();
    let body = op.body;
    let mut scope = body.parent_op(op.id);
    while let Some(s) = scope {
        if ctx.op_def(body.op(s).name).is_some_and(|d| d.has_trait(OpTrait::SymbolTable)) {
            break;
        }
        scope = body.parent_op(s);
    }
    let table = scope?;
    let blocks = body.op(table).regions.iter().flat_map(|r| body.region(*r).blocks.iter());
    let mut ops = blocks.flat_map(|b| body.block_ops(*b));
    ops.find(|o| body.attr(*o, "sym_name").and_then(|a| ctx.as_string(a)) == Some(name))
}
