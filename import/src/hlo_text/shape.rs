//! HLO shapes: reading `f32[2,3]{1,0}`, `(f32[2], s32[])`, `token[]`, and turning them into
//! the IR's types.
//!
//! Grammar (XLA's `ParseShape`): an array shape is an element type, `[dims]` and an optional
//! layout `{minor_to_major}`; a dimension is a size, `?` (unknown) or `<=N` (bounded). What
//! follows `:` in a layout (tiling `T(8,128)`, memory space `S(1)`, element size `E(4)`, dim
//! level types `D(...)`) is read and ignored: it says how a backend stores the array, not
//! what the array is. A tuple shape is `(shape, ...)`; the token shape is `token[]`.
//!
//! Element types map as the hlo dialect has them: `pred` is `i1`, `sN` is `iN`, `uN` is
//! `uiN`, the floats keep MLIR's names (`f8e4m3fn` is `f8E4M3FN`), `c64`/`c128` are
//! `complex<f32|f64>`, `token` is `!hlo.token`.
//!
//! Invariant: a shape read here has non-negative sizes whose product (zeros counted as one),
//! times the bytes of an element, fits in `i64` ([`xla_ir::types::array_size_error`]), so no
//! later element count, byte size or stride overflows.

use xla_dialects::hlo::token_type;
use xla_ir::types::array_size_error;
use xla_ir::{Context, Dim, FloatKind, Layout, TensorType, Type, TypeData};

use super::cursor::{Cursor, PResult};
use super::lexer::TokenKind;

/// An element type of an array shape.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ElementType {
    Pred,
    Signed(u32),
    Unsigned(u32),
    Float(FloatKind),
    Complex(FloatKind),
}

/// What a shape is.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ShapeKind {
    Array { element: ElementType, dims: Vec<Dim>, layout: Option<Vec<i64>> },
    Tuple(Vec<Shape>),
    Token,
}

/// A shape and the byte offset where it was written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Shape {
    pub kind: ShapeKind,
    pub offset: usize,
}

impl Shape {
    /// The elements of a tuple shape.
    pub fn tuple_elements(&self) -> Option<&[Shape]> {
        match &self.kind {
            ShapeKind::Tuple(elements) => Some(elements),
            _ => None,
        }
    }

    /// The layout written on an array shape.
    pub fn layout(&self) -> Option<&[i64]> {
        match &self.kind {
            ShapeKind::Array { layout, .. } => layout.as_deref(),
            _ => None,
        }
    }

}

/// The element type spelled `name`, if it is one.
pub fn element_type(name: &str) -> Option<ElementType> {
    use ElementType::*;
    Some(match name {
        "pred" => Pred,
        "s2" => Signed(2),
        "s4" => Signed(4),
        "s8" => Signed(8),
        "s16" => Signed(16),
        "s32" => Signed(32),
        "s64" => Signed(64),
        "u2" => Unsigned(2),
        "u4" => Unsigned(4),
        "u8" => Unsigned(8),
        "u16" => Unsigned(16),
        "u32" => Unsigned(32),
        "u64" => Unsigned(64),
        "f16" => Float(FloatKind::F16),
        "bf16" => Float(FloatKind::BF16),
        "f32" => Float(FloatKind::F32),
        "f64" => Float(FloatKind::F64),
        "f8e5m2" => Float(FloatKind::F8E5M2),
        "f8e4m3" => Float(FloatKind::F8E4M3),
        "f8e4m3fn" => Float(FloatKind::F8E4M3FN),
        "f8e5m2fnuz" => Float(FloatKind::F8E5M2FNUZ),
        "f8e4m3fnuz" => Float(FloatKind::F8E4M3FNUZ),
        "f8e4m3b11fnuz" => Float(FloatKind::F8E4M3B11FNUZ),
        "f8e3m4" => Float(FloatKind::F8E3M4),
        "f8e8m0fnu" => Float(FloatKind::F8E8M0FNU),
        "f6e2m3fn" => Float(FloatKind::F6E2M3FN),
        "f6e3m2fn" => Float(FloatKind::F6E3M2FN),
        "f4e2m1fn" => Float(FloatKind::F4E2M1FN),
        "c64" => Complex(FloatKind::F32),
        "c128" => Complex(FloatKind::F64),
        _ => return None,
    })
}

/// Whether a shape starts at the cursor: an element type or `token` before `[`, or a `(`.
pub fn shape_follows(c: &Cursor) -> bool {
    c.is(TokenKind::LParen) || is_array_shape_start(c)
}

