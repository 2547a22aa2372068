// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s

// A dot below the gemm threshold whose result rows are at least 8 long is summed a row at
// a time: the row is zeroed, then for each contracted index a loop.for over the row adds
// one product per element, in the contraction's order (the elemental's sums, bit for
// bit), with independent elements that vectorize.

// CHECK-LABEL: func.func @small_dot
// CHECK-DAG:     %[[ZERO:.+]] = loop.constant 0.0 : f32
// CHECK:         loop.parallel (%[[I:.+]]) =
// CHECK-NEXT:      loop.for %[[J0:[^ ]+]] =
// CHECK-NEXT:        loop.store %[[ZERO]], %arg2[%[[I]], %[[J0]]] : memref<4x16xf32>
// CHECK:           loop.for %[[K:[^ ]+]] =
// CHECK-NEXT:        loop.for %[[J:[^ ]+]] =
// CHECK-NEXT:          %[[ACC:.+]] = loop.load %arg2[%[[I]], %[[J]]] : memref<4x16xf32>
// CHECK-NEXT:          %[[A:.+]] = loop.load %arg0[%[[I]], %[[K]]] : memref<4x32xf32>
// CHECK-NEXT:          %[[B:.+]] = loop.load %arg1[%[[K]], %[[J]]] : memref<32x16xf32>
// CHECK-NEXT:          %[[P:.+]] = loop.arith multiply %[[A]], %[[B]] : f32
// CHECK-NEXT:          %[[S:.+]] = loop.arith add %[[ACC]], %[[P]] : f32
// CHECK-NEXT:          loop.store %[[S]], %arg2[%[[I]], %[[J]]] : memref<4x16xf32>

func.func @small_dot(%a: tensor<4x32xf32>, %b: tensor<32x16xf32>) -> tensor<4x16xf32> {
  %0 = hlo.dot %a, %b : (tensor<4x32xf32>, tensor<32x16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}

// -----

// Rows shorter than 8 keep the elemental: one loop.for per result element carrying the sum.
// CHECK-LABEL: func.func @short_rows
// CHECK:         loop.parallel
// CHECK-NEXT:      loop.for {{.+}} iter_args
// CHECK-NOT:     loop.store %{{.+}}, %arg2[{{.+}}] : memref<4x4xf32>
// CHECK:         loop.yield

func.func @short_rows(%a: tensor<4x32xf32>, %b: tensor<32x4xf32>) -> tensor<4x4xf32> {
  %0 = hlo.dot %a, %b : (tensor<4x32xf32>, tensor<32x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
