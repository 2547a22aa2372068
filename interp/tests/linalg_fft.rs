//! Fourier transforms, linear algebra and batch normalization through whole programs:
//! `hlo.fft` (FFT, IFFT, RFFT, IRFFT, over one and two dimensions), `hlo.cholesky` (lower,
//! upper, complex, not positive definite), `hlo.triangular_solve` (every side, triangle,
//! transpose option and unit diagonal, batched) and the three batch normalization ops.
//!
//! Expected values were derived by hand or computed with NumPy in `f64` (`numpy.fft`,
//! `numpy.linalg`, and the batch normalization formulas of XLA's operation semantics).

mod support;

use num_complex::Complex64;
use support::*;
use xla_interp::{ElementType, Elements, Literal, Value};
use xla_ir::FloatKind;

/// A literal of `complex<f64>` numbers given as (real, imaginary) pairs.
fn c128s(shape: &[i64], values: &[(f64, f64)]) -> Value {
    let elements = Elements::Complex(values.iter().map(|&(re, im)| Complex64::new(re, im)).collect());
    Literal::new(ElementType::Complex(FloatKind::F64), shape.to_vec(), elements).into()
}

/// A literal of `f64` numbers.
fn f64s(shape: &[i64], values: &[f64]) -> Value {
    Literal::new(ElementType::F64, shape.to_vec(), Elements::Float(values.to_vec())).into()
}

/// The complex elements of a tensor value as (real, imaginary) pairs.
fn complexes(value: &Value) -> Vec<(f64, f64)> {
    match &value.tensor().expect("a tensor").elements {
        Elements::Complex(values) => values.iter().map(|z| (z.re, z.im)).collect(),
        other => panic!("not complex: {other:?}"),
    }
}

fn assert_close(actual: &[f64], expected: &[f64], tolerance: f64) {
    assert_eq!(actual.len(), expected.len(), "{actual:?} vs {expected:?}");
    for (i, (a, e)) in actual.iter().zip(expected).enumerate() {
        assert!((a - e).abs() <= tolerance * e.abs().max(1.0), "element {i}: {a} vs {e}\n{actual:?}\n{expected:?}");
    }
}

fn assert_close_complex(actual: &[(f64, f64)], expected: &[(f64, f64)], tolerance: f64) {
    let flat = |v: &[(f64, f64)]| v.iter().flat_map(|&(re, im)| [re, im]).collect::<Vec<_>>();
    assert_close(&flat(actual), &flat(expected), tolerance);
}

