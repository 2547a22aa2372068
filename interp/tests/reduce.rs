//! Reductions through whole programs: `hlo.reduce` (plain and variadic, in its
//! left-to-right order), `hlo.reduce_window` (padding, dilations, variadic) and
//! `hlo.select_and_scatter` (the gradient of max pooling).
//!
//! Expected values were derived by hand or, for the dilated windows, computed with JAX's
//! `lax.reduce_window` (XLA on the CPU).

mod support;

use support::*;

#[test]
fn reduce_sums_and_maxima_along_any_dimensions() {
    let text = r#"
func.func @main(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<3xf32>, tensor<f32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %low = hlo.constant dense<0xFF800000> : tensor<f32>
  %0 = hlo.reduce(%x init: %zero) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
    %s = hlo.add %acc, %e : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %1 = hlo.reduce(%x init: %low) dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
    %m = hlo.maximum %e, %acc : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  %2 = hlo.reduce(%x init: %zero) dimensions = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
    %s = hlo.add %acc, %e : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  func.return %0, %1, %2 : tensor<2xf32>, tensor<3xf32>, tensor<f32>
}"#;
    let results = run(text, vec![f32s(&[2, 3], &[1.0, 2.0, 3.0, 4.0, -5.0, 6.0])]).expect("runs");
    assert_eq!(floats(&results[0]), vec![6.0, 5.0]);
    assert_eq!(floats(&results[1]), vec![4.0, 2.0, 6.0]);
    assert_eq!(floats(&results[2]), vec![11.0]);
}

#[test]
fn variadic_reduce_finds_the_first_maximum_and_its_index() {
    // The reducer keeps the accumulator unless the new value is strictly greater, so the
    // left-to-right order picks the first of equal maxima.
    let text = r#"
func.func @main(%v: tensor<2x4xf32>, %i: tensor<2x4xi32>) -> (tensor<2xf32>, tensor<2xi32>) {
  %low = hlo.constant dense<0xFF800000> : tensor<f32>
  %none = hlo.constant dense<-1> : tensor<i32>
  %0:2 = hlo.reduce(%v, %i init: %low, %none) dimensions = [1] : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%av: tensor<f32>, %ai: tensor<i32>, %bv: tensor<f32>, %bi: tensor<i32>):
    %gt = hlo.compare GT, %bv, %av : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v2 = hlo.select %gt, %bv, %av : tensor<i1>, tensor<f32>
    %i2 = hlo.select %gt, %bi, %ai : tensor<i1>, tensor<i32>
    hlo.return %v2, %i2 : tensor<f32>, tensor<i32>
  }
  func.return %0#0, %0#1 : tensor<2xf32>, tensor<2xi32>
}"#;
    let values = f32s(&[2, 4], &[3.0, 7.0, 7.0, 1.0, -1.0, -5.0, -1.0, -2.0]);
    let indices = s32s(&[2, 4], &[0, 1, 2, 3, 0, 1, 2, 3]);
    let results = run(text, vec![values, indices]).expect("runs");
    assert_eq!(floats(&results[0]), vec![7.0, -1.0]);
    assert_eq!(ints(&results[1]), vec![1, 0]);
}

#[test]
fn reduce_folds_left_to_right_in_row_major_order() {
    // `f(acc, x) = 2 * acc + x` is not associative: folding 1..6 in row-major order from 0
    // gives 1, 4, 11, 26, 57, 120, whatever the order of `dimensions`.
    let text = r#"
func.func @main(%x: tensor<2x3xi32>) -> tensor<i32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %0 = hlo.reduce(%x init: %zero) dimensions = [1, 0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<i32> {
  ^bb0(%acc: tensor<i32>, %e: tensor<i32>):
    %two = hlo.constant dense<2> : tensor<i32>
    %d = hlo.multiply %acc, %two : tensor<i32>
    %s = hlo.add %d, %e : tensor<i32>
    hlo.return %s : tensor<i32>
  }
  func.return %0 : tensor<i32>
}"#;
    let results = run(text, vec![s32s(&[2, 3], &[1, 2, 3, 4, 5, 6])]).expect("runs");
    assert_eq!(ints(&results[0]), vec![120]);
}

