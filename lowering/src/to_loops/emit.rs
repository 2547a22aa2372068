//! Emitting loop-dialect ops: constants (hoisted to the top of the function and shared),
//! `index` arithmetic that folds known constants, scalar ops, buffers, and the loop and
//! conditional constructs whose bodies are given as closures.
//!
//! Invariant: ops go at the end of the current block ([`Lowering::block`]), except
//! constants, which go at the start of the function's entry block, where they dominate
//! every use; a construct's body runs with the current block set to the construct's
//! region and restores it afterwards, whether the body succeeds or not.

use xla_dialects::hlo::{ComparisonDirection, ComparisonType};
use xla_dialects::loops::{
    AllocOp, ArithKind, ArithOp, BitcastOp, CompareOp, ConditionOp, ConstantOp, ConvertOp, ForOp, IfOp, LiteralOp, LoadOp,
    MathKind, MathOp, ParallelOp, SelectOp, StoreOp, WhileOp, YieldOp,
};
use xla_ir::{Attribute, BlockId, Builder, Diagnostic, InsertPoint, Op, RegionId, Scalar, Type, TypeData, ValueId};

use super::lowering::Lowering;

/// What an emitting closure gives back.
pub type Emitted<T> = Result<T, Diagnostic>;

impl<'a, 'c> Lowering<'a, 'c> {
    /// A builder appending to the current block.
    fn builder(&mut self) -> Builder<'_, 'c> {
        Builder::at_end(self.body, self.block, self.loc)
    }

    // ---- Constants -------------------------------------------------------------------

    /// The constant `value` (a typed integer or float attribute, or a bool for `i1`) of
    /// type `ty`, hoisted to the start of the function and shared by every use.
    pub fn constant(&mut self, value: Attribute, ty: Type) -> ValueId {
        if let Some(&v) = self.constants.get(&value) {
            return v;
        }
        let at = match self.last_constant {
            Some(op) => InsertPoint::After(op),
            None => InsertPoint::BlockStart(self.entry),
        };
        let mut b = Builder::new(self.body, self.loc);
        b.set_insert_point(at);
        let op = ConstantOp::build(&mut b, value, ty).map(|c| c.id());
        let op = op.unwrap_or_else(|_| unreachable!("loop.constant infers nothing, so building it cannot fail"));
        self.last_constant = Some(op);
        let v = self.body.result(op, 0);
        self.constants.insert(value, v);
        v
    }

    /// The `index` constant `i`.
    pub fn index(&mut self, i: i64) -> ValueId {
        let ctx = self.ctx();
        let v = self.constant(ctx.int_attr(i as i128, ctx.index_type()), ctx.index_type());
        self.known_indices.insert(v, i);
        v
    }

    /// The scalar constant `value` of element type `ty` (a complex one through its bits,
    /// see [`super::complex`]), or an error for types it cannot hold.
    pub fn scalar(&mut self, value: Scalar, ty: Type) -> Emitted<ValueId> {
        let ctx = self.ctx();
        let attr = match (value, ctx.type_data(ty)) {
            (Scalar::Int(v), TypeData::Integer { width: 1, .. }) => ctx.bool_attr(v != 0),
            (Scalar::Int(v), TypeData::Integer { .. } | TypeData::Index) => ctx.int_attr(v, ty),
            (Scalar::Float(x), TypeData::Float(_)) => ctx.float_attr(x, ty),
            (Scalar::Int(v), TypeData::Float(_)) => ctx.float_attr(v as f64, ty),
            (Scalar::Complex(re, im), TypeData::Complex(_)) => return self.complex_constant(re, im, ty),
            (Scalar::Float(re), TypeData::Complex(_)) => return self.complex_constant(re, 0.0, ty),
            (Scalar::Int(v), TypeData::Complex(_)) => return self.complex_constant(v as f64, 0.0, ty),
            _ => return Err(self.error(format!("lower-to-loops does not handle constants of type {} yet", ctx.type_to_string(ty)))),
        };
        Ok(self.constant(attr, ty))
    }

    /// The zero of type `ty` (`false` for `i1`).
    pub fn zero(&mut self, ty: Type) -> Emitted<ValueId> {
        let value = if self.ctx().is_float(ty) { Scalar::Float(0.0) } else { Scalar::Int(0) };
        self.scalar(value, ty)
    }

