//! Sums of products through whole programs: `hlo.dot`, `hlo.dot_general` (batching,
//! permuted dimensions, integer wrap-around, one rounding of narrow floats, complex
//! numbers, a large product) and `hlo.convolution` (padding, both dilations, strides,
//! feature and batch groups, window reversal, dimension numbers).
//!
//! Inputs are regular patterns, `(i % modulus) - offset` over row-major positions `i`;
//! expected values were computed with NumPy's `einsum` and JAX's
//! `lax.conv_general_dilated` (XLA on the CPU).

mod support;

use num_complex::Complex64;
use support::*;
use xla_interp::{ElementType, Elements, Literal, Value};

/// The f32 literal of `shape` whose element `i` is `(i % modulus) - offset`.
fn pattern(shape: &[i64], modulus: i64, offset: i64) -> Value {
    let count: i64 = shape.iter().product();
    let values: Vec<f32> = (0..count).map(|i| (i % modulus - offset) as f32).collect();
    f32s(shape, &values)
}

#[test]
fn dot_general_contracts_within_each_batch() {
    let text = r#"
func.func @main(%a: tensor<2x2x3xf32>, %b: tensor<2x3x2xf32>) -> tensor<2x2x2xf32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x2x3xf32>, tensor<2x3x2xf32>) -> tensor<2x2x2xf32>
  func.return %0 : tensor<2x2x2xf32>
}"#;
    let a: Vec<f32> = (0..12).map(|i| i as f32 - 4.0).collect();
    let b: Vec<f32> = (0..12).map(|i| i as f32 * 0.5).collect();
    let results = run(text, vec![f32s(&[2, 2, 3], &a), f32s(&[2, 3, 2], &b)]).expect("runs");
    assert_eq!(floats(&results[0]), vec![-7.0, -11.5, 2.0, 2.0, 38.0, 42.5, 74.0, 83.0]);
}

#[test]
fn dot_general_takes_dimensions_in_any_position() {
    // lhs is [k, batch, m], rhs [batch, n, k]: the result is [batch, m, n].
    let text = r#"
func.func @main(%a: tensor<3x2x4xf32>, %b: tensor<2x5x3xf32>) -> tensor<2x4x5xf32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [1] x [0], contracting_dims = [0] x [2] : (tensor<3x2x4xf32>, tensor<2x5x3xf32>) -> tensor<2x4x5xf32>
  func.return %0 : tensor<2x4x5xf32>
}"#;
    let results = run(text, vec![pattern(&[3, 2, 4], 5, 2), pattern(&[2, 5, 3], 7, 3)]).expect("runs");
    #[rustfmt::skip]
    let expected = vec![
        5.0, -1.0, -7.0, 1.0, 2.0, -1.0, 2.0, -9.0, 1.0, 4.0, 3.0, 0.0, 4.0, 1.0, -9.0, -3.0, 3.0, 2.0, 1.0, -7.0,
        -4.0, -4.0, -4.0, -4.0, 10.0, 3.0, -3.0, 5.0, -1.0, -7.0, 0.0, 3.0, -1.0, 2.0, -9.0, 2.0, -1.0, 3.0, 0.0, 4.0,
    ];
    assert_eq!(floats(&results[0]), expected);
}

