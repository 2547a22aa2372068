//! Reductions split into lanes: how a long reduction along a contiguous dimension becomes
//! independent accumulators that LLVM's vectorizers turn into SIMD registers.
//!
//! A reduction folded strictly left to right is one chain of dependent operations: each
//! addition waits for the previous one (four cycles for a float add here), and LLVM may not
//! reorder float additions, so the loop runs at a fraction of the machine's speed. When the
//! reducer is one associative binary op with a neutral element (add, multiply, maximum,
//! minimum, and, or, xor) and the innermost reduced dimension is the input's most minor
//! one, the elemental keeps [`LANES_BYTES`] bytes' worth of accumulators instead: lane `l`
//! folds the elements whose innermost index is `l` modulo the lane count, carried across
//! the outer reduced dimensions as well, and the lanes are combined in order at the end.
//! Lane 0 starts from the init value, the others from the neutral element, so the result
//! equals the sequential one exactly for integers, maximum and minimum, and up to
//! reassociation for float sums and products, as XLA's CPU backend reassociates its
//! vectorized reductions.
//!
//! A float `maximum` (`minimum`) folds into a lane as `isnan(x) ? NaN : (x > acc ? x :
//! acc)` ([`Extremum`]) rather than as the reducer's `uno(acc, x) ? NaN : (acc >= x ? acc
//! : x)`: the same value bit for bit (a NaN accumulator stays NaN since no comparison with
//! it holds, ties keep the accumulator), but the NaN test reads only the element, so the
//! chain from one accumulator to the next is one `vmaxps` and a blend rather than a
//! comparison and two blends.
//!
//! Invariant: a split changes nothing but the order in which elements are combined; it
//! applies only to reducers that are associative and commutative on their type, with a
//! neutral element that leaves every value unchanged (`-0.0` for float sums, so that a
//! sum of negative zeros stays negative).

use xla_dialects::hlo::{ComparisonDirection, HloOp, HloOpKind};
use xla_ir::{FloatKind, OpId, OpTrait, RegionId, Scalar, Signedness, TypeData, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;

/// How many bytes of accumulators a split keeps: one 256-bit vector (8 lanes of `f32`).
/// Measured on this machine's AVX-512 cores, `reduce_sum_rows` (512x1024) runs in 36 us
/// and compiles in 7.8 ms so; 64 bytes (16 lanes) ran in 23 us but took 9.8 ms to compile,
/// and compile time is where this compiler is closest to XLA's (about 8-11 ms there).
pub const LANES_BYTES: usize = 32;

/// The fewest elements the innermost reduced dimension needs before a split pays.
const MIN_LANE_ROUNDS: i64 = 2;

/// A reducer the lanes may reorder, and its neutral element.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct LaneSplit {
    /// The number of accumulators.
    pub lanes: usize,
    /// The neutral element of the reducer on the element type.
    pub neutral: Scalar,
    /// For a float `maximum` or `minimum` reducer, how an element folds into a lane.
    pub extremum: Option<Extremum>,
}

/// A float `maximum` (`minimum`) reducer, whose step into a lane keeps the NaN test off the
/// chain of accumulators (see the module documentation).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Extremum {
    /// `maximum` rather than `minimum`.
    pub maximum: bool,
    /// Whether the reducer's first operand is the accumulator (`max(acc, x)`, which keeps
    /// the accumulator on ties) rather than the element (`max(x, acc)`).
    pub accumulator_first: bool,
}

impl Lowering<'_, '_> {
    /// How the reduction of `input` by `reducer` along `reduced` (sorted dimensions and
    /// their sizes) splits into lanes, if it does: one input, an
    /// [`Associative`](xla_ir::OpTrait::Associative) reducer with a neutral element on the element type, and an innermost
    /// reduced dimension that is the input's most minor one, long enough for
    /// [`MIN_LANE_ROUNDS`] rounds of every lane.
    pub fn lane_split(&self, inputs: &[ValueId], reduced: &[(usize, i64)], reducer: RegionId) -> Option<LaneSplit> {
        let [input] = inputs[..] else { return None };
        let &(innermost, size) = reduced.last()?;
        let ty = self.body.value_type(input);
        let rank = self.ctx().as_tensor(ty)?.dims.len();
        let order = super::elemental::ctx_layout_order(self.ctx(), ty, rank);
        if order.last() != Some(&innermost) {
            return None;
        }
        let op = single_binary_op(self, reducer)?;
        let element = self.element_type_of(input).ok()?;
        let reducer_kind = HloOp::of(self.body, op)?.kind();
        let (neutral, bytes) = neutral_element(self.ctx().type_data(element), reducer_kind)?;
        let lanes = (LANES_BYTES / bytes).min(16);
        let accumulator = self.body.entry_block(reducer).and_then(|b| self.body.block(b).args.first().copied());
        let extremum = match (reducer_kind, neutral) {
            (HloOpKind::Maximum | HloOpKind::Minimum, Scalar::Float(_)) => Some(Extremum {
                maximum: reducer_kind == HloOpKind::Maximum,
                accumulator_first: self.body.op(op).operands.first().copied() == accumulator,
            }),
            _ => None,
        };
        (size >= MIN_LANE_ROUNDS * lanes as i64).then_some(LaneSplit { lanes, neutral, extremum })
    }

