// RUN: xla-opt %s --split-input-file | FileCheck %s

// Dense literals as JAX prints them: decimal and hexadecimal floats (bit patterns for
// infinities and NaNs), every float width JAX uses (f64 to f8), booleans, signed and
// unsigned integers at their limits, complex pairs, splats, nested lists, the hex-string
// form of raw data, and empty tensors.

// CHECK-LABEL: func.func @dense_literals
// CHECK:         hlo.constant dense<[1.0, -2.5]> : tensor<2xf32>
// CHECK:         hlo.constant dense<0xFF800000> : tensor<f32>
// CHECK:         %[[BF16:.*]] = hlo.constant dense<[1.5, 0x7FC0]> : tensor<2xbf16>
// CHECK:         hlo.constant dense<0x7C00> : tensor<f16>
// CHECK:         hlo.constant dense<[65504.0, -1.0]> : tensor<2xf16>
// CHECK:         hlo.constant dense<[1.0, 2.0]> : tensor<2xf8E4M3FN>
// CHECK:         hlo.constant dense<[448.0, 0x7F]> : tensor<2xf8E4M3FN>
// CHECK:         hlo.constant dense<-57344.0> : tensor<f8E5M2>
// CHECK:         hlo.constant dense<[true, false]> : tensor<2xi1>
// CHECK:         hlo.constant dense<[-1, 2]> : tensor<2xi8>
// CHECK:         hlo.constant dense<4294967295> : tensor<ui32>
// CHECK:         hlo.constant dense<(1.0, -2.0)> : tensor<complex<f64>>
// CHECK:         hlo.constant dense<[(1.0, 2.0), (0.0, -1.0)]> : tensor<2xcomplex<f32>>
// CHECK:         hlo.constant dense<[1.0, -2.0]> : tensor<2xf32>
// CHECK:         hlo.constant dense<1.0> : tensor<2x2xf64>
// CHECK:         hlo.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi64>
// CHECK:         hlo.constant dense<0x7FF0000000000000> : tensor<f64>
// CHECK:         hlo.constant dense<-9223372036854775808> : tensor<i64>
// CHECK:         hlo.constant dense<[]> : tensor<0xf32>
// CHECK:         func.return %[[BF16]] : tensor<2xbf16>
func.func @dense_literals() -> tensor<2xbf16> {
  %cst = stablehlo.constant dense<[1.000000e+00, -2.500000e+00]> : tensor<2xf32>
  %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %cst_1 = stablehlo.constant dense<[1.5, 0x7FC0]> : tensor<2xbf16>
  %cst_2 = stablehlo.constant dense<0x7C00> : tensor<f16>
  %cst_3 = stablehlo.constant dense<[6.550400e+04, -1.000000e+00]> : tensor<2xf16>
  %cst_4 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf8E4M3FN>
  %cst_5 = stablehlo.constant dense<[4.480000e+02, 0x7F]> : tensor<2xf8E4M3FN>
  %cst_6 = stablehlo.constant dense<-5.734400e+04> : tensor<f8E5M2>
  %c = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %c_7 = stablehlo.constant dense<[-1, 2]> : tensor<2xi8>
  %c_8 = stablehlo.constant dense<4294967295> : tensor<ui32>
  %cst_9 = stablehlo.constant dense<(1.0, -2.0)> : tensor<complex<f64>>
  %cst_10 = stablehlo.constant dense<[(1.000000e+00,2.000000e+00), (0.000000e+00,-1.000000e+00)]> : tensor<2xcomplex<f32>>
  %cst_11 = stablehlo.constant dense<"0x0000803F000000C0"> : tensor<2xf32>
  %cst_12 = stablehlo.constant dense<1.0> : tensor<2x2xf64>
  %c_13 = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %cst_14 = stablehlo.constant dense<0x7FF0000000000000> : tensor<f64>
  %c_15 = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
  %cst_16 = stablehlo.constant dense<> : tensor<0xf32>
  return %cst_1 : tensor<2xbf16>
}

// -----

// The generic form, with the value as a property or as an attribute.

// CHECK-LABEL: func.func @generic_constants
// CHECK:         hlo.constant dense<1.0> : tensor<4xf32>
// CHECK:         hlo.constant dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>
func.func @generic_constants() -> (tensor<4xf32>, tensor<2xcomplex<f32>>) {
  %0 = "stablehlo.constant"() <{value = dense<1.0> : tensor<4xf32>}> : () -> tensor<4xf32>
  %1 = "stablehlo.constant"() {value = dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>} : () -> tensor<2xcomplex<f32>>
  return %0, %1 : tensor<4xf32>, tensor<2xcomplex<f32>>
}
