//! Running compiled code in this process: an object with entries of the AOT ABI is linked
//! into a shared library by the system C compiler (`$CC`, else `cc`, with `-shared`),
//! opened with `dlopen` and its entries called on buffers. What `xla-run` runs natively
//! and what tests compare with the reference interpreter.
//!
//! Safety: an entry reads and writes exactly the buffers its signature names, so
//! [`Entry::call`] checks the count and byte size of every buffer against that signature
//! before calling it; the library stays open as long as an [`Entry`] borrows it.
//!
//! The runtime linked into the library is the library's own copy (a static archive), with
//! its own feeds, channels, random streams and collective rendezvous: a driver reaches
//! that state only through the library's symbols ([`NativeLibrary::prepare_run`],
//! [`NativeLibrary::abort_collectives`]), which linking keeps in the library even when the
//! compiled code does not call them ([`HOST_SYMBOLS`]). Replicas are threads calling one
//! entry with their own [`RunOptions`] ([`Entry::call_with`]).

use std::ffi::{c_void, CStr, CString};
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::to_llvm::{BufferLayout, EntrySignature};

/// The C type of an entry: `int32_t NAME(void *const *args, void *const *results, void
/// *temp, const XlaRunOptions *opts)`.
type EntryFn = unsafe extern "C" fn(*const *mut c_void, *const *mut c_void, *mut c_void, *const c_void) -> i32;

/// `XlaRunOptions` of `xla_runtime.h`, field for field.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct RunOptions {
    /// The most threads the run may use (0: all cores).
    pub num_threads: i32,
    /// Which replica runs the entry.
    pub replica_id: i32,
    /// How many replicas run together (0 reads as 1).
    pub num_replicas: i32,
    /// NULL for one partition, else the caller's partition and the number of partitions.
    pub partitions: *const PartitionOptions,
}

/// `XlaPartitionOptions` of `xla_runtime.h`, field for field.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct PartitionOptions {
    /// Which partition runs the entry.
    pub partition_id: i32,
    /// How many partitions run together (0 reads as 1).
    pub num_partitions: i32,
    /// Must be NULL.
    pub reserved: *mut c_void,
}

impl RunOptions {
    /// Replica `replica_id` of `num_replicas`, on all cores, one partition.
    pub fn replica(replica_id: i32, num_replicas: i32) -> RunOptions {
        RunOptions { num_threads: 0, replica_id, num_replicas, partitions: std::ptr::null() }
    }

    /// Replica `replica_id` of `num_replicas` in the partition `partitions` names, on all
    /// cores; the options point to `partitions`, which must outlive their use.
    pub fn process(replica_id: i32, num_replicas: i32, partitions: &PartitionOptions) -> RunOptions {
        RunOptions { num_threads: 0, replica_id, num_replicas, partitions }
    }
}

impl PartitionOptions {
    /// Partition `partition_id` of `num_partitions`.
    pub fn new(partition_id: i32, num_partitions: i32) -> PartitionOptions {
        PartitionOptions { partition_id, num_partitions, reserved: std::ptr::null_mut() }
    }
}

/// The runtime's host-side functions a driver calls through the library: kept in it by
/// `-Wl,-u` whenever the runtime is linked.
pub const HOST_SYMBOLS: &[&str] = &[
    "xla_rt_last_error",
    "xla_rt_rng_seed",
    "xla_rt_channels_clear",
    "xla_rt_channels_finish",
    "xla_rt_infeed_enqueue",
    "xla_rt_collectives_reset",
    "xla_rt_collectives_abort",
    "xla_rt_set_infeed_wait_limit_ms",
];

