//! Readers of the structured attribute values of HLO text, each over the token range of one
//! value:
//! - `window={size=3x3 stride=2x2 pad=1_1x1_1 lhs_dilate=1x1 rhs_dilate=1x1 rhs_reversal=0x0}`
//!   (sub-attributes in any order, `size` required, sizes `DxD` or a single number);
//! - `dim_labels=b01f_01io->b01f` (batch `b`, feature `f`, input/output feature `i`/`o`, the
//!   digit of each spatial dimension, `?` skipped);
//! - `slice={[0:2], [1:8:2]}`, `padding=0_0_0x1_1_0` (low, high, optional interior per
//!   dimension, negative allowed);
//! - `replica_groups={{0,1},{2,3}}` and its iota form `[2,2]<=[4]` / `[2,2]<=[2,2]T(1,0)`;
//! - `operand_precision={default,highest}`, `output_to_operand_aliasing={{0}: (1, {})}`.
//!
//! Invariant: every reader consumes its whole value or fails at the token it cannot read.

use super::cursor::{parse_int_text, Cursor, PResult};
use super::lexer::TokenKind;
use super::shape::{parse_shape, Shape};

/// A `window={...}` value; empty fields were not written (their defaults apply).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Window {
    pub size: Vec<i64>,
    pub stride: Vec<i64>,
    pub pad: Vec<[i64; 2]>,
    pub lhs_dilate: Vec<i64>,
    pub rhs_dilate: Vec<i64>,
    pub rhs_reversal: Vec<i64>,
}

/// Reads `{size=... stride=... pad=... lhs_dilate=... rhs_dilate=... rhs_reversal=...}`.
pub fn read_window(c: &mut Cursor) -> PResult<Window> {
    let start = c.offset();
    c.expect_what(TokenKind::LBrace, "'{' to start the window")?;
    let mut w = Window::default();
    let mut has_size = false;
    while !c.accept(TokenKind::RBrace) {
        if !c.is(TokenKind::Word) {
            return Err(c.expected("a window field (size, stride, pad, lhs_dilate, rhs_dilate, rhs_reversal) or '}'"));
        }
        let field_offset = c.offset();
        let field = c.text();
        c.bump();
        c.expect_what(TokenKind::Equal, &format!("'=' after window field '{field}'"))?;
        if !c.is(TokenKind::Number) {
            return Err(c.expected(&format!("the value of window field '{field}'")));
        }
        let text = c.text();
        let at = c.offset();
        c.bump();
        match field {
            "size" => {
                w.size = read_dxd(c, text, at)?;
                has_size = true;
            }
            "stride" => w.stride = read_dxd(c, text, at)?,
            "lhs_dilate" => w.lhs_dilate = read_dxd(c, text, at)?,
            "rhs_dilate" => w.rhs_dilate = read_dxd(c, text, at)?,
            "rhs_reversal" => w.rhs_reversal = read_dxd(c, text, at)?,
            "pad" => {
                w.pad = read_pad_pattern(c, text, at, 2)?.into_iter().map(|p| [p[0], p[1]]).collect();
            }
            other => return Err(c.src.error(field_offset, format!("unknown window field '{other}'"))),
        }
    }
    if !has_size {
        return Err(c.src.error(start, "the window needs a 'size' field"));
    }
    let n = w.size.len();
    for (name, len) in [
        ("stride", w.stride.len()),
        ("pad", w.pad.len()),
        ("lhs_dilate", w.lhs_dilate.len()),
        ("rhs_dilate", w.rhs_dilate.len()),
        ("rhs_reversal", w.rhs_reversal.len()),
    ] {
        if len != 0 && len != n {
            return Err(c.src.error(start, format!("window field '{name}' has {len} entries, but 'size' has {n}")));
        }
    }
    Ok(w)
}

/// Reads `3x3` (or `3`): one non-negative number per dimension.
fn read_dxd(c: &Cursor, text: &str, at: usize) -> PResult<Vec<i64>> {
    text.split('x')
        .map(|part| parse_int_text(part).filter(|v| *v >= 0))
        .collect::<Option<Vec<i64>>>()
        .ok_or_else(|| c.src.error(at, format!("expected sizes like '3x3', found '{text}'")))
}

