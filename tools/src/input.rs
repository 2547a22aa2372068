//! Reading a tool's input program: a file, or standard input for `-`, which must be UTF-8.

use std::io::Read;

/// The name diagnostics use for `input` and its text, or the one-line error the tool
/// prints (`tool` names the tool in it).
pub fn read_program(tool: &str, input: &str) -> Result<(String, String), String> {
    if input == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("{tool}: cannot read standard input: {e}"))?;
        return Ok(("<stdin>".to_string(), text));
    }
    let bytes = std::fs::read(input).map_err(|e| format!("{tool}: cannot open '{input}': {e}"))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{input}: error: the file is not valid UTF-8"))?;
    Ok((input.to_string(), text))
}
