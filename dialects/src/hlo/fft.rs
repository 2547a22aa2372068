//! `hlo.fft`: XLA's `Fft`, the forward and inverse Fourier transforms over the innermost one
//! to three dimensions, complex to complex, real to complex and complex to real.
//!
//! Shape rule (XLA's `InferFftShape`): `FFT` and `IFFT` keep the operand's type. `RFFT` takes
//! `f32` or `f64` whose innermost dimensions are `fft_length` and gives complex numbers,
//! the innermost dimension cut to `fft_length[-1] / 2 + 1` (the rest is the conjugate
//! mirror). `IRFFT` inverts it: the innermost dimensions but the last are `fft_length`, the
//! last is `fft_length[-1] / 2 + 1` and becomes `fft_length[-1]`, in real numbers.

use xla_ir::constraints::{AttrKind, I64ArrayAttr, NumericTensor};
use xla_ir::op_def::InferContext;
use xla_ir::shape::merge_dim;
use xla_ir::{Dim, FloatKind, TensorType, Type, TypeData};
use xla_macros::op;

use super::common::{int_list, required_i64_array};
use super::dot_general::dim_to_string;

xla_ir::enum_attr! {
    /// The transform `hlo.fft` computes (XLA's `FftType`).
    pub enum FftType: "an FFT type" { Fft = "FFT", Ifft = "IFFT", Rfft = "RFFT", Irfft = "IRFFT" }
}

/// Fourier transform over the innermost `fft_length.len()` dimensions (1 to 3).
///
/// `FFT` and `IFFT` are the forward and inverse complex transforms and keep the type.
/// `RFFT` transforms real `f32`/`f64` data whose innermost dimensions are `fft_length` into
/// complex numbers, keeping `fft_length[-1] / 2 + 1` entries of the innermost dimension (the
/// others are the conjugate mirror). `IRFFT` is its inverse: complex data with innermost
/// dimensions `fft_length`, except the last which is `fft_length[-1] / 2 + 1`, into real
/// numbers whose innermost dimension is `fft_length[-1]`. Zero-sized innermost dimensions
/// stay zero-sized.
///
/// Example: `%0 = hlo.fft %x, type = RFFT, length = [16] : (tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>>`
#[op(
    name = "hlo.fft",
    traits = [Pure],
    infer = infer_fft,
    format = "$operand `,` `type` `=` $fft_type `,` `length` `=` $fft_length attr-dict `:` functional-type(operands, results)"
)]
pub struct FftOp {
    #[operand]
    operand: NumericTensor,
    /// The transform.
    #[attr]
    fft_type: FftType,
    /// The logical sizes of the transformed innermost dimensions, outermost first.
    #[attr]
    fft_length: I64ArrayAttr,
    #[result]
    result: NumericTensor,
}

