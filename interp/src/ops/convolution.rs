//! `hlo.convolution`: XLA's `ConvGeneralDilated`, the convolution of neural networks.
//!
//! XLA's semantics kept here: the dimension numbers say where the batch, feature and
//! spatial dimensions of the input (`lhs`), the kernel (`rhs`) and the output are. The
//! kernel's spatial dimensions are a window (see [`crate::ops::window`]) that slides over
//! the input's spatial dimensions with `window_strides`, after `padding` (zeros; negative
//! padding crops) and `lhs_dilation` (zeros between input elements); `rhs_dilation`
//! spreads the kernel, and `window_reversal` flips it along the marked dimensions. Each
//! output element is the sum, over the window and the input features of its group, of
//! input times kernel.
//!
//! Groups, as StableHLO's specification spells them out: with `feature_group_count = G`
//! the input features and the kernel's output features are split into G consecutive
//! groups, output feature `o` uses the input features of group `o / (O / G)`, and the
//! kernel's input features are one group's; with `batch_group_count = G` the input batch is
//! split into G consecutive groups, output feature `o` uses batch group `o / (O / G)`, and
//! the output batch is one group's. Accumulation is that of [`crate::ops::products`].
//!
//! The input is gathered as `[batch, spatial..., feature]` and the kernel as
//! `[output feature, spatial..., input feature]`, so the innermost sum over a group's input
//! features runs over contiguous memory.

use std::rc::Rc;

use xla_dialects::hlo::ConvolutionOp;
use xla_ir::Body;

use crate::element::ElementType;
use crate::error::{EvalError, EvalResult};
use crate::index::{advance, num_elements};
use crate::interpreter::OpCx;
use crate::literal::Literal;
use crate::ops::products::{dot, forward_kernel, with_buffers, Accumulator, Buffer};
use crate::ops::positions::transpose_positions;
use crate::ops::support::{tensor, to_usize};
use crate::ops::window::{WindowAttrs, WindowDim};
use crate::value::Value;

/// Where the batch, feature and spatial dimensions of each operand and the result are.
struct Layout {
    input_batch: usize,
    input_feature: usize,
    input_spatial: Vec<usize>,
    kernel_input_feature: usize,
    kernel_output_feature: usize,
    kernel_spatial: Vec<usize>,
    output_batch: usize,
    output_feature: usize,
    output_spatial: Vec<usize>,
}

pub(super) fn convolution(cx: &mut OpCx, op: ConvolutionOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let layout = Layout::of(op, body)?;
    let (lhs, rhs) = (tensor(operands, 0)?, tensor(operands, 1)?);
    layout.check(lhs.rank(), rhs.rank())?;
    let sizes: Vec<i64> = layout.kernel_spatial.iter().map(|&d| rhs.shape[d]).collect();
    let attrs = WindowAttrs {
        strides: op.window_strides(body),
        padding: op.padding(body),
        base_dilations: op.lhs_dilation(body),
        window_dilations: op.rhs_dilation(body),
    };
    let windows = attrs.window(&sizes)?;
    let reversal = op.window_reversal(body).unwrap_or(&[]);
    let groups = (
        to_usize(op.feature_group_count(body), "feature_group_count")?,
        to_usize(op.batch_group_count(body), "batch_group_count")?,
    );
    let conv = Conv::new(&layout, lhs, rhs, windows, reversal, groups)?;
    Ok(vec![conv.evaluate(&layout, lhs, rhs, cx.result_element(0)?)?.into()])
}

impl Layout {
    /// The dimension numbers of `op`.
    fn of(op: ConvolutionOp, body: &Body) -> Result<Layout, String> {
        let one = |v: i64, what: &str| to_usize(v, what);
        let list = |v: &[i64], what: &str| v.iter().map(|&d| to_usize(d, what)).collect::<Result<Vec<_>, _>>();
        Ok(Layout {
            input_batch: one(op.input_batch_dimension(body), "input_batch_dimension")?,
            input_feature: one(op.input_feature_dimension(body), "input_feature_dimension")?,
            input_spatial: list(op.input_spatial_dimensions(body), "input_spatial_dimensions")?,
            kernel_input_feature: one(op.kernel_input_feature_dimension(body), "kernel_input_feature_dimension")?,
            kernel_output_feature: one(op.kernel_output_feature_dimension(body), "kernel_output_feature_dimension")?,
            kernel_spatial: list(op.kernel_spatial_dimensions(body), "kernel_spatial_dimensions")?,
            output_batch: one(op.output_batch_dimension(body), "output_batch_dimension")?,
            output_feature: one(op.output_feature_dimension(body), "output_feature_dimension")?,
            output_spatial: list(op.output_spatial_dimensions(body), "output_spatial_dimensions")?,
        })
    }

