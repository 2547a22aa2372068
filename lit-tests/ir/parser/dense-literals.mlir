// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Dense elements literals (`dense<...> : tensor<...>`): nested lists, splats, hexadecimal
// data, and every element kind.

// CHECK-LABEL: func.func @integers
// CHECK:         hlo.constant dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
// CHECK:         hlo.constant dense<7> : tensor<2x3xi32>
// CHECK:         hlo.constant dense<5> : tensor<i64>
// CHECK:         hlo.constant dense<{{\[\[}}1]]> : tensor<1x1xi32>
// CHECK:         hlo.constant dense<[255, 0]> : tensor<2xui8>
// CHECK:         hlo.constant dense<[-128, 127]> : tensor<2xsi8>
// GENERIC-LABEL: "func.func"
// GENERIC:         "hlo.constant"() {value = dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
func.func @integers() {
  %0 = hlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %1 = hlo.constant dense<7> : tensor<2x3xi32>
  %2 = hlo.constant dense<5> : tensor<i64>
  %3 = hlo.constant dense<[[1]]> : tensor<1x1xi32>
  %4 = hlo.constant dense<[255, 0]> : tensor<2xui8>
  %5 = hlo.constant dense<[-128, 127]> : tensor<2xsi8>
  func.return
}

// -----

// A list whose elements are all equal stays a list; a splat stays a splat.

// CHECK-LABEL: func.func @splats
// CHECK:         hlo.constant dense<[3, 3]> : tensor<2xi32>
// CHECK:         hlo.constant dense<3> : tensor<2xi32>
// CHECK:         hlo.constant dense<true> : tensor<4xi1>
// CHECK:         hlo.constant dense<(1.0, 0.0)> : tensor<2x2xcomplex<f64>>
func.func @splats() {
  %0 = hlo.constant dense<[3, 3]> : tensor<2xi32>
  %1 = hlo.constant dense<3> : tensor<2xi32>
  %2 = hlo.constant dense<true> : tensor<4xi1>
  %3 = hlo.constant dense<(1.0, 0.0)> : tensor<2x2xcomplex<f64>>
  func.return
}

// -----

// Hexadecimal data is the elements' little-endian bytes; it prints as elements.

// CHECK-LABEL: func.func @hex_data
// CHECK:         hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
// CHECK:         hlo.constant dense<[1, 2, 3, 4]> : tensor<4xi8>
// CHECK:         hlo.constant dense<[513, 1027]> : tensor<2xi16>
// CHECK:         hlo.constant dense<0x7FC00000> : tensor<f32>
func.func @hex_data() {
  %0 = hlo.constant dense<"0x0000803F00000040"> : tensor<2xf32>
  %1 = hlo.constant dense<"0x01020304"> : tensor<4xi8>
  %2 = hlo.constant dense<"0x01020304"> : tensor<2xi16>
  %3 = hlo.constant dense<"0x0000C07F"> : tensor<f32>
  func.return
}

// -----

// CHECK-LABEL: func.func @bools_and_complex
// CHECK:         hlo.constant dense<[true, false, true]> : tensor<3xi1>
// CHECK:         hlo.constant dense<[(1.0, 2.0), (3.0, -4.0)]> : tensor<2xcomplex<f32>>
// CHECK:         hlo.constant dense<{{\[\[}}(0.5, -0.5)]]> : tensor<1x1xcomplex<f64>>
// CHECK:         hlo.constant dense<[(0x7FC00000, 1.0)]> : tensor<1xcomplex<f32>>
func.func @bools_and_complex() {
  %0 = hlo.constant dense<[true, false, true]> : tensor<3xi1>
  %1 = hlo.constant dense<[(1.0, 2.0), (3.0, -4.0)]> : tensor<2xcomplex<f32>>
  %2 = hlo.constant dense<[[(0.5, -0.5)]]> : tensor<1x1xcomplex<f64>>
  %3 = hlo.constant dense<[(0x7FC00000, 1.0)]> : tensor<1xcomplex<f32>>
  func.return
}

// -----

