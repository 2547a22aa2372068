//! Arg-extremum reductions (`argmax`, `argmin`) in two vectorizable passes instead of one
//! chain of dependent selects.
//!
//! JAX writes `jnp.argmax(x, axis)` as a variadic `hlo.reduce` of the values and an
//! `hlo.iota` along the reduced dimension, whose reducer over `(a, i)` (the accumulator)
//! and `(b, j)` (the element) is
//!
//! ```text
//! p = (a > b) | (a != a)                 // `<` for argmin; the second term only for NaNs
//! q = p | ((a == b) & (i < j))
//! return select(p, a, b), select(q, i, j)
//! ```
//!
//! Folded left to right, every step waits for the previous one's compares and selects:
//! about four nanoseconds an element here, a quarter of a millisecond for 64,000 logits.
//! The same result comes out of two passes that [split into lanes](super::reduce_lanes)
//! and vectorize:
//!
//! 1. `m`, the maximum (minimum) of the row, a NaN if the row has one;
//! 2. the first and the last index whose element equals `m` or is a NaN (a NaN makes `m`
//!    one), as a minimum and a maximum over the matching indices.
//!
//! The row's own result is `(v, first)`, where `v` is the element at `last` when `m` is a
//! zero and `m` otherwise. The reducer then combines it with the init value,
//! `reducer(init, (v, first))`, as the sequential fold would have met the init value first.
//!
//! Why that equals the sequential fold: with indices increasing along the row, the
//! reducer keeps the accumulator exactly when it is greater (a NaN counting as greatest,
//! the first NaN staying), and on equal values it keeps the smaller index, so the index is
//! the first position of the extremum (of the first NaN). The value follows the *later*
//! of two equal elements, and equal floats are the same bits except `+0.0 == -0.0`: hence
//! the element at the last match when the extremum is a zero. When it is a NaN, the first
//! NaN stays the accumulator, so the value is the element at `first`, with its payload.
//!
//! Invariants: only that reducer is recognized (argmax or argmin, the accumulator first,
//! the NaN term required on floats, comparisons not `TOTALORDER`), over one reduced
//! dimension whose index input is an `hlo.iota` along it (possibly through a fusion's
//! parameter) whose values all fit the index type; anything else takes the sequential
//! fold. The results are the sequential fold's bit for bit.

use xla_dialects::hlo::{CompareOp, ComparisonDirection, ComparisonType, FusionOp, HloOp, HloOpKind, IotaOp};
use xla_ir::{Body, FloatKind, Op, RegionId, Scalar, Signedness, TypeData, ValueDef, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;
use super::reduce_lanes::{neutral_element, Extremum, LANES_BYTES};
use xla_dialects::loops::ArithKind;

/// A recognized arg-extremum reduction.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ArgExtremum {
    /// `argmax` rather than `argmin`.
    pub maximum: bool,
    /// The reduced dimension and its length.
    pub dimension: usize,
    pub size: i64,
    /// The number of lanes each pass keeps.
    pub lanes: usize,
}

impl Lowering<'_, '_> {
    /// The arg-extremum reduction that `inputs` reduced along `reduced` by `reducer` is, if
    /// it is one (see the module documentation) long enough to split into lanes.
    pub fn arg_extremum(&self, inputs: &[ValueId], reduced: &[(usize, i64)], reducer: RegionId) -> Option<ArgExtremum> {
        let [values, indices] = inputs[..] else { return None };
        let [(dimension, size)] = reduced[..] else { return None };
        let body = &*self.body;
        let value_type = self.element_type_of(values).ok()?;
        let index_type = self.element_type_of(indices).ok()?;
        let float = match self.ctx().type_data(value_type) {
            TypeData::Float(FloatKind::F16 | FloatKind::BF16 | FloatKind::F32 | FloatKind::F64) => true,
            TypeData::Integer { width, .. } if *width >= 8 => false,
            _ => return None,
        };
        let maximum = arg_extremum_reducer(body, reducer, float)?;
        let kind = if maximum { HloOpKind::Maximum } else { HloOpKind::Minimum };
        let (_, value_bytes) = neutral_element(self.ctx().type_data(value_type), kind)?;
        let (largest_index, _) = index_range(self.ctx().type_data(index_type))?;
        let lanes = (LANES_BYTES / value_bytes).min(16);
        let fits = size >= 2 * lanes as i64 && i128::from(size - 1) <= largest_index;
        (fits && is_iota_along(body, indices, dimension)).then_some(ArgExtremum { maximum, dimension, size, lanes })
    }