    /// Checks that the dimension numbers are permutations of the operands' dimensions.
    fn check(&self, lhs_rank: usize, rhs_rank: usize) -> Result<(), String> {
        let spatial = self.input_spatial.len();
        for (what, dims, rank) in [
            ("input", self.input_permutation(), lhs_rank),
            ("kernel", self.kernel_permutation(), rhs_rank),
            ("output", self.output_permutation(), lhs_rank),
        ] {
            let mut sorted = dims.clone();
            sorted.sort_unstable();
            if dims.len() != spatial + 2 || rank != spatial + 2 || sorted != (0..rank).collect::<Vec<_>>() {
                return Err(format!(
                    "the {what} dimension numbers {dims:?} are not a permutation of {rank} dimensions"
                ));
            }
        }
        Ok(())
    }

    /// The input dimensions in gathering order: batch, spatial, feature.
    fn input_permutation(&self) -> Vec<usize> {
        [self.input_batch].iter().chain(&self.input_spatial).chain([&self.input_feature]).copied().collect()
    }

    /// The kernel dimensions in gathering order: output feature, spatial, input feature.
    fn kernel_permutation(&self) -> Vec<usize> {
        [self.kernel_output_feature]
            .iter()
            .chain(&self.kernel_spatial)
            .chain([&self.kernel_input_feature])
            .copied()
            .collect()
    }

    /// The result dimensions in computing order: batch, spatial, feature.
    fn output_permutation(&self) -> Vec<usize> {
        [self.output_batch].iter().chain(&self.output_spatial).chain([&self.output_feature]).copied().collect()
    }
}

/// A convolution's sizes, groups and window.
struct Conv {
    batch: usize,
    input_features: usize,
    output_batch: usize,
    output_features: usize,
    /// Input features per feature group (the kernel's input features).
    group_features: usize,
    feature_groups: usize,
    batch_groups: usize,
    input_spatial: Vec<i64>,
    kernel_spatial: Vec<i64>,
    output_spatial: Vec<i64>,
    windows: Vec<WindowDim>,
    reversal: Vec<bool>,
}

impl Conv {
    fn new(
        layout: &Layout,
        lhs: &Literal,
        rhs: &Literal,
        windows: Vec<WindowDim>,
        reversal: &[i64],
        (feature_groups, batch_groups): (usize, usize),
    ) -> Result<Conv, String> {
        let size = |shape: &[i64], d: usize| shape[d] as usize;
        let batch = size(&lhs.shape, layout.input_batch);
        let input_features = size(&lhs.shape, layout.input_feature);
        let output_features = size(&rhs.shape, layout.kernel_output_feature);
        let group_features = size(&rhs.shape, layout.kernel_input_feature);
        if feature_groups == 0 || batch_groups == 0 {
            return Err("feature_group_count and batch_group_count must be positive".into());
        }
        if input_features != group_features * feature_groups
            || output_features % feature_groups != 0
            || output_features % batch_groups != 0
            || batch % batch_groups != 0
        {
            return Err(format!(
                "the groups do not divide the features: input {} and kernel {} with feature_group_count {feature_groups} and batch_group_count {batch_groups}",
                lhs.shape_string(),
                rhs.shape_string()
            ));
        }
        let input_spatial: Vec<i64> = layout.input_spatial.iter().map(|&d| lhs.shape[d]).collect();
        let output_spatial = windows.iter().zip(&input_spatial).map(|(w, &b)| w.output_size(b)).collect();
        Ok(Conv {
            batch,
            input_features,
            output_batch: batch / batch_groups,
            output_features,
            group_features,
            feature_groups,
            batch_groups,
            kernel_spatial: layout.kernel_spatial.iter().map(|&d| rhs.shape[d]).collect(),
            input_spatial,
            output_spatial,
            reversal: (0..windows.len()).map(|d| reversal.get(d) == Some(&1)).collect(),
            windows,
        })
    }

