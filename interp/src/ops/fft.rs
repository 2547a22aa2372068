//! `hlo.fft`: XLA's `Fft`, the discrete Fourier transforms over the innermost one to three
//! dimensions.
//!
//! XLA's semantics kept here, with `n = fft_length.len()` transformed dimensions:
//! - `FFT` is the forward complex transform, `X[k] = sum_j x[j] e^(-2 pi i jk / N)` along
//!   each transformed dimension; `IFFT` the inverse, `e^(+2 pi i jk / N)`, divided by `N`
//!   (so `IFFT(FFT(x)) == x`); both keep the shape;
//! - `RFFT` transforms real data: the forward transform whose innermost dimension keeps only
//!   `fft_length[-1] / 2 + 1` entries (the rest mirror them as complex conjugates); the
//!   innermost dimension is transformed first, then the others;
//! - `IRFFT` inverts `RFFT`: the other dimensions are inverse-transformed first, then the
//!   innermost one, completed by conjugate symmetry to `fft_length[-1]` entries, to real
//!   numbers (the imaginary parts of its zero and Nyquist entries do not matter).
//!
//! The transforms run in `f64` (`rustfft`) and each part is rounded once to the result's
//! element type.

use std::rc::Rc;

use num_complex::Complex64;
use rustfft::FftPlanner;
use xla_dialects::hlo::{FftOp, FftType};

use crate::element::ElementType;
use crate::error::{EvalError, EvalResult};
use crate::index::{num_elements, row_major_strides};
use crate::interpreter::OpCx;
use crate::literal::{Elements, Literal};
use crate::ops::support::{complex_literal, real_literal, tensor, to_usize};
use crate::value::Value;

/// A direction of transform.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Direction {
    Forward,
    /// Inverse, divided by the length.
    Inverse,
}

pub(super) fn fft(cx: &mut OpCx, op: FftOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let body = cx.body();
    let operand = tensor(operands, 0)?;
    let lengths = op.fft_length(body).iter().map(|&l| to_usize(l, "an fft_length")).collect::<Result<Vec<_>, _>>()?;
    if !(1..=3).contains(&lengths.len()) {
        return Err(EvalError::new(format!("fft_length must have 1 to 3 entries, found {}", lengths.len())));
    }
    let fft_type = op.fft_type(body);
    let rank = operand.rank();
    let first = rank.checked_sub(lengths.len()).ok_or_else(|| {
        format!(
            "a {}-d transform needs rank {} or more, the operand is {}",
            lengths.len(),
            lengths.len(),
            operand.shape_string()
        )
    })?;
    let axes: Vec<usize> = (first..rank).collect();
    let element = cx.result_element(0)?;
    let mut planner = FftPlanner::new();
    let result = match fft_type {
        FftType::Fft | FftType::Ifft => {
            check_lengths(operand, &axes, &lengths, lengths.len())?;
            let direction = if fft_type == FftType::Fft { Direction::Forward } else { Direction::Inverse };
            let mut data = complex_elements(operand)?;
            for &axis in axes.iter().rev() {
                transform_axis(&mut planner, &mut data, &operand.shape, axis, direction);
            }
            complex_literal(data, element, operand.shape.clone())?
        }
        FftType::Rfft => rfft(&mut planner, operand, &axes, &lengths, element)?,
        FftType::Irfft => irfft(&mut planner, operand, &axes, &lengths, element)?,
    };
    Ok(vec![result.into()])
}

/// Checks that the first `count` transformed dimensions of `operand` have their lengths.
fn check_lengths(operand: &Literal, axes: &[usize], lengths: &[usize], count: usize) -> EvalResult<()> {
    for (&axis, &length) in axes.iter().zip(lengths).take(count) {
        if operand.shape[axis] as usize != length {
            return Err(EvalError::new(format!(
                "dimension {axis} of the operand {} must have the fft_length {length}",
                operand.shape_string()
            )));
        }
    }
    Ok(())
}

