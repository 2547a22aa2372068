//! Elementwise ops through whole programs: XLA's integer edge cases, float specials,
//! broadcasting, comparisons, conversions and the check ops.

mod support;

use support::*;

#[test]
fn integer_division_remainder_and_shifts_follow_xla() {
    let text = r#"
func.func @main(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %0 = hlo.divide %a, %b : tensor<4xi32>
  %1 = hlo.remainder %a, %b : tensor<4xi32>
  %2 = hlo.shift_left %a, %b : tensor<4xi32>
  %3 = hlo.shift_right_arithmetic %a, %b : tensor<4xi32>
  func.return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}"#;
    let results = run(text, vec![s32s(&[4], &[7, i32::MIN, -7, -8]), s32s(&[4], &[0, -1, 2, 40])]).expect("runs");
    assert_eq!(ints(&results[0]), vec![-1, i32::MIN as i128, -3, 0]);
    assert_eq!(ints(&results[1]), vec![7, 0, -1, -8]);
    // A negative shift amount reads as a huge unsigned one: at least the bit width.
    assert_eq!(ints(&results[2]), vec![7, 0, -28, 0]);
    assert_eq!(ints(&results[3]), vec![7, -1, -2, -1]);
}

#[test]
fn rounding_and_sign_keep_specials() {
    let text = r#"
func.func @main(%a: tensor<5xf32>) -> (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) {
  %0 = hlo.round_nearest_afz %a : tensor<5xf32>
  %1 = hlo.round_nearest_even %a : tensor<5xf32>
  %2 = hlo.sign %a : tensor<5xf32>
  func.return %0, %1, %2 : tensor<5xf32>, tensor<5xf32>, tensor<5xf32>
}"#;
    let results = run(text, vec![f32s(&[5], &[2.5, -2.5, 0.5, -0.0, f32::NAN])]).expect("runs");
    let afz = floats(&results[0]);
    assert_eq!(&afz[..3], &[3.0, -3.0, 1.0]);
    let even = floats(&results[1]);
    assert_eq!(&even[..3], &[2.0, -2.0, 0.0]);
    let sign = floats(&results[2]);
    assert_eq!(&sign[..3], &[1.0, -1.0, 1.0]);
    assert!(sign[3] == 0.0 && sign[3].is_sign_negative(), "sign(-0.0) is -0.0");
    assert!(sign[4].is_nan(), "sign(NaN) is NaN");
}

#[test]
fn binary_ops_broadcast_scalars() {
    let text = r#"
func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  %c = hlo.constant dense<2.0> : tensor<f32>
  %0 = hlo.multiply %a, %c : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}"#;
    let results = run(text, vec![f32s(&[3], &[1.0, 2.0, 3.0])]).expect("runs");
    assert_eq!(floats(&results[0]), vec![2.0, 4.0, 6.0]);
}

