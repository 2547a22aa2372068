// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s

// A sort whose results are read only through slices of a short prefix (top_k: the first 2
// of 64) selects instead of sorting: result buffers of 2 elements along the sort
// dimension, and one pass over each line that inserts an element when the comparator puts
// it before the last one kept (or while fewer than 2 are kept).

// CHECK-LABEL: func.func @top2
// CHECK-NOT:     loop.alloc : memref<4x64xf32>
// CHECK-DAG:     %[[C64:.+]] = loop.constant 64 : index
// CHECK-DAG:     %[[KEYS:.+]] = loop.alloc : memref<4x2xf32>
// CHECK-DAG:     %[[VALUES:.+]] = loop.alloc : memref<4x2xi32>
// CHECK:         %{{.+}} = loop.for %[[E:[^ ]+]] = %{{.+}} to %[[C64]] step %{{.+}} iter_args(%{{.+}} = %{{.+}}) -> (index) {
// CHECK-NEXT:      %[[X:.+]] = loop.load %arg0[%{{.+}}, %[[E]]] : memref<4x64xf32>
// CHECK:           %[[LAST:.+]] = loop.load %[[KEYS]][%{{.+}}, %{{.+}}] : memref<4x2xf32>
// CHECK:           %[[BEATS:.+]] = loop.compare GT, %[[X]], %[[LAST]] : f32
// CHECK:           %[[ENTERS:.+]] = loop.arith or %{{.+}}, %[[BEATS]] : i1
// CHECK-NEXT:      loop.if %[[ENTERS]] {
// CHECK-NOT:     loop.alloc : memref<4x64xf32>

func.func @top2(%x: tensor<4x64xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>) {
  %i = hlo.iota dim = 1 : tensor<4x64xi32>
  %0:2 = hlo.sort(%x, %i) dim = 1 : (tensor<4x64xf32>, tensor<4x64xi32>) -> (tensor<4x64xf32>, tensor<4x64xi32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %1 = hlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %1 : tensor<i1>
  }
  %v = hlo.slice %0#0 [0:4, 0:2] : (tensor<4x64xf32>) -> tensor<4x2xf32>
  %j = hlo.slice %0#1 [0:4, 0:2] : (tensor<4x64xi32>) -> tensor<4x2xi32>
  return %v, %j : tensor<4x2xf32>, tensor<4x2xi32>
}

// -----

// A slice that reads past an eighth of the line keeps the full sort.
// CHECK-LABEL: func.func @top16_of_64
// CHECK:         loop.alloc : memref<4x64xf32>

func.func @top16_of_64(%x: tensor<4x64xf32>) -> tensor<4x16xf32> {
  %0 = hlo.sort(%x) dim = 1 : (tensor<4x64xf32>) -> tensor<4x64xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = hlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %1 : tensor<i1>
  }
  %v = hlo.slice %0 [0:4, 0:16] : (tensor<4x64xf32>) -> tensor<4x16xf32>
  return %v : tensor<4x16xf32>
}
