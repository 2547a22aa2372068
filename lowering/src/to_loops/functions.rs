//! Functions in destination-passing style: signatures, returns and calls.
//!
//! `(tensor<A>, tuple<tensor<B>, tensor<C>>) -> tensor<D>` becomes
//! `(memref<A>, memref<B>, memref<C>, memref<D>) -> ()`: the leaves of the arguments, then
//! the leaves of the results, each a buffer of the tensor's type (shape, element type and
//! layout); tokens have no leaf. The function writes its results into the result buffers:
//! a returned value computed by the function is computed straight into its result buffer
//! (a destination), anything else (an argument, a value returned twice, a scalar) is copied
//! there before the `func.return`, which returns nothing. Calls pass the leaves of their
//! arguments and fresh (or destination) buffers for their results.
//!
//! Invariant: every argument and result buffer of a lowered function is a distinct buffer
//! (the caller passes result buffers that alias nothing the callee reads).

use xla_dialects::func::{function_signature, CallOp, FuncDialectOp, FuncOp, ReturnOp};
use xla_dialects::hlo::HloOp;
use xla_dialects::loops::LoopOp;
use xla_ir::{AttrData, Body, Diagnostic, InsertPoint, Op, OpId, OpState, Type, TypeData, ValueId};

use super::lowering::{Lowered, Lowering};

/// Whether `func` is a function to lower: one with tensors, tuples or tokens in its
/// signature, or ops above the loop level in its body (anything but loop ops and func's
/// own: hlo, check and interpreter ops), so that one this pass cannot lower is reported
/// here rather than left for lower-to-llvm to stumble on.
pub fn needs_lowering(body: &Body, func: OpId) -> bool {
    if FuncOp::cast(body, func).is_none() {
        return false;
    }
    let ctx = body.ctx();
    let hlo_typed = |ty: &Type| matches!(ctx.type_data(*ty), TypeData::Tensor(_) | TypeData::Tuple(_) | TypeData::Opaque { .. });
    let (inputs, results) = function_signature(body, func).unwrap_or_default();
    let above_loop_level = body
        .nested_ops(func, xla_ir::WalkOrder::PreOrder)
        .iter()
        .any(|op| LoopOp::of(body, *op).is_none() && FuncDialectOp::of(body, *op).is_none());
    inputs.iter().chain(&results).any(hlo_typed) || above_loop_level
}


/// Lowers `func` into a new, detached `func.func` of the same name in destination-passing
/// style.
pub fn lower_function(body: &mut Body<'_>, func: OpId, options: super::Options) -> Result<OpId, Diagnostic> {
    let ctx = body.ctx();
    let loc = body.op(func).location;
    let (inputs, results) = function_signature(body, func).ok_or_else(|| Diagnostic::error(loc, "a function without a function type"))?;
    let region = body.create_region();
    let entry = body.append_block(region);
    let mut lowering = Lowering::new(body, entry, loc);
    lowering.options = options;
    let mut args = Vec::new();
    for &ty in &inputs {
        args.push(lowering.new_arguments(ty)?);
    }
    let mut result_buffers = Vec::new();
    for &ty in &results {
        result_buffers.push(lowering.new_arguments(ty)?);
    }
    let leaf_types: Vec<Type> = lowering.body.block(entry).args.iter().map(|a| lowering.body.value_type(*a)).collect();
    let old_region = lowering.body.op(func).regions.first().copied();
    let old_entry = old_region.and_then(|r| lowering.body.entry_block(r));
    if let Some(old_entry) = old_entry {
        if old_region.is_some_and(|r| lowering.body.region(r).blocks.len() > 1) {
            return Err(Diagnostic::error(loc, "lower-to-loops handles functions of one block only"));
        }
        let params = lowering.body.block(old_entry).args.clone();
        for (param, lowered) in params.iter().zip(args) {
            lowering.bind(*param, lowered);
        }
        lowering.lower_function_body(old_entry, &result_buffers)?;
    }
    let function_type = ctx.function_type(leaf_types, Vec::new());
    let num_results = result_buffers.iter().map(|r| r.leaves().len()).sum();
    Ok(new_function(lowering.body, func, (function_type, num_results), region, old_entry.is_some()))
}

