//! The entry ABI of docs/lowering.md, end to end: an llvm-dialect function written by hand
//! as the lowering will emit entries, `int32_t f(void *const *args, void *const *results,
//! void *temp, const void *opts)`, computing `results[0][i] = args[0][i] * 2 + args[1][i]`
//! for 8 floats, is translated, compiled to an object file, linked into a shared library
//! with `cc -shared`, loaded and called.

use std::ffi::{c_void, CStr, CString};
use std::path::Path;
use std::process::Command;

use xla_ir::parser::parse_source;
use xla_ir::verifier::verify;
use xla_ir::Context;
use xla_lowering::{compile, CompileOptions, OutputKind};

/// The entry, as the lowering writes one: load the buffers from the pointer arrays, loop over
/// the elements with the index as a block argument, return 0.
const ENTRY: &str = r#"
llvm.func @xla_test_axpy(%args: !llvm.ptr, %results: !llvm.ptr, %temp: !llvm.ptr, %opts: !llvm.ptr) -> i32 {
  %zero = llvm.constant 0 : i64
  %one = llvm.constant 1 : i64
  %n = llvm.constant 8 : i64
  %two = llvm.constant 2.0 : f32
  %a_slot = llvm.getelementptr inbounds %args[%zero] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr
  %a = llvm.load %a_slot : !llvm.ptr -> !llvm.ptr
  %b_slot = llvm.getelementptr inbounds %args[%one] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr
  %b = llvm.load %b_slot : !llvm.ptr -> !llvm.ptr
  %out = llvm.load %results : !llvm.ptr -> !llvm.ptr
  llvm.br ^loop(%zero : i64)
^loop(%i: i64):
  %pa = llvm.getelementptr inbounds %a[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %x = llvm.load %pa : !llvm.ptr -> f32
  %pb = llvm.getelementptr inbounds %b[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %y = llvm.load %pb : !llvm.ptr -> f32
  %twice = llvm.fmul %x, %two : f32
  %sum = llvm.fadd %twice, %y : f32
  %po = llvm.getelementptr inbounds %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %sum, %po : f32, !llvm.ptr
  %next = llvm.add %i, %one : i64
  %more = llvm.icmp slt %next, %n : i64
  llvm.cond_br %more, ^loop(%next : i64), ^done
^done:
  %ok = llvm.constant 0 : i32
  llvm.return %ok : i32
}
"#;

/// The C type of the entry.
type Entry = unsafe extern "C" fn(*const *mut c_void, *const *mut c_void, *mut c_void, *const c_void) -> i32;

/// Compiles [`ENTRY`] for `cpu` into an object file.
fn object_for(cpu: &str, optimize: bool) -> Vec<u8> {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    let module = parse_source(&ctx, "entry.mlir", ENTRY, 1).unwrap_or_else(|e| panic!("{}", e.render(&ctx)));
    if let Err(errors) = verify(&module.body, module.op) {
        panic!("{}", errors.iter().map(|e| e.render(&ctx)).collect::<String>());
    }
    let options = CompileOptions { cpu: cpu.to_string(), optimize, ..CompileOptions::default() };
    compile(&module.body, module.op, &options, OutputKind::Object)
        .unwrap_or_else(|errors| panic!("{}", errors.iter().map(|e| e.render(&ctx)).collect::<String>()))
}

/// Links `object` into a shared library in `dir` with `cc -shared` and returns its path.
fn link_shared(dir: &Path, object: &[u8]) -> std::path::PathBuf {
    let object_path = dir.join("entry.o");
    let library = dir.join("libentry.so");
    std::fs::write(&object_path, object).expect("write the object");
    let status = Command::new("cc").arg("-shared").arg("-o").arg(&library).arg(&object_path).status().expect("run cc");
    assert!(status.success(), "cc -shared failed: {status}");
    library
}

/// A loaded shared library, closed on drop.
struct Library(*mut c_void);

impl Library {
    fn open(path: &Path) -> Library {
        let path = CString::new(path.to_string_lossy().as_bytes()).expect("a path without NUL");
        // SAFETY: dlopen takes a NUL-terminated path; the library has no initializers.
        let handle = unsafe { libc::dlopen(path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        assert!(!handle.is_null(), "dlopen failed: {}", last_dl_error());
        Library(handle)
    }

    fn entry(&self, name: &str) -> Entry {
        let name = CString::new(name).expect("a name without NUL");
        // SAFETY: the handle is open; the symbol is looked up by a NUL-terminated name.
        let symbol = unsafe { libc::dlsym(self.0, name.as_ptr()) };
        assert!(!symbol.is_null(), "dlsym failed: {}", last_dl_error());
        // SAFETY: the symbol is the entry compiled from ENTRY, whose signature is `Entry`.
        unsafe { std::mem::transmute::<*mut c_void, Entry>(symbol) }
    }
}

impl Drop for Library {
    fn drop(&mut self) {
        // SAFETY: the handle came from dlopen and is closed once.
        unsafe { libc::dlclose(self.0) };
    }
}

fn last_dl_error() -> String {
    // SAFETY: dlerror returns NULL or a NUL-terminated message owned by libc.
    let message = unsafe { libc::dlerror() };
    if message.is_null() {
        return "no message".to_string();
    }
    // SAFETY: non-null, NUL-terminated, valid until the next dl call.
    unsafe { CStr::from_ptr(message) }.to_string_lossy().into_owned()
}

/// Compiles, links, loads and calls the entry; checks every element and the status.
fn run_entry(cpu: &str, optimize: bool) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let library = Library::open(&link_shared(dir.path(), &object_for(cpu, optimize)));
    let entry = library.entry("xla_test_axpy");
    let a: [f32; 8] = [1.0, 2.0, 3.0, 4.0, -5.0, 0.5, 1e30, -0.0];
    let b: [f32; 8] = [10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 1e30, 0.0];
    let mut out = [f32::NAN; 8];
    let args: [*mut c_void; 2] = [a.as_ptr() as *mut c_void, b.as_ptr() as *mut c_void];
    let results: [*mut c_void; 1] = [out.as_mut_ptr() as *mut c_void];
    // SAFETY: the entry reads 8 floats through args[0] and args[1] and writes 8 through
    // results[0]; temp and opts are unused and may be NULL, as the ABI allows.
    let status = unsafe { entry(args.as_ptr(), results.as_ptr(), std::ptr::null_mut(), std::ptr::null()) };
    assert_eq!(status, 0, "the entry reports success");
    for i in 0..8 {
        let expected = a[i] * 2.0 + b[i];
        assert_eq!(out[i].to_bits(), expected.to_bits(), "element {i} for cpu {cpu}: {} != {expected}", out[i]);
    }
}

#[test]
fn the_entry_runs_optimized_for_the_host() {
    run_entry("host", true);
}

#[test]
fn the_entry_runs_unoptimized_for_baseline_x86_64() {
    if !cfg!(target_arch = "x86_64") {
        return;
    }
    run_entry("x86-64", false);
}