    /// The value of an `index` constant, when `v` is one.
    fn known(&self, v: ValueId) -> Option<i64> {
        self.known_indices.get(&v).copied()
    }

    // ---- Scalar ops ------------------------------------------------------------------

    /// `loop.arith kind a, b`.
    pub fn arith(&mut self, kind: ArithKind, a: ValueId, b: ValueId) -> ValueId {
        let ty = self.body.value_type(a);
        let op = ArithOp::build(&mut self.builder(), a, b, kind, ty).map(|o| o.id());
        self.result_of(op)
    }

    /// `loop.math kind a`.
    pub fn math(&mut self, kind: MathKind, a: ValueId) -> ValueId {
        let ty = self.body.value_type(a);
        let op = MathOp::build(&mut self.builder(), a, kind, ty).map(|o| o.id());
        self.result_of(op)
    }

    /// `loop.compare direction, a, b[, compare_type]`.
    pub fn compare(&mut self, direction: ComparisonDirection, compare_type: Option<ComparisonType>, a: ValueId, b: ValueId) -> ValueId {
        let pred = self.ctx().int_type(1);
        let op = CompareOp::build(&mut self.builder(), a, b, direction, compare_type, pred).map(|o| o.id());
        self.result_of(op)
    }

    /// `loop.select p, a, b`.
    pub fn select(&mut self, p: ValueId, a: ValueId, b: ValueId) -> ValueId {
        let ty = self.body.value_type(a);
        let op = SelectOp::build(&mut self.builder(), p, a, b, ty).map(|o| o.id());
        self.result_of(op)
    }

    /// `x` converted to `ty` (`x` itself when it has that type).
    pub fn convert(&mut self, x: ValueId, ty: Type) -> ValueId {
        if self.body.value_type(x) == ty {
            return x;
        }
        if let (Some(i), true) = (self.known(x), self.ctx().is_integer(ty)) {
            let attr = self.ctx().int_attr(i as i128, ty);
            if ty != self.ctx().int_type(1) {
                return self.constant(attr, ty);
            }
        }
        let op = ConvertOp::build(&mut self.builder(), x, ty).map(|o| o.id());
        self.result_of(op)
    }

    /// `x` reinterpreted as `ty`, of the same width.
    pub fn bitcast(&mut self, x: ValueId, ty: Type) -> ValueId {
        if self.body.value_type(x) == ty {
            return x;
        }
        let op = BitcastOp::build(&mut self.builder(), x, ty).map(|o| o.id());
        self.result_of(op)
    }

    /// The single result of a just-built op (building the loop ops infers nothing, so it
    /// cannot fail).
    fn result_of(&self, op: Result<xla_ir::OpId, Diagnostic>) -> ValueId {
        match op {
            Ok(op) => self.body.result(op, 0),
            Err(_) => unreachable!("loop ops infer nothing, so building them cannot fail"),
        }
    }

    // ---- Index arithmetic ------------------------------------------------------------

    /// `a op b` on `index` values, folded when both are known constants.
    fn index_op(&mut self, kind: ArithKind, a: ValueId, b: ValueId, fold: fn(i64, i64) -> Option<i64>) -> ValueId {
        if let (Some(x), Some(y)) = (self.known(a), self.known(b)) {
            if let Some(folded) = fold(x, y) {
                return self.index(folded);
            }
        }
        self.arith(kind, a, b)
    }

    /// `a + b` on `index` values.
    pub fn add_index(&mut self, a: ValueId, b: ValueId) -> ValueId {
        match (self.known(a), self.known(b)) {
            (Some(0), _) => b,
            (_, Some(0)) => a,
            _ => self.index_op(ArithKind::Add, a, b, i64::checked_add),
        }
    }

    /// `a - b` on `index` values.
    pub fn sub_index(&mut self, a: ValueId, b: ValueId) -> ValueId {
        match self.known(b) {
            Some(0) => a,
            _ => self.index_op(ArithKind::Subtract, a, b, i64::checked_sub),
        }
    }

