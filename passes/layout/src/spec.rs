//! The textual form of a layout given from outside the IR: `xla-aotc --arg-layout N=SPEC`,
//! `--result-layout N=SPEC`, and the `xla.layout = "SPEC"` argument and result attributes.
//!
//! `SPEC` is the layout as tensor types print it: `{1, 0}` (HLO's minor_to_major), with
//! optional `, padded = [3, 5]` and `, padding = zero|one|lowest|highest|unknown`, so what a
//! user writes is what `xla-opt` prints after the pass. Spaces are free.
//!
//! Invariant: parsing never panics; an error carries the byte offset in the text where the
//! problem is, so callers render it located (`<arg-layout>:1:COL` with a caret, or at the
//! function for an attribute).

use xla_ir::{Layout, PaddingValue};

/// A parse error: the byte offset in the spec and the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    pub offset: usize,
    pub message: String,
}

/// Reads `SPEC` (see the module documentation).
pub fn parse_layout(text: &str) -> Result<Layout, SpecError> {
    let mut c = Cursor { text, at: 0 };
    c.expect('{')?;
    let mut minor_to_major = Vec::new();
    if !c.accept('}') {
        loop {
            minor_to_major.push(c.integer()?);
            if c.accept('}') {
                break;
            }
            c.expect(',')?;
        }
    }
    let mut layout = Layout { minor_to_major, padded_dims: None, padding_value: None };
    while c.accept(',') {
        let key_at = c.skip_spaces();
        match c.word() {
            "padded" => {
                c.expect('=')?;
                c.expect('[')?;
                let mut padded = Vec::new();
                if !c.accept(']') {
                    loop {
                        padded.push(c.integer()?);
                        if c.accept(']') {
                            break;
                        }
                        c.expect(',')?;
                    }
                }
                layout.padded_dims = Some(padded);
            }
            "padding" => {
                c.expect('=')?;
                let at = c.skip_spaces();
                let name = c.word();
                layout.padding_value = Some(PaddingValue::ALL.into_iter().find(|p| p.name() == name).ok_or_else(|| SpecError {
                    offset: at,
                    message: format!("unknown padding value '{name}' (expected zero, one, lowest, highest or unknown)"),
                })?);
            }
            "" => return Err(SpecError { offset: key_at, message: "expected 'padded' or 'padding' after ','".into() }),
            other => return Err(SpecError { offset: key_at, message: format!("unknown layout field '{other}'") }),
        }
    }
    let end = c.skip_spaces();
    if end < text.len() {
        return Err(SpecError { offset: end, message: "unexpected text after the layout".into() });
    }
    Ok(layout)
}

/// Reads `N=SPEC`, the value of `--arg-layout`/`--result-layout`: the position and the
/// layout. Offsets in errors are into the whole text.
pub fn parse_numbered(text: &str) -> Result<(usize, Layout), SpecError> {
    let eq = text.find('=').ok_or_else(|| SpecError { offset: 0, message: "expected N=LAYOUT, e.g. 0={0,1}".into() })?;
    let number = text[..eq].trim();
    let index = number.parse::<usize>().map_err(|_| SpecError { offset: 0, message: format!("'{number}' is not a position (a number from 0)") })?;
    let layout = parse_layout(&text[eq + 1..]).map_err(|e| SpecError { offset: e.offset + eq + 1, ..e })?;
    Ok((index, layout))
}

/// A position in the spec text.
struct Cursor<'t> {
    text: &'t str,
    at: usize,
}

impl Cursor<'_> {
    /// Skips spaces; returns the new position.
    fn skip_spaces(&mut self) -> usize {
        while self.text[self.at..].starts_with(char::is_whitespace) {
            self.at += self.text[self.at..].chars().next().map_or(1, char::len_utf8);
        }
        self.at
    }

    fn accept(&mut self, ch: char) -> bool {
        self.skip_spaces();
        if self.text[self.at..].starts_with(ch) {
            self.at += ch.len_utf8();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, ch: char) -> Result<(), SpecError> {
        if self.accept(ch) {
            return Ok(());
        }
        let found = self.text[self.at..].chars().next().map_or("the end".to_string(), |c| format!("'{c}'"));
        Err(SpecError { offset: self.at, message: format!("expected '{ch}', found {found}") })
    }

    fn word(&mut self) -> &str {
        self.skip_spaces();
        let start = self.at;
        let len = self.text[start..].find(|c: char| !c.is_ascii_alphanumeric() && c != '_').unwrap_or(self.text.len() - start);
        self.at += len;
        &self.text[start..start + len]
    }

    fn integer(&mut self) -> Result<i64, SpecError> {
        let at = self.skip_spaces();
        let len = self.text[at..].find(|c: char| !c.is_ascii_digit()).unwrap_or(self.text.len() - at);
        let digits = &self.text[at..at + len];
        let value = digits.parse::<i64>().map_err(|_| SpecError {
            offset: at,
            message: if digits.is_empty() { "expected a dimension number".into() } else { format!("'{digits}' is too large") },
        })?;
        self.at += len;
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_types_print() {
        assert_eq!(parse_layout("{0,1}").map(|l| l.minor_to_major), Ok(vec![0, 1]));
        let padded = parse_layout("{0, 1}, padded = [3, 5], padding = one").expect("a padded layout");
        assert_eq!(padded.padded_dims, Some(vec![3, 5]));
        assert_eq!(padded.padding_value, Some(PaddingValue::One));
        assert_eq!(parse_numbered("2={2,0,1}").map(|(n, l)| (n, l.minor_to_major)), Ok((2, vec![2, 0, 1])));
    }

    #[test]
    fn errors_point_at_the_problem() {
        assert_eq!(parse_layout("{0,x}").map_err(|e| e.offset), Err(3));
        assert_eq!(parse_layout("{0,1}, padding = seven").map_err(|e| e.offset), Err(17));
        assert_eq!(parse_numbered("1={0,1").map_err(|e| e.offset), Err(6));
        assert_eq!(parse_numbered("a={0}").map_err(|e| e.offset), Err(0));
        assert_eq!(parse_layout("{0} trailing").map_err(|e| e.message), Err("unexpected text after the layout".to_string()));
    }
}