#[test]
fn binary_ops_broadcast_by_their_broadcast_dimensions() {
    // The [2] operand maps to dimension 0 of [2, 3], not to the trailing dimension.
    let text = r#"
func.func @main(%x: tensor<2x3xf32>, %b: tensor<2xf32>) -> (tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xf32>) {
  %0 = hlo.subtract %x, %b {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  %1 = hlo.compare GT, %x, %b {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xi1>
  %2 = hlo.complex %x, %b {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xcomplex<f32>>
  %3 = hlo.imag %2 : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  func.return %0, %1, %3 : tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xf32>
}"#;
    let x = f32s(&[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let results = run(text, vec![x, f32s(&[2], &[2.0, 5.0])]).expect("runs");
    assert_eq!(floats(&results[0]), vec![-1.0, 0.0, 1.0, -1.0, 0.0, 1.0]);
    assert_eq!(ints(&results[1]), vec![0, 0, 1, 0, 0, 1]);
    assert_eq!(floats(&results[2]), vec![2.0, 2.0, 2.0, 5.0, 5.0, 5.0]);
}

#[test]
fn float_results_round_to_the_element_type() {
    let text = r#"
func.func @main(%a: tensor<1xf32>, %b: tensor<1xf32>) -> tensor<1xf32> {
  %0 = hlo.add %a, %b : tensor<1xf32>
  func.return %0 : tensor<1xf32>
}"#;
    let results = run(text, vec![f32s(&[1], &[1.0]), f32s(&[1], &[1e-8])]).expect("runs");
    assert_eq!(floats(&results[0]), vec![1.0], "1 + 1e-8 is 1 in f32");
}

#[test]
fn failed_checks_are_recorded_with_the_differing_elements() {
    let text = r#"
func.func @main(%a: tensor<3xi32>) {
  %c = hlo.constant dense<[1, 2, 4]> : tensor<3xi32>
  check.expect_eq %a, %c : tensor<3xi32>
  check.expect_eq_const %a, dense<[1, 2, 3]> : tensor<3xi32>
  func.return
}"#;
    let (_, failures) = run_with_checks(text, vec![s32s(&[3], &[1, 2, 3])]).expect("runs");
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(failures[0].message.contains("1 of 3 elements differ"), "{}", failures[0].message);
    assert!(failures[0].message.contains("at [2]: 3 != 4"), "{}", failures[0].message);
}

#[test]
fn wrong_arguments_are_errors() {
    let text = r#"
func.func @main(%a: tensor<3xi32>) -> tensor<3xi32> {
  func.return %a : tensor<3xi32>
}"#;
    let error = run(text, vec![f32s(&[3], &[1.0, 2.0, 3.0])]).expect_err("an f32 argument for an i32 parameter");
    assert!(error.contains("argument 0 of @main must be s32[3], found f32[3]"), "{error}");
}

#[test]
fn while_loops_and_calls_run() {
    let text = r#"
func.func @add_one(%x: tensor<i32>) -> tensor<i32> {
  %one = hlo.constant dense<1> : tensor<i32>
  %0 = hlo.add %x, %one : tensor<i32>
  func.return %0 : tensor<i32>
}
func.func @main(%n: tensor<i32>) -> tensor<i32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %0 = hlo.while(%zero) : tensor<i32>
  cond {
  ^bb0(%i: tensor<i32>):
    %c = hlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
  ^bb0(%i: tensor<i32>):
    %next = func.call @add_one(%i) : (tensor<i32>) -> tensor<i32>
    hlo.return %next : tensor<i32>
  }
  func.return %0 : tensor<i32>
}"#;
    let results = run(text, vec![s32s(&[], &[5])]).expect("runs");
    assert_eq!(ints(&results[0]), vec![5]);
}

#[test]
fn subnormals_flush_to_zero_as_on_xla_cpu_unless_turned_off() {
    let text = r#"
func.func @main(%a: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0 = hlo.log %a : tensor<2xf32>
  %1 = hlo.sqrt %a : tensor<2xf32>
  func.return %0, %1 : tensor<2xf32>, tensor<2xf32>
}"#;
    let tiny = f32::from_bits(1);
    let results = run(text, vec![f32s(&[2], &[tiny, -tiny])]).expect("runs");
    assert_eq!(floats(&results[0])[0], f64::NEG_INFINITY, "log of a flushed subnormal is log(0)");
    let sqrt = floats(&results[1]);
    assert!(sqrt[1] == 0.0 && sqrt[1].is_sign_negative(), "sqrt(-subnormal) is sqrt(-0.0) = -0.0");
    let (exact, _) = run_configured(text, vec![f32s(&[2], &[tiny, -tiny])], |i| i.options.flush_denormals = false, |_| ());
    let exact = exact.expect("runs");
    assert!((floats(&exact[0])[0] + 103.2789).abs() < 1e-3, "IEEE log of the smallest subnormal");
    assert!(floats(&exact[1])[1].is_nan());
}

/// XLA CPU (jaxlib 0.10.2) flushes subnormals in arithmetic but computes `abs` and `negate`
/// on the sign bit: `sign(±1e-40) == ±0`, `abs(1e-40) == 1e-40`, `-(1e-40) == -1e-40`.
#[test]
fn sign_bit_ops_pass_subnormals_through_as_on_xla_cpu() {
    let text = r#"
func.func @main(%a: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %0 = hlo.sign %a : tensor<2xf32>
  %1 = hlo.abs %a : tensor<2xf32>
  %2 = hlo.negate %a : tensor<2xf32>
  func.return %0, %1, %2 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}"#;
    let tiny = 1e-40f32;
    let results = run(text, vec![f32s(&[2], &[tiny, -tiny])]).expect("runs");
    let sign = floats(&results[0]);
    assert!(sign[0] == 0.0 && sign[0].is_sign_positive() && sign[1] == 0.0 && sign[1].is_sign_negative(), "{sign:?}");
    assert_eq!(floats(&results[1]), vec![tiny as f64, tiny as f64]);
    assert_eq!(floats(&results[2]), vec![-tiny as f64, tiny as f64]);
}