#[test]
fn integer_reductions_wrap_around() {
    let text = r#"
func.func @main(%x: tensor<3xi8>) -> tensor<i8> {
  %zero = hlo.constant dense<0> : tensor<i8>
  %0 = hlo.reduce(%x init: %zero) dimensions = [0] : (tensor<3xi8>, tensor<i8>) -> tensor<i8> {
  ^bb0(%acc: tensor<i8>, %e: tensor<i8>):
    %s = hlo.add %acc, %e : tensor<i8>
    hlo.return %s : tensor<i8>
  }
  func.return %0 : tensor<i8>
}"#;
    let x = xla_interp::Literal::new(
        xla_interp::ElementType::Int { bits: 8, signed: true },
        vec![3],
        xla_interp::Elements::Int(vec![100, 100, 1]),
    );
    let results = run(text, vec![x.into()]).expect("runs");
    assert_eq!(ints(&results[0]), vec![-55]);
}

#[test]
fn reduce_window_pads_and_dilates() {
    // Values from `lax.reduce_window(x, 0, add, (2, 2), (1, 2), [(1, 0), (0, 1)],
    // base_dilation=(2, 1), window_dilation=(1, 2))` and the same with max from -inf.
    let text = r#"
func.func @main(%x: tensor<3x4xf32>) -> (tensor<5x2xf32>, tensor<5x2xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %low = hlo.constant dense<0xFF800000> : tensor<f32>
  %0 = hlo.reduce_window(%x init: %zero) window = {size = [2, 2], stride = [1, 2], pad = [[1, 0], [0, 1]], base_dilate = [2, 1], window_dilate = [1, 2]} : (tensor<3x4xf32>, tensor<f32>) -> tensor<5x2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %1 = hlo.reduce_window(%x init: %low) window = {size = [2, 2], stride = [1, 2], pad = [[1, 0], [0, 1]], base_dilate = [2, 1], window_dilate = [1, 2]} : (tensor<3x4xf32>, tensor<f32>) -> tensor<5x2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  func.return %0, %1 : tensor<5x2xf32>, tensor<5x2xf32>
}"#;
    let x: Vec<f32> = (1..=12).map(|v| v as f32).collect();
    let results = run(text, vec![f32s(&[3, 4], &x)]).expect("runs");
    assert_eq!(floats(&results[0]), vec![4.0, 3.0, 4.0, 3.0, 12.0, 7.0, 12.0, 7.0, 20.0, 11.0]);
    assert_eq!(floats(&results[1]), vec![3.0, 3.0, 3.0, 3.0, 7.0, 7.0, 7.0, 7.0, 11.0, 11.0]);
}

#[test]
fn reduce_window_skips_padding_as_xla_does() {
    // XLA (its evaluator and its CPU backend) reduces only the operand's elements of each
    // window into the init value: padding takes no part, so with init 10 the first window
    // is 10 + 1 = 11, not 10 + 10 + 1 (jaxlib 0.10.2 gives [11, 13, 15]).
    let text = r#"
func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %ten = hlo.constant dense<10.0> : tensor<f32>
  %0 = hlo.reduce_window(%x init: %ten) window = {size = [2], pad = [[1, 0]]} : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  func.return %0 : tensor<3xf32>
}"#;
    let results = run(text, vec![f32s(&[3], &[1.0, 2.0, 3.0])]).expect("runs");
    assert_eq!(floats(&results[0]), vec![11.0, 13.0, 15.0]);
}

