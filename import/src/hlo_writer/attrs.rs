//! XLA's attribute syntax, written from the values the ops' typed accessors give.
//!
//! Syntax: integer lists `{1,2}`, lists of lists `{{0,1},{2,3}}`, slices
//! `{[0:2], [1:5:2]}`, padding configurations `low_high_interior` per dimension joined by
//! `x` (`2_3_1x1_0_2`), windows `{size=3x3 stride=2x2 pad=1_1x1_1 lhs_dilate=.. rhs_dilate=..
//! rhs_reversal=..}` (fields at their defaults left out, as XLA prints them), and C-escaped
//! strings.
//!
//! Invariant: every function here is total: it writes whatever values it is given, and the
//! callers check what XLA's syntax cannot say (a 0-d padding, mismatched window ranks).

use std::fmt::Write;

use super::shape::join;

/// `{1,2,3}`.
pub(crate) fn braced(values: &[i64]) -> String {
    format!("{{{}}}", join(values, ","))
}

/// `{{0,1},{2,3}}`.
pub(crate) fn braced_lists(lists: &[&[i64]]) -> String {
    format!("{{{}}}", lists.iter().map(|l| braced(l)).collect::<Vec<_>>().join(","))
}

/// `{[start:limit], [start:limit:stride]}` (a stride of 1 is left out).
pub(crate) fn slice_ranges(starts: &[i64], limits: &[i64], strides: &[i64]) -> String {
    let ranges: Vec<String> = starts
        .iter()
        .zip(limits)
        .zip(strides.iter().copied().chain(std::iter::repeat(1)))
        .map(|((s, l), st)| if st == 1 { format!("[{s}:{l}]") } else { format!("[{s}:{l}:{st}]") })
        .collect();
    format!("{{{}}}", ranges.join(", "))
}

/// `low_high[_interior]x...`: the interior padding is written for every dimension when any
/// dimension has some, as XLA does.
pub(crate) fn padding_config(low: &[i64], high: &[i64], interior: &[i64]) -> String {
    let with_interior = interior.iter().any(|i| *i != 0);
    let dims: Vec<String> = (0..low.len())
        .map(|d| {
            let (l, h) = (low[d], high.get(d).copied().unwrap_or(0));
            if with_interior {
                format!("{l}_{h}_{}", interior.get(d).copied().unwrap_or(0))
            } else {
                format!("{l}_{h}")
            }
        })
        .collect();
    dims.join("x")
}

/// A window as XLA describes one: per spatial dimension its size, stride, padding, base
/// (lhs) and window (rhs) dilation and reversal.
#[derive(Clone, Debug, Default)]
pub(crate) struct Window {
    pub size: Vec<i64>,
    pub stride: Vec<i64>,
    pub padding: Vec<(i64, i64)>,
    pub lhs_dilate: Vec<i64>,
    pub rhs_dilate: Vec<i64>,
    pub reversal: Vec<bool>,
}

impl Window {
    /// `window={...}`, or `None` for a window of no dimensions (XLA leaves it out).
    pub(crate) fn attribute(&self) -> Option<String> {
        if self.size.is_empty() {
            return None;
        }
        let mut out = format!("window={{size={}", join(&self.size, "x"));
        if self.stride.iter().any(|s| *s != 1) {
            let _ = write!(out, " stride={}", join(&self.stride, "x"));
        }
        if self.padding.iter().any(|p| *p != (0, 0)) {
            let pads: Vec<String> = self.padding.iter().map(|(l, h)| format!("{l}_{h}")).collect();
            let _ = write!(out, " pad={}", pads.join("x"));
        }
        if self.lhs_dilate.iter().any(|d| *d != 1) {
            let _ = write!(out, " lhs_dilate={}", join(&self.lhs_dilate, "x"));
        }
        if self.rhs_dilate.iter().any(|d| *d != 1) {
            let _ = write!(out, " rhs_dilate={}", join(&self.rhs_dilate, "x"));
        }
        if self.reversal.iter().any(|r| *r) {
            let flags: Vec<i64> = self.reversal.iter().map(|r| i64::from(*r)).collect();
            let _ = write!(out, " rhs_reversal={}", join(&flags, "x"));
        }
        out.push('}');
        Some(out)
    }
}

/// `s` as a C string literal, escaped as absl's `CEscape` escapes (XLA reads it with
/// `CUnescape`): `\n`, `\r`, `\t`, `\"`, `\'`, `\\` and octal `\ooo` for other bytes outside
/// printable ASCII.
pub(crate) fn string_literal(s: &str) -> String {
    let mut out = String::from("\"");
    for b in s.bytes() {
        match b {
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            b'"' => out.push_str("\\\""),
            b'\'' => out.push_str("\\'"),
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7e => out.push(b as char),
            _ => {
                let _ = write!(out, "\\{b:03o}");
            }
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_is_xlas() {
        assert_eq!(braced(&[0, 1]), "{0,1}");
        assert_eq!(braced(&[]), "{}");
        assert_eq!(braced_lists(&[&[0, 1], &[2, 3]]), "{{0,1},{2,3}}");
        assert_eq!(slice_ranges(&[0, 3], &[16, 107], &[1, 2]), "{[0:16], [3:107:2]}");
        assert_eq!(padding_config(&[2, 1], &[3, 0], &[1, 2]), "2_3_1x1_0_2");
        assert_eq!(padding_config(&[0, -1], &[1, 0], &[0, 0]), "0_1x-1_0");
        let window = Window {
            size: vec![3, 3],
            stride: vec![1, 1],
            padding: vec![(1, 1), (1, 1)],
            lhs_dilate: vec![1, 1],
            rhs_dilate: vec![2, 1],
            reversal: vec![false, true],
        };
        assert_eq!(window.attribute().as_deref(), Some("window={size=3x3 pad=1_1x1_1 rhs_dilate=2x1 rhs_reversal=0x1}"));
        assert_eq!(Window::default().attribute(), None);
        assert_eq!(string_literal("a\"b\\\n\u{e9}"), "\"a\\\"b\\\\\\n\\303\\251\"");
    }
}
