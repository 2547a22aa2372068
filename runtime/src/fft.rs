//! XLA's `Fft` on dense row-major buffers: the four transform types over the trailing
//! `fft_rank` dimensions, in complex64 (`xla_rt_fft_c64`, real side f32) and complex128
//! (`xla_rt_fft_c128`, real side f64), through `rustfft` and `realfft`.
//!
//! Semantics (XLA's, as the reference interpreter has them), with `L = fft_length`:
//! - `FFT` (0): the forward complex transform `X[k] = sum_j x[j] e^(-2 pi i jk / N)` along
//!   each transformed dimension; `IFFT` (1): the inverse, `e^(+2 pi i jk / N)`, divided by
//!   the product of `L`, so `IFFT(FFT(x)) == x`. Both keep the shape;
//! - `RFFT` (2): real input whose trailing dimensions are `L`; the innermost is transformed
//!   first and keeps `L[-1] / 2 + 1` entries, then the others are transformed;
//! - `IRFFT` (3): complex input whose trailing dimensions are `L` with the last replaced by
//!   `L[-1] / 2 + 1`; the outer dimensions are inverse-transformed first, then the
//!   innermost back to `L[-1]` real numbers (the imaginary parts of its zero entry, and of
//!   its Nyquist entry when `L[-1]` is even, are ignored); divided by the product of `L`.
//!
//! Invariants:
//! - `dims` is always the *input's* shape; the output's follows from the type;
//! - complex elements are `{re, im}` pairs, as C's `float _Complex` and XLA's c64 lay out;
//! - the output may be the input buffer itself for `FFT` and `IFFT` (the transform works
//!   in a scratch copy); any other overlap is `XLA_RT_INVALID_ARGUMENT`;
//! - batches (the leading dimensions) run in parallel on the pool, at most
//!   `opts->num_threads` at a time; plans are cached per length for the process.

use std::sync::{Arc, Mutex, OnceLock};

use realfft::RealFftPlanner;
use rustfft::num_complex::Complex;
use rustfft::{Fft, FftNum, FftPlanner};

use crate::args::{self, SendPtr};
use crate::options::{RunOptions, XlaRunOptions};
use crate::status::{guard, RtError, RtResult};
use crate::thread_pool;

/// An XLA FFT type, with XLA's enumerator values.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FftType {
    /// Forward complex-to-complex.
    Fft = 0,
    /// Inverse complex-to-complex, normalized.
    Ifft = 1,
    /// Forward real-to-complex.
    Rfft = 2,
    /// Inverse complex-to-real, normalized.
    Irfft = 3,
}

impl FftType {
    /// The type of a C enumerator.
    fn from_code(code: i32) -> RtResult<FftType> {
        match code {
            0 => Ok(FftType::Fft),
            1 => Ok(FftType::Ifft),
            2 => Ok(FftType::Rfft),
            3 => Ok(FftType::Irfft),
            _ => Err(args::bad_enum("fft_type", code)),
        }
    }
}

/// A float type the transforms run in, with its process-wide plan caches.
pub trait FftFloat: FftNum {
    /// The plan caches of this type.
    fn planners() -> &'static Planners<Self>;
}

/// Plan caches: `rustfft` and `realfft` keep every plan they made, keyed by length.
pub struct Planners<T: FftNum> {
    complex: Mutex<FftPlanner<T>>,
    real: Mutex<RealFftPlanner<T>>,
}

impl<T: FftNum> Planners<T> {
    fn new() -> Planners<T> {
        Planners { complex: Mutex::new(FftPlanner::new()), real: Mutex::new(RealFftPlanner::new()) }
    }

    /// The complex plan of `len` points in `direction`.
    fn complex(&self, len: usize, inverse: bool) -> Arc<dyn Fft<T>> {
        let mut planner = self.complex.lock().unwrap_or_else(|p| p.into_inner());
        if inverse {
            planner.plan_fft_inverse(len)
        } else {
            planner.plan_fft_forward(len)
        }
    }
}

