//! Linear algebra opcodes: `dot`, `convolution`, `fft`, `cholesky`, `triangular-solve` and
//! the `batch-norm-*` family.
//!
//! `dot` always becomes `hlo.dot_general` with its dimension numbers (empty lists when not
//! written), `operand_precision` becomes `precision_config`, and the `window` and
//! `dim_labels` of a convolution become the flat attributes of `hlo.convolution`.

use xla_dialects::hlo::HloOpKind;

use super::attrs::{read_dim_labels, read_window};
use super::cursor::PResult;
use super::emitter::Emitter;
use super::opcodes::Inst;
use super::values::HloValue;

/// `dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}, ...` → `hlo.dot_general`.
pub fn dot(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let mut attrs = Vec::new();
    for (hlo, ours) in [
        ("lhs_batch_dims", "lhs_batching_dims"),
        ("rhs_batch_dims", "rhs_batching_dims"),
        ("lhs_contracting_dims", "lhs_contracting_dims"),
        ("rhs_contracting_dims", "rhs_contracting_dims"),
    ] {
        let dims = e.ints_attr(inst, hlo)?.unwrap_or_default();
        attrs.push((ours, e.ctx.i64_array_attr(&dims)));
    }
    if let Some(precision) = e.precision_attr(inst)? {
        attrs.push(("precision_config", precision));
    }
    let operands = e.operand_values(inst)?;
    e.emit_single(inst, HloOpKind::DotGeneral, operands, attrs, Vec::new())
}

/// `convolution(x, w), window={...}, dim_labels=..., feature_group_count=..., ...` →
/// `hlo.convolution`.
pub fn convolution(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let labels = e.required(inst, "dim_labels")?;
    let text = e.raw_text(labels.value);
    let cursor = e.cursor(labels.value);
    let dims = read_dim_labels(&cursor, &text, e.src.token(labels.value.0).start)?;
    let window = e.read_attr(inst, "window", read_window)?.unwrap_or_default();
    let ctx = e.ctx;
    let mut attrs = vec![
        ("input_batch_dimension", ctx.i64_attr(dims.input_batch)),
        ("input_feature_dimension", ctx.i64_attr(dims.input_feature)),
        ("input_spatial_dimensions", ctx.i64_array_attr(&dims.input_spatial)),
        ("kernel_input_feature_dimension", ctx.i64_attr(dims.kernel_input_feature)),
        ("kernel_output_feature_dimension", ctx.i64_attr(dims.kernel_output_feature)),
        ("kernel_spatial_dimensions", ctx.i64_array_attr(&dims.kernel_spatial)),
        ("output_batch_dimension", ctx.i64_attr(dims.output_batch)),
        ("output_feature_dimension", ctx.i64_attr(dims.output_feature)),
        ("output_spatial_dimensions", ctx.i64_array_attr(&dims.output_spatial)),
        ("feature_group_count", ctx.i64_attr(e.int_attr(inst, "feature_group_count")?.unwrap_or(1))),
        ("batch_group_count", ctx.i64_attr(e.int_attr(inst, "batch_group_count")?.unwrap_or(1))),
    ];
    if !window.stride.is_empty() {
        attrs.push(("window_strides", ctx.i64_array_attr(&window.stride)));
    }
    if !window.pad.is_empty() {
        attrs.push(("padding", ctx.array_attr(window.pad.iter().map(|p| ctx.i64_array_attr(p)).collect())));
    }
    if !window.lhs_dilate.is_empty() {
        attrs.push(("lhs_dilation", ctx.i64_array_attr(&window.lhs_dilate)));
    }
    if !window.rhs_dilate.is_empty() {
        attrs.push(("rhs_dilation", ctx.i64_array_attr(&window.rhs_dilate)));
    }
    if !window.rhs_reversal.is_empty() {
        attrs.push(("window_reversal", ctx.i64_array_attr(&window.rhs_reversal)));
    }
    if let Some(precision) = e.precision_attr(inst)? {
        attrs.push(("precision_config", precision));
    }
    let operands = e.operand_values(inst)?;
    e.emit_single(inst, HloOpKind::Convolution, operands, attrs, Vec::new())
}

