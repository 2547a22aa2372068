//! Calls and control flow: `call`, `fusion`, `while`, `conditional`, `custom-call`,
//! `opt-barrier`, the value-forwarding `domain`/`add-dependency`, and the asynchronous
//! pairs `async-start`/`-update`/`-done`, `copy-start`/`-done` and `X-start`/`X-done`.
//!
//! Decisions:
//! - `call` and `fusion` (any `kind`) are `hlo.call` of the computation's function; the
//!   fusion kind is kept as the discardable attribute `xla.fusion_kind`. Arguments whose
//!   types differ from the callee's only in layout pass through an identity (see
//!   [`Emitter::coerce`]).
//! - `while` over a tuple carries the tuple's elements as separate values (`hlo.while`
//!   takes a list); its condition and body regions take one argument per element.
//! - Asynchronous pairs are read as the synchronous op, done at the `-start`: the start's
//!   tuple value holds the operands, the result and (unavailable) context; `-done` takes the
//!   result out. `async-start` with `calls=` calls the wrapped computation.

use xla_dialects::hlo::HloOpKind;
use xla_ir::{Attribute, NamedAttribute};

use super::ast::Instruction;
use super::attrs::{read_aliasing, read_shape_list};
use super::cursor::PResult;
use super::emitter::Emitter;
use super::opcodes::{self, Inst};
use super::shape::{default_layout, plain_type, Shape, ShapeKind};
use super::values::HloValue;

/// The operands of a call to computation `comp`, matched to its parameter types.
fn call_operands(e: &mut Emitter, inst: &Inst, comp: usize) -> PResult<Vec<xla_ir::ValueId>> {
    let inputs = e.inputs[comp].clone();
    if inputs.len() != inst.operands.len() {
        return Err(e.error(
            inst.ast.operands_offset,
            format!(
                "'{}' passes {} operands, but computation '{}' takes {} parameters",
                inst.ast.opcode,
                inst.operands.len(),
                e.module.computations[comp].name,
                inputs.len()
            ),
        ));
    }
    let mut operands = Vec::with_capacity(inputs.len());
    for (k, ty) in inputs.into_iter().enumerate() {
        let v = e.operand_value(inst, k)?;
        operands.push(e.coerce(v, ty, inst.loc, &format!("operand {k}"))?);
    }
    Ok(operands)
}

/// An `hlo.call` of computation `comp` whose results are the instruction's shape.
fn emit_call(e: &mut Emitter, inst: &Inst, comp: usize, extra: Vec<(&str, Attribute)>) -> PResult<HloValue> {
    let operands = call_operands(e, inst, comp)?;
    let callee = e.ctx.symbol_ref_attr(vec![e.ctx.symbol(&e.func_names[comp])]);
    let mut attrs = vec![("to_apply", callee)];
    attrs.extend(extra);
    e.emit_multi(inst, HloOpKind::Call, operands, attrs, Vec::new())
}

/// `call(args...), to_apply=f` → `hlo.call @f`.
pub fn call(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let comp = e.computation_of(e.required(inst, "to_apply")?)?;
    emit_call(e, inst, comp, Vec::new())
}

/// `fusion(args...), kind=kLoop, calls=f` → `hlo.call @f {xla.fusion_kind = "kLoop"}`.
pub fn fusion(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let comp = e.computation_of(e.required(inst, "calls")?)?;
    let mut extra = Vec::new();
    if let Some(kind) = e.word_attr(inst, "kind")? {
        extra.push(("xla.fusion_kind", e.ctx.string_attr(&kind)));
    }
    emit_call(e, inst, comp, extra)
}

/// `while(init), condition=c, body=b` → `hlo.while` over the init tuple's elements.
pub fn while_loop(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let init = inst.operands[0].clone();
    let is_tuple = e.tuple_arity(&init).is_some();
    let operands = e.flatten(&init, inst.loc)?;
    let cond = e.region_attr(inst, "condition", true)?;
    let body = e.region_attr(inst, "body", true)?;
    // The results have the operands' types, as the shape function says.
    let types = operands.iter().map(|v| e.body.value_type(*v)).collect();
    let op = e.op(HloOpKind::While.def(), operands, types, Vec::new(), vec![cond, body], inst.loc);
    let results = e.body.op(op).results.clone();
    Ok(Emitter::group(&results, is_tuple))
}

