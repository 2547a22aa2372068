//! Shapes in XLA's text syntax: `f32[2,3]{1,0}`, `pred[]`, `s32[<=8,?]{1,0}`, `token[]`,
//! tuples `(f32[], s32[4]{0})` with XLA's `/*index=5*/` markers every five elements.
//!
//! Element types map as the hlo dialect defines them: `i1` is `pred`, `iN` and `siN` are
//! `sN`, `uiN` is `uN`, floats keep their names in lower case (`bf16`, `f8e4m3fn`), and
//! `complex<f32>`/`complex<f64>` are `c64`/`c128`. An array of rank 1 or more always prints a
//! layout: its type's `minor_to_major`, or the default major-to-minor one.
//!
//! Invariant: every shape printed reads back, with XLA's parser, to the type it came from;
//! a type with no HLO shape (unranked tensors, `index`, `tf32`, odd integer widths, padded
//! layouts, bare scalars) is an error message, never a guess.

use std::fmt::Write;

use xla_ir::{Context, Dim, FloatKind, Layout, Signedness, TensorType, Type, TypeData};

/// The HLO shape of `ty`, or why it has none.
pub(crate) fn shape_text(ctx: &Context, ty: Type) -> Result<String, String> {
    match ctx.type_data(ty) {
        TypeData::Tensor(t) => tensor_text(ctx, &t.dims, t.element, t.layout.as_ref()),
        TypeData::Tuple(elements) => tuple_text(ctx, elements),
        TypeData::Opaque { dialect, body } if dialect == "hlo" && body == "token" => Ok("token[]".to_string()),
        TypeData::UnrankedTensor(_) => Err(format!("{} has no HLO shape: XLA's arrays are ranked", ctx.type_to_string(ty))),
        _ => Err(format!("{} has no HLO shape: only tensors, tuples and tokens do", ctx.type_to_string(ty))),
    }
}

/// `(a, b, ...)` of the shapes of `elements`.
pub(crate) fn tuple_text(ctx: &Context, elements: &[Type]) -> Result<String, String> {
    let shapes = elements.iter().map(|e| shape_text(ctx, *e)).collect::<Result<Vec<_>, _>>()?;
    Ok(tuple_of(&shapes))
}

/// `(a, b, ...)` of shapes already printed, with `/*index=N*/` before every fifth one.
pub(crate) fn tuple_of(shapes: &[String]) -> String {
    let mut out = String::from("(");
    for (i, s) in shapes.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
            if i % 5 == 0 {
                let _ = write!(out, "/*index={i}*/");
            }
        }
        out.push_str(s);
    }
    out.push(')');
    out
}

/// The shape of an array with `dims` of `element`, laid out by `layout` or major-to-minor.
pub(crate) fn tensor_text(ctx: &Context, dims: &[Dim], element: Type, layout: Option<&Layout>) -> Result<String, String> {
    let mut out = element_type_name(ctx, element)?.to_string();
    out.push('[');
    for (i, d) in dims.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        match d {
            Dim::Static(n) => {
                let _ = write!(out, "{n}");
            }
            Dim::Unknown => out.push('?'),
            Dim::Bounded(n) => {
                let _ = write!(out, "<={n}");
            }
        }
    }
    out.push(']');
    if !dims.is_empty() {
        let minor_to_major = match layout {
            Some(l) if l.padded_dims.is_some() || l.padding_value.is_some() => {
                return Err("padded layouts have no HLO text form".to_string());
            }
            Some(l) => l.minor_to_major.clone(),
            None => Layout::row_major(dims.len()).minor_to_major,
        };
        out.push('{');
        out.push_str(&join(&minor_to_major, ","));
        out.push('}');
    }
    Ok(out)
}

/// The shape of `tensor` with its layout replaced by `minor_to_major` (custom-call layout
/// constraints).
pub(crate) fn with_layout(ctx: &Context, tensor: &TensorType, minor_to_major: &[i64]) -> Result<String, String> {
    let layout = Layout { minor_to_major: minor_to_major.to_vec(), padded_dims: None, padding_value: None };
    tensor_text(ctx, &tensor.dims, tensor.element, Some(&layout))
}

/// XLA's name of element type `ty`.
pub(crate) fn element_type_name(ctx: &Context, ty: Type) -> Result<&'static str, String> {
    let name = match ctx.type_data(ty) {
        TypeData::Integer { width: 1, signedness: Signedness::Signless } => Some("pred"),
        TypeData::Integer { width, signedness } => {
            let unsigned = *signedness == Signedness::Unsigned;
            match (width, unsigned) {
                (2, false) => Some("s2"),
                (4, false) => Some("s4"),
                (8, false) => Some("s8"),
                (16, false) => Some("s16"),
                (32, false) => Some("s32"),
                (64, false) => Some("s64"),
                (2, true) => Some("u2"),
                (4, true) => Some("u4"),
                (8, true) => Some("u8"),
                (16, true) => Some("u16"),
                (32, true) => Some("u32"),
                (64, true) => Some("u64"),
                _ => None,
            }
        }
        TypeData::Float(kind) => float_name(*kind),
        TypeData::Complex(part) => match ctx.type_data(*part) {
            TypeData::Float(FloatKind::F32) => Some("c64"),
            TypeData::Float(FloatKind::F64) => Some("c128"),
            _ => None,
        },
        _ => None,
    };
    name.ok_or_else(|| format!("element type {} has no HLO equivalent", ctx.type_to_string(ty)))
}