#[test]
fn dot_multiplies_vectors_and_matrices() {
    let text = r#"
func.func @main(%m: tensor<2x3xf32>, %v: tensor<3xf32>, %n: tensor<3x2xf32>) -> (tensor<f32>, tensor<2xf32>, tensor<2xf32>, tensor<2x2xf32>) {
  %0 = hlo.dot %v, %v : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  %1 = hlo.dot %m, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  %2 = hlo.dot %v, %n : (tensor<3xf32>, tensor<3x2xf32>) -> tensor<2xf32>
  %3 = hlo.dot %m, %n : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  func.return %0, %1, %2, %3 : tensor<f32>, tensor<2xf32>, tensor<2xf32>, tensor<2x2xf32>
}"#;
    let m = f32s(&[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let v = f32s(&[3], &[1.0, -1.0, 2.0]);
    let n = f32s(&[3, 2], &[1.0, 0.0, 0.0, 1.0, 2.0, -1.0]);
    let results = run(text, vec![m, v, n]).expect("runs");
    assert_eq!(floats(&results[0]), vec![6.0]);
    assert_eq!(floats(&results[1]), vec![5.0, 11.0]);
    assert_eq!(floats(&results[2]), vec![5.0, -3.0]);
    assert_eq!(floats(&results[3]), vec![7.0, -1.0, 16.0, -1.0]);
}

#[test]
fn integer_dots_wrap_at_the_element_width() {
    let text = r#"
func.func @main() -> (tensor<2xi8>, tensor<i32>, tensor<ui8>) {
  %a = hlo.constant dense<[[100, 100], [-128, -1]]> : tensor<2x2xi8>
  %b = hlo.constant dense<[1, 1]> : tensor<2xi8>
  %0 = hlo.dot %a, %b : (tensor<2x2xi8>, tensor<2xi8>) -> tensor<2xi8>
  %c = hlo.constant dense<[65536, 65536, 3]> : tensor<3xi32>
  %1 = hlo.dot %c, %c : (tensor<3xi32>, tensor<3xi32>) -> tensor<i32>
  %u = hlo.constant dense<[200, 100]> : tensor<2xui8>
  %w = hlo.constant dense<[2, 1]> : tensor<2xui8>
  %2 = hlo.dot %u, %w : (tensor<2xui8>, tensor<2xui8>) -> tensor<ui8>
  func.return %0, %1, %2 : tensor<2xi8>, tensor<i32>, tensor<ui8>
}"#;
    let results = run(text, vec![]).expect("runs");
    // 200 wraps to -56 and -129 to 127 in 8 bits; 2^32 + 2^32 + 9 is 9 in 32 bits;
    // 500 is 244 in 8 unsigned bits.
    assert_eq!(ints(&results[0]), vec![-56, 127]);
    assert_eq!(ints(&results[1]), vec![9]);
    assert_eq!(ints(&results[2]), vec![244]);
}

#[test]
fn narrow_float_dots_round_the_exact_sum_once() {
    // In bf16, 1 + 2^-8 rounds back to 1, so summing step by step would give 1; the exact
    // sum 1 + 2^-7 is a bf16 value.
    let text = r#"
func.func @main() -> (tensor<bf16>, tensor<f16>) {
  %a = hlo.constant dense<[1.0, 0.00390625, 0.00390625]> : tensor<3xbf16>
  %one = hlo.constant dense<1.0> : tensor<3xbf16>
  %0 = hlo.dot %a, %one : (tensor<3xbf16>, tensor<3xbf16>) -> tensor<bf16>
  %h = hlo.constant dense<[2048.0, 1.0, 1.0]> : tensor<3xf16>
  %hone = hlo.constant dense<1.0> : tensor<3xf16>
  %1 = hlo.dot %h, %hone : (tensor<3xf16>, tensor<3xf16>) -> tensor<f16>
  func.return %0, %1 : tensor<bf16>, tensor<f16>
}"#;
    let results = run(text, vec![]).expect("runs");
    assert_eq!(floats(&results[0]), vec![1.0078125]);
    assert_eq!(floats(&results[1]), vec![2050.0]);
}

#[test]
fn complex_dots_multiply_complex_numbers() {
    let text = r#"
func.func @main(%a: tensor<2xcomplex<f32>>, %b: tensor<2xcomplex<f32>>) -> tensor<complex<f32>> {
  %0 = hlo.dot %a, %b : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<complex<f32>>
  func.return %0 : tensor<complex<f32>>
}"#;
    let complex = |values: &[(f64, f64)]| -> Value {
        let elements = Elements::Complex(values.iter().map(|&(re, im)| Complex64::new(re, im)).collect());
        Literal::new(ElementType::Complex(xla_ir::FloatKind::F32), vec![values.len() as i64], elements).into()
    };
    let results =
        run(text, vec![complex(&[(1.0, 1.0), (2.0, 0.0)]), complex(&[(3.0, 0.0), (1.0, -1.0)])]).expect("runs");
    let literal = results[0].tensor().expect("a tensor");
    assert_eq!(literal.elements, Elements::Complex(vec![Complex64::new(5.0, 1.0)]));
}

#[test]
fn large_matmuls_run() {
    // 128x512 times 512x256: every element is a sum of 512 small integers, exact in f32.
    let text = r#"
func.func @main(%a: tensor<128x512xf32>, %b: tensor<512x256xf32>) -> tensor<128x256xf32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<128x512xf32>, tensor<512x256xf32>) -> tensor<128x256xf32>
  func.return %0 : tensor<128x256xf32>
}"#;
    let a: Vec<f32> = (0..128 * 512).map(|i| ((i / 512 + i % 512) % 7) as f32).collect();
    let b: Vec<f32> = (0..512 * 256).map(|i| ((i / 256) % 3) as f32 - 1.0).collect();
    let results = run(text, vec![f32s(&[128, 512], &a), f32s(&[512, 256], &b)]).expect("runs");
    let c = floats(&results[0]);
    for (i, j) in [(0, 0), (5, 17), (127, 255), (64, 100)] {
        let expected: f64 = (0..512).map(|k| f64::from(a[i * 512 + k]) * f64::from(b[k * 256 + j])).sum();
        assert_eq!(c[i * 256 + j], expected, "element ({i}, {j})");
    }
}

