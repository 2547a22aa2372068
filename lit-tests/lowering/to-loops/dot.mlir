// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s

// dot and dot_general: the naive loop, a loop.for per contracting dimension carrying the
// accumulator, for each result element (batching, lhs free, rhs free dimensions).

// CHECK-LABEL: func.func @matmul
// CHECK-DAG:     %[[ZERO:.+]] = loop.constant 0.0 : f32
// CHECK-DAG:     %[[C3:.+]] = loop.constant 3 : index
// CHECK:         loop.parallel (%[[I:.+]], %[[J:.+]]) =
// CHECK-NEXT:      %[[SUM:.+]] = loop.for %[[K:.+]] = %{{.+}} to %[[C3]] step %{{.+}} iter_args(%[[ACC:.+]] = %[[ZERO]]) -> (f32) {
// CHECK-NEXT:        %[[A:.+]] = loop.load %arg0[%[[I]], %[[K]]] : memref<2x3xf32>
// CHECK-NEXT:        %[[B:.+]] = loop.load %arg1[%[[K]], %[[J]]] : memref<3x4xf32>
// CHECK-NEXT:        %[[P:.+]] = loop.arith multiply %[[A]], %[[B]] : f32
// CHECK-NEXT:        %[[S:.+]] = loop.arith add %[[ACC]], %[[P]] : f32
// CHECK-NEXT:        loop.yield %[[S]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      loop.store %[[SUM]], %arg2[%[[I]], %[[J]]] : memref<2x4xf32>

func.func @matmul(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = hlo.dot %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Floats narrower than f32 accumulate in f32 and round once.
// CHECK-LABEL: func.func @batched
// CHECK:         loop.parallel (%[[B:.+]], %[[I:.+]], %[[J:.+]]) =
// CHECK-NEXT:      %[[SUM:.+]] = loop.for %[[K:[^ ]+]] = {{.+}} -> (f32) {
// CHECK-NEXT:        %[[X:.+]] = loop.load %arg0[%[[B]], %[[I]], %[[K]]] : memref<5x2x3xbf16>
// CHECK-NEXT:        %[[Y:.+]] = loop.load %arg1[%[[B]], %[[J]], %[[K]]] : memref<5x4x3xbf16>
// CHECK-NEXT:        %[[XF:.+]] = loop.convert %[[X]] : bf16 -> f32
// CHECK-NEXT:        %[[YF:.+]] = loop.convert %[[Y]] : bf16 -> f32
// CHECK:           }
// CHECK-NEXT:      %[[R:.+]] = loop.convert %[[SUM]] : f32 -> bf16
// CHECK-NEXT:      loop.store %[[R]], %arg2[%[[B]], %[[I]], %[[J]]] : memref<5x2x4xbf16>

func.func @batched(%a: tensor<5x2x3xbf16>, %b: tensor<5x4x3xbf16>) -> tensor<5x2x4xbf16> {
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<5x2x3xbf16>, tensor<5x4x3xbf16>) -> tensor<5x2x4xbf16>
  return %0 : tensor<5x2x4xbf16>
}
