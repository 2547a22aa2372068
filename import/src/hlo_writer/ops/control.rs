//! Ops that call computations: `call` (for `func.call` and `hlo.call`), `while`,
//! `conditional`, `map`, `reduce`, `fusion`, `custom-call`, and the check ops, written as
//! the custom calls they canonicalize from.
//!
//! Spellings of their own: XLA's `while` carries one value, so an `hlo.while` of other than
//! one value carries a tuple of them (its regions take the tuple and read its elements with
//! `get-tuple-element`); a multi-result `conditional`, `call` or `custom-call` returns a
//! tuple. A check op is `custom-call(lhs, rhs), custom_call_target="check.expect_eq",
//! custom_call_has_side_effect=true` with its options in `backend_config` (see
//! `xla_dialects::check::custom_call_spelling`); the `_const` forms pass their literal as a
//! `constant`.

use xla_dialects::check::custom_call_spelling::backend_config;
use xla_dialects::hlo::{CustomCallOp, FusionKind, FusionOp, HloOpKind, MapOp, ReduceOp};
use xla_ir::{AttrData, Diagnostic, Op, OpId, TypeData};

use crate::hlo_writer::attrs::{braced, string_literal};
use crate::hlo_writer::computation::Computation;
use crate::hlo_writer::literal::literal_text;
use crate::hlo_writer::module::{Captured, ModuleWriter, Params};
use crate::hlo_writer::shape::{tuple_of, with_layout};
use crate::opcode_spelling::opcode_of;

impl ModuleWriter<'_, '_> {
    /// `call(operands...), to_apply=f`, the callee named by attribute `callee_attr`.
    pub(super) fn call(&mut self, comp: &mut Computation, op: OpId, callee_attr: &str) -> Result<(), Diagnostic> {
        let attr = self.body.attr(op, callee_attr).ok_or_else(|| self.error(op, format!("requires attribute '{callee_attr}'")))?;
        let callee = self.callee_attr(attr, op)?;
        self.same_operands(comp, op, &opcode_of(HloOpKind::Call), vec![format!("to_apply={callee}")])
    }

    /// `fusion(operands...), kind=kLoop, calls=c` (`kInput`, `kOutput`), the region written
    /// as the fused computation `c`; a multi-output fusion returns a tuple, as XLA's does.
    pub(super) fn fusion(&mut self, comp: &mut Computation, fusion: FusionOp) -> Result<(), Diagnostic> {
        let op = fusion.id();
        let kind = match fusion.kind(self.body) {
            FusionKind::Loop => "kLoop",
            FusionKind::Input => "kInput",
            FusionKind::Output => "kOutput",
        };
        let region = self.region(op, 0)?;
        let captured = Captured { values: Vec::new(), pass_through: false };
        let called = self.region_computation_with(op, region, "computation", Params::Direct, &captured)?;
        self.same_operands(comp, op, &opcode_of(HloOpKind::Fusion), vec![format!("kind={kind}"), format!("calls={called}")])
    }

    /// `while(init), condition=c, body=b`; `init` is the one loop value or a tuple of them.
    /// Values the regions use from outside the loop (other than constants) join the loop
    /// state after the loop values, and the body passes them through unchanged.
    pub(super) fn while_loop(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let mut operands = self.body.op(op).operands.clone();
        if self.body.op(op).results.len() != operands.len() {
            return Err(self.error(op, "needs one result per loop value"));
        }
        let cond_region = self.region(op, 0)?;
        let body_region = self.region(op, 1)?;
        let captured = self.captures(op, &[cond_region, body_region]);
        let params = if operands.len() == 1 && captured.is_empty() { Params::Direct } else { Params::Tupled };
        let into_cond = Captured { values: captured.clone(), pass_through: false };
        let through_body = Captured { values: captured.clone(), pass_through: true };
        let cond = self.region_computation_with(op, cond_region, "cond", params, &into_cond)?;
        let body = self.region_computation_with(op, body_region, "body", params, &through_body)?;
        operands.extend(&captured);
        let init = self.single_or_tuple(comp, &operands, op)?;
        let shape = comp.shape(init).to_string();
        let operand = comp.name(init).to_string();
        let inst = self.emit(comp, &opcode_of(HloOpKind::While), shape, vec![operand], vec![format!("condition={cond}"), format!("body={body}")]);
        if captured.is_empty() {
            return self.bind_results(comp, op, inst);
        }
        let results = self.body.op(op).results.clone();
        for (i, r) in results.iter().enumerate() {
            let shape = self.shape(self.body.value_type(*r), op)?;
            let gte = self.get_tuple_element(comp, inst, shape, i);
            comp.bind(*r, gte);
        }
        Ok(())
    }