/// The seed the reference interpreter's random stream starts from (its `Options`
/// default), which [`NativeLibrary::prepare_run`] gives the runtime's.
pub const INTERPRETER_RNG_SEED: u64 = 42;

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

    /// Puts the library's runtime in the state a fresh run of the reference interpreter
    /// starts from, for `num_processes` processes (replicas times partitions): random
    /// streams at the interpreter's seed, no message left on any channel, no collective
    /// round in progress, and an infeed that fails at once when empty (a driver that feeds
    /// nothing, as `xla-run`). Does nothing when the library does not link the runtime.
    pub fn prepare_run(&self, num_processes: i32) {
        // SAFETY (each call): the symbols are the runtime's functions of these C types
        // (xla_runtime.h), which take plain integers and touch only the runtime's state.
        unsafe {
            if let Some(f) = self.function::<unsafe extern "C" fn(u64) -> i32>("xla_rt_rng_seed") {
                f(INTERPRETER_RNG_SEED);
            }
            if let Some(f) = self.function::<unsafe extern "C" fn() -> i32>("xla_rt_channels_clear") {
                f();
            }
            if let Some(f) = self.function::<unsafe extern "C" fn(i32) -> i32>("xla_rt_collectives_reset") {
                f(num_processes);
            }
            if let Some(f) = self.function::<unsafe extern "C" fn(i64) -> i32>("xla_rt_set_infeed_wait_limit_ms") {
                f(0);
            }
        }
    }

    /// Makes every collective of `num_processes` processes that waits, or comes later,
    /// fail: for a driver one of whose processes failed, so that the others do not wait
    /// for it.
    pub fn abort_collectives(&self, num_processes: i32) {
        // SAFETY: as in prepare_run.
        unsafe {
            if let Some(f) = self.function::<unsafe extern "C" fn(i32) -> i32>("xla_rt_collectives_abort") {
                f(num_processes);
            }
        }
    }

    /// Tells the runtime that one more process of the run has finished its program, so
    /// that a recv waiting for a send it can no longer make fails.
    pub fn finish_process(&self) {
        // SAFETY: as in prepare_run.
        unsafe {
            if let Some(f) = self.function::<unsafe extern "C" fn() -> i32>("xla_rt_channels_finish") {
                f();
            }
        }
    }

    /// Appends `data` to the infeed of replica `replica_id` (`xla_rt_infeed_enqueue`);
    /// an error when the library does not link the runtime or the runtime refuses.
    pub fn enqueue_infeed(&self, replica_id: i32, data: &[u8]) -> Result<(), String> {
        // SAFETY: as in prepare_run; `data` is live for the call, which copies it.
        let status = unsafe {
            let f = self
                .function::<unsafe extern "C" fn(i32, *const c_void, i64) -> i32>("xla_rt_infeed_enqueue")
                .ok_or("the compiled code does not link the runtime, which holds the infeed")?;
            f(replica_id, data.as_ptr().cast(), data.len() as i64)
        };
        match status {
            0 => Ok(()),
            _ => Err(self.last_error().unwrap_or_else(|| format!("xla_rt_infeed_enqueue failed with status {status}"))),
        }
    }

    /// The library's function `name` as the function pointer type `F`.
    ///
    /// # Safety
    /// `F` is a function pointer type matching the symbol's C type.
    unsafe fn function<F: Copy>(&self, name: &str) -> Option<F> {
        let address = self.symbol(name)?;
        debug_assert_eq!(std::mem::size_of::<F>(), std::mem::size_of::<*mut c_void>());
        Some(std::mem::transmute_copy::<*mut c_void, F>(&address))
    }

    /// The entry `symbol`, whose buffers are those `signature` names (types of `ctx`).
    pub fn entry(&self, symbol: &str, ctx: &xla_ir::Context, signature: &EntrySignature) -> Result<Entry<'_>, String> {
        self.entry_of(symbol, &EntryBuffers::of(ctx, signature)?)
    }

    /// The entry `symbol`, whose buffers `buffers` gives (a signature's, read once where
    /// its context is at hand).
    pub fn entry_of(&self, symbol: &str, buffers: &EntryBuffers) -> Result<Entry<'_>, String> {
        let address = self.symbol(symbol).ok_or_else(|| format!("the compiled code has no entry {symbol}: {}", last_dl_error()))?;
        // SAFETY: the symbol is an entry the lowering emitted with the ABI's signature.
        let function = unsafe { std::mem::transmute::<*mut c_void, EntryFn>(address) };
        let EntryBuffers { arg_sizes, result_sizes, temp_bytes } = buffers.clone();
        Ok(Entry { function, arg_sizes, result_sizes, temp_bytes, library: PhantomData })
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

// SAFETY: the handle is only passed to dlsym, which is thread-safe, and to dlclose on
// drop; the compiled code and the runtime in the library are reentrant (the entry ABI
// lets several threads call entries at once, as replicas do).
unsafe impl Send for NativeLibrary {}
// SAFETY: as above; no method mutates the library through a shared reference.
unsafe impl Sync for NativeLibrary {}

impl Drop for NativeLibrary {
    fn drop(&mut self) {
        // SAFETY: the handle came from dlopen and is closed once; no Entry outlives self.
        unsafe { libc::dlclose(self.handle) };
    }
}

/// The byte sizes of an entry's buffers, as its signature gives them: plain data, free of
/// the signature's context.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryBuffers {
    /// The byte size of each argument buffer.
    pub arg_sizes: Vec<usize>,
    /// The byte size of each result buffer.
    pub result_sizes: Vec<usize>,
    /// The bytes of scratch memory the entry needs: its arena.
    pub temp_bytes: usize,
}