/// The new `func.func` replacing `func`: its attributes (less the per-argument ones, which
/// no longer line up with the flattened arguments), `function_type`, how many of its
/// trailing buffers are results (`loop.num_results`, which the entry wrapper of
/// lower-to-llvm reads) and, for a definition, `region`.
fn new_function(body: &mut Body<'_>, func: OpId, (function_type, num_results): (Type, usize), region: xla_ir::RegionId, defined: bool) -> OpId {
    let ctx = body.ctx();
    let mut state = OpState::new(ctx.symbol(FuncOp::DEF.name), body.op(func).location);
    for a in &body.op(func).attributes {
        if !matches!(ctx.symbol_str(a.name), "function_type" | "arg_attrs" | "res_attrs") {
            state.attributes.push(*a);
        }
    }
    state.set_attr(ctx.symbol("function_type"), ctx.type_attr(function_type));
    state.set_attr(ctx.symbol(crate::to_llvm::NUM_RESULTS_ATTR), ctx.int_attr(num_results as i128, ctx.int_type(64)));
    let region = if defined {
        region
    } else {
        // A declaration keeps an empty body.
        body.create_region()
    };
    state.regions.push(region);
    body.create_op(state)
}

impl Lowering<'_, '_> {
    /// Adds the new function's arguments standing for one argument or result of type `ty`
    /// (a buffer per leaf) and returns what the value becomes.
    fn new_arguments(&mut self, ty: Type) -> Result<Lowered, Diagnostic> {
        let ctx = self.ctx();
        match ctx.type_data(ty).clone() {
            TypeData::Tuple(elements) => {
                let lowered = elements.iter().map(|e| self.new_arguments(*e)).collect::<Result<_, _>>()?;
                Ok(Lowered::Tuple(lowered))
            }
            TypeData::Opaque { .. } if xla_dialects::hlo::is_token(ctx, ty) => Ok(Lowered::Token),
            _ => {
                let memref = self.memref_type(ty)?;
                Ok(Lowered::Buffer(self.body.add_block_arg(self.entry, memref)))
            }
        }
    }

    /// Lowers the ops of the old function's `block`, then writes the returned values into
    /// `results` and ends the new function with `func.return`.
    fn lower_function_body(&mut self, block: xla_ir::BlockId, results: &[Lowered]) -> Result<(), Diagnostic> {
        if let Some(ret) = self.body.last_op(block).filter(|op| ReturnOp::cast(self.body, *op).is_some()) {
            let returned = self.body.op(ret).operands.clone();
            self.assign_destinations(block, &returned, results);
        }
        let returned = self.lower_block(block)?;
        self.write_results(&returned, results)?;
        self.fill_result_padding(results)?;
        let state = OpState::new(self.ctx().symbol(ReturnOp::DEF.name), self.loc);
        let op = self.body.create_op(state);
        self.body.insert_op(op, InsertPoint::BlockEnd(self.block));
        Ok(())
    }

    /// Lets each value of `returned` defined in `block` be computed straight into its
    /// result buffer (the first time it is returned), looking through `hlo.tuple` and
    /// `hlo.optimization_barrier`.
    pub fn assign_destinations(&mut self, block: xla_ir::BlockId, returned: &[ValueId], results: &[Lowered]) {
        for (&v, target) in returned.iter().zip(results) {
            self.assign_destination(block, v, target);
        }
    }

