//! Compiles `tests/c/abi_test.c` with the system C compiler against
//! `include/xla_runtime.h` and the `libxla_runtime.a` that this `cargo test` built, runs
//! it, and checks that every check in it passed; also checks that the header compiles as
//! C++. Skipped, with a message saying so, only when no C compiler is installed.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

/// The system libraries a Rust static library needs on Linux (what
/// `rustc --print native-static-libs` prints for this crate).
const NATIVE_LIBS: &[&str] = &["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl", "-lc"];

/// The C compiler: `$CC`, else `cc`.
///
/// # Panics
/// When it does not run: xla-run and the demo need one, so every machine that runs the
/// tests has one, and a test must not pass without running.
fn c_compiler() -> String {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let runs = Command::new(&cc).arg("--version").output().is_ok_and(|o| o.status.success());
    assert!(runs, "no C compiler: `{cc} --version` does not run (install gcc, or set CC)");
    cc
}

/// The modification time of `path`, or the epoch.
fn modified(path: &Path) -> SystemTime {
    fs::metadata(path).and_then(|m| m.modified()).unwrap_or(SystemTime::UNIX_EPOCH)
}

/// Whether `haystack` contains `needle`.
fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// The `libxla_runtime-<hash>.a` built from this crate's sources: the newest one in the
/// test executable's `deps` directory that carries the library's `BUILT_FROM` marker with
/// this crate's directory. The target directory may be shared with other checkouts, whose
/// libraries differ only by the hash in their names.
fn static_library() -> PathBuf {
    let exe = std::env::current_exe().expect("the test executable's path");
    let deps = exe.parent().expect("the deps directory");
    let marker = format!("xla-runtime built from {}\n", env!("CARGO_MANIFEST_DIR"));
    let named = |p: &Path| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("libxla_runtime-") && n.ends_with(".a"));
    let mut candidates: Vec<PathBuf> = fs::read_dir(deps).expect("the deps directory").filter_map(|e| e.ok().map(|e| e.path())).filter(|p| named(p)).collect();
    candidates.sort_by_key(|p| std::cmp::Reverse(modified(p)));
    let ours = candidates.into_iter().find(|p| fs::read(p).is_ok_and(|bytes| contains(&bytes, marker.as_bytes())));
    ours.unwrap_or_else(|| panic!("no libxla_runtime-*.a built from {} in {}", env!("CARGO_MANIFEST_DIR"), deps.display()))
}

/// A fresh scratch directory for the outputs of the test named `test`: tests of this file
/// run in parallel threads of one process, so each needs a directory of its own.
fn scratch_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xla_runtime_c_abi_{}_{test}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

#[test]
fn a_c_program_links_and_runs_against_the_static_library() {
    let cc = c_compiler();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = scratch_dir("c");
    let program = dir.join("abi_test");
    let library = static_library();
    let compile = Command::new(&cc)
        .args(["-std=c11", "-Wall", "-Wextra", "-Werror", "-I"])
        .arg(root.join("include"))
        .arg(root.join("tests/c/abi_test.c"))
        .arg(&library)
        .args(NATIVE_LIBS)
        .arg("-o")
        .arg(&program)
        .output()
        .expect("running the C compiler");
    assert!(compile.status.success(), "compiling against {}:\n{}", library.display(), String::from_utf8_lossy(&compile.stderr));
    let run = Command::new(&program).output().expect("running the C program");
    let (stdout, stderr) = (String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr));
    assert!(run.status.success() && stdout.trim() == "ok", "the C program failed ({}):\n{stdout}{stderr}", run.status);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_header_compiles_as_cpp() {
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "c++".to_string());
    let runs = Command::new(&cxx).arg("--version").output().is_ok_and(|o| o.status.success());
    assert!(runs, "no C++ compiler: `{cxx} --version` does not run (install g++, or set CXX)");
    let dir = scratch_dir("cpp");
    let source = dir.join("header.cc");
    fs::write(&source, "#include \"xla_runtime.h\"\nint main() { return xla_rt_thread_pool_size() > 0 ? 0 : 1; }\n").unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let check = Command::new(&cxx).args(["-fsyntax-only", "-Wall", "-Werror", "-I"]).arg(root.join("include")).arg(&source).output().unwrap();
    assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stderr));
    let _ = fs::remove_dir_all(&dir);
}