#[test]
fn convolution_with_padding_strides_and_both_dilations() {
    let text = r#"
func.func @main(%x: tensor<1x3x3x2xf32>, %w: tensor<2x2x2x3xf32>) -> tensor<1x5x1x3xf32> {
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, window = {stride = [1, 2], pad = [[1, 0], [0, 1]], lhs_dilate = [2, 1], rhs_dilate = [1, 2]}, feature_group_count = 1, batch_group_count = 1 : (tensor<1x3x3x2xf32>, tensor<2x2x2x3xf32>) -> tensor<1x5x1x3xf32>
  func.return %0 : tensor<1x5x1x3xf32>
}"#;
    let results = run(text, vec![pattern(&[1, 3, 3, 2], 5, 1), pattern(&[2, 2, 2, 3], 7, 3)]).expect("runs");
    let expected = vec![4.0, 5.0, 13.0, 13.0, -7.0, -6.0, -3.0, -3.0, -3.0, -3.0, 4.0, 4.0, -5.0, -1.0, -4.0];
    assert_eq!(floats(&results[0]), expected);
}

#[test]
fn convolution_with_feature_groups() {
    // 4 input features in 2 groups of 2; 6 output features, 3 per group.
    let text = r#"
func.func @main(%x: tensor<1x5x4xf32>, %w: tensor<2x2x6xf32>) -> tensor<1x4x6xf32> {
  %0 = hlo.convolution %x, %w, dim_labels = b0f_0io->b0f, feature_group_count = 2, batch_group_count = 1 : (tensor<1x5x4xf32>, tensor<2x2x6xf32>) -> tensor<1x4x6xf32>
  func.return %0 : tensor<1x4x6xf32>
}"#;
    let results = run(text, vec![pattern(&[1, 5, 4], 6, 2), pattern(&[2, 2, 6], 5, 2)]).expect("runs");
    #[rustfmt::skip]
    let expected = vec![
        8.0, 10.0, -3.0, 7.0, 0.0, -2.0, -6.0, 0.0, 1.0, -11.0, -4.0, 8.0,
        -2.0, -4.0, -1.0, 7.0, -2.0, -6.0, 8.0, 10.0, -3.0, 7.0, 0.0, -2.0,
    ];
    assert_eq!(floats(&results[0]), expected);
}

