//! Literals in XLA's text syntax, the payload of `constant(...)`: `5`, `true`, `1e-05`,
//! `-inf`, `nan`, `nan(0x1)`, `(1, -2)` for a complex number, `{1, 2, 3}` for a vector and
//! `{ { 1, 2 }, { 3, 4 } }` for higher ranks, as XLA's one-line literal printer writes them.
//!
//! Floats print as the shortest decimal that reads back to the same bits in their own format
//! (`bf16`, `f16` and the f8 family included), in C's `%g` style: fixed notation for
//! exponents from -4 to 15 (`0.99`, `512`), scientific otherwise (`1e-05`, `1e+20`). A
//! negative zero prints as `-0.0`, since XLA reads `-0` as the integer zero. NaNs print
//! as `nan`, with their payload when it is not the default quiet one (`nan(0x1)`, as XLA
//! prints it), and a sign when it is set.
//!
//! Invariant: reading the text back with XLA's rules gives the same bits for every element,
//! except NaN payloads of formats narrower than 16 bits, which read back as the default NaN.

use std::fmt::Write;

use xla_ir::dense::ElementKind;
use xla_ir::float_format;
use xla_ir::{Context, DenseElements, FloatKind, Scalar};

/// The text of `literal`, or why it has none.
pub(crate) fn literal_text(ctx: &Context, literal: &DenseElements) -> Result<String, String> {
    let tensor = ctx.as_tensor(literal.ty).ok_or("a literal needs a tensor type")?;
    let shape = tensor.static_shape().ok_or("a literal needs a static shape")?;
    let kind = ElementKind::of(ctx, tensor.element).ok_or("the literal's element type has no HLO literal form")?;
    let width = kind.byte_width();
    let is_pred = ctx.type_data(tensor.element) == &xla_ir::TypeData::Integer { width: 1, signedness: xla_ir::Signedness::Signless };
    let element = |i: usize| -> Result<String, String> {
        let start = if literal.splat { 0 } else { i * width };
        let bytes = literal.data.get(start..start + width).ok_or("the literal holds fewer elements than its type")?;
        Ok(element_text(kind, is_pred, bytes))
    };
    if shape.is_empty() {
        return element(0);
    }
    let mut out = String::new();
    let mut index = 0;
    write_nested(&mut out, &shape, shape.len() == 1, &mut index, &element)?;
    Ok(out)
}

/// Writes the elements of `shape` from `index` on: `{a, b}` for a top-level vector (`compact`),
/// `{ a, b }` inside a literal of higher rank.
fn write_nested(
    out: &mut String,
    shape: &[i64],
    compact: bool,
    index: &mut usize,
    element: &dyn Fn(usize) -> Result<String, String>,
) -> Result<(), String> {
    let Some((&n, rest)) = shape.split_first() else {
        out.push_str(&element(*index)?);
        *index += 1;
        return Ok(());
    };
    if n == 0 {
        out.push_str("{}");
        return Ok(());
    }
    out.push_str(if compact { "{" } else { "{ " });
    for i in 0..n {
        if i > 0 {
            out.push_str(", ");
        }
        write_nested(out, rest, compact, index, element)?;
    }
    out.push_str(if compact { "}" } else { " }" });
    Ok(())
}

/// The text of the element stored in `bytes`.
fn element_text(kind: ElementKind, is_pred: bool, bytes: &[u8]) -> String {
    match kind {
        ElementKind::Int { .. } => {
            // An integer kind always decodes to `Scalar::Int`.
            let value = match kind.decode(bytes) {
                Scalar::Int(v) => v,
                _ => 0,
            };
            match (is_pred, value) {
                (true, 0) => "false".to_string(),
                (true, _) => "true".to_string(),
                (false, v) => v.to_string(),
            }
        }
        ElementKind::Float(k) => float_text(k, read_bits(bytes)),
        ElementKind::Complex(k) => {
            let half = bytes.len() / 2;
            format!("({}, {})", float_text(k, read_bits(&bytes[..half])), float_text(k, read_bits(&bytes[half..])))
        }
    }
}

