// RUN: xla-run --interpret %s | FileCheck %s
// RUN: xla-run %s | FileCheck %s
// RUN: sed 's/dense<\[1.0, 2.0, 4.0/dense<[1.0, 2.0, 5.0/' %s > %t.bad.mlir
// RUN: not xla-run %t.bad.mlir 2>&1 | FileCheck %s --check-prefix=PERTURBED

// The mechanisms the whole-model benchmark (bench/models) relies on, on exact values,
// interpreted and compiled: cumulative sums along the minor and a major dimension (a
// reduce_window over prefixes, computed as a scan), top_k of 2 of 64 (a sort read through
// short slices, computed by selection), and a scan of 8 steps that stacks its states with
// dynamic_update_slice (written in place into the loop's state) through a 1x16 . 16x16 dot
// (summed a row at a time). Every value is an integer small enough to be exact in f32, so
// any order of the sums gives it; an expected power of two changed to 5 must fail.

// CHECK: @main result 0: f32[2,64]
// CHECK: @main result 2: f32[2]{{.*}}63, 62
// CHECK: @main result 3: s32[2]{{.*}}19, 38
// CHECK: @main result 4: f32[8,16]
// PERTURBED: check.expect_eq
func.func @main() -> (tensor<2x64xf32>, tensor<64x8xf32>, tensor<2xf32>, tensor<2xi32>, tensor<8x16xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %two = stablehlo.constant dense<2.0> : tensor<f32>

  // cumsum of i + 1 along the minor dimension: (i + 1)(i + 2) / 2.
  %i = stablehlo.iota dim = 1 : tensor<2x64xf32>
  %ones = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
  %twos = stablehlo.broadcast_in_dim %two, dims = [] : (tensor<f32>) -> tensor<2x64xf32>
  %i1 = stablehlo.add %i, %ones : tensor<2x64xf32>
  %rows = "stablehlo.reduce_window"(%i1, %zero) <{padding = dense<[[0, 0], [63, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x64xf32>, tensor<f32>) -> tensor<2x64xf32>
  %i2 = stablehlo.add %i1, %ones : tensor<2x64xf32>
  %tri = stablehlo.multiply %i1, %i2 : tensor<2x64xf32>
  %rows_expected = stablehlo.divide %tri, %twos : tensor<2x64xf32>
  stablehlo.custom_call @check.expect_eq(%rows, %rows_expected) {has_side_effect = true} : (tensor<2x64xf32>, tensor<2x64xf32>) -> ()

  // cumsum of t + j along the major dimension t: t (t + 1) / 2 + (t + 1) j.
  %t = stablehlo.iota dim = 0 : tensor<64x8xf32>
  %j = stablehlo.iota dim = 1 : tensor<64x8xf32>
  %ones2 = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<64x8xf32>
  %twos2 = stablehlo.broadcast_in_dim %two, dims = [] : (tensor<f32>) -> tensor<64x8xf32>
  %tj = stablehlo.add %t, %j : tensor<64x8xf32>
  %columns = "stablehlo.reduce_window"(%tj, %zero) <{padding = dense<[[63, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 64, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<64x8xf32>, tensor<f32>) -> tensor<64x8xf32>
  %t1 = stablehlo.add %t, %ones2 : tensor<64x8xf32>
  %tt = stablehlo.multiply %t, %t1 : tensor<64x8xf32>
  %half = stablehlo.divide %tt, %twos2 : tensor<64x8xf32>
  %tjx = stablehlo.multiply %t1, %j : tensor<64x8xf32>
  %columns_expected = stablehlo.add %half, %tjx : tensor<64x8xf32>
  stablehlo.custom_call @check.expect_eq(%columns, %columns_expected) {has_side_effect = true} : (tensor<64x8xf32>, tensor<64x8xf32>) -> ()

  // top 2 of (37 k mod 64), a permutation of 0..63: 63 at k = 19, 62 at k = 38.
  %k = stablehlo.iota dim = 0 : tensor<64xi32>
  %c37 = stablehlo.constant dense<37> : tensor<64xi32>
  %c64 = stablehlo.constant dense<64> : tensor<64xi32>
  %scaled = stablehlo.multiply %k, %c37 : tensor<64xi32>
  %perm = stablehlo.remainder %scaled, %c64 : tensor<64xi32>
  %keys = stablehlo.convert %perm : (tensor<64xi32>) -> tensor<64xf32>
  %values, %indices = chlo.top_k(%keys, k = 2) : tensor<64xf32> -> (tensor<2xf32>, tensor<2xi32>)

  // h(t + 1) = h(t) . 2I from h(0) = 1, each state stacked into row t: 2^t.
  %r = stablehlo.iota dim = 0 : tensor<16x16xi32>
  %c = stablehlo.iota dim = 1 : tensor<16x16xi32>
  %diagonal = stablehlo.compare EQ, %r, %c : (tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi1>
  %twos3 = stablehlo.constant dense<2.0> : tensor<16x16xf32>
  %zeros3 = stablehlo.constant dense<0.0> : tensor<16x16xf32>
  %w = stablehlo.select %diagonal, %twos3, %zeros3 : tensor<16x16xi1>, tensor<16x16xf32>
  %h0 = stablehlo.constant dense<1.0> : tensor<1x16xf32>
  %ys0 = stablehlo.constant dense<0.0> : tensor<8x16xf32>
  %step0 = stablehlo.constant dense<0> : tensor<i32>
  %loop:3 = stablehlo.while(%it = %step0, %h = %h0, %ys = %ys0) : tensor<i32>, tensor<1x16xf32>, tensor<8x16xf32>
    cond {
      %n = stablehlo.constant dense<8> : tensor<i32>
      %p = stablehlo.compare LT, %it, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %z = stablehlo.constant dense<0> : tensor<i32>
      %stacked = stablehlo.dynamic_update_slice %ys, %h, %it, %z : (tensor<8x16xf32>, tensor<1x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x16xf32>
      %next = stablehlo.dot %h, %w : (tensor<1x16xf32>, tensor<16x16xf32>) -> tensor<1x16xf32>
      %inc = stablehlo.constant dense<1> : tensor<i32>
      %it1 = stablehlo.add %it, %inc : tensor<i32>
      stablehlo.return %it1, %next, %stacked : tensor<i32>, tensor<1x16xf32>, tensor<8x16xf32>
    }
  %powers = stablehlo.constant dense<[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0]> : tensor<8xf32>
  %ys_expected = stablehlo.broadcast_in_dim %powers, dims = [0] : (tensor<8xf32>) -> tensor<8x16xf32>
  stablehlo.custom_call @check.expect_eq(%loop#2, %ys_expected) {has_side_effect = true} : (tensor<8x16xf32>, tensor<8x16xf32>) -> ()
  return %rows, %columns, %values, %indices, %loop#2 : tensor<2x64xf32>, tensor<64x8xf32>, tensor<2xf32>, tensor<2xi32>, tensor<8x16xf32>
}
