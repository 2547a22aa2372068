//! `xla_rt_fft_c64` and `xla_rt_fft_c128` against a naive DFT, for the four XLA FFT types
//! over one to three trailing dimensions, and their argument errors.

mod common;

use std::f64::consts::PI;
use std::ptr::{null, null_mut};

use common::{assert_close, last_error, Lcg};
use xla_runtime::fft::{xla_rt_fft_c128, xla_rt_fft_c64};
use xla_runtime::{XlaRunOptions, XlaStatus};

const FFT: i32 = 0;
const IFFT: i32 = 1;
const RFFT: i32 = 2;
const IRFFT: i32 = 3;

/// A naive DFT of interleaved complex data of shape `dims` along `axis`.
fn dft_axis(data: &mut [f64], dims: &[usize], axis: usize, inverse: bool) {
    let len = dims[axis];
    let inner: usize = dims[axis + 1..].iter().product();
    let outer: usize = dims[..axis].iter().product();
    let sign = if inverse { 1.0 } else { -1.0 };
    for o in 0..outer {
        for j in 0..inner {
            let at = |t: usize| 2 * ((o * len + t) * inner + j);
            let line: Vec<(f64, f64)> = (0..len).map(|t| (data[at(t)], data[at(t) + 1])).collect();
            for k in 0..len {
                let (mut re, mut im) = (0.0, 0.0);
                for (t, &(xr, xi)) in line.iter().enumerate() {
                    let angle = sign * 2.0 * PI * (k * t % len) as f64 / len as f64;
                    re += xr * angle.cos() - xi * angle.sin();
                    im += xr * angle.sin() + xi * angle.cos();
                }
                data[at(k)] = re;
                data[at(k) + 1] = im;
            }
        }
    }
}

/// The naive (normalized, when inverse) DFT over the trailing `fft_rank` dimensions.
fn dft(data: &[f64], dims: &[usize], fft_rank: usize, inverse: bool) -> Vec<f64> {
    let mut out = data.to_vec();
    for axis in dims.len() - fft_rank..dims.len() {
        dft_axis(&mut out, dims, axis, inverse);
    }
    if inverse {
        let n: usize = dims[dims.len() - fft_rank..].iter().product();
        out.iter_mut().for_each(|x| *x /= n as f64);
    }
    out
}

fn run64(fft_type: i32, input: &[f64], output: &mut [f64], dims: &[i64], lengths: &[i64]) {
    let opts = XlaRunOptions { num_threads: 2, ..XlaRunOptions::default() };
    let status = unsafe {
        xla_rt_fft_c128(fft_type, input.as_ptr(), output.as_mut_ptr(), dims.as_ptr(), dims.len() as i64, lengths.as_ptr(), lengths.len() as i64, &opts)
    };
    assert_eq!(status, 0, "{}", last_error());
}

fn run32(fft_type: i32, input: &[f32], output: &mut [f32], dims: &[i64], lengths: &[i64]) {
    let status = unsafe {
        xla_rt_fft_c64(fft_type, input.as_ptr(), output.as_mut_ptr(), dims.as_ptr(), dims.len() as i64, lengths.as_ptr(), lengths.len() as i64, null())
    };
    assert_eq!(status, 0, "{}", last_error());
}

fn to32(v: &[f64]) -> Vec<f32> {
    v.iter().map(|&x| x as f32).collect()
}

fn to64(v: &[f32]) -> Vec<f64> {
    v.iter().map(|&x| x as f64).collect()
}

#[test]
fn complex_transforms_match_the_naive_dft() {
    let cases: [(&[usize], usize); 5] = [(&[8], 1), (&[3, 5], 1), (&[2, 4, 6], 2), (&[2, 3, 4, 5], 3), (&[7, 1], 2)];
    let mut rng = Lcg::new(11);
    for (dims, fft_rank) in cases {
        let n: usize = dims.iter().product();
        let x = rng.vec_f64(2 * n);
        let dims64: Vec<i64> = dims.iter().map(|&d| d as i64).collect();
        let lengths = &dims64[dims.len() - fft_rank..];
        for (fft_type, inverse) in [(FFT, false), (IFFT, true)] {
            let expected = dft(&x, dims, fft_rank, inverse);
            let mut out = vec![0.0; 2 * n];
            run64(fft_type, &x, &mut out, &dims64, lengths);
            assert_close(&out, &expected, 1e-12);
            let mut out32 = vec![0.0f32; 2 * n];
            run32(fft_type, &to32(&x), &mut out32, &dims64, lengths);
            assert_close(&to64(&out32), &expected, 1e-5);
        }
    }
}

#[test]
fn ifft_inverts_fft_in_place() {
    let mut rng = Lcg::new(12);
    let x = rng.vec_f64(2 * 4 * 9);
    let mut buffer = x.clone();
    let (dims, lengths) = ([4i64, 9], [4i64, 9]);
    for fft_type in [FFT, IFFT] {
        let status = unsafe { xla_rt_fft_c128(fft_type, buffer.as_ptr(), buffer.as_mut_ptr(), dims.as_ptr(), 2, lengths.as_ptr(), 2, null()) };
        assert_eq!(status, 0, "{}", last_error());
    }
    assert_close(&buffer, &x, 1e-12);
}

