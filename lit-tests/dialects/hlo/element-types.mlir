// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt --split-input-file | FileCheck %s

// XLA's element types as the hlo dialect spells them: pred is i1, sN is iN (signless), uN
// is uiN, the floats by MLIR's names (the f8 family included), complex<f32|f64>; tokens are
// !hlo.token and tuples tuple<...>. Constants of each take dense literals.

// CHECK-LABEL: func.func @integers
// CHECK-SAME:    : tensor<2xi1>
// CHECK-SAME:    : tensor<2xi2>
// CHECK-SAME:    : tensor<2xi4>
// CHECK-SAME:    : tensor<2xi8>
// CHECK-SAME:    : tensor<2xi16>
// CHECK-SAME:    : tensor<2xi32>
// CHECK-SAME:    : tensor<2xi64>
// CHECK-SAME:    : tensor<2xui2>
// CHECK-SAME:    : tensor<2xui4>
// CHECK-SAME:    : tensor<2xui8>
// CHECK-SAME:    : tensor<2xui16>
// CHECK-SAME:    : tensor<2xui32>
// CHECK-SAME:    : tensor<2xui64>
func.func @integers(%pred: tensor<2xi1>, %s2: tensor<2xi2>, %s4: tensor<2xi4>, %s8: tensor<2xi8>, %s16: tensor<2xi16>, %s32: tensor<2xi32>, %s64: tensor<2xi64>,
                    %u2: tensor<2xui2>, %u4: tensor<2xui4>, %u8: tensor<2xui8>, %u16: tensor<2xui16>, %u32: tensor<2xui32>, %u64: tensor<2xui64>) {
  return
}

// -----

// CHECK-LABEL: func.func @floats
// CHECK-SAME:    : tensor<2xf16>
// CHECK-SAME:    : tensor<2xbf16>
// CHECK-SAME:    : tensor<2xf32>
// CHECK-SAME:    : tensor<2xf64>
// CHECK-SAME:    : tensor<2xf8E4M3FN>
// CHECK-SAME:    : tensor<2xf8E5M2>
// CHECK-SAME:    : tensor<2xf8E4M3FNUZ>
// CHECK-SAME:    : tensor<2xf8E5M2FNUZ>
// CHECK-SAME:    : tensor<2xf8E4M3B11FNUZ>
// CHECK-SAME:    : tensor<2xf8E4M3>
// CHECK-SAME:    : tensor<2xf8E3M4>
// CHECK-SAME:    : tensor<2xcomplex<f32>>
// CHECK-SAME:    : tensor<2xcomplex<f64>>
func.func @floats(%a: tensor<2xf16>, %b: tensor<2xbf16>, %c: tensor<2xf32>, %d: tensor<2xf64>,
                  %e: tensor<2xf8E4M3FN>, %f: tensor<2xf8E5M2>, %g: tensor<2xf8E4M3FNUZ>, %h: tensor<2xf8E5M2FNUZ>, %i: tensor<2xf8E4M3B11FNUZ>, %j: tensor<2xf8E4M3>, %k: tensor<2xf8E3M4>,
                  %l: tensor<2xcomplex<f32>>, %m: tensor<2xcomplex<f64>>) {
  return
}

// -----

// CHECK-LABEL: func.func @tokens_and_tuples
// CHECK-SAME:    : !hlo.token
// CHECK-SAME:    : tuple<tensor<2xf32>, tuple<tensor<i32>, !hlo.token>>
func.func @tokens_and_tuples(%t: !hlo.token, %u: tuple<tensor<2xf32>, tuple<tensor<i32>, !hlo.token>>) {
  return
}

// -----

// CHECK-LABEL: func.func @constants
// CHECK:         hlo.constant dense<[true, false]> : tensor<2xi1>
// CHECK:         hlo.constant dense<[-2, 1]> : tensor<2xi2>
// CHECK:         hlo.constant dense<[-8, 7]> : tensor<2xi4>
// CHECK:         hlo.constant dense<[0, 15]> : tensor<2xui4>
// CHECK:         hlo.constant dense<[1.5, -2.0]> : tensor<2xf8E4M3FN>
// CHECK:         hlo.constant dense<[1.0, 0.5]> : tensor<2xbf16>
// CHECK:         hlo.constant dense<(1.0, -1.0)> : tensor<2xcomplex<f64>>
func.func @constants() {
  %0 = hlo.constant dense<[true, false]> : tensor<2xi1>
  %1 = hlo.constant dense<[-2, 1]> : tensor<2xi2>
  %2 = hlo.constant dense<[-8, 7]> : tensor<2xi4>
  %3 = hlo.constant dense<[0, 15]> : tensor<2xui4>
  %4 = hlo.constant dense<[1.5, -2.0]> : tensor<2xf8E4M3FN>
  %5 = hlo.constant dense<[1.0, 0.5]> : tensor<2xbf16>
  %6 = hlo.constant dense<(1.0, -1.0)> : tensor<2xcomplex<f64>>
  return
}
