// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// hlo.constant with every form of dense literal. The custom form is `hlo.constant
// dense<...> : type`; the result type is inferred from the literal, and the generic form
// shows it as the op's result type.

// CHECK-LABEL: func.func @splats
// CHECK-NEXT:    hlo.constant dense<1.5> : tensor<2x3xf32>
// CHECK-NEXT:    hlo.constant dense<-7> : tensor<4xi32>
// CHECK-NEXT:    hlo.constant dense<true> : tensor<3xi1>
// CHECK-NEXT:    hlo.constant dense<(1.0, -2.0)> : tensor<2xcomplex<f32>>
// CHECK-NEXT:    hlo.constant dense<-0.0> : tensor<f32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.constant"() {value = dense<1.5> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
// GENERIC-NEXT:    "hlo.constant"() {value = dense<-7> : tensor<4xi32>} : () -> tensor<4xi32>
// GENERIC-NEXT:    "hlo.constant"() {value = dense<true> : tensor<3xi1>} : () -> tensor<3xi1>
// GENERIC-NEXT:    "hlo.constant"() {value = dense<(1.0, -2.0)> : tensor<2xcomplex<f32>>} : () -> tensor<2xcomplex<f32>>
// GENERIC-NEXT:    "hlo.constant"() {value = dense<-0.0> : tensor<f32>} : () -> tensor<f32>
func.func @splats() {
  %0 = hlo.constant dense<1.5> : tensor<2x3xf32>
  %1 = hlo.constant dense<-7> : tensor<4xi32>
  %2 = hlo.constant dense<true> : tensor<3xi1>
  %3 = hlo.constant dense<(1.0, -2.0)> : tensor<2xcomplex<f32>>
  %4 = hlo.constant dense<-0.0> : tensor<f32>
  return
}

// -----

// Nested lists for every rank, and an empty tensor.
// CHECK-LABEL: func.func @lists
// CHECK-NEXT:    hlo.constant dense<[1.0, 2.5, -3.0]> : tensor<3xf32>
// CHECK-NEXT:    hlo.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>
// CHECK-NEXT:    hlo.constant dense<{{\[\[\[}}1]]]> : tensor<1x1x1xi64>
// CHECK-NEXT:    hlo.constant dense<[true, false, true]> : tensor<3xi1>
// CHECK-NEXT:    hlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f64>>
// CHECK-NEXT:    hlo.constant dense<[]> : tensor<0xf32>
func.func @lists() {
  %0 = hlo.constant dense<[1.0, 2.5, -3.0]> : tensor<3xf32>
  %1 = hlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %2 = hlo.constant dense<[[[1]]]> : tensor<1x1x1xi64>
  %3 = hlo.constant dense<[true, false, true]> : tensor<3xi1>
  %4 = hlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f64>>
  %5 = hlo.constant dense<[]> : tensor<0xf32>
  return
}

// -----

// Integers of every width, signed and unsigned, at their limits; predicates written as
// integers print as booleans.
// CHECK-LABEL: func.func @integers
// CHECK-NEXT:    hlo.constant dense<[-8, 7]> : tensor<2xi4>
// CHECK-NEXT:    hlo.constant dense<[-128, 127]> : tensor<2xi8>
// CHECK-NEXT:    hlo.constant dense<[-32768, 32767]> : tensor<2xi16>
// CHECK-NEXT:    hlo.constant dense<[-2147483648, 2147483647]> : tensor<2xi32>
// CHECK-NEXT:    hlo.constant dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>
// CHECK-NEXT:    hlo.constant dense<[0, 255]> : tensor<2xui8>
// CHECK-NEXT:    hlo.constant dense<[0, 4294967295]> : tensor<2xui32>
// CHECK-NEXT:    hlo.constant dense<18446744073709551615> : tensor<ui64>
// CHECK-NEXT:    hlo.constant dense<[true, false]> : tensor<2xi1>
func.func @integers() {
  %0 = hlo.constant dense<[-8, 7]> : tensor<2xi4>
  %1 = hlo.constant dense<[-128, 127]> : tensor<2xi8>
  %2 = hlo.constant dense<[-32768, 32767]> : tensor<2xi16>
  %3 = hlo.constant dense<[-2147483648, 2147483647]> : tensor<2xi32>
  %4 = hlo.constant dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>
  %5 = hlo.constant dense<[0, 255]> : tensor<2xui8>
  %6 = hlo.constant dense<[0, 4294967295]> : tensor<2xui32>
  %7 = hlo.constant dense<18446744073709551615> : tensor<ui64>
  %8 = hlo.constant dense<[1, 0]> : tensor<2xi1>
  return
}

// -----

// Floats of every width; NaN and infinities print as hex bit patterns.
// CHECK-LABEL: func.func @floats
// CHECK-NEXT:    hlo.constant dense<[1.0, 2.5]> : tensor<2xf16>
// CHECK-NEXT:    hlo.constant dense<-1.5> : tensor<bf16>
// CHECK-NEXT:    hlo.constant dense<0.30000000000000004> : tensor<f64>
// CHECK-NEXT:    hlo.constant dense<0x7FC00000> : tensor<f32>
// CHECK-NEXT:    hlo.constant dense<[0xFF800000, 0x7F800000]> : tensor<2xf32>
// CHECK-NEXT:    hlo.constant dense<10000000000.0> : tensor<f32>
func.func @floats() {
  %0 = hlo.constant dense<[1.0, 2.5]> : tensor<2xf16>
  %1 = hlo.constant dense<-1.5> : tensor<bf16>
  %2 = hlo.constant dense<0.30000000000000004> : tensor<f64>
  %3 = hlo.constant dense<0x7FC00000> : tensor<f32>
  %4 = hlo.constant dense<[0xFF800000, 0x7F800000]> : tensor<2xf32>
  %5 = hlo.constant dense<1.0e+10> : tensor<f32>
  return
}

// -----

// Hex strings hold the raw little-endian bytes; one element's worth is a splat.
// CHECK-LABEL: func.func @hex
// CHECK-NEXT:    hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
// CHECK-NEXT:    hlo.constant dense<-1> : tensor<4xi8>
// CHECK-NEXT:    hlo.constant dense<[1, 256]> : tensor<2xi16>
func.func @hex() {
  %0 = hlo.constant dense<"0x0000803F00000040"> : tensor<2xf32>
  %1 = hlo.constant dense<"0xFF"> : tensor<4xi8>
  %2 = hlo.constant dense<"0x01000001"> : tensor<2xi16>
  return
}

// -----

// Extra attributes go before the literal.
// CHECK-LABEL: func.func @attributes
// CHECK-NEXT:    %[[C:.+]] = hlo.constant {x.note = "n"} dense<1> : tensor<i32>
// CHECK-NEXT:    func.return %[[C]]
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.constant"() {value = dense<1> : tensor<i32>, x.note = "n"} : () -> tensor<i32>
func.func @attributes() -> tensor<i32> {
  %0 = hlo.constant {x.note = "n"} dense<1> : tensor<i32>
  return %0 : tensor<i32>
}
