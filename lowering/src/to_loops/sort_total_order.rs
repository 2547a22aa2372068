//! `hlo.sort` of one `f32` or `f64` operand by the comparator JAX writes for `jnp.sort`
//! and `lax.sort` (zeros of either sign made `+0.0`, every NaN a positive NaN, then
//! `compare LT ..., TOTALORDER`), along the minor dimension of a dense row-major result:
//! a call of the runtime's `xla_rt_sort_{f32,f64}_total_order` on the result buffer
//! (`runtime/src/sort_total_order.rs`) rather than the merge sort's loops, as XLA calls
//! its runtime's sort. LLVM then has no merge loops to optimize: `sort_1d`'s compilation
//! took 20-25 ms with them.
//!
//! Only with `runtime-kernels` (on by default; off for the loop-level interpreter).
//!
//! Invariants: only that exact comparator is recognized, so the result is the one the
//! merge sort gives (both are stable sorts by the same relation, and the runtime reads
//! subnormals as the caller's floating-point mode does); anything else (more operands,
//! another comparator or element type, another dimension or layout) takes the merge sort.

use xla_dialects::hlo::{CompareOp, ComparisonDirection, ComparisonType, HloOp};
use xla_ir::rewrite::constant_value;
use xla_ir::{Body, FloatKind, Op, OpId, RegionId, Scalar, TypeData, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;

impl Lowering<'_, '_> {
    /// Sorts `results` (one buffer, already holding the operand) along `axis` through the
    /// runtime when the sort qualifies (see the module); returns whether it did.
    pub fn sort_by_total_order(&mut self, comparator: RegionId, results: &[ValueId], shape: &[i64], axis: usize) -> Emitted<bool> {
        let [buffer] = results[..] else { return Ok(false) };
        if !self.options.runtime_kernels {
            return Ok(false);
        }
        let callee = match self.ctx().as_memref(self.body.value_type(buffer)).map(|m| self.ctx().type_data(m.element)) {
            Some(TypeData::Float(FloatKind::F32)) => "xla_rt_sort_f32_total_order",
            Some(TypeData::Float(FloatKind::F64)) => "xla_rt_sort_f64_total_order",
            _ => return Ok(false),
        };
        if axis + 1 != shape.len() || !self.is_dense_row_major(buffer)? || !is_jax_float_comparator(self.body, comparator) {
            return Ok(false);
        }
        let length = shape[axis];
        let lines = shape[..axis].iter().product::<i64>();
        let (lines, length) = (self.index(lines), self.index(length));
        self.call_runtime(callee, &[buffer, lines, length])?;
        Ok(true)
    }
}

/// Whether `comparator` returns `compare LT, canonical(lhs), canonical(rhs), TOTALORDER`
/// of its two arguments, where `canonical(x)` is `select(x != x, +NaN, select(x == 0,
/// +0.0, x))`, as JAX writes it.
fn is_jax_float_comparator(body: &Body, comparator: RegionId) -> bool {
    let [block] = body.region(comparator).blocks[..] else { return false };
    let [lhs, rhs] = body.block(block).args[..] else { return false };
    let Some(ret) = body.block_ops(block).last() else { return false };
    let [result] = body.op(ret).operands[..] else { return false };
    if !matches!(HloOp::of(body, ret), Some(HloOp::Return(_))) {
        return false;
    }
    let Some((a, b)) = compare_of(body, result, ComparisonDirection::Lt, Some(ComparisonType::TotalOrder)) else { return false };
    is_canonicalized(body, a, lhs) && is_canonicalized(body, b, rhs)
}

/// Whether `v` is `select(x != x, +NaN, select(x == 0, +0.0, x))` of argument `x`.
fn is_canonicalized(body: &Body, v: ValueId, x: ValueId) -> bool {
    let Some([is_nan, nan, not_nan]) = select_of(body, v) else { return false };
    let Some([is_zero, zero, other]) = select_of(body, not_nan) else { return false };
    let nan_test = compare_of(body, is_nan, ComparisonDirection::Ne, None) == Some((x, x));
    let zero_test = match compare_of(body, is_zero, ComparisonDirection::Eq, None) {
        Some((p, q)) if p == x => constant_is(body, q, |f| f == 0.0),
        Some((p, q)) if q == x => constant_is(body, p, |f| f == 0.0),
        _ => false,
    };
    nan_test
        && zero_test
        && other == x
        && constant_is(body, nan, |f| f.is_nan() && f.is_sign_positive())
        && constant_is(body, zero, |f| f == 0.0 && f.is_sign_positive())
}

/// The operands of `v`'s defining `hlo.select`, if it is one.
fn select_of(body: &Body, v: ValueId) -> Option<[ValueId; 3]> {
    let op = body.defining_op(v)?;
    (matches!(HloOp::of(body, op), Some(HloOp::Select(_)))).then_some(())?;
    body.op(op).operands[..].try_into().ok()
}

/// The operands of `v`'s defining `hlo.compare` in `direction`, if it is one with the
/// comparison type `order` (`None`: the IEEE order, `FLOAT` or the default).
fn compare_of(body: &Body, v: ValueId, direction: ComparisonDirection, order: Option<ComparisonType>) -> Option<(ValueId, ValueId)> {
    let op: OpId = body.defining_op(v)?;
    let compare = CompareOp::cast(body, op)?;
    let ieee = |t: Option<ComparisonType>| matches!(t, None | Some(ComparisonType::Float));
    let order_fits = match order {
        Some(wanted) => compare.compare_type(body) == Some(wanted),
        None => ieee(compare.compare_type(body)),
    };
    let plain = compare.broadcast_dimensions(body).is_none();
    (compare.comparison_direction(body) == direction && order_fits && plain).then(|| (body.operand(op, 0), body.operand(op, 1)))
}

/// Whether `v` is a constant (`hlo.constant`) whose (first) element, as an `f64`,
/// satisfies `test`.
fn constant_is(body: &Body, v: ValueId, test: impl Fn(f64) -> bool) -> bool {
    let ctx = body.ctx();
    let value = constant_value(body, v).and_then(|a| ctx.as_dense(a)).and_then(|d| d.get(ctx, 0));
    matches!(value, Some(Scalar::Float(f)) if test(f))
}