    /// The starting accumulators of a split reduction: `init` in lane 0, the neutral
    /// element in the others.
    pub fn lane_accumulators(&mut self, split: LaneSplit, init: ValueId) -> Emitted<Vec<ValueId>> {
        let ty = self.body.value_type(init);
        let neutral = self.scalar(split.neutral, ty)?;
        let mut accumulators = vec![init];
        accumulators.resize(split.lanes, neutral);
        Ok(accumulators)
    }

    /// Folds dimension `d` of length `size` into the lanes `accumulators`: a `loop.for`
    /// over whole rounds of the lanes, each round one element per lane, then the elements
    /// left over, the `r`-th into lane `r`. `apply` folds the element at an innermost
    /// index into an accumulator.
    pub fn fold_into_lanes(
        &mut self,
        size: i64,
        accumulators: Vec<ValueId>,
        apply: &dyn Fn(&mut Self, ValueId, ValueId) -> Emitted<ValueId>,
    ) -> Emitted<Vec<ValueId>> {
        let groups = accumulators.into_iter().map(|acc| vec![acc]).collect();
        let folded = self.fold_into_lane_groups(size, groups, &|this, group, at| Ok(vec![apply(this, group[0], at)?]))?;
        Ok(folded.into_iter().flatten().collect())
    }

    /// [`Lowering::fold_into_lanes`] with several accumulators per lane: `groups` holds
    /// each lane's accumulators (every group as long as the first), and `apply` folds the
    /// element at an innermost index into one lane's group, giving its next values.
    pub fn fold_into_lane_groups(
        &mut self,
        size: i64,
        groups: Vec<Vec<ValueId>>,
        apply: &dyn Fn(&mut Self, &[ValueId], ValueId) -> Emitted<Vec<ValueId>>,
    ) -> Emitted<Vec<Vec<ValueId>>> {
        let lanes = groups.len() as i64;
        let width = groups.first().map_or(0, Vec::len);
        if width == 0 || groups.iter().any(|g| g.len() != width) {
            return Err(self.error("internal error: lanes of unequal accumulator groups"));
        }
        let rounds = size / lanes;
        let (zero, upper) = (self.index(0), self.index(rounds));
        let flat: Vec<ValueId> = groups.into_iter().flatten().collect();
        let flat = self.for_loop(zero, upper, &flat, |this, round, carried| {
            let first = this.mul_const(round, lanes);
            let mut next = Vec::with_capacity(carried.len());
            for (lane, group) in carried.chunks(width).enumerate() {
                let at = this.add_const(first, lane as i64);
                next.extend(apply(this, group, at)?);
            }
            Ok(next)
        })?;
        let mut groups: Vec<Vec<ValueId>> = flat.chunks(width).map(<[ValueId]>::to_vec).collect();
        for (lane, k) in (rounds * lanes..size).enumerate() {
            let at = self.index(k);
            groups[lane] = apply(self, &groups[lane], at)?;
        }
        Ok(groups)
    }

    /// Folds element `x` into the lane accumulator `acc` of a float `maximum` (`minimum`):
    /// `isnan(x) ? NaN : (x > acc ? x : acc)` (`>=` when the element is the reducer's first
    /// operand, which then wins ties), the reducer's value bit for bit.
    pub fn extremum_step(&mut self, extremum: Extremum, acc: ValueId, x: ValueId) -> Emitted<ValueId> {
        use ComparisonDirection::{Ge, Gt, Le, Lt, Ne};
        let direction = match (extremum.maximum, extremum.accumulator_first) {
            (true, true) => Gt,
            (true, false) => Ge,
            (false, true) => Lt,
            (false, false) => Le,
        };
        let takes_x = self.compare(direction, None, x, acc);
        let chosen = self.select(takes_x, x, acc);
        let is_nan = self.compare(Ne, None, x, x);
        let nan = self.scalar(Scalar::Float(f64::NAN), self.body.value_type(x))?;
        Ok(self.select(is_nan, nan, chosen))
    }

