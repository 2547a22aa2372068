//! Windows: XLA's `Window`, shared by `hlo.reduce_window`, `hlo.select_and_scatter` and
//! `hlo.convolution`; the `window = {...}` clause of their custom forms; and the check of
//! the scalar computations (reducer, select, scatter) in their regions.
//!
//! A window slides over a base area. Per dimension it has a size, a stride, low and high
//! padding (negative padding removes elements), a base dilation (holes between base
//! elements) and a window dilation (holes between window elements). XLA's output size per
//! dimension (`InferWindowOutputShape`):
//!
//! ```text
//! dilated(n, d)       = n == 0 ? 0 : (n - 1) * d + 1
//! padded_base         = low + dilated(base, base_dilation) + high
//! dilated_window      = dilated(size, window_dilation)
//! output              = dilated_window > padded_base ? 0 : (padded_base - dilated_window) / stride + 1
//! ```
//!
//! Unknown base dimensions give unknown output dimensions; a bounded one `<=N` gives the
//! bound the formula gives for `N` (the output size grows with the base size).
//!
//! In custom forms the window attributes print as one clause,
//! `window = {size = [2, 2], stride = [2, 2], pad = [[0, 0], [1, 1]]}`, each key naming an
//! attribute (see [`WindowKey`]).

use xla_ir::constraints::{AttrKind, I64ArrayAttr, I64ArrayListAttr};
use xla_ir::op_def::{InferContext, OpRef};
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::{Diagnostic, Dim, OpState};

use super::common::{int_list, optional_i64_array};

/// One dimension of a window; a size of `None` is not known (a convolution kernel dimension
/// of unknown size).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct WindowDim {
    pub size: Option<i64>,
    pub stride: i64,
    pub padding: (i64, i64),
    pub base_dilation: i64,
    pub window_dilation: i64,
}

/// The names of the attributes that describe a window; dilations an op does not have are
/// `None` (taken as 1).
pub(crate) struct WindowAttrNames {
    pub stride: &'static str,
    pub padding: &'static str,
    pub base_dilation: Option<&'static str>,
    pub window_dilation: Option<&'static str>,
}

/// The optional list attribute `name`, checked to have `count` entries (one per `what`).
fn optional_list<'a>(cx: &InferContext<'a>, name: &str, count: usize, what: &str) -> Result<Option<&'a [i64]>, String> {
    let list = optional_i64_array(cx, name)?;
    if let Some(list) = list {
        check_count(name, list.len(), count, what)?;
    }
    Ok(list)
}

/// Checks that attribute `name` has `count` entries, one per `what`.
pub(crate) fn check_count(name: &str, actual: usize, count: usize, what: &str) -> Result<(), String> {
    if actual == count {
        Ok(())
    } else {
        Err(format!("{name} has {actual} entries, expected {count} (one per {what})"))
    }
}

/// Checks that every entry of the list attribute `name` is positive.
pub(crate) fn check_positive(name: &str, values: &[i64]) -> Result<(), String> {
    match values.iter().enumerate().find(|(_, v)| **v <= 0) {
        Some((i, v)) => Err(format!("{name}[{i}] = {v} must be positive")),
        None => Ok(()),
    }
}

/// Reads a window of `sizes.len()` dimensions from the attributes `names` (each optional:
/// stride and dilations default to 1, padding to 0) and checks them; `what` names one
/// dimension for messages ("operand dimension", "spatial dimension").
pub(crate) fn read_window(
    cx: &InferContext,
    names: &WindowAttrNames,
    sizes: &[Option<i64>],
    what: &str,
) -> Result<Vec<WindowDim>, String> {
    let rank = sizes.len();
    let ones = vec![1; rank];
    let stride = optional_list(cx, names.stride, rank, what)?.unwrap_or(&ones);
    check_positive(names.stride, stride)?;
    let mut dilations = Vec::new();
    for name in [names.base_dilation, names.window_dilation] {
        let values = match name {
            Some(name) => {
                let values = optional_list(cx, name, rank, what)?.unwrap_or(&ones);
                check_positive(name, values)?;
                values
            }
            None => &ones[..],
        };
        dilations.push(values);
    }
    let padding = match cx.attr(names.padding) {
        None => vec![(0, 0); rank],
        Some(attr) => {
            let pairs = I64ArrayListAttr::get(cx.ctx, attr).ok_or_else(|| {
                format!(
                    "attribute '{}' must be {}, found {}",
                    names.padding,
                    <I64ArrayListAttr as AttrKind>::CONSTRAINT.description,
                    cx.ctx.attr_to_string(attr)
                )
            })?;
            check_count(names.padding, pairs.len(), rank, what)?;
            let mut padding = Vec::with_capacity(rank);
            for (i, pair) in pairs.iter().enumerate() {
                let &[low, high] = *pair else {
                    return Err(format!("{}[{i}] must be a [low, high] pair, found {}", names.padding, int_list(pair)));
                };
                padding.push((low, high));
            }
            padding
        }
    };
    Ok((0..rank)
        .map(|i| WindowDim {
            size: sizes[i],
            stride: stride[i],
            padding: padding[i],
            base_dilation: dilations[0][i],
            window_dilation: dilations[1][i],
        })
        .collect())
}