/// Whether an array or token shape starts at the cursor.
pub fn is_array_shape_start(c: &Cursor) -> bool {
    c.is(TokenKind::Word)
        && c.kind_at(1) == TokenKind::LSquare
        && (element_type(c.text()).is_some() || matches!(c.text(), "token" | "opaque"))
}

/// Reads a shape.
pub fn parse_shape(c: &mut Cursor) -> PResult<Shape> {
    parse_shape_at_depth(c, 0)
}

/// Tuples nest at most this deep, so a malicious input cannot exhaust the stack.
const MAX_TUPLE_DEPTH: usize = 64;

fn parse_shape_at_depth(c: &mut Cursor, depth: usize) -> PResult<Shape> {
    let offset = c.offset();
    if c.accept(TokenKind::LParen) {
        if depth >= MAX_TUPLE_DEPTH {
            return Err(c.src.error(offset, format!("tuple shapes nest deeper than {MAX_TUPLE_DEPTH} levels")));
        }
        let mut elements = Vec::new();
        if !c.accept(TokenKind::RParen) {
            loop {
                elements.push(parse_shape_at_depth(c, depth + 1)?);
                if c.accept(TokenKind::RParen) {
                    break;
                }
                if !c.accept(TokenKind::Comma) {
                    return Err(c.expected("',' or ')' in a tuple shape"));
                }
            }
        }
        return Ok(Shape { kind: ShapeKind::Tuple(elements), offset });
    }
    if !c.is(TokenKind::Word) {
        return Err(c.expected("a shape"));
    }
    let name = c.text();
    if name == "token" {
        c.bump();
        c.expect(TokenKind::LSquare)?;
        c.expect_what(TokenKind::RSquare, "']': the token shape is 'token[]'")?;
        return Ok(Shape { kind: ShapeKind::Token, offset });
    }
    let Some(element) = element_type(name) else {
        return Err(c.error(format!("expected a shape, found {}: not an element type", c.describe())));
    };
    c.bump();
    let dims = parse_dims(c)?;
    // A `{` after the dimensions is a layout when a number, `:` or `}` follows it; otherwise
    // it opens something else (the instructions after a signature's result shape).
    let layout_follows = c.is(TokenKind::LBrace) && matches!(c.kind_at(1), TokenKind::Number | TokenKind::Colon | TokenKind::RBrace);
    let layout = if layout_follows { Some(parse_layout(c)?) } else { None };
    let sizes: Vec<i64> = dims
        .iter()
        .map(|d| match d {
            Dim::Static(n) | Dim::Bounded(n) => *n,
            Dim::Unknown => 1,
        })
        .collect();
    let shape = Shape { kind: ShapeKind::Array { element, dims, layout }, offset };
    if let Some(why) = array_size_error(&sizes, element_bytes(element)) {
        return Err(c.src.error(offset, format!("the shape {} is too large: {why}", shape_to_string(&shape))));
    }
    Ok(shape)
}

/// Reads `[2,?,<=8]`.
fn parse_dims(c: &mut Cursor) -> PResult<Vec<Dim>> {
    c.expect(TokenKind::LSquare)?;
    let mut dims = Vec::new();
    if c.accept(TokenKind::RSquare) {
        return Ok(dims);
    }
    loop {
        if c.accept(TokenKind::Question) {
            dims.push(Dim::Unknown);
        } else if c.accept(TokenKind::Leq) {
            dims.push(Dim::Bounded(c.parse_non_negative("a dimension bound")?));
        } else if c.is(TokenKind::Number) {
            dims.push(Dim::Static(c.parse_non_negative("a dimension size")?));
        } else {
            return Err(c.expected("a dimension size, '?' or '<=N'"));
        }
        if c.accept(TokenKind::RSquare) {
            return Ok(dims);
        }
        if !c.accept(TokenKind::Comma) {
            return Err(c.expected("',' or ']' in the dimensions"));
        }
    }
}

/// Reads `{1,0}` or `{1,0:T(8,128)S(1)}`: the minor-to-major order; the rest is skipped.
fn parse_layout(c: &mut Cursor) -> PResult<Vec<i64>> {
    c.expect(TokenKind::LBrace)?;
    let mut minor_to_major = Vec::new();
    while c.is(TokenKind::Number) {
        minor_to_major.push(c.parse_i64()?);
        if !c.accept(TokenKind::Comma) {
            break;
        }
    }
    if c.accept(TokenKind::Colon) {
        // Tiling, memory space and the like: skip to the closing brace.
        while !c.is(TokenKind::RBrace) {
            if c.at_end() {
                return Err(c.expected("'}' to end the layout"));
            }
            if !c.skip_item() || (c.kind().is_close() && !c.is(TokenKind::RBrace)) {
                return Err(c.expected("'}' to end the layout"));
            }
        }
    }
    c.expect_what(TokenKind::RBrace, "',', ':' or '}' in the layout")?;
    Ok(minor_to_major)
}

