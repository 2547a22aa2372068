// RUN: xla-run --interpret %s | FileCheck %s
// RUN: xla-run %s | FileCheck %s

// Results print as numpy prints them: the shortest digits that read back to the element in
// its own format (0.1 of f32, not the f64 0.10000000149011612; f16 and bf16 as the f32 they
// are exactly), positional between 1e-4 and 1e16 and with an exponent outside, nan and inf
// by name.

// CHECK: @floats result 0: f32[5] [0.1, 1e-5, 3e38, nan, -inf]
// CHECK: @floats result 1: f64[4] [0.1, 1e300, 1.5e-8, 12345.678]
// CHECK: @floats result 2: c64[2] [(0.1, -2.5), (1e20, 0)]
// CHECK: @floats result 3: bf16[2] [0.100097656, 3]
func.func @floats() -> (tensor<5xf32>, tensor<4xf64>, tensor<2xcomplex<f32>>, tensor<2xbf16>) {
  %0 = hlo.constant dense<[0.1, 1.0e-5, 3.0e38, 0x7FC00000, 0xFF800000]> : tensor<5xf32>
  %1 = hlo.constant dense<[0.1, 1.0e300, 1.5e-8, 12345.678]> : tensor<4xf64>
  %2 = hlo.constant dense<[(0.1, -2.5), (1.0e20, 0.0)]> : tensor<2xcomplex<f32>>
  %3 = hlo.constant dense<[0.1, 3.0]> : tensor<2xbf16>
  func.return %0, %1, %2, %3 : tensor<5xf32>, tensor<4xf64>, tensor<2xcomplex<f32>>, tensor<2xbf16>
}