/// `(n - 1) * d + 1`, or 0 for an empty dimension.
fn dilated(n: i128, d: i128) -> i128 {
    if n <= 0 {
        0
    } else {
        (n - 1) * d + 1
    }
}

/// The output size of `window` over a base dimension of size `base` (XLA's formula; see the
/// module documentation), or an error when padding makes the base negative.
fn output_size(base: i64, window: &WindowDim, size: i64, what: &str, i: usize) -> Result<i64, String> {
    let (low, high) = window.padding;
    let padded = i128::from(low) + dilated(base.into(), window.base_dilation.into()) + i128::from(high);
    if padded < 0 {
        return Err(format!("{what} {i} has negative size {padded} after padding [{low}, {high}]"));
    }
    let dilated_window = dilated(size.into(), window.window_dilation.into());
    let output = if dilated_window > padded { 0 } else { (padded - dilated_window) / i128::from(window.stride) + 1 };
    i64::try_from(output).map_err(|_| format!("{what} {i}: the window output size {output} does not fit in 64 bits"))
}

/// The output dimensions of `window` sliding over `base` (one window dimension per base
/// dimension, checked by the caller).
pub(crate) fn window_output_dims(base: &[Dim], window: &[WindowDim], what: &str) -> Result<Vec<Dim>, String> {
    base.iter()
        .zip(window)
        .enumerate()
        .map(|(i, (dim, w))| {
            Ok(match (*dim, w.size) {
                (Dim::Static(n), Some(size)) => Dim::Static(output_size(n, w, size, what, i)?),
                (Dim::Bounded(n), Some(size)) => Dim::Bounded(output_size(n, w, size, what, i)?),
                _ => Dim::Unknown,
            })
        })
        .collect()
}

// ---- The `window = {...}` clause of custom forms ------------------------------------------

/// The shape of a window attribute's value.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum WindowValue {
    /// `array<i64: ...>`, written `[1, 2]`.
    Ints,
    /// A list of `[low, high]` pairs, written `[[0, 0], [1, 1]]`.
    Pairs,
}

/// One entry of a `window = {...}` clause: its key and the attribute it stands for.
pub(crate) struct WindowKey {
    pub key: &'static str,
    pub attr: &'static str,
    pub value: WindowValue,
}

/// The text of `attr` in a window clause when it has the expected shape.
fn window_value_text(op: OpRef, key: &WindowKey) -> Option<String> {
    let ctx = op.ctx();
    let attr = op.attr(key.attr)?;
    match key.value {
        WindowValue::Ints => I64ArrayAttr::get(ctx, attr).map(int_list),
        WindowValue::Pairs => {
            I64ArrayListAttr::get(ctx, attr).map(|pairs| int_list_of(pairs.iter().map(|p| int_list(p))))
        }
    }
}

fn int_list_of(items: impl Iterator<Item = String>) -> String {
    format!("[{}]", items.collect::<Vec<_>>().join(", "))
}

/// The clause `window = {key = value, ...}` for the window attributes `op` has, in the
/// order of `keys`, and their names (for the attribute dictionary to leave out). Attributes
/// of an unexpected kind are left to the dictionary; there is no clause when none is present.
pub(crate) fn window_clause(op: OpRef, keys: &[WindowKey]) -> (Option<String>, Vec<&'static str>) {
    let entries: Vec<(&WindowKey, String)> =
        keys.iter().filter_map(|k| window_value_text(op, k).map(|text| (k, text))).collect();
    if entries.is_empty() {
        return (None, Vec::new());
    }
    let text: Vec<String> = entries.iter().map(|(k, v)| format!("{} = {v}", k.key)).collect();
    (Some(format!("window = {{{}}}", text.join(", "))), entries.iter().map(|(k, _)| k.attr).collect())
}