fn rfft(
    planner: &mut FftPlanner<f64>,
    operand: &Literal,
    axes: &[usize],
    lengths: &[usize],
    element: ElementType,
) -> EvalResult<Literal> {
    check_lengths(operand, axes, lengths, lengths.len())?;
    let reals = operand.floats().ok_or("RFFT needs real operands")?;
    let mut data: Vec<Complex64> = reals.iter().map(|&re| Complex64::new(re, 0.0)).collect();
    let (&last_axis, outer_axes) = axes.split_last().ok_or("fft_length is empty")?;
    transform_axis(planner, &mut data, &operand.shape, last_axis, Direction::Forward);
    let length = lengths[lengths.len() - 1];
    let kept = if length == 0 { 0 } else { length / 2 + 1 };
    let mut shape = operand.shape.clone();
    shape[last_axis] = kept as i64;
    let mut data: Vec<Complex64> = if length == 0 {
        Vec::new()
    } else {
        data.chunks_exact(length).flat_map(|line| line[..kept].iter().copied()).collect()
    };
    for &axis in outer_axes.iter().rev() {
        transform_axis(planner, &mut data, &shape, axis, Direction::Forward);
    }
    Ok(complex_literal(data, element, shape)?)
}

fn irfft(
    planner: &mut FftPlanner<f64>,
    operand: &Literal,
    axes: &[usize],
    lengths: &[usize],
    element: ElementType,
) -> EvalResult<Literal> {
    check_lengths(operand, axes, lengths, lengths.len() - 1)?;
    let (&last_axis, outer_axes) = axes.split_last().ok_or("fft_length is empty")?;
    let length = lengths[lengths.len() - 1];
    let given = operand.shape[last_axis] as usize;
    let mut shape = operand.shape.clone();
    shape[last_axis] = length as i64;
    if length == 0 || num_elements(&shape) == 0 {
        return Ok(Literal::new(element, shape, Elements::Float(Vec::new())));
    }
    if given != length / 2 + 1 {
        return Err(EvalError::new(format!(
            "IRFFT of length {length} needs {} entries in the innermost dimension, the operand is {}",
            length / 2 + 1,
            operand.shape_string()
        )));
    }
    let mut data = complex_elements(operand)?;
    for &axis in outer_axes.iter().rev() {
        transform_axis(planner, &mut data, &operand.shape, axis, Direction::Inverse);
    }
    let mut full: Vec<Complex64> = data.chunks_exact(given).flat_map(|line| hermitian_line(line, length)).collect();
    transform_axis(planner, &mut full, &shape, last_axis, Direction::Inverse);
    Ok(real_literal(full.iter().map(|z| z.re).collect(), element, shape)?)
}

/// The `length` entries of the spectrum of a real signal whose first `length / 2 + 1`
/// entries are `line`: `X[k] = conj(X[length - k])` above the middle.
fn hermitian_line(line: &[Complex64], length: usize) -> Vec<Complex64> {
    (0..length).map(|k| if k < line.len() { line[k] } else { line[length - k].conj() }).collect()
}

/// Transforms every line of `data` (of `shape`, row-major) along `axis`.
fn transform_axis(
    planner: &mut FftPlanner<f64>,
    data: &mut [Complex64],
    shape: &[i64],
    axis: usize,
    direction: Direction,
) {
    let length = shape[axis] as usize;
    if length == 0 || data.is_empty() {
        return;
    }
    let plan = match direction {
        Direction::Forward => planner.plan_fft_forward(length),
        Direction::Inverse => planner.plan_fft_inverse(length),
    };
    let stride = row_major_strides(shape)[axis] as usize;
    let mut line = vec![Complex64::new(0.0, 0.0); length];
    // Lines start at every position whose index along `axis` is 0.
    for block in (0..data.len()).step_by(stride * length) {
        for start in block..block + stride {
            for (j, value) in line.iter_mut().enumerate() {
                *value = data[start + j * stride];
            }
            plan.process(&mut line);
            for (j, value) in line.iter().enumerate() {
                data[start + j * stride] = match direction {
                    Direction::Forward => *value,
                    Direction::Inverse => *value / length as f64,
                };
            }
        }
    }
}

/// The complex elements of `operand`.
fn complex_elements(operand: &Literal) -> EvalResult<Vec<Complex64>> {
    match &operand.elements {
        Elements::Complex(values) => Ok(values.clone()),
        _ => Err(EvalError::new(format!(
            "the transform needs complex elements, the operand is {}",
            operand.shape_string()
        ))),
    }
}