/// The bytes one element of `element` takes in memory (a whole number, at least one).
fn element_bytes(element: ElementType) -> u64 {
    let bits = match element {
        ElementType::Pred => 1,
        ElementType::Signed(w) | ElementType::Unsigned(w) => w,
        ElementType::Float(k) => k.bit_width(),
        ElementType::Complex(k) => 2 * k.bit_width(),
    };
    u64::from(bits.div_ceil(8)).max(1)
}

/// The IR type of an element type.
pub fn element_ir_type(ctx: &Context, element: ElementType) -> Type {
    match element {
        ElementType::Pred => ctx.int_type(1),
        ElementType::Signed(w) => ctx.int_type(w),
        ElementType::Unsigned(w) => ctx.uint_type(w),
        ElementType::Float(k) => ctx.float_type(k),
        ElementType::Complex(k) => ctx.ty(TypeData::Complex(ctx.float_type(k))),
    }
}

/// The IR type of `shape`. Layouts are kept only with `keep_layout` (the entry function's
/// signature), and only when they are not the default row-major one, which a type without
/// layout already means at the entry's interface; kept layouts are checked against the
/// shape.
pub fn ir_type(ctx: &Context, shape: &Shape, keep_layout: bool) -> Result<Type, (usize, String)> {
    Ok(match &shape.kind {
        ShapeKind::Token => token_type(ctx),
        ShapeKind::Tuple(elements) => {
            let types = elements.iter().map(|e| ir_type(ctx, e, keep_layout)).collect::<Result<Vec<_>, _>>()?;
            ctx.ty(TypeData::Tuple(types))
        }
        ShapeKind::Array { element, dims, layout } => {
            let layout = match layout {
                Some(minor_to_major) if keep_layout => {
                    let layout = Layout { minor_to_major: minor_to_major.clone(), padded_dims: None, padding_value: None };
                    layout.validate(dims).map_err(|m| (shape.offset, m))?;
                    (layout != Layout::row_major(dims.len())).then_some(layout)
                }
                _ => None,
            };
            ctx.ty(TypeData::Tensor(TensorType { dims: dims.clone(), element: element_ir_type(ctx, *element), layout }))
        }
    })
}

/// The IR type of `shape` without layouts, which always exists.
pub fn plain_type(ctx: &Context, shape: &Shape) -> Type {
    match &shape.kind {
        ShapeKind::Token => token_type(ctx),
        ShapeKind::Tuple(elements) => ctx.ty(TypeData::Tuple(elements.iter().map(|e| plain_type(ctx, e)).collect())),
        ShapeKind::Array { element, dims, .. } => {
            ctx.ty(TypeData::Tensor(TensorType { dims: dims.clone(), element: element_ir_type(ctx, *element), layout: None }))
        }
    }
}

/// The row-major (XLA default) minor-to-major order of a rank-`rank` shape.
pub fn default_layout(rank: usize) -> Vec<i64> {
    (0..rank as i64).rev().collect()
}

/// Writes a shape back as HLO text, for messages: `f32[2,3]`, `(f32[], token[])`.
pub fn shape_to_string(shape: &Shape) -> String {
    match &shape.kind {
        ShapeKind::Token => "token[]".to_string(),
        ShapeKind::Tuple(elements) => format!("({})", elements.iter().map(shape_to_string).collect::<Vec<_>>().join(", ")),
        ShapeKind::Array { element, dims, .. } => {
            let name = match element {
                ElementType::Pred => "pred".to_string(),
                ElementType::Signed(w) => format!("s{w}"),
                ElementType::Unsigned(w) => format!("u{w}"),
                ElementType::Float(k) => k.name().to_lowercase(),
                ElementType::Complex(FloatKind::F64) => "c128".to_string(),
                ElementType::Complex(_) => "c64".to_string(),
            };
            let dims: Vec<String> = dims
                .iter()
                .map(|d| match d {
                    Dim::Static(n) => n.to_string(),
                    Dim::Unknown => "?".to_string(),
                    Dim::Bounded(n) => format!("<={n}"),
                })
                .collect();
            format!("{name}[{}]", dims.join(","))
        }
    }
}
