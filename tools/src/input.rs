//! Reading a tool's input program: a file, or standard input for `-`, which must be UTF-8.
//!
//! Bytes that are not UTF-8 are a located diagnostic, as a parse error is: the line and
//! column of the first bad byte (counted in bytes, as every diagnostic's column is), the
//! line as far as it can be shown, and a caret under the byte.

use std::io::Read;

/// The name diagnostics use for `input` and its text, or the error the tool prints (`tool`
/// names the tool in it).
pub fn read_program(tool: &str, input: &str) -> Result<(String, String), String> {
    let (name, bytes) = if input == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map_err(|e| format!("{tool}: cannot read standard input: {e}"))?;
        ("<stdin>".to_string(), bytes)
    } else {
        let bytes = std::fs::read(input).map_err(|e| format!("{tool}: cannot open '{input}': {e}"))?;
        (input.to_string(), bytes)
    };
    let text = decode_program(&name, bytes)?;
    Ok((name, text))
}

/// The text of the program `name` whose contents are `bytes`, or, when they are not UTF-8,
/// the diagnostic to print: `name:line:col: error: ...`, the line (its bad bytes shown as
/// U+FFFD) and a caret under the first bad byte.
pub fn decode_program(name: &str, bytes: Vec<u8>) -> Result<String, String> {
    String::from_utf8(bytes).map_err(|error| {
        let bytes = error.as_bytes();
        let bad = error.utf8_error().valid_up_to();
        let line_start = bytes[..bad].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let line_end = bytes[bad..].iter().position(|&b| b == b'\n').map_or(bytes.len(), |i| bad + i);
        let line = bytes[..bad].iter().filter(|&&b| b == b'\n').count() + 1;
        let col = bad - line_start + 1;
        let text = String::from_utf8_lossy(&bytes[line_start..line_end]);
        let text = text.trim_end_matches('\r');
        // The bytes before the bad one are valid UTF-8, so the caret goes under it after as
        // many characters as they hold (tabs kept, so that it lines up).
        let pad: String =
            String::from_utf8_lossy(&bytes[line_start..bad]).chars().map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
        let what = match error.utf8_error().error_len() {
            Some(_) => format!("an invalid byte sequence starts with 0x{:02X}", bytes[bad]),
            None => format!("it ends inside a character that starts with 0x{:02X}", bytes[bad]),
        };
        format!("{name}:{line}:{col}: error: the file is not valid UTF-8: {what}\n{text}\n{pad}^")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_is_the_text() {
        assert_eq!(decode_program("f.mlir", "module {}\n\u{e9}\n".as_bytes().to_vec()), Ok("module {}\n\u{e9}\n".to_string()));
    }

    #[test]
    fn the_first_bad_byte_is_located() {
        let bytes = b"module {\n  \xc3\xa9 \xff tail\n}\n".to_vec();
        assert_eq!(
            decode_program("f.mlir", bytes),
            Err("f.mlir:2:6: error: the file is not valid UTF-8: an invalid byte sequence starts with 0xFF\n  \u{e9} \u{fffd} tail\n    ^".to_string())
        );
    }

    #[test]
    fn a_bad_byte_at_the_start_or_the_end() {
        assert_eq!(
            decode_program("<stdin>", vec![0x80]),
            Err("<stdin>:1:1: error: the file is not valid UTF-8: an invalid byte sequence starts with 0x80\n\u{fffd}\n^".to_string())
        );
        // A character cut short by the end of the file.
        assert_eq!(
            decode_program("f", b"a\n\tb\xe2\x82".to_vec()),
            Err("f:2:3: error: the file is not valid UTF-8: it ends inside a character that starts with 0xE2\n\tb\u{fffd}\n\t ^".to_string())
        );
    }
}
