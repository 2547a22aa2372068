// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s

// A reduce_window whose window covers every prefix of one dimension (JAX's cumsum,
// cumprod, cummax, cumlogsumexp) is a scan: each result folds the previous one with one
// input element, instead of folding its whole window.

// Scanning the minor dimension: a loop.parallel over the rows, a loop.for along the row
// carrying the accumulator, which starts as the init value; each step stores its sum.
// CHECK-LABEL: func.func @cumsum_rows
// CHECK-DAG:     %[[ZERO:.+]] = loop.constant 0.0 : f32
// CHECK:         loop.parallel (%[[R:.+]]) =
// CHECK-NEXT:      %{{.+}} = loop.for %[[I:[^ ]+]] = {{.+}} iter_args(%[[ACC:.+]] = %[[ZERO]]) -> (f32) {
// CHECK-NEXT:        %[[X:.+]] = loop.load %arg0[%[[R]], %[[I]]] : memref<4x64xf32>
// CHECK-NEXT:        %[[SUM:.+]] = loop.arith add %[[ACC]], %[[X]] : f32
// CHECK-NEXT:        loop.store %[[SUM]], %arg1[%[[R]], %[[I]]] : memref<4x64xf32>
// CHECK-NEXT:        loop.yield %[[SUM]] : f32
// CHECK-NOT:     loop.if

func.func @cumsum_rows(%a: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.reduce_window(%a init: %zero) window = {size = [1, 64], pad = [[0, 0], [63, 0]]} : (tensor<4x64xf32>, tensor<f32>) -> tensor<4x64xf32> {
  ^bb0(%acc: tensor<f32>, %x: tensor<f32>):
    %1 = hlo.add %acc, %x : tensor<f32>
    hlo.return %1 : tensor<f32>
  }
  return %0 : tensor<4x64xf32>
}

// -----

// Scanning a major dimension: row 0 is the init folded with the input's row 0; every
// later row folds the previous result row, read back from the result, with the input's
// row, in a loop.for over the minor dimension that walks both rows contiguously.
// CHECK-LABEL: func.func @cummax_columns
// CHECK-DAG:     %[[NINF:.+]] = loop.constant 0xFF800000 : f32
// CHECK-DAG:     %[[C0:.+]] = loop.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = loop.constant 1 : index
// CHECK-DAG:     %[[C64:.+]] = loop.constant 64 : index
// CHECK:         loop.for %[[J0:[^ ]+]] = %[[C0]] to
// CHECK-NEXT:      %[[X0:.+]] = loop.load %arg0[%[[C0]], %[[J0]]] : memref<64x8xf32>
// CHECK-NEXT:      %[[M0:.+]] = loop.arith maximum %[[NINF]], %[[X0]] : f32
// CHECK-NEXT:      loop.store %[[M0]], %arg1[%[[C0]], %[[J0]]] : memref<64x8xf32>
// CHECK:         loop.for %[[I:[^ ]+]] = %[[C1]] to %[[C64]] step %[[C1]] {
// CHECK-NEXT:      %[[PREV:.+]] = loop.arith add %[[I]], %{{.+}} : index
// CHECK-NEXT:      loop.for %[[J:[^ ]+]] = %[[C0]] to
// CHECK-NEXT:        %[[ACC:.+]] = loop.load %arg1[%[[PREV]], %[[J]]] : memref<64x8xf32>
// CHECK-NEXT:        %[[X:.+]] = loop.load %arg0[%[[I]], %[[J]]] : memref<64x8xf32>
// CHECK-NEXT:        %[[M:.+]] = loop.arith maximum %[[ACC]], %[[X]] : f32
// CHECK-NEXT:        loop.store %[[M]], %arg1[%[[I]], %[[J]]] : memref<64x8xf32>

func.func @cummax_columns(%a: tensor<64x8xf32>) -> tensor<64x8xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %0 = hlo.reduce_window(%a init: %ninf) window = {size = [64, 1], pad = [[63, 0], [0, 0]]} : (tensor<64x8xf32>, tensor<f32>) -> tensor<64x8xf32> {
  ^bb0(%acc: tensor<f32>, %x: tensor<f32>):
    %1 = hlo.maximum %acc, %x : tensor<f32>
    hlo.return %1 : tensor<f32>
  }
  return %0 : tensor<64x8xf32>
}

// -----

// A window of two dimensions, a sliding window and a strided one are not scans: the
// elemental's window loops remain.
// CHECK-LABEL: func.func @sliding
// CHECK:         loop.parallel
// CHECK-NEXT:      loop.for
// CHECK:           loop.if

func.func @sliding(%a: tensor<64xf32>) -> tensor<64xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.reduce_window(%a init: %zero) window = {size = [8], pad = [[7, 0]]} : (tensor<64xf32>, tensor<f32>) -> tensor<64xf32> {
  ^bb0(%acc: tensor<f32>, %x: tensor<f32>):
    %1 = hlo.add %acc, %x : tensor<f32>
    hlo.return %1 : tensor<f32>
  }
  return %0 : tensor<64xf32>
}