    /// The two results of the arg-extremum reduction `arg` of `values` and `indices` for
    /// one result element: `index` holds the kept dimensions (the reduced one is `None`),
    /// `inits` the init values' elements. `value_used` says whether the value result is
    /// read at all; when it is not, its element is the extremum, skipping the search for
    /// the last match.
    #[allow(clippy::too_many_arguments)]
    pub fn arg_extremum_elements(
        &mut self,
        arg: ArgExtremum,
        values: ValueId,
        indices: ValueId,
        reducer: RegionId,
        inits: &[ValueId],
        index: &[Option<ValueId>],
        value_used: bool,
    ) -> Emitted<Vec<ValueId>> {
        let value_type = self.element_type_of(values)?;
        let index_type = self.element_type_of(indices)?;
        let float = self.ctx().is_float(value_type);
        let at = |this: &Self, k: ValueId| -> Emitted<Vec<ValueId>> {
            let full: Option<Vec<ValueId>> = index.iter().enumerate().map(|(d, i)| if d == arg.dimension { Some(k) } else { *i }).collect();
            full.ok_or_else(|| this.error("internal error: an index left unfilled"))
        };

        // Pass 1: the extremum, NaN when the row has one.
        let kind = if arg.maximum { HloOpKind::Maximum } else { HloOpKind::Minimum };
        let (neutral, _) = neutral_element(self.ctx().type_data(value_type), kind).ok_or_else(|| self.error("internal error: no neutral element"))?;
        let neutral = self.scalar(neutral, value_type)?;
        let extremum = Extremum { maximum: arg.maximum, accumulator_first: true };
        let step = |this: &mut Self, acc: ValueId, x: ValueId| -> Emitted<ValueId> {
            if float {
                this.extremum_step(extremum, acc, x)
            } else {
                Ok(this.arith(if arg.maximum { ArithKind::Maximum } else { ArithKind::Minimum }, acc, x))
            }
        };
        let lanes = self.fold_into_lanes(arg.size, vec![neutral; arg.lanes], &|this, acc, k| {
            let full = at(this, k)?;
            let x = this.element(values, &full)?;
            step(this, acc, x)
        })?;
        let mut m = lanes[0];
        for &lane in &lanes[1..] {
            m = step(self, m, lane)?;
        }

        // Pass 2: the first and (when the value is read) the last index matching it.
        let track_last = value_used && float;
        let (largest, smallest) = index_range(self.ctx().type_data(index_type)).ok_or_else(|| self.error("internal error: an index type without a range"))?;
        let none_yet = self.scalar(Scalar::Int(largest), index_type)?;
        let mut group = vec![none_yet];
        if track_last {
            group.push(self.scalar(Scalar::Int(smallest), index_type)?);
        }
        let groups = self.fold_into_lane_groups(arg.size, vec![group; arg.lanes], &|this, acc, k| {
            let full = at(this, k)?;
            let x = this.element(values, &full)?;
            let i = this.element(indices, &full)?;
            // A NaN element makes `m` a NaN, so it matches whenever it is one.
            let mut hit = this.compare(ComparisonDirection::Eq, None, x, m);
            if float {
                let x_is_nan = this.compare(ComparisonDirection::Ne, None, x, x);
                hit = this.arith(ArithKind::Or, hit, x_is_nan);
            }
            let mut next = Vec::with_capacity(acc.len());
            let first = this.arith(ArithKind::Minimum, acc[0], i);
            next.push(this.select(hit, first, acc[0]));
            if let Some(&last) = acc.get(1) {
                let later = this.arith(ArithKind::Maximum, last, i);
                next.push(this.select(hit, later, last));
            }
            Ok(next)
        })?;
        let mut first = groups[0][0];
        let mut last = groups[0].get(1).copied();
        for group in &groups[1..] {
            first = self.arith(ArithKind::Minimum, first, group[0]);
            last = match (last, group.get(1)) {
                (Some(a), Some(&b)) => Some(self.arith(ArithKind::Maximum, a, b)),
                _ => None,
            };
        }

        // The row's value: the element at the last match for a zero extremum (the later of
        // equal elements wins), at the first (the first NaN) otherwise.
        let value = match last {
            Some(last) => {
                let zero = self.zero(value_type)?;
                let is_zero = self.compare(ComparisonDirection::Eq, None, m, zero);
                let position = self.select(is_zero, last, first);
                // Some element always matches; the clamp keeps the load in bounds regardless.
                let position = self.convert(position, self.ctx().index_type());
                let end = self.index(arg.size - 1);
                let position = self.min_index(position, end);
                let full = at(self, position)?;
                self.element(values, &full)?
            }
            None => m,
        };
        let [value_init, index_init] = inits[..] else { return Err(self.error("internal error: an arg reduction without two inits")) };
        self.inline_scalar_region(reducer, &[value_init, index_init, value, first])
    }
}