    /// `conditional(selector, operands...)` with `true_computation=`/`false_computation=` for
    /// a predicate, `branch_computations={...}` for an index. A branch that uses values from
    /// outside the op (other than constants) takes a tuple of its operand and those values.
    pub(super) fn conditional(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let operands = self.body.op(op).operands.clone();
        let Some((&selector, branch_operands)) = operands.split_first() else {
            return Err(self.error(op, "needs a selector"));
        };
        let element = self.tensor_of(selector, op)?.element;
        let is_pred = matches!(self.ctx.type_data(element), TypeData::Integer { width: 1, .. });
        let regions = self.body.op(op).regions.clone();
        if regions.len() != branch_operands.len() {
            return Err(self.error(op, "needs one operand per branch"));
        }
        let mut branches = Vec::new();
        let mut names = vec![{
            let inst = self.operand(comp, selector, op)?;
            comp.name(inst).to_string()
        }];
        for (i, (region, operand)) in regions.iter().zip(branch_operands).enumerate() {
            let captured = self.captures(op, &[*region]);
            let label = format!("branch{i}");
            if captured.is_empty() {
                branches.push(self.region_computation(op, *region, &label, Params::Direct)?);
                let inst = self.operand(comp, *operand, op)?;
                names.push(comp.name(inst).to_string());
            } else {
                let passed = Captured { values: captured.clone(), pass_through: false };
                branches.push(self.region_computation_with(op, *region, &label, Params::Tupled, &passed)?);
                let mut values = vec![*operand];
                values.extend(&captured);
                let inst = self.tuple(comp, &values, op)?;
                names.push(comp.name(inst).to_string());
            }
        }
        let attrs = match (is_pred, branches.as_slice()) {
            (true, [on_true, on_false]) => vec![format!("true_computation={on_true}"), format!("false_computation={on_false}")],
            (true, _) => return Err(self.error(op, "with a predicate needs exactly two branches")),
            (false, _) => vec![format!("branch_computations={{{}}}", branches.join(", "))],
        };
        self.emit_op(comp, op, &opcode_of(HloOpKind::Conditional), names, attrs)
    }

    /// `map(inputs...), dimensions={...}, to_apply=c`.
    pub(super) fn map(&mut self, comp: &mut Computation, map: MapOp) -> Result<(), Diagnostic> {
        let op = map.id();
        let dimensions = format!("dimensions={}", braced(map.dimensions(self.body)));
        let region = self.region(op, 0)?;
        let computation = self.region_computation(op, region, "computation", Params::Direct)?;
        self.same_operands(comp, op, &opcode_of(HloOpKind::Map), vec![dimensions, format!("to_apply={computation}")])
    }

    /// `reduce(inputs..., inits...), dimensions={...}, to_apply=body`.
    pub(super) fn reduce(&mut self, comp: &mut Computation, reduce: ReduceOp) -> Result<(), Diagnostic> {
        let op = reduce.id();
        let dimensions = format!("dimensions={}", braced(reduce.dimensions(self.body)));
        let region = self.region(op, 0)?;
        let computation = self.region_computation(op, region, "body", Params::Direct)?;
        self.same_operands(comp, op, &opcode_of(HloOpKind::Reduce), vec![dimensions, format!("to_apply={computation}")])
    }

