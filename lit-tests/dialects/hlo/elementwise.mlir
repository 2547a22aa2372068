// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt - --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// The elementwise binary ops (hlo.add, subtract, multiply, divide, remainder, maximum,
// minimum, power, atan2, and, or, xor, shift_left, shift_right_arithmetic,
// shift_right_logical). The custom form writes the one type of both operands and the
// result; the generic form spells all three; operands that broadcast print the functional
// type.

// CHECK-LABEL: func.func @float_ops
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3xf32>, %[[Y:.+]]: tensor<2x3xf32>)
// CHECK-NEXT:    %[[A:.+]] = hlo.add %[[X]], %[[Y]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[M:.+]] = hlo.multiply %[[A]], %[[X]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[MAX:.+]] = hlo.maximum %[[M]], %[[Y]] : tensor<2x3xf32>
// CHECK-NEXT:    func.return %[[MAX]] : tensor<2x3xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         ^bb0(%[[X:.+]]: tensor<2x3xf32>, %[[Y:.+]]: tensor<2x3xf32>):
// GENERIC-NEXT:    %[[A:.+]] = "hlo.add"(%[[X]], %[[Y]]) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC-NEXT:    %[[M:.+]] = "hlo.multiply"(%[[A]], %[[X]]) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC-NEXT:    %[[MAX:.+]] = "hlo.maximum"(%[[M]], %[[Y]]) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC-NEXT:    "func.return"(%[[MAX]]) : (tensor<2x3xf32>) -> ()
func.func @float_ops(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.add %x, %y : tensor<2x3xf32>
  %1 = hlo.multiply %0, %x : tensor<2x3xf32>
  %2 = hlo.maximum %1, %y : tensor<2x3xf32>
  return %2 : tensor<2x3xf32>
}

// -----

// Integers, unsigned integers, predicates and complex numbers are numbers too; 0-d
// tensors are tensors.
// CHECK-LABEL: func.func @element_types
// CHECK:         hlo.add %{{.+}}, %{{.+}} : tensor<i8>
// CHECK:         hlo.multiply %{{.+}}, %{{.+}} : tensor<4xui32>
// CHECK:         hlo.maximum %{{.+}}, %{{.+}} : tensor<2xi1>
// CHECK:         hlo.add %{{.+}}, %{{.+}} : tensor<2xcomplex<f64>>
// CHECK:         hlo.multiply %{{.+}}, %{{.+}} : tensor<3xbf16>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.add"(%{{.+}}, %{{.+}}) : (tensor<i8>, tensor<i8>) -> tensor<i8>
// GENERIC:         "hlo.multiply"(%{{.+}}, %{{.+}}) : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xui32>
// GENERIC:         "hlo.maximum"(%{{.+}}, %{{.+}}) : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
func.func @element_types(%a: tensor<i8>, %b: tensor<4xui32>, %c: tensor<2xi1>, %d: tensor<2xcomplex<f64>>, %e: tensor<3xbf16>) {
  %0 = hlo.add %a, %a : tensor<i8>
  %1 = hlo.multiply %b, %b : tensor<4xui32>
  %2 = hlo.maximum %c, %c : tensor<2xi1>
  %3 = hlo.add %d, %d : tensor<2xcomplex<f64>>
  %4 = hlo.multiply %e, %e : tensor<3xbf16>
  return
}

// -----

// Dynamic dimensions; extra attributes print before the type.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME:    (%[[X:.+]]: tensor<?x4xf32>)
// CHECK-NEXT:    %{{.+}} = hlo.add %[[X]], %[[X]] {x.tag = "t"} : tensor<?x4xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.add"(%{{.+}}, %{{.+}}) {x.tag = "t"} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
func.func @dynamic(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = hlo.add %x, %x {x.tag = "t"} : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// Arithmetic on floats.
// CHECK-LABEL: func.func @float_arithmetic
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2x3xf32>, %[[Y:[^:]+]]: tensor<2x3xf32>)
// CHECK-NEXT:    %[[S:.+]] = hlo.subtract %[[X]], %[[Y]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[D:.+]] = hlo.divide %[[S]], %[[Y]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[R:.+]] = hlo.remainder %[[D]], %[[Y]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[M:.+]] = hlo.minimum %[[R]], %[[X]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[P:.+]] = hlo.power %[[M]], %[[X]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[A:.+]] = hlo.atan2 %[[P]], %[[X]] : tensor<2x3xf32>
// CHECK-NEXT:    func.return %[[A]] : tensor<2x3xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.subtract"(%{{.+}}, %{{.+}}) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC-NEXT:    "hlo.divide"(%{{.+}}, %{{.+}}) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC-NEXT:    "hlo.remainder"(%{{.+}}, %{{.+}}) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC-NEXT:    "hlo.minimum"(%{{.+}}, %{{.+}}) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC-NEXT:    "hlo.power"(%{{.+}}, %{{.+}}) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC-NEXT:    "hlo.atan2"(%{{.+}}, %{{.+}}) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @float_arithmetic(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.subtract %x, %y : tensor<2x3xf32>
  %1 = hlo.divide %0, %y : tensor<2x3xf32>
  %2 = hlo.remainder %1, %y : tensor<2x3xf32>
  %3 = hlo.minimum %2, %x : tensor<2x3xf32>
  %4 = hlo.power %3, %x : tensor<2x3xf32>
  %5 = hlo.atan2 %4, %x : tensor<2x3xf32>
  return %5 : tensor<2x3xf32>
}

// -----

