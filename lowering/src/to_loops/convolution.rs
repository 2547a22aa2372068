//! The elemental of `hlo.convolution` (XLA's `ConvGeneralDilated`): for one result element,
//! a `loop.for` per kernel spatial dimension and one over the input features of the
//! element's group, carrying the accumulator, as `dot` does. This is the naive loop; a
//! later issue routes big convolutions to the runtime.
//!
//! The result index gives the output batch `b`, feature `o` and spatial position `s`. With
//! `feature_group_count = G` output feature `o` reads the input features of group
//! `o / (O / G)`; with `batch_group_count = G` it reads batch `(o / (O / G)) * B' + b`
//! (`B'` the output batch size). The kernel window slides over the input's spatial
//! dimensions as a reduce window does (`window_strides`, `padding`, `lhs_dilation` as the
//! base dilation, `rhs_dilation` as the window dilation), flipped where `window_reversal`
//! says so; window elements on padding or holes are skipped. The accumulator is `dot`'s.

use xla_dialects::hlo::ConvolutionOp;
use xla_dialects::loops::ArithKind;
use xla_ir::{Op, Type, ValueId};

use super::emit::Emitted;
use super::lowering::Lowering;
use super::window::{entry_or, padding_pairs, WindowDim};

/// Where the dimensions of a convolution's input, kernel and output are, and its window
/// and groups.
struct Conv {
    lhs: ValueId,
    rhs: ValueId,
    input_batch: usize,
    input_feature: usize,
    input_spatial: Vec<usize>,
    kernel_input_feature: usize,
    kernel_output_feature: usize,
    kernel_spatial: Vec<usize>,
    windows: Vec<WindowDim>,
    reversed: Vec<bool>,
    /// Input features per group: the kernel's input features.
    group_features: i64,
    /// The group counts, and the output features per feature group and per batch group.
    feature_groups: i64,
    batch_groups: i64,
    per_feature_group: i64,
    per_batch_group: i64,
    output_batch_size: i64,
    accumulator: Type,
}

/// `v` as a dimension number.
fn dim(v: i64) -> usize {
    usize::try_from(v).unwrap_or(usize::MAX)
}

impl Lowering<'_, '_> {
    /// The element of `hlo.convolution` at `index`.
    pub fn convolution_elements(&mut self, view: ConvolutionOp, index: &[ValueId]) -> Emitted<ValueId> {
        let conv = self.conv_geometry(view)?;
        let body = &*self.body;
        let (b_dim, o_dim) = (dim(view.output_batch_dimension(body)), dim(view.output_feature_dimension(body)));
        let spatial: Vec<usize> = view.output_spatial_dimensions(body).iter().map(|&d| dim(d)).collect();
        let at = |d: usize| index.get(d).copied();
        let (b, o) = (at(b_dim), at(o_dim));
        let s: Option<Vec<ValueId>> = spatial.iter().map(|&d| at(d)).collect();
        let (Some(b), Some(o), Some(s)) = (b, o, s) else {
            return Err(self.error("hlo.convolution with output dimensions out of range"));
        };
        let batch = match conv.batch_groups {
            1 => b,
            _ => {
                let group = self.div_const(o, conv.per_batch_group);
                let first_batch = self.mul_const(group, conv.output_batch_size);
                self.add_index(first_batch, b)
            }
        };
        let first_feature = match conv.feature_groups {
            1 => self.index(0),
            _ => {
                let group = self.div_const(o, conv.per_feature_group);
                self.mul_const(group, conv.group_features)
            }
        };
        let zero = self.zero(conv.accumulator)?;
        let sum = self.convolve(&conv, &s, (batch, first_feature, o), Vec::new(), zero)?;
        let result = self.element_type_of(self.body.result(view.id(), 0))?;
        Ok(self.convert(sum, result))
    }

