//! `fma_peak`: the machine's f32 arithmetic peak, measured as fused multiply-adds on
//! registers, one thread per core.
//!
//! Each thread runs chains of independent `f32` fused multiply-adds on the widest vectors
//! the CPU has (AVX-512 when it has it, else AVX2 with FMA), enough chains to cover the
//! instruction's latency on two pipes, and counts two flops per lane per instruction. It
//! prints the best and the median of the repetitions, summed over the threads:
//!
//! ```text
//! fma: best 460.1 GFLOP/s, median 455.3 GFLOP/s (2 threads, 512-bit vectors, 15 reps)
//! ```
//!
//! `bench/compare.py` runs it for its roofline column (the limits of the machine it runs
//! on, not of another: CPUs of one cloud instance type change). Built optimized in the dev
//! profile like `stream_triad` (`[profile.dev.package.xla-bench]`).
//!
//! Usage: `fma_peak [--threads T] [--reps R]`.

use std::process::ExitCode;
use std::time::Instant;

/// Independent accumulator chains per thread: two FMA pipes times a four-cycle latency,
/// doubled for slack.
const CHAINS: usize = 16;
/// FMA steps per chain in one repetition.
const STEPS: usize = 1 << 22;

/// The flops of one repetition on one thread and the vector width it used, in bits.
fn run_chains() -> (f64, usize) {
    #[cfg(target_arch = "x86_64")]
    {
        if is_x86_feature_detected!("avx512f") {
            // SAFETY: the CPU has AVX-512F.
            unsafe { chains_avx512() };
            return ((CHAINS * STEPS * 16 * 2) as f64, 512);
        }
        if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
            // SAFETY: the CPU has AVX2 and FMA.
            unsafe { chains_avx2() };
            return ((CHAINS * STEPS * 8 * 2) as f64, 256);
        }
    }
    let mut acc = [1.0f32; CHAINS];
    for _ in 0..STEPS {
        for a in acc.iter_mut() {
            *a = a.mul_add(0.999_999, 1e-7);
        }
    }
    std::hint::black_box(acc);
    ((CHAINS * STEPS * 2) as f64, 32)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn chains_avx512() {
    use std::arch::x86_64::*;
    let (m, c) = (_mm512_set1_ps(0.999_999), _mm512_set1_ps(1e-7));
    let mut acc = [_mm512_set1_ps(1.0); CHAINS];
    for _ in 0..STEPS {
        for a in acc.iter_mut() {
            *a = _mm512_fmadd_ps(*a, m, c);
        }
    }
    std::hint::black_box(acc);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn chains_avx2() {
    use std::arch::x86_64::*;
    let (m, c) = (_mm256_set1_ps(0.999_999), _mm256_set1_ps(1e-7));
    let mut acc = [_mm256_set1_ps(1.0); CHAINS];
    for _ in 0..STEPS {
        for a in acc.iter_mut() {
            *a = _mm256_fmadd_ps(*a, m, c);
        }
    }
    std::hint::black_box(acc);
}

fn main() -> ExitCode {
    let mut threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut reps = 15;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().and_then(|v| v.parse::<usize>().ok()).filter(|&v| v > 0);
        match (flag.as_str(), value) {
            ("--threads", Some(v)) => threads = v,
            ("--reps", Some(v)) => reps = v,
            _ => {
                eprintln!("usage: fma_peak [--threads T] [--reps R]");
                return ExitCode::FAILURE;
            }
        }
    }
    let mut rates = Vec::with_capacity(reps);
    let mut width = 0;
    for _ in 0..=reps {
        let start = Instant::now();
        let flops: Vec<(f64, usize)> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads).map(|_| scope.spawn(run_chains)).collect();
            workers.into_iter().map(|w| w.join().unwrap_or((0.0, 0))).collect()
        });
        let seconds = start.elapsed().as_secs_f64();
        width = flops.first().map_or(0, |f| f.1);
        rates.push(flops.iter().map(|f| f.0).sum::<f64>() / seconds / 1e9);
    }
    // The first repetition warms the clocks up and is left out.
    let mut rates = rates.split_off(1);
    rates.sort_by(f64::total_cmp);
    let (best, median) = (rates[rates.len() - 1], rates[rates.len() / 2]);
    println!("fma: best {best:.1} GFLOP/s, median {median:.1} GFLOP/s ({threads} threads, {width}-bit vectors, {reps} reps)");
    ExitCode::SUCCESS
}