impl FftFloat for f32 {
    fn planners() -> &'static Planners<f32> {
        static PLANNERS: OnceLock<Planners<f32>> = OnceLock::new();
        PLANNERS.get_or_init(Planners::new)
    }
}

impl FftFloat for f64 {
    fn planners() -> &'static Planners<f64> {
        static PLANNERS: OnceLock<Planners<f64>> = OnceLock::new();
        PLANNERS.get_or_init(Planners::new)
    }
}

/// The validated shapes of one call.
#[derive(Debug)]
struct Shapes {
    fft_type: FftType,
    /// The shape of the complex side (the input for FFT, IFFT, IRFFT; the output for RFFT).
    complex: Vec<usize>,
    /// The transform lengths, the trailing dimensions of the transform.
    lengths: Vec<usize>,
    /// Elements of the input and of the output.
    input_len: usize,
    output_len: usize,
}

impl Shapes {
    /// Checks `dims` (the input's shape) against `fft_type` and `lengths`.
    fn new(fft_type: FftType, dims: &[i64], lengths: &[i64]) -> RtResult<Shapes> {
        let input_len = args::element_count(dims)?;
        let dims: Vec<usize> = dims.iter().map(|&d| d as usize).collect();
        let lengths = lengths
            .iter()
            .map(|&l| usize::try_from(l).ok().filter(|&l| l > 0).ok_or_else(|| RtError::invalid(format!("fft_length {l} is not positive"))))
            .collect::<RtResult<Vec<usize>>>()?;
        if lengths.is_empty() || lengths.len() > dims.len() {
            return Err(RtError::invalid(format!("fft_rank = {} must be in [1, rank = {}]", lengths.len(), dims.len())));
        }
        let first = dims.len() - lengths.len();
        let half = lengths[lengths.len() - 1] / 2 + 1;
        let mut expected = lengths.clone();
        if fft_type == FftType::Irfft {
            *expected.last_mut().unwrap_or(&mut 0) = half;
        }
        if dims[first..] != expected[..] {
            return Err(RtError::invalid(format!("the input's trailing dimensions {:?} must be {expected:?}", &dims[first..])));
        }
        let mut complex = dims.clone();
        let last = complex.len() - 1;
        if fft_type == FftType::Rfft {
            complex[last] = half;
        }
        let complex_len = args::product("the output's size", &complex)?;
        let output_len = match fft_type {
            FftType::Fft | FftType::Ifft => input_len,
            FftType::Rfft => complex_len,
            FftType::Irfft => args::product("the output's size", &[input_len / half.max(1), lengths[lengths.len() - 1]])?,
        };
        Ok(Shapes { fft_type, complex, lengths, input_len, output_len })
    }

    /// The index of the first transformed dimension.
    fn first_axis(&self) -> usize {
        self.complex.len() - self.lengths.len()
    }

    /// The number of independent transforms (the product of the leading dimensions).
    fn batch(&self) -> usize {
        self.complex[..self.first_axis()].iter().product()
    }

    /// The number of complex elements of one transform.
    fn complex_block(&self) -> usize {
        self.complex[self.first_axis()..].iter().product()
    }
}

/// Runs the transform of one call: reads the input, transforms per batch, writes the output.
///
/// # Safety
/// `input` and `output` hold `shapes.input_len` and `shapes.output_len` elements of their
/// types (complex `T` pairs or real `T`) and are the same buffer or disjoint.
unsafe fn transform<T: FftFloat>(shapes: &Shapes, input: *const T, output: *mut T, threads: usize) -> RtResult<()> {
    let batch = shapes.batch();
    let block = shapes.complex_block();
    if batch == 0 || block == 0 {
        return Ok(());
    }
    let (input, output) = (SendPtr(input as *mut T), SendPtr(output));
    // Scratch is one complex block per batch element, made per chunk of the batch.
    thread_pool::try_run_chunks(threads, batch, move |begin, end| {
        let mut work = args::try_vec(block, Complex::new(T::zero(), T::zero()))?;
        for b in begin..end {
            // SAFETY: batch elements are disjoint parts of the input and the output.
            unsafe { transform_one(shapes, input.get(), output.get(), b, &mut work)? };
        }
        Ok(())
    })
}

