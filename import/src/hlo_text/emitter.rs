//! Building the IR from the syntax tree: the module, one `func.func` per computation, the
//! instructions of each in dependency order, and computations inlined as regions.
//!
//! Decisions:
//! - Every computation becomes a `func.func` (the ENTRY one `main`, unless another
//!   computation is already called `main`; the others keep their names and are private),
//!   including those only used as the regions of `reduce`, `sort`, `while`... A function's
//!   arguments are the `parameter(N)` instructions in the order of N; its results are the
//!   root's value one tuple level down (a root `tuple(a, b)` returns `a` and `b`).
//! - Types carry no layouts, except the entry function's signature, which carries the
//!   layouts of `entry_computation_layout` (or of the entry's parameter and root shapes when
//!   the header has none): they are the program's interface, while every other layout in
//!   HLO text is a choice of XLA's layout assignment that our own layout pass redoes. A
//!   default (row-major) layout is left out, since a type without layout means exactly that
//!   at the entry's interface; any other one stays on the signature, and an identity
//!   `hlo.copy` (XLA's `copy`) moves each such parameter to a layout-free value on entry
//!   and each such result back before the return. So the IR inside a function never mixes
//!   layouts, and ops that need equal types (calls, returns) always get them.
//! - Computations used as regions (`to_apply`, `condition`, `body`, branches, `select`,
//!   `scatter`) are copied into the region, their root returned with `hlo.return`.
//! - Instructions are emitted in dependency order whatever their order in the text; cycles,
//!   undefined and duplicate names, and recursive computations are located errors.

use std::collections::{HashMap, HashSet};

use xla_dialects::builtin::BuiltinOpKind;
use xla_dialects::func::FuncDialectOpKind;
use xla_dialects::hlo::HloOpKind;
use xla_ir::op_def::OpDef;
use xla_ir::{
    Attribute, BlockId, Body, Builder, Context, Diagnostic, InsertPoint, Location, NamedAttribute, OpId, OpState, RegionId, Type, TypeData,
};

use super::ast::{Computation, Module};
use super::cursor::{Cursor, PResult};
use super::lexer::TokenKind;
use super::opcodes;
use super::shape::{ir_type, parse_shape, plain_type, Shape};
use super::source::Source;
use super::values::HloValue;

/// How deeply computations may be inlined into one another as regions.
const MAX_REGION_DEPTH: usize = 64;

/// How many instructions one module may expand to: computations are copied into every
/// region that applies them, so a small text could otherwise ask for exponentially many.
const MAX_EMITTED_INSTRUCTIONS: usize = 10_000_000;

/// The state of the build; see the module documentation.
pub struct Emitter<'a, 't, 'c> {
    pub src: &'a Source<'t, 'c>,
    pub ctx: &'c Context,
    pub body: Body<'c>,
    pub module: &'a Module,
    /// Computations by their written name.
    by_name: HashMap<&'a str, usize>,
    /// The function symbol of each computation.
    pub func_names: Vec<String>,
    /// The parameter instructions of each computation and their shapes, in number order.
    params: Vec<Vec<(usize, &'a Shape)>>,
    /// The argument types of each computation's function.
    pub inputs: Vec<Vec<Type>>,
    /// The entry computation.
    entry: usize,
    /// The layouts of the entry's parameters, from `entry_computation_layout` when given.
    entry_layouts: Vec<Option<Vec<i64>>>,
    /// The entry function's result types, when the text gives them.
    entry_results: Option<Vec<Type>>,
    /// Where `entry_results` come from, for messages.
    entry_results_offset: usize,
    /// The block new operations are appended to.
    pub block: BlockId,
    /// The computations being emitted, innermost last (recursion is an error).
    stack: Vec<usize>,
    /// How many instructions have been emitted.
    emitted: usize,
}