/// Reads `lo_hi[_interior]x...`: `parts` numbers (or `parts + 1` with an interior) per
/// dimension; a missing interior is 0.
fn read_pad_pattern(c: &Cursor, text: &str, at: usize, parts: usize) -> PResult<Vec<Vec<i64>>> {
    let bad = || c.src.error(at, format!("expected paddings like '1_1x0_2', found '{text}'"));
    let mut dims = Vec::new();
    for dim in text.split('x') {
        let values = dim.split('_').map(parse_int_text).collect::<Option<Vec<i64>>>().ok_or_else(bad)?;
        if values.len() < 2 || values.len() > parts.max(3) {
            return Err(bad());
        }
        dims.push(values);
    }
    Ok(dims)
}

/// Reads `padding=0_0_0x1_1_0`: (low, high, interior) per dimension. A rank-0 operand has
/// no padding; its value is empty.
pub fn read_padding_config(c: &mut Cursor) -> PResult<Vec<[i64; 3]>> {
    if c.at_end() {
        return Ok(Vec::new());
    }
    if !c.is(TokenKind::Number) {
        return Err(c.expected("paddings like '0_0_0x1_1_0'"));
    }
    let text = c.text();
    let at = c.offset();
    c.bump();
    let dims = read_pad_pattern(c, text, at, 3)?;
    let mut out = Vec::new();
    for d in dims {
        let interior = d.get(2).copied().unwrap_or(0);
        if interior < 0 {
            return Err(c.src.error(at, format!("interior padding must not be negative, found {interior}")));
        }
        out.push([d[0], d[1], interior]);
    }
    c.expect_end("the padding")?;
    Ok(out)
}

/// The dimension numbers of a convolution, read from `dim_labels`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ConvDims {
    pub input_batch: i64,
    pub input_feature: i64,
    pub input_spatial: Vec<i64>,
    pub kernel_input_feature: i64,
    pub kernel_output_feature: i64,
    pub kernel_spatial: Vec<i64>,
    pub output_batch: i64,
    pub output_feature: i64,
    pub output_spatial: Vec<i64>,
}

/// Reads `b01f_01io->b01f` from the value's text, which starts at `at`.
pub fn read_dim_labels(c: &Cursor, text: &str, at: usize) -> PResult<ConvDims> {
    let bad = |why: String| c.src.error(at, format!("expected dimension labels like 'b01f_01io->b01f', found '{text}': {why}"));
    let (left, output) = text.split_once("->").ok_or_else(|| bad("no '->'".to_string()))?;
    let (input, kernel) = left.split_once('_').ok_or_else(|| bad("no '_' between input and kernel".to_string()))?;
    // Labels: (the two letters, their positions) and the spatial dimensions in digit order.
    let read = |labels: &str, a: char, b: char| -> Result<(i64, i64, Vec<i64>), String> {
        let mut first = None;
        let mut second = None;
        let mut spatial: Vec<Option<i64>> = Vec::new();
        let count = labels.chars().filter(|ch| ch.is_ascii_digit()).count();
        spatial.resize(count, None);
        for (i, ch) in labels.chars().enumerate() {
            let i = i as i64;
            match ch {
                '?' => {}
                _ if ch == a => {
                    if first.replace(i).is_some() {
                        return Err(format!("'{a}' appears twice in '{labels}'"));
                    }
                }
                _ if ch == b => {
                    if second.replace(i).is_some() {
                        return Err(format!("'{b}' appears twice in '{labels}'"));
                    }
                }
                '0'..='9' => {
                    let d = ch as usize - '0' as usize;
                    match spatial.get_mut(d) {
                        Some(slot @ None) => *slot = Some(i),
                        Some(Some(_)) => return Err(format!("'{ch}' appears twice in '{labels}'")),
                        None => return Err(format!("spatial dimension '{ch}' in '{labels}' skips a number")),
                    }
                }
                other => return Err(format!("unexpected label '{other}' in '{labels}'")),
            }
        }
        let first = first.ok_or_else(|| format!("'{labels}' has no '{a}'"))?;
        let second = second.ok_or_else(|| format!("'{labels}' has no '{b}'"))?;
        let spatial = spatial.into_iter().collect::<Option<Vec<i64>>>().ok_or_else(|| format!("'{labels}' skips a spatial dimension"))?;
        Ok((first, second, spatial))
    };
    let (input_batch, input_feature, input_spatial) = read(input, 'b', 'f').map_err(bad)?;
    let (kernel_input_feature, kernel_output_feature, kernel_spatial) = read(kernel, 'i', 'o').map_err(bad)?;
    let (output_batch, output_feature, output_spatial) = read(output, 'b', 'f').map_err(bad)?;
    if input_spatial.len() != kernel_spatial.len() || input_spatial.len() != output_spatial.len() {
        return Err(bad(format!(
            "the input, kernel and output have {}, {} and {} spatial dimensions",
            input_spatial.len(),
            kernel_spatial.len(),
            output_spatial.len()
        )));
    }
    Ok(ConvDims {
        input_batch,
        input_feature,
        input_spatial,
        kernel_input_feature,
        kernel_output_feature,
        kernel_spatial,
        output_batch,
        output_feature,
        output_spatial,
    })
}

