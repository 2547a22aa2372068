//! Functions: `llvm.func` (a definition with a body of basic blocks, or a declaration) and
//! `llvm.return`.
//!
//! Custom forms, as the dialect's doc writes them:
//! `llvm.func @f(%a: !llvm.ptr, %n: i64) -> i32 attributes {linkage = "external"} { ... }`,
//! a declaration without a body and with unnamed argument types,
//! `llvm.func @expf(f32) -> f32`, and `llvm.return %x : i32` (`llvm.return` in a function
//! without a result).
//!
//! Invariants checked by the verifiers: the signature holds LLVM types and at most one
//! result (LLVM returns one value or none); the entry block's arguments are the signature's
//! inputs and no branch targets the entry block (LLVM's entry block has no predecessors); a
//! declaration has external or `extern_weak` linkage, and only a declaration may be weak; `llvm.return` sits directly in an `llvm.func` and
//! returns its result type.

use xla_ir::constraints::{Region, StrAttr, TypeAttr};
use xla_ir::op_def::OpRef;
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, Op, OpId, OpState, Type, TypeData, WalkOrder};
use xla_macros::op;

use super::types::{is_llvm_type, LlvmType};

xla_ir::enum_attr! {
    /// Who may see a function: other objects (`external`, the default) or only this module
    /// (`internal` and `private`, which keeps the symbol out of the object's symbol table).
    /// A declaration may be `extern_weak`: the linker leaves its address null when no
    /// object defines it, so code can call it only where it was linked.
    pub enum Linkage: "a linkage" {
        External = "external",
        Internal = "internal",
        Private = "private",
        ExternWeak = "extern_weak",
    }
}

/// A function of LLVM types: a definition whose region holds its basic blocks, or a
/// declaration (an empty region) of a function defined elsewhere.
///
/// Example: `llvm.func @f(%a: i32) -> i32 { llvm.return %a : i32 }`
#[op(name = "llvm.func", traits = [IsolatedFromAbove], verify = verify_func, print = print_func, parse = parse_func)]
pub struct FuncOp {
    #[attr]
    sym_name: StrAttr,
    /// `(inputs) -> result`, with at most one result.
    #[attr]
    function_type: TypeAttr,
    /// `external` when absent.
    #[attr]
    linkage: Option<Linkage>,
    #[region]
    body: Region,
}

/// Returns from the enclosing `llvm.func`, with its result when it has one.
///
/// Example: `llvm.return %x : i32`
#[op(name = "llvm.return", traits = [Terminator, ReturnLike], verify = verify_return, format = "$value attr-dict `:` type($value)")]
pub struct ReturnOp {
    #[operand]
    value: Option<LlvmType>,
}

/// The attributes the custom form of `llvm.func` spells outside its `attributes` dictionary.
const SIGNATURE_ATTRS: [&str; 2] = ["sym_name", "function_type"];

/// The inputs and results of the function's type.
pub fn signature(op: OpRef) -> Option<(Vec<Type>, Vec<Type>)> {
    let ty = op.attr("function_type").and_then(|a| op.ctx().attr_type(a))?;
    match op.ctx().type_data(ty) {
        TypeData::Function { inputs, results } => Some((inputs.clone(), results.clone())),
        _ => None,
    }
}

/// The function's name.
pub fn function_name<'c>(op: OpRef<'_, 'c>) -> &'c str {
    op.attr("sym_name").and_then(|a| op.ctx().as_string(a)).unwrap_or("")
}

fn verify_func(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let (inputs, results) = signature(op).ok_or_else(|| op.error("'function_type' must be a function type"))?;
    if results.len() > 1 {
        return Err(op.error(format!("returns at most one value, found {} results", results.len())));
    }
    if let Some(ty) = inputs.iter().chain(&results).find(|t| !is_llvm_type(ctx, **t)) {
        return Err(op.error(format!(
            "signature types must be LLVM types (i1 to i128, f16, bf16, f32, f64 or !llvm.ptr), found {}",
            ctx.type_to_string(*ty)
        )));
    }
    let Some(&region) = op.regions().first() else { return Ok(()) };
    let Some(entry) = op.body.entry_block(region) else {
        let linkage = FuncOp::from_id_unchecked(op.id).linkage(op.body);
        if linkage.is_some_and(|l| !matches!(l, Linkage::External | Linkage::ExternWeak)) {
            return Err(op.error("a declaration (a function without a body) must have external or extern_weak linkage"));
        }
        return Ok(());
    };
    if FuncOp::from_id_unchecked(op.id).linkage(op.body) == Some(Linkage::ExternWeak) {
        return Err(op.error("only a declaration (a function without a body) may have extern_weak linkage"));
    }
    let args = &op.body.block(entry).args;
    let arg_types: Vec<Type> = args.iter().map(|a| op.body.value_type(*a)).collect();
    if arg_types != inputs {
        let list = |types: &[Type]| types.iter().map(|t| ctx.type_to_string(*t)).collect::<Vec<_>>().join(", ");
        return Err(op.error(format!(
            "entry block arguments ({}) must be the signature's inputs ({})",
            list(&arg_types),
            list(&inputs)
        )));
    }
    let branch_to_entry = op.body.nested_ops(op.id, WalkOrder::PreOrder).into_iter().find(|o| op.body.op(*o).successors.contains(&entry));
    if let Some(branch) = branch_to_entry {
        return Err(OpRef::new(op.body, branch).error("may not branch to the entry block of a function"));
    }
    Ok(())
}