/// `conditional(selector, operands...)` with `true_computation`/`false_computation` or
/// `branch_computations={...}` → `hlo.conditional`.
pub fn conditional(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let comps = if let Some(attr) = e.attr(inst, "branch_computations") {
        let mut c = e.cursor(attr.value);
        c.expect_what(super::lexer::TokenKind::LBrace, "'{' to start the branch computations")?;
        let mut comps = Vec::new();
        if !c.accept(super::lexer::TokenKind::RBrace) {
            loop {
                comps.push(e.computation_name(&mut c)?);
                if c.accept(super::lexer::TokenKind::RBrace) {
                    break;
                }
                c.expect_what(super::lexer::TokenKind::Comma, "',' or '}' between computations")?;
            }
        }
        c.expect_end("the branch computations")?;
        comps
    } else {
        let on_true = e.computation_of(e.required(inst, "true_computation")?)?;
        let on_false = e.computation_of(e.required(inst, "false_computation")?)?;
        vec![on_true, on_false]
    };
    if comps.len() + 1 != inst.operands.len() {
        return Err(e.error(
            inst.ast.operands_offset,
            format!("'conditional' has {} branches, so it takes {} operands, found {}", comps.len(), comps.len() + 1, inst.operands.len()),
        ));
    }
    let operands = e.operand_values(inst)?;
    let mut regions = Vec::new();
    for comp in comps {
        regions.push(e.region(comp, false, inst.loc)?);
    }
    e.emit_multi(inst, HloOpKind::Conditional, operands, Vec::new(), regions)
}

/// `custom-call(args...), custom_call_target="f", ...` → `hlo.custom_call`.
pub fn custom_call(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    e.required(inst, "custom_call_target")?;
    let target = e.string_attr(inst, "custom_call_target")?.unwrap_or_default();
    let ctx = e.ctx;
    let mut attrs = vec![("call_target_name", ctx.string_attr(&target))];
    if let Some(attr) = e.attr(inst, "backend_config") {
        let mut c = e.cursor(attr.value);
        let config = if c.is(super::lexer::TokenKind::String) {
            let s = c.parse_string()?;
            c.expect_end("the backend config")?;
            s
        } else {
            e.raw_text(attr.value)
        };
        attrs.push(("backend_config", ctx.string_attr(&config)));
    }
    if let Some(flag) = e.bool_attr(inst, "custom_call_has_side_effect")? {
        attrs.push(("has_side_effect", ctx.bool_attr(flag)));
    }
    if let Some(version) = e.word_attr(inst, "api_version")? {
        let known = ["API_VERSION_ORIGINAL", "API_VERSION_STATUS_RETURNING", "API_VERSION_STATUS_RETURNING_UNIFIED", "API_VERSION_TYPED_FFI"];
        if !known.contains(&version.as_str()) {
            return Err(e.attr_error(inst, "api_version", format!("unknown custom call API version '{version}'")));
        }
        attrs.push(("api_version", ctx.string_attr(&version)));
    }
    let mut called = Vec::new();
    if let Some(attr) = e.attr(inst, "to_apply") {
        called.push(e.computation_of(attr)?);
    }
    if let Some(attr) = e.attr(inst, "called_computations") {
        let mut c = e.cursor(attr.value);
        c.expect_what(super::lexer::TokenKind::LBrace, "'{' to start the called computations")?;
        if !c.accept(super::lexer::TokenKind::RBrace) {
            loop {
                called.push(e.computation_name(&mut c)?);
                if c.accept(super::lexer::TokenKind::RBrace) {
                    break;
                }
                c.expect_what(super::lexer::TokenKind::Comma, "',' or '}' between computations")?;
            }
        }
        c.expect_end("the called computations")?;
    }
    if !called.is_empty() {
        let refs = called.iter().map(|comp| ctx.symbol_ref_attr(vec![ctx.symbol(&e.func_names[*comp])])).collect();
        attrs.push(("called_computations", ctx.array_attr(refs)));
    }
    if let Some(shapes) = e.read_attr(inst, "operand_layout_constraints", read_shape_list)? {
        let result_shapes: Vec<Shape> = match e.shape_of(inst)?.kind.clone() {
            ShapeKind::Tuple(elements) => elements,
            kind => vec![Shape { kind, offset: 0 }],
        };
        if let (Some(operand_layouts), Some(result_layouts)) = (layouts(e, &shapes), layouts(e, &result_shapes)) {
            attrs.push(("operand_layouts", operand_layouts));
            attrs.push(("result_layouts", result_layouts));
        }
    }
    if let Some(aliases) = e.read_attr(inst, "output_to_operand_aliasing", read_aliasing)? {
        let entries = aliases
            .iter()
            .map(|(output, operand, operand_index)| {
                let entry = |name: &str, value| NamedAttribute { name: ctx.symbol(name), value };
                ctx.dictionary_attr(vec![
                    entry("output_tuple_indices", ctx.i64_array_attr(output)),
                    entry("operand_index", ctx.i64_attr(*operand)),
                    entry("operand_tuple_indices", ctx.i64_array_attr(operand_index)),
                ])
            })
            .collect();
        attrs.push(("output_operand_aliases", ctx.array_attr(entries)));
    }
    let operands = e.operand_values(inst)?;
    e.emit_multi(inst, HloOpKind::CustomCall, operands, attrs, Vec::new())
}