    /// `custom-call(operands...), custom_call_target="t"` with the optional
    /// `backend_config`, `custom_call_has_side_effect`, `api_version`, `called_computations`,
    /// `operand_layout_constraints` (the result shape then carries `result_layouts`) and
    /// `output_to_operand_aliasing`.
    pub(super) fn custom_call(&mut self, comp: &mut Computation, call: CustomCallOp) -> Result<(), Diagnostic> {
        let (body, op) = (self.body, call.id());
        let mut out = vec![format!("custom_call_target={}", string_literal(call.call_target_name(body)))];
        if let Some(config) = call.backend_config(body) {
            out.push(format!("backend_config={}", string_literal(config)));
        }
        if call.has_side_effect(body) == Some(true) {
            out.push("custom_call_has_side_effect=true".to_string());
        }
        if let Some(version) = call.api_version(body) {
            out.push(format!("api_version={}", version.name()));
        }
        if let Some(called) = call.called_computations(body) {
            let names = called.iter().map(|r| self.callee_attr(*r, op)).collect::<Result<Vec<_>, _>>()?;
            if !names.is_empty() {
                out.push(format!("called_computations={{{}}}", names.join(", ")));
            }
        }
        let operands = body.op(op).operands.clone();
        let mut shape = self.result_shape(op)?;
        if let (Some(operand_layouts), Some(result_layouts)) = (call.operand_layouts(body), call.result_layouts(body)) {
            let with = |ty: xla_ir::Type, layout: &[i64]| match self.ctx.as_tensor(ty) {
                Some(t) => with_layout(self.ctx, t, layout).map_err(|m| self.error(op, m)),
                None => self.shape(ty, op),
            };
            let constraints = operands
                .iter()
                .zip(&operand_layouts)
                .map(|(v, l)| with(body.value_type(*v), l))
                .collect::<Result<Vec<_>, _>>()?;
            out.push(format!("operand_layout_constraints={{{}}}", constraints.join(", ")));
            let results = self.result_types(op);
            let shapes = results.iter().zip(&result_layouts).map(|(t, l)| with(*t, l)).collect::<Result<Vec<_>, _>>()?;
            shape = match shapes.as_slice() {
                [one] if results.len() == 1 => one.clone(),
                _ => tuple_of(&shapes),
            };
        }
        if let Some(aliases) = call.output_operand_aliases(body) {
            out.push(format!("output_to_operand_aliasing={}", self.aliasing(op, aliases)?));
        }
        let names = self.operand_names(comp, &operands, op)?;
        let inst = self.emit(comp, &opcode_of(HloOpKind::CustomCall), shape, names, out);
        self.bind_results(comp, op, inst)
    }

    /// `{{output}: (operand, {operand index}), ...}` from the dialect's alias dictionaries.
    fn aliasing(&self, op: OpId, entries: &[xla_ir::Attribute]) -> Result<String, Diagnostic> {
        let ctx = self.ctx;
        let malformed = || self.error(op, "'output_operand_aliases' must be an array of alias dictionaries");
        let mut out = Vec::new();
        for entry in entries {
            let AttrData::Dictionary(fields) = ctx.attr_data(*entry) else { return Err(malformed()) };
            let (mut output, mut operand, mut operand_index): (&[i64], Option<i128>, &[i64]) = (&[], None, &[]);
            for field in fields {
                match (ctx.symbol_str(field.name), ctx.attr_data(field.value)) {
                    ("output_tuple_indices", AttrData::DenseIntArray { values, .. }) => output = values,
                    ("operand_tuple_indices", AttrData::DenseIntArray { values, .. }) => operand_index = values,
                    ("operand_index", AttrData::Integer { value, .. }) => operand = Some(*value),
                    _ => return Err(malformed()),
                }
            }
            let operand = operand.ok_or_else(malformed)?;
            out.push(format!("{}: ({operand}, {})", braced(output), braced(operand_index)));
        }
        Ok(format!("{{{}}}", out.join(", ")))
    }

    /// A check op as `custom-call(lhs, rhs), custom_call_target="check.…",
    /// custom_call_has_side_effect=true[, backend_config="options"]` of shape `()`.
    pub(super) fn check(&mut self, comp: &mut Computation, op: OpId) -> Result<(), Diagnostic> {
        let Some((target, config)) = backend_config(self.body, op) else {
            return Err(self.error(op, "has no HLO text form"));
        };
        let operands = self.body.op(op).operands.clone();
        let mut names = self.operand_names(comp, &operands, op)?;
        if let Some(value) = self.body.attr(op, "value") {
            let literal = self.ctx.as_dense(value).ok_or_else(|| self.error(op, "requires a dense literal 'value'"))?;
            let text = literal_text(self.ctx, literal).map_err(|m| self.error(op, m))?;
            let shape = self.shape(literal.ty, op)?;
            let constant = self.emit(comp, &opcode_of(HloOpKind::Constant), shape, vec![text], Vec::new());
            names.push(comp.name(constant).to_string());
        }
        let mut attrs = vec![format!("custom_call_target={}", string_literal(target)), "custom_call_has_side_effect=true".to_string()];
        if !config.is_empty() {
            attrs.push(format!("backend_config={}", string_literal(&config)));
        }
        self.emit(comp, &opcode_of(HloOpKind::CustomCall), "()".to_string(), names, attrs);
        Ok(())
    }
}
