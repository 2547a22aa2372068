//! The batch normalization ops: XLA's `BatchNormInference`, `BatchNormTraining` and
//! `BatchNormGrad`, which normalize an operand per feature (the index along dimension
//! `feature_index`) over all its other dimensions.
//!
//! XLA's semantics kept here, per feature `l` over its `m` elements (operation semantics):
//! - training: `mean_l = sum(x) / m`, `var_l = sum((x - mean_l)^2) / m` (the formula of the
//!   operation semantics, computed in two passes), and
//!   `y = scale_l * (x - mean_l) / sqrt(var_l + epsilon) + offset_l`; the results are `y`,
//!   the means and the variances;
//! - inference: `y` by the same formula from the given mean and variance;
//! - grad, from the given mean and variance and the output gradient `dy`:
//!   `c_l = sum(dy * (x - mean_l)) / (m * (var_l + epsilon))`, `d_l = sum(dy) / m`,
//!   `grad_operand = scale_l / sqrt(var_l + epsilon) * (dy - d_l - c_l * (x - mean_l))`,
//!   `grad_scale_l = sum(dy * (x - mean_l)) / sqrt(var_l + epsilon)`,
//!   `grad_offset_l = sum(dy)`.
//!
//! Everything is computed in `f64` and each result is rounded once to the element type;
//! `epsilon` is XLA's `float`.

use std::rc::Rc;

use xla_dialects::hlo::{BatchNormGradOp, BatchNormInferenceOp, BatchNormTrainingOp};

use crate::element::ElementType;
use crate::error::{EvalError, EvalResult};
use crate::index::row_major_strides;
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::support::{real_literal, tensor, to_usize};
use crate::value::Value;

/// Where the features of an operand are: element `p` (row-major) belongs to feature
/// `(p / stride) % count`.
struct Features {
    count: usize,
    stride: usize,
    /// The elements per feature.
    per_feature: usize,
}

impl Features {
    fn of(operand: &Literal, feature_index: i64) -> Result<Features, String> {
        let index = to_usize(feature_index, "feature_index")?;
        let count = *operand.shape.get(index).ok_or_else(|| {
            format!("feature_index {index} is out of range for the operand {}", operand.shape_string())
        })? as usize;
        let stride = row_major_strides(&operand.shape)[index] as usize;
        Ok(Features { count, stride, per_feature: operand.len().checked_div(count).unwrap_or(0) })
    }

    fn feature(&self, position: usize) -> usize {
        (position / self.stride) % self.count
    }

    /// The per-feature sums of `f(position, feature)` over the elements.
    fn sums(&self, len: usize, f: impl Fn(usize, usize) -> f64) -> Vec<f64> {
        let mut sums = vec![0.0; self.count];
        for p in 0..len {
            let l = self.feature(p);
            sums[l] += f(p, l);
        }
        sums
    }
}

/// The float elements of operand `i`, checked to have `len` of them.
fn floats(operands: &[Rc<Value>], i: usize, name: &str, len: usize) -> EvalResult<Vec<f64>> {
    let literal = tensor(operands, i)?;
    let values =
        literal.floats().ok_or_else(|| format!("{name} must hold floats, found {}", literal.shape_string()))?;
    if values.len() != len {
        return Err(EvalError::new(format!("{name} has {} elements, expected {len}", values.len())));
    }
    Ok(values.to_vec())
}

/// The normalized operand: `scale * (x - mean) / sqrt(variance + epsilon) + offset`.
fn normalize(x: &[f64], features: &Features, stats: [&[f64]; 4], epsilon: f64) -> Vec<f64> {
    let [scale, offset, mean, variance] = stats;
    x.iter()
        .enumerate()
        .map(|(p, &x)| {
            let l = features.feature(p);
            scale[l] * (x - mean[l]) / (variance[l] + epsilon).sqrt() + offset[l]
        })
        .collect()
}

pub(super) fn batch_norm_inference(cx: &mut OpCx, op: BatchNormInferenceOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let operand = tensor(operands, 0)?;
    let features = Features::of(operand, op.feature_index(body))?;
    let x = floats(operands, 0, "operand", operand.len())?;
    let per = |i, name| floats(operands, i, name, features.count);
    let (scale, offset, mean, variance) = (per(1, "scale")?, per(2, "offset")?, per(3, "mean")?, per(4, "variance")?);
    let y = normalize(&x, &features, [&scale, &offset, &mean, &variance], f64::from(op.epsilon(body)));
    Ok(vec![real_literal(y, cx.result_element(0)?, operand.shape.clone())?.into()])
}

pub(super) fn batch_norm_training(cx: &mut OpCx, op: BatchNormTrainingOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let operand = tensor(operands, 0)?;
    let features = Features::of(operand, op.feature_index(body))?;
    let x = floats(operands, 0, "operand", operand.len())?;
    let (scale, offset) =
        (floats(operands, 1, "scale", features.count)?, floats(operands, 2, "offset", features.count)?);
    let m = features.per_feature as f64;
    let mean: Vec<f64> = features.sums(x.len(), |p, _| x[p]).iter().map(|s| s / m).collect();
    let variance: Vec<f64> = features.sums(x.len(), |p, l| (x[p] - mean[l]).powi(2)).iter().map(|s| s / m).collect();
    let y = normalize(&x, &features, [&scale, &offset, &mean, &variance], f64::from(op.epsilon(body)));
    let element = cx.result_element(0)?;
    per_feature_results(element, operand, &features, y, vec![mean, variance])
}

pub(super) fn batch_norm_grad(cx: &mut OpCx, op: BatchNormGradOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let operand = tensor(operands, 0)?;
    let features = Features::of(operand, op.feature_index(body))?;
    let x = floats(operands, 0, "operand", operand.len())?;
    let per = |i, name| floats(operands, i, name, features.count);
    let (scale, mean, variance) = (per(1, "scale")?, per(2, "mean")?, per(3, "variance")?);
    let dy = floats(operands, 4, "grad_output", operand.len())?;
    let epsilon = f64::from(op.epsilon(body));
    let m = features.per_feature as f64;
    let sum_dy = features.sums(x.len(), |p, _| dy[p]);
    let sum_dy_centered = features.sums(x.len(), |p, l| dy[p] * (x[p] - mean[l]));
    let deviation: Vec<f64> = variance.iter().map(|v| (v + epsilon).sqrt()).collect();
    let grad_operand = (0..x.len())
        .map(|p| {
            let l = features.feature(p);
            let c = sum_dy_centered[l] / (m * (variance[l] + epsilon));
            let d = sum_dy[l] / m;
            scale[l] / deviation[l] * (dy[p] - d - c * (x[p] - mean[l]))
        })
        .collect();
    let grad_scale = sum_dy_centered.iter().zip(&deviation).map(|(s, d)| s / d).collect();
    let element = cx.result_element(0)?;
    per_feature_results(element, operand, &features, grad_operand, vec![grad_scale, sum_dy])
}

/// An operand-shaped result followed by per-feature results, all of `element`.
fn per_feature_results(
    element: ElementType,
    operand: &Literal,
    features: &Features,
    shaped: Vec<f64>,
    per_feature: Vec<Vec<f64>>,
) -> EvalResult<Vec<Value>> {
    let mut results = vec![real_literal(shaped, element, operand.shape.clone())?.into()];
    for values in per_feature {
        results.push(real_literal(values, element, vec![features.count as i64])?.into());
    }
    Ok(results)
}