/// Builds the `builtin.module` for `module`.
pub fn build<'c>(src: &Source<'_, 'c>, module: &Module) -> PResult<(Body<'c>, OpId)> {
    let ctx = src.ctx;
    let mut body = Body::new(ctx);
    let module_region = body.create_region();
    let module_block = body.append_block(module_region);
    let mut e = Emitter {
        src,
        ctx,
        body,
        module,
        by_name: HashMap::new(),
        func_names: Vec::new(),
        params: Vec::new(),
        inputs: Vec::new(),
        entry: 0,
        entry_layouts: Vec::new(),
        entry_results: None,
        entry_results_offset: 0,
        block: module_block,
        stack: Vec::new(),
        emitted: 0,
    };
    e.index_computations()?;
    e.check_no_recursion()?;
    e.collect_parameters()?;
    e.signatures()?;
    for comp in 0..module.computations.len() {
        e.block = module_block;
        let func = e.emit_function(comp)?;
        e.body.insert_op(func, InsertPoint::BlockEnd(module_block));
    }
    let mut state = OpState::new(ctx.symbol(BuiltinOpKind::Module.name()), src.loc(module.name_offset));
    state.regions.push(module_region);
    state.attributes.push(NamedAttribute { name: ctx.symbol("sym_name"), value: ctx.string_attr(&module.name) });
    for (name, value) in e.module_attributes()? {
        state.attributes.push(NamedAttribute { name: ctx.symbol(name), value });
    }
    let op = e.body.create_op(state);
    Ok((e.body, op))
}

impl<'a, 't, 'c> Emitter<'a, 't, 'c> {
    /// The location of byte offset `offset`.
    pub fn loc(&self, offset: usize) -> Location {
        self.src.loc(offset)
    }

    /// An error at byte offset `offset`.
    pub fn error(&self, offset: usize, message: impl Into<String>) -> Diagnostic {
        self.src.error(offset, message)
    }