#[test]
fn variadic_reduce_window_finds_windowed_argmax() {
    let text = r#"
func.func @main(%v: tensor<5xf32>, %i: tensor<5xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %low = hlo.constant dense<0xFF800000> : tensor<f32>
  %none = hlo.constant dense<-1> : tensor<i32>
  %0:2 = hlo.reduce_window(%v, %i init: %low, %none) window = {size = [2]} : (tensor<5xf32>, tensor<5xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>) {
  ^bb0(%av: tensor<f32>, %ai: tensor<i32>, %bv: tensor<f32>, %bi: tensor<i32>):
    %gt = hlo.compare GT, %bv, %av : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v2 = hlo.select %gt, %bv, %av : tensor<i1>, tensor<f32>
    %i2 = hlo.select %gt, %bi, %ai : tensor<i1>, tensor<i32>
    hlo.return %v2, %i2 : tensor<f32>, tensor<i32>
  }
  func.return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}"#;
    let results = run(text, vec![f32s(&[5], &[1.0, 3.0, 2.0, 5.0, 4.0]), s32s(&[5], &[0, 1, 2, 3, 4])]).expect("runs");
    assert_eq!(floats(&results[0]), vec![3.0, 3.0, 5.0, 5.0]);
    assert_eq!(ints(&results[1]), vec![1, 1, 3, 3]);
}

#[test]
fn select_and_scatter_routes_gradients_to_window_maxima() {
    // 2x2 windows with stride 2; `GE` keeps the first of equal maxima.
    let text = r#"
func.func @main(%x: tensor<4x4xf32>, %grad: tensor<2x2xf32>) -> tensor<4x4xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.select_and_scatter %x, %grad, %zero, window = {size = [2, 2], stride = [2, 2]} : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  func.return %0 : tensor<4x4xf32>
}"#;
    #[rustfmt::skip]
    let x = [
        1.0, 5.0, 2.0, 0.0,
        3.0, 4.0, 8.0, 8.0,
        0.0, 0.0, 1.0, 1.0,
        9.0, 0.0, 1.0, 1.0,
    ];
    let results = run(text, vec![f32s(&[4, 4], &x), f32s(&[2, 2], &[1.0, 2.0, 3.0, 4.0])]).expect("runs");
    #[rustfmt::skip]
    let expected = vec![
        0.0, 1.0, 0.0, 0.0,
        0.0, 0.0, 2.0, 0.0,
        0.0, 0.0, 4.0, 0.0,
        3.0, 0.0, 0.0, 0.0,
    ];
    assert_eq!(floats(&results[0]), expected);
}

#[test]
fn select_and_scatter_with_overlapping_windows_and_padding() {
    // Windows of 3 with stride 2 over [5, 9, 4, 7, 7, 1] padded by one on each side:
    // [pad, 5, 9] and [9, 4, 7] both select the 9 (their scatters add up); [7, 7, 1]
    // selects the first 7. Padding is never selected.
    let text = r#"
func.func @main(%x: tensor<6xi32>, %source: tensor<3xi32>) -> tensor<6xi32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %0 = hlo.select_and_scatter %x, %source, %zero, window = {size = [3], stride = [2], pad = [[1, 1]]} : (tensor<6xi32>, tensor<3xi32>, tensor<i32>) -> tensor<6xi32> select {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %ge = hlo.compare GE, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = hlo.add %a, %b : tensor<i32>
    hlo.return %s : tensor<i32>
  }
  func.return %0 : tensor<6xi32>
}"#;
    let results = run(text, vec![s32s(&[6], &[5, 9, 4, 7, 7, 1]), s32s(&[3], &[10, 20, 30])]).expect("runs");
    assert_eq!(ints(&results[0]), vec![0, 30, 0, 30, 0, 0]);
}

#[test]
fn select_and_scatter_runs_general_regions() {
    // A select region that is not a single comparison (select the minimum through a
    // negation) and a scatter region that keeps the larger value run in the interpreter.
    let text = r#"
func.func @main(%x: tensor<4xf32>, %source: tensor<2xf32>) -> tensor<4xf32> {
  %init = hlo.constant dense<-1.0> : tensor<f32>
  %0 = hlo.select_and_scatter %x, %source, %init, window = {size = [2], stride = [2]} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %na = hlo.negate %a : tensor<f32>
    %nb = hlo.negate %b : tensor<f32>
    %ge = hlo.compare GE, %na, %nb : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %ge : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  func.return %0 : tensor<4xf32>
}"#;
    let results = run(text, vec![f32s(&[4], &[3.0, 1.0, 0.0, 2.0]), f32s(&[2], &[5.0, -7.0])]).expect("runs");
    assert_eq!(floats(&results[0]), vec![-1.0, 5.0, -1.0, -1.0]);
}
