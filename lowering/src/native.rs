//! Running compiled code in this process: an object with entries of the AOT ABI is linked
//! into a shared library by the system C compiler (`$CC`, else `cc`, with `-shared`),
//! opened with `dlopen` and its entries called on buffers. What `xla-run` runs natively
//! and what tests compare with the reference interpreter.
//!
//! Safety: an entry reads and writes exactly the buffers its signature names, so
//! [`Entry::call`] checks the count and byte size of every buffer against that signature
//! before calling it; the library stays open as long as an [`Entry`] borrows it.

use std::ffi::{c_void, CStr, CString};
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::to_llvm::{BufferLayout, EntrySignature};

/// The C type of an entry: `int32_t NAME(void *const *args, void *const *results, void
/// *temp, const XlaRunOptions *opts)`.
type EntryFn = unsafe extern "C" fn(*const *mut c_void, *const *mut c_void, *mut c_void, *const c_void) -> i32;

/// The system libraries a static Rust library (`libxla_runtime.a`) needs on Linux, as
/// `rustc --print native-static-libs` lists them.
pub const RUNTIME_SYSTEM_LIBS: &[&str] = &["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl", "-lc"];

/// A shared library linked from an object and opened; closed (and its temporary
/// directory removed) on drop.
pub struct NativeLibrary {
    handle: *mut c_void,
    _dir: tempfile::TempDir,
}

impl NativeLibrary {
    /// Links `object` and `archives` (such as `libxla_runtime.a`, which brings the system
    /// libraries it needs) with libm into a shared library in a fresh temporary directory,
    /// and opens it.
    pub fn load(object: &[u8], archives: &[PathBuf]) -> Result<NativeLibrary, String> {
        let dir = tempfile::tempdir().map_err(|e| format!("cannot create a temporary directory: {e}"))?;
        let library = link_shared(dir.path(), object, archives)?;
        let path = CString::new(library.to_string_lossy().as_bytes()).map_err(|_| "the library's path holds a NUL byte".to_string())?;
        // SAFETY: dlopen takes a NUL-terminated path; the library is ours, freshly linked
        // from the object and archives, with no initializers of its own.
        let handle = unsafe { libc::dlopen(path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        if handle.is_null() {
            return Err(format!("cannot load the compiled code: {}", last_dl_error()));
        }
        Ok(NativeLibrary { handle, _dir: dir })
    }

    /// The entry `symbol`, whose buffers are those `signature` names (types of `ctx`).
    pub fn entry(&self, symbol: &str, ctx: &xla_ir::Context, signature: &EntrySignature) -> Result<Entry<'_>, String> {
        let sizes = |types: &[xla_ir::Type]| types.iter().map(|t| buffer_bytes(ctx, *t)).collect::<Result<Vec<_>, _>>();
        let (arg_sizes, result_sizes) = (sizes(&signature.args)?, sizes(&signature.results)?);
        let address = self.symbol(symbol).ok_or_else(|| format!("the compiled code has no entry {symbol}: {}", last_dl_error()))?;
        // SAFETY: the symbol is an entry the lowering emitted with the ABI's signature.
        let function = unsafe { std::mem::transmute::<*mut c_void, EntryFn>(address) };
        Ok(Entry { function, arg_sizes, result_sizes, library: PhantomData })
    }

    /// The message of the runtime's last error on this thread, when the library links the
    /// runtime (`xla_rt_last_error`).
    pub fn last_error(&self) -> Option<String> {
        let address = self.symbol("xla_rt_last_error")?;
        // SAFETY: xla_rt_last_error has the C type `const char *(void)` (xla_runtime.h).
        let function = unsafe { std::mem::transmute::<*mut c_void, unsafe extern "C" fn() -> *const libc::c_char>(address) };
        // SAFETY: it returns a NUL-terminated string valid until the next failing call.
        let message = unsafe { function() };
        if message.is_null() {
            return None;
        }
        // SAFETY: non-null and NUL-terminated, as above.
        Some(unsafe { CStr::from_ptr(message) }.to_string_lossy().into_owned()).filter(|m| !m.is_empty())
    }

    /// The address of `name` in the library, if it defines it.
    fn symbol(&self, name: &str) -> Option<*mut c_void> {
        let name = CString::new(name).ok()?;
        // SAFETY: the handle is open (closed only on drop); the name is NUL-terminated.
        let address = unsafe { libc::dlsym(self.handle, name.as_ptr()) };
        (!address.is_null()).then_some(address)
    }
}

impl Drop for NativeLibrary {
    fn drop(&mut self) {
        // SAFETY: the handle came from dlopen and is closed once; no Entry outlives self.
        unsafe { libc::dlclose(self.handle) };
    }
}

/// An entry of a loaded library.
pub struct Entry<'lib> {
    function: EntryFn,
    /// The byte size of each argument buffer.
    pub arg_sizes: Vec<usize>,
    /// The byte size of each result buffer.
    pub result_sizes: Vec<usize>,
    library: PhantomData<&'lib NativeLibrary>,
}