fn float_name(kind: FloatKind) -> Option<&'static str> {
    Some(match kind {
        FloatKind::F16 => "f16",
        FloatKind::BF16 => "bf16",
        FloatKind::F32 => "f32",
        FloatKind::F64 => "f64",
        FloatKind::F8E5M2 => "f8e5m2",
        FloatKind::F8E4M3 => "f8e4m3",
        FloatKind::F8E4M3FN => "f8e4m3fn",
        FloatKind::F8E5M2FNUZ => "f8e5m2fnuz",
        FloatKind::F8E4M3FNUZ => "f8e4m3fnuz",
        FloatKind::F8E4M3B11FNUZ => "f8e4m3b11fnuz",
        FloatKind::F8E3M4 => "f8e3m4",
        FloatKind::F8E8M0FNU => "f8e8m0fnu",
        FloatKind::F6E2M3FN => "f6e2m3fn",
        FloatKind::F6E3M2FN => "f6e3m2fn",
        FloatKind::F4E2M1FN => "f4e2m1fn",
        FloatKind::TF32 => return None,
    })
}

/// `1,2,3` (XLA's lists have no spaces).
pub(crate) fn join(values: &[i64], separator: &str) -> String {
    values.iter().map(i64::to_string).collect::<Vec<_>>().join(separator)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_print_as_xla_prints_them() {
        let ctx = Context::new();
        let f32 = ctx.f32_type();
        let matrix = ctx.tensor_type(&[2, 3], f32);
        assert_eq!(shape_text(&ctx, matrix).as_deref(), Ok("f32[2,3]{1,0}"));
        assert_eq!(shape_text(&ctx, ctx.tensor_type(&[], ctx.int_type(1))).as_deref(), Ok("pred[]"));
        let column_major = ctx.ty(TypeData::Tensor(TensorType {
            dims: vec![Dim::Static(2), Dim::Bounded(8), Dim::Unknown],
            element: ctx.uint_type(8),
            layout: Some(Layout { minor_to_major: vec![0, 1, 2], padded_dims: None, padding_value: None }),
        }));
        assert_eq!(shape_text(&ctx, column_major).as_deref(), Ok("u8[2,<=8,?]{0,1,2}"));
        let token = ctx.ty(TypeData::Opaque { dialect: "hlo".into(), body: "token".into() });
        let many = ctx.ty(TypeData::Tuple(vec![token, matrix, matrix, matrix, matrix, matrix]));
        assert_eq!(
            shape_text(&ctx, many).as_deref(),
            Ok("(token[], f32[2,3]{1,0}, f32[2,3]{1,0}, f32[2,3]{1,0}, f32[2,3]{1,0}, /*index=5*/f32[2,3]{1,0})")
        );
        let complex = ctx.tensor_type(&[4], ctx.ty(TypeData::Complex(ctx.float_type(FloatKind::F64))));
        assert_eq!(shape_text(&ctx, complex).as_deref(), Ok("c128[4]{0}"));
        let f8 = ctx.tensor_type(&[1], ctx.float_type(FloatKind::F8E4M3FN));
        assert_eq!(shape_text(&ctx, f8).as_deref(), Ok("f8e4m3fn[1]{0}"));
    }

    #[test]
    fn types_without_shapes_say_why() {
        let ctx = Context::new();
        let odd = ctx.tensor_type(&[2], ctx.int_type(3));
        assert_eq!(shape_text(&ctx, odd), Err("element type i3 has no HLO equivalent".to_string()));
        let unranked = ctx.ty(TypeData::UnrankedTensor(ctx.f32_type()));
        assert_eq!(shape_text(&ctx, unranked), Err("tensor<*xf32> has no HLO shape: XLA's arrays are ranked".to_string()));
        assert_eq!(shape_text(&ctx, ctx.f32_type()), Err("f32 has no HLO shape: only tensors, tuples and tokens do".to_string()));
        let padded = ctx.ty(TypeData::Tensor(TensorType {
            dims: vec![Dim::Static(2)],
            element: ctx.f32_type(),
            layout: Some(Layout { minor_to_major: vec![0], padded_dims: Some(vec![4]), padding_value: None }),
        }));
        assert_eq!(shape_text(&ctx, padded), Err("padded layouts have no HLO text form".to_string()));
    }
}
