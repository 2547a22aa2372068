//! HLO literals: the operand of `constant(...)`, read against the instruction's shape into
//! the IR's dense element literals.
//!
//! Forms (XLA's `ParseDenseLiteral`): a scalar `1.5`; nested braces, one level per
//! dimension, `{ {1, 2}, {3, 4} }`; predicates `true`/`false` (or `1`/`0`); complex
//! numbers `(re, im)`; `inf`, `-inf`, `nan`, `-nan` and NaNs with a payload `nan(0x1)`,
//! whose payload becomes the mantissa bits of the element type (f16, bf16, f32 and f64; the
//! narrower formats have no payloads); a tuple literal `(lit, lit)` for a tuple shape.
//!
//! Decision: an elided literal (`{...}`, what XLA prints for large constants unless asked
//! not to, as in most optimized dumps) reads as a zero-filled constant that carries the unit
//! attribute `xla.elided_literal`, so a dump's structure can be read and transformed; the
//! marker says the values are unknown, and anything that evaluates the program must refuse
//! it. An elision anywhere else (`{1, ...}`) is an error: XLA never prints one.
//!
//! Invariant: every element is checked against its dimension counts and its element type's
//! range; failures are located at the offending token.

use xla_ir::dense::{DenseElements, Scalar};
use xla_ir::float_format;
use xla_ir::{Context, Dim, FloatKind};

use super::cursor::{Cursor, PResult};
use super::lexer::TokenKind;
use super::shape::{plain_type, shape_to_string, ElementType, Shape, ShapeKind};

/// A literal: a dense array or a tuple of literals.
#[derive(Debug)]
pub enum Literal {
    Dense(DenseElements),
    /// `{...}`: values elided by XLA's printer; zeros stand in for them.
    Elided(DenseElements),
    Tuple(Vec<Literal>),
}

/// Reads the literal of `shape` at the cursor; the cursor must then be at its end.
pub fn parse_literal(c: &mut Cursor, ctx: &Context, shape: &Shape) -> PResult<Literal> {
    let literal = parse_at_depth(c, ctx, shape, 0)?;
    c.expect_end("the literal")?;
    Ok(literal)
}

fn parse_at_depth(c: &mut Cursor, ctx: &Context, shape: &Shape, depth: usize) -> PResult<Literal> {
    match &shape.kind {
        ShapeKind::Token => Err(c.error("a token has no literal; create tokens with 'after-all'")),
        ShapeKind::Tuple(elements) => {
            if depth > 64 {
                return Err(c.error("tuple literals nest too deeply"));
            }
            c.expect_what(TokenKind::LParen, &format!("'(' to start a literal of tuple shape {}", shape_to_string(shape)))?;
            let mut values = Vec::new();
            for (i, element) in elements.iter().enumerate() {
                if i > 0 {
                    c.expect_what(TokenKind::Comma, "',' between the elements of a tuple literal")?;
                }
                values.push(parse_at_depth(c, ctx, element, depth + 1)?);
            }
            c.expect_what(TokenKind::RParen, &format!("')' after the {} elements of the tuple literal", elements.len()))?;
            Ok(Literal::Tuple(values))
        }
        ShapeKind::Array { element, dims, .. } => {
            let mut sizes = Vec::with_capacity(dims.len());
            for d in dims {
                match d {
                    Dim::Static(n) => sizes.push(*n),
                    _ => return Err(c.src.error(shape.offset, "a constant needs a static shape; '?' and '<=N' have no literal")),
                }
            }
            if c.is(TokenKind::LBrace) && c.kind_at(1) == TokenKind::Dots && c.kind_at(2) == TokenKind::RBrace {
                c.bump();
                c.bump();
                c.bump();
                let ty = plain_type(ctx, shape);
                let zero = if ctx.is_float(ctx.element_type(ty)) {
                    Scalar::Float(0.0)
                } else if ctx.is_complex(ctx.element_type(ty)) {
                    Scalar::Complex(0.0, 0.0)
                } else {
                    Scalar::Int(0)
                };
                let dense = DenseElements::from_scalars(ctx, ty, &[zero]).map_err(|m| c.src.error(shape.offset, m))?;
                return Ok(Literal::Elided(dense));
            }
            let values = parse_dense(c, &sizes, *element)?;
            let ty = plain_type(ctx, shape);
            let dense = DenseElements::from_scalars(ctx, ty, &values).map_err(|m| c.src.error(shape.offset, m))?;
            Ok(Literal::Dense(dense))
        }
    }
}

