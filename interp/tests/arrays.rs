//! Malformed `.npy` and `.npz` files are errors, never panics: a deterministic mutation
//! test (a seeded generator, so every run tries the same inputs) over arrays this crate
//! writes and the fixtures' real archives (`fixtures/*.inputs.npz`, deflate-compressed as
//! NumPy's `savez_compressed` writes them). Mutations flip, insert and delete bytes,
//! truncate, edit the header's length and fields (huge shapes, unknown dtypes, Fortran
//! order); every read must return `Ok` or `Err` inside `catch_unwind`. Headers claiming
//! huge shapes must be rejected promptly and without a large allocation, which a counting
//! global allocator checks (per thread, since the test harness runs tests in parallel).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::{Cursor, Read};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::time::{Duration, Instant};

use xla_interp::arrays::{read_npy, read_npz_from, write_npy, write_npz};
use xla_interp::{ElementType, Elements, Literal};
use xla_testing::SplitMix64;

/// The system allocator, recording the largest allocation of the current thread.
struct Counting;

thread_local! {
    static LARGEST: Cell<usize> = const { Cell::new(0) };
}

fn note(size: usize) {
    // `try_with`: a thread being torn down has no thread-locals left to count in.
    let _ = LARGEST.try_with(|largest| largest.set(largest.get().max(size)));
}

// SAFETY: every call is forwarded to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        System.alloc(layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        System.alloc_zeroed(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note(new_size);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The largest allocation `f` makes on this thread, and its result.
fn largest_allocation<R>(f: impl FnOnce() -> R) -> (usize, R) {
    LARGEST.with(|largest| largest.set(0));
    let result = f();
    (LARGEST.with(Cell::get), result)
}


/// Header fields a mutation may put in place of the real ones.
const DESCRS: &[&str] = &["'<f4'", "'>f8'", "'|b1'", "'<i8'", "'|u1'", "'<c16'", "'|V2'", "'<U7'", "'|O'", "'<M8[ns]'", "'<f99'", "[('a', '<i4')]", "5", "'"];
const SHAPES: &[&str] = &[
    "(150000, 150000)",
    "(18446744073709551615,)",
    "(9223372036854775807, 2)",
    "(4294967296, 4294967296, 0)",
    "(0, 99999999999999999999)",
    "()",
    "(-1,)",
    "(3L, 2L)",
    "[2, 3]",
    "((((((1))))))",
    "(1,",
    "'x'",
];
const ORDERS: &[&str] = &["True", "False", "1", "None", "'False'"];

/// One random mutation of `bytes`.
fn mutate(rng: &mut SplitMix64, bytes: &[u8]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    let rounds = 1 + rng.below(3);
    for _ in 0..rounds {
        match rng.below(8) {
            0 if !out.is_empty() => {
                let at = rng.below(out.len());
                out[at] ^= 1 << rng.below(8);
            }
            1 if !out.is_empty() => {
                let at = rng.below(out.len());
                out[at] = rng.next_u64() as u8;
            }
            2 => {
                let at = rng.below(out.len() + 1);
                let byte = *rng.pick(b"(),:'[]0123456789 {}\n\x00\xff");
                out.insert(at, byte);
            }
            3 if !out.is_empty() => {
                let at = rng.below(out.len());
                let end = (at + 1 + rng.below(8)).min(out.len());
                out.drain(at..end);
            }
            4 => out.truncate(rng.below(out.len() + 1)),
            5 if out.len() >= 12 => {
                // The header's length, as version 1.0 (two bytes) or 2.0 (four) reads it.
                let value = rng.next_u64();
                out[8] = value as u8;
                out[9] = (value >> 8) as u8;
                if rng.below(2) == 0 {
                    out[6] = 2;
                    out[10] = (value >> 16) as u8;
                    out[11] = (value >> 24) as u8;
                }
            }
            _ => out = edit_header(rng, &out),
        }
    }
    out
}