    fn assign_destination(&mut self, block: xla_ir::BlockId, v: ValueId, target: &Lowered) {
        if !self.defined_in(v, block) || self.destinations.contains_key(&v) {
            return;
        }
        let producer = self.body.defining_op(v);
        // A barrier forwards its operands: the value it forwards is the one to place.
        if let Some(barrier) = producer.filter(|op| matches!(HloOp::of(self.body, *op), Some(HloOp::OptimizationBarrier(_)))) {
            let result = self.body.op(barrier).results.iter().position(|r| *r == v);
            if let Some(operand) = result.and_then(|i| self.body.op(barrier).operands.get(i).copied()) {
                self.assign_destination(block, operand, target);
            }
            return;
        }
        match target {
            Lowered::Buffer(buffer) => {
                self.destinations.insert(v, *buffer);
            }
            Lowered::Tuple(targets) => {
                let Some(tuple) = producer.filter(|op| matches!(HloOp::of(self.body, *op), Some(HloOp::Tuple(_)))) else { return };
                let elements = self.body.op(tuple).operands.clone();
                for (e, t) in elements.iter().zip(targets) {
                    self.assign_destination(block, *e, t);
                }
            }
            Lowered::Scalar(_) | Lowered::Token => {}
        }
    }

    /// Writes each value of `returned` into its target buffers, unless it is already
    /// there.
    pub fn write_results(&mut self, returned: &[ValueId], targets: &[Lowered]) -> Result<(), Diagnostic> {
        for (&v, target) in returned.iter().zip(targets) {
            let source = self.lowered(v)?;
            for (from, to) in source.leaves().iter().zip(target.leaves()) {
                let Lowered::Buffer(to) = to else { continue };
                if *from != Lowered::Buffer(to) {
                    let shape = self.buffer_shape(to)?;
                    self.copy(from, to, &shape)?;
                }
            }
        }
        Ok(())
    }

    /// Lowers `func.call @f(args)` or `hlo.call @f(args)` to `func.call @f(arg leaves,
    /// result buffers)`.
    pub fn lower_call(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let ctx = self.ctx();
        let attr = if matches!(HloOp::of(self.body, op), Some(HloOp::Call(_))) { "to_apply" } else { "callee" };
        let callee = self.body.attr(op, attr).filter(|a| matches!(ctx.attr_data(*a), AttrData::SymbolRef(_)));
        let callee = callee.ok_or_else(|| self.error("a call without a callee"))?;
        let mut operands = Vec::new();
        for v in self.body.op(op).operands.clone() {
            let types = self.leaf_types(self.body.value_type(v));
            for (leaf, ty) in self.lowered(v)?.leaves().iter().zip(types) {
                operands.push(self.buffer_for(leaf, ty)?);
            }
        }
        for r in self.body.op(op).results.clone() {
            let lowered = self.result_buffers(r, self.body.value_type(r))?;
            operands.extend(lowered.leaves().iter().filter_map(|l| match l {
                Lowered::Buffer(b) => Some(*b),
                _ => None,
            }));
            self.bind(r, lowered);
        }
        // The callee writes its result buffers (and, for all the caller knows, others).
        self.loads.clear();
        self.elements.clear();
        let mut state = OpState::new(ctx.symbol(CallOp::DEF.name), self.loc);
        state.set_attr(ctx.symbol("callee"), callee);
        state.operands = operands;
        let call = self.body.create_op(state);
        self.body.insert_op(call, InsertPoint::BlockEnd(self.block));
        Ok(())
    }

    /// Buffers to compute a value of type `ty` into: its destination, or fresh ones per
    /// leaf.
    pub fn result_buffers(&mut self, v: ValueId, ty: Type) -> Result<Lowered, Diagnostic> {
        if let Some(buffer) = self.destinations.remove(&v) {
            return Ok(Lowered::Buffer(buffer));
        }
        self.fresh_buffers(ty)
    }

    /// Fresh buffers for a value of type `ty`, one per leaf.
    pub fn fresh_buffers(&mut self, ty: Type) -> Result<Lowered, Diagnostic> {
        let ctx = self.ctx();
        match ctx.type_data(ty).clone() {
            TypeData::Tuple(elements) => {
                Ok(Lowered::Tuple(elements.iter().map(|e| self.fresh_buffers(*e)).collect::<Result<_, _>>()?))
            }
            TypeData::Opaque { .. } if xla_dialects::hlo::is_token(ctx, ty) => Ok(Lowered::Token),
            _ => {
                let memref = self.memref_type(ty)?;
                Ok(Lowered::Buffer(self.alloc(memref)))
            }
        }
    }
}
