// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt - --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// Elementwise ops whose result element type differs from the operands': hlo.complex,
// hlo.real, hlo.imag, hlo.abs and hlo.is_finite. hlo.abs, hlo.real and hlo.imag write one
// type when operand and result agree and the functional type otherwise.

// CHECK-LABEL: func.func @parts
// CHECK-SAME:    (%[[RE:[^:]+]]: tensor<2xf32>, %[[IM:[^:]+]]: tensor<2xf32>)
// CHECK-NEXT:    %[[Z:.+]] = hlo.complex %[[RE]], %[[IM]] : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>
// CHECK-NEXT:    %[[R:.+]] = hlo.real %[[Z]] : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
// CHECK-NEXT:    %[[I:.+]] = hlo.imag %[[Z]] : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
// CHECK-NEXT:    %[[A:.+]] = hlo.abs %[[Z]] : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
// CHECK-NEXT:    func.return %[[R]], %[[I]], %[[A]]
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.complex"(%{{.+}}, %{{.+}}) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>
// GENERIC-NEXT:    "hlo.real"(%{{.+}}) : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
// GENERIC-NEXT:    "hlo.imag"(%{{.+}}) : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
// GENERIC-NEXT:    "hlo.abs"(%{{.+}}) : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
func.func @parts(%re: tensor<2xf32>, %im: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %z = hlo.complex %re, %im : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>
  %r = hlo.real %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %i = hlo.imag %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %a = hlo.abs %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  return %r, %i, %a : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// Of floats and integers, abs, real and imag keep the type: one type is written.
// CHECK-LABEL: func.func @same_types
// CHECK-NEXT:    hlo.abs %{{.+}} : tensor<3xf64>
// CHECK-NEXT:    hlo.abs %{{.+}} : tensor<3xi8>
// CHECK-NEXT:    hlo.real %{{.+}} : tensor<3xf64>
// CHECK-NEXT:    hlo.imag %{{.+}} {x.tag = "t"} : tensor<3xf64>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.abs"(%{{.+}}) : (tensor<3xf64>) -> tensor<3xf64>
// GENERIC:         "hlo.imag"(%{{.+}}) {x.tag = "t"} : (tensor<3xf64>) -> tensor<3xf64>
func.func @same_types(%x: tensor<3xf64>, %i: tensor<3xi8>) {
  %0 = hlo.abs %x : tensor<3xf64>
  %1 = hlo.abs %i : tensor<3xi8>
  %2 = hlo.real %x : tensor<3xf64>
  %3 = hlo.imag %x {x.tag = "t"} : tensor<3xf64>
  return
}

// -----

// hlo.complex broadcasts like the other binary ops; f64 parts make complex<f64>.
// CHECK-LABEL: func.func @complex_broadcasting
// CHECK-NEXT:    hlo.complex %{{.+}}, %{{.+}} {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf64>, tensor<3xf64>) -> tensor<2x3xcomplex<f64>>
// CHECK-NEXT:    hlo.complex %{{.+}}, %{{.+}} : (tensor<f64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.complex"(%{{.+}}, %{{.+}}) {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf64>, tensor<3xf64>) -> tensor<2x3xcomplex<f64>>
func.func @complex_broadcasting(%x: tensor<2x3xf64>, %b: tensor<3xf64>, %s: tensor<f64>) {
  %0 = hlo.complex %x, %b {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf64>, tensor<3xf64>) -> tensor<2x3xcomplex<f64>>
  %1 = hlo.complex %s, %x : (tensor<f64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  return
}

// -----

// hlo.is_finite gives predicates.
// CHECK-LABEL: func.func @is_finite
// CHECK-NEXT:    hlo.is_finite %{{.+}} : (tensor<?x4xbf16>) -> tensor<?x4xi1>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.is_finite"(%{{.+}}) : (tensor<?x4xbf16>) -> tensor<?x4xi1>
func.func @is_finite(%x: tensor<?x4xbf16>) -> tensor<?x4xi1> {
  %0 = hlo.is_finite %x : (tensor<?x4xbf16>) -> tensor<?x4xi1>
  return %0 : tensor<?x4xi1>
}

// -----

// A result type only compatible with the inferred one keeps the functional type.
// CHECK-LABEL: func.func @compatible_types
// CHECK-NEXT:    hlo.abs %{{.+}} : (tensor<?xf32>) -> tensor<2xf32>
func.func @compatible_types(%x: tensor<?xf32>) {
  %0 = "hlo.abs"(%x) : (tensor<?xf32>) -> tensor<2xf32>
  return
}
