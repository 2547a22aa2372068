//! Parsing attributes (every builtin kind, dense literals, aliases, dialect attributes kept
//! as text) and locations (`loc(...)`, including `#loc` aliases as MLIR prints them).

use super::lexer::{unescape, TokenKind};
use super::{parse_int_text, PResult, Parser};
use crate::dense::{ElementKind, Scalar};
use crate::types::checked_element_count;
use crate::{AttrData, Attribute, DenseElements, Diagnostic, LocData, Location, NamedAttribute};

/// A literal element before the element type is known (the type follows the literal).
#[derive(Clone, Debug)]
enum RawScalar {
    /// An integer; `hex` integers written for float elements are bit patterns.
    Int { value: i128, hex: bool },
    /// A decimal float, kept as text so it rounds once, straight to its element type.
    Float(String),
    Complex(Box<RawScalar>, Box<RawScalar>),
}

impl Parser<'_, '_, '_> {
    /// Parses an attribute value.
    pub fn parse_attribute(&mut self) -> PResult<Attribute> {
        let ctx = self.ctx;
        let start = self.loc();
        match self.tok.kind {
            TokenKind::BareIdent => match self.tok.text {
                "unit" => {
                    self.bump();
                    Ok(ctx.unit_attr())
                }
                "true" | "false" => {
                    let value = self.bump().text == "true";
                    Ok(ctx.bool_attr(value))
                }
                "array" => self.parse_dense_array(),
                "dense" => self.parse_dense_elements(),
                _ => Ok(ctx.type_attr(self.parse_type()?)),
            },
            TokenKind::Integer | TokenKind::Float | TokenKind::Minus => self.parse_number_attr(),
            TokenKind::String => {
                let s = self.parse_string()?;
                Ok(ctx.string_attr(&s))
            }
            TokenKind::LSquare => {
                self.bump();
                let mut elements = Vec::new();
                if !self.accept(TokenKind::RSquare) {
                    loop {
                        elements.push(self.parse_attribute()?);
                        if self.accept(TokenKind::RSquare) {
                            break;
                        }
                        self.expect(TokenKind::Comma)?;
                    }
                }
                Ok(ctx.array_attr(elements))
            }
            TokenKind::LBrace => {
                let mut entries = Vec::new();
                self.parse_attr_dict(&mut entries)?;
                Ok(ctx.dictionary_attr(entries))
            }
            TokenKind::AtIdent => {
                let mut path = vec![ctx.symbol(&self.parse_symbol_name()?)];
                while self.accept(TokenKind::ColonColon) {
                    path.push(ctx.symbol(&self.parse_symbol_name()?));
                }
                Ok(ctx.symbol_ref_attr(path))
            }
            TokenKind::HashIdent => {
                let t = self.bump();
                let name = &t.text[1..];
                let dialect_form = name.contains('.') || self.is(TokenKind::Less);
                if !dialect_form {
                    return self
                        .attr_aliases
                        .get(name)
                        .copied()
                        .ok_or_else(|| Diagnostic::error(start, format!("undefined symbol alias id '{name}'")));
                }
                let (dialect, rest) = match name.split_once('.') {
                    Some((d, r)) => (d.to_string(), format!(".{r}")),
                    None => (name.to_string(), String::new()),
                };
                let mut body = rest;
                if self.is(TokenKind::Less) {
                    body.push_str(&self.parse_balanced_text()?);
                }
                Ok(ctx.attr(AttrData::Opaque { dialect, body }))
            }
            TokenKind::LParen | TokenKind::BangIdent => Ok(ctx.type_attr(self.parse_type()?)),
            _ => Err(self.error(format!("expected attribute value, found {}", self.describe_current()))),
        }
    }

    /// Parses `{name = value, flag}` into `entries`, rejecting duplicate names.
    pub fn parse_attr_dict(&mut self, entries: &mut Vec<NamedAttribute>) -> PResult<()> {
        self.expect(TokenKind::LBrace)?;
        if self.accept(TokenKind::RBrace) {
            return Ok(());
        }
        loop {
            let name_loc = self.loc();
            let name = match self.tok.kind {
                TokenKind::BareIdent => self.bump().text.to_string(),
                TokenKind::String => self.parse_string()?,
                _ => return Err(self.error(format!("expected attribute name, found {}", self.describe_current()))),
            };
            let name = self.ctx.symbol(&name);
            if entries.iter().any(|e| e.name == name) {
                return Err(Diagnostic::error(
                    name_loc,
                    format!("duplicate key '{}' in dictionary attribute", self.ctx.symbol_str(name)),
                ));
            }
            let value = if self.accept(TokenKind::Equal) { self.parse_attribute()? } else { self.ctx.unit_attr() };
            entries.push(NamedAttribute { name, value });
            if self.accept(TokenKind::RBrace) {
                return Ok(());
            }
            self.expect(TokenKind::Comma)?;
        }
    }

    /// Parses `{...}` when it is next.
    pub fn parse_optional_attr_dict(&mut self, entries: &mut Vec<NamedAttribute>) -> PResult<()> {
        if self.is(TokenKind::LBrace) {
            self.parse_attr_dict(entries)?;
        }
        Ok(())
    }

    fn parse_number_attr(&mut self) -> PResult<Attribute> {
        let ctx = self.ctx;
        let start = self.loc();
        let raw = self.parse_raw_scalar()?;
        let ty = if self.accept(TokenKind::Colon) {
            self.parse_type()?
        } else if matches!(raw, RawScalar::Float(_)) {
            ctx.float_type(crate::FloatKind::F64)
        } else {
            ctx.int_type(64)
        };
        match (ElementKind::of(ctx, ty), raw) {
            (Some(ElementKind::Int { width, signedness }), RawScalar::Int { value, .. }) => {
                let mut bytes = Vec::new();
                ElementKind::Int { width, signedness }
                    .encode(Scalar::Int(value), &mut bytes)
                    .map_err(|m| Diagnostic::error(start, m))?;
                Ok(ctx.int_attr(value, ty))
            }
            (Some(ElementKind::Float(kind)), raw) => {
                let value = match raw {
                    RawScalar::Int { value, hex: true } => crate::float_format::decode(kind, value as u64),
                    RawScalar::Int { value, hex: false } => round_to(kind, value as f64),
                    RawScalar::Float(text) => float_value(&text, kind).ok_or_else(|| Diagnostic::error(start, "invalid float literal"))?,
                    RawScalar::Complex(..) => return Err(Diagnostic::error(start, "expected a float")),
                };
                Ok(ctx.float_attr(value, ty))
            }
            _ => Err(Diagnostic::error(start, format!("invalid type {} for a number", ctx.type_to_string(ty)))),
        }
    }

    fn parse_raw_scalar(&mut self) -> PResult<RawScalar> {
        if self.accept(TokenKind::LParen) {
            let re = self.parse_raw_scalar()?;
            self.expect(TokenKind::Comma)?;
            let im = self.parse_raw_scalar()?;
            self.expect(TokenKind::RParen)?;
            return Ok(RawScalar::Complex(Box::new(re), Box::new(im)));
        }
        if self.tok.kind == TokenKind::BareIdent && matches!(self.tok.text, "true" | "false") {
            return Ok(RawScalar::Int { value: (self.bump().text == "true") as i128, hex: false });
        }
        let negative = self.accept(TokenKind::Minus);
        let t = self.bump();
        match t.kind {
            TokenKind::Integer => {
                let hex = t.text.starts_with("0x");
                if hex && negative {
                    return Err(Diagnostic::error(self.loc_at(t.start), "hexadecimal literals may not be negative"));
                }
                // The sign is read with the digits, so that the most negative i128 fits.
                let value = if negative { format!("-{}", t.text).parse().ok() } else { parse_int_text(t.text) };
                let value = value.ok_or_else(|| Diagnostic::error(self.loc_at(t.start), "integer is too large"))?;
                Ok(RawScalar::Int { value, hex })
            }
            TokenKind::Float => Ok(RawScalar::Float(if negative { format!("-{}", t.text) } else { t.text.to_string() })),
            _ => Err(Diagnostic::error(self.loc_at(t.start), format!("expected a number, found '{}'", t.text))),
        }
    }

    /// Parses `array<i64: 1, 2>`.
    fn parse_dense_array(&mut self) -> PResult<Attribute> {
        self.bump();
        self.expect(TokenKind::Less)?;
        let element_loc = self.loc();
        let element = self.parse_type()?;
        let Some(ElementKind::Int { width, signedness }) = ElementKind::of(self.ctx, element) else {
            return Err(Diagnostic::error(element_loc, "only integer dense arrays are supported"));
        };
        let mut values = Vec::new();
        if self.accept(TokenKind::Colon) {
            loop {
                let at = self.loc();
                let RawScalar::Int { value, .. } = self.parse_raw_scalar()? else {
                    return Err(Diagnostic::error(at, "expected an integer"));
                };
                ElementKind::Int { width, signedness }
                    .encode(Scalar::Int(value), &mut Vec::new())
                    .map_err(|m| Diagnostic::error(at, m))?;
                values.push(value as i64);
                if !self.accept(TokenKind::Comma) {
                    break;
                }
            }
        }
        self.expect(TokenKind::Greater)?;
        Ok(self.ctx.attr(AttrData::DenseIntArray { element, values }))
    }

    /// Parses `dense<...> : tensor<...>`.
    fn parse_dense_elements(&mut self) -> PResult<Attribute> {
        self.bump();
        self.expect(TokenKind::Less)?;
        let literal_loc = self.loc();
        enum Literal {
            Hex(Vec<u8>),
            Elements { shape: Option<Vec<i64>>, scalars: Vec<RawScalar> },
        }
        let literal = if self.is(TokenKind::String) {
            let t = self.bump();
            let text = unescape(t.text).map_err(|m| Diagnostic::error(literal_loc, m))?;
            let hex = text.strip_prefix("0x").ok_or_else(|| Diagnostic::error(literal_loc, "expected a hexadecimal string \"0x...\""))?;
            if hex.len() % 2 != 0 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(Diagnostic::error(literal_loc, "malformed hexadecimal data"));
            }
            let bytes = (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0)).collect();
            Literal::Hex(bytes)
        } else if self.is(TokenKind::Greater) {
            Literal::Elements { shape: Some(vec![0]), scalars: Vec::new() }
        } else if self.is(TokenKind::LSquare) {
            let mut scalars = Vec::new();
            let shape = self.parse_nested_list(&mut scalars)?;
            Literal::Elements { shape: Some(shape), scalars }
        } else {
            Literal::Elements { shape: None, scalars: vec![self.parse_raw_scalar()?] }
        };
        self.expect(TokenKind::Greater)?;
        self.expect(TokenKind::Colon)?;
        let type_loc = self.loc();
        let ty = self.parse_type()?;
        let ctx = self.ctx;
        let tensor = ctx.as_tensor(ty).ok_or_else(|| Diagnostic::error(type_loc, "dense literals need a tensor type"))?;
        let type_shape = tensor.static_shape().ok_or_else(|| Diagnostic::error(type_loc, "dense literals need a static shape"))?;
        let kind = ElementKind::of(ctx, tensor.element)
            .ok_or_else(|| Diagnostic::error(type_loc, "unsupported element type for a dense literal"))?;
        let dense = match literal {
            Literal::Hex(bytes) => DenseElements::from_bytes(ctx, ty, bytes).map_err(|m| Diagnostic::error(literal_loc, m))?,
            Literal::Elements { shape, scalars } => {
                if let Some(shape) = &shape {
                    let empty_ok = scalars.is_empty() && checked_element_count(&type_shape) == Some(0);
                    if *shape != type_shape && !empty_ok {
                        return Err(Diagnostic::error(
                            literal_loc,
                            format!("literal of shape [{}] does not match type {}", join(shape), ctx.type_to_string(ty)),
                        ));
                    }
                }
                let values = scalars
                    .iter()
                    .map(|raw| to_scalar(raw, kind))
                    .collect::<Result<Vec<_>, String>>()
                    .map_err(|m| Diagnostic::error(literal_loc, m))?;
                let dense = if values.is_empty() {
                    Ok(DenseElements { ty, splat: false, data: Vec::new() })
                } else {
                    DenseElements::from_scalars(ctx, ty, &values)
                };
                let mut dense = dense.map_err(|m| Diagnostic::error(literal_loc, m))?;
                if shape.is_some() && checked_element_count(&type_shape) == Some(1) {
                    dense.splat = false;
                }
                dense
            }
        };
        Ok(ctx.dense_attr(dense))
    }

    /// Parses a nested list of scalars and returns its shape.
    fn parse_nested_list(&mut self, out: &mut Vec<RawScalar>) -> PResult<Vec<i64>> {
        self.expect(TokenKind::LSquare)?;
        let mut inner: Option<Vec<i64>> = None;
        let mut count = 0i64;
        if !self.accept(TokenKind::RSquare) {
            loop {
                let element_loc = self.loc();
                let shape = if self.is(TokenKind::LSquare) {
                    self.parse_nested_list(out)?
                } else {
                    out.push(self.parse_raw_scalar()?);
                    Vec::new()
                };
                match &inner {
                    None => inner = Some(shape),
                    Some(s) if *s != shape => {
                        return Err(Diagnostic::error(element_loc, "nested lists of a dense literal must have equal shapes"));
                    }
                    Some(_) => {}
                }
                count += 1;
                if self.accept(TokenKind::RSquare) {
                    break;
                }
                self.expect(TokenKind::Comma)?;
            }
        }
        let mut shape = vec![count];
        shape.extend(inner.unwrap_or_default());
        Ok(shape)
    }

    /// Parses `loc(...)`.
    pub fn parse_location(&mut self) -> PResult<Location> {
        self.expect_keyword("loc")?;
        self.expect(TokenKind::LParen)?;
        let loc = self.parse_location_body()?;
        self.expect(TokenKind::RParen)?;
        Ok(loc)
    }

    fn parse_location_body(&mut self) -> PResult<Location> {
        let ctx = self.ctx;
        match self.tok.kind {
            TokenKind::HashIdent => {
                let t = self.bump();
                self.loc_aliases
                    .get(&t.text[1..])
                    .copied()
                    .ok_or_else(|| Diagnostic::error(self.loc_at(t.start), format!("undefined location alias '{}'", t.text)))
            }
            TokenKind::String => {
                let name = self.parse_string()?;
                if self.accept(TokenKind::Colon) {
                    let line = self.parse_u32()?;
                    self.expect(TokenKind::Colon)?;
                    let col = self.parse_u32()?;
                    // MLIR's ranges `file:1:2 to 3:4` keep their start.
                    if self.accept_keyword("to") {
                        if self.accept(TokenKind::Colon) {
                            self.parse_u32()?;
                        } else {
                            self.parse_u32()?;
                            self.expect(TokenKind::Colon)?;
                            self.parse_u32()?;
                        }
                    }
                    return Ok(ctx.file_loc(&name, line, col));
                }
                let child = if self.accept(TokenKind::LParen) {
                    let child = self.parse_location_body()?;
                    self.expect(TokenKind::RParen)?;
                    Some(child)
                } else {
                    None
                };
                Ok(ctx.loc(LocData::Name { name, child }))
            }
            TokenKind::BareIdent => match self.tok.text {
                "unknown" => {
                    self.bump();
                    Ok(ctx.unknown_loc())
                }
                "callsite" => {
                    self.bump();
                    self.expect(TokenKind::LParen)?;
                    let callee = self.parse_location_body()?;
                    self.expect_keyword("at")?;
                    let caller = self.parse_location_body()?;
                    self.expect(TokenKind::RParen)?;
                    Ok(ctx.loc(LocData::CallSite { callee, caller }))
                }
                "fused" => {
                    self.bump();
                    let metadata = if self.accept(TokenKind::Less) {
                        let m = self.parse_attribute()?;
                        self.expect(TokenKind::Greater)?;
                        Some(m)
                    } else {
                        None
                    };
                    self.expect(TokenKind::LSquare)?;
                    let mut locations = Vec::new();
                    if !self.accept(TokenKind::RSquare) {
                        loop {
                            locations.push(self.parse_location_body()?);
                            if self.accept(TokenKind::RSquare) {
                                break;
                            }
                            self.expect(TokenKind::Comma)?;
                        }
                    }
                    Ok(ctx.loc(LocData::Fused { locations, metadata }))
                }
                other => Err(self.error(format!("expected location, found '{other}'"))),
            },
            _ => Err(self.error(format!("expected location, found {}", self.describe_current()))),
        }
    }

    fn parse_u32(&mut self) -> PResult<u32> {
        let at = self.loc();
        let v = self.parse_integer()?;
        u32::try_from(v).map_err(|_| Diagnostic::error(at, "expected a non-negative 32-bit integer"))
    }
}