    /// `a * b` on `index` values.
    pub fn mul_index(&mut self, a: ValueId, b: ValueId) -> ValueId {
        match (self.known(a), self.known(b)) {
            (Some(1), _) => b,
            (_, Some(1)) => a,
            _ => self.index_op(ArithKind::Multiply, a, b, i64::checked_mul),
        }
    }

    /// `a / b` on `index` values (truncating; `b` is a positive constant where used).
    pub fn div_index(&mut self, a: ValueId, b: ValueId) -> ValueId {
        match self.known(b) {
            Some(1) => a,
            _ => self.index_op(ArithKind::Divide, a, b, i64::checked_div),
        }
    }

    /// `a % b` on `index` values (the sign of `a`, as `hlo.remainder`).
    pub fn rem_index(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.index_op(ArithKind::Remainder, a, b, i64::checked_rem)
    }

    /// The smaller of two `index` values.
    pub fn min_index(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.index_op(ArithKind::Minimum, a, b, |x, y| Some(x.min(y)))
    }

    /// The larger of two `index` values.
    pub fn max_index(&mut self, a: ValueId, b: ValueId) -> ValueId {
        self.index_op(ArithKind::Maximum, a, b, |x, y| Some(x.max(y)))
    }

    /// `a + c` for a constant `c`.
    pub fn add_const(&mut self, a: ValueId, c: i64) -> ValueId {
        if c == 0 {
            return a;
        }
        let c = self.index(c);
        self.add_index(a, c)
    }

    /// `a * c` for a constant `c`.
    pub fn mul_const(&mut self, a: ValueId, c: i64) -> ValueId {
        if c == 1 {
            return a;
        }
        let c = self.index(c);
        self.mul_index(a, c)
    }

    /// `a / c` for a positive constant `c`.
    pub fn div_const(&mut self, a: ValueId, c: i64) -> ValueId {
        if c == 1 {
            return a;
        }
        let c = self.index(c);
        self.div_index(a, c)
    }

    /// `a % c` for a positive constant `c`.
    pub fn rem_const(&mut self, a: ValueId, c: i64) -> ValueId {
        let c = self.index(c);
        self.rem_index(a, c)
    }

    /// The `i1` that `direction` holds between two `index` values.
    pub fn compare_index(&mut self, direction: ComparisonDirection, a: ValueId, b: ValueId) -> ValueId {
        self.compare(direction, None, a, b)
    }

    /// The conjunction of predicates (`true` for none).
    pub fn all(&mut self, predicates: &[ValueId]) -> Emitted<ValueId> {
        let Some((&first, rest)) = predicates.split_first() else {
            return self.scalar(Scalar::Int(1), self.ctx().int_type(1));
        };
        Ok(rest.iter().fold(first, |acc, &p| self.arith(ArithKind::And, acc, p)))
    }

    // ---- Buffers ---------------------------------------------------------------------

    /// A fresh buffer of type `memref`.
    pub fn alloc(&mut self, memref: Type) -> ValueId {
        let op = AllocOp::build(&mut self.builder(), memref).map(|o| o.id());
        self.result_of(op)
    }

    /// A `loop.literal` holding `value` in a read-only buffer of type `memref`.
    pub fn literal_buffer(&mut self, value: &xla_ir::DenseElements, memref: Type) -> ValueId {
        let op = LiteralOp::build(&mut self.builder(), value, memref).map(|o| o.id());
        self.result_of(op)
    }

    /// The element of `buffer` at `index`: a load already emitted earlier in the current
    /// block (with no store to the buffer, call or region in between), or a new one.
    pub fn load(&mut self, buffer: ValueId, index: &[ValueId]) -> ValueId {
        let key = (buffer, index.to_vec());
        if let Some(&loaded) = self.loads.get(&key) {
            if self.body.value_block(loaded).is_some_and(|b| self.encloses(b, self.block)) {
                return loaded;
            }
        }
        let element = self.ctx().as_memref(self.body.value_type(buffer)).map(|m| m.element);
        let element = element.unwrap_or_else(|| unreachable!("loads read buffers the lowering made"));
        let op = LoadOp::build(&mut self.builder(), buffer, index, element).map(|o| o.id());
        let loaded = self.result_of(op);
        self.loads.insert(key, loaded);
        loaded
    }