/// One minor-to-major layout per array shape (row-major where none is written), or `None`
/// when a shape is not an array.
fn layouts(e: &Emitter, shapes: &[Shape]) -> Option<Attribute> {
    let mut out = Vec::new();
    for s in shapes {
        let ShapeKind::Array { dims, layout, .. } = &s.kind else { return None };
        let layout = layout.clone().unwrap_or_else(|| default_layout(dims.len()));
        out.push(e.ctx.i64_array_attr(&layout));
    }
    Some(e.ctx.array_attr(out))
}

/// `opt-barrier(t)` → `hlo.optimization_barrier` of the tuple's elements.
pub fn optimization_barrier(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let is_tuple = e.tuple_arity(&inst.operands[0]).is_some();
    let operands = e.flatten(&inst.operands[0], inst.loc)?;
    let types = operands.iter().map(|v| e.body.value_type(*v)).collect();
    let op = e.op(HloOpKind::OptimizationBarrier.def(), operands, types, Vec::new(), Vec::new(), inst.loc);
    let results = e.body.op(op).results.clone();
    Ok(Emitter::group(&results, is_tuple))
}

/// `domain(x)`, `add-dependency(x, token)`, `async-update(x)`, `all-reduce-done(x)`: the
/// value of the first operand.
pub fn forward_first(_e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    Ok(inst.operands[0].clone())
}

/// The value of an asynchronous start: the tuple `(operands, result, context...)` its shape
/// declares, or the result itself when its shape is not such a tuple.
pub fn start_value(e: &Emitter, ast: &Instruction, operands: HloValue, result: HloValue) -> HloValue {
    let Some(elements) = ast.shape.as_ref().and_then(Shape::tuple_elements).filter(|els| els.len() >= 2) else {
        return result;
    };
    let mut values = vec![operands, result];
    for shape in &elements[2..] {
        values.push(HloValue::Unavailable { ty: plain_type(e.ctx, shape), what: "the context of an asynchronous operation" });
    }
    HloValue::Tuple(values)
}

