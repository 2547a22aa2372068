//! Runs the lit suite (`lit-tests/`) as part of `cargo test`.
//!
//! Cargo builds `xla-opt` for this test and hands us its path (`CARGO_BIN_EXE_xla-opt`), so
//! lit runs exactly the binary this `cargo test` built: no second build, no stale binary
//! from another profile. lit comes from the repository's `.venv` (made by
//! `scripts/setup.sh`), else from the PATH. Its report is always printed, outside libtest's
//! output capture, so `cargo test` shows the lit summary, and saved to
//! `target/tmp/lit/report.txt` for `make test`; a failing lit run fails this test with lit's
//! output in the panic message.
//!
//! Nothing skips silently: built with the `mlir` feature (as `make test` builds), the
//! suite runs with `require_mlir=1`, so tools without upstream MLIR are a fatal lit error,
//! and any test lit reports UNSUPPORTED fails this test.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root: the parent of this package's directory.
fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tools/ has a parent")
        .to_path_buf()
}

/// `.venv/bin/lit`, else the first `lit` on the PATH.
fn find_lit(root: &Path) -> Option<PathBuf> {
    let venv = root.join(".venv/bin/lit");
    if venv.is_file() {
        return Some(venv);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join("lit"))
        .find(|p| p.is_file())
}

#[test]
fn lit_suite() {
    let root = repo_root();
    let xla_opt = Path::new(env!("CARGO_BIN_EXE_xla-opt"));
    let tools_dir = xla_opt.parent().expect("xla-opt has a directory");
    let exec_root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lit");

    let Some(lit) = find_lit(&root) else {
        panic!(
            "lit not found (neither {} nor `lit` on the PATH): run `make test`, or \
             `scripts/setup.sh` once, which creates .venv with lit",
            root.join(".venv/bin/lit").display()
        );
    };

    let require_mlir = if cfg!(feature = "mlir") { "1" } else { "0" };
    let output = Command::new(&lit)
        .arg("-sv")
        .arg("--show-unsupported")
        .arg(format!("--param=require_mlir={require_mlir}"))
        .arg(format!("--param=tools_dir={}", tools_dir.display()))
        .arg(format!("--param=exec_root={}", exec_root.display()))
        .arg(root.join("lit-tests"))
        .current_dir(&root)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", lit.display()));

    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    // For `make test`, which prints the summary again after all of cargo's output.
    let report = exec_root.join("report.txt");
    std::fs::create_dir_all(&exec_root)
        .and_then(|()| std::fs::write(&report, format!("{stderr}{stdout}")))
        .unwrap_or_else(|e| panic!("cannot write {}: {e}", report.display()));
    assert!(
        output.status.success(),
        "lit failed ({}):\n{stderr}{stdout}\nrerun one test with: {} -v --param=tools_dir={} lit-tests/PATH",
        output.status,
        lit.display(),
        tools_dir.display()
    );
    let unsupported: Vec<&str> = stdout.lines().filter(|line| line.starts_with("UNSUPPORTED:")).collect();
    assert!(
        !cfg!(feature = "mlir") || unsupported.is_empty(),
        "built with upstream MLIR, yet lit skipped {} tests:\n{}",
        unsupported.len(),
        unsupported.join("\n")
    );
    // Straight to the process's stderr: libtest captures `eprintln!`, not this, and the
    // lit summary belongs in every `cargo test` log.
    let _ = writeln!(
        std::io::stderr().lock(),
        "\n==== lit ({}) ====\n{stderr}{stdout}==== end of lit ====",
        lit.display()
    );
}