    /// The dimension numbers, window and groups of `op`.
    fn conv_geometry(&self, view: ConvolutionOp) -> Emitted<Conv> {
        let body = &*self.body;
        let (lhs, rhs) = (view.lhs(body), view.rhs(body));
        let (lhs_shape, rhs_shape) = (self.shape_of(lhs)?, self.shape_of(rhs)?);
        let out_shape = self.shape_of(view.result(body))?;
        let dims = |v: &[i64]| v.iter().map(|&d| dim(d)).collect::<Vec<_>>();
        let input_spatial = dims(view.input_spatial_dimensions(body));
        let kernel_spatial = dims(view.kernel_spatial_dimensions(body));
        let size = |shape: &[i64], d: usize| shape.get(d).copied().ok_or_else(|| self.error("a dimension number out of range"));
        let padding = padding_pairs(view.padding(body));
        let (strides, lhs_dilation, rhs_dilation) = (view.window_strides(body), view.lhs_dilation(body), view.rhs_dilation(body));
        let mut windows = Vec::with_capacity(kernel_spatial.len());
        for (d, (&k, &i)) in kernel_spatial.iter().zip(&input_spatial).enumerate() {
            windows.push(WindowDim {
                size: size(&rhs_shape, k)?,
                stride: entry_or(strides, d, 1),
                low: padding.get(d).map_or(0, |p| p.0),
                high: padding.get(d).map_or(0, |p| p.1),
                base_dilation: entry_or(lhs_dilation, d, 1),
                window_dilation: entry_or(rhs_dilation, d, 1),
                base: size(&lhs_shape, i)?,
            });
        }
        if windows.iter().any(|w| w.stride < 1 || w.base_dilation < 1 || w.window_dilation < 1) {
            return Err(self.error("hlo.convolution with a stride or dilation that is not positive"));
        }
        let reversal = view.window_reversal(body).unwrap_or(&[]);
        let (feature_groups, batch_groups) = (view.feature_group_count(body), view.batch_group_count(body));
        let output_features = size(&out_shape, dim(view.output_feature_dimension(body)))?;
        if feature_groups < 1 || batch_groups < 1 || output_features % feature_groups != 0 || output_features % batch_groups != 0 {
            return Err(self.error("hlo.convolution whose groups do not divide its output features"));
        }
        let result = self.element_type_of(view.result(body))?;
        Ok(Conv {
            lhs,
            rhs,
            input_batch: dim(view.input_batch_dimension(body)),
            input_feature: dim(view.input_feature_dimension(body)),
            kernel_input_feature: dim(view.kernel_input_feature_dimension(body)),
            kernel_output_feature: dim(view.kernel_output_feature_dimension(body)),
            group_features: size(&rhs_shape, dim(view.kernel_input_feature_dimension(body)))?,
            feature_groups,
            batch_groups,
            per_feature_group: (output_features / feature_groups).max(1),
            per_batch_group: (output_features / batch_groups).max(1),
            output_batch_size: size(&out_shape, dim(view.output_batch_dimension(body)))?,
            reversed: (0..windows.len()).map(|d| reversal.get(d) == Some(&1)).collect(),
            input_spatial,
            kernel_spatial,
            windows,
            accumulator: super::dot::accumulator_type(self.ctx(), result),
        })
    }

    /// The sum over kernel spatial dimension number `offsets.len()` and the ones after it,
    /// then over the group's input features, added to `acc`. `(batch, first_feature, o)`
    /// are the input batch, the group's first input feature and the output feature.
    fn convolve(&mut self, c: &Conv, s: &[ValueId], at: (ValueId, ValueId, ValueId), offsets: Vec<ValueId>, acc: ValueId) -> Emitted<ValueId> {
        let level = offsets.len();
        let Some(window) = c.windows.get(level).copied() else {
            return self.convolve_features(c, s, at, &offsets, acc);
        };
        let (zero, upper) = (self.index(0), self.index(window.size));
        let sums = self.for_loop(zero, upper, &[acc], |this, k, carried| {
            let mut offsets = offsets.clone();
            offsets.push(k);
            Ok(vec![this.convolve(c, s, at, offsets, carried[0])?])
        })?;
        Ok(sums[0])
    }

    /// The sum over the group's input features at the window offsets `offsets`, added to
    /// `acc`, unless the window element falls on padding or a hole.
    fn convolve_features(&mut self, c: &Conv, s: &[ValueId], (batch, first_feature, o): (ValueId, ValueId, ValueId), offsets: &[ValueId], acc: ValueId) -> Emitted<ValueId> {
        let rank = c.input_spatial.len() + 2;
        let mut input_index = vec![None; rank];
        let mut kernel_index = vec![None; rank];
        let mut conditions = Vec::new();
        for (i, window) in c.windows.iter().enumerate() {
            let (&o_i, &k) = (s.get(i).ok_or_else(|| self.error("a spatial dimension out of range"))?, &offsets[i]);
            let source = self.window_source(window, o_i, k, &mut conditions);
            set(&mut input_index, c.input_spatial[i], source);
            let tap = if c.reversed[i] {
                let last = self.index(window.size - 1);
                self.sub_index(last, k)
            } else {
                k
            };
            set(&mut kernel_index, c.kernel_spatial[i], tap);
        }
        set(&mut input_index, c.input_batch, batch);
        set(&mut kernel_index, c.kernel_output_feature, o);
        let accumulator = c.accumulator;
        let sums = self.unless_outside(&conditions, &[accumulator], vec![acc], |this, carried| {
            let (zero, upper) = (this.index(0), this.index(c.group_features));
            this.for_loop(zero, upper, &carried, |this, f, carried| {
                let (mut input_index, mut kernel_index) = (input_index.clone(), kernel_index.clone());
                let feature = this.add_index(first_feature, f);
                set(&mut input_index, c.input_feature, feature);
                set(&mut kernel_index, c.kernel_input_feature, f);
                let (Some(x), Some(w)) = (full(input_index), full(kernel_index)) else {
                    return Err(this.error("hlo.convolution whose dimension numbers are no permutation"));
                };
                let a = this.element(c.lhs, &x)?;
                let b = this.element(c.rhs, &w)?;
                let (a, b) = (this.convert(a, accumulator), this.convert(b, accumulator));
                let product = this.arith(ArithKind::Multiply, a, b);
                Ok(vec![this.arith(ArithKind::Add, carried[0], product)])
            })
        })?;
        Ok(sums[0])
    }
}

/// Sets entry `d` of a partial index, ignoring a dimension out of range (which leaves an
/// entry unset, reported when the index is used).
fn set(index: &mut [Option<ValueId>], d: usize, v: ValueId) {
    if let Some(slot) = index.get_mut(d) {
        *slot = Some(v);
    }
}

/// The index when every entry is set.
fn full(index: Vec<Option<ValueId>>) -> Option<Vec<ValueId>> {
    index.into_iter().collect()
}
