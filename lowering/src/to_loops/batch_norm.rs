//! `hlo.batch_norm_inference`, `_training` and `_grad`, decomposed as XLA's
//! `BatchNormExpander` does: per-feature reductions (a `loop.for` nest over the operand's
//! other dimensions carrying a sum) into temporary `f64` buffers, then an elementwise loop
//! nest over the operand.
//!
//! The formulas and the arithmetic are the interpreter's (`ops/batch_norm.rs`): everything
//! in `f64`, in the same order, each result rounded once to the element type; sums run over
//! a feature's elements in row-major order from `0.0`; `epsilon` is XLA's `float`.
//! - training: `mean = sum(x) / m`, `var = sum((x - mean)^2) / m`,
//!   `y = scale * (x - mean) / sqrt(var + epsilon) + offset`;
//! - inference: `y` from the given mean and variance;
//! - grad: `c = sum(dy * (x - mean)) / (m * (var + epsilon))`, `d = sum(dy) / m`,
//!   `grad_operand = scale / sqrt(var + epsilon) * (dy - d - c * (x - mean))`,
//!   `grad_scale = sum(dy * (x - mean)) / sqrt(var + epsilon)`, `grad_offset = sum(dy)`.

use xla_dialects::hlo::{BatchNormGradOp, BatchNormInferenceOp, BatchNormTrainingOp};
use xla_dialects::loops::{ArithKind, MathKind};
use xla_ir::{FloatKind, Op, OpId, Scalar, Type, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;

/// The geometry shared by the three ops.
struct Norm {
    shape: Vec<i64>,
    feature: usize,
    /// The elements per feature, as an `f64` constant.
    m: ValueId,
    epsilon: ValueId,
    f64: Type,
}

/// A per-element term of a per-feature sum: given the operand index and the feature
/// index, the `f64` value added.
type Term<'b, 'a, 'c> = &'b mut dyn FnMut(&mut Lowering<'a, 'c>, &[ValueId], ValueId) -> Emitted<ValueId>;

impl<'a, 'c> Lowering<'a, 'c> {
    /// Reads the operand shape, feature dimension and epsilon of a batch norm op.
    fn norm(&mut self, op: OpId, epsilon: f32, feature_index: i64) -> Emitted<Norm> {
        let shape = self.shape_of(self.body.operand(op, 0))?;
        let feature = usize::try_from(feature_index).ok().filter(|f| *f < shape.len());
        let feature = feature.ok_or_else(|| self.error("batch norm's feature_index is out of range"))?;
        let f64 = self.ctx().float_type(FloatKind::F64);
        let count = shape[feature].max(1);
        let m = shape.iter().product::<i64>() / count;
        let m = self.scalar(Scalar::Float(m as f64), f64)?;
        let epsilon = self.scalar(Scalar::Float(f64::from(epsilon)), f64)?;
        Ok(Norm { shape, feature, m, epsilon, f64 })
    }

    /// The element of `v` at `index` converted to `f64`.
    fn element_f64(&mut self, v: ValueId, index: &[ValueId]) -> Emitted<ValueId> {
        let x = self.element(v, index)?;
        Ok(self.convert(x, self.ctx().float_type(FloatKind::F64)))
    }

    /// A temporary `f64` buffer with one element per feature, element `l` being
    /// `finish(sum of term over feature l's elements, l)`.
    fn per_feature(&mut self, n: &Norm, term: Term<'_, 'a, 'c>, finish: &mut dyn FnMut(&mut Self, ValueId, ValueId) -> Emitted<ValueId>) -> Emitted<ValueId> {
        let count = n.shape[n.feature];
        let buffer = self.alloc(self.ctx().memref_type(&[count], n.f64));
        self.for_nest(&[count], &mut |this, l| {
            let zero = this.zero(n.f64)?;
            let mut index = vec![None; n.shape.len()];
            index[n.feature] = Some(l[0]);
            let sum = this.feature_sum(n, index, zero, term)?;
            let value = finish(this, sum, l[0])?;
            this.store(value, buffer, l);
            Ok(())
        })?;
        Ok(buffer)
    }

    /// Adds `term` over the dimensions of `index` not yet fixed, in row-major order.
    fn feature_sum(&mut self, n: &Norm, index: Vec<Option<ValueId>>, acc: ValueId, term: Term<'_, 'a, 'c>) -> Emitted<ValueId> {
        let Some(d) = index.iter().position(Option::is_none) else {
            let full: Vec<ValueId> = index.iter().flatten().copied().collect();
            let l = full[n.feature];
            let t = term(self, &full, l)?;
            return Ok(self.arith(ArithKind::Add, acc, t));
        };
        let (zero, upper) = (self.index(0), self.index(n.shape[d]));
        let results = self.for_loop(zero, upper, &[acc], |this, iv, carried| {
            let mut index = index.clone();
            index[d] = Some(iv);
            Ok(vec![this.feature_sum(n, index, carried[0], term)?])
        })?;
        results.first().copied().ok_or_else(|| self.error("internal error: a sum without a result"))
    }

    /// `scale * (x - mean) / sqrt(var + epsilon) + offset` in `f64`, at operand `index`.
    fn normalized(&mut self, n: &Norm, x: ValueId, stats: [ValueId; 4]) -> ValueId {
        let [scale, offset, mean, variance] = stats;
        let centered = self.arith(ArithKind::Subtract, x, mean);
        let scaled = self.arith(ArithKind::Multiply, scale, centered);
        let shifted = self.arith(ArithKind::Add, variance, n.epsilon);
        let deviation = self.math(MathKind::Sqrt, shifted);
        let quotient = self.arith(ArithKind::Divide, scaled, deviation);
        self.arith(ArithKind::Add, quotient, offset)
    }

    /// Converts the `f64` buffer `from` of shape `shape` into `to`.
    fn convert_into(&mut self, from: ValueId, to: ValueId, shape: &[i64], element: Type) -> Emitted<()> {
        self.loop_nest(shape, |this, index| {
            let x = this.load(from, index);
            let y = this.convert(x, element);
            this.store(y, to, index);
            Ok(())
        })
    }

    /// Lowers `hlo.batch_norm_inference`.
    pub fn lower_batch_norm_inference(&mut self, bn: BatchNormInferenceOp) -> Emitted<()> {
        let op = bn.id();
        let n = self.norm(op, bn.epsilon(self.body), bn.feature_index(self.body))?;
        let operands = self.body.op(op).operands.clone();
        let element = self.element_type_of(operands[0])?;
        let [y] = self.bind_result_buffers(op)?[..] else { return Err(self.error("batch_norm_inference has one result")) };
        self.loop_nest(&n.shape.clone(), |this, index| {
            let l = [index[n.feature]];
            let x = this.element_f64(operands[0], index)?;
            let mut stats = [x; 4];
            for (k, s) in stats.iter_mut().enumerate() {
                *s = this.element_f64(operands[k + 1], &l)?;
            }
            let value = this.normalized(&n, x, stats);
            let value = this.convert(value, element);
            this.store(value, y, index);
            Ok(())
        })
    }

    /// Lowers `hlo.batch_norm_training`.
    pub fn lower_batch_norm_training(&mut self, bn: BatchNormTrainingOp) -> Emitted<()> {
        let op = bn.id();
        let n = self.norm(op, bn.epsilon(self.body), bn.feature_index(self.body))?;
        let operands = self.body.op(op).operands.clone();
        let (x, scale, offset) = (operands[0], operands[1], operands[2]);
        let element = self.element_type_of(x)?;
        let [y, mean_out, variance_out] = self.bind_result_buffers(op)?[..] else {
            return Err(self.error("batch_norm_training has three results"));
        };
        let m = n.m;
        let mut divide_by_m = |this: &mut Self, sum: ValueId, _: ValueId| Ok(this.arith(ArithKind::Divide, sum, m));
        let mean = self.per_feature(&n, &mut |this, index, _| this.element_f64(x, index), &mut divide_by_m)?;
        let mut squared = |this: &mut Self, index: &[ValueId], l: ValueId| {
            let v = this.element_f64(x, index)?;
            let mu = this.load(mean, &[l]);
            let centered = this.arith(ArithKind::Subtract, v, mu);
            Ok(this.arith(ArithKind::Multiply, centered, centered))
        };
        let variance = self.per_feature(&n, &mut squared, &mut divide_by_m)?;
        self.loop_nest(&n.shape.clone(), |this, index| {
            let l = [index[n.feature]];
            let v = this.element_f64(x, index)?;
            let (s, o) = (this.element_f64(scale, &l)?, this.element_f64(offset, &l)?);
            let (mu, var) = (this.load(mean, &l), this.load(variance, &l));
            let value = this.normalized(&n, v, [s, o, mu, var]);
            let value = this.convert(value, element);
            this.store(value, y, index);
            Ok(())
        })?;
        let count = [n.shape[n.feature]];
        self.convert_into(mean, mean_out, &count, element)?;
        self.convert_into(variance, variance_out, &count, element)
    }

    /// Lowers `hlo.batch_norm_grad`.
    pub fn lower_batch_norm_grad(&mut self, bn: BatchNormGradOp) -> Emitted<()> {
        let op = bn.id();
        let n = self.norm(op, bn.epsilon(self.body), bn.feature_index(self.body))?;
        let operands = self.body.op(op).operands.clone();
        let (x, scale, mean, variance, dy) = (operands[0], operands[1], operands[2], operands[3], operands[4]);
        let element = self.element_type_of(x)?;
        let [grad_operand, grad_scale, grad_offset] = self.bind_result_buffers(op)?[..] else {
            return Err(self.error("batch_norm_grad has three results"));
        };
        let mut keep = |_: &mut Self, sum: ValueId, _: ValueId| Ok(sum);
        let sum_dy = self.per_feature(&n, &mut |this, index, _| this.element_f64(dy, index), &mut keep)?;
        let mut dy_centered = |this: &mut Self, index: &[ValueId], l: ValueId| {
            let g = this.element_f64(dy, index)?;
            let v = this.element_f64(x, index)?;
            let mu = this.element_f64(mean, &[l])?;
            let centered = this.arith(ArithKind::Subtract, v, mu);
            Ok(this.arith(ArithKind::Multiply, g, centered))
        };
        let sum_dc = self.per_feature(&n, &mut dy_centered, &mut keep)?;
        self.loop_nest(&n.shape.clone(), |this, index| {
            let l = [index[n.feature]];
            let (v, g) = (this.element_f64(x, index)?, this.element_f64(dy, index)?);
            let (s, mu, var) = (this.element_f64(scale, &l)?, this.element_f64(mean, &l)?, this.element_f64(variance, &l)?);
            let (sdy, sdc) = (this.load(sum_dy, &l), this.load(sum_dc, &l));
            let shifted = this.arith(ArithKind::Add, var, n.epsilon);
            let deviation = this.math(MathKind::Sqrt, shifted);
            let denominator = this.arith(ArithKind::Multiply, n.m, shifted);
            let c = this.arith(ArithKind::Divide, sdc, denominator);
            let d = this.arith(ArithKind::Divide, sdy, n.m);
            let centered = this.arith(ArithKind::Subtract, v, mu);
            let correction = this.arith(ArithKind::Multiply, c, centered);
            let less_d = this.arith(ArithKind::Subtract, g, d);
            let inner = this.arith(ArithKind::Subtract, less_d, correction);
            let factor = this.arith(ArithKind::Divide, s, deviation);
            let value = this.arith(ArithKind::Multiply, factor, inner);
            let value = this.convert(value, element);
            this.store(value, grad_operand, index);
            Ok(())
        })?;
        let count = n.shape[n.feature];
        self.loop_nest(&[count], |this, l| {
            let var = this.element_f64(variance, l)?;
            let shifted = this.arith(ArithKind::Add, var, n.epsilon);
            let deviation = this.math(MathKind::Sqrt, shifted);
            let sdc = this.load(sum_dc, l);
            let value = this.arith(ArithKind::Divide, sdc, deviation);
            let value = this.convert(value, element);
            this.store(value, grad_scale, l);
            Ok(())
        })?;
        self.convert_into(sum_dy, grad_offset, &[count], element)
    }
}