#[test]
fn convolution_with_batch_groups() {
    // A batch of 4 in 2 groups: output features 0-1 use batches 0-1, features 2-3 batches
    // 2-3; the output batch is 2.
    let text = r#"
func.func @main(%x: tensor<4x5x2xf32>, %w: tensor<2x2x4xf32>) -> tensor<2x5x4xf32> {
  %0 = hlo.convolution %x, %w, dim_labels = b0f_0io->b0f, window = {pad = [[1, 0]]}, feature_group_count = 1, batch_group_count = 2 : (tensor<4x5x2xf32>, tensor<2x2x4xf32>) -> tensor<2x5x4xf32>
  func.return %0 : tensor<2x5x4xf32>
}"#;
    let results = run(text, vec![pattern(&[4, 5, 2], 7, 3), pattern(&[2, 2, 4], 5, 2)]).expect("runs");
    #[rustfmt::skip]
    let expected = vec![
        -3.0, -8.0, -12.0, 3.0, 1.0, 5.0, 5.0, 7.0, 3.0, 5.0, 3.0, -4.0, 5.0, -2.0, 1.0, -8.0, -14.0, -2.0, -1.0, 9.0,
        0.0, 1.0, 2.0, 1.0, 4.0, 5.0, 2.0, -6.0, -1.0, -16.0, -14.0, 4.0, 1.0, 5.0, 5.0, 7.0, 3.0, 5.0, 3.0, -4.0,
    ];
    assert_eq!(floats(&results[0]), expected);
}

#[test]
fn convolution_reverses_windows_and_follows_dimension_numbers() {
    // NCHW input, OIHW kernel, NHWC output; the kernel is reversed along H, so the expected
    // values are those of the convolution with the kernel flipped along H by hand.
    let text = r#"
func.func @main(%x: tensor<2x2x3x3xf32>, %w: tensor<3x2x2x2xf32>) -> tensor<2x4x2x3xf32> {
  %0 = hlo.convolution %x, %w, dim_labels = bf01_oi01->b01f, window = {pad = [[1, 1], [0, 0]], reverse = [1, 0]}, feature_group_count = 1, batch_group_count = 1 : (tensor<2x2x3x3xf32>, tensor<3x2x2x2xf32>) -> tensor<2x4x2x3xf32>
  func.return %0 : tensor<2x4x2x3xf32>
}"#;
    let results = run(text, vec![pattern(&[2, 2, 3, 3], 4, 1), pattern(&[3, 2, 2, 2], 5, 2)]).expect("runs");
    #[rustfmt::skip]
    let expected = vec![
        0.0, 0.0, 0.0, -3.0, 4.0, -4.0, -5.0, 0.0, 0.0, 0.0, -3.0, 4.0, 2.0, -1.0, -4.0, -5.0, 0.0, 0.0, 0.0, 2.0, 4.0, 0.0, -5.0, 0.0,
        2.0, 4.0, -4.0, -5.0, 0.0, 0.0, -3.0, 6.0, 0.0, 2.0, -1.0, -4.0, 0.0, -3.0, 4.0, -3.0, 6.0, 0.0, 0.0, 0.0, 0.0, 0.0, -3.0, 4.0,
    ];
    assert_eq!(floats(&results[0]), expected);
}

#[test]
fn integer_convolutions_wrap() {
    // A 1-d convolution of i8: 100 * 1 + 100 * 1 wraps to -56.
    let text = r#"
func.func @main() -> tensor<1x2x1xi8> {
  %x = hlo.constant dense<[[[100], [100], [-3]]]> : tensor<1x3x1xi8>
  %w = hlo.constant dense<[[[1]], [[1]]]> : tensor<2x1x1xi8>
  %0 = hlo.convolution %x, %w, dim_labels = b0f_0io->b0f, feature_group_count = 1, batch_group_count = 1 : (tensor<1x3x1xi8>, tensor<2x1x1xi8>) -> tensor<1x2x1xi8>
  func.return %0 : tensor<1x2x1xi8>
}"#;
    let results = run(text, vec![]).expect("runs");
    assert_eq!(ints(&results[0]), vec![-56, 97]);
}