/// Reads `{[start:limit], [start:limit:stride], ...}`: starts, limits and strides.
pub fn read_slice(c: &mut Cursor) -> PResult<(Vec<i64>, Vec<i64>, Vec<i64>)> {
    c.expect_what(TokenKind::LBrace, "'{' to start the slice ranges")?;
    let (mut starts, mut limits, mut strides) = (Vec::new(), Vec::new(), Vec::new());
    if !c.accept(TokenKind::RBrace) {
        loop {
            let at = c.offset();
            let range = c.parse_int_list(TokenKind::LSquare, TokenKind::RSquare, TokenKind::Colon)?;
            match range[..] {
                [start, limit] => {
                    starts.push(start);
                    limits.push(limit);
                    strides.push(1);
                }
                [start, limit, stride] => {
                    starts.push(start);
                    limits.push(limit);
                    strides.push(stride);
                }
                _ => return Err(c.src.error(at, format!("expected [start:limit] or [start:limit:stride], found {} numbers", range.len()))),
            }
            if c.accept(TokenKind::RBrace) {
                break;
            }
            c.expect_what(TokenKind::Comma, "',' or '}' between slice ranges")?;
        }
    }
    c.expect_end("the slice ranges")?;
    Ok((starts, limits, strides))
}

/// The most devices an iota replica group list may name.
const MAX_DEVICES: i64 = 1 << 20;

/// Reads replica groups: `{}`, `{{0,1},{2,3}}` or `[2,2]<=[4]` / `[2,2]<=[2,2]T(1,0)`
/// (XLA's iota form: the ids `0..N` laid out in the `<=` dims, transposed by `T`, split
/// into the groups of the first list).
pub fn read_replica_groups(c: &mut Cursor) -> PResult<Vec<Vec<i64>>> {
    if c.is(TokenKind::LBrace) {
        let groups = c.parse_braced_int_lists()?;
        c.expect_end("the replica groups")?;
        return Ok(groups);
    }
    let at = c.offset();
    let shape = c.parse_int_list(TokenKind::LSquare, TokenKind::RSquare, TokenKind::Comma)?;
    c.expect_what(TokenKind::Leq, "'<=' in an iota replica group list")?;
    let dims = c.parse_int_list(TokenKind::LSquare, TokenKind::RSquare, TokenKind::Comma)?;
    let perm = if c.accept_word("T") {
        c.parse_int_list(TokenKind::LParen, TokenKind::RParen, TokenKind::Comma)?
    } else {
        (0..dims.len() as i64).collect()
    };
    c.expect_end("the replica groups")?;
    let &[groups, size] = shape.as_slice() else {
        return Err(c.src.error(at, format!("an iota replica group list has 2 dimensions, found {}", shape.len())));
    };
    let total = dims.iter().try_fold(1i64, |acc, d| if *d < 0 { None } else { acc.checked_mul(*d) });
    let total = total.filter(|t| *t <= MAX_DEVICES).ok_or_else(|| c.src.error(at, "the iota replica group list names too many devices"))?;
    if groups < 0 || size < 0 || groups.checked_mul(size) != Some(total) {
        return Err(c.src.error(at, format!("{groups}x{size} replica groups do not hold the {total} devices of the iota")));
    }
    let mut sorted = perm.clone();
    sorted.sort();
    if perm.len() != dims.len() || sorted.iter().enumerate().any(|(i, p)| *p != i as i64) {
        return Err(c.src.error(at, "the iota transpose is not a permutation of its dimensions"));
    }
    // Element k of the transposed array, in row-major order, is the id at the source index
    // whose dimension perm[j] is the k-th index's j-th coordinate.
    let transposed: Vec<i64> = perm.iter().map(|p| dims[*p as usize]).collect();
    let mut ids = Vec::with_capacity(total as usize);
    let mut index = vec![0i64; dims.len()];
    for _ in 0..total {
        let mut source = vec![0i64; dims.len()];
        for (j, p) in perm.iter().enumerate() {
            source[*p as usize] = index[j];
        }
        ids.push(source.iter().zip(&dims).fold(0i64, |acc, (i, d)| acc * d + i));
        for j in (0..index.len()).rev() {
            index[j] += 1;
            if index[j] < transposed[j] {
                break;
            }
            index[j] = 0;
        }
    }
    Ok(ids.chunks(size.max(1) as usize).map(<[i64]>::to_vec).collect())
}