fn read_bits(bytes: &[u8]) -> u64 {
    let mut buf = [0u8; 8];
    let n = bytes.len().min(8);
    buf[..n].copy_from_slice(&bytes[..n]);
    u64::from_le_bytes(buf)
}

/// The text of the float with bit pattern `bits` in format `kind`.
pub(crate) fn float_text(kind: FloatKind, bits: u64) -> String {
    let value = float_format::decode(kind, bits);
    let sign_bit = 1u64 << (kind.bit_width() - 1);
    let negative = bits & sign_bit != 0 && kind != FloatKind::F8E8M0FNU;
    if value.is_nan() {
        let sign = if negative && !matches!(kind, FloatKind::F8E5M2FNUZ | FloatKind::F8E4M3FNUZ | FloatKind::F8E4M3B11FNUZ) {
            "-"
        } else {
            ""
        };
        return match ieee_mantissa_bits(kind) {
            Some(m) => {
                let payload = bits & ((1u64 << m) - 1);
                if payload == 1u64 << (m - 1) {
                    format!("{sign}nan")
                } else {
                    format!("{sign}nan(0x{payload:x})")
                }
            }
            None => format!("{sign}nan"),
        };
    }
    if value.is_infinite() {
        return if value < 0.0 { "-inf".to_string() } else { "inf".to_string() };
    }
    if value == 0.0 {
        return if value.is_sign_negative() { "-0.0".to_string() } else { "0".to_string() };
    }
    let (digits, exponent) = shortest_digits(kind, bits, value.abs());
    let mut out = String::new();
    if value < 0.0 {
        out.push('-');
    }
    out.push_str(&g_style(&digits, exponent));
    out
}

/// The mantissa width of the formats whose NaNs carry a payload XLA prints.
fn ieee_mantissa_bits(kind: FloatKind) -> Option<u32> {
    match kind {
        FloatKind::F16 => Some(10),
        FloatKind::BF16 => Some(7),
        FloatKind::F32 => Some(23),
        FloatKind::F64 => Some(52),
        _ => None,
    }
}

/// The fewest significant decimal digits of `magnitude` that read back to `bits` in `kind`,
/// and the decimal exponent of the first digit.
fn shortest_digits(kind: FloatKind, bits: u64, magnitude: f64) -> (String, i32) {
    let scientific = match kind {
        // Rust prints the shortest round-tripping digits of f64 and f32 itself.
        FloatKind::F64 => format!("{magnitude:e}"),
        FloatKind::F32 => format!("{:e}", magnitude as f32),
        _ => {
            let negative = bits & (1u64 << (kind.bit_width() - 1)) != 0;
            let signed = |s: &str| s.parse::<f64>().map(|v| if negative { -v } else { v });
            (0..17)
                .map(|precision| format!("{magnitude:.precision$e}"))
                .find(|s| signed(s).is_ok_and(|v| float_format::encode(kind, v) == bits))
                .unwrap_or_else(|| format!("{magnitude:e}"))
        }
    };
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let mut digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    while digits.len() > 1 && digits.ends_with('0') {
        digits.pop();
    }
    (digits, exponent.parse().unwrap_or(0))
}