/// `bytes` (a version 1.0 `.npy` file) with one header field replaced and the header's
/// length fixed up, so that the edit reaches the dict parser and the shape checks.
fn edit_header(rng: &mut SplitMix64, bytes: &[u8]) -> Vec<u8> {
    if bytes.len() < 10 || &bytes[..6] != b"\x93NUMPY" || bytes[6] != 1 {
        return bytes.to_vec();
    }
    let length = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
    let Some(header) = bytes.get(10..10 + length) else { return bytes.to_vec() };
    let data = &bytes[10 + length..];
    let descr = rng.pick(DESCRS);
    let order = rng.pick(ORDERS);
    let shape = rng.pick(SHAPES);
    let text = String::from_utf8_lossy(header);
    let edited = match rng.below(4) {
        0 => format!("{{'descr': {descr}, 'fortran_order': {order}, 'shape': {shape}, }}\n"),
        1 => replace_field(&text, "'shape': ", shape),
        2 => replace_field(&text, "'descr': ", descr),
        _ => replace_field(&text, "'fortran_order': ", order),
    };
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend_from_slice(&(edited.len().min(u16::MAX as usize) as u16).to_le_bytes());
    out.extend_from_slice(edited.as_bytes());
    out.extend_from_slice(data);
    out
}

/// `text` with the value after `key` (up to the next `, '` or `}`) replaced by `value`.
fn replace_field(text: &str, key: &str, value: &str) -> String {
    let Some(start) = text.find(key).map(|i| i + key.len()) else { return text.to_string() };
    let rest = &text[start..];
    let end = rest.find(", '").or_else(|| rest.find('}')).unwrap_or(rest.len());
    format!("{}{value}{}", &text[..start], &rest[end..])
}

/// Reads `bytes` as a `.npy` file inside `catch_unwind`; a panic is a failure that
/// names the input.
fn read_npy_never_panics(bytes: &[u8], what: &str) -> Result<(), String> {
    catch_unwind(AssertUnwindSafe(|| {
        let _ = read_npy(bytes, None);
        let _ = read_npy(bytes, Some(ElementType::Float(xla_ir::FloatKind::BF16)));
    }))
    .map_err(|_| format!("reading {what} panicked: {bytes:?}"))
}

/// The `.npy` files inside the archive `bytes`, in order.
fn entries(bytes: &[u8]) -> Vec<Vec<u8>> {
    let mut archive = npyz::npz::NpzArchive::new(Cursor::new(bytes)).expect("a fixture archive");
    let zip = archive.zip_archive();
    (0..zip.len())
        .map(|i| {
            let mut data = Vec::new();
            zip.by_index(i).expect("an entry").read_to_end(&mut data).expect("the entry reads");
            data
        })
        .collect()
}

/// Real archives: the first few fixtures' inputs, and one archive this crate writes
/// (uncompressed, so mutations of it reach the `.npy` parser inside).
fn archives() -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures");
    let mut paths: Vec<_> = std::fs::read_dir(&dir).expect("the fixtures directory").filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.retain(|p| p.to_string_lossy().ends_with(".inputs.npz"));
    paths.sort();
    let mut archives: Vec<(String, Vec<u8>)> = paths
        .iter()
        .filter(|p| std::fs::metadata(p).is_ok_and(|m| m.len() < 64 << 10))
        .take(6)
        .map(|p| (p.display().to_string(), std::fs::read(p).expect("a fixture")))
        .collect();
    assert!(!archives.is_empty(), "no fixtures/*.inputs.npz found in {}", dir.display());
    // Tests run in parallel threads and each calls this: one file per call.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let written = std::env::temp_dir().join(format!("xla-interp-arrays-test-{}-{call}.npz", std::process::id()));
    write_npz(&written, &[("a".to_string(), int_literal()), ("b".to_string(), float_literal())]).expect("writes an archive");
    archives.push(("an archive write_npz wrote".to_string(), std::fs::read(&written).expect("reads it back")));
    let _ = std::fs::remove_file(&written);
    archives
}

fn int_literal() -> Literal {
    Literal::new(ElementType::S32, vec![2, 3], Elements::Int(vec![1, -2, 3, -4, 5, i32::MAX as i128]))
}

fn float_literal() -> Literal {
    Literal::new(ElementType::F32, vec![4], Elements::Float(vec![0.5, -1.0, f64::INFINITY, 3.25]))
}