fn verify_return(op: OpRef) -> Result<(), Diagnostic> {
    let parent = op.body.parent_op(op.id).filter(|p| op.body.op_name(*p) == FuncOp::DEF.name);
    let parent = OpRef::new(op.body, parent.ok_or_else(|| op.error("expects parent op 'llvm.func'"))?);
    let (_, results) = signature(parent).unwrap_or_default();
    let returned = op.operand_types();
    if returned != results {
        let ctx = op.ctx();
        let list = |types: &[Type]| match types {
            [] => "nothing".to_string(),
            _ => types.iter().map(|t| ctx.type_to_string(*t)).collect::<Vec<_>>().join(", "),
        };
        return Err(op.error(format!(
            "returns {}, but the enclosing function @{} returns {}",
            list(&returned),
            function_name(parent),
            list(&results)
        )));
    }
    Ok(())
}

fn print_func(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let r = OpRef::new(body, op);
    let (inputs, results) = signature(r).unwrap_or_default();
    p.print(" ");
    p.print_symbol_name(function_name(r));
    p.print("(");
    let region = r.regions().first().copied();
    let entry = region.and_then(|region| body.entry_block(region));
    for (i, ty) in inputs.iter().enumerate() {
        if i > 0 {
            p.print(", ");
        }
        if let Some(arg) = entry.and_then(|b| body.block(b).args.get(i).copied()) {
            p.print_operand(arg);
            p.print(": ");
        }
        p.print_type(*ty);
    }
    p.print(")");
    if !results.is_empty() {
        p.print(" -> ");
        p.print_types(&results);
    }
    let ctx = body.ctx();
    if r.attributes().iter().any(|a| !SIGNATURE_ATTRS.contains(&ctx.symbol_str(a.name))) {
        p.print(" attributes");
        p.print_attr_dict(r.attributes(), &SIGNATURE_ATTRS);
    }
    if let (Some(region), Some(_)) = (region, entry) {
        p.print(" ");
        p.print_region(region, false);
    }
}

fn parse_func(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    let name = p.parse_symbol_name()?;
    state.set_attr(ctx.symbol("sym_name"), ctx.string_attr(&name));
    let (args, inputs) = parse_arguments(p)?;
    let results = if p.accept(TokenKind::Arrow) { vec![p.parse_type()?] } else { Vec::new() };
    state.set_attr(ctx.symbol("function_type"), ctx.type_attr(ctx.function_type(inputs.clone(), results)));
    if p.accept_keyword("attributes") {
        let mut attrs = Vec::new();
        p.parse_attr_dict(&mut attrs)?;
        for a in attrs {
            state.set_attr(a.name, a.value);
        }
    }
    if !p.is(TokenKind::LBrace) {
        state.regions.push(p.body.create_region());
        return Ok(());
    }
    if args.len() != inputs.len() {
        return Err(p.error("a function with a body must name its arguments"));
    }
    let body_loc = p.loc();
    let region = p.parse_region(args, true)?;
    if p.body.region(region).blocks.is_empty() {
        return Err(Diagnostic::error(body_loc, "expected non-empty function body"));
    }
    state.regions.push(region);
    Ok(())
}

/// A parsed argument list: the named arguments (a definition's) and every input type.
type Arguments = (Vec<(xla_ir::parser::UnresolvedOperand, Type)>, Vec<Type>);

/// Parses `(%a: t, %b: u)` (a definition) or `(t, u)` (a declaration).
fn parse_arguments(p: &mut OpParser) -> Result<Arguments, Diagnostic> {
    p.expect(TokenKind::LParen)?;
    let mut args = Vec::new();
    let mut inputs = Vec::new();
    if p.accept(TokenKind::RParen) {
        return Ok((args, inputs));
    }
    loop {
        // Named and unnamed arguments do not mix; the error points at the first odd one.
        if !inputs.is_empty() && p.is(TokenKind::PercentIdent) == args.is_empty() {
            return Err(p.error(if args.is_empty() {
                "expected a type: the arguments of a declaration are not named"
            } else {
                "expected every argument of a function definition to be named"
            }));
        }
        if p.is(TokenKind::PercentIdent) {
            let (operand, ty) = p.parse_argument()?;
            args.push((operand, ty));
            inputs.push(ty);
        } else {
            inputs.push(p.parse_type()?);
        }
        if p.accept(TokenKind::RParen) {
            return Ok((args, inputs));
        }
        p.expect(TokenKind::Comma)?;
    }
}