/// `async-start(args...), calls=f` → `hlo.call @f`, done now.
pub fn async_start(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let comp = e.computation_of(e.required(inst, "calls")?)?;
    let result_shape = wrapped_result_shape(e, inst.ast)?;
    let inner = Instruction { shape: Some(result_shape), ..clone_instruction(inst.ast) };
    let inner_inst = Inst { ast: &inner, operands: inst.operands.clone(), operand_layouts: inst.operand_layouts.clone(), loc: inst.loc };
    let result = emit_call(e, &inner_inst, comp, Vec::new())?;
    Ok(start_value(e, inst.ast, HloValue::Tuple(inst.operands.clone()), result))
}

/// The result shape of an asynchronous start: element 1 of its `((operands), result, ...)`.
fn wrapped_result_shape(e: &Emitter, ast: &Instruction) -> PResult<Shape> {
    let elements = ast.shape.as_ref().and_then(Shape::tuple_elements).filter(|els| els.len() >= 2);
    elements.map(|els| els[1].clone()).ok_or_else(|| {
        e.error(ast.opcode_offset, format!("'{}' needs a shape ((operands), result, context)", ast.opcode))
    })
}

/// `X-done(start)`: the result held by the start's value.
pub fn async_done(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let start = &inst.operands[0];
    match start {
        HloValue::Tuple(elements) if elements.len() >= 2 => Ok(elements[1].clone()),
        _ if e.tuple_arity(start).is_some_and(|n| n >= 2) && !e.declares_tuple(inst) => e.element(start, 1, inst.loc),
        _ => Ok(start.clone()),
    }
}

/// `copy-start(x)` → the tuple `(copy of x, x, context)`.
pub fn copy_start(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let operand = e.operand_value(inst, 0)?;
    let ty = e.body.value_type(operand);
    let ty = match e.ctx.as_tensor(ty) {
        Some(t) => e.ctx.ty(xla_ir::TypeData::Tensor(xla_ir::TensorType { layout: None, ..t.clone() })),
        None => return Err(e.error(inst.ast.operands_offset, "'copy-start' needs an array operand")),
    };
    let op = e.op(HloOpKind::Copy.def(), vec![operand], vec![ty], Vec::new(), Vec::new(), inst.loc);
    let copy = HloValue::Value(e.body.result(op, 0));
    let context_type = e.ctx.tensor_type(&[], e.ctx.uint_type(32));
    Ok(HloValue::Tuple(vec![copy, inst.operands[0].clone(), HloValue::Unavailable { ty: context_type, what: "the context of copy-start" }]))
}

/// `copy-done(start)`: the copy.
pub fn copy_done(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    e.element(&inst.operands[0], 0, inst.loc)
}

/// `X-start(args...)` of an op `X` without an asynchronous form of its own (XLA's
/// wrapped async syntax, e.g. `custom-call-start`): `X` with the start's result shape,
/// done now.
pub fn wrapped_start(e: &mut Emitter, ast: &Instruction, wrapped: &str, operands: Vec<HloValue>, layouts: Vec<Option<Vec<i64>>>) -> PResult<HloValue> {
    let result_shape = wrapped_result_shape(e, ast)?;
    let inner = Instruction { shape: Some(result_shape), opcode: wrapped.to_string(), ..clone_instruction(ast) };
    let result = opcodes::emit(e, &inner, operands.clone(), layouts)?;
    Ok(start_value(e, ast, HloValue::Tuple(operands), result))
}

/// A copy of an instruction's syntax.
fn clone_instruction(ast: &Instruction) -> Instruction {
    Instruction {
        name: ast.name.clone(),
        offset: ast.offset,
        shape: ast.shape.clone(),
        opcode: ast.opcode.clone(),
        opcode_offset: ast.opcode_offset,
        operands: ast
            .operands
            .iter()
            .map(|o| super::ast::Operand { name: o.name.clone(), offset: o.offset, shape: o.shape.clone() })
            .collect(),
        raw_operands: ast.raw_operands,
        operands_offset: ast.operands_offset,
        attrs: ast
            .attrs
            .iter()
            .map(|a| super::ast::Attr { name: a.name.clone(), offset: a.offset, value: a.value, inline_computation: a.inline_computation })
            .collect(),
    }
}