// Integer arithmetic, bitwise ops and shifts, signed and unsigned.
// CHECK-LABEL: func.func @integer_ops
// CHECK-SAME:    (%[[A:[^:]+]]: tensor<4xi32>, %[[B:[^:]+]]: tensor<4xui8>)
// CHECK-NEXT:    hlo.subtract %[[A]], %[[A]] : tensor<4xi32>
// CHECK-NEXT:    hlo.divide %[[B]], %[[B]] : tensor<4xui8>
// CHECK-NEXT:    hlo.remainder %[[A]], %[[A]] : tensor<4xi32>
// CHECK-NEXT:    hlo.power %[[A]], %[[A]] : tensor<4xi32>
// CHECK-NEXT:    hlo.minimum %[[B]], %[[B]] : tensor<4xui8>
// CHECK-NEXT:    hlo.and %[[A]], %[[A]] : tensor<4xi32>
// CHECK-NEXT:    hlo.or %[[B]], %[[B]] : tensor<4xui8>
// CHECK-NEXT:    hlo.xor %[[A]], %[[A]] : tensor<4xi32>
// CHECK-NEXT:    hlo.shift_left %[[A]], %[[A]] : tensor<4xi32>
// CHECK-NEXT:    hlo.shift_right_arithmetic %[[A]], %[[A]] : tensor<4xi32>
// CHECK-NEXT:    hlo.shift_right_logical %[[B]], %[[B]] : tensor<4xui8>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.and"(%{{.+}}, %{{.+}}) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// GENERIC:         "hlo.shift_right_logical"(%{{.+}}, %{{.+}}) : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
func.func @integer_ops(%a: tensor<4xi32>, %b: tensor<4xui8>) {
  %0 = hlo.subtract %a, %a : tensor<4xi32>
  %1 = hlo.divide %b, %b : tensor<4xui8>
  %2 = hlo.remainder %a, %a : tensor<4xi32>
  %3 = hlo.power %a, %a : tensor<4xi32>
  %4 = hlo.minimum %b, %b : tensor<4xui8>
  %5 = hlo.and %a, %a : tensor<4xi32>
  %6 = hlo.or %b, %b : tensor<4xui8>
  %7 = hlo.xor %a, %a : tensor<4xi32>
  %8 = hlo.shift_left %a, %a : tensor<4xi32>
  %9 = hlo.shift_right_arithmetic %a, %a : tensor<4xi32>
  %10 = hlo.shift_right_logical %b, %b : tensor<4xui8>
  return
}

// -----

// Predicates: logical and, or, xor, and minimum; complex numbers: arithmetic and atan2.
// CHECK-LABEL: func.func @predicates_and_complex
// CHECK-NEXT:    hlo.and %{{.+}}, %{{.+}} : tensor<2xi1>
// CHECK-NEXT:    hlo.or %{{.+}}, %{{.+}} : tensor<2xi1>
// CHECK-NEXT:    hlo.xor %{{.+}}, %{{.+}} : tensor<2xi1>
// CHECK-NEXT:    hlo.minimum %{{.+}}, %{{.+}} : tensor<2xi1>
// CHECK-NEXT:    hlo.subtract %{{.+}}, %{{.+}} : tensor<2xcomplex<f64>>
// CHECK-NEXT:    hlo.divide %{{.+}}, %{{.+}} : tensor<2xcomplex<f64>>
// CHECK-NEXT:    hlo.power %{{.+}}, %{{.+}} : tensor<2xcomplex<f64>>
// CHECK-NEXT:    hlo.atan2 %{{.+}}, %{{.+}} : tensor<2xcomplex<f64>>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.xor"(%{{.+}}, %{{.+}}) : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
// GENERIC:         "hlo.atan2"(%{{.+}}, %{{.+}}) : (tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>>
func.func @predicates_and_complex(%p: tensor<2xi1>, %z: tensor<2xcomplex<f64>>) {
  %0 = hlo.and %p, %p : tensor<2xi1>
  %1 = hlo.or %p, %p : tensor<2xi1>
  %2 = hlo.xor %p, %p : tensor<2xi1>
  %3 = hlo.minimum %p, %p : tensor<2xi1>
  %4 = hlo.subtract %z, %z : tensor<2xcomplex<f64>>
  %5 = hlo.divide %z, %z : tensor<2xcomplex<f64>>
  %6 = hlo.power %z, %z : tensor<2xcomplex<f64>>
  %7 = hlo.atan2 %z, %z : tensor<2xcomplex<f64>>
  return
}

// -----

// Implicit broadcasting of the new binary ops: a bias subtracted along dimension 1, a
// scalar shift amount, and degenerate dimensions of predicates.
// CHECK-LABEL: func.func @broadcasting
// CHECK-NEXT:    hlo.subtract %{{.+}}, %{{.+}} {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    hlo.shift_left %{{.+}}, %{{.+}} : (tensor<4x5xi32>, tensor<i32>) -> tensor<4x5xi32>
// CHECK-NEXT:    hlo.xor %{{.+}}, %{{.+}} : (tensor<2x1xi1>, tensor<1x3xi1>) -> tensor<2x3xi1>
// CHECK-NEXT:    hlo.divide %{{.+}}, %{{.+}} {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.subtract"(%{{.+}}, %{{.+}}) {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func.func @broadcasting(%x: tensor<2x3xf32>, %b: tensor<3xf32>, %i: tensor<4x5xi32>, %n: tensor<i32>, %p: tensor<2x1xi1>, %q: tensor<1x3xi1>, %c: tensor<2xf32>) {
  %0 = hlo.subtract %x, %b {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = hlo.shift_left %i, %n : (tensor<4x5xi32>, tensor<i32>) -> tensor<4x5xi32>
  %2 = "hlo.xor"(%p, %q) : (tensor<2x1xi1>, tensor<1x3xi1>) -> tensor<2x3xi1>
  %3 = hlo.divide %c, %x {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}
