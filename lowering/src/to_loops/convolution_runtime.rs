//! `hlo.convolution` through the runtime's convolution (`xla_rt_conv_f32`/`_f64`,
//! runtime/src/conv.rs: im2col and gemm), for convolutions of at least
//! [`GEMM_MIN_MULTIPLY_ADDS`] multiply-adds with at least [`MIN_GROUP_OUTPUT_FEATURES`]
//! output features per group; smaller ones, and depthwise ones, stay the loop of
//! [`super::convolution`].
//!
//! The runtime takes the convolution's *geometry*: an `i64` buffer (`memref<Lxi64>`,
//! filled with one `loop.store` per value) holding the group counts, a (size, stride) pair
//! per dimension of the input, kernel and output in the roles the dimension numbers give
//! them (batch, feature, spatial), strides read from the buffers' layouts, and per spatial
//! dimension the window stride, padding, dilations and reversal; the layout of that
//! buffer is the runtime module's documentation. So dimension numbers and layouts cost no
//! copy.
//!
//! Element types as for dots ([`super::gemm`]): `f32` and `f64` directly; `f16` and `bf16`
//! operands are converted into dense `f32` buffers, the result computed into an `f32`
//! temporary and rounded once into its buffer, which is how the loop accumulates them.
//! Other element types keep the loop. Sums run in the runtime's order, within the
//! tolerance convolutions are compared with.
//!
//! Invariant: the runtime's output is the result's buffer or a fresh temporary, never an
//! operand's buffer.

use xla_dialects::hlo::ConvolutionOp;
use xla_ir::{Op, FloatKind, Layout, Type, ValueId};

use super::emit::Emitted;
use super::gemm::GEMM_MIN_MULTIPLY_ADDS;
use super::lowering::{Lowered, Lowering};
use super::window::{entry_or, padding_pairs};

/// The fewest output features per group for which im2col and gemm pay: below it (depthwise
/// convolutions, one per group) the loop computes the few products per output directly.
/// Measured on `mobilenet_block` (bench/models: a 3x3 depthwise convolution of 192
/// channels between two 1x1 ones): 88 ms through the runtime, 1.6 ms with the loop.
const MIN_GROUP_OUTPUT_FEATURES: i64 = 8;

/// The dimensions of one operand in the runtime's roles: the first two (batch and
/// feature, or the kernel's input and output feature), then the spatial ones.
struct Roles {
    first: usize,
    second: usize,
    spatial: Vec<usize>,
}

impl Lowering<'_, '_> {
    /// Lowers `hlo.convolution`: through the runtime when it is big enough and its
    /// element type allows, as a loop nest otherwise.
    pub fn lower_convolution(&mut self, view: ConvolutionOp) -> Emitted<()> {
        match self.conv_compute_type(view)? {
            Some(compute) if self.options.runtime_kernels => self.lower_convolution_through_runtime(view, compute),
            _ => self.materialize_op(view.id()),
        }
    }

    /// The type the runtime computes `op` in, when it computes it: a float type it takes
    /// (directly or through `f32`) for both operands and the result, and at least
    /// [`GEMM_MIN_MULTIPLY_ADDS`] multiply-adds (output elements times the kernel's input
    /// features and window positions).
    fn conv_compute_type(&self, view: ConvolutionOp) -> Emitted<Option<Type>> {
        let body = &*self.body;
        let (lhs, rhs, result) = (view.lhs(body), view.rhs(body), view.result(body));
        let element = self.element_type_of(result)?;
        if self.element_type_of(lhs)? != element || self.element_type_of(rhs)? != element {
            return Ok(None);
        }
        let Some(compute) = self.gemm_compute_type(element) else { return Ok(None) };
        let ranks = [view.input_spatial_dimensions(body).len(), view.kernel_spatial_dimensions(body).len(), view.output_spatial_dimensions(body).len()];
        if ranks[1] != ranks[0] || ranks[2] != ranks[0] {
            return Ok(None);
        }
        let (kernel_shape, out_shape) = (self.shape_of(rhs)?, self.shape_of(result)?);
        let Ok(output_feature) = usize::try_from(view.kernel_output_feature_dimension(body)) else { return Ok(None) };
        // Every kernel element meets every output position of its output feature.
        let per_output_feature = kernel_shape.iter().enumerate().filter(|(d, _)| *d != output_feature).try_fold(1i64, |acc, (_, &n)| acc.checked_mul(n));
        let work = out_shape.iter().try_fold(per_output_feature.unwrap_or(i64::MAX), |acc, &n| acc.checked_mul(n)).unwrap_or(i64::MAX);
        // Each group's product has the group's output features as its columns: with fewer
        // than a vector's worth (a depthwise convolution has one), im2col packs every patch
        // for a product that does a few multiply-adds per element packed.
        let groups = view.feature_group_count(body).max(view.batch_group_count(body)).max(1);
        let columns = kernel_shape.get(output_feature).map_or(0, |&n| n / groups);
        Ok((work >= GEMM_MIN_MULTIPLY_ADDS && columns >= MIN_GROUP_OUTPUT_FEATURES).then_some(compute))
    }