impl Entry<'_> {
    /// Calls the entry on `args` and `results` (as many as its signature has, each of the
    /// byte size of its buffer) with the default run options; returns its status.
    pub fn call(&self, args: &[&AlignedBuffer], results: &mut [&mut AlignedBuffer]) -> Result<i32, String> {
        let given_args: Vec<usize> = args.iter().map(|b| b.len()).collect();
        let given_results: Vec<usize> = results.iter().map(|b| b.len()).collect();
        if given_args != self.arg_sizes || given_results != self.result_sizes {
            return Err(format!(
                "the entry's buffers take {:?} and {:?} bytes, not {given_args:?} and {given_results:?}",
                self.arg_sizes, self.result_sizes
            ));
        }
        let arg_pointers: Vec<*mut c_void> = args.iter().map(|b| b.as_ptr() as *mut c_void).collect();
        let result_pointers: Vec<*mut c_void> = results.iter_mut().map(|b| b.as_mut_ptr().cast()).collect();
        // SAFETY: every pointer addresses a live, suitably aligned buffer of the size the
        // entry reads or writes (checked above); the entry writes only result buffers,
        // which are distinct mutable borrows; temp may be NULL because the entry needs
        // none, and NULL options mean the defaults.
        Ok(unsafe { (self.function)(arg_pointers.as_ptr(), result_pointers.as_ptr(), std::ptr::null_mut(), std::ptr::null()) })
    }
}

/// The byte size of the buffer of a memref type (padding included), or why it has none.
pub fn buffer_bytes(ctx: &xla_ir::Context, memref: xla_ir::Type) -> Result<usize, String> {
    let tensor = ctx.as_memref(memref).ok_or("not a buffer")?;
    let layout = BufferLayout::of(ctx, tensor)?;
    let bytes = layout.elements.checked_mul(layout.element.storage_bytes()).ok_or("the buffer is too large")?;
    usize::try_from(bytes).map_err(|_| "the buffer is too large".to_string())
}

/// Bytes aligned to 64, as the entry ABI asks of its buffers (`NAME_ALIGN`).
pub struct AlignedBuffer {
    words: Vec<Align64>,
    len: usize,
}

/// 64 bytes aligned to 64.
#[derive(Copy, Clone)]
#[repr(C, align(64))]
struct Align64([u8; 64]);

impl AlignedBuffer {
    /// `len` zero bytes.
    pub fn zeroed(len: usize) -> AlignedBuffer {
        AlignedBuffer { words: vec![Align64([0; 64]); len.div_ceil(64)], len }
    }

    /// A copy of `bytes`.
    pub fn from_bytes(bytes: &[u8]) -> AlignedBuffer {
        let mut buffer = AlignedBuffer::zeroed(bytes.len());
        buffer.as_mut_bytes().copy_from_slice(bytes);
        buffer
    }

    /// The length in bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the buffer holds no bytes.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The bytes.
    pub fn as_bytes(&self) -> &[u8] {
        // SAFETY: the words are `len.div_ceil(64) * 64 >= len` initialized bytes.
        unsafe { std::slice::from_raw_parts(self.words.as_ptr().cast(), self.len) }
    }

