//! `stream_triad`: the machine's memory bandwidth, measured as STREAM's triad
//! `a[i] = b[i] + s * c[i]` over three `f32` arrays far larger than the last-level cache.
//!
//! The arrays are split into one contiguous part per thread (`std::thread::scope`), each
//! thread first touching its own part; a repetition is one triad over the whole arrays, and
//! its bandwidth counts 12 bytes per element as STREAM does (read `b`, read `c`, write `a`;
//! the write-allocate read of `a` that normal stores also cause is not counted). It prints
//! the best and the median repetition:
//!
//! ```text
//! triad: best 31.52 GB/s, median 27.80 GB/s (33554432 f32 x 3 arrays, 2 threads, 20 reps, 12 bytes/element)
//! ```
//!
//! `bench/compare.py` runs it and reads that line. It must be built optimized: the
//! workspace's `[profile.dev.package.xla-bench]` sets `opt-level = 3` for this crate, so
//! `cargo build -p xla-bench --bin stream_triad` gives a measuring build in the dev profile.
//!
//! Usage: `stream_triad [--elements N] [--threads T] [--reps R]` (defaults: 2^25 elements,
//! 384 MiB in all, 12 times a 32 MiB L3; the available parallelism; 20 repetitions).

use std::process::ExitCode;
use std::time::Instant;

/// What to measure.
struct Config {
    /// Elements per array.
    elements: usize,
    /// Threads, each with one contiguous part of the arrays.
    threads: usize,
    /// Timed repetitions (after one untimed warm-up).
    reps: usize,
}

/// The configuration from the command line; a message on a bad flag.
fn parse_args() -> Result<Config, String> {
    let mut config = Config { elements: 1 << 25, threads: std::thread::available_parallelism().map_or(2, |n| n.get()), reps: 20 };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = |name: &str| -> Result<usize, String> {
            let text = args.next().ok_or_else(|| format!("{name} needs a value"))?;
            text.parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(|| format!("{name}: '{text}' is not a positive integer"))
        };
        match flag.as_str() {
            "--elements" => config.elements = value("--elements")?,
            "--threads" => config.threads = value("--threads")?,
            "--reps" => config.reps = value("--reps")?,
            "--help" | "-h" => return Err("usage: stream_triad [--elements N] [--threads T] [--reps R]".into()),
            other => return Err(format!("unknown argument '{other}' (see --help)")),
        }
    }
    Ok(config)
}

/// One triad over the parts of the arrays, each part on its own thread.
fn triad(a: &mut [f32], b: &[f32], c: &[f32], s: f32, part: usize) {
    std::thread::scope(|scope| {
        for ((a, b), c) in a.chunks_mut(part).zip(b.chunks(part)).zip(c.chunks(part)) {
            scope.spawn(move || {
                for ((a, b), c) in a.iter_mut().zip(b).zip(c) {
                    *a = b + s * c;
                }
            });
        }
    });
}

/// Fills each part of `x` with `value` on the thread that will run the triad on it, so
/// the pages are first touched where they are used.
fn fill(x: &mut [f32], value: f32, part: usize) {
    std::thread::scope(|scope| {
        for chunk in x.chunks_mut(part) {
            scope.spawn(move || chunk.fill(value));
        }
    });
}

fn main() -> ExitCode {
    let config = match parse_args() {
        Ok(config) => config,
        Err(message) => {
            eprintln!("stream_triad: {message}");
            return ExitCode::FAILURE;
        }
    };
    let n = config.elements;
    let part = n.div_ceil(config.threads);
    let (mut a, mut b, mut c) = (vec![0f32; n], vec![0f32; n], vec![0f32; n]);
    fill(&mut a, 0.0, part);
    fill(&mut b, 1.0, part);
    fill(&mut c, 2.0, part);
    let s = 3.0f32;
    triad(&mut a, &b, &c, s, part);
    let mut rates: Vec<f64> = (0..config.reps)
        .map(|_| {
            let started = Instant::now();
            triad(&mut a, &b, &c, s, part);
            let seconds = started.elapsed().as_secs_f64();
            std::hint::black_box(&mut a);
            (12 * n) as f64 / seconds / 1e9
        })
        .collect();
    // Every element is 1 + 3 * 2; a wrong sum would mean the loop was not what was timed.
    if a.iter().any(|&x| x != 7.0) {
        eprintln!("stream_triad: the triad computed wrong values");
        return ExitCode::FAILURE;
    }
    rates.sort_by(f64::total_cmp);
    let best = rates[rates.len() - 1];
    let median = rates[rates.len() / 2];
    println!(
        "triad: best {best:.2} GB/s, median {median:.2} GB/s ({n} f32 x 3 arrays, {} threads, {} reps, 12 bytes/element)",
        config.threads, config.reps
    );
    ExitCode::SUCCESS
}