/// `.npy` files to mutate: what [`write_npy`] writes for several dtypes, and every array
/// of the archives.
fn npy_corpus(archives: &[(String, Vec<u8>)]) -> Vec<Vec<u8>> {
    let literals = [
        int_literal(),
        float_literal(),
        Literal::new(ElementType::Pred, vec![3], Elements::Int(vec![1, 0, 1])),
        Literal::new(ElementType::Float(xla_ir::FloatKind::BF16), vec![2], Elements::Float(vec![1.0, -2.5])),
        Literal::new(ElementType::Complex(xla_ir::FloatKind::F64), vec![1], Elements::Complex(vec![num_complex::Complex64::new(1.0, -1.0)])),
        Literal::new(ElementType::F64, vec![], Elements::Float(vec![2.0])),
    ];
    let mut corpus: Vec<Vec<u8>> = literals
        .iter()
        .map(|literal| {
            let mut bytes = Vec::new();
            write_npy(literal, &mut bytes).expect("writes");
            bytes
        })
        .collect();
    for (_, archive) in archives {
        corpus.extend(entries(archive));
    }
    corpus
}

#[test]
fn mutated_npy_files_never_panic() {
    let corpus = npy_corpus(&archives());
    let mut rng = SplitMix64(0x5eed_0001);
    let mut failures = Vec::new();
    for original in &corpus {
        assert!(read_npy(&original[..], None).is_ok(), "an unmutated file reads");
        for i in 0..3000 {
            let mutated = mutate(&mut rng, original);
            if let Err(failure) = read_npy_never_panics(&mutated, &format!("mutation {i}")) {
                failures.push(failure);
            }
        }
    }
    assert!(failures.is_empty(), "{} of the mutated files panicked; the first:\n{}", failures.len(), failures[0]);
}

#[test]
fn mutated_npz_archives_never_panic() {
    let mut rng = SplitMix64(0x5eed_0002);
    let mut failures = Vec::new();
    for (name, original) in archives() {
        assert!(read_npz_from(Cursor::new(&original), &[]).is_ok(), "{name} reads unmutated");
        for i in 0..2000 {
            let mutated = mutate(&mut rng, &original);
            let read = catch_unwind(AssertUnwindSafe(|| read_npz_from(Cursor::new(&mutated), &[])));
            if read.is_err() {
                failures.push(format!("reading mutation {i} of {name} panicked: {mutated:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{} of the mutated archives panicked; the first:\n{}", failures.len(), failures[0]);
}

#[test]
fn huge_shapes_are_rejected_quickly_without_allocating() {
    let mut rng = SplitMix64(0x5eed_0003);
    let started = Instant::now();
    for shape in ["(150000, 150000)", "(9223372036854775807,)", "(4294967296, 4294967296)", "(1099511627776, 0, 1099511627776)", "(65536, 65536, 65536)"] {
        for descr in ["<f4", "|b1", "<c16", ">i8", "|V2"] {
            let header = format!("{{'descr': '{descr}', 'fortran_order': {}, 'shape': {shape}, }}\n", rng.pick(&["True", "False"]));
            let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
            bytes.extend_from_slice(&(header.len() as u16).to_le_bytes());
            bytes.extend_from_slice(header.as_bytes());
            bytes.extend((0..rng.below(4096)).map(|_| rng.next_u64() as u8));
            let (largest, read) = largest_allocation(|| read_npy(&bytes[..], None));
            let error = read.expect_err("a huge shape in a small file");
            assert!(error.contains("truncated") || error.contains("too many elements") || error.contains("more bytes"), "{shape} {descr}: {error}");
            assert!(largest < 4 << 20, "{shape} {descr}: reading allocated {largest} bytes at once");
        }
    }
    // A header claiming 4 GiB of header text is refused as promptly.
    let mut bytes = b"\x93NUMPY\x02\x00\xff\xff\xff\xff".to_vec();
    bytes.extend_from_slice(b"{'descr': '<f4'");
    let (largest, read) = largest_allocation(|| read_npy(&bytes[..], None));
    assert!(read.is_err() && largest < 4 << 20, "{read:?}, {largest} bytes");
    assert!(started.elapsed() < Duration::from_secs(5), "took {:?}", started.elapsed());
}