// Small floats: values round to the nearest representable one (ties to even), and
// non-finite values print as bit patterns of their own width.

// CHECK-LABEL: func.func @small_floats
// CHECK:         hlo.constant dense<[1.5, -2.0, 3.140625]> : tensor<3xbf16>
// CHECK:         hlo.constant dense<1.0> : tensor<bf16>
// CHECK:         hlo.constant dense<[0x7E00, 0x7C00, 0xFC00, -0.0, 65504.0]> : tensor<5xf16>
// CHECK:         hlo.constant dense<[0x7FC0, 0x7F80, 0xFF80]> : tensor<3xbf16>
// CHECK:         hlo.constant dense<[0.5, 448.0, -448.0, 0x7F]> : tensor<4xf8E4M3FN>
// CHECK:         hlo.constant dense<[57344.0, 0x7C, 0xFC]> : tensor<3xf8E5M2>
// CHECK:         hlo.constant dense<[0x80, 240.0]> : tensor<2xf8E4M3FNUZ>
// CHECK:         hlo.constant dense<[1.0, 6.0, -0.5]> : tensor<3xf4E2M1FN>
// CHECK:         hlo.constant dense<[1.0, 0.0078125]> : tensor<2xf8E8M0FNU>
func.func @small_floats() {
  %0 = hlo.constant dense<[1.5, -2.0, 3.14]> : tensor<3xbf16>
  %1 = hlo.constant dense<1.00390625> : tensor<bf16>
  %2 = hlo.constant dense<[0x7E00, 0x7C00, 0xFC00, 0x8000, 65504.0]> : tensor<5xf16>
  %3 = hlo.constant dense<[0x7FC0, 0x7F80, 0xFF80]> : tensor<3xbf16>
  %4 = hlo.constant dense<[0.5, 448.0, -448.0, 0x7F]> : tensor<4xf8E4M3FN>
  %5 = hlo.constant dense<[57344.0, 0x7C, 0xFC]> : tensor<3xf8E5M2>
  %6 = hlo.constant dense<[0x80, 240.0]> : tensor<2xf8E4M3FNUZ>
  %7 = hlo.constant dense<[1.0, 6.0, -0.5]> : tensor<3xf4E2M1FN>
  %8 = hlo.constant dense<[1.0, 0.0078125]> : tensor<2xf8E8M0FNU>
  func.return
}

// -----

// NaN and infinity in f32 and f64: quiet NaNs of either sign and with a payload keep
// their bits.

// CHECK-LABEL: func.func @non_finite
// CHECK:         hlo.constant dense<[0x7FC00000, 0xFFC00000, 0x7FC00001, 0x7F800000, 0xFF800000]> : tensor<5xf32>
// CHECK:         hlo.constant dense<[0x7FF8000000000000, 0x7FF0000000000000, 1.0e308, 5.0e-324]> : tensor<4xf64>
func.func @non_finite() {
  %0 = hlo.constant dense<[0x7FC00000, 0xFFC00000, 0x7FC00001, 0x7F800000, 0xFF800000]> : tensor<5xf32>
  %1 = hlo.constant dense<[0x7FF8000000000000, 0x7FF0000000000000, 1.0e308, 4.9e-324]> : tensor<4xf64>
  func.return
}

// -----

// Empty tensors.

// CHECK-LABEL: func.func @empty
// CHECK:         hlo.constant dense<[]> : tensor<0xf32>
// CHECK:         hlo.constant dense<{{\[\[}}], []]> : tensor<2x0xi32>
func.func @empty() {
  %0 = hlo.constant dense<> : tensor<0xf32>
  %1 = hlo.constant dense<[]> : tensor<2x0xi32>
  func.return
}

// -----

// Dense literals are attributes like any other: on unregistered ops too.

// CHECK-LABEL: func.func @as_attribute
// CHECK:         "test.op"() {v = dense<[1.0, 2.5]> : tensor<2xf64>} : () -> ()
func.func @as_attribute() {
  "test.op"() {v = dense<[1.0, 2.5]> : tensor<2xf64>} : () -> ()
  func.return
}
