//! Runs the lit tests of `lit-tests/import/hlo_text/` through the reader and LLVM's
//! FileCheck, standing in for `xla-opt` until the tool reads HLO text (the lit suite marks
//! them unsupported until then; see the directory's `lit.local.cfg`).
//!
//! Two RUN lines are understood: `xla-opt %s | FileCheck %s` (the file must import; its
//! printed module is checked) and `not xla-opt %s 2>&1 | FileCheck %s` (it must fail; the
//! rendered diagnostic is checked). Without FileCheck (`$LLVM_TOOLS_DIR`, else
//! `/usr/lib/llvm-22/bin`) the test says so and passes.

mod hlo_text_support;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use xla_import::hlo_text::parse_hlo_text;
use xla_ir::printer::{print_op, PrintOptions};

fn filecheck() -> Option<PathBuf> {
    let dir = std::env::var_os("LLVM_TOOLS_DIR").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-22/bin"));
    let tool = dir.join("FileCheck");
    tool.is_file().then_some(tool)
}

/// What `xla-opt FILE` would print: the module, or (failing) the diagnostic.
fn run_reader(path: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(path).expect("a readable lit test");
    let ctx = hlo_text_support::context();
    let name = path.to_string_lossy();
    parse_hlo_text(&ctx, &name, &text)
        .map(|m| print_op(&m.body, m.op, &PrintOptions::default()) + "\n")
        .map_err(|d| d.render(&ctx))
}

#[test]
fn lit_tests_of_the_hlo_reader() {
    let Some(filecheck) = filecheck() else {
        eprintln!("skipping: FileCheck not found (set LLVM_TOOLS_DIR)");
        return;
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../lit-tests/import/hlo_text");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("lit-tests/import/hlo_text exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "hlo"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let mut failures = Vec::new();
    for path in &files {
        let path = path.canonicalize().expect("the file exists");
        let text = std::fs::read_to_string(&path).expect("readable");
        for run in text.lines().filter_map(|l| l.strip_prefix("// RUN:")).map(str::trim) {
            let expect_failure = match run {
                "xla-opt %s | FileCheck %s" => false,
                "not xla-opt %s 2>&1 | FileCheck %s" => true,
                other => panic!("{}: unsupported RUN line '{other}'", path.display()),
            };
            let output = match (run_reader(&path), expect_failure) {
                (Ok(out), false) | (Err(out), true) => out,
                (Ok(out), true) => {
                    failures.push(format!("{}: expected an error, got\n{out}", path.display()));
                    continue;
                }
                (Err(out), false) => {
                    failures.push(format!("{}: expected success, got\n{out}", path.display()));
                    continue;
                }
            };
            let mut child = Command::new(&filecheck)
                .arg(&path)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("FileCheck runs");
            child.stdin.take().expect("stdin").write_all(output.as_bytes()).expect("FileCheck reads its input");
            let result = child.wait_with_output().expect("FileCheck finishes");
            if !result.status.success() {
                failures.push(format!("{}:\n{}", path.display(), String::from_utf8_lossy(&result.stderr)));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