/// Real data as interleaved complex data with zero imaginary parts.
fn complexify(real: &[f64]) -> Vec<f64> {
    real.iter().flat_map(|&r| [r, 0.0]).collect()
}

/// Keeps the first `keep` entries of every innermost line of length `len` (interleaved).
fn truncate_lines(data: &[f64], len: usize, keep: usize) -> Vec<f64> {
    data.chunks(2 * len).flat_map(|line| line[..2 * keep].to_vec()).collect()
}

#[test]
fn real_transforms_match_the_naive_dft_and_invert() {
    let cases: [(&[usize], usize); 5] = [(&[8], 1), (&[7], 1), (&[3, 6], 1), (&[2, 5, 8], 2), (&[2, 3, 4, 7], 3)];
    let mut rng = Lcg::new(13);
    for (dims, fft_rank) in cases {
        let n: usize = dims.iter().product();
        let len = dims[dims.len() - 1];
        let half = len / 2 + 1;
        let x = rng.vec_f64(n);
        let dims64: Vec<i64> = dims.iter().map(|&d| d as i64).collect();
        let lengths = &dims64[dims.len() - fft_rank..];
        let expected = truncate_lines(&dft(&complexify(&x), dims, fft_rank, false), len, half);

        let mut spectrum = vec![0.0; expected.len()];
        run64(RFFT, &x, &mut spectrum, &dims64, lengths);
        assert_close(&spectrum, &expected, 1e-12);
        let mut spectrum32 = vec![0.0f32; expected.len()];
        run32(RFFT, &to32(&x), &mut spectrum32, &dims64, lengths);
        assert_close(&to64(&spectrum32), &expected, 1e-5);

        let mut complex_dims = dims64.clone();
        *complex_dims.last_mut().unwrap() = half as i64;
        let mut back = vec![0.0; n];
        run64(IRFFT, &spectrum, &mut back, &complex_dims, lengths);
        assert_close(&back, &x, 1e-12);
        let mut back32 = vec![0.0f32; n];
        run32(IRFFT, &spectrum32, &mut back32, &complex_dims, lengths);
        assert_close(&to64(&back32), &x, 1e-5);
    }
}

#[test]
fn irfft_ignores_the_imaginary_parts_it_cannot_use() {
    // Length 4: entries 0 and 2 (the Nyquist entry) must be real; their imaginary parts
    // are ignored.
    let spectrum = [4.0, 9.0, 0.0, 0.0, 0.0, -3.0];
    let mut out = [0.0f64; 4];
    run64(IRFFT, &spectrum, &mut out, &[3], &[4]);
    assert_close(&out, &[1.0, 1.0, 1.0, 1.0], 1e-12);
}

#[test]
fn empty_batches_do_nothing() {
    let mut out = [0.0f64; 0];
    run64(FFT, &[], &mut out, &[0, 4], &[4]);
}

#[test]
fn bad_arguments_are_errors() {
    let invalid = XlaStatus::InvalidArgument.code();
    let mut data = vec![0.0f64; 64];
    let call = |t: i32, input: *const f64, output: *mut f64, dims: &[i64], lengths: &[i64]| unsafe {
        xla_rt_fft_c128(t, input, output, dims.as_ptr(), dims.len() as i64, lengths.as_ptr(), lengths.len() as i64, null())
    };
    let p = data.as_mut_ptr();
    assert_eq!(call(7, p, p, &[4], &[4]), invalid);
    assert_eq!(last_error(), "xla_rt_fft_c128: fft_type = 7 is not a valid value");
    assert_eq!(call(FFT, p, p, &[4], &[5]), invalid);
    assert_eq!(last_error(), "xla_rt_fft_c128: the input's trailing dimensions [4] must be [5]");
    assert_eq!(call(IRFFT, p, p, &[8], &[8]), invalid);
    assert_eq!(last_error(), "xla_rt_fft_c128: the input's trailing dimensions [8] must be [5]");
    assert_eq!(call(FFT, p, p, &[4], &[]), invalid);
    assert_eq!(last_error(), "xla_rt_fft_c128: fft_rank = 0 must be in [1, rank = 1]");
    assert_eq!(call(FFT, p, p, &[4], &[0]), invalid);
    assert_eq!(call(FFT, p, p, &[-4], &[4]), invalid);
    assert_eq!(last_error(), "xla_rt_fft_c128: dimension 0 = -4 is negative");
    assert_eq!(call(FFT, null(), p, &[4], &[4]), invalid);
    assert_eq!(last_error(), "xla_rt_fft_c128: input is null");
    assert_eq!(call(FFT, p, null_mut(), &[4], &[4]), invalid);
    assert_eq!(call(FFT, p, unsafe { p.add(2) }, &[4], &[4]), invalid);
    assert_eq!(last_error(), "xla_rt_fft_c128: input and output overlap");
    let status = unsafe { xla_rt_fft_c128(FFT, p, p, null(), 1, [4i64].as_ptr(), 1, null()) };
    assert_eq!(status, invalid);
    assert_eq!(last_error(), "xla_rt_fft_c128: dims is null");
}