/// Parses `= {key = value, ...}` after the `window` keyword into the attributes of `state`.
pub(crate) fn parse_window(p: &mut OpParser, state: &mut OpState, keys: &[WindowKey]) -> Result<(), Diagnostic> {
    let ctx = p.ctx();
    p.expect(TokenKind::Equal)?;
    p.expect(TokenKind::LBrace)?;
    if p.accept(TokenKind::RBrace) {
        return Ok(());
    }
    loop {
        let at = p.loc();
        let word = p.parse_identifier()?;
        let key = keys.iter().find(|k| k.key == word).ok_or_else(|| {
            let known: Vec<&str> = keys.iter().map(|k| k.key).collect();
            Diagnostic::error(at, format!("unknown window key '{word}', expected one of: {}", known.join(", ")))
        })?;
        if state.attr(ctx.symbol(key.attr)).is_some() {
            return Err(Diagnostic::error(at, format!("window key '{word}' is given twice")));
        }
        p.expect(TokenKind::Equal)?;
        let value = match key.value {
            WindowValue::Ints => ctx.i64_array_attr(&p.parse_int_list()?),
            WindowValue::Pairs => p.parse_nested_int_list()?,
        };
        state.set_attr(ctx.symbol(key.attr), value);
        if p.accept(TokenKind::RBrace) {
            return Ok(());
        }
        p.expect(TokenKind::Comma)?;
    }
}


// ---- Regions of scalar computations -------------------------------------------------------

/// Regions of windowed ops are checked by the one scalar-computation checker of the dialect.
pub(crate) use super::shape_checks::verify_scalar_computation as verify_scalar_region;

#[cfg(test)]
mod tests {
    use super::*;

    fn window(size: i64, stride: i64, padding: (i64, i64), base_dilation: i64, window_dilation: i64) -> WindowDim {
        WindowDim { size: Some(size), stride, padding, base_dilation, window_dilation }
    }

    #[test]
    fn output_sizes_follow_xla_formula() {
        let out = |base, w: WindowDim| window_output_dims(&[Dim::Static(base)], &[w], "dimension");
        // 4 elements, window 2, stride 2: two windows.
        assert_eq!(out(4, window(2, 2, (0, 0), 1, 1)), Ok(vec![Dim::Static(2)]));
        // kValid of the documentation's example: [10000, 1000, 100, 10, 1], window 3, stride 2.
        assert_eq!(out(5, window(3, 2, (0, 0), 1, 1)), Ok(vec![Dim::Static(2)]));
        // kSame pads one element on each side.
        assert_eq!(out(5, window(3, 2, (1, 1), 1, 1)), Ok(vec![Dim::Static(3)]));
        // Base dilation 2 makes 4 elements 7; window dilation 2 makes a window of 2 span 3.
        assert_eq!(out(4, window(2, 1, (0, 0), 2, 2)), Ok(vec![Dim::Static(5)]));
        // A window larger than the base fits nowhere.
        assert_eq!(out(2, window(3, 1, (0, 0), 1, 1)), Ok(vec![Dim::Static(0)]));
        // Negative padding removes elements, but not more than there are.
        assert_eq!(out(5, window(1, 1, (-2, -1), 1, 1)), Ok(vec![Dim::Static(2)]));
        assert_eq!(
            out(2, window(1, 1, (-2, -1), 1, 1)),
            Err("dimension 0 has negative size -1 after padding [-2, -1]".into())
        );
        assert_eq!(out(0, window(1, 1, (0, 0), 3, 1)), Ok(vec![Dim::Static(0)]));
        assert!(out(i64::MAX, window(1, 1, (0, 0), i64::MAX, 1))
            .expect_err("overflow")
            .contains("does not fit in 64 bits"));
    }

    #[test]
    fn unknown_and_bounded_dims_stay_so() {
        let w = window(2, 2, (0, 0), 1, 1);
        assert_eq!(
            window_output_dims(&[Dim::Unknown, Dim::Bounded(8)], &[w, w], "dimension"),
            Ok(vec![Dim::Unknown, Dim::Bounded(4)])
        );
        let unknown_size = WindowDim { size: None, ..w };
        assert_eq!(window_output_dims(&[Dim::Static(4)], &[unknown_size], "dimension"), Ok(vec![Dim::Unknown]));
    }
}
