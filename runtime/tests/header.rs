//! Keeps `include/xla_runtime.h` in sync with the Rust sources: every `pub extern "C" fn`
//! of `src/` is `#[no_mangle]`, named `xla_rt_*`, and declared in the header, and the
//! header declares no function the sources do not define.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// The names of the `pub extern "C"` functions of the Rust file `source`, each checked to
/// carry `#[no_mangle]` among the attributes and doc comments right above it.
fn exported_functions(file: &str, source: &str) -> Vec<String> {
    let lines: Vec<&str> = source.lines().collect();
    let mut names = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let line = line.trim_start();
        let Some(rest) = line.strip_prefix("pub extern \"C\" fn ").or_else(|| line.strip_prefix("pub unsafe extern \"C\" fn ")) else {
            continue;
        };
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        let attributes = lines[..i].iter().rev().map(|l| l.trim_start()).take_while(|l| l.starts_with("#[") || l.starts_with("///"));
        assert!(attributes.clone().any(|l| l == "#[no_mangle]"), "{file}: `{name}` is not #[no_mangle]");
        names.push(name);
    }
    names
}

/// The text of a C header without its comments.
fn strip_comments(header: &str) -> String {
    let mut out = String::new();
    let mut rest = header;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        rest = rest[start..].find("*/").map_or("", |end| &rest[start + end + 2..]);
    }
    out.push_str(rest);
    out
}

/// The names of the functions the header declares: `xla_rt_*` identifiers followed by
/// `(` outside comments.
fn declared_functions(header: &str) -> BTreeSet<String> {
    let code = strip_comments(header);
    let mut names = BTreeSet::new();
    for (at, _) in code.match_indices("xla_rt_") {
        let name: String = code[at..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if code[at + name.len()..].starts_with('(') {
            names.insert(name);
        }
    }
    names
}

#[test]
fn the_header_declares_exactly_the_exported_functions() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut exported = BTreeSet::new();
    for entry in fs::read_dir(root.join("src")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            let source = fs::read_to_string(&path).unwrap();
            for name in exported_functions(&path.display().to_string(), &source) {
                assert!(name.starts_with("xla_rt_"), "{}: `{name}` lacks the xla_rt_ prefix", path.display());
                assert!(exported.insert(name.clone()), "`{name}` is exported twice");
            }
        }
    }
    assert!(exported.len() > 30, "the parser found only {exported:?}");
    let header = fs::read_to_string(root.join("include/xla_runtime.h")).unwrap();
    let declared = declared_functions(&header);
    let missing: Vec<_> = exported.difference(&declared).collect();
    let extra: Vec<_> = declared.difference(&exported).collect();
    assert!(missing.is_empty(), "exported but not declared in include/xla_runtime.h: {missing:?}");
    assert!(extra.is_empty(), "declared in include/xla_runtime.h but not exported: {extra:?}");
}

#[test]
fn comments_do_not_count_as_declarations() {
    let header = "/* see xla_rt_gone() */ int32_t xla_rt_here(void); // \n";
    assert_eq!(declared_functions(header), BTreeSet::from(["xla_rt_here".to_string()]));
}
