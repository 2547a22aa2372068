//! Translation of one `llvm.func` body: its blocks become basic blocks, block arguments
//! become phis, and each op becomes the builder call that [`super::ops`] names for it.
//!
//! Blocks are translated in reverse post-order of the control-flow graph, so every value is
//! translated before its uses (a block's dominators come before it in that order, and SSA
//! dominance is what the verifier checked). Blocks that no path from the entry reaches are
//! left out: they cannot run, and the verifier does not check dominance in them. Basic blocks
//! keep the order of the region, the entry first.
//!
//! A branch adds its operands to the phis of its target's arguments, as incoming values from
//! the basic block it ends. LLVM allows one incoming value per predecessor block, so when a
//! conditional branch has one target twice, its second edge goes through a basic block of its
//! own (what MLIR's export legalization does).

use std::collections::{HashMap, HashSet};

use inkwell::basic_block::BasicBlock;
use inkwell::builder::{Builder, BuilderError};
use inkwell::context::Context as LlvmContext;
use inkwell::module::Module;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicValue, BasicValueEnum, FloatValue, FunctionValue, IntValue, PhiValue, PointerValue};
use xla_ir::op_def::OpRef;
use xla_ir::{BlockId, Body, Diagnostic, OpId, RegionId, Type, ValueId};

use super::ops;
use super::types::basic_type;

/// Translates the body of one function; see the module documentation.
pub struct FunctionTranslator<'a, 'c, 'll> {
    /// The IR being translated.
    pub body: &'a Body<'c>,
    /// The LLVM context the module lives in.
    pub llcx: &'ll LlvmContext,
    /// The module the function is in (calls declare their callees there).
    pub module: &'a Module<'ll>,
    /// The builder, positioned in the basic block being filled.
    pub builder: Builder<'ll>,
    blocks: HashMap<BlockId, BasicBlock<'ll>>,
    values: HashMap<ValueId, BasicValueEnum<'ll>>,
    phis: HashMap<ValueId, PhiValue<'ll>>,
    function: FunctionValue<'ll>,
}

impl<'a, 'c, 'll> FunctionTranslator<'a, 'c, 'll> {
    /// A translator of one function's body into `function`, declared in `module`.
    pub fn new(body: &'a Body<'c>, llcx: &'ll LlvmContext, module: &'a Module<'ll>, function: FunctionValue<'ll>) -> Self {
        FunctionTranslator {
            body,
            llcx,
            module,
            builder: llcx.create_builder(),
            blocks: HashMap::new(),
            values: HashMap::new(),
            phis: HashMap::new(),
            function,
        }
    }

    /// Translates the region of `func` (an `llvm.func` with a body) into the function.
    pub fn translate(mut self, func: OpId, region: RegionId) -> Result<(), Diagnostic> {
        let order = reverse_post_order(self.body, region);
        let reachable: HashSet<BlockId> = order.iter().copied().collect();
        for &block in &self.body.region(region).blocks {
            if reachable.contains(&block) {
                let bb = self.llcx.append_basic_block(self.function, "");
                self.blocks.insert(block, bb);
            }
        }
        let Some(&entry) = order.first() else { return Ok(()) };
        self.bind_parameters(func, entry)?;
        for &block in &order[1..] {
            self.create_phis(func, block)?;
        }
        for &block in &order {
            self.builder.position_at_end(self.blocks[&block]);
            for op in self.body.block_ops(block) {
                self.translate_op(op)?;
            }
        }
        Ok(())
    }

    /// The entry block's arguments are the function's parameters.
    fn bind_parameters(&mut self, func: OpId, entry: BlockId) -> Result<(), Diagnostic> {
        let args = &self.body.block(entry).args;
        let params = self.function.get_params();
        if args.len() != params.len() {
            return Err(self.error(func, "the entry block's arguments do not match the signature"));
        }
        for (arg, param) in args.iter().zip(params) {
            self.values.insert(*arg, param);
        }
        Ok(())
    }

    /// One phi per argument of `block`, at the top of its basic block.
    fn create_phis(&mut self, func: OpId, block: BlockId) -> Result<(), Diagnostic> {
        self.builder.position_at_end(self.blocks[&block]);
        for &arg in &self.body.block(block).args {
            let ty = self.body.value_type(arg);
            let llvm_type = self.llvm_type_of(ty).ok_or_else(|| {
                self.error(func, format!("has a block argument of type {}, which has no LLVM type", self.body.ctx().type_to_string(ty)))
            })?;
            let phi = self.builder.build_phi(llvm_type, "").map_err(|e| self.builder_error(func, e))?;
            self.values.insert(arg, phi.as_basic_value());
            self.phis.insert(arg, phi);
        }
        Ok(())
    }

    fn translate_op(&mut self, op: OpId) -> Result<(), Diagnostic> {
        let translate = ops::translation_of(self.body, op)
            .ok_or_else(|| self.error(op, "has no translation to LLVM IR: lower the module to the llvm dialect first"))?;
        translate(self, op)
    }

    // ---- What op translations use --------------------------------------------------------

    /// An error at `op`, prefixed with its name.
    pub fn error(&self, op: OpId, message: impl Into<String>) -> Diagnostic {
        OpRef::new(self.body, op).error(message)
    }

    /// An error for a builder call LLVM refused.
    pub fn builder_error(&self, op: OpId, error: BuilderError) -> Diagnostic {
        self.error(op, format!("cannot be built in LLVM IR: {error}"))
    }

