//! The func dialect: functions (`func.func`), calls (`func.call`) and returns
//! (`func.return`), as MLIR's func dialect has them.
//!
//! Custom form of a function, as JAX prints it:
//! `func.func public @main(%arg0: tensor<2xf32> {attr}) -> (tensor<2xf32> {attr}) { ... }`;
//! a declaration has no body and unnamed argument types: `func.func private @f(i32) -> i32`.
//!
//! Invariants checked by the verifiers: the entry block's argument types are the function
//! type's inputs; `func.return` sits directly in a `func.func` and returns its result types;
//! `func.call` names a function of the enclosing symbol table with the call's types.

use xla_ir::constraints::{AnyType, ArrayAttr, Region, StrAttr, SymbolRefAttr, TypeAttr, Variadic};
use xla_ir::op_def::OpRef;
use xla_ir::parser::{lexer::TokenKind, OpParser};
use xla_ir::printer::OpPrinter;
use xla_ir::{AttrData, Attribute, Diagnostic, NamedAttribute, Op, OpId, OpState, Type, TypeData};
use xla_macros::op;

/// A function: a symbol with a signature and, unless it is a declaration, a body.
///
/// Example: `func.func @id(%arg0: tensor<2xf32>) -> tensor<2xf32> { func.return %arg0 : tensor<2xf32> }`
#[op(name = "func.func", traits = [IsolatedFromAbove], print = print_func, parse = parse_func, verify = verify_func)]
pub struct FuncOp {
    #[attr]
    sym_name: StrAttr,
    #[attr]
    function_type: TypeAttr,
    #[attr]
    sym_visibility: Option<StrAttr>,
    #[attr]
    arg_attrs: Option<ArrayAttr>,
    #[attr]
    res_attrs: Option<ArrayAttr>,
    #[region]
    body: Region,
}

/// Returns from the enclosing function.
///
/// Example: `func.return %0, %1 : tensor<f32>, tensor<i32>`
#[op(name = "func.return", traits = [Pure, Terminator, ReturnLike], print = print_return, parse = parse_return, verify = verify_return)]
pub struct ReturnOp {
    #[operand]
    operands: Variadic<AnyType>,
}

/// Calls a function of the enclosing module by name.
///
/// Example: `%0 = func.call @f(%a) : (tensor<2xf32>) -> tensor<2xf32>`
#[op(
    name = "func.call",
    traits = [CallLike],
    format = "$callee `(` $operands `)` attr-dict `:` functional-type(operands, results)",
    verify = verify_call
)]
pub struct CallOp {
    #[attr]
    callee: SymbolRefAttr,
    #[operand]
    operands: Variadic<AnyType>,
    #[result]
    results: Variadic<AnyType>,
}

impl FuncOp {
    /// The inputs and results of the function's type; `None` only for an unverified
    /// function whose `function_type` is not a function type.
    pub fn signature(self, body: &xla_ir::Body) -> Option<(Vec<Type>, Vec<Type>)> {
        signature(OpRef::new(body, self.id()))
    }

    /// Whether the function is private to its module (`sym_visibility = "private"`).
    pub fn is_private(self, body: &xla_ir::Body) -> bool {
        self.sym_visibility(body) == Some("private")
    }
}

/// The inputs and results of `op`'s type when `op` is a `func.func`; `None` for any other op
/// (and for an unverified function whose `function_type` is not a function type).
pub fn function_signature(body: &xla_ir::Body, op: OpId) -> Option<(Vec<Type>, Vec<Type>)> {
    FuncOp::cast(body, op)?.signature(body)
}

const FUNC_ATTRS: [&str; 5] = ["sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs"];

/// The inputs and results of a function's type attribute.
fn signature(op: OpRef) -> Option<(Vec<Type>, Vec<Type>)> {
    let ty = op.attr("function_type").and_then(|a| op.ctx().attr_type(a))?;
    match op.ctx().type_data(ty) {
        TypeData::Function { inputs, results } => Some((inputs.clone(), results.clone())),
        _ => None,
    }
}

/// Entry `i` of an `arg_attrs`/`res_attrs` array, when it is a non-empty dictionary.
fn nth_dict(op: OpRef, name: &str, i: usize) -> Option<Attribute> {
    let ctx = op.ctx();
    let AttrData::Array(dicts) = ctx.attr_data(op.attr(name)?) else { return None };
    let dict = *dicts.get(i)?;
    matches!(ctx.attr_data(dict), AttrData::Dictionary(entries) if !entries.is_empty()).then_some(dict)
}

