// RUN: xla-opt %s --split-input-file --layout-assignment | FileCheck %s

// Layouts propagate forward: a given parameter layout flows through elementwise ops (the
// reader's copy to a layout-free value is dropped), and a transpose takes the layout that
// makes it a bitcast of its operand.

// CHECK-LABEL: func.func @forward
// CHECK-NEXT:    %[[A:.+]] = hlo.add %arg0, %arg1 : (tensor<2x3xf32, {0, 1}>, tensor<2x3xf32>) -> tensor<2x3xf32, {0, 1}>
// CHECK-NEXT:    %[[E:.+]] = hlo.exponential %[[A]] : tensor<2x3xf32, {0, 1}>
// CHECK-NEXT:    %[[B:.+]] = hlo.bitcast %[[E]] : (tensor<2x3xf32, {0, 1}>) -> tensor<3x2xf32>
// CHECK-NEXT:    func.return %[[B]] : tensor<3x2xf32>
func.func @forward(%arg0: tensor<2x3xf32, {0, 1}>, %arg1: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = hlo.copy %arg0 : (tensor<2x3xf32, {0, 1}>) -> tensor<2x3xf32>
  %1 = hlo.add %0, %arg1 : tensor<2x3xf32>
  %2 = hlo.exponential %1 : tensor<2x3xf32>
  %3 = hlo.transpose %2, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %3 : tensor<3x2xf32>
}

// -----

// Layouts propagate backward: a result's given layout is where the elementwise op that
// computes it writes, so no copy follows it.

// CHECK-LABEL: func.func @backward
// CHECK-NEXT:    %[[E:.+]] = hlo.exponential %arg0 : (tensor<2x3xf32>) -> tensor<2x3xf32, {0, 1}>
// CHECK-NEXT:    func.return %[[E]] : tensor<2x3xf32, {0, 1}>
func.func @backward(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32, {0, 1}> {
  %0 = hlo.exponential %arg0 : tensor<2x3xf32>
  %1 = hlo.copy %0 : (tensor<2x3xf32>) -> tensor<2x3xf32, {0, 1}>
  func.return %1 : tensor<2x3xf32, {0, 1}>
}

// -----

// Without given layouts nothing changes.

// CHECK-LABEL: func.func @unchanged
// CHECK-NEXT:    %[[T:.+]] = hlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    %[[N:.+]] = hlo.negate %[[T]] : tensor<3x2xf32>
// CHECK-NEXT:    func.return %[[N]] : tensor<3x2xf32>
func.func @unchanged(%arg0: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = hlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = hlo.negate %0 : tensor<3x2xf32>
  func.return %1 : tensor<3x2xf32>
}

// -----

// Rank 3: XLA's example, f32[4,6,5]{2,1,0} transposed by [2,0,1] is the bitcast
// f32[5,4,6]{0,2,1}; the result's given layout is that one.

// CHECK-LABEL: func.func @rank3
// CHECK-NEXT:    %[[B:.+]] = hlo.bitcast %arg0 : (tensor<4x6x5xf32>) -> tensor<5x4x6xf32, {0, 2, 1}>
// CHECK-NEXT:    func.return %[[B]]
func.func @rank3(%arg0: tensor<4x6x5xf32>) -> tensor<5x4x6xf32, {0, 2, 1}> {
  %0 = hlo.transpose %arg0, dims = [2, 0, 1] : (tensor<4x6x5xf32>) -> tensor<5x4x6xf32>
  %1 = hlo.copy %0 : (tensor<5x4x6xf32>) -> tensor<5x4x6xf32, {0, 2, 1}>
  func.return %1 : tensor<5x4x6xf32, {0, 2, 1}>
}

// -----

// A dot takes the layout its use wants (it writes its result through strides): the
// transpose of a dot's result, which backward passes are full of, then moves nothing and
// becomes a bitcast.

// CHECK-LABEL: func.func @dot_then_transpose
// CHECK-NEXT:    %[[D:.+]] = hlo.dot %arg0, %arg1 : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32, {0, 1}>
// CHECK-NEXT:    %{{.+}} = hlo.bitcast %[[D]] : (tensor<2x3xf32, {0, 1}>) -> tensor<3x2xf32>
func.func @dot_then_transpose(%arg0: tensor<2x4xf32>, %arg1: tensor<4x3xf32>) -> tensor<3x2xf32, {1, 0}> {
  %0 = hlo.dot %arg0, %arg1 : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  %1 = hlo.transpose %0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = hlo.copy %1 : (tensor<3x2xf32>) -> tensor<3x2xf32, {1, 0}>
  func.return %2 : tensor<3x2xf32, {1, 0}>
}