    /// Emits the geometry and the runtime call for `op`, computing in `compute`.
    fn lower_convolution_through_runtime(&mut self, view: ConvolutionOp, compute: Type) -> Emitted<()> {
        let op = view.id();
        let result = self.body.result(op, 0);
        if self.body.is_unused(result) {
            return Ok(());
        }
        let body = &*self.body;
        let (lhs, rhs) = (view.lhs(body), view.rhs(body));
        let dim = |v: i64| usize::try_from(v).map_err(|_| self.error("hlo.convolution with a negative dimension number"));
        let dims = |v: &[i64]| v.iter().map(|&d| dim(d)).collect::<Emitted<Vec<_>>>();
        let input = Roles { first: dim(view.input_batch_dimension(body))?, second: dim(view.input_feature_dimension(body))?, spatial: dims(view.input_spatial_dimensions(body))? };
        let kernel = Roles {
            first: dim(view.kernel_input_feature_dimension(body))?,
            second: dim(view.kernel_output_feature_dimension(body))?,
            spatial: dims(view.kernel_spatial_dimensions(body))?,
        };
        let output = Roles { first: dim(view.output_batch_dimension(body))?, second: dim(view.output_feature_dimension(body))?, spatial: dims(view.output_spatial_dimensions(body))? };
        let spatial = input.spatial.len();
        let mut geometry = vec![spatial as i64, view.feature_group_count(body), view.batch_group_count(body)];
        let padding = padding_pairs(view.padding(body));
        let (strides, lhs_dilation, rhs_dilation) = (view.window_strides(body), view.lhs_dilation(body), view.rhs_dilation(body));
        let reversal = view.window_reversal(body).unwrap_or(&[]).to_vec();
        let mut window = Vec::with_capacity(6 * spatial);
        for d in 0..spatial {
            let (low, high) = padding.get(d).copied().unwrap_or((0, 0));
            let reversed = i64::from(reversal.get(d) == Some(&1));
            window.extend([entry_or(strides, d, 1), low, high, entry_or(lhs_dilation, d, 1), entry_or(rhs_dilation, d, 1), reversed]);
        }
        let ty = self.body.value_type(result);
        let Lowered::Buffer(out) = self.result_buffers(result, ty)? else {
            return Err(self.error("internal error: a tensor result without a buffer"));
        };
        let input_buffer = self.dense_operand(lhs, compute)?;
        let kernel_buffer = self.dense_operand(rhs, compute)?;
        let direct = self.ctx().as_memref(self.body.value_type(out)).is_some_and(|m| m.element == compute);
        let output_buffer = if direct {
            out
        } else {
            let shape = self.shape_of(result)?;
            self.alloc(self.ctx().memref_type(&shape, compute))
        };
        for (buffer, roles) in [(input_buffer, &input), (kernel_buffer, &kernel), (output_buffer, &output)] {
            geometry.extend(self.role_sizes_and_strides(buffer, roles)?);
        }
        geometry.extend(window);
        let geometry_buffer = self.i64_buffer(&geometry)?;
        let suffix = if compute == self.ctx().float_type(FloatKind::F64) { "f64" } else { "f32" };
        let len = self.index(geometry.len() as i64);
        self.call_runtime(&format!("xla_rt_conv_{suffix}"), &[geometry_buffer, len, input_buffer, kernel_buffer, output_buffer])?;
        if output_buffer != out {
            let shape = self.shape_of(result)?;
            self.copy_converted(output_buffer, out, &shape)?;
        }
        self.bind(result, Lowered::Buffer(out));
        Ok(())
    }

    /// Hlo value `v` in a buffer of `compute` elements: its own, or a dense copy.
    fn dense_operand(&mut self, v: ValueId, compute: Type) -> Emitted<ValueId> {
        if let Some(Lowered::Buffer(buffer)) = self.values.get(&v).cloned() {
            if self.ctx().as_memref(self.body.value_type(buffer)).is_some_and(|m| m.element == compute) {
                return Ok(buffer);
            }
        }
        let shape = self.shape_of(v)?;
        let copy = self.alloc(self.ctx().memref_type(&shape, compute));
        self.loop_nest(&shape, |this, index| {
            let x = this.element(v, index)?;
            let x = this.convert(x, compute);
            this.store(x, copy, index);
            Ok(())
        })?;
        Ok(copy)
    }

    /// Copies buffer `from` into `to` (same shape), converting the elements.
    fn copy_converted(&mut self, from: ValueId, to: ValueId, shape: &[i64]) -> Emitted<()> {
        let element = self.ctx().as_memref(self.body.value_type(to)).map(|m| m.element);
        let element = element.ok_or_else(|| self.error("internal error: a buffer that is no memref"))?;
        self.loop_nest(shape, |this, index| {
            let x = this.load(from, index);
            let x = this.convert(x, element);
            this.store(x, to, index);
            Ok(())
        })
    }

    /// The (size, stride) pairs of `buffer`'s dimensions in the order `roles` lists them.
    fn role_sizes_and_strides(&self, buffer: ValueId, roles: &Roles) -> Emitted<Vec<i64>> {
        let memref = self.ctx().as_memref(self.body.value_type(buffer)).ok_or_else(|| self.error("internal error: a buffer that is no memref"))?;
        let shape = memref.static_shape().ok_or_else(|| self.error("lower-to-loops needs static shapes"))?;
        let strides = memref.layout.clone().unwrap_or_else(|| Layout::row_major(shape.len())).strides(&shape);
        let mut values = Vec::with_capacity(2 * (roles.spatial.len() + 2));
        for &d in [roles.first, roles.second].iter().chain(&roles.spatial) {
            let (Some(&size), Some(&stride)) = (shape.get(d), strides.get(d)) else {
                return Err(self.error("hlo.convolution with a dimension number out of range"));
            };
            values.extend([size, stride]);
        }
        Ok(values)
    }
}
