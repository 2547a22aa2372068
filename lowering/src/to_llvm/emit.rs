//! Emitting llvm-dialect ops: constants (hoisted to the top of the function and shared),
//! instructions, calls, blocks and branches.
//!
//! Every helper appends to the current block ([`FnLowering::block`]) at the location of
//! the op being lowered, except constants, which go at the start of the function's entry
//! block, where they dominate every use. The helpers build ops from an [`OpState`] and do
//! not verify them; the verifier runs on the finished module.

use xla_dialects::llvm::{BrOp, CondBrOp, FcmpPredicate, IcmpPredicate, LlvmOpKind, ptr_type};
use xla_ir::{Attribute, BlockId, Builder, InsertPoint, OpState, Type, ValueId};

use super::lowering::FnLowering;
use super::types::intrinsic_suffix;

impl FnLowering<'_, '_> {
    /// A state for the op `name` with `operands`, a result of type `result` if any and
    /// `attrs`.
    fn state(&self, name: &str, operands: &[ValueId], result: Option<Type>, attrs: &[(&str, Attribute)]) -> OpState {
        let ctx = self.ctx();
        let mut state = OpState::new(ctx.symbol(name), self.loc);
        state.operands = operands.to_vec();
        state.result_types = result.into_iter().collect();
        for (attr_name, value) in attrs {
            state.set_attr(ctx.symbol(attr_name), *value);
        }
        state
    }

    /// Appends the op `name` to the current block and returns its result, if it has one.
    pub fn emit(&mut self, name: &str, operands: &[ValueId], result: Option<Type>, attrs: &[(&str, Attribute)]) -> Option<ValueId> {
        let state = self.state(name, operands, result, attrs);
        let op = Builder::at_end(self.body, self.block, self.loc).create(state);
        result.map(|_| self.body.result(op, 0))
    }

    /// Appends the op `name` giving a value of type `ty`.
    pub fn value_op(&mut self, name: &str, operands: &[ValueId], ty: Type, attrs: &[(&str, Attribute)]) -> ValueId {
        let state = self.state(name, operands, Some(ty), attrs);
        let op = Builder::at_end(self.body, self.block, self.loc).create(state);
        self.body.result(op, 0)
    }

    // ---- Constants -------------------------------------------------------------------

    /// The `llvm.constant` holding `value` (a typed attribute, or a bool for `i1`) of type
    /// `ty`, hoisted and shared.
    pub fn constant(&mut self, value: Attribute, ty: Type) -> ValueId {
        if let Some(&v) = self.constants.get(&value) {
            return v;
        }
        let at = match self.last_constant {
            Some(op) => InsertPoint::After(op),
            None => InsertPoint::BlockStart(self.entry),
        };
        let state = self.state(LlvmOpKind::Constant.name(), &[], Some(ty), &[("value", value)]);
        let mut b = Builder::new(self.body, self.loc);
        b.set_insert_point(at);
        let op = b.create(state);
        self.last_constant = Some(op);
        let v = self.body.result(op, 0);
        self.constants.insert(value, v);
        v
    }

    /// The integer constant `value` of the integer type `ty` (`i1` included).
    pub fn int_const(&mut self, value: i128, ty: Type) -> ValueId {
        let ctx = self.ctx();
        let attr = if ty == ctx.int_type(1) { ctx.bool_attr(value & 1 != 0) } else { ctx.int_attr(value, ty) };
        let v = self.constant(attr, ty);
        self.known.insert(v, value);
        v
    }

    /// The `i64` constant `value`.
    pub fn i64_const(&mut self, value: i64) -> ValueId {
        let ty = self.ctx().int_type(64);
        self.int_const(i128::from(value), ty)
    }

    /// The `i32` constant `value` (statuses).
    pub fn i32_const(&mut self, value: i32) -> ValueId {
        let ty = self.ctx().int_type(32);
        self.int_const(i128::from(value), ty)
    }

    /// The float constant `value` of the float type `ty`.
    pub fn float_const(&mut self, value: f64, ty: Type) -> ValueId {
        let attr = self.ctx().float_attr(value, ty);
        self.constant(attr, ty)
    }

    /// The value of `v` when it is an integer constant.
    pub fn known_int(&self, v: ValueId) -> Option<i128> {
        self.known.get(&v).copied()
    }

    // ---- Instructions ----------------------------------------------------------------

    /// The binary instruction `kind a, b` (`llvm.add`, `llvm.fmul`, ...), of the type of `a`.
    pub fn binary(&mut self, kind: LlvmOpKind, a: ValueId, b: ValueId) -> ValueId {
        let ty = self.body.value_type(a);
        self.value_op(kind.name(), &[a, b], ty, &[])
    }