    /// A cursor over tokens `start..end`.
    pub fn cursor(&self, range: (usize, usize)) -> Cursor<'a, 't, 'c> {
        Cursor::range(self.src, range.0, range.1)
    }

    /// Names computations, finds the entry and chooses function names.
    fn index_computations(&mut self) -> PResult<()> {
        let module = self.module;
        let mut entry = None;
        for (i, c) in module.computations.iter().enumerate() {
            if !c.is_inline {
                if let Some(first) = self.by_name.insert(c.name.as_str(), i) {
                    let first = &module.computations[first];
                    return Err(self
                        .error(c.offset, format!("computation '{}' is defined twice", c.name))
                        .with_note(self.loc(first.offset), "first defined here"));
                }
            }
            if c.is_entry {
                if entry.is_some() {
                    return Err(self.error(c.offset, "more than one ENTRY computation"));
                }
                entry = Some(i);
            }
        }
        // Without ENTRY, XLA takes the last computation written at the top level.
        let last_top_level = module.computations.iter().rposition(|c| !c.is_inline);
        self.entry = entry.or(last_top_level).unwrap_or(0);
        let entry_name = if self.by_name.contains_key("main") && module.computations[self.entry].name != "main" {
            module.computations[self.entry].name.clone()
        } else {
            "main".to_string()
        };
        let mut taken: HashSet<String> = HashSet::new();
        taken.insert(entry_name.clone());
        for (i, c) in module.computations.iter().enumerate() {
            let name = if i == self.entry {
                entry_name.clone()
            } else {
                let mut name = c.name.clone();
                let mut n = 1;
                while taken.contains(&name) {
                    name = format!("{}.{n}", c.name);
                    n += 1;
                }
                taken.insert(name.clone());
                name
            };
            self.func_names.push(name);
        }
        Ok(())
    }

    /// The computations instruction attributes of computation `comp` refer to, with the
    /// offsets of the references (names that resolve to nothing are reported later).
    fn references(&self, comp: usize) -> Vec<(usize, usize)> {
        const SINGLE: [&str; 8] = ["to_apply", "calls", "condition", "body", "select", "scatter", "true_computation", "false_computation"];
        const LISTS: [&str; 2] = ["branch_computations", "called_computations"];
        let mut out = Vec::new();
        for inst in &self.module.computations[comp].instructions {
            for attr in &inst.attrs {
                let offset = self.src.token(attr.value.0).start;
                if let Some(index) = attr.inline_computation {
                    out.push((index, offset));
                } else if SINGLE.contains(&attr.name.as_str()) || LISTS.contains(&attr.name.as_str()) {
                    let (start, end) = attr.value;
                    for i in start..end {
                        let t = self.src.token(i);
                        if matches!(t.kind, TokenKind::Name | TokenKind::Word) {
                            if let Some(&index) = self.by_name.get(self.src.text_of(i).trim_start_matches('%')) {
                                out.push((index, t.start));
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// Fails when a computation calls itself, directly or through others (XLA's call graph
    /// is acyclic, and inlining regions relies on it).
    fn check_no_recursion(&self) -> PResult<()> {
        let n = self.module.computations.len();
        let edges: Vec<Vec<(usize, usize)>> = (0..n).map(|c| self.references(c)).collect();
        let mut state = vec![0u8; n];
        for start in 0..n {
            if state[start] != 0 {
                continue;
            }
            state[start] = 1;
            let mut stack = vec![(start, 0usize)];
            while let Some(&(c, k)) = stack.last() {
                let Some(&(next, offset)) = edges[c].get(k) else {
                    state[c] = 2;
                    stack.pop();
                    continue;
                };
                if let Some(top) = stack.last_mut() {
                    top.1 += 1;
                }
                match state[next] {
                    0 => {
                        state[next] = 1;
                        stack.push((next, 0));
                    }
                    1 => {
                        let name = &self.module.computations[next].name;
                        return Err(self.error(offset, format!("computation '{name}' is called recursively; HLO has no recursion")));
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// Finds each computation's `parameter(N)` instructions and checks that they are
    /// numbered 0, 1, ... without gaps or repeats.
    fn collect_parameters(&mut self) -> PResult<()> {
        let module: &'a Module = self.module;
        for c in &module.computations {
            let mut numbered: Vec<(i64, usize, &'a Shape)> = Vec::new();
            for (i, inst) in c.instructions.iter().enumerate() {
                if inst.opcode != "parameter" {
                    continue;
                }
                let range = inst.raw_operands.unwrap_or((0, 0));
                let mut cur = self.cursor(range);
                let n = cur.parse_non_negative("a parameter number")?;
                cur.expect_end("the parameter number")?;
                let Some(shape) = &inst.shape else {
                    return Err(self.error(inst.opcode_offset, "a parameter needs a shape"));
                };
                if let Some((_, first, _)) = numbered.iter().find(|(m, _, _)| *m == n) {
                    return Err(self
                        .error(inst.offset, format!("parameter number {n} is used twice in computation '{}'", c.name))
                        .with_note(self.loc(c.instructions[*first].offset), "first used here"));
                }
                numbered.push((n, i, shape));
            }
            numbered.sort_by_key(|(n, _, _)| *n);
            for (expected, (n, i, _)) in numbered.iter().enumerate() {
                if *n != expected as i64 {
                    return Err(self.error(
                        c.instructions[*i].offset,
                        format!("parameter numbers of computation '{}' must be 0, 1, ...; parameter {expected} is missing", c.name),
                    ));
                }
            }
            self.params.push(numbered.into_iter().map(|(_, i, shape)| (i, shape)).collect());
        }
        Ok(())
    }

    /// Computes every function's argument types, and the entry's result types when known.
    fn signatures(&mut self) -> PResult<()> {
        for comp in 0..self.module.computations.len() {
            let types = self.params[comp].iter().map(|(_, shape)| plain_type(self.ctx, shape)).collect();
            self.inputs.push(types);
        }
        let entry = self.entry;
        let computation = &self.module.computations[entry];
        let (params, result) = match self.module.attr("entry_computation_layout") {
            Some(attr) => {
                self.entry_results_offset = attr.offset;
                let mut c = self.cursor(attr.value);
                let (params, result) = parse_computation_layout(&mut c)?;
                if params.len() != self.params[entry].len() {
                    return Err(self.error(
                        attr.offset,
                        format!(
                            "entry_computation_layout has {} parameters, but the entry computation '{}' has {}",
                            params.len(),
                            computation.name,
                            self.params[entry].len()
                        ),
                    ));
                }
                for (k, (layout_shape, (_, param_shape))) in params.iter().zip(&self.params[entry]).enumerate() {
                    let declared = plain_type(self.ctx, param_shape);
                    if !xla_ir::shape::compatible(self.ctx, plain_type(self.ctx, layout_shape), declared) {
                        return Err(self.error(
                            layout_shape.offset,
                            format!(
                                "entry_computation_layout gives parameter {k} the shape {}, but the parameter has shape {}",
                                super::shape::shape_to_string(layout_shape),
                                super::shape::shape_to_string(param_shape)
                            ),
                        ));
                    }
                }
                (params, Some(result))
            }
            None => {
                let params = self.params[entry].iter().map(|(_, shape)| (*shape).clone()).collect();
                let root = &computation.instructions[computation.root];
                self.entry_results_offset = root.offset;
                (params, root.shape.clone())
            }
        };
        self.entry_layouts = params.iter().map(|s| s.layout().map(<[i64]>::to_vec)).collect();
        let mut inputs = Vec::new();
        for shape in &params {
            inputs.push(ir_type(self.ctx, shape, true).map_err(|(at, m)| self.error(at, m))?);
        }
        self.inputs[entry] = inputs;
        if let Some(result) = result {
            let shapes = match result.tuple_elements() {
                Some(elements) => elements.to_vec(),
                None => vec![result.clone()],
            };
            let mut types = Vec::new();
            for shape in &shapes {
                types.push(ir_type(self.ctx, shape, true).map_err(|(at, m)| self.error(at, m))?);
            }
            self.entry_results = Some(types);
        }
        Ok(())
    }

    /// The module's attributes kept from the header: `xla.replica_count`,
    /// `xla.num_partitions` and the raw `xla.input_output_alias`; the others are dropped.
    fn module_attributes(&self) -> PResult<Vec<(&'static str, Attribute)>> {
        let mut attrs = Vec::new();
        for (header, name) in [("replica_count", "xla.replica_count"), ("num_partitions", "xla.num_partitions")] {
            if let Some(attr) = self.module.attr(header) {
                let mut c = self.cursor(attr.value);
                let n = c.parse_i64()?;
                c.expect_end(header)?;
                attrs.push((name, self.ctx.i64_attr(n)));
            }
        }
        if let Some(attr) = self.module.attr("input_output_alias") {
            attrs.push(("xla.input_output_alias", self.ctx.string_attr(&self.raw_text(attr.value))));
        }
        Ok(attrs)
    }

    /// The source text of token range `range`.
    pub fn raw_text(&self, range: (usize, usize)) -> String {
        if range.1 <= range.0 {
            return String::new();
        }
        let start = self.src.token(range.0).start;
        let end = self.src.token(range.1 - 1).end;
        self.src.text.get(start..end).unwrap_or("").to_string()
    }

    /// Builds the `func.func` of computation `comp` (detached).
    fn emit_function(&mut self, comp: usize) -> PResult<OpId> {
        let computation = &self.module.computations[comp];
        let region = self.body.create_region();
        let block = self.body.append_block(region);
        let inputs = self.inputs[comp].clone();
        self.block = block;
        let mut params = Vec::with_capacity(inputs.len());
        for (k, ty) in inputs.iter().enumerate() {
            let arg = self.body.add_block_arg(block, *ty);
            // Inside the function values carry no layout: an entry parameter with one
            // passes through an identity first.
            let plain = self.plain_input(comp, k);
            params.push(HloValue::Value(self.coerce(arg, plain, self.loc(computation.offset), &format!("parameter {k}"))?));
        }
        let root = self.emit_body(comp, params)?;
        let root_inst = &computation.instructions[computation.root];
        let root_loc = self.loc(root_inst.offset);
        let mut results = self.flatten(&root, root_loc)?;
        if comp == self.entry {
            if let Some(types) = self.entry_results.clone() {
                if types.len() != results.len() {
                    return Err(self.error(
                        self.entry_results_offset,
                        format!("the entry computation's layout has {} results, but its root gives {}", types.len(), results.len()),
                    ));
                }
                for (k, (v, ty)) in results.iter_mut().zip(types).enumerate() {
                    *v = self.coerce(*v, ty, root_loc, &format!("entry result {k}"))?;
                }
            }
        }
        let result_types: Vec<Type> = results.iter().map(|v| self.body.value_type(*v)).collect();
        self.op(FuncDialectOpKind::Return.def(), results, Vec::new(), Vec::new(), Vec::new(), root_loc);
        let ctx = self.ctx;
        let mut state = OpState::new(ctx.symbol(FuncDialectOpKind::Func.name()), self.loc(computation.offset));
        state.regions.push(region);
        let mut attrs = vec![
            ("sym_name", ctx.string_attr(&self.func_names[comp])),
            ("function_type", ctx.type_attr(ctx.function_type(inputs, result_types))),
        ];
        if comp != self.entry {
            attrs.push(("sym_visibility", ctx.string_attr("private")));
        }
        state.attributes = attrs.into_iter().map(|(n, v)| NamedAttribute { name: ctx.symbol(n), value: v }).collect();
        Ok(self.body.create_op(state))
    }

    /// Emits the instructions of computation `comp` into the current block, with
    /// `params[N]` standing for `parameter(N)`, and returns the root's value.
    pub fn emit_body(&mut self, comp: usize, params: Vec<HloValue>) -> PResult<HloValue> {
        let module: &'a Module = self.module;
        let computation = &module.computations[comp];
        if self.stack.contains(&comp) {
            return Err(self.error(computation.offset, format!("computation '{}' uses itself; HLO has no recursion", computation.name)));
        }
        if self.stack.len() >= MAX_REGION_DEPTH {
            return Err(self.error(computation.offset, format!("computations nest deeper than {MAX_REGION_DEPTH} levels")));
        }
        self.stack.push(comp);
        let result = self.emit_instructions(comp, computation, params);
        self.stack.pop();
        result
    }

    fn emit_instructions(&mut self, comp: usize, computation: &'a Computation, params: Vec<HloValue>) -> PResult<HloValue> {
        let names = self.instruction_names(computation)?;
        let param_numbers: HashMap<usize, usize> = self.params[comp].iter().enumerate().map(|(n, (i, _))| (*i, n)).collect();
        let order = self.dependency_order(computation, &names)?;
        let mut env: Vec<Option<HloValue>> = vec![None; computation.instructions.len()];
        for i in order {
            let inst = &computation.instructions[i];
            let loc = self.loc(inst.offset);
            self.emitted += 1;
            if self.emitted > MAX_EMITTED_INSTRUCTIONS {
                return Err(Diagnostic::error(loc, format!("the module expands to more than {MAX_EMITTED_INSTRUCTIONS} instructions")));
            }
            let mut operands = Vec::with_capacity(inst.operands.len());
            for operand in &inst.operands {
                let value = names.get(operand.name.as_str()).and_then(|&j| env[j].clone());
                let Some(value) = value else {
                    return Err(self.error(operand.offset, format!("use of undefined instruction '{}'", operand.name)));
                };
                if let Some(shape) = &operand.shape {
                    let written = plain_type(self.ctx, shape);
                    let actual = self.type_of(&value);
                    if !xla_ir::shape::compatible(self.ctx, written, actual) {
                        return Err(self.error(
                            shape.offset,
                            format!("operand '{}' is written with shape {}, but it has type {}", operand.name, super::shape::shape_to_string(shape), self.ctx.type_to_string(actual)),
                        ));
                    }
                }
                operands.push(value);
            }
            let value = if inst.opcode == "parameter" {
                match param_numbers.get(&i).and_then(|n| params.get(*n)) {
                    Some(v) => v.clone(),
                    None => return Err(self.error(inst.offset, "parameter has no argument")),
                }
            } else {
                let layouts = inst.operands.iter().map(|o| names.get(o.name.as_str()).and_then(|&j| self.written_layout(comp, j, &param_numbers))).collect();
                opcodes::emit(self, inst, operands, layouts)?
            };
            if let Some(shape) = &inst.shape {
                let declared = plain_type(self.ctx, shape);
                let actual = self.type_of(&value);
                if !xla_ir::shape::compatible(self.ctx, declared, actual) {
                    return Err(Diagnostic::error(
                        loc,
                        format!(
                            "'{}' gives a value of type {}, but the instruction's shape is {}",
                            inst.opcode,
                            self.ctx.type_to_string(actual),
                            super::shape::shape_to_string(shape)
                        ),
                    ));
                }
            }
            env[i] = Some(value);
        }
        env.get_mut(computation.root).and_then(Option::take).ok_or_else(|| self.error(computation.offset, "the computation has no root"))
    }

    /// The instructions of `computation` by name; a name defined twice is an error.
    fn instruction_names(&self, computation: &'a Computation) -> PResult<HashMap<&'a str, usize>> {
        let mut names = HashMap::with_capacity(computation.instructions.len());
        for (i, inst) in computation.instructions.iter().enumerate() {
            if let Some(first) = names.insert(inst.name.as_str(), i) {
                return Err(self
                    .error(inst.offset, format!("instruction '{}' is defined twice", inst.name))
                    .with_note(self.loc(computation.instructions[first].offset), "first defined here"));
            }
        }
        Ok(names)
    }

    /// The instructions of `computation` in an order where operands come first (a
    /// depth-first post-order from each instruction in text order, so text that is already
    /// in order keeps it).
    fn dependency_order(&self, computation: &Computation, names: &HashMap<&str, usize>) -> PResult<Vec<usize>> {
        let n = computation.instructions.len();
        let mut state = vec![0u8; n];
        let mut order = Vec::with_capacity(n);
        for start in 0..n {
            if state[start] != 0 {
                continue;
            }
            state[start] = 1;
            let mut stack = vec![(start, 0usize)];
            while let Some(&(i, k)) = stack.last() {
                let inst = &computation.instructions[i];
                let Some(operand) = inst.operands.get(k) else {
                    state[i] = 2;
                    order.push(i);
                    stack.pop();
                    continue;
                };
                if let Some(top) = stack.last_mut() {
                    top.1 += 1;
                }
                let Some(&j) = names.get(operand.name.as_str()) else {
                    return Err(self.error(operand.offset, format!("use of undefined instruction '{}'", operand.name)));
                };
                match state[j] {
                    0 => {
                        state[j] = 1;
                        stack.push((j, 0));
                    }
                    1 => {
                        return Err(self.error(
                            operand.offset,
                            format!("instruction '{}' depends on itself through operand '{}'", inst.name, operand.name),
                        ))
                    }
                    _ => {}
                }
            }
        }
        Ok(order)
    }

    /// A region holding computation `comp`: one block whose arguments are its parameters
    /// (with `flatten_tuple_param`, a single tuple parameter becomes one argument per
    /// element, as `hlo.while` wants), ending with `hlo.return` of the root one tuple level
    /// down.
    pub fn region(&mut self, comp: usize, flatten_tuple_param: bool, loc: Location) -> PResult<RegionId> {
        let region = self.body.create_region();
        let block = self.body.append_block(region);
        let types: Vec<Type> = self.inputs_plain(comp);
        let tuple_elements = match (flatten_tuple_param, types.as_slice()) {
            (true, [single]) => match self.ctx.type_data(*single) {
                TypeData::Tuple(elements) => Some(elements.clone()),
                _ => None,
            },
            _ => None,
        };
        let params = match tuple_elements {
            Some(elements) => {
                let args = elements.iter().map(|t| HloValue::Value(self.body.add_block_arg(block, *t))).collect();
                vec![HloValue::Tuple(args)]
            }
            None => types.iter().map(|t| HloValue::Value(self.body.add_block_arg(block, *t))).collect(),
        };
        let saved = std::mem::replace(&mut self.block, block);
        let result = self.emit_body(comp, params).and_then(|root| self.flatten(&root, loc));
        let results = match result {
            Ok(results) => results,
            Err(d) => {
                self.block = saved;
                return Err(d);
            }
        };
        self.op(HloOpKind::Return.def(), results, Vec::new(), Vec::new(), Vec::new(), loc);
        self.block = saved;
        Ok(region)
    }

    /// The layout of instruction `j` of computation `comp` as the text gives it: the entry
    /// layout of an entry parameter, else the one written on its shape.
    fn written_layout(&self, comp: usize, j: usize, param_numbers: &HashMap<usize, usize>) -> Option<Vec<i64>> {
        if comp == self.entry {
            if let Some(layout) = param_numbers.get(&j).and_then(|n| self.entry_layouts.get(*n)) {
                return layout.clone();
            }
        }
        self.module.computations[comp].instructions[j].shape.as_ref().and_then(|s| s.layout()).map(<[i64]>::to_vec)
    }

    /// The type of parameter `k` of computation `comp` without layout.
    fn plain_input(&self, comp: usize, k: usize) -> Type {
        let ty = self.inputs[comp][k];
        self.params[comp].get(k).map_or(ty, |(_, shape)| plain_type(self.ctx, shape))
    }

    /// The argument types of computation `comp` without layouts.
    fn inputs_plain(&self, comp: usize) -> Vec<Type> {
        self.params[comp].iter().map(|(_, shape)| plain_type(self.ctx, shape)).collect()
    }

    /// The computation an attribute names: `to_apply=%f`, or one written inline.
    pub fn computation_of(&self, attr: &super::ast::Attr) -> PResult<usize> {
        if let Some(index) = attr.inline_computation {
            return Ok(index);
        }
        let mut c = self.cursor(attr.value);
        let index = self.computation_name(&mut c)?;
        c.expect_end("the computation name")?;
        Ok(index)
    }

    /// Reads a computation name at the cursor and finds the computation.
    pub fn computation_name(&self, c: &mut Cursor) -> PResult<usize> {
        let offset = c.offset();
        let name = match c.kind() {
            TokenKind::Name | TokenKind::Word => c.text().trim_start_matches('%'),
            _ => return Err(c.expected("a computation name")),
        };
        c.bump();
        self.by_name.get(name).copied().ok_or_else(|| self.error(offset, format!("computation '{name}' does not exist")))
    }

    /// Creates an op of `def` at the end of the current block.
    pub fn op(
        &mut self,
        def: &'static OpDef,
        operands: Vec<xla_ir::ValueId>,
        results: Vec<Type>,
        attrs: Vec<(&str, Attribute)>,
        regions: Vec<RegionId>,
        loc: Location,
    ) -> OpId {
        let mut state = OpState::new(self.ctx.symbol(def.name), loc);
        state.operands = operands;
        state.result_types = results;
        state.regions = regions;
        state.attributes = attrs.into_iter().map(|(n, v)| NamedAttribute { name: self.ctx.symbol(n), value: v }).collect();
        let op = self.body.create_op(state);
        self.body.insert_op(op, InsertPoint::BlockEnd(self.block));
        op
    }

    /// Creates an op of `def` whose result types its shape function gives (for
    /// instructions written without a shape).
    pub fn op_inferred(
        &mut self,
        def: &'static OpDef,
        operands: Vec<xla_ir::ValueId>,
        attrs: Vec<(&str, Attribute)>,
        regions: Vec<RegionId>,
        loc: Location,
    ) -> PResult<OpId> {
        if def.infer.is_none() {
            return Err(Diagnostic::error(loc, format!("the result type of '{}' cannot be inferred; write the instruction's shape", def.name)));
        }
        let mut state = OpState::new(self.ctx.symbol(def.name), loc);
        state.operands = operands;
        state.regions = regions;
        state.attributes = attrs.into_iter().map(|(n, v)| NamedAttribute { name: self.ctx.symbol(n), value: v }).collect();
        let block = self.block;
        let mut b = Builder::at_end(&mut self.body, block, loc);
        b.create_inferred(def, state)
    }
}

/// Reads `{(shape, ...)->shape}`, the value of `entry_computation_layout`.
fn parse_computation_layout(c: &mut Cursor) -> PResult<(Vec<Shape>, Shape)> {
    c.expect(TokenKind::LBrace)?;
    c.expect_what(TokenKind::LParen, "'(' to start the parameter shapes")?;
    let mut params = Vec::new();
    if !c.accept(TokenKind::RParen) {
        loop {
            params.push(parse_shape(c)?);
            if c.accept(TokenKind::RParen) {
                break;
            }
            if !c.accept(TokenKind::Comma) {
                return Err(c.expected("',' or ')' between parameter shapes"));
            }
        }
    }
    c.expect_what(TokenKind::Arrow, "'->' before the result shape")?;
    let result = parse_shape(c)?;
    c.expect(TokenKind::RBrace)?;
    c.expect_end("entry_computation_layout")?;
    Ok((params, result))
}