/// Whether `reducer` is JAX's argmax (`Some(true)`) or argmin (`Some(false)`) reducer with
/// the accumulator first (see the module documentation); the NaN term is required when the
/// values are `float`.
fn arg_extremum_reducer(body: &Body, reducer: RegionId, float: bool) -> Option<bool> {
    let [block] = body.region(reducer).blocks[..] else { return None };
    let [a, i, b, j] = body.block(block).args[..] else { return None };
    let ret = body.block_ops(block).last()?;
    matches!(HloOp::of(body, ret), Some(HloOp::Return(_))).then_some(())?;
    let [value, index] = body.op(ret).operands[..] else { return None };
    let [p, value_true, value_false] = select_operands(body, value)?;
    let [q, index_true, index_false] = select_operands(body, index)?;
    (value_true == a && value_false == b && index_true == i && index_false == j).then_some(())?;

    // p = (a > b) | (a != a), or (a > b) alone on integers.
    let ordered = |v: ValueId| -> Option<bool> {
        match compare_operands(body, v)? {
            (ComparisonDirection::Gt, x, y) if (x, y) == (a, b) => Some(true),
            (ComparisonDirection::Lt, x, y) if (x, y) == (a, b) => Some(false),
            _ => None,
        }
    };
    let is_nan_of_a = |v: ValueId| matches!(compare_operands(body, v), Some((ComparisonDirection::Ne, x, y)) if x == a && y == a);
    let maximum = match (ordered(p), binary_operands(body, p, HloOpKind::Or)) {
        (Some(maximum), _) if !float => maximum,
        (_, Some((x, y))) if is_nan_of_a(y) => ordered(x)?,
        (_, Some((x, y))) if is_nan_of_a(x) => ordered(y)?,
        _ => return None,
    };

    // q = p | ((a == b) & (i < j)).
    let (x, y) = binary_operands(body, q, HloOpKind::Or)?;
    let tie = if x == p { y } else if y == p { x } else { return None };
    let (x, y) = binary_operands(body, tie, HloOpKind::And)?;
    let equal = |v: ValueId| matches!(compare_operands(body, v), Some((ComparisonDirection::Eq, x, y)) if (x, y) == (a, b) || (x, y) == (b, a));
    let earlier = |v: ValueId| matches!(compare_operands(body, v), Some((ComparisonDirection::Lt, x, y)) if (x, y) == (i, j));
    ((equal(x) && earlier(y)) || (equal(y) && earlier(x))).then_some(maximum)
}

/// The direction and operands of `v`'s defining `hlo.compare`, unless it compares in the
/// total order or broadcasts.
fn compare_operands(body: &Body, v: ValueId) -> Option<(ComparisonDirection, ValueId, ValueId)> {
    let op = body.defining_op(v)?;
    let compare = CompareOp::cast(body, op)?;
    let plain = compare.compare_type(body) != Some(ComparisonType::TotalOrder) && compare.broadcast_dimensions(body).is_none();
    plain.then(|| (compare.comparison_direction(body), body.operand(op, 0), body.operand(op, 1)))
}

/// The operands of `v`'s defining `hlo.select`.
fn select_operands(body: &Body, v: ValueId) -> Option<[ValueId; 3]> {
    let op = body.defining_op(v)?;
    matches!(HloOp::of(body, op), Some(HloOp::Select(_))).then_some(())?;
    body.op(op).operands[..].try_into().ok()
}

/// The operands of `v`'s defining binary op of `kind`.
fn binary_operands(body: &Body, v: ValueId, kind: HloOpKind) -> Option<(ValueId, ValueId)> {
    let op = body.defining_op(v)?;
    (HloOp::of(body, op)?.kind() == kind).then_some(())?;
    match body.op(op).operands[..] {
        [x, y] => Some((x, y)),
        _ => None,
    }
}

/// Whether `v` is an `hlo.iota` along `dimension`, directly or as a fusion's parameter.
fn is_iota_along(body: &Body, mut v: ValueId, dimension: usize) -> bool {
    loop {
        match body.value(v).def {
            ValueDef::Result { op, .. } => {
                return IotaOp::cast(body, op).is_some_and(|iota| usize::try_from(iota.iota_dimension(body)).ok() == Some(dimension));
            }
            ValueDef::BlockArg { block, index } => {
                let Some(fusion) = body.block_parent_op(block).filter(|op| FusionOp::cast(body, *op).is_some()) else { return false };
                let Some(&operand) = body.op(fusion).operands.get(index as usize) else { return false };
                v = operand;
            }
        }
    }
}

/// The largest and the smallest value of an integer index type.
fn index_range(index: &TypeData) -> Option<(i128, i128)> {
    match *index {
        TypeData::Integer { width, signedness } if (8..=64).contains(&width) => Some(if signedness == Signedness::Unsigned {
            ((1 << width) - 1, 0)
        } else {
            ((1 << (width - 1)) - 1, -(1 << (width - 1)))
        }),
        _ => None,
    }
}
