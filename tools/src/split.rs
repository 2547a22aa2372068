//! `--split-input-file`: one test file holds many independent cases separated by lines that
//! are exactly `// -----` (trailing whitespace ignored), as in MLIR's lit tests. Each chunk
//! is processed on its own and the outputs are joined with the same marker.
//!
//! Chunks remember the line of the original file they start at, so diagnostics (and
//! `expected-*` designators, see [`crate::expected`]) speak of the file the user opened,
//! not of the chunk.
//!
//! Unlike MLIR, which splits on the marker as a substring and warns about near misses, the
//! marker here must be the whole line: `// ------` or `//-----` are ordinary comments.

/// The line that separates chunks in the input, and the outputs of chunks in the output.
pub const SPLIT_MARKER: &str = "// -----";

/// One case of a split input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// The chunk's lines, each with its line terminator; the marker lines are in no chunk.
    pub text: String,
    /// The 1-based line of the original file that is the chunk's first line.
    pub first_line: u32,
}

/// Splits `text` at every line that is exactly [`SPLIT_MARKER`] (ignoring trailing
/// whitespace, `\r` included).
///
/// There is always at least one chunk, and `n` markers give `n + 1` chunks, empty ones
/// included: a marker on the last line gives an empty last chunk, as in MLIR, where it
/// becomes an empty module.
pub fn split_input_file(text: &str) -> Vec<Chunk> {
    let mut chunks = Vec::new();
    let mut current = Chunk {
        text: String::new(),
        first_line: 1,
    };
    for (line_no, line) in (1u32..).zip(text.split_inclusive('\n')) {
        if line.trim_end() == SPLIT_MARKER {
            let next = Chunk {
                text: String::new(),
                first_line: line_no + 1,
            };
            chunks.push(std::mem::replace(&mut current, next));
        } else {
            current.text.push_str(line);
        }
    }
    chunks.push(current);
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunk(text: &str, first_line: u32) -> Chunk {
        Chunk {
            text: text.to_string(),
            first_line,
        }
    }

    #[test]
    fn no_marker_is_one_chunk() {
        assert_eq!(split_input_file("a\nb\n"), vec![chunk("a\nb\n", 1)]);
        assert_eq!(split_input_file(""), vec![chunk("", 1)]);
    }

    #[test]
    fn chunks_start_after_the_marker_line() {
        let text = "a\n// -----\nb\nc\n// -----\nd";
        assert_eq!(
            split_input_file(text),
            vec![chunk("a\n", 1), chunk("b\nc\n", 3), chunk("d", 6)]
        );
    }

    #[test]
    fn trailing_whitespace_and_crlf_still_split() {
        let text = "a\r\n// -----  \t\r\nb\r\n";
        assert_eq!(
            split_input_file(text),
            vec![chunk("a\r\n", 1), chunk("b\r\n", 3)]
        );
    }

    #[test]
    fn near_misses_are_ordinary_lines() {
        for line in [
            "// ------",
            "//-----",
            "  // -----",
            "// ----- x",
            "// ----",
        ] {
            let text = format!("a\n{line}\nb\n");
            assert_eq!(split_input_file(&text).len(), 1, "{line:?} split the file");
        }
    }

    #[test]
    fn markers_at_the_edges_give_empty_chunks() {
        assert_eq!(
            split_input_file("// -----\na\n// -----\n"),
            vec![chunk("", 1), chunk("a\n", 2), chunk("", 4)]
        );
        assert_eq!(
            split_input_file("a\n// -----\n// -----\nb\n"),
            vec![chunk("a\n", 1), chunk("", 3), chunk("b\n", 4)]
        );
    }

    #[test]
    fn chunks_reassemble_to_the_input() {
        let text = "x\n// -----\ny\n\n// -----\nz\n";
        let joined: Vec<String> = split_input_file(text).into_iter().map(|c| c.text).collect();
        assert_eq!(joined.join("// -----\n"), text);
    }
}