/// The shape function of `hlo.fft`.
pub fn infer_fft(cx: &InferContext) -> Result<Vec<Type>, String> {
    let operand = cx.tensor(0)?;
    let ctx = cx.ctx;
    let fft_type = match cx.attr("fft_type") {
        None => return Err("requires attribute 'fft_type'".into()),
        Some(attr) => FftType::get(ctx, attr).ok_or_else(|| {
            format!(
                "attribute 'fft_type' must be {}, found {}",
                FftType::CONSTRAINT.description,
                ctx.attr_to_string(attr)
            )
        })?,
    };
    let lengths = required_i64_array(cx, "fft_length")?;
    let n = lengths.len();
    if !(1..=3).contains(&n) {
        return Err(format!("fft_length must have 1 to 3 entries, found {n}"));
    }
    if let Some((i, v)) = lengths.iter().enumerate().find(|(_, v)| **v < 0) {
        return Err(format!("fft_length[{i}] = {v} must not be negative"));
    }
    let rank = operand.dims.len();
    if rank < n {
        return Err(format!(
            "operand has rank {rank} ({}), but a {n}-d transform needs rank {n} or more",
            ctx.type_to_string(cx.operand_types[0])
        ));
    }
    let element = operand.element;
    let complex_component = match ctx.type_data(element) {
        TypeData::Complex(component) => Some(*component),
        _ => None,
    };
    let needs =
        |what: &str| format!("{} needs {what} elements, found {}", fft_type.name(), ctx.type_to_string(element));
    let mut dims = operand.dims.clone();
    // Merges innermost dimension `rank - n + i` with `fft_length[i]` for the `count` first.
    let match_lengths = |dims: &mut Vec<Dim>, count: usize, which: &str| -> Result<(), String> {
        for (i, &length) in lengths.iter().enumerate().take(count) {
            let d = rank - n + i;
            dims[d] = merge_dim(dims[d], Dim::Static(length)).ok_or_else(|| {
                format!(
                    "{} needs {which} to match fft_length {}, but operand dimension {d} has size {}",
                    fft_type.name(),
                    int_list(lengths),
                    dim_to_string(dims[d])
                )
            })?;
        }
        Ok(())
    };
    let last = lengths[n - 1];
    let result_element = match fft_type {
        FftType::Fft | FftType::Ifft => {
            complex_component.ok_or_else(|| needs("complex"))?;
            return Ok(vec![cx.operand_types[0]]);
        }
        FftType::Rfft => {
            if !matches!(ctx.type_data(element), TypeData::Float(FloatKind::F32 | FloatKind::F64)) {
                return Err(needs("f32 or f64"));
            }
            match_lengths(&mut dims, n, "the innermost dimensions")?;
            if last != 0 {
                dims[rank - 1] = Dim::Static(last / 2 + 1);
            }
            ctx.ty(TypeData::Complex(element))
        }
        FftType::Irfft => {
            let component = complex_component.ok_or_else(|| needs("complex"))?;
            match_lengths(&mut dims, n - 1, "the innermost dimensions but the last")?;
            let innermost = dims[rank - 1];
            let zero_sized = innermost == Dim::Static(0) && last == 0;
            if !zero_sized && merge_dim(innermost, Dim::Static(last / 2 + 1)).is_none() {
                return Err(format!(
                    "IRFFT needs the innermost dimension to have size fft_length[-1] / 2 + 1 = {}, but operand dimension {} has size {}",
                    last / 2 + 1,
                    rank - 1,
                    dim_to_string(innermost)
                ));
            }
            dims[rank - 1] = Dim::Static(last);
            component
        }
    };
    Ok(vec![ctx.ty(TypeData::Tensor(TensorType { dims, element: result_element, layout: None }))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context};
    use xla_ir::{Body, Builder, Context};

    fn infer(ctx: &Context, operand: Type, fft_type: FftType, lengths: &[i64]) -> Result<Type, String> {
        let mut body = Body::new(ctx);
        let (block, args) = block_with_args(&mut body, &[operand]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        match FftOp::build(&mut b, args[0], fft_type, lengths) {
            Ok(op) => Ok(body.value_type(op.result(&body))),
            Err(d) => Err(d.message.strip_prefix("'hlo.fft' op ").expect("prefixed").to_string()),
        }
    }

    #[test]
    fn each_transform_has_its_shape() {
        let ctx = context();
        let (f32, f64) = (ctx.f32_type(), ctx.float_type(FloatKind::F64));
        let (c64, c128) = (ctx.ty(TypeData::Complex(f32)), ctx.ty(TypeData::Complex(f64)));
        let complex = ctx.tensor_type(&[4, 8], c64);
        assert_eq!(infer(&ctx, complex, FftType::Fft, &[8]), Ok(complex));
        assert_eq!(infer(&ctx, complex, FftType::Ifft, &[4, 8]), Ok(complex));
        assert_eq!(
            infer(&ctx, ctx.tensor_type(&[4, 16], f32), FftType::Rfft, &[16]),
            Ok(ctx.tensor_type(&[4, 9], c64))
        );
        assert_eq!(
            infer(&ctx, ctx.tensor_type(&[3, 4, 17], f64), FftType::Rfft, &[4, 17]),
            Ok(ctx.tensor_type(&[3, 4, 9], c128))
        );
        assert_eq!(
            infer(&ctx, ctx.tensor_type(&[4, 9], c64), FftType::Irfft, &[16]),
            Ok(ctx.tensor_type(&[4, 16], f32))
        );
        assert_eq!(
            infer(&ctx, ctx.tensor_type(&[4, 9], c128), FftType::Irfft, &[4, 17]),
            Ok(ctx.tensor_type(&[4, 17], f64))
        );
        // Zero-sized transforms keep their size.
        assert_eq!(infer(&ctx, ctx.tensor_type(&[0], f32), FftType::Rfft, &[0]), Ok(ctx.tensor_type(&[0], c64)));
        assert_eq!(infer(&ctx, ctx.tensor_type(&[0], c64), FftType::Irfft, &[0]), Ok(ctx.tensor_type(&[0], f32)));
        // Unknown dimensions take the sizes fft_length gives.
        let unknown =
            ctx.ty(TypeData::Tensor(TensorType { dims: vec![Dim::Unknown, Dim::Unknown], element: f32, layout: None }));
        let expected = ctx.ty(TypeData::Tensor(TensorType {
            dims: vec![Dim::Unknown, Dim::Static(5)],
            element: c64,
            layout: None,
        }));
        assert_eq!(infer(&ctx, unknown, FftType::Rfft, &[8]), Ok(expected));
    }

    #[test]
    fn bad_transforms_are_explained() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let c64 = ctx.ty(TypeData::Complex(f32));
        let real = ctx.tensor_type(&[4, 16], f32);
        let complex = ctx.tensor_type(&[4, 9], c64);
        assert_eq!(infer(&ctx, complex, FftType::Fft, &[]), Err("fft_length must have 1 to 3 entries, found 0".into()));
        assert_eq!(
            infer(&ctx, complex, FftType::Fft, &[1, 2, 3, 4]),
            Err("fft_length must have 1 to 3 entries, found 4".into())
        );
        assert_eq!(infer(&ctx, complex, FftType::Fft, &[-1]), Err("fft_length[0] = -1 must not be negative".into()));
        assert_eq!(
            infer(&ctx, complex, FftType::Fft, &[1, 2, 3]),
            Err("operand has rank 2 (tensor<4x9xcomplex<f32>>), but a 3-d transform needs rank 3 or more".into())
        );
        assert_eq!(infer(&ctx, real, FftType::Ifft, &[16]), Err("IFFT needs complex elements, found f32".into()));
        assert_eq!(
            infer(&ctx, complex, FftType::Rfft, &[9]),
            Err("RFFT needs f32 or f64 elements, found complex<f32>".into())
        );
        assert_eq!(
            infer(&ctx, ctx.tensor_type(&[4, 16], ctx.float_type(FloatKind::F16)), FftType::Rfft, &[16]),
            Err("RFFT needs f32 or f64 elements, found f16".into())
        );
        assert_eq!(
            infer(&ctx, real, FftType::Rfft, &[4, 15]),
            Err("RFFT needs the innermost dimensions to match fft_length [4, 15], but operand dimension 1 has size 16"
                .into())
        );
        assert_eq!(infer(&ctx, real, FftType::Irfft, &[16]), Err("IRFFT needs complex elements, found f32".into()));
        assert_eq!(
            infer(&ctx, complex, FftType::Irfft, &[5, 16]),
            Err("IRFFT needs the innermost dimensions but the last to match fft_length [5, 16], but operand dimension 0 has size 4".into())
        );
        assert_eq!(
            infer(&ctx, complex, FftType::Irfft, &[18]),
            Err("IRFFT needs the innermost dimension to have size fft_length[-1] / 2 + 1 = 10, but operand dimension 1 has size 9".into())
        );
    }
}