/// Reads `{default,highest}` into the dialect's spelling (`DEFAULT`, `HIGH`, `HIGHEST`).
pub fn read_precisions(c: &mut Cursor) -> PResult<Vec<&'static str>> {
    c.expect_what(TokenKind::LBrace, "'{' to start the precisions")?;
    let mut out = Vec::new();
    if !c.accept(TokenKind::RBrace) {
        loop {
            let name = match c.text().to_ascii_lowercase().as_str() {
                "default" if c.is(TokenKind::Word) => "DEFAULT",
                "high" if c.is(TokenKind::Word) => "HIGH",
                "highest" if c.is(TokenKind::Word) => "HIGHEST",
                _ => return Err(c.expected("a precision (default, high or highest)")),
            };
            c.bump();
            out.push(name);
            if c.accept(TokenKind::RBrace) {
                break;
            }
            c.expect_what(TokenKind::Comma, "',' or '}' between precisions")?;
        }
    }
    c.expect_end("the precisions")?;
    Ok(out)
}

/// One output-to-operand alias: the output's tuple index, the operand and its tuple index.
pub type Alias = (Vec<i64>, i64, Vec<i64>);

/// Reads `{{0}: (1, {}), {1}: (0, {0})}`.
pub fn read_aliasing(c: &mut Cursor) -> PResult<Vec<Alias>> {
    c.expect_what(TokenKind::LBrace, "'{' to start the aliasing")?;
    let mut out = Vec::new();
    if !c.accept(TokenKind::RBrace) {
        loop {
            let output = c.parse_braced_ints()?;
            c.expect_what(TokenKind::Colon, "':' after the output index")?;
            c.expect_what(TokenKind::LParen, "'(' before the operand")?;
            let operand = c.parse_non_negative("an operand number")?;
            c.expect_what(TokenKind::Comma, "',' after the operand number")?;
            let operand_index = c.parse_braced_ints()?;
            if c.accept(TokenKind::Comma) {
                // The alias kind (`may-alias`, `must-alias`).
                c.expect(TokenKind::Word)?;
            }
            c.expect_what(TokenKind::RParen, "')' after the operand's index")?;
            out.push((output, operand, operand_index));
            if c.accept(TokenKind::RBrace) {
                break;
            }
            c.expect_what(TokenKind::Comma, "',' or '}' between aliases")?;
        }
    }
    c.expect_end("the aliasing")?;
    Ok(out)
}

/// Reads `{f32[2]{0}, s32[]}`.
pub fn read_shape_list(c: &mut Cursor) -> PResult<Vec<Shape>> {
    c.expect_what(TokenKind::LBrace, "'{' to start the shapes")?;
    let mut out = Vec::new();
    if !c.accept(TokenKind::RBrace) {
        loop {
            out.push(parse_shape(c)?);
            if c.accept(TokenKind::RBrace) {
                break;
            }
            c.expect_what(TokenKind::Comma, "',' or '}' between shapes")?;
        }
    }
    c.expect_end("the shapes")?;
    Ok(out)
}