    /// The result, laid out by the output dimension numbers.
    fn evaluate(&self, layout: &Layout, lhs: &Literal, rhs: &Literal, element: ElementType) -> EvalResult<Literal> {
        let input = Buffer::gather(lhs, &transpose_positions(&lhs.shape, &layout.input_permutation()));
        let kernel = Buffer::gather(rhs, &transpose_positions(&rhs.shape, &layout.kernel_permutation()));
        let computed = with_buffers(&input, &kernel, element, self)?;
        // The computed order is [batch, spatial..., feature]; place it in the result's.
        let mut shape = vec![0i64; layout.input_spatial.len() + 2];
        shape[layout.output_batch] = self.output_batch as i64;
        shape[layout.output_feature] = self.output_features as i64;
        for (&d, &size) in layout.output_spatial.iter().zip(&self.output_spatial) {
            shape[d] = size;
        }
        if computed.len() != num_elements(&shape) {
            return Err(EvalError::new("internal error: the convolution computed a wrong number of elements"));
        }
        let positions = transpose_positions(&shape, &layout.output_permutation());
        let mut elements = computed.clone();
        for (i, &p) in positions.iter().enumerate() {
            elements.copy_from(p, &computed, i);
        }
        Ok(Literal::new(element, shape, elements))
    }

    /// For each output spatial position (row-major), the pairs of input spatial position
    /// and kernel spatial position (both row-major) its window multiplies.
    fn taps(&self) -> Vec<Vec<(usize, usize)>> {
        let tables: Vec<Vec<Option<usize>>> =
            self.windows.iter().zip(&self.input_spatial).map(|(w, &base)| w.sources(base)).collect();
        let mut taps = Vec::with_capacity(num_elements(&self.output_spatial));
        let mut output = vec![0i64; self.output_spatial.len()];
        for _ in 0..num_elements(&self.output_spatial) {
            let mut pairs = vec![(0usize, 0usize)];
            for (d, table) in tables.iter().enumerate() {
                let size = self.kernel_spatial[d] as usize;
                let row = &table[output[d] as usize * size..][..size];
                let mut next = Vec::with_capacity(pairs.len() * size);
                for &(input, kernel) in &pairs {
                    for (k, source) in row.iter().enumerate() {
                        let Some(source) = source else { continue };
                        let k = if self.reversal[d] { size - 1 - k } else { k };
                        next.push((input * self.input_spatial[d] as usize + source, kernel * size + k));
                    }
                }
                pairs = next;
            }
            taps.push(pairs);
            advance(&self.output_spatial, &mut output);
        }
        taps
    }

    /// The convolution of `input` (`[batch, spatial..., feature]`) and `kernel`
    /// (`[output feature, spatial..., input feature]`) into `[batch, spatial..., feature]`.
    fn run<T: Accumulator>(&self, input: &[T], kernel: &[T]) -> Vec<T> {
        let spatial_in = num_elements(&self.input_spatial);
        let spatial_kernel = num_elements(&self.kernel_spatial);
        let spatial_out = num_elements(&self.output_spatial);
        let (features_out, group) = (self.output_features, self.group_features);
        let mut out = vec![T::ZERO; self.output_batch * spatial_out * features_out];
        if group == 0 {
            return out;
        }
        let per_feature_group = features_out / self.feature_groups;
        let per_batch_group = features_out / self.batch_groups;
        let batch_group_size = self.batch / self.batch_groups;
        for (s, taps) in self.taps().iter().enumerate() {
            for b in 0..self.output_batch {
                let out_row = &mut out[(b * spatial_out + s) * features_out..][..features_out];
                for (o, value) in out_row.iter_mut().enumerate() {
                    let input_batch = (o / per_batch_group) * batch_group_size + b;
                    let first_feature = (o / per_feature_group) * group;
                    let mut sum = T::ZERO;
                    for &(i, k) in taps {
                        let x = &input[(input_batch * spatial_in + i) * self.input_features + first_feature..][..group];
                        let w = &kernel[(o * spatial_kernel + k) * group..][..group];
                        sum = sum.plus(dot(x, w));
                    }
                    *value = sum;
                }
            }
        }
        out
    }
}

forward_kernel!(Conv);