/// Transforms batch element `b` through `work` (one complex block).
///
/// # Safety
/// As for [`transform`]; `b` is less than the batch.
unsafe fn transform_one<T: FftFloat>(shapes: &Shapes, input: *mut T, output: *mut T, b: usize, work: &mut [Complex<T>]) -> RtResult<()> {
    let block = work.len();
    let dims = &shapes.complex[shapes.first_axis()..];
    let real_last = shapes.lengths[shapes.lengths.len() - 1];
    let complex_in = || args::slice(input.cast::<Complex<T>>().add(b * block), block);
    match shapes.fft_type {
        FftType::Fft | FftType::Ifft => {
            let inverse = shapes.fft_type == FftType::Ifft;
            work.copy_from_slice(complex_in());
            (0..dims.len()).rev().try_for_each(|axis| complex_axis(work, dims, axis, inverse))?;
            if inverse {
                normalize(work.iter_mut().flat_map(|c| [&mut c.re, &mut c.im]), &shapes.lengths);
            }
            args::slice_mut(output.cast::<Complex<T>>().add(b * block), block).copy_from_slice(work);
        }
        FftType::Rfft => {
            let lines = block / dims[dims.len() - 1];
            let real = args::slice(input.add(b * lines * real_last), lines * real_last);
            real_forward(real, work, real_last)?;
            (0..dims.len() - 1).rev().try_for_each(|axis| complex_axis(work, dims, axis, false))?;
            args::slice_mut(output.cast::<Complex<T>>().add(b * block), block).copy_from_slice(work);
        }
        FftType::Irfft => {
            let lines = block / dims[dims.len() - 1];
            work.copy_from_slice(complex_in());
            (0..dims.len() - 1).rev().try_for_each(|axis| complex_axis(work, dims, axis, true))?;
            let real = args::slice_mut(output.add(b * lines * real_last), lines * real_last);
            real_inverse(work, real, real_last)?;
            normalize(real.iter_mut(), &shapes.lengths);
        }
    }
    Ok(())
}

/// Divides every value by the product of `lengths`.
fn normalize<'a, T: FftFloat>(values: impl Iterator<Item = &'a mut T>, lengths: &[usize]) {
    let scale = T::one() / T::from_usize(lengths.iter().product()).unwrap_or_else(T::one);
    values.for_each(|v| *v = *v * scale);
}

/// Transforms `work` (a row-major array of shape `dims`) along `axis`.
fn complex_axis<T: FftFloat>(work: &mut [Complex<T>], dims: &[usize], axis: usize, inverse: bool) -> RtResult<()> {
    let len = dims[axis];
    let inner: usize = dims[axis + 1..].iter().product();
    let plan = T::planners().complex(len, inverse);
    let mut scratch = args::try_vec(plan.get_inplace_scratch_len(), Complex::new(T::zero(), T::zero()))?;
    if inner == 1 {
        // The lines are contiguous: rustfft transforms them all in one call.
        plan.process_with_scratch(work, &mut scratch);
        return Ok(());
    }
    let mut line = args::try_vec(len, Complex::new(T::zero(), T::zero()))?;
    for outer in work.chunks_mut(len * inner) {
        for j in 0..inner {
            line.iter_mut().enumerate().for_each(|(t, x)| *x = outer[t * inner + j]);
            plan.process_with_scratch(&mut line, &mut scratch);
            line.iter().enumerate().for_each(|(t, x)| outer[t * inner + j] = *x);
        }
    }
    Ok(())
}

/// The real-to-complex transform of each line of `len` reals into `work`'s lines.
fn real_forward<T: FftFloat>(real: &[T], work: &mut [Complex<T>], len: usize) -> RtResult<()> {
    let plan = T::planners().real.lock().unwrap_or_else(|p| p.into_inner()).plan_fft_forward(len);
    let mut scratch = plan.make_scratch_vec();
    let mut line = args::try_vec(len, T::zero())?;
    for (input, output) in real.chunks(len).zip(work.chunks_mut(len / 2 + 1)) {
        line.copy_from_slice(input);
        plan.process_with_scratch(&mut line, output, &mut scratch).map_err(|e| RtError::internal(e.to_string()))?;
    }
    Ok(())
}

