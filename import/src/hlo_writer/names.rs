//! Names of instructions and computations: unique in the module and valid HLO identifiers.
//!
//! XLA's lexer reads a name as `[a-zA-Z_][a-zA-Z0-9_.-]*`, but a bare word that is a
//! primitive type (`f32`, `pred`, `token`) or a keyword (`ENTRY`, `ROOT`, `true`, `nan`, ...)
//! is read as that instead. Instruction names are a base and a module-wide counter
//! (`add.7`), as XLA numbers them; a function keeps its symbol name when it is a valid,
//! unused identifier, and is otherwise mangled (`_` for invalid characters) and suffixed.
//!
//! Invariant: every name handed out is a valid identifier that no other call returned.

use std::collections::HashSet;

/// Words XLA's lexer reads as something other than a name.
const RESERVED: &[&str] = &[
    "HloModule", "ENTRY", "ROOT", "true", "false", "inf", "nan", "maximal", "replicated", "manual",
    "last_tile_dim_replicate", "shard_as", "shard_like", "unknown", "unreduced", "FileLocations", "FileNames",
    "FunctionNames", "StackFrames", "pred", "s1", "s2", "s4", "s8", "s16", "s32", "s64", "u1", "u2", "u4", "u8", "u16",
    "u32", "u64", "f16", "bf16", "f32", "f64", "c64", "c128", "tuple", "token", "opaque", "buffer", "f8e5m2", "f8e4m3",
    "f8e4m3fn", "f8e4m3b11fnuz", "f8e5m2fnuz", "f8e4m3fnuz", "f8e3m4", "f8e8m0fnu", "f4e2m1fn", "f6e2m3fn", "f6e3m2fn",
];

/// The names handed out so far in one module.
#[derive(Default)]
pub(crate) struct Names {
    used: HashSet<String>,
    counter: u64,
}

impl Names {
    /// `wanted` itself when it is a valid identifier no one has, else a variant of it that is.
    pub(crate) fn exact_or_variant(&mut self, wanted: &str) -> String {
        let base = sanitize(wanted);
        if !self.used.contains(&base) && !RESERVED.contains(&base.as_str()) {
            self.used.insert(base.clone());
            return base;
        }
        self.numbered(&base)
    }

    /// `base.N` with the next free number of the module-wide counter.
    pub(crate) fn numbered(&mut self, base: &str) -> String {
        let base = sanitize(base);
        loop {
            self.counter += 1;
            let candidate = format!("{base}.{}", self.counter);
            if self.used.insert(candidate.clone()) {
                return candidate;
            }
        }
    }
}

/// `s` with every character XLA's lexer does not allow in a name replaced by `_`, and a `_`
/// in front when it does not start with a letter or `_`.
pub(crate) fn sanitize(s: &str) -> String {
    let mut out: String =
        s.chars().map(|c| if c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-') { c } else { '_' }).collect();
    if !out.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        out.insert(0, '_');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_valid_and_unique() {
        let mut names = Names::default();
        assert_eq!(names.exact_or_variant("main"), "main");
        assert_eq!(names.exact_or_variant("main"), "main.1");
        assert_eq!(names.exact_or_variant("f32"), "f32.2");
        assert_eq!(names.exact_or_variant("my func!"), "my_func_");
        assert_eq!(names.exact_or_variant("0abc"), "_0abc");
        assert_eq!(names.exact_or_variant(""), "_");
        assert_eq!(names.numbered("add"), "add.3");
        assert_eq!(names.numbered("get-tuple-element"), "get-tuple-element.4");
    }
}