/// `fft(x), fft_type=RFFT, fft_length={16}` → `hlo.fft`.
pub fn fft(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let ty = e.required_word(inst, "fft_type")?;
    if !matches!(ty.as_str(), "FFT" | "IFFT" | "RFFT" | "IRFFT") {
        return Err(e.attr_error(inst, "fft_type", format!("unknown FFT type '{ty}' (FFT, IFFT, RFFT or IRFFT)")));
    }
    let length = e.required_ints(inst, "fft_length")?;
    let attrs = vec![("fft_type", e.ctx.string_attr(&ty)), ("fft_length", e.ctx.i64_array_attr(&length))];
    let operands = e.operand_values(inst)?;
    e.emit_single(inst, HloOpKind::Fft, operands, attrs, Vec::new())
}

/// `cholesky(a), lower=true` → `hlo.cholesky` (`lower` defaults to false, as in XLA).
pub fn cholesky(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let lower = e.bool_attr(inst, "lower")?.unwrap_or(false);
    let attrs = vec![("lower", e.ctx.bool_attr(lower))];
    let operands = e.operand_values(inst)?;
    e.emit_single(inst, HloOpKind::Cholesky, operands, attrs, Vec::new())
}

/// `triangular-solve(a, b), left_side=true, lower=true, unit_diagonal=false,
/// transpose_a=NO_TRANSPOSE` → `hlo.triangular_solve` (flags default to false, the
/// transpose to `NO_TRANSPOSE`).
pub fn triangular_solve(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let mut attrs = Vec::new();
    for name in ["left_side", "lower", "unit_diagonal"] {
        let flag = e.bool_attr(inst, name)?.unwrap_or(false);
        attrs.push((name, e.ctx.bool_attr(flag)));
    }
    let transpose = e.word_attr(inst, "transpose_a")?.unwrap_or_else(|| "NO_TRANSPOSE".to_string());
    if !matches!(transpose.as_str(), "NO_TRANSPOSE" | "TRANSPOSE" | "ADJOINT") {
        return Err(e.attr_error(inst, "transpose_a", format!("unknown transpose '{transpose}' (NO_TRANSPOSE, TRANSPOSE or ADJOINT)")));
    }
    attrs.push(("transpose_a", e.ctx.string_attr(&transpose)));
    let operands = e.operand_values(inst)?;
    e.emit_single(inst, HloOpKind::TriangularSolve, operands, attrs, Vec::new())
}

/// `epsilon` and `feature_index`, shared by the batch norm family.
fn batch_norm_attrs(e: &Emitter, inst: &Inst) -> PResult<Vec<(&'static str, xla_ir::Attribute)>> {
    e.required(inst, "epsilon")?;
    let epsilon = e.read_attr(inst, "epsilon", |c| {
        let text = c.text();
        let value = if c.is(super::lexer::TokenKind::Number) { text.parse::<f64>().ok() } else { None };
        let value = value.ok_or_else(|| c.expected("a number for 'epsilon'"))?;
        c.bump();
        Ok(value)
    })?;
    let epsilon = epsilon.unwrap_or(0.0) as f32;
    let feature_index = e.required_int(inst, "feature_index")?;
    Ok(vec![
        ("epsilon", e.ctx.float_attr(f64::from(epsilon), e.ctx.f32_type())),
        ("feature_index", e.ctx.i64_attr(feature_index)),
    ])
}

/// `batch-norm-training(x, scale, offset)` → `hlo.batch_norm_training` (three results).
pub fn batch_norm_training(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let attrs = batch_norm_attrs(e, inst)?;
    let operands = e.operand_values(inst)?;
    e.emit_multi(inst, HloOpKind::BatchNormTraining, operands, attrs, Vec::new())
}

/// `batch-norm-inference(x, scale, offset, mean, variance)` → `hlo.batch_norm_inference`.
pub fn batch_norm_inference(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let attrs = batch_norm_attrs(e, inst)?;
    let operands = e.operand_values(inst)?;
    e.emit_single(inst, HloOpKind::BatchNormInference, operands, attrs, Vec::new())
}

/// `batch-norm-grad(x, scale, mean, variance, grad)` → `hlo.batch_norm_grad` (three results).
pub fn batch_norm_grad(e: &mut Emitter, inst: &Inst) -> PResult<HloValue> {
    let attrs = batch_norm_attrs(e, inst)?;
    let operands = e.operand_values(inst)?;
    e.emit_multi(inst, HloOpKind::BatchNormGrad, operands, attrs, Vec::new())
}