fn print_func(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let ctx = body.ctx();
    let r = OpRef::new(body, op);
    let (inputs, results) = signature(r).unwrap_or_default();
    if let Some(visibility) = r.attr("sym_visibility").and_then(|a| ctx.as_string(a)) {
        p.print(" ");
        p.print(visibility);
    }
    p.print(" ");
    p.print_symbol_name(r.attr("sym_name").and_then(|a| ctx.as_string(a)).unwrap_or(""));
    p.print("(");
    let region = r.regions()[0];
    let entry = body.entry_block(region);
    for (i, ty) in inputs.iter().enumerate() {
        if i > 0 {
            p.print(", ");
        }
        if let Some(arg) = entry.and_then(|b| body.block(b).args.get(i).copied()) {
            p.print_operand(arg);
            p.print(": ");
        }
        p.print_type(*ty);
        if let Some(dict) = nth_dict(r, "arg_attrs", i) {
            p.print(" ");
            p.print_attr(dict);
        }
    }
    p.print(")");
    let result_attrs = (0..results.len()).any(|i| nth_dict(r, "res_attrs", i).is_some());
    if !results.is_empty() {
        p.print(" -> ");
        let bare = results.len() == 1 && !result_attrs && !matches!(ctx.type_data(results[0]), TypeData::Function { .. });
        if !bare {
            p.print("(");
        }
        for (i, ty) in results.iter().enumerate() {
            if i > 0 {
                p.print(", ");
            }
            p.print_type(*ty);
            if let Some(dict) = nth_dict(r, "res_attrs", i) {
                p.print(" ");
                p.print_attr(dict);
            }
        }
        if !bare {
            p.print(")");
        }
    }
    let attrs = r.attributes().to_vec();
    if attrs.iter().any(|a| !FUNC_ATTRS.contains(&ctx.symbol_str(a.name))) {
        p.print(" attributes");
        p.print_attr_dict(&attrs, &FUNC_ATTRS);
    }
    if entry.is_some() {
        p.print(" ");
        p.print_region(region, false);
    }
}