    /// The bytes, mutably.
    pub fn as_mut_bytes(&mut self) -> &mut [u8] {
        // SAFETY: as in as_bytes, borrowed mutably.
        unsafe { std::slice::from_raw_parts_mut(self.words.as_mut_ptr().cast(), self.len) }
    }

    fn as_ptr(&self) -> *const u8 {
        self.words.as_ptr().cast()
    }

    fn as_mut_ptr(&mut self) -> *mut u8 {
        self.words.as_mut_ptr().cast()
    }
}

/// A buffer laid out as `layout` says holding the elements whose row-major bytes are
/// `row_major` (padding zeroed), or why they do not fit.
pub fn to_buffer(row_major: &[u8], layout: &BufferLayout) -> Result<AlignedBuffer, String> {
    let width = layout.element.storage_bytes() as usize;
    let count: usize = layout.shape.iter().map(|&d| d.max(0) as usize).product();
    if row_major.len() != count * width {
        return Err(format!("{} bytes do not hold {count} elements of {width} bytes", row_major.len()));
    }
    let total = usize::try_from(layout.elements).map_err(|_| "the buffer is too large")? * width;
    if layout.is_row_major() {
        return Ok(AlignedBuffer::from_bytes(row_major));
    }
    let mut buffer = AlignedBuffer::zeroed(total);
    let bytes = buffer.as_mut_bytes();
    for_each_offset(layout, |i, offset| bytes[offset * width..][..width].copy_from_slice(&row_major[i * width..][..width]));
    Ok(buffer)
}

/// The row-major bytes of the elements of `buffer`, laid out as `layout` says.
pub fn from_buffer(buffer: &[u8], layout: &BufferLayout) -> Vec<u8> {
    let width = layout.element.storage_bytes() as usize;
    if layout.is_row_major() {
        return buffer.to_vec();
    }
    let count: usize = layout.shape.iter().map(|&d| d.max(0) as usize).product();
    let mut row_major = vec![0u8; count * width];
    for_each_offset(layout, |i, offset| row_major[i * width..][..width].copy_from_slice(&buffer[offset * width..][..width]));
    row_major
}

/// Calls `f(i, offset)` for the element at each row-major position `i`, with its offset
/// in the buffer in elements.
fn for_each_offset(layout: &BufferLayout, mut f: impl FnMut(usize, usize)) {
    let rank = layout.shape.len();
    if layout.shape.iter().any(|&d| d <= 0) {
        return;
    }
    let mut index = vec![0i64; rank];
    let mut i = 0;
    loop {
        let offset: i64 = index.iter().zip(&layout.strides).map(|(x, s)| x * s).sum();
        f(i, offset as usize);
        i += 1;
        let mut d = rank;
        loop {
            if d == 0 {
                return;
            }
            d -= 1;
            index[d] += 1;
            if index[d] < layout.shape[d] {
                break;
            }
            index[d] = 0;
        }
    }
}

/// Links `object` into `dir/libentry.so` with `cc -shared` and returns its path.
fn link_shared(dir: &Path, object: &[u8], archives: &[PathBuf]) -> Result<PathBuf, String> {
    let object_path = dir.join("entry.o");
    let library = dir.join("libentry.so");
    std::fs::write(&object_path, object).map_err(|e| format!("cannot write {}: {e}", object_path.display()))?;
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let mut command = Command::new(&cc);
    command.arg("-shared").arg("-o").arg(&library).arg(&object_path).args(archives);
    if !archives.is_empty() {
        command.args(RUNTIME_SYSTEM_LIBS);
    }
    command.arg("-lm");
    let output = command.output().map_err(|e| format!("cannot run the C compiler {cc}: {e}"))?;
    if !output.status.success() {
        return Err(format!("{cc} -shared failed ({}): {}", output.status, String::from_utf8_lossy(&output.stderr).trim()));
    }
    Ok(library)
}

/// The message of the last failing dl call.
fn last_dl_error() -> String {
    // SAFETY: dlerror returns NULL or a NUL-terminated message owned by libc.
    let message = unsafe { libc::dlerror() };
    if message.is_null() {
        return "no message".to_string();
    }
    // SAFETY: non-null and NUL-terminated, valid until the next dl call.
    unsafe { CStr::from_ptr(message) }.to_string_lossy().into_owned()
}