/// Reads the elements of an array literal of dimensions `dims`, in row-major order.
fn parse_dense(c: &mut Cursor, dims: &[i64], element: ElementType) -> PResult<Vec<Scalar>> {
    let rank = dims.len();
    let mut nest = 0usize;
    let mut seen = vec![0i64; rank];
    let mut values = Vec::new();
    loop {
        match c.kind() {
            TokenKind::LBrace => {
                nest += 1;
                if nest > rank {
                    return Err(c.error(format!("expected a literal of rank {rank}, found more nested braces")));
                }
                if nest > 1 {
                    seen[nest - 2] += 1;
                    if seen[nest - 2] > dims[nest - 2] {
                        return Err(c.error(format!("expected {} elements in dimension {}, found more", dims[nest - 2], nest - 2)));
                    }
                }
                c.bump();
            }
            TokenKind::RBrace => {
                if nest == 0 {
                    return Err(c.error("unexpected '}' in a literal"));
                }
                nest -= 1;
                if seen[nest] != dims[nest] {
                    return Err(c.error(format!("expected {} elements in dimension {nest}, found {}", dims[nest], seen[nest])));
                }
                seen[nest] = 0;
                c.bump();
            }
            TokenKind::Comma if nest > 0 => {
                c.bump();
            }
            TokenKind::Dots => {
                return Err(c.error("'...' may only stand for a whole literal, as `{...}`"));
            }
            TokenKind::Eof => return Err(c.expected("a literal value")),
            _ => {
                if rank > 0 {
                    if nest != rank {
                        return Err(c.error(format!("expected a literal of rank {rank} nested {rank} braces deep, found a value at depth {nest}")));
                    }
                    seen[rank - 1] += 1;
                    if seen[rank - 1] > dims[rank - 1] {
                        return Err(c.error(format!("expected {} elements in dimension {}, found more", dims[rank - 1], rank - 1)));
                    }
                }
                values.push(parse_element(c, element)?);
            }
        }
        if nest == 0 {
            return Ok(values);
        }
    }
}

/// Reads one element of type `element`.
fn parse_element(c: &mut Cursor, element: ElementType) -> PResult<Scalar> {
    match element {
        ElementType::Pred => {
            if c.is(TokenKind::Word) {
                return Ok(Scalar::Int(i128::from(c.parse_bool()?)));
            }
            let value = parse_integer(c, "pred")?;
            Ok(Scalar::Int(i128::from(value != 0)))
        }
        ElementType::Signed(w) | ElementType::Unsigned(w) => {
            let at = c.offset();
            let value = parse_integer(c, &type_name(element))?;
            let (min, max) = match element {
                ElementType::Signed(_) => (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1),
                _ => (0, (1i128 << w) - 1),
            };
            if value < min || value > max {
                return Err(c.src.error(at, format!("value {value} is out of range for {} [{min}, {max}]", type_name(element))));
            }
            Ok(Scalar::Int(value))
        }
        ElementType::Float(kind) => parse_float(c, kind, true),
        ElementType::Complex(kind) => {
            if !c.accept(TokenKind::LParen) {
                let Scalar::Float(re) = parse_float(c, kind, false)? else { return Err(c.expected("a complex number")) };
                return Ok(Scalar::Complex(re, 0.0));
            }
            let Scalar::Float(re) = parse_float(c, kind, false)? else { return Err(c.expected("a real part")) };
            c.expect_what(TokenKind::Comma, "',' between the real and imaginary parts")?;
            let Scalar::Float(im) = parse_float(c, kind, false)? else { return Err(c.expected("an imaginary part")) };
            c.expect_what(TokenKind::RParen, "')' after the imaginary part")?;
            Ok(Scalar::Complex(re, im))
        }
    }
}

