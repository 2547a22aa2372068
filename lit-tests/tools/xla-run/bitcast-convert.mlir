// RUN: xla-run --interpret --split-input-file %s | FileCheck %s
// RUN: xla-run --split-input-file %s | FileCheck %s
// RUN: %if mlir %{ xla-run --backend mlir --split-input-file %s | FileCheck %s %}

// bitcast_convert as XLA's primitive_util::BitWidth counts bits: a predicate is one bit, so
// 64 predicates are one s64 (element i is bit i), and a complex<f64> is the bits of two
// complex<f32> (real part first). Interpreted and compiled alike; a failed check fails the
// run.

// CHECK: @main result 0: s64[] 81985529216486895
func.func @main() -> tensor<i64> {
  %bits = hlo.constant dense<[true, true, true, true, false, true, true, true,
                              true, false, true, true, false, false, true, true,
                              true, true, false, true, false, true, false, true,
                              true, false, false, true, false, false, false, true,
                              true, true, true, false, false, true, true, false,
                              true, false, true, false, false, false, true, false,
                              true, true, false, false, false, true, false, false,
                              true, false, false, false, false, false, false, false]> : tensor<64xi1>
  %0 = hlo.bitcast_convert_type %bits : (tensor<64xi1>) -> tensor<i64>
  %back = hlo.bitcast_convert_type %0 : (tensor<i64>) -> tensor<64xi1>
  check.expect_eq %back, %bits : tensor<64xi1>
  %byte = hlo.constant dense<-17> : tensor<i8>
  %1 = hlo.bitcast_convert_type %byte : (tensor<i8>) -> tensor<8xi1>
  check.expect_eq_const %1, dense<[true, true, true, true, false, true, true, true]> : tensor<8xi1>
  func.return %0 : tensor<i64>
}

// -----

// CHECK: @main result 0: c64[2] [(-4.136041e-33, 2.9988165e-38), (1.1443742e-28, 0)]
func.func @main() -> tensor<2xcomplex<f32>> {
  %z = hlo.constant dense<(0x0123456789ABCDEF, 0x0000000011111111)> : tensor<complex<f64>>
  %0 = hlo.bitcast_convert_type %z : (tensor<complex<f64>>) -> tensor<2xcomplex<f32>>
  check.expect_eq_const %0, dense<[(0x89ABCDEF, 0x01234567), (0x11111111, 0x00000000)]> : tensor<2xcomplex<f32>>
  %1 = hlo.bitcast_convert_type %0 : (tensor<2xcomplex<f32>>) -> tensor<complex<f64>>
  check.expect_eq %1, %z : tensor<complex<f64>>
  func.return %0 : tensor<2xcomplex<f32>>
}
