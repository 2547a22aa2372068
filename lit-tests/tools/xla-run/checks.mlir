// RUN: not xla-run --interpret %s 2>&1 | FileCheck %s

// Without @main, xla-run runs every function that takes no arguments, in order. Check
// ops that hold stay silent; each failing one is a located error naming the first
// differing elements, and the run as a whole fails.

// CHECK: @passes result 0: s32[3] [1, 2, 3]
func.func @passes() -> tensor<3xi32> {
  %0 = hlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  check.expect_eq_const %0, dense<[1, 2, 3]> : tensor<3xi32>
  func.return %0 : tensor<3xi32>
}

// CHECK: checks.mlir:[[@LINE+5]]:3: error: check.expect_eq_const failed: 1 of 3 elements differ (actual != expected); at [2]: 3 != 4
// CHECK-NEXT: check.expect_eq_const %0, dense<[1, 2, 4]>
// CHECK-NEXT: ^
func.func @fails() {
  %0 = hlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  check.expect_eq_const %0, dense<[1, 2, 4]> : tensor<3xi32>
  func.return
}

// CHECK: checks.mlir:[[@LINE+4]]:3: error: check.expect_almost_eq failed: 1 of 2 elements differ
func.func @almost() {
  %a = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = hlo.constant dense<[1.00001, 2.5]> : tensor<2xf32>
  check.expect_almost_eq %a, %b : tensor<2xf32>
  func.return
}

// A function with arguments is not run without --entry.
// CHECK-NOT: @takes_an_argument
func.func @takes_an_argument(%x: tensor<f32>) -> tensor<f32> {
  func.return %x : tensor<f32>
}