/// The complex-to-real transform of `work`'s lines into lines of `len` reals. The
/// imaginary parts the transform ignores are zeroed first (`realfft` insists on it).
fn real_inverse<T: FftFloat>(work: &mut [Complex<T>], real: &mut [T], len: usize) -> RtResult<()> {
    let plan = T::planners().real.lock().unwrap_or_else(|p| p.into_inner()).plan_fft_inverse(len);
    let mut scratch = plan.make_scratch_vec();
    for (input, output) in work.chunks_mut(len / 2 + 1).zip(real.chunks_mut(len)) {
        input[0].im = T::zero();
        if len % 2 == 0 {
            input[len / 2].im = T::zero();
        }
        plan.process_with_scratch(input, output, &mut scratch).map_err(|e| RtError::internal(e.to_string()))?;
    }
    Ok(())
}

/// Validates one call and runs it.
#[allow(clippy::too_many_arguments)]
unsafe fn fft<T: FftFloat>(
    name: &str,
    fft_type: i32,
    input: *const T,
    output: *mut T,
    dims: *const i64,
    rank: i64,
    fft_length: *const i64,
    fft_rank: i64,
    opts: *const XlaRunOptions,
) -> i32 {
    guard(name, || {
        let fft_type = FftType::from_code(fft_type)?;
        let dims = args::read_array("dims", dims, args::size("rank", rank)?)?;
        let lengths = args::read_array("fft_length", fft_length, args::size("fft_rank", fft_rank)?)?;
        let options = RunOptions::from_ptr(opts)?;
        let shapes = Shapes::new(fft_type, &dims, &lengths)?;
        // Complex buffers hold two `T`s per element.
        let width = |complex: bool| if complex { 2 } else { 1 };
        let input_scalars = shapes.input_len * width(fft_type != FftType::Rfft);
        let output_scalars = shapes.output_len * width(fft_type != FftType::Irfft);
        args::buffer("input", input, input_scalars)?;
        args::buffer("output", output, output_scalars)?;
        args::same_or_disjoint(
            ("input", "output"),
            args::byte_range(input, input_scalars),
            args::byte_range(output as *const T, output_scalars),
        )?;
        transform(&shapes, input, output, options.threads)
    })
}

/// XLA's `Fft` in complex64: `fft_type` is 0 `FFT`, 1 `IFFT`, 2 `RFFT`, 3 `IRFFT`; `dims`
/// (`rank` entries) is the input's row-major shape; `fft_length` (`fft_rank` entries) the
/// transform lengths of the trailing dimensions. Complex buffers hold `float` pairs; real
/// ones (`RFFT`'s input, `IRFFT`'s output) hold `float`s.
///
/// # Safety
/// The buffers hold the elements the shapes say; `dims` and `fft_length` point to `rank`
/// and `fft_rank` values.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_fft_c64(
    fft_type: i32,
    input: *const f32,
    output: *mut f32,
    dims: *const i64,
    rank: i64,
    fft_length: *const i64,
    fft_rank: i64,
    opts: *const XlaRunOptions,
) -> i32 {
    fft("xla_rt_fft_c64", fft_type, input, output, dims, rank, fft_length, fft_rank, opts)
}

/// [`xla_rt_fft_c64`] in complex128 (`double` pairs; real buffers of `double`).
///
/// # Safety
/// As for [`xla_rt_fft_c64`].
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn xla_rt_fft_c128(
    fft_type: i32,
    input: *const f64,
    output: *mut f64,
    dims: *const i64,
    rank: i64,
    fft_length: *const i64,
    fft_rank: i64,
    opts: *const XlaRunOptions,
) -> i32 {
    fft("xla_rt_fft_c128", fft_type, input, output, dims, rank, fft_length, fft_rank, opts)
}
