//! `xla-aotc --static-lib libNAME.a`: one static library holding the compiled object and
//! the whole runtime, so that `cc main.c libNAME.a -lm -lpthread -ldl` links a program.
//!
//! The runtime is the `libxla_runtime.a` built from this checkout: `$XLA_RUNTIME_LIB` when
//! set, else `libxla_runtime.a` beside the running tool (`cargo build -p xla-runtime` puts
//! it there), else the newest `deps/libxla_runtime-<hash>.a` beside the tool that carries
//! the "xla-runtime built from <this checkout>/runtime" marker (a target directory may hold
//! other checkouts' libraries). The archive is a copy of it with the object added by
//! LLVM 22's `llvm-ar` (or the system's `ar`), which also refreshes the symbol index.
//!
//! Invariant: the output is written only when the archive is complete; a missing runtime
//! or archiver is a one-line error naming what was looked for.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The archivers tried in order.
const ARCHIVERS: [&str; 2] = ["/usr/lib/llvm-22/bin/llvm-ar", "ar"];

/// Writes `output`: the runtime library with `object` (the bytes of a relocatable object)
/// added as `member_name`.
pub fn write_static_lib(object: &[u8], member_name: &str, output: &Path) -> Result<(), String> {
    let runtime = runtime_library()?;
    let scratch = std::env::temp_dir().join(format!("xla-aotc-{}-{}", std::process::id(), member_name));
    std::fs::create_dir_all(&scratch).map_err(|e| format!("xla-aotc: cannot create {}: {e}", scratch.display()))?;
    let result = build_archive(&runtime, object, member_name, &scratch, output);
    let _ = std::fs::remove_dir_all(&scratch);
    result
}

fn build_archive(runtime: &Path, object: &[u8], member_name: &str, scratch: &Path, output: &Path) -> Result<(), String> {
    let archive = scratch.join("bundle.a");
    std::fs::copy(runtime, &archive).map_err(|e| format!("xla-aotc: cannot copy {}: {e}", runtime.display()))?;
    let member = scratch.join(member_name);
    std::fs::write(&member, object).map_err(|e| format!("xla-aotc: cannot write {}: {e}", member.display()))?;
    let mut last_error = String::from("no archiver was found");
    for archiver in ARCHIVERS {
        match Command::new(archiver).arg("rs").arg(&archive).arg(&member).output() {
            Ok(out) if out.status.success() => {
                return std::fs::copy(&archive, output)
                    .map(|_| ())
                    .map_err(|e| format!("xla-aotc: cannot write '{}': {e}", output.display()));
            }
            Ok(out) => last_error = format!("{archiver} failed: {}", String::from_utf8_lossy(&out.stderr).trim()),
            Err(e) => last_error = format!("cannot run {archiver}: {e}"),
        }
    }
    Err(format!("xla-aotc: cannot build the static library: {last_error}"))
}

/// The runtime library to bundle (see the module).
fn runtime_library() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("XLA_RUNTIME_LIB") {
        return Ok(PathBuf::from(path));
    }
    let exe = std::env::current_exe().map_err(|e| format!("xla-aotc: cannot locate itself: {e}"))?;
    let dir = exe.parent().ok_or("xla-aotc: the tool has no directory")?;
    let beside = dir.join("libxla_runtime.a");
    if beside.is_file() {
        return Ok(beside);
    }
    newest_marked_library(&dir.join("deps")).ok_or_else(|| {
        format!(
            "xla-aotc: no libxla_runtime.a beside {} (run `cargo build -p xla-runtime`, or set XLA_RUNTIME_LIB)",
            exe.display()
        )
    })
}

/// The newest `libxla_runtime-*.a` in `deps` built from this checkout.
fn newest_marked_library(deps: &Path) -> Option<PathBuf> {
    let marker = format!("xla-runtime built from {}", Path::new(env!("CARGO_MANIFEST_DIR")).parent()?.join("runtime").display());
    let mut candidates: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(deps)
        .ok()?
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let name = path.file_name()?.to_str()?;
            let is_runtime = name.starts_with("libxla_runtime-") && name.ends_with(".a");
            let modified = path.metadata().ok()?.modified().ok()?;
            is_runtime.then_some((modified, path))
        })
        .collect();
    candidates.sort();
    candidates.into_iter().rev().map(|(_, path)| path).find(|path| {
        std::fs::read(path).is_ok_and(|bytes| bytes.windows(marker.len()).any(|w| w == marker.as_bytes()))
    })
}