fn parse_func(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    for visibility in ["public", "private", "nested"] {
        if p.accept_keyword(visibility) {
            state.set_attr(ctx.symbol("sym_visibility"), ctx.string_attr(visibility));
        }
    }
    let name = p.parse_symbol_name()?;
    state.set_attr(ctx.symbol("sym_name"), ctx.string_attr(&name));
    // Arguments: `%name: type {attrs}` in a definition, `type {attrs}` in a declaration.
    p.expect(TokenKind::LParen)?;
    let mut args = Vec::new();
    let mut inputs = Vec::new();
    let mut arg_attrs = Vec::new();
    if !p.accept(TokenKind::RParen) {
        loop {
            // Named and unnamed arguments do not mix; the error points at the first odd one.
            if !inputs.is_empty() && p.is(TokenKind::PercentIdent) != !args.is_empty() {
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
            arg_attrs.push(parse_optional_dict(p)?);
            if p.is(TokenKind::BareIdent) && p.token().text == "loc" {
                p.parse_location()?;
            }
            if p.accept(TokenKind::RParen) {
                break;
            }
            p.expect(TokenKind::Comma)?;
        }
    }
    let mut results = Vec::new();
    let mut res_attrs = Vec::new();
    if p.accept(TokenKind::Arrow) {
        if p.accept(TokenKind::LParen) {
            if !p.accept(TokenKind::RParen) {
                loop {
                    results.push(p.parse_type()?);
                    res_attrs.push(parse_optional_dict(p)?);
                    if p.accept(TokenKind::RParen) {
                        break;
                    }
                    p.expect(TokenKind::Comma)?;
                }
            }
        } else {
            results.push(p.parse_type()?);
            res_attrs.push(ctx.dictionary_attr(Vec::new()));
        }
    }
    state.set_attr(ctx.symbol("function_type"), ctx.type_attr(ctx.function_type(inputs.clone(), results)));
    let non_empty = |dicts: &[Attribute]| dicts.iter().any(|d| matches!(ctx.attr_data(*d), AttrData::Dictionary(e) if !e.is_empty()));
    if non_empty(&arg_attrs) {
        state.set_attr(ctx.symbol("arg_attrs"), ctx.array_attr(arg_attrs));
    }
    if non_empty(&res_attrs) {
        state.set_attr(ctx.symbol("res_attrs"), ctx.array_attr(res_attrs));
    }
    if p.accept_keyword("attributes") {
        let mut attrs = Vec::new();
        p.parse_attr_dict(&mut attrs)?;
        for a in attrs {
            state.set_attr(a.name, a.value);
        }
    }
    if p.is(TokenKind::LBrace) {
        if args.len() != inputs.len() {
            return Err(p.error("a function with a body must name its arguments"));
        }
        let body_loc = p.loc();
        let region = p.parse_region(args, true)?;
        if p.body.region(region).blocks.is_empty() {
            return Err(Diagnostic::error(body_loc, "expected non-empty function body"));
        }
        state.regions.push(region);
    } else {
        state.regions.push(p.body.create_region());
    }
    Ok(())
}

fn parse_optional_dict(p: &mut OpParser) -> Result<Attribute, Diagnostic> {
    let mut entries: Vec<NamedAttribute> = Vec::new();
    p.parse_optional_attr_dict(&mut entries)?;
    Ok(p.ctx().dictionary_attr(entries))
}

fn verify_func(op: OpRef) -> Result<(), Diagnostic> {
    let (inputs, _) = signature(op).ok_or_else(|| op.error("'function_type' must be a function type"))?;
    let Some(entry) = op.body.entry_block(op.regions()[0]) else { return Ok(()) };
    let args = &op.body.block(entry).args;
    if args.len() != inputs.len() {
        return Err(op.error(format!("entry block must have {} arguments to match the function signature, found {}", inputs.len(), args.len())));
    }
    for (i, (arg, ty)) in args.iter().zip(&inputs).enumerate() {
        let actual = op.body.value_type(*arg);
        if actual != *ty {
            return Err(op.error(format!(
                "type of entry block argument #{i} ({}) must match the type of the corresponding argument in the function signature ({})",
                op.ctx().type_to_string(actual),
                op.ctx().type_to_string(*ty)
            )));
        }
    }
    Ok(())
}

fn print_return(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let operands = body.op(op).operands.clone();
    p.print_attr_dict(&body.op(op).attributes, &[]);
    if !operands.is_empty() {
        p.print(" ");
        p.print_operands(&operands);
        p.print(" : ");
        let types: Vec<Type> = operands.iter().map(|v| body.value_type(*v)).collect();
        p.print_types(&types);
    }
}

fn parse_return(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    p.parse_optional_attr_dict(&mut state.attributes)?;
    let operands = p.parse_optional_operand_list()?;
    if !operands.is_empty() {
        p.expect(TokenKind::Colon)?;
        let at = p.loc();
        let types = p.parse_type_list()?;
        if types.len() != operands.len() {
            return Err(Diagnostic::error(at, format!("expected {} types, found {}", operands.len(), types.len())));
        }
        state.operands = p.resolve_operands(&operands, &types)?;
    }
    Ok(())
}

fn verify_return(op: OpRef) -> Result<(), Diagnostic> {
    let parent = op.body.parent_op(op.id).filter(|p| op.body.op_name(*p) == FuncOp::DEF.name);
    let parent = parent.ok_or_else(|| op.error("expects parent op 'func.func'"))?;
    let (_, results) = signature(OpRef::new(op.body, parent)).unwrap_or_default();
    let actual = op.operand_types();
    if actual.len() != results.len() {
        return Err(op.error(format!("has {} operands, but enclosing function (@{}) returns {}", actual.len(), function_name(op, parent), results.len())));
    }
    for (i, (a, r)) in actual.iter().zip(&results).enumerate() {
        if a != r {
            return Err(op.error(format!(
                "type of return operand {i} ({}) doesn't match function result type ({}) in function @{}",
                op.ctx().type_to_string(*a),
                op.ctx().type_to_string(*r),
                function_name(op, parent)
            )));
        }
    }
    Ok(())
}

fn function_name<'c>(op: OpRef<'_, 'c>, func: OpId) -> &'c str {
    op.body.symbol_name(func).unwrap_or("")
}

fn verify_call(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let Some((attr, AttrData::SymbolRef(path))) = op.attr("callee").map(|a| (a, ctx.attr_data(a))) else {
        return Err(op.error("requires a 'callee' symbol reference"));
    };
    // A flat reference: resolving only the leaf of `@m::@g` would find another function.
    let &[callee] = path.as_slice() else {
        return Err(op.error(format!("'callee' must be a flat symbol reference, found {}", ctx.attr_to_string(attr))));
    };
    let callee = ctx.symbol_str(callee);
    // Look the callee up in the nearest enclosing symbol table.
    let mut scope = op.body.parent_op(op.id);
    while let Some(s) = scope {
        if ctx.op_def(op.body.op(s).name).is_some_and(|d| d.has_trait(xla_ir::OpTrait::SymbolTable)) {
            break;
        }
        scope = op.body.parent_op(s);
    }
    let Some(table) = scope else { return Ok(()) };
    let found = op.body.op(table).regions.iter().flat_map(|r| op.body.region(*r).blocks.clone()).flat_map(|b| op.body.block_ops(b).collect::<Vec<_>>()).find(|f| {
        // Only a func.func is a valid callee, not another symbol of the same name.
        op.body.op_name(*f) == FuncOp::DEF.name && op.body.attr(*f, "sym_name").and_then(|a| ctx.as_string(a)) == Some(callee)
    });
    let func = found.ok_or_else(|| op.error(format!("'{callee}' does not reference a valid function")))?;
    let (inputs, results) = signature(OpRef::new(op.body, func)).unwrap_or_default();
    if inputs != op.operand_types() || results != op.result_types() {
        return Err(op.error(format!("call to @{callee} does not match the callee's type {}", ctx.type_to_string(ctx.function_type(inputs, results)))));
    }
    Ok(())
}

xla_ir::dialect! {
    /// Every op of the `func` dialect, with its typed view.
    pub enum FuncDialectOp, kinds FuncDialectOpKind;
    /// The func dialect.
    pub static FUNC_DIALECT = "func", "Functions, calls and returns.", materialize_constant: None;
    ops {
        Func(FuncOp),
        Return(ReturnOp),
        Call(CallOp),
    }
}