#[test]
fn fft_and_ifft_invert_each_other() {
    let text = r#"
func.func @main(%x: tensor<4xcomplex<f64>>) -> (tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>) {
  %0 = hlo.fft %x, type = FFT, length = [4] : (tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>>
  %1 = hlo.fft %0, type = IFFT, length = [4] : (tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>>
  func.return %0, %1 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
}"#;
    let x = c128s(&[4], &[(1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0)]);
    let results = run(text, vec![x]).expect("runs");
    assert_close_complex(&complexes(&results[0]), &[(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0), (-2.0, -2.0)], 1e-12);
    assert_close_complex(&complexes(&results[1]), &[(1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0)], 1e-12);
}

#[test]
fn two_dimensional_fft() {
    let text = r#"
func.func @main(%x: tensor<2x4xcomplex<f64>>) -> tensor<2x4xcomplex<f64>> {
  %0 = hlo.fft %x, type = FFT, length = [2, 4] : (tensor<2x4xcomplex<f64>>) -> tensor<2x4xcomplex<f64>>
  func.return %0 : tensor<2x4xcomplex<f64>>
}"#;
    let x = c128s(
        &[2, 4],
        &[(1.0, 0.0), (2.0, -1.0), (0.0, 0.0), (0.0, 3.0), (0.0, 1.0), (-1.0, 0.0), (2.0, 0.0), (0.5, 0.0)],
    );
    let results = run(text, vec![x]).expect("runs");
    let expected =
        [(4.5, 3.0), (-5.0, 0.5), (1.5, -1.0), (3.0, 1.5), (1.5, 1.0), (-1.0, -4.5), (-3.5, -3.0), (7.0, 2.5)];
    assert_close_complex(&complexes(&results[0]), &expected, 1e-12);
}

#[test]
fn rfft_keeps_half_the_spectrum_and_irfft_restores_the_signal() {
    let text = r#"
func.func @main(%x: tensor<5xf64>) -> (tensor<3xcomplex<f64>>, tensor<5xf64>) {
  %0 = hlo.fft %x, type = RFFT, length = [5] : (tensor<5xf64>) -> tensor<3xcomplex<f64>>
  %1 = hlo.fft %0, type = IRFFT, length = [5] : (tensor<3xcomplex<f64>>) -> tensor<5xf64>
  func.return %0, %1 : tensor<3xcomplex<f64>>, tensor<5xf64>
}"#;
    let results = run(text, vec![f64s(&[5], &[1.0, 2.0, 3.0, 4.0, 5.0])]).expect("runs");
    let expected = [(15.0, 0.0), (-2.5, 3.4409548011779334), (-2.5, 0.8122992405822659)];
    assert_close_complex(&complexes(&results[0]), &expected, 1e-12);
    assert_close(&floats(&results[1]), &[1.0, 2.0, 3.0, 4.0, 5.0], 1e-12);
}

#[test]
fn irfft_ignores_the_imaginary_parts_of_its_real_entries() {
    // The imaginary parts of the zero-frequency entry and (for an even length) the Nyquist
    // entry cannot belong to a real signal's spectrum; NumPy's irfft drops them too.
    let text = r#"
func.func @main(%x: tensor<4xcomplex<f64>>, %y: tensor<3xcomplex<f64>>) -> (tensor<6xf64>, tensor<5xf64>) {
  %0 = hlo.fft %x, type = IRFFT, length = [6] : (tensor<4xcomplex<f64>>) -> tensor<6xf64>
  %1 = hlo.fft %y, type = IRFFT, length = [5] : (tensor<3xcomplex<f64>>) -> tensor<5xf64>
  func.return %0, %1 : tensor<6xf64>, tensor<5xf64>
}"#;
    let x = c128s(&[4], &[(1.0, 5.0), (2.0, 1.0), (0.0, -1.0), (3.0, -7.0)]);
    let y = c128s(&[3], &[(2.0, 0.0), (1.0, -1.0), (0.0, 0.5)]);
    let results = run(text, vec![x, y]).expect("runs");
    let expected = [1.3333333333333333, 0.0, -0.2440169358562924, -1.0, 0.910683602522959, 0.0];
    assert_close(&floats(&results[0]), &expected, 1e-12);
    let expected = [0.8, 0.7864723538095458, 0.501718606426041, -0.348932201925999, 0.2607412416904122];
    assert_close(&floats(&results[1]), &expected, 1e-12);
}

#[test]
fn two_dimensional_rfft_and_irfft_in_f32() {
    let text = r#"
func.func @main(%x: tensor<2x4xf32>) -> (tensor<2x3xcomplex<f32>>, tensor<2x4xf32>) {
  %0 = hlo.fft %x, type = RFFT, length = [2, 4] : (tensor<2x4xf32>) -> tensor<2x3xcomplex<f32>>
  %1 = hlo.fft %0, type = IRFFT, length = [2, 4] : (tensor<2x3xcomplex<f32>>) -> tensor<2x4xf32>
  func.return %0, %1 : tensor<2x3xcomplex<f32>>, tensor<2x4xf32>
}"#;
    let x = [1.0, 0.0, 2.0, -1.0, 3.0, 1.0, 0.0, 2.0];
    let results = run(text, vec![f32s(&[2, 4], &x)]).expect("runs");
    let expected = [(8.0, 0.0), (2.0, 0.0), (4.0, 0.0), (-4.0, 0.0), (-4.0, -2.0), (4.0, 0.0)];
    assert_close_complex(&complexes(&results[0]), &expected, 1e-6);
    let x64: Vec<f64> = x.iter().map(|&v| f64::from(v)).collect();
    assert_close(&floats(&results[1]), &x64, 1e-6);
}

#[test]
fn cholesky_reads_one_triangle_and_zeroes_the_other() {
    // The lower factor of [[4, 12, -16], [12, 37, -43], [-16, -43, 98]] is
    // [[2, 0, 0], [6, 1, 0], [-8, 5, 3]]; the 99s lie in the triangle that is not read.
    let text = r#"
func.func @main(%l: tensor<3x3xf32>, %u: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>) {
  %0 = hlo.cholesky %l, lower = true : tensor<3x3xf32>
  %1 = hlo.cholesky %u, lower = false : tensor<3x3xf32>
  func.return %0, %1 : tensor<3x3xf32>, tensor<3x3xf32>
}"#;
    let lower = f32s(&[3, 3], &[4.0, 99.0, 99.0, 12.0, 37.0, 99.0, -16.0, -43.0, 98.0]);
    let upper = f32s(&[3, 3], &[4.0, 12.0, -16.0, 99.0, 37.0, -43.0, 99.0, 99.0, 98.0]);
    let results = run(text, vec![lower, upper]).expect("runs");
    assert_eq!(floats(&results[0]), vec![2.0, 0.0, 0.0, 6.0, 1.0, 0.0, -8.0, 5.0, 3.0]);
    assert_eq!(floats(&results[1]), vec![2.0, 6.0, -8.0, 0.0, 1.0, 5.0, 0.0, 0.0, 3.0]);
}

#[test]
fn cholesky_of_a_matrix_that_is_not_positive_definite_is_nan() {
    // The second matrix of the batch, [[1, 2], [2, 1]], has a negative eigenvalue; the
    // first is unaffected.
    let text = r#"
func.func @main(%a: tensor<2x2x2xf32>) -> tensor<2x2x2xf32> {
  %0 = hlo.cholesky %a, lower = true : tensor<2x2x2xf32>
  func.return %0 : tensor<2x2x2xf32>
}"#;
    let results = run(text, vec![f32s(&[2, 2, 2], &[9.0, 0.0, 3.0, 5.0, 1.0, 2.0, 2.0, 1.0])]).expect("runs");
    let values = floats(&results[0]);
    assert_eq!(&values[..4], &[3.0, 0.0, 1.0, 2.0]);
    assert!(values[4..].iter().all(|v| v.is_nan()), "{values:?}");
}

#[test]
fn cholesky_of_hermitian_matrices() {
    let text = r#"
func.func @main(%a: tensor<3x3xcomplex<f64>>) -> (tensor<3x3xcomplex<f64>>, tensor<3x3xcomplex<f64>>) {
  %0 = hlo.cholesky %a, lower = true : tensor<3x3xcomplex<f64>>
  %1 = hlo.cholesky %a, lower = false : tensor<3x3xcomplex<f64>>
  func.return %0, %1 : tensor<3x3xcomplex<f64>>, tensor<3x3xcomplex<f64>>
}"#;
    #[rustfmt::skip]
    let a = c128s(&[3, 3], &[
        (4.0, 0.0), (0.0, 2.0), (1.0, 0.0),
        (0.0, -2.0), (5.0, 0.0), (1.0, 1.0),
        (1.0, 0.0), (1.0, -1.0), (6.0, 0.0),
    ]);
    let results = run(text, vec![a]).expect("runs");
    let d = 2.222048604328897;
    #[rustfmt::skip]
    let lower = [(2.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, -1.0), (2.0, 0.0), (0.0, 0.0), (0.5, 0.0), (0.5, -0.75), (d, 0.0)];
    #[rustfmt::skip]
    let upper = [(2.0, 0.0), (0.0, 1.0), (0.5, 0.0), (0.0, 0.0), (2.0, 0.0), (0.5, 0.75), (0.0, 0.0), (0.0, 0.0), (d, 0.0)];
    assert_close_complex(&complexes(&results[0]), &lower, 1e-12);
    assert_close_complex(&complexes(&results[1]), &upper, 1e-12);
}

#[test]
fn triangular_solve_every_side_triangle_and_transpose() {
    // a's lower triangle is [[2, 0, 0], [1, 3, 0], [4, 5, 6]], its upper one
    // [[2, 1, 3], [0, 3, 2], [0, 0, 6]]; the other triangle is never read.
    let text = r#"
func.func @main(%a: tensor<3x3xf64>, %b: tensor<3x2xf64>, %c: tensor<2x3xf64>) -> (tensor<3x2xf64>, tensor<3x2xf64>, tensor<3x2xf64>, tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>) {
  %0 = hlo.triangular_solve %a, %b, left_side = true, lower = true, unit_diagonal = false, transpose_a = NO_TRANSPOSE : (tensor<3x3xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>
  %1 = hlo.triangular_solve %a, %b, left_side = true, lower = false, unit_diagonal = false, transpose_a = TRANSPOSE : (tensor<3x3xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>
  %2 = hlo.triangular_solve %a, %b, left_side = true, lower = true, unit_diagonal = true, transpose_a = TRANSPOSE : (tensor<3x3xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>
  %3 = hlo.triangular_solve %a, %c, left_side = false, lower = true, unit_diagonal = false, transpose_a = NO_TRANSPOSE : (tensor<3x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  %4 = hlo.triangular_solve %a, %c, left_side = false, lower = false, unit_diagonal = false, transpose_a = NO_TRANSPOSE : (tensor<3x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  %5 = hlo.triangular_solve %a, %c, left_side = false, lower = false, unit_diagonal = true, transpose_a = ADJOINT : (tensor<3x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  func.return %0, %1, %2, %3, %4, %5 : tensor<3x2xf64>, tensor<3x2xf64>, tensor<3x2xf64>, tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>
}"#;
    let a = f64s(&[3, 3], &[2.0, 1.0, 3.0, 1.0, 3.0, 2.0, 4.0, 5.0, 6.0]);
    let b = f64s(&[3, 2], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let c = f64s(&[2, 3], &[1.0, 3.0, 5.0, 2.0, 4.0, 6.0]);
    let results = run(text, vec![a, b, c]).expect("runs");
    let expected: [&[f64]; 6] = [
        &[0.5, 1.0, 0.8333333333333333, 1.0, -0.1944444444444444, -0.5],
        &[0.5, 1.0, 0.8333333333333334, 1.0, 0.3055555555555556, 0.1666666666666667],
        &[3.0, 4.0, -22.0, -26.0, 5.0, 6.0],
        &[-0.9722222222222222, -0.3888888888888887, 0.8333333333333333, -0.8333333333333334, -0.3333333333333333, 1.0],
        &[0.5, 0.8333333333333333, 0.30555555555555547, 1.0, 1.0, 0.16666666666666669],
        &[-7.0, -7.0, 5.0, -8.0, -8.0, 6.0],
    ];
    for (i, expected) in expected.iter().enumerate() {
        assert_close(&floats(&results[i]), expected, 1e-12);
    }
}

#[test]
fn triangular_solve_with_complex_adjoints_in_batches() {
    // A batch of two equal systems, to check that every matrix of the batch is solved.
    let text = r#"
func.func @main(%a: tensor<2x3x3xcomplex<f64>>, %b: tensor<2x3x2xcomplex<f64>>, %c: tensor<2x2x3xcomplex<f64>>) -> (tensor<2x3x2xcomplex<f64>>, tensor<2x2x3xcomplex<f64>>, tensor<2x3x2xcomplex<f64>>) {
  %0 = hlo.triangular_solve %a, %b, left_side = true, lower = true, unit_diagonal = false, transpose_a = ADJOINT : (tensor<2x3x3xcomplex<f64>>, tensor<2x3x2xcomplex<f64>>) -> tensor<2x3x2xcomplex<f64>>
  %1 = hlo.triangular_solve %a, %c, left_side = false, lower = false, unit_diagonal = false, transpose_a = ADJOINT : (tensor<2x3x3xcomplex<f64>>, tensor<2x2x3xcomplex<f64>>) -> tensor<2x2x3xcomplex<f64>>
  %2 = hlo.triangular_solve %a, %b, left_side = true, lower = false, unit_diagonal = false, transpose_a = TRANSPOSE : (tensor<2x3x3xcomplex<f64>>, tensor<2x3x2xcomplex<f64>>) -> tensor<2x3x2xcomplex<f64>>
  func.return %0, %1, %2 : tensor<2x3x2xcomplex<f64>>, tensor<2x2x3xcomplex<f64>>, tensor<2x3x2xcomplex<f64>>
}"#;
    #[rustfmt::skip]
    let a: Vec<(f64, f64)> = [
        (2.0, 0.0), (0.0, 1.0), (3.0, 0.0),
        (1.0, -1.0), (0.0, 3.0), (2.0, 0.0),
        (4.0, 0.0), (5.0, 2.0), (1.0, -1.0),
    ].repeat(2);
    let b: Vec<(f64, f64)> = [(1.0, 1.0), (2.0, 0.0), (3.0, 0.0), (0.0, -1.0), (0.5, 0.0), (6.0, 0.0)].repeat(2);
    // c is b transposed, per matrix.
    let c: Vec<(f64, f64)> = [(1.0, 1.0), (3.0, 0.0), (0.5, 0.0), (2.0, 0.0), (0.0, -1.0), (6.0, 0.0)].repeat(2);
    let results = run(text, vec![c128s(&[2, 3, 3], &a), c128s(&[2, 3, 2], &b), c128s(&[2, 2, 3], &c)]).expect("runs");
    let left_lower_adjoint = [
        (0.6666666666666666, 0.9166666666666666),
        (-3.166666666666667, 10.833333333333332),
        (-0.5833333333333333, 0.75),
        (-6.666666666666666, -3.0),
        (0.25, -0.25),
        (3.0, -3.0),
    ];
    let right_upper_adjoint = [
        (-0.29166666666666663, 0.7916666666666667),
        (-0.16666666666666666, 0.8333333333333333),
        (0.25, -0.25),
        (-2.5, 3.666666666666667),
        (-1.6666666666666665, -2.0),
        (3.0, -3.0),
    ];
    let left_upper_transpose = [
        (0.5, 0.5),
        (1.0, 0.0),
        (-0.16666666666666663, -1.1666666666666667),
        (-0.6666666666666665, 0.0),
        (-0.75, 0.08333333333333333),
        (2.166666666666667, 2.166666666666667),
    ];
    assert_close_complex(&complexes(&results[0]), &left_lower_adjoint.repeat(2), 1e-12);
    assert_close_complex(&complexes(&results[1]), &right_upper_adjoint.repeat(2), 1e-12);
    assert_close_complex(&complexes(&results[2]), &left_upper_transpose.repeat(2), 1e-12);
}

/// The batch normalization tests' operand: 3x2x2, features along dimension 1.
const BATCH_NORM_X: [f32; 12] = [1.0, 2.0, 10.0, -3.0, 4.0, 0.0, 5.0, 7.0, -2.0, 3.0, 0.0, 6.0];

#[test]
fn batch_norm_training_normalizes_with_the_batch_statistics() {
    let text = r#"
func.func @main(%x: tensor<3x2x2xf32>, %scale: tensor<2xf32>, %offset: tensor<2xf32>) -> (tensor<3x2x2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %0:3 = hlo.batch_norm_training %x, %scale, %offset, epsilon = 0.001, feature_index = 1 : (tensor<3x2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<3x2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  func.return %0#0, %0#1, %0#2 : tensor<3x2x2xf32>, tensor<2xf32>, tensor<2xf32>
}"#;
    let args = vec![f32s(&[3, 2, 2], &BATCH_NORM_X), f32s(&[2], &[2.0, 0.5]), f32s(&[2], &[1.0, -1.0])];
    let results = run(text, args).expect("runs");
    #[rustfmt::skip]
    let y = [
        0.6619817614555359, 1.6760364770889282, -0.3333205282688141, -1.819063425064087,
        3.704145908355713, -0.35207298398017883, -0.9047600626945496, -0.6761842370033264,
        -2.3801825046539307, 2.690091133117676, -1.4761996269226074, -0.790472149848938,
    ];
    assert_close(&floats(&results[0]), &y, 1e-6);
    assert_close(&floats(&results[1]), &[1.3333333333333333, 4.166666666666667], 1e-6);
    assert_close(&floats(&results[2]), &[3.888888888888889, 19.13888888888889], 1e-6);
}

#[test]
fn batch_norm_inference_normalizes_with_given_statistics() {
    let text = r#"
func.func @main(%x: tensor<3x2x2xf32>, %scale: tensor<2xf32>, %offset: tensor<2xf32>, %mean: tensor<2xf32>, %var: tensor<2xf32>) -> tensor<3x2x2xf32> {
  %0 = hlo.batch_norm_inference %x, %scale, %offset, %mean, %var, epsilon = 0.001, feature_index = 1 : (tensor<3x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<3x2x2xf32>
  func.return %0 : tensor<3x2x2xf32>
}"#;
    let args = vec![
        f32s(&[3, 2, 2], &BATCH_NORM_X),
        f32s(&[2], &[2.0, 0.5]),
        f32s(&[2], &[1.0, -1.0]),
        f32s(&[2], &[1.0, 2.0]),
        f32s(&[2], &[4.0, 0.25]),
    ];
    let results = run(text, args).expect("runs");
    #[rustfmt::skip]
    let y = [
        1.0, 1.9998750686645508, 6.984047889709473, -5.990029811859131,
        3.9996249675750732, 0.00012497657735366374, 1.9940179586410522, 3.990029811859131,
        -1.9996250867843628, 2.9997501373291016, -2.996011972427368, 2.9920239448547363,
    ];
    assert_close(&floats(&results[0]), &y, 1e-6);
}

#[test]
fn batch_norm_grad_follows_the_operation_semantics() {
    let text = r#"
func.func @main(%x: tensor<3x2x2xf32>, %scale: tensor<2xf32>, %dy: tensor<3x2x2xf32>) -> (tensor<3x2x2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<2xf32>
  %t:3 = hlo.batch_norm_training %x, %scale, %zero, epsilon = 0.001, feature_index = 1 : (tensor<3x2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<3x2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  %0:3 = hlo.batch_norm_grad %x, %scale, %t#1, %t#2, %dy, epsilon = 0.001, feature_index = 1 : (tensor<3x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3x2x2xf32>) -> (tensor<3x2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  func.return %0#0, %0#1, %0#2 : tensor<3x2x2xf32>, tensor<2xf32>, tensor<2xf32>
}"#;
    let dy = [0.5, -1.0, 2.0, 1.0, 0.0, 1.0, -1.0, 3.0, 1.0, 1.0, 0.5, -2.0];
    let args = vec![f32s(&[3, 2, 2], &BATCH_NORM_X), f32s(&[2], &[2.0, 0.5]), f32s(&[3, 2, 2], &dy)];
    let results = run(text, args).expect("runs");
    #[rustfmt::skip]
    let grad_operand = [
        0.02898726798593998, -1.32554292678833, 0.1246570497751236, 0.09338526427745819,
        0.021615536883473396, 0.3694627583026886, -0.18627740442752838, 0.25810253620147705,
        0.03635900095105171, 0.8691183924674988, 0.01708373986184597, -0.3069511651992798,
    ];
    assert_close(&floats(&results[0]), &grad_operand, 1e-5);
    assert_close(&floats(&results[1]), &[-1.9436049461364746, 1.4666948318481445], 1e-5);
    assert_close(&floats(&results[2]), &[2.5, 3.5], 1e-6);
}
