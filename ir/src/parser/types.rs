//! Parsing types: builtin scalars, `tensor<...>` and `memref<...>` with XLA dimensions and layouts,
//! `complex<...>`, `tuple<...>`, function types, `!alias` and dialect types `!dialect.name`.

use super::lexer::TokenKind;
use super::{PResult, Parser};
use crate::{Diagnostic, Dim, FloatKind, Layout, PaddingValue, Signedness, TensorType, Type, TypeData};

impl Parser<'_, '_, '_> {
    /// Parses a type.
    pub fn parse_type(&mut self) -> PResult<Type> {
        let start = self.loc();
        match self.tok.kind {
            TokenKind::LParen => self.parse_function_type(),
            TokenKind::BangIdent => {
                let t = self.bump();
                let name = &t.text[1..];
                match name.split_once('.') {
                    None => self
                        .type_aliases
                        .get(name)
                        .copied()
                        .ok_or_else(|| Diagnostic::error(start, format!("undefined symbol alias id '{name}'"))),
                    Some((dialect, rest)) => {
                        let mut body = rest.to_string();
                        if self.is(TokenKind::Less) {
                            body.push_str(&self.parse_balanced_text()?);
                        }
                        Ok(self.ctx.ty(TypeData::Opaque { dialect: dialect.to_string(), body }))
                    }
                }
            }
            TokenKind::BareIdent => {
                let text = self.tok.text;
                if let Some(ty) = self.scalar_type_named(text) {
                    self.bump();
                    return Ok(ty);
                }
                match text {
                    "tensor" => self.parse_tensor_type(),
                    "memref" => self.parse_memref_type(),
                    "complex" => {
                        self.bump();
                        self.expect(TokenKind::Less)?;
                        let element_loc = self.loc();
                        let element = self.parse_type()?;
                        if !self.ctx.is_float(element) {
                            return Err(Diagnostic::error(element_loc, "complex elements must be floats"));
                        }
                        self.expect(TokenKind::Greater)?;
                        Ok(self.ctx.ty(TypeData::Complex(element)))
                    }
                    "tuple" => {
                        self.bump();
                        self.expect(TokenKind::Less)?;
                        let mut elements = Vec::new();
                        if !self.accept(TokenKind::Greater) {
                            loop {
                                elements.push(self.parse_type()?);
                                if self.accept(TokenKind::Greater) {
                                    break;
                                }
                                self.expect(TokenKind::Comma)?;
                            }
                        }
                        Ok(self.ctx.ty(TypeData::Tuple(elements)))
                    }
                    _ => Err(self.error(format!("expected a type, found '{text}'"))),
                }
            }
            _ => Err(self.error(format!("expected a type, found {}", self.describe_current()))),
        }
    }

    /// The builtin scalar type spelled `text`, if any.
    fn scalar_type_named(&self, text: &str) -> Option<Type> {
        let ctx = self.ctx;
        match text {
            "index" => return Some(ctx.index_type()),
            "none" => return Some(ctx.ty(TypeData::None)),
            _ => {}
        }
        if let Some(kind) = FloatKind::ALL.iter().find(|k| k.name() == text) {
            return Some(ctx.float_type(*kind));
        }
        let (signedness, digits) = if let Some(d) = text.strip_prefix("si") {
            (Signedness::Signed, d)
        } else if let Some(d) = text.strip_prefix("ui") {
            (Signedness::Unsigned, d)
        } else if let Some(d) = text.strip_prefix('i') {
            (Signedness::Signless, d)
        } else {
            return None;
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let width: u32 = digits.parse().ok().filter(|w| (1..=128).contains(w))?;
        Some(ctx.ty(TypeData::Integer { width, signedness }))
    }

    /// Parses `(a, b) -> c` or `(a) -> (b, c)`.
    pub fn parse_function_type(&mut self) -> PResult<Type> {
        let inputs = self.parse_paren_type_list()?;
        self.expect(TokenKind::Arrow)?;
        let results = self.parse_result_types()?;
        Ok(self.ctx.function_type(inputs, results))
    }

    /// Parses `(a, b)` (possibly empty).
    pub fn parse_paren_type_list(&mut self) -> PResult<Vec<Type>> {
        self.expect(TokenKind::LParen)?;
        let mut types = Vec::new();
        if !self.accept(TokenKind::RParen) {
            loop {
                types.push(self.parse_type()?);
                if self.accept(TokenKind::RParen) {
                    break;
                }
                self.expect(TokenKind::Comma)?;
            }
        }
        Ok(types)
    }

    /// Parses function results: one type, or a parenthesized list.
    pub fn parse_result_types(&mut self) -> PResult<Vec<Type>> {
        if self.is(TokenKind::LParen) {
            // `(a) -> b` as a single result is a function type; a list in parens is a list.
            let save = self.tok.start;
            let list = self.parse_paren_type_list()?;
            if self.is(TokenKind::Arrow) {
                self.reset_to(save);
                return Ok(vec![self.parse_function_type()?]);
            }
            return Ok(list);
        }
        Ok(vec![self.parse_type()?])
    }

    /// Parses `a, b, c` (at least one).
    pub fn parse_type_list(&mut self) -> PResult<Vec<Type>> {
        let mut types = vec![self.parse_type()?];
        while self.accept(TokenKind::Comma) {
            types.push(self.parse_type()?);
        }
        Ok(types)
    }

    /// Parses `memref<2x3xf32, {0, 1}>`: a buffer, with a ranked tensor's shape and layout.
    fn parse_memref_type(&mut self) -> PResult<Type> {
        self.parse_shaped_type(true)
    }

    /// Parses `tensor<2x?x<=8xf32, {1, 0}, padded = [..], padding = zero>`.
    fn parse_tensor_type(&mut self) -> PResult<Type> {
        self.parse_shaped_type(false)
    }

    /// Parses a tensor type, or a memref type when `memref` (the same syntax, with a rank).
    fn parse_shaped_type(&mut self, memref: bool) -> PResult<Type> {
        let start = self.loc();
        self.bump();
        let less = self.expect(TokenKind::Less)?;
        // Dimension lists are read character by character: `2x3xf32` is not a token stream.
        let src = self.lexer.src().as_bytes();
        let mut pos = less.start + 1;
        let mut dims = Vec::new();
        loop {
            while pos < src.len() && src[pos].is_ascii_whitespace() {
                pos += 1;
            }
            let dim_start = pos;
            let read_number = |pos: &mut usize| -> Option<i64> {
                let begin = *pos;
                while *pos < src.len() && src[*pos].is_ascii_digit() {
                    *pos += 1;
                }
                std::str::from_utf8(&src[begin..*pos]).ok()?.parse().ok()
            };
            let dim = match src.get(pos) {
                Some(b'?') => {
                    pos += 1;
                    Dim::Unknown
                }
                Some(b'*') if memref => return Err(Diagnostic::error(start, "a memref must have a rank: '*' is not allowed")),
                Some(b'*') if dims.is_empty() => {
                    // `tensor<*xf32>`: a tensor of unknown rank.
                    if src.get(pos + 1) != Some(&b'x') {
                        return Err(Diagnostic::error(self.loc_at(pos + 1), "expected 'x' after '*' in an unranked tensor type"));
                    }
                    self.reset_to(pos + 2);
                    let element_loc = self.loc();
                    let element = self.parse_type()?;
                    if !matches!(self.ctx.type_data(element), TypeData::Integer { .. } | TypeData::Float(_) | TypeData::Complex(_) | TypeData::Index | TypeData::Opaque { .. }) {
                        return Err(Diagnostic::error(element_loc, "invalid tensor element type"));
                    }
                    self.expect(TokenKind::Greater)?;
                    return Ok(self.ctx.ty(TypeData::UnrankedTensor(element)));
                }
                Some(b'*') => return Err(Diagnostic::error(self.loc_at(pos), "'*' must be the whole dimension list of an unranked tensor")),
                Some(b'<') if src.get(pos + 1) == Some(&b'=') => {
                    pos += 2;
                    Dim::Bounded(read_number(&mut pos).ok_or_else(|| Diagnostic::error(self.loc_at(pos), "expected a bound after '<='"))?)
                }
                Some(c) if c.is_ascii_digit() => {
                    Dim::Static(read_number(&mut pos).ok_or_else(|| Diagnostic::error(self.loc_at(dim_start), "dimension is too large"))?)
                }
                _ => break,
            };
            if src.get(pos) != Some(&b'x') {
                return Err(Diagnostic::error(self.loc_at(pos), "expected 'x' in dimension list"));
            }
            pos += 1;
            dims.push(dim);
        }
        self.reset_to(pos);
        let element_loc = self.loc();
        let element = self.parse_type()?;
        if !matches!(
            self.ctx.type_data(element),
            TypeData::Integer { .. } | TypeData::Float(_) | TypeData::Complex(_) | TypeData::Index | TypeData::Opaque { .. }
        ) {
            return Err(Diagnostic::error(element_loc, "invalid tensor element type"));
        }
        let layout = if self.accept(TokenKind::Comma) { Some(self.parse_layout()?) } else { None };
        self.expect(TokenKind::Greater)?;
        let shaped = TensorType { dims, element, layout };
        let ty = self.ctx.ty(if memref { TypeData::MemRef(shaped) } else { TypeData::Tensor(shaped) });
        // A type too large to exist is an error here, at the type, so that no later element
        // count, byte size or stride of it overflows.
        self.ctx.check_type_size(ty).map_err(|message| Diagnostic::error(start, message))?;
        Ok(ty)
    }

    /// Parses `{1, 0}` with optional `, padded = [..]` and `, padding = zero`.
    fn parse_layout(&mut self) -> PResult<Layout> {
        self.expect(TokenKind::LBrace)?;
        let mut minor_to_major = Vec::new();
        if !self.accept(TokenKind::RBrace) {
            loop {
                let at = self.loc();
                let v = self.parse_integer()?;
                minor_to_major.push(i64::try_from(v).map_err(|_| Diagnostic::error(at, "dimension index is too large"))?);
                if self.accept(TokenKind::RBrace) {
                    break;
                }
                self.expect(TokenKind::Comma)?;
            }
        }
        let mut layout = Layout { minor_to_major, padded_dims: None, padding_value: None };
        while self.accept(TokenKind::Comma) {
            let key_loc = self.loc();
            match self.parse_identifier()? {
                "padded" => {
                    self.expect(TokenKind::Equal)?;
                    layout.padded_dims = Some(self.parse_int_list()?);
                }
                "padding" => {
                    self.expect(TokenKind::Equal)?;
                    let at = self.loc();
                    let name = self.parse_identifier()?;
                    layout.padding_value = Some(
                        PaddingValue::ALL
                            .into_iter()
                            .find(|p| p.name() == name)
                            .ok_or_else(|| Diagnostic::error(at, format!("unknown padding value '{name}'")))?,
                    );
                }
                other => return Err(Diagnostic::error(key_loc, format!("unknown layout field '{other}'"))),
            }
        }
        Ok(layout)
    }

    /// Reads `<...>` with balanced brackets as raw text (the body of a dialect type or
    /// attribute kept as text).
    pub(crate) fn parse_balanced_text(&mut self) -> PResult<String> {
        let open = self.expect(TokenKind::Less)?;
        let src = self.lexer.src();
        let bytes = src.as_bytes();
        // The closing bracket each open one expects, innermost last.
        let mut expected = vec![b'>'];
        let mut pos = open.start + 1;
        let mut in_string = false;
        while !expected.is_empty() {
            let Some(&c) = bytes.get(pos) else {
                return Err(Diagnostic::error(self.loc_at(open.start), "unbalanced '<' in dialect type or attribute"));
            };
            match c {
                b'"' => in_string = !in_string,
                b'\\' if in_string => pos += 1,
                b'<' if !in_string => expected.push(b'>'),
                b'(' if !in_string => expected.push(b')'),
                b'[' if !in_string => expected.push(b']'),
                b'{' if !in_string => expected.push(b'}'),
                // `->` is an arrow, not a closing bracket.
                b'>' if !in_string && pos > 0 && bytes[pos - 1] == b'-' => {}
                b'>' | b')' | b']' | b'}' if !in_string => {
                    if expected.pop() != Some(c) {
                        return Err(Diagnostic::error(self.loc_at(pos), format!("unbalanced '{}' in dialect type or attribute", c as char)));
                    }
                }
                _ => {}
            }
            pos += 1;
        }
        let text = src[open.start..pos].to_string();
        self.reset_to(pos);
        Ok(text)
    }
}
