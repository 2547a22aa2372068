// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt - --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// Conversions: hlo.convert_element_type and hlo.bitcast_convert_type write their functional
// type; hlo.reduce_precision writes its format as StableHLO does (e5m10).

// CHECK-LABEL: func.func @convert
// CHECK-NEXT:    hlo.convert_element_type %{{.+}} : (tensor<3xi32>) -> tensor<3xf32>
// CHECK-NEXT:    hlo.convert_element_type %{{.+}} : (tensor<3xi32>) -> tensor<3xi1>
// CHECK-NEXT:    hlo.convert_element_type %{{.+}} : (tensor<3xcomplex<f32>>) -> tensor<3xf64>
// CHECK-NEXT:    hlo.convert_element_type %{{.+}} : (tensor<?x2xf32>) -> tensor<4x2xui8>
// CHECK-NEXT:    hlo.convert_element_type %{{.+}} {x.tag = "t"} : (tensor<f16>) -> tensor<f8E5M2>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.convert_element_type"(%{{.+}}) : (tensor<3xi32>) -> tensor<3xf32>
// GENERIC:         "hlo.convert_element_type"(%{{.+}}) {x.tag = "t"} : (tensor<f16>) -> tensor<f8E5M2>
func.func @convert(%i: tensor<3xi32>, %z: tensor<3xcomplex<f32>>, %d: tensor<?x2xf32>, %h: tensor<f16>) {
  %0 = hlo.convert_element_type %i : (tensor<3xi32>) -> tensor<3xf32>
  %1 = hlo.convert_element_type %i : (tensor<3xi32>) -> tensor<3xi1>
  %2 = hlo.convert_element_type %z : (tensor<3xcomplex<f32>>) -> tensor<3xf64>
  %3 = hlo.convert_element_type %d : (tensor<?x2xf32>) -> tensor<4x2xui8>
  %4 = hlo.convert_element_type %h {x.tag = "t"} : (tensor<f16>) -> tensor<f8E5M2>
  return
}

// -----

// Equal widths keep the shape; a narrower type adds a minor dimension of the width ratio; a
// wider type removes a last dimension of that size (operation semantics' examples); a
// predicate is one bit.
// CHECK-LABEL: func.func @bitcast
// CHECK-NEXT:    hlo.bitcast_convert_type %{{.+}} : (tensor<10xf32>) -> tensor<10xi32>
// CHECK-NEXT:    hlo.bitcast_convert_type %{{.+}} : (tensor<10xf32>) -> tensor<10x2xf16>
// CHECK-NEXT:    hlo.bitcast_convert_type %{{.+}} : (tensor<f32>) -> tensor<2xf16>
// CHECK-NEXT:    hlo.bitcast_convert_type %{{.+}} : (tensor<10x2xf16>) -> tensor<10xf32>
// CHECK-NEXT:    hlo.bitcast_convert_type %{{.+}} : (tensor<3x?xi8>) -> tensor<3xui32>
// CHECK-NEXT:    hlo.bitcast_convert_type %{{.+}} : (tensor<2xcomplex<f32>>) -> tensor<complex<f64>>
// CHECK-NEXT:    hlo.bitcast_convert_type %{{.+}} : (tensor<4x8xi1>) -> tensor<4xui8>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.bitcast_convert_type"(%{{.+}}) : (tensor<10xf32>) -> tensor<10xi32>
func.func @bitcast(%x: tensor<10xf32>, %s: tensor<f32>, %h: tensor<10x2xf16>, %b: tensor<3x?xi8>, %z: tensor<2xcomplex<f32>>, %p: tensor<4x8xi1>) {
  %0 = hlo.bitcast_convert_type %x : (tensor<10xf32>) -> tensor<10xi32>
  %1 = hlo.bitcast_convert_type %x : (tensor<10xf32>) -> tensor<10x2xf16>
  %2 = hlo.bitcast_convert_type %s : (tensor<f32>) -> tensor<2xf16>
  %3 = hlo.bitcast_convert_type %h : (tensor<10x2xf16>) -> tensor<10xf32>
  %4 = hlo.bitcast_convert_type %b : (tensor<3x?xi8>) -> tensor<3xui32>
  %5 = hlo.bitcast_convert_type %z : (tensor<2xcomplex<f32>>) -> tensor<complex<f64>>
  %6 = hlo.bitcast_convert_type %p : (tensor<4x8xi1>) -> tensor<4xui8>
  return
}

// -----

// CHECK-LABEL: func.func @reduce_precision
// CHECK-NEXT:    hlo.reduce_precision %{{.+}}, format = e5m10 : tensor<6xf32>
// CHECK-NEXT:    hlo.reduce_precision %{{.+}}, format = e8m7 : tensor<?xf64>
// CHECK-NEXT:    hlo.reduce_precision %{{.+}}, format = e1m0 {x.tag = "t"} : tensor<bf16>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.reduce_precision"(%{{.+}}) {exponent_bits = 5, mantissa_bits = 10} : (tensor<6xf32>) -> tensor<6xf32>
// GENERIC:         "hlo.reduce_precision"(%{{.+}}) {exponent_bits = 1, mantissa_bits = 0, x.tag = "t"} : (tensor<bf16>) -> tensor<bf16>
func.func @reduce_precision(%x: tensor<6xf32>, %d: tensor<?xf64>, %b: tensor<bf16>) {
  %0 = hlo.reduce_precision %x, format = e5m10 : tensor<6xf32>
  %1 = hlo.reduce_precision %d, format = e8m7 : tensor<?xf64>
  %2 = hlo.reduce_precision %b, format = e1m0 {x.tag = "t"} : tensor<bf16>
  return
}