    /// The LLVM type of `ty`.
    pub fn llvm_type_of(&self, ty: Type) -> Option<BasicTypeEnum<'ll>> {
        basic_type(self.llcx, self.body.ctx(), ty)
    }

    /// The LLVM type of result `i` of `op`.
    pub fn result_type(&self, op: OpId, i: usize) -> Result<BasicTypeEnum<'ll>, Diagnostic> {
        let result = *self.body.op(op).results.get(i).ok_or_else(|| self.error(op, format!("has no result #{i}")))?;
        let ty = self.body.value_type(result);
        self.llvm_type_of(ty)
            .ok_or_else(|| self.error(op, format!("result of type {} has no LLVM type", self.body.ctx().type_to_string(ty))))
    }

    /// The translated value of operand `i` of `op`.
    pub fn operand(&self, op: OpId, i: usize) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        let value = *self.body.op(op).operands.get(i).ok_or_else(|| self.error(op, format!("has no operand #{i}")))?;
        self.value(op, value)
    }

    /// The translated value of `value`, used by `op`.
    pub fn value(&self, op: OpId, value: ValueId) -> Result<BasicValueEnum<'ll>, Diagnostic> {
        self.values
            .get(&value)
            .copied()
            .ok_or_else(|| self.error(op, "uses a value that is not defined on every path to it"))
    }

    /// Operand `i` of `op` as an integer.
    pub fn int_operand(&self, op: OpId, i: usize) -> Result<IntValue<'ll>, Diagnostic> {
        match self.operand(op, i)? {
            BasicValueEnum::IntValue(v) => Ok(v),
            _ => Err(self.error(op, format!("operand #{i} is not an integer"))),
        }
    }

    /// Operand `i` of `op` as a float.
    pub fn float_operand(&self, op: OpId, i: usize) -> Result<FloatValue<'ll>, Diagnostic> {
        match self.operand(op, i)? {
            BasicValueEnum::FloatValue(v) => Ok(v),
            _ => Err(self.error(op, format!("operand #{i} is not a float"))),
        }
    }

    /// Operand `i` of `op` as a pointer.
    pub fn ptr_operand(&self, op: OpId, i: usize) -> Result<PointerValue<'ll>, Diagnostic> {
        match self.operand(op, i)? {
            BasicValueEnum::PointerValue(v) => Ok(v),
            _ => Err(self.error(op, format!("operand #{i} is not a pointer"))),
        }
    }

    /// Records `value` as the translation of the single result of `op`.
    pub fn define(&mut self, op: OpId, value: BasicValueEnum<'ll>) -> Result<(), Diagnostic> {
        let result = *self.body.op(op).results.first().ok_or_else(|| self.error(op, "has no result"))?;
        self.values.insert(result, value);
        Ok(())
    }

    /// The basic block to jump to along edge `index` of branch `op`, after adding the
    /// branch's operands for that edge to the target's phis. With `own_block`, the edge goes
    /// through a new basic block that jumps on to the target (see the module documentation).
    pub fn edge(&mut self, op: OpId, index: usize, own_block: bool) -> Result<BasicBlock<'ll>, Diagnostic> {
        let target = *self.body.op(op).successors.get(index).ok_or_else(|| self.error(op, format!("has no successor #{index}")))?;
        let target_bb = *self.blocks.get(&target).ok_or_else(|| self.error(op, "branches to a block that was not translated"))?;
        let current = self.builder.get_insert_block().ok_or_else(|| self.error(op, "is not in a basic block"))?;
        let from = if own_block {
            let edge_bb = self.llcx.append_basic_block(self.function, "");
            self.builder.position_at_end(edge_bb);
            self.builder.build_unconditional_branch(target_bb).map_err(|e| self.builder_error(op, e))?;
            self.builder.position_at_end(current);
            edge_bb
        } else {
            current
        };
        let passed = self.body.successor_operands(op, index).to_vec();
        let args = self.body.block(target).args.clone();
        if passed.len() != args.len() {
            return Err(self.error(op, format!("passes {} values to a block of {} arguments", passed.len(), args.len())));
        }
        for (value, arg) in passed.into_iter().zip(args) {
            let incoming = self.value(op, value)?;
            let phi = self.phis.get(&arg).ok_or_else(|| self.error(op, "branches to a block argument without a phi"))?;
            phi.add_incoming(&[(&incoming as &dyn BasicValue<'ll>, from)]);
        }
        Ok(if own_block { from } else { target_bb })
    }
}

/// The blocks of `region` that the entry reaches, in reverse post-order of the control-flow
/// graph (successors of each block's last op).
fn reverse_post_order(body: &Body, region: RegionId) -> Vec<BlockId> {
    let Some(entry) = body.entry_block(region) else { return Vec::new() };
    let successors = |b: BlockId| body.last_op(b).map(|op| body.op(op).successors.clone()).unwrap_or_default();
    let mut visited = HashSet::from([entry]);
    let mut post_order = Vec::new();
    // Each frame holds a block and the successors still to visit.
    let mut stack = vec![(entry, successors(entry).into_iter())];
    while let Some((block, next)) = stack.last_mut() {
        match next.next() {
            Some(s) if visited.insert(s) => stack.push((s, successors(s).into_iter())),
            Some(_) => {}
            None => {
                post_order.push(*block);
                stack.pop();
            }
        }
    }
    post_order.reverse();
    post_order
}
