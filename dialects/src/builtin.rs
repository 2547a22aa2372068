//! The builtin dialect: `builtin.module`, the top-level container of symbols.
//!
//! Custom form: `module @name attributes {...} { ... }`, where the name and the attribute
//! list are optional. A module is isolated from above, holds a symbol table, and its single
//! block needs no terminator.

use xla_ir::constraints::{Region, StrAttr};
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpId, OpState};
use xla_macros::op;

/// A container of operations, usually functions, that forms a symbol table.
///
/// Example: `module @m { func.func @f() { func.return } }`
#[op(
    name = "builtin.module",
    traits = [IsolatedFromAbove, SymbolTable, NoTerminator, SingleBlock],
    print = print_module,
    parse = parse_module
)]
pub struct ModuleOp {
    #[attr]
    sym_name: Option<StrAttr>,
    #[region]
    body: Region,
}

fn print_module(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    if let Some(name) = body.symbol_name(op) {
        p.print(" ");
        p.print_symbol_name(name);
    }
    let attrs = body.op(op).attributes.clone();
    let ctx = body.ctx();
    if attrs.iter().any(|a| ctx.symbol_str(a.name) != "sym_name") {
        p.print(" attributes");
        p.print_attr_dict(&attrs, &["sym_name"]);
    }
    p.print(" ");
    p.print_region(body.op(op).regions[0], false);
}

fn parse_module(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    if p.is(TokenKind::AtIdent) {
        let name = p.parse_symbol_name()?;
        state.set_attr(ctx.symbol("sym_name"), ctx.string_attr(&name));
    }
    if p.accept_keyword("attributes") {
        let mut attrs = Vec::new();
        p.parse_attr_dict(&mut attrs)?;
        for a in attrs {
            state.set_attr(a.name, a.value);
        }
    }
    let region = p.parse_region(Vec::new(), true)?;
    // A module always has its one block, even when written `module {}`.
    if p.body.region(region).blocks.is_empty() {
        p.body.append_block(region);
    }
    state.regions.push(region);
    Ok(())
}

xla_ir::dialect! {
    /// Every op of the `builtin` dialect, with its typed view.
    pub enum BuiltinOp, kinds BuiltinOpKind;
    /// The builtin dialect.
    pub static BUILTIN_DIALECT = "builtin", "The top-level module.", materialize_constant: None;
    ops {
        Module(ModuleOp),
    }
}
