//! Scanned loops compiled to native code agree with the reference interpreter, which runs
//! the program as written: the products of each step's slice by invariant weights, hoisted
//! out of the loop by `hoist-scanned-dots` (`passes/scan/src/hoist_dots.rs`), give every
//! step the rows it computed before, whichever operand the slice is and whether or not a
//! reshape drops its unit dimension. Inputs are small integers, so the sums are exact and
//! the results agree bit for bit.

mod support;

use xla_interp::closeness::{compare, Tolerance};
use xla_interp::{ElementType, Elements, Literal};
use support::differential::{compiled_and_interpreted, small_integers};

fn f32_literal(shape: &[i64], seed: u64) -> Literal {
    let count = shape.iter().product::<i64>() as usize;
    Literal::new(ElementType::F32, shape.to_vec(), Elements::Float(small_integers(count, seed)))
}

fn check(text: &str, args: &[Literal]) {
    let (compiled, interpreted) = compiled_and_interpreted("scan.mlir", text, args).unwrap_or_else(|m| panic!("{m}\n{text}"));
    for (i, (actual, wanted)) in compiled.iter().zip(&interpreted).enumerate() {
        let (actual, wanted) = (actual.tensor().unwrap_or_else(|m| panic!("{m}")), wanted.tensor().unwrap_or_else(|m| panic!("{m}")));
        if let Err(m) = compare(actual, wanted, Tolerance::EXACT) {
            panic!("result {i} (compiled vs interpreted): {m}\n{text}");
        }
    }
}

#[test]
fn a_recurrence_with_its_input_projection_hoisted() {
    // h' = x_t W + h U + b over 4 steps, also collecting every h (a dynamic_update_slice).
    let text = "func.func @main(%xs: tensor<4x3x16xf32>, %w: tensor<16x8xf32>, %u: tensor<8x8xf32>, %b: tensor<8xf32>, %h0: tensor<3x8xf32>) -> (tensor<3x8xf32>, tensor<4x3x8xf32>) {
  %zero = hlo.constant dense<0> : tensor<i32>
  %hs0 = hlo.constant dense<0.0> : tensor<4x3x8xf32>
  %0:7 = hlo.while(%xs, %w, %u, %b, %h0, %hs0, %zero) : tensor<4x3x16xf32>, tensor<16x8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<3x8xf32>, tensor<4x3x8xf32>, tensor<i32> cond {
  ^bb0(%a: tensor<4x3x16xf32>, %ww: tensor<16x8xf32>, %uu: tensor<8x8xf32>, %bb: tensor<8xf32>, %h: tensor<3x8xf32>, %hs: tensor<4x3x8xf32>, %i: tensor<i32>):
    %n = hlo.constant dense<4> : tensor<i32>
    %p = hlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%a: tensor<4x3x16xf32>, %ww: tensor<16x8xf32>, %uu: tensor<8x8xf32>, %bb: tensor<8xf32>, %h: tensor<3x8xf32>, %hs: tensor<4x3x8xf32>, %i: tensor<i32>):
    %z = hlo.constant dense<0> : tensor<i32>
    %s = hlo.dynamic_slice %a, %i, %z, %z, sizes = [1, 3, 16] : (tensor<4x3x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x3x16xf32>
    %x = hlo.reshape %s : (tensor<1x3x16xf32>) -> tensor<3x16xf32>
    %gx = hlo.dot_general %x, %ww, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<3x16xf32>, tensor<16x8xf32>) -> tensor<3x8xf32>
    %gh = hlo.dot_general %h, %uu, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<3x8xf32>, tensor<8x8xf32>) -> tensor<3x8xf32>
    %bias = hlo.broadcast_in_dim %bb, dims = [1] : (tensor<8xf32>) -> tensor<3x8xf32>
    %sum = hlo.add %gx, %gh : tensor<3x8xf32>
    %next = hlo.add %sum, %bias : tensor<3x8xf32>
    %row = hlo.reshape %next : (tensor<3x8xf32>) -> tensor<1x3x8xf32>
    %hs1 = hlo.dynamic_update_slice %hs, %row, %i, %z, %z : (tensor<4x3x8xf32>, tensor<1x3x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x3x8xf32>
    %one = hlo.constant dense<1> : tensor<i32>
    %j = hlo.add %i, %one : tensor<i32>
    hlo.return %a, %ww, %uu, %bb, %next, %hs1, %j : tensor<4x3x16xf32>, tensor<16x8xf32>, tensor<8x8xf32>, tensor<8xf32>, tensor<3x8xf32>, tensor<4x3x8xf32>, tensor<i32>
  }
  return %0#4, %0#5 : tensor<3x8xf32>, tensor<4x3x8xf32>
}";
    let args = [f32_literal(&[4, 3, 16], 1), f32_literal(&[16, 8], 2), f32_literal(&[8, 8], 3), f32_literal(&[8], 4), f32_literal(&[3, 8], 5)];
    check(text, &args);
}

#[test]
fn a_scanned_slice_on_the_right_of_its_product() {
    // Each step multiplies the weights by its slice without a reshape; the weights are
    // captured from above rather than carried.
    let text = "func.func @main(%xs: tensor<5x6x4xf32>, %w: tensor<3x6xf32>) -> tensor<3x1x4xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %acc0 = hlo.constant dense<0.0> : tensor<3x1x4xf32>
  %0:3 = hlo.while(%xs, %acc0, %zero) : tensor<5x6x4xf32>, tensor<3x1x4xf32>, tensor<i32> cond {
  ^bb0(%a: tensor<5x6x4xf32>, %acc: tensor<3x1x4xf32>, %i: tensor<i32>):
    %n = hlo.constant dense<5> : tensor<i32>
    %p = hlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%a: tensor<5x6x4xf32>, %acc: tensor<3x1x4xf32>, %i: tensor<i32>):
    %z = hlo.constant dense<0> : tensor<i32>
    %s = hlo.dynamic_slice %a, %i, %z, %z, sizes = [1, 6, 4] : (tensor<5x6x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x6x4xf32>
    %d = hlo.dot_general %w, %s, batching_dims = [] x [], contracting_dims = [1] x [1] : (tensor<3x6xf32>, tensor<1x6x4xf32>) -> tensor<3x1x4xf32>
    %m = hlo.multiply %acc, %d : tensor<3x1x4xf32>
    %next = hlo.add %m, %d : tensor<3x1x4xf32>
    %one = hlo.constant dense<1> : tensor<i32>
    %j = hlo.add %i, %one : tensor<i32>
    hlo.return %a, %next, %j : tensor<5x6x4xf32>, tensor<3x1x4xf32>, tensor<i32>
  }
  return %0#1 : tensor<3x1x4xf32>
}";
    check(text, &[f32_literal(&[5, 6, 4], 6), f32_literal(&[3, 6], 7)]);
}