    /// Whether block `outer` is `inner` or encloses it.
    pub(super) fn encloses(&self, outer: BlockId, inner: BlockId) -> bool {
        let mut block = Some(inner);
        while let Some(b) = block {
            if b == outer {
                return true;
            }
            block = self.body.block_parent_op(b).and_then(|op| self.body.op_block(op));
        }
        false
    }

    /// Writes `value` to the element of `buffer` at `index`.
    pub fn store(&mut self, value: ValueId, buffer: ValueId, index: &[ValueId]) {
        self.forget_loads(buffer);
        let _ = StoreOp::build(&mut self.builder(), value, buffer, index);
    }

    /// A fresh `memref<Nxi64>` holding `values`, one `loop.store` each: how arrays of
    /// sizes and strides are passed to the runtime.
    pub fn i64_buffer(&mut self, values: &[i64]) -> Emitted<ValueId> {
        let i64_type = self.ctx().int_type(64);
        let buffer = self.alloc(self.ctx().memref_type(&[values.len() as i64], i64_type));
        for (i, &value) in values.iter().enumerate() {
            let value = self.scalar(Scalar::Int(i128::from(value)), i64_type)?;
            let at = self.index(i as i64);
            self.store(value, buffer, &[at]);
        }
        Ok(buffer)
    }

    /// Forgets the loads of `buffer`, which something may have written.
    pub fn forget_loads(&mut self, buffer: ValueId) {
        self.loads.retain(|(b, _), _| *b != buffer);
    }

    // ---- Constructs ------------------------------------------------------------------

    /// Runs `body` with the current block set to a new block of `region` with arguments
    /// of `types`, then ends that block with the terminator `end` makes from what the
    /// body gave; the current block is restored either way.
    fn in_new_block<T>(
        &mut self,
        region: RegionId,
        types: &[Type],
        body: impl FnOnce(&mut Self, &[ValueId]) -> Emitted<T>,
        end: impl FnOnce(&mut Self, &T),
    ) -> Emitted<T> {
        let block = self.body.append_block(region);
        let args: Vec<ValueId> = types.iter().map(|ty| self.body.add_block_arg(block, *ty)).collect();
        let saved = std::mem::replace(&mut self.block, block);
        // A region may run many times and write buffers: no load is shared across its
        // boundary, either way.
        self.loads.clear();
        self.elements.clear();
        let result = body(self, &args);
        if let Ok(value) = &result {
            end(self, value);
        }
        self.loads.clear();
        self.elements.clear();
        self.block = saved;
        result
    }

    /// Ends the current block with `loop.yield values`.
    pub fn yield_values(&mut self, values: &[ValueId]) {
        let _ = YieldOp::build(&mut self.builder(), values);
    }

    /// A loop nest over every index of `shape`: `loop.parallel` over all dimensions (none
    /// for a 0-d shape, whose body then runs in the current block).
    pub fn loop_nest(&mut self, shape: &[i64], body: impl FnOnce(&mut Self, &[ValueId]) -> Emitted<()>) -> Emitted<()> {
        let order: Vec<usize> = (0..shape.len()).collect();
        self.loop_nest_ordered(shape, &order, body)
    }

    /// [`Lowering::loop_nest`] with the loops in `order` (dimensions from the outermost loop
    /// to the innermost): a buffer is written in its layout's order when `order` is its
    /// major-to-minor list, so the innermost loop walks contiguous memory. `body` still
    /// gets the index in dimension order.
    pub fn loop_nest_ordered(&mut self, shape: &[i64], order: &[usize], body: impl FnOnce(&mut Self, &[ValueId]) -> Emitted<()>) -> Emitted<()> {
        let mut seen = vec![false; shape.len()];
        let valid = order.len() == shape.len() && order.iter().all(|&d| d < shape.len() && !std::mem::replace(&mut seen[d], true));
        let order: Vec<usize> = if valid { order.to_vec() } else { (0..shape.len()).collect() };
        let permuted: Vec<i64> = order.iter().map(|&d| shape[d]).collect();
        let unpermute = move |ivs: &[ValueId]| {
            let mut index = ivs.to_vec();
            for (k, &d) in order.iter().enumerate() {
                index[d] = ivs[k];
            }
            index
        };
        self.loop_nest_in_order(&permuted, |this, ivs| body(this, &unpermute(ivs)))
    }