    /// Combines the lanes into one value with `reducer`, in lane order: `((l0 + l1) + l2)
    /// + ...`. A chain leaves LLVM's SLP vectorizer no tree to build from the lanes, so it
    /// makes the loop's accumulators one vector; combined pairwise, it split them into
    /// two-wide vectors with shuffles, and `reduce_sum_rows` ran in 58 us instead of 36.
    pub fn combine_lanes(&mut self, reducer: RegionId, lanes: Vec<ValueId>) -> Emitted<ValueId> {
        let (&first, rest) = lanes.split_first().ok_or_else(|| self.error("internal error: a reduction without lanes"))?;
        let mut combined = first;
        for &lane in rest {
            let result = self.inline_scalar_region(reducer, &[combined, lane])?;
            combined = *result.first().ok_or_else(|| self.error("a reducer without a result"))?;
        }
        Ok(combined)
    }
}

/// The one op of `reducer`'s region, when the region applies a single [`ASSOCIATIVE`] op to
/// its two arguments (in either order) and returns its result.
fn single_binary_op(l: &Lowering<'_, '_>, reducer: RegionId) -> Option<OpId> {
    let body = &*l.body;
    let [block] = body.region(reducer).blocks[..] else { return None };
    let args = &body.block(block).args;
    let ops: Vec<OpId> = body.block_ops(block).collect();
    let [op, ret] = ops[..] else { return None };
    let data = body.op(op);
    let associative = body.ctx().op_def(data.name).is_some_and(|def| def.has_trait(OpTrait::Associative));
    let applies = associative
        && args.len() == 2
        && (data.operands == [args[0], args[1]] || data.operands == [args[1], args[0]])
        && data.results.len() == 1;
    let returns = matches!(HloOp::of(body, ret), Some(HloOp::Return(_))) && body.op(ret).operands == data.results;
    (applies && returns).then_some(op)
}

/// The neutral element of `reducer` (an associative op) on elements of type
/// `element`, and the element's size in bytes, for the float formats with native
/// arithmetic and the integers wider than a predicate.
pub(super) fn neutral_element(element: &TypeData, reducer: HloOpKind) -> Option<(Scalar, usize)> {
    match *element {
        TypeData::Float(kind @ (FloatKind::F16 | FloatKind::BF16 | FloatKind::F32 | FloatKind::F64)) => {
            let bytes = if kind == FloatKind::F64 { 8 } else if kind == FloatKind::F32 { 4 } else { 2 };
            let neutral = match reducer {
                HloOpKind::Add => -0.0,
                HloOpKind::Multiply => 1.0,
                HloOpKind::Maximum => f64::NEG_INFINITY,
                HloOpKind::Minimum => f64::INFINITY,
                _ => return None,
            };
            Some((Scalar::Float(neutral), bytes))
        }
        TypeData::Integer { width, signedness } if (8..=64).contains(&width) => {
            let unsigned = signedness == Signedness::Unsigned;
            let (min, max): (i128, i128) = if unsigned { (0, (1 << width) - 1) } else { (-(1 << (width - 1)), (1 << (width - 1)) - 1) };
            let neutral = match reducer {
                HloOpKind::Add | HloOpKind::Or | HloOpKind::Xor => 0,
                HloOpKind::Multiply => 1,
                HloOpKind::Maximum => min,
                HloOpKind::Minimum => max,
                HloOpKind::And => if unsigned { max } else { -1 },
                _ => return None,
            };
            Some((Scalar::Int(neutral), width as usize / 8))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neutral_elements_leave_values_unchanged() {
        let f32_data = TypeData::Float(FloatKind::F32);
        assert_eq!(neutral_element(&f32_data, HloOpKind::Add), Some((Scalar::Float(-0.0), 4)));
        assert_eq!(neutral_element(&f32_data, HloOpKind::Maximum), Some((Scalar::Float(f64::NEG_INFINITY), 4)));
        assert_eq!(neutral_element(&f32_data, HloOpKind::And), None);
        let u8_data = TypeData::Integer { width: 8, signedness: Signedness::Unsigned };
        assert_eq!(neutral_element(&u8_data, HloOpKind::Minimum), Some((Scalar::Int(255), 1)));
        assert_eq!(neutral_element(&u8_data, HloOpKind::And), Some((Scalar::Int(255), 1)));
        let s32_data = TypeData::Integer { width: 32, signedness: Signedness::Signless };
        assert_eq!(neutral_element(&s32_data, HloOpKind::Maximum), Some((Scalar::Int(-(1 << 31)), 4)));
        assert_eq!(neutral_element(&s32_data, HloOpKind::And), Some((Scalar::Int(-1), 4)));
        let pred = TypeData::Integer { width: 1, signedness: Signedness::Signless };
        assert_eq!(neutral_element(&pred, HloOpKind::Or), None);
    }
}