/// `digits` (significant, no leading zeros) times `10^(exponent - len + 1)` in `%g` style.
fn g_style(digits: &str, exponent: i32) -> String {
    let n = digits.len() as i32;
    let mut out = String::new();
    if !(-4..16).contains(&exponent) {
        out.push_str(&digits[..1]);
        if n > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        let _ = write!(out, "e{}{:02}", if exponent < 0 { '-' } else { '+' }, exponent.unsigned_abs());
    } else if exponent >= n - 1 {
        out.push_str(digits);
        out.extend(std::iter::repeat_n('0', (exponent - (n - 1)) as usize));
    } else if exponent >= 0 {
        let point = (exponent + 1) as usize;
        out.push_str(&digits[..point]);
        out.push('.');
        out.push_str(&digits[point..]);
    } else {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (-exponent - 1) as usize));
        out.push_str(digits);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use xla_ir::TypeData;

    fn f32_text(v: f32) -> String {
        float_text(FloatKind::F32, v.to_bits() as u64)
    }

    #[test]
    fn floats_print_shortest_in_g_style() {
        assert_eq!(f32_text(0.0), "0");
        assert_eq!(f32_text(-0.0), "-0.0");
        assert_eq!(f32_text(512.0), "512");
        assert_eq!(f32_text(100.0), "100");
        assert_eq!(f32_text(0.99), "0.99");
        assert_eq!(f32_text(1e-5), "1e-05");
        assert_eq!(f32_text(0.0001), "0.0001");
        assert_eq!(f32_text(-1.5), "-1.5");
        assert_eq!(f32_text(1e20), "1e+20");
        assert_eq!(f32_text(f32::INFINITY), "inf");
        assert_eq!(f32_text(f32::NEG_INFINITY), "-inf");
        assert_eq!(f32_text(f32::NAN), "nan");
        assert_eq!(float_text(FloatKind::F32, 0x7F80_0001), "nan(0x1)");
        assert_eq!(float_text(FloatKind::F32, 0xFFC0_0000), "-nan");
        assert_eq!(float_text(FloatKind::F64, 0.1f64.to_bits()), "0.1");
        assert_eq!(float_text(FloatKind::BF16, 0x3DCD), "0.1");
        assert_eq!(float_text(FloatKind::F16, 0x3C00), "1");
        // 448 is the largest f8e4m3fn; 450 is the shortest decimal that rounds to it.
        assert_eq!(float_text(FloatKind::F8E4M3FN, 0x7E), "450");
        assert_eq!(float_text(FloatKind::F8E4M3FN, 0x7F), "nan");
        assert_eq!(float_text(FloatKind::F8E5M2, 0xFC), "-inf");
    }

    #[test]
    fn every_narrow_float_reads_back_to_its_bits() {
        for kind in [FloatKind::BF16, FloatKind::F16, FloatKind::F8E4M3FN, FloatKind::F8E5M2, FloatKind::F8E4M3FNUZ, FloatKind::F4E2M1FN] {
            for bits in 0..(1u64 << kind.bit_width()) {
                let value = float_format::decode(kind, bits);
                if !value.is_finite() {
                    continue;
                }
                let text = float_text(kind, bits);
                let read: f64 = text.parse().unwrap_or(f64::NAN);
                assert_eq!(float_format::encode(kind, read), bits, "{kind:?} {bits:#x} printed as {text}");
            }
        }
    }

    #[test]
    fn literals_nest_as_xla_prints_them() {
        let ctx = Context::new();
        let ints = ctx.tensor_type(&[2, 2], ctx.int_type(32));
        let literal = DenseElements::from_scalars(&ctx, ints, &[1, 2, 3, 4].map(Scalar::Int)).expect("fits");
        assert_eq!(literal_text(&ctx, &literal).as_deref(), Ok("{ { 1, 2 }, { 3, 4 } }"));
        let vector = ctx.tensor_type(&[3], ctx.int_type(1));
        let splat = DenseElements::from_scalars(&ctx, vector, &[Scalar::Int(1)]).expect("fits");
        assert_eq!(literal_text(&ctx, &splat).as_deref(), Ok("{true, true, true}"));
        let complex = ctx.tensor_type(&[], ctx.ty(TypeData::Complex(ctx.f32_type())));
        let z = DenseElements::from_scalars(&ctx, complex, &[Scalar::Complex(1.0, -2.5)]).expect("fits");
        assert_eq!(literal_text(&ctx, &z).as_deref(), Ok("(1, -2.5)"));
        let empty = ctx.tensor_type(&[0], ctx.f32_type());
        let none = DenseElements::from_scalars(&ctx, empty, &[]).expect("fits");
        assert_eq!(literal_text(&ctx, &none).as_deref(), Ok("{}"));
        let unsigned = ctx.tensor_type(&[], ctx.uint_type(64));
        let max = DenseElements::from_scalars(&ctx, unsigned, &[Scalar::Int(u64::MAX as i128)]).expect("fits");
        assert_eq!(literal_text(&ctx, &max).as_deref(), Ok("18446744073709551615"));
    }
}
