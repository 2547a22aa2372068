// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt - --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// The unary elementwise ops whose result has the operand's type. The custom form writes
// that one type; the generic form spells operand and result types.

// Rounding, transcendental functions and roots of floats.
// CHECK-LABEL: func.func @float_functions
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2x3xf32>)
// CHECK-NEXT:    %[[A:.+]] = hlo.ceil %[[X]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[B:.+]] = hlo.floor %[[A]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[C:.+]] = hlo.round_nearest_afz %[[B]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[D:.+]] = hlo.round_nearest_even %[[C]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[E:.+]] = hlo.cosine %[[D]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[F:.+]] = hlo.sine %[[E]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[G:.+]] = hlo.tan %[[F]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[H:.+]] = hlo.tanh %[[G]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[I:.+]] = hlo.exponential %[[H]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[J:.+]] = hlo.exponential_minus_one %[[I]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[K:.+]] = hlo.log %[[J]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[L:.+]] = hlo.log_plus_one %[[K]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[M:.+]] = hlo.logistic %[[L]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[N:.+]] = hlo.sqrt %[[M]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[O:.+]] = hlo.rsqrt %[[N]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[P:.+]] = hlo.cbrt %[[O]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[Q:.+]] = hlo.erf %[[P]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[R:.+]] = hlo.negate %[[Q]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[S:.+]] = hlo.sign %[[R]] : tensor<2x3xf32>
// CHECK-NEXT:    func.return %[[S]] : tensor<2x3xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.ceil"(%{{.+}}) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC:         "hlo.exponential_minus_one"(%{{.+}}) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC:         "hlo.sign"(%{{.+}}) : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @float_functions(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.ceil %x : tensor<2x3xf32>
  %1 = hlo.floor %0 : tensor<2x3xf32>
  %2 = hlo.round_nearest_afz %1 : tensor<2x3xf32>
  %3 = hlo.round_nearest_even %2 : tensor<2x3xf32>
  %4 = hlo.cosine %3 : tensor<2x3xf32>
  %5 = hlo.sine %4 : tensor<2x3xf32>
  %6 = hlo.tan %5 : tensor<2x3xf32>
  %7 = hlo.tanh %6 : tensor<2x3xf32>
  %8 = hlo.exponential %7 : tensor<2x3xf32>
  %9 = hlo.exponential_minus_one %8 : tensor<2x3xf32>
  %10 = hlo.log %9 : tensor<2x3xf32>
  %11 = hlo.log_plus_one %10 : tensor<2x3xf32>
  %12 = hlo.logistic %11 : tensor<2x3xf32>
  %13 = hlo.sqrt %12 : tensor<2x3xf32>
  %14 = hlo.rsqrt %13 : tensor<2x3xf32>
  %15 = hlo.cbrt %14 : tensor<2x3xf32>
  %16 = hlo.erf %15 : tensor<2x3xf32>
  %17 = hlo.negate %16 : tensor<2x3xf32>
  %18 = hlo.sign %17 : tensor<2x3xf32>
  return %18 : tensor<2x3xf32>
}

// -----

// Bit operations of integers, not of predicates, negate (wrapping around) of unsigned and
// sign of signed integers.
// CHECK-LABEL: func.func @integer_functions
// CHECK-SAME:    (%[[I:[^:]+]]: tensor<4xi32>, %[[U:[^:]+]]: tensor<4xui16>, %[[P:[^:]+]]: tensor<4xi1>)
// CHECK-NEXT:    hlo.not %[[I]] : tensor<4xi32>
// CHECK-NEXT:    hlo.not %[[P]] : tensor<4xi1>
// CHECK-NEXT:    hlo.popcnt %[[U]] : tensor<4xui16>
// CHECK-NEXT:    hlo.count_leading_zeros %[[I]] : tensor<4xi32>
// CHECK-NEXT:    hlo.negate %[[U]] : tensor<4xui16>
// CHECK-NEXT:    hlo.sign %[[I]] : tensor<4xi32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.not"(%{{.+}}) : (tensor<4xi1>) -> tensor<4xi1>
// GENERIC:         "hlo.count_leading_zeros"(%{{.+}}) : (tensor<4xi32>) -> tensor<4xi32>
func.func @integer_functions(%i: tensor<4xi32>, %u: tensor<4xui16>, %p: tensor<4xi1>) {
  %0 = hlo.not %i : tensor<4xi32>
  %1 = hlo.not %p : tensor<4xi1>
  %2 = hlo.popcnt %u : tensor<4xui16>
  %3 = hlo.count_leading_zeros %i : tensor<4xi32>
  %4 = hlo.negate %u : tensor<4xui16>
  %5 = hlo.sign %i : tensor<4xi32>
  return
}

// -----

// Transcendental functions, negate and sign of complex numbers; other float types; dynamic
// dimensions and extra attributes.
// CHECK-LABEL: func.func @complex_and_other_types
// CHECK-NEXT:    hlo.exponential %{{.+}} : tensor<2xcomplex<f32>>
// CHECK-NEXT:    hlo.log %{{.+}} : tensor<2xcomplex<f32>>
// CHECK-NEXT:    hlo.sqrt %{{.+}} : tensor<2xcomplex<f32>>
// CHECK-NEXT:    hlo.negate %{{.+}} : tensor<2xcomplex<f32>>
// CHECK-NEXT:    hlo.sign %{{.+}} : tensor<2xcomplex<f32>>
// CHECK-NEXT:    hlo.tanh %{{.+}} : tensor<?x<=8xbf16>
// CHECK-NEXT:    hlo.floor %{{.+}} {x.tag = "t"} : tensor<f8E4M3FN>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.tanh"(%{{.+}}) : (tensor<?x<=8xbf16>) -> tensor<?x<=8xbf16>
// GENERIC:         "hlo.floor"(%{{.+}}) {x.tag = "t"} : (tensor<f8E4M3FN>) -> tensor<f8E4M3FN>
func.func @complex_and_other_types(%z: tensor<2xcomplex<f32>>, %b: tensor<?x<=8xbf16>, %f: tensor<f8E4M3FN>) {
  %0 = hlo.exponential %z : tensor<2xcomplex<f32>>
  %1 = hlo.log %z : tensor<2xcomplex<f32>>
  %2 = hlo.sqrt %z : tensor<2xcomplex<f32>>
  %3 = hlo.negate %z : tensor<2xcomplex<f32>>
  %4 = hlo.sign %z : tensor<2xcomplex<f32>>
  %5 = hlo.tanh %b : tensor<?x<=8xbf16>
  %6 = hlo.floor %f {x.tag = "t"} : tensor<f8E4M3FN>
  return
}

// -----

// An operand type only compatible with the result type prints the functional type.
// CHECK-LABEL: func.func @compatible_types
// CHECK-NEXT:    hlo.sqrt %{{.+}} : (tensor<?xf32>) -> tensor<3xf32>
func.func @compatible_types(%x: tensor<?xf32>) {
  %0 = "hlo.sqrt"(%x) : (tensor<?xf32>) -> tensor<3xf32>
  return
}
