//! The elemental of `hlo.dot_general` and `hlo.dot`: for one result element, a `loop.for`
//! per contracting dimension carrying an accumulator, which adds the products of the
//! operands' elements. This is the naive loop, right for small products (which a fusion
//! may compose with their neighbours); big ones call the runtime's gemm ([`super::gemm`]).
//!
//! The result index is the batching dimensions, then `lhs`'s free dimensions, then `rhs`'s
//! (XLA's order). The accumulator has the result's element type, except that floats
//! narrower than `f32` accumulate in `f32` and round once at the end, as XLA CPU does; on
//! `i1` the products are `and` and the sum `or`, as `hlo.multiply` and `hlo.add` are.

use xla_dialects::hlo::HloOp;
use xla_dialects::loops::ArithKind;
use xla_ir::{FloatKind, OpId, Type, TypeData, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;

/// The dimension numbers of one product, as plain vectors.
pub(super) struct Contraction {
    pub lhs: ValueId,
    pub rhs: ValueId,
    /// Pairs of contracted dimensions (lhs, rhs) with their size.
    pub contracting: Vec<(usize, usize, i64)>,
    pub accumulator: Type,
}

impl Lowering<'_, '_> {
    /// The element of `hlo.dot_general` or `hlo.dot` at `index`.
    pub fn dot_elements(&mut self, op: OpId, index: &[ValueId]) -> Emitted<ValueId> {
        let (contraction, lhs_index, rhs_index) = self.contraction_at(op, index)?;
        let result = self.element_type_of(self.body.result(op, 0))?;
        let zero = self.zero(contraction.accumulator)?;
        let sum = self.contract(&contraction, 0, lhs_index, rhs_index, zero)?;
        Ok(self.convert(sum, result))
    }

    /// The contraction of dot `op` and the operands' indices at result `index`: every
    /// dimension but the contracting ones filled.
    pub(super) fn contraction_at(&mut self, op: OpId, index: &[ValueId]) -> Emitted<(Contraction, Vec<Option<ValueId>>, Vec<Option<ValueId>>)> {
        let (lhs, rhs) = (self.body.operand(op, 0), self.body.operand(op, 1));
        let (lhs_shape, rhs_shape) = (self.shape_of(lhs)?, self.shape_of(rhs)?);
        let (batching, contracting) = self.dot_dimensions(op, lhs_shape.len())?;
        let to_usize = |dims: &[i64]| dims.iter().map(|&d| usize::try_from(d).unwrap_or(usize::MAX)).collect::<Vec<_>>();
        let (lb, rb): (Vec<i64>, Vec<i64>) = batching.into_iter().unzip();
        let (lc, rc): (Vec<i64>, Vec<i64>) = contracting.into_iter().unzip();
        let (lb, rb, lc, rc) = (to_usize(&lb), to_usize(&rb), to_usize(&lc), to_usize(&rc));
        let mut lhs_index = vec![None; lhs_shape.len()];
        let mut rhs_index = vec![None; rhs_shape.len()];
        let mut next = index.iter().copied();
        for (&l, &r) in lb.iter().zip(&rb) {
            let i = next.next();
            *lhs_index.get_mut(l).ok_or_else(|| self.error("a batching dimension out of range"))? = i;
            *rhs_index.get_mut(r).ok_or_else(|| self.error("a batching dimension out of range"))? = i;
        }
        for (side, used) in [(&mut lhs_index, [&lb, &lc]), (&mut rhs_index, [&rb, &rc])] {
            for (d, slot) in side.iter_mut().enumerate() {
                if !used.iter().any(|dims| dims.contains(&d)) {
                    *slot = next.next();
                }
            }
        }
        let mut pairs = Vec::with_capacity(lc.len());
        for (&l, &r) in lc.iter().zip(&rc) {
            let size = *lhs_shape.get(l).ok_or_else(|| self.error("a contracting dimension out of range"))?;
            pairs.push((l, r, size));
        }
        let result = self.element_type_of(self.body.result(op, 0))?;
        let accumulator = accumulator_type(self.ctx(), result);
        Ok((Contraction { lhs, rhs, contracting: pairs, accumulator }, lhs_index, rhs_index))
    }

    /// The (lhs, rhs) pairs of batching and contracting dimensions of `op`.
    #[allow(clippy::type_complexity)]
    pub(super) fn dot_dimensions(&self, op: OpId, lhs_rank: usize) -> Emitted<(Vec<(i64, i64)>, Vec<(i64, i64)>)> {
        match HloOp::of(self.body, op) {
            Some(HloOp::DotGeneral(dot)) => {
                let body = &*self.body;
                let zip = |l: &[i64], r: &[i64]| l.iter().copied().zip(r.iter().copied()).collect::<Vec<_>>();
                let batching = zip(dot.lhs_batching_dims(body), dot.rhs_batching_dims(body));
                let contracting = zip(dot.lhs_contracting_dims(body), dot.rhs_contracting_dims(body));
                Ok((batching, contracting))
            }
            Some(HloOp::Dot(_)) => Ok((Vec::new(), vec![(lhs_rank as i64 - 1, 0)])),
            _ => Err(self.error("not a dot")),
        }
    }

    /// The sum over contracting pair number `level` and those after it of the products,
    /// added to `acc`.
    fn contract(
        &mut self,
        c: &Contraction,
        level: usize,
        lhs_index: Vec<Option<ValueId>>,
        rhs_index: Vec<Option<ValueId>>,
        acc: ValueId,
    ) -> Emitted<ValueId> {
        let Some(&(l, r, size)) = c.contracting.get(level) else {
            let lhs_index: Option<Vec<ValueId>> = lhs_index.into_iter().collect();
            let rhs_index: Option<Vec<ValueId>> = rhs_index.into_iter().collect();
            let (Some(lhs_index), Some(rhs_index)) = (lhs_index, rhs_index) else {
                return Err(self.error("internal error: a dot index left unfilled"));
            };
            return self.accumulate_product(c, &lhs_index, &rhs_index, acc);
        };
        let (zero, upper) = (self.index(0), self.index(size));
        let sums = self.for_loop(zero, upper, &[acc], |this, iv, carried| {
            let (mut li, mut ri) = (lhs_index.clone(), rhs_index.clone());
            *li.get_mut(l).ok_or_else(|| this.error("a contracting dimension out of range"))? = Some(iv);
            *ri.get_mut(r).ok_or_else(|| this.error("a contracting dimension out of range"))? = Some(iv);
            Ok(vec![this.contract(c, level + 1, li, ri, carried[0])?])
        })?;
        Ok(sums[0])
    }
}

impl Lowering<'_, '_> {
    /// `acc + lhs[lhs_index] * rhs[rhs_index]`, the operands converted to the accumulator's
    /// type first: one step of every dot's sum.
    pub(super) fn accumulate_product(&mut self, c: &Contraction, lhs_index: &[ValueId], rhs_index: &[ValueId], acc: ValueId) -> Emitted<ValueId> {
        let a = self.element(c.lhs, lhs_index)?;
        let b = self.element(c.rhs, rhs_index)?;
        let (a, b) = (self.convert(a, c.accumulator), self.convert(b, c.accumulator));
        let product = self.arith(ArithKind::Multiply, a, b);
        Ok(self.arith(ArithKind::Add, acc, product))
    }
}

/// The type a product of elements of type `element` accumulates in: `f32` for narrower
/// floats, the element type otherwise.
pub(super) fn accumulator_type(ctx: &xla_ir::Context, element: Type) -> Type {
    match ctx.type_data(element) {
        TypeData::Float(kind) if kind.bit_width() < 32 => ctx.float_type(FloatKind::F32),
        _ => element,
    }
}