    /// The nest of [`Lowering::loop_nest`], over `shape` in its own order.
    fn loop_nest_in_order(&mut self, shape: &[i64], body: impl FnOnce(&mut Self, &[ValueId]) -> Emitted<()>) -> Emitted<()> {
        if shape.is_empty() {
            return body(self, &[]);
        }
        let zero = self.index(0);
        let lower = vec![zero; shape.len()];
        let upper: Vec<ValueId> = shape.iter().map(|&n| self.index(n)).collect();
        let op = ParallelOp::build(&mut self.builder(), &lower, &upper).map_err(|d| self.error(d.message))?;
        let region = op.body(self.body);
        let index = vec![self.ctx().index_type(); shape.len()];
        // A dimension of size 1 has index 0: the constant, so that index arithmetic folds.
        let with_known_zeros = |this: &mut Self, ivs: &[ValueId]| {
            let index: Vec<ValueId> = ivs.iter().zip(shape).map(|(&iv, &n)| if n == 1 { zero } else { iv }).collect();
            body(this, &index)
        };
        self.in_new_block(region, &index, with_known_zeros, |this, _| this.yield_values(&[]))
    }

    /// `loop.for %i = lower to upper step 1` carrying `inits`; `body` gets the induction
    /// variable and the carried values and gives their next values. Returns the results.
    pub fn for_loop(
        &mut self,
        lower: ValueId,
        upper: ValueId,
        inits: &[ValueId],
        body: impl FnOnce(&mut Self, ValueId, &[ValueId]) -> Emitted<Vec<ValueId>>,
    ) -> Emitted<Vec<ValueId>> {
        let step = self.index(1);
        let types: Vec<Type> = inits.iter().map(|v| self.body.value_type(*v)).collect();
        let op = ForOp::build(&mut self.builder(), lower, upper, step, inits, &types).map_err(|d| self.error(d.message))?;
        let region = op.body(self.body);
        let mut args = vec![self.ctx().index_type()];
        args.extend(&types);
        self.in_new_block(region, &args, |this, args| body(this, args[0], &args[1..]), |this, next| this.yield_values(next))?;
        Ok(self.body.op(op.id()).results.clone())
    }

    /// `loop.if condition` with results of `types`: each branch gives its values.
    pub fn if_else(
        &mut self,
        condition: ValueId,
        types: &[Type],
        then_branch: impl FnOnce(&mut Self) -> Emitted<Vec<ValueId>>,
        else_branch: impl FnOnce(&mut Self) -> Emitted<Vec<ValueId>>,
    ) -> Emitted<Vec<ValueId>> {
        let op = IfOp::build(&mut self.builder(), condition, types).map_err(|d| self.error(d.message))?;
        let (then_region, else_region) = (op.then_region(self.body), op.else_region(self.body));
        self.in_new_block(then_region, &[], |this, _| then_branch(this), |this, values| this.yield_values(values))?;
        self.in_new_block(else_region, &[], |this, _| else_branch(this), |this, values| this.yield_values(values))?;
        Ok(self.body.op(op.id()).results.clone())
    }

    /// `loop.while` without loop-carried values: `cond` gives the predicate, `body` runs
    /// while it holds (the state lives in buffers).
    pub fn while_loop(
        &mut self,
        cond: impl FnOnce(&mut Self) -> Emitted<ValueId>,
        body: impl FnOnce(&mut Self) -> Emitted<()>,
    ) -> Emitted<()> {
        let op = WhileOp::build(&mut self.builder(), &[], &[]).map_err(|d| self.error(d.message))?;
        let (cond_region, body_region) = (op.cond(self.body), op.body(self.body));
        self.in_new_block(cond_region, &[], |this, _| cond(this), |this, p| {
            let _ = ConditionOp::build(&mut this.builder(), *p, &[]);
        })?;
        self.in_new_block(body_region, &[], |this, _| body(this), |this, _| this.yield_values(&[]))
    }
}