/// The value of decimal float `text` rounded to `kind`: straight to `f32`, through `f64`
/// to the narrower formats (a float attribute holds a value of its type, as a dense
/// literal's element does).
fn float_value(text: &str, kind: crate::FloatKind) -> Option<f64> {
    match kind {
        crate::FloatKind::F32 => text.parse::<f32>().ok().map(f64::from),
        _ => text.parse::<f64>().ok().map(|v| round_to(kind, v)),
    }
}

/// `value` rounded to the nearest value of format `kind`.
fn round_to(kind: crate::FloatKind, value: f64) -> f64 {
    crate::float_format::decode(kind, crate::float_format::encode(kind, value))
}

fn to_scalar(raw: &RawScalar, kind: ElementKind) -> Result<Scalar, String> {
    match (raw, kind) {
        (RawScalar::Int { value, .. }, ElementKind::Int { .. }) => Ok(Scalar::Int(*value)),
        (RawScalar::Float(_), ElementKind::Int { .. }) => Err("expected an integer element, found a float".into()),
        (RawScalar::Int { value, hex: true }, ElementKind::Float(_)) => Ok(Scalar::Int(*value)),
        (RawScalar::Int { value, hex: false }, ElementKind::Float(_)) => Ok(Scalar::Float(*value as f64)),
        (RawScalar::Float(text), ElementKind::Float(k)) => {
            float_value(text, k).map(Scalar::Float).ok_or_else(|| format!("invalid float literal '{text}'"))
        }
        (RawScalar::Complex(re, im), ElementKind::Complex(k)) => {
            // A part written as a hexadecimal bit pattern is decoded: parts are kept as values.
            let part = |r: &RawScalar| match to_scalar(r, ElementKind::Float(k))? {
                Scalar::Float(v) => Ok(v),
                Scalar::Int(bits) => Ok(crate::float_format::decode(k, bits as u64)),
                _ => Err("expected a float".to_string()),
            };
            Ok(Scalar::Complex(part(re)?, part(im)?))
        }
        (_, ElementKind::Complex(_)) => Err("expected a complex element `(re, im)`".into()),
        (RawScalar::Complex(..), _) => Err("unexpected complex element".into()),
    }
}

fn join(values: &[i64]) -> String {
    values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
}