    /// `llvm.icmp predicate a, b`.
    pub fn icmp(&mut self, predicate: IcmpPredicate, a: ValueId, b: ValueId) -> ValueId {
        let (i1, attr) = (self.ctx().int_type(1), self.ctx().string_attr(predicate.name()));
        self.value_op(LlvmOpKind::ICmp.name(), &[a, b], i1, &[("predicate", attr)])
    }

    /// `llvm.fcmp predicate a, b`.
    pub fn fcmp(&mut self, predicate: FcmpPredicate, a: ValueId, b: ValueId) -> ValueId {
        let (i1, attr) = (self.ctx().int_type(1), self.ctx().string_attr(predicate.name()));
        self.value_op(LlvmOpKind::FCmp.name(), &[a, b], i1, &[("predicate", attr)])
    }

    /// `llvm.select p, a, b`.
    pub fn select(&mut self, p: ValueId, a: ValueId, b: ValueId) -> ValueId {
        let ty = self.body.value_type(a);
        self.value_op(LlvmOpKind::Select.name(), &[p, a, b], ty, &[])
    }

    /// The cast `kind x : _ to ty` (`llvm.sext`, `llvm.ptrtoint`, ...).
    pub fn cast(&mut self, kind: LlvmOpKind, x: ValueId, ty: Type) -> ValueId {
        self.value_op(kind.name(), &[x], ty, &[])
    }

    /// `llvm.call @callee(args)` with a result of type `result`, if any.
    pub fn call(&mut self, callee: &str, args: &[ValueId], result: Option<Type>) -> Option<ValueId> {
        let attr = self.ctx().symbol_ref_attr(vec![self.ctx().symbol(callee)]);
        self.emit(LlvmOpKind::Call.name(), args, result, &[("callee", attr)])
    }

    /// A call of the overloaded intrinsic `llvm.<base>` on values of type `ty`, giving `ty`
    /// (`llvm.exp.f32`).
    pub fn intrinsic(&mut self, base: &str, args: &[ValueId], ty: Type) -> ValueId {
        let name = format!("llvm.{base}.{}", intrinsic_suffix(self.ctx(), ty));
        self.call_value(&name, args, ty)
    }

    /// A call giving a value of type `ty`.
    pub fn call_value(&mut self, callee: &str, args: &[ValueId], ty: Type) -> ValueId {
        let attr = self.ctx().symbol_ref_attr(vec![self.ctx().symbol(callee)]);
        self.value_op(LlvmOpKind::Call.name(), args, ty, &[("callee", attr)])
    }

    /// `llvm.getelementptr inbounds base[index] : elem`.
    pub fn element_address(&mut self, base: ValueId, index: ValueId, elem: Type) -> ValueId {
        let ctx = self.ctx();
        let attrs = [("elem_type", ctx.type_attr(elem)), ("inbounds", ctx.unit_attr())];
        self.value_op(LlvmOpKind::GetElementPtr.name(), &[base, index], ptr_type(ctx), &attrs)
    }

    /// `llvm.load addr : ty`.
    pub fn load(&mut self, addr: ValueId, ty: Type) -> ValueId {
        self.value_op(LlvmOpKind::Load.name(), &[addr], ty, &[])
    }

    /// `llvm.store value, addr`.
    pub fn store(&mut self, value: ValueId, addr: ValueId) {
        self.emit(LlvmOpKind::Store.name(), &[value, addr], None, &[]);
    }

    /// `free(buffer)`.
    pub fn free(&mut self, buffer: ValueId) {
        self.call("free", &[buffer], None);
    }

    // ---- Blocks and branches ---------------------------------------------------------

    /// A new block, not yet in the function, with arguments of `types`.
    pub fn new_block(&mut self, types: &[Type]) -> (BlockId, Vec<ValueId>) {
        let block = self.body.create_block();
        let args = types.iter().map(|ty| self.body.add_block_arg(block, *ty)).collect();
        (block, args)
    }

    /// Appends `block` to the function and makes it the current block.
    pub fn enter_block(&mut self, block: BlockId) {
        self.body.push_block(self.region, block);
        self.block = block;
    }

    /// `llvm.br ^dest(operands)`.
    pub fn br(&mut self, dest: BlockId, operands: &[ValueId]) {
        BrOp::build_to(&mut Builder::at_end(self.body, self.block, self.loc), dest, operands);
    }

    /// `llvm.cond_br condition, ^t(t_operands), ^f(f_operands)`.
    pub fn cond_br(&mut self, condition: ValueId, on_true: (BlockId, &[ValueId]), on_false: (BlockId, &[ValueId])) {
        CondBrOp::build_to(&mut Builder::at_end(self.body, self.block, self.loc), condition, on_true, on_false);
    }

    /// `llvm.return value`.
    pub fn ret(&mut self, value: Option<ValueId>) {
        let operands: Vec<ValueId> = value.into_iter().collect();
        self.emit(LlvmOpKind::Return.name(), &operands, None, &[]);
    }
}