impl EntryBuffers {
    /// The buffers of `signature` (types of `ctx`).
    pub fn of(ctx: &xla_ir::Context, signature: &EntrySignature) -> Result<EntryBuffers, String> {
        let sizes = |types: &[xla_ir::Type]| types.iter().map(|t| buffer_bytes(ctx, *t)).collect::<Result<Vec<_>, _>>();
        let temp_bytes = usize::try_from(signature.temp_bytes).map_err(|_| "the entry's temp arena is too large".to_string())?;
        Ok(EntryBuffers { arg_sizes: sizes(&signature.args)?, result_sizes: sizes(&signature.results)?, temp_bytes })
    }
}

/// An entry of a loaded library.
pub struct Entry<'lib> {
    function: EntryFn,
    /// The byte size of each argument buffer.
    pub arg_sizes: Vec<usize>,
    /// The byte size of each result buffer.
    pub result_sizes: Vec<usize>,
    /// The bytes of scratch memory the entry needs (`NAME_TEMP_BYTES`): its arena.
    pub temp_bytes: usize,
    library: PhantomData<&'lib NativeLibrary>,
}

impl Entry<'_> {
    /// Calls the entry on `args` and `results` (as many as its signature has, each of the
    /// byte size of its buffer) with the default run options; returns its status.
    pub fn call(&self, args: &[&AlignedBuffer], results: &mut [&mut AlignedBuffer]) -> Result<i32, String> {
        self.call_with(args, results, None)
    }

    /// [`Entry::call`] with run options (`None`: the defaults). `temp` is NULL, so an
    /// entry with an arena allocates it for the call; [`Entry::call_with_temp`] gives it one.
    pub fn call_with(&self, args: &[&AlignedBuffer], results: &mut [&mut AlignedBuffer], options: Option<&RunOptions>) -> Result<i32, String> {
        self.call_with_temp(args, results, None, options)
    }

    /// [`Entry::call_with`] with `temp` as the entry's scratch memory when given (at least
    /// [`Entry::temp_bytes`] long; one buffer serves every call, one caller at a time), so
    /// that the call allocates nothing.
    pub fn call_with_temp(
        &self,
        args: &[&AlignedBuffer],
        results: &mut [&mut AlignedBuffer],
        temp: Option<&mut AlignedBuffer>,
        options: Option<&RunOptions>,
    ) -> Result<i32, String> {
        if let Some(temp) = &temp {
            if temp.len() < self.temp_bytes {
                return Err(format!("the entry needs {} bytes of temp, not {}", self.temp_bytes, temp.len()));
            }
        }
        let temp = temp.map_or(std::ptr::null_mut(), |t| t.as_mut_ptr().cast::<c_void>());
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
        // which are distinct mutable borrows; temp is NULL (the entry then allocates its
        // arena) or a distinct mutable borrow of at least temp_bytes (checked above); the
        // options are NULL (the defaults) or a live XlaRunOptions.
        let opts = options.map_or(std::ptr::null(), |o| (o as *const RunOptions).cast::<c_void>());
        Ok(unsafe { (self.function)(arg_pointers.as_ptr(), result_pointers.as_ptr(), temp, opts) })
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

    /// `len` zero bytes, or `None` when the memory cannot be had (rather than aborting, as
    /// an infallible allocation does).
    ///
    /// More than the machine's memory and swap together ([`machine_memory`]) is refused
    /// up front: a kernel that overcommits (Linux with `vm.overcommit_memory = 1`) would
    /// grant it, and the process would be killed once the buffer is written. Otherwise the
    /// memory comes from `calloc`'s allocator (`alloc_zeroed`), whose large blocks are
    /// fresh pages that are zero without being written, so a buffer is not touched here.
    pub fn try_zeroed(len: usize) -> Option<AlignedBuffer> {
        if machine_memory().is_some_and(|available| len as u64 > available) {
            return None;
        }
        let words = len.div_ceil(64);
        if words == 0 {
            return Some(AlignedBuffer { words: Vec::new(), len });
        }
        let layout = std::alloc::Layout::array::<Align64>(words).ok()?;
        // SAFETY: the layout has a non-zero size (words > 0).
        let pointer = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<Align64>();
        if pointer.is_null() {
            return None;
        }
        // SAFETY: the pointer was allocated by the global allocator with the layout of
        // `words` values of `Align64`, which are all initialized: zero bytes are a valid
        // `Align64`.
        let words = unsafe { Vec::from_raw_parts(pointer, words, words) };
        Some(AlignedBuffer { words, len })
    }

    /// A copy of `bytes`.
    pub fn from_bytes(bytes: &[u8]) -> AlignedBuffer {
        let mut buffer = AlignedBuffer::zeroed(bytes.len());
        buffer.as_mut_bytes().copy_from_slice(bytes);
        buffer
    }

    /// A copy of `bytes`, or `None` when the memory cannot be had (see
    /// [`AlignedBuffer::try_zeroed`]).
    pub fn try_from_bytes(bytes: &[u8]) -> Option<AlignedBuffer> {
        let mut buffer = AlignedBuffer::try_zeroed(bytes.len())?;
        buffer.as_mut_bytes().copy_from_slice(bytes);
        Some(buffer)
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

/// The bytes of memory and swap the machine has (`sysinfo`), when the system says.
pub fn machine_memory() -> Option<u64> {
    // SAFETY: sysinfo fills the struct it is given; all-zero bytes are a valid `sysinfo`.
    let mut info: libc::sysinfo = unsafe { std::mem::zeroed() };
    // SAFETY: `info` is a valid, writable `sysinfo`.
    if unsafe { libc::sysinfo(&mut info) } != 0 {
        return None;
    }
    let unit = u64::from(info.mem_unit.max(1));
    (info.totalram as u64).checked_add(info.totalswap as u64)?.checked_mul(unit)
}

/// `bytes` as people read sizes: `"90.0 GB (90000000000 bytes)"`, or `"512 bytes"`.
pub fn byte_size(bytes: u64) -> String {
    let scaled = [(1e12, "TB"), (1e9, "GB"), (1e6, "MB"), (1e3, "KB")].into_iter().find(|&(unit, _)| bytes as f64 >= unit);
    match scaled {
        Some((unit, name)) => format!("{:.1} {name} ({bytes} bytes)", bytes as f64 / unit),
        None => format!("{bytes} bytes"),
    }
}

/// A buffer laid out as `layout` says holding the elements whose row-major bytes are
/// `row_major` (padding zeroed), or why they do not fit or cannot be allocated.
pub fn to_buffer(row_major: &[u8], layout: &BufferLayout) -> Result<AlignedBuffer, String> {
    let width = layout.element.storage_bytes() as usize;
    let count: usize = layout.shape.iter().map(|&d| d.max(0) as usize).product();
    if row_major.len() != count * width {
        return Err(format!("{} bytes do not hold {count} elements of {width} bytes", row_major.len()));
    }
    let total = usize::try_from(layout.elements).ok().and_then(|e| e.checked_mul(width)).ok_or("the buffer is too large")?;
    let cannot = |bytes: usize| format!("cannot allocate {}", byte_size(bytes as u64));
    if layout.is_row_major() {
        return AlignedBuffer::try_from_bytes(row_major).ok_or_else(|| cannot(row_major.len()));
    }
    let mut buffer = AlignedBuffer::try_zeroed(total).ok_or_else(|| cannot(total))?;
    let bytes = buffer.as_mut_bytes();
    for_each_offset(layout, |i, offset| bytes[offset * width..][..width].copy_from_slice(&row_major[i * width..][..width]));
    Ok(buffer)
}

/// The row-major bytes of the elements of `buffer`, laid out as `layout` says: the buffer
/// itself when that is row-major, else a copy, or why the copy cannot be allocated.
pub fn from_buffer<'a>(buffer: &'a [u8], layout: &BufferLayout) -> Result<std::borrow::Cow<'a, [u8]>, String> {
    let width = layout.element.storage_bytes() as usize;
    if layout.is_row_major() {
        return Ok(std::borrow::Cow::Borrowed(buffer));
    }
    let count: usize = layout.shape.iter().map(|&d| d.max(0) as usize).product();
    let bytes = count.checked_mul(width).ok_or("the buffer is too large")?;
    let mut row_major = Vec::new();
    row_major.try_reserve_exact(bytes).map_err(|_| format!("cannot allocate {}", byte_size(bytes as u64)))?;
    row_major.resize(bytes, 0u8);
    for_each_offset(layout, |i, offset| row_major[i * width..][..width].copy_from_slice(&buffer[offset * width..][..width]));
    Ok(std::borrow::Cow::Owned(row_major))
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
    command.arg("-shared").arg("-o").arg(&library).arg(&object_path);
    if !archives.is_empty() {
        // Before the archives, so that the linker takes the members defining them.
        command.args(HOST_SYMBOLS.iter().map(|name| format!("-Wl,-u,{name}")));
    }
    command.args(archives);
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