fn type_name(element: ElementType) -> String {
    match element {
        ElementType::Pred => "pred".to_string(),
        ElementType::Signed(w) => format!("s{w}"),
        ElementType::Unsigned(w) => format!("u{w}"),
        ElementType::Float(k) | ElementType::Complex(k) => k.name().to_lowercase(),
    }
}

/// Reads a (possibly negative) decimal integer; a 128-bit value holds every u64 and s64.
fn parse_integer(c: &mut Cursor, type_name: &str) -> PResult<i128> {
    let value = if c.is(TokenKind::Number) { c.text().parse::<i128>().ok() } else { None };
    match value {
        Some(v) => {
            c.bump();
            Ok(v)
        }
        None => Err(c.expected(&format!("an integer for element type {type_name}"))),
    }
}

/// Reads a float of format `kind`: a number, `inf`, `-inf`, `nan`, `-nan`, or a NaN with a
/// payload `nan(0x...)` (only with `payloads`, giving the element's bit pattern).
fn parse_float(c: &mut Cursor, kind: FloatKind, payloads: bool) -> PResult<Scalar> {
    let at = c.offset();
    let negative = c.accept(TokenKind::Minus);
    if c.is(TokenKind::Word) {
        let sign = if negative { -1.0 } else { 1.0 };
        if c.accept_word("inf") {
            return Ok(Scalar::Float(sign * f64::INFINITY));
        }
        if c.accept_word("nan") {
            let payload_follows = c.is(TokenKind::LParen) && c.adjacent_to_previous();
            if !payload_follows {
                return Ok(Scalar::Float(if negative { -f64::NAN } else { f64::NAN }));
            }
            c.bump();
            let payload_at = c.offset();
            let payload = c.text().strip_prefix("0x").and_then(|hex| u64::from_str_radix(hex, 16).ok());
            let Some(payload) = payload.filter(|p| *p > 0) else {
                return Err(c.expected("a non-zero hexadecimal NaN payload '0x...'"));
            };
            c.bump();
            c.expect_what(TokenKind::RParen, "')' after the NaN payload")?;
            return nan_with_payload(c, kind, negative, payload, payloads, payload_at);
        }
        return Err(c.expected(&format!("a number for element type {}", kind.name().to_lowercase())));
    }
    if negative || !c.is(TokenKind::Number) {
        return Err(c.expected(&format!("a number for element type {}", kind.name().to_lowercase())));
    }
    let text = c.text();
    let decimal = text.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'));
    let value = decimal.then(|| text.parse::<f64>().ok()).flatten();
    let Some(value) = value else {
        return Err(c.expected(&format!("a number for element type {}", kind.name().to_lowercase())));
    };
    c.bump();
    if value.is_finite() && !float_format::decode(kind, float_format::encode(kind, value)).is_finite() {
        return Err(c.src.error(at, format!("value {text} is out of range for element type {}", kind.name().to_lowercase())));
    }
    Ok(Scalar::Float(value))
}

/// The bit pattern of a NaN of format `kind` with mantissa `payload`.
fn nan_with_payload(c: &Cursor, kind: FloatKind, negative: bool, payload: u64, payloads: bool, at: usize) -> PResult<Scalar> {
    let (width, mantissa) = match kind {
        FloatKind::F16 => (16, 10),
        FloatKind::BF16 => (16, 7),
        FloatKind::F32 => (32, 23),
        FloatKind::F64 => (64, 52),
        _ => return Err(c.src.error(at, format!("element type {} has no NaN payloads", kind.name().to_lowercase()))),
    };
    if !payloads {
        return Err(c.src.error(at, "NaN payloads are not supported in complex literals"));
    }
    // XLA writes the default quiet NaN's payload as f64's quiet bit.
    let payload = if payload == 1u64 << 51 { 1u64 << (mantissa - 1) } else { payload };
    if payload >= 1u64 << mantissa {
        return Err(c.src.error(at, format!("NaN payload {payload:#x} does not fit in the {mantissa} mantissa bits of {}", kind.name())));
    }
    let exponent = ((1u64 << (width - 1 - mantissa)) - 1) << mantissa;
    let sign = if negative { 1u64 << (width - 1) } else { 0 };
    Ok(Scalar::Int(i128::from(sign | exponent | payload)))
}
