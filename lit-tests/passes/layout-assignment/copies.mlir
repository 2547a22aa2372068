// RUN: xla-opt %s --split-input-file --layout-assignment | FileCheck %s

// A copy is inserted where a use needs another layout than its value has: a call needs
// the callee's types (one copy serves both calls), a result its given layout.

// CHECK-LABEL: func.func @call
// CHECK-NEXT:    %[[N:.+]] = hlo.negate %arg0 : tensor<2x3xf32, {0, 1}>
// CHECK-NEXT:    %[[C:.+]] = hlo.copy %[[N]] : (tensor<2x3xf32, {0, 1}>) -> tensor<2x3xf32>
// CHECK-NEXT:    func.call @callee(%[[C]])
// CHECK-NEXT:    func.call @callee(%[[C]])
func.func private @callee(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  func.return %arg0 : tensor<2x3xf32>
}
func.func @call(%arg0: tensor<2x3xf32, {0, 1}>) -> tensor<2x3xf32> {
  %0 = hlo.copy %arg0 : (tensor<2x3xf32, {0, 1}>) -> tensor<2x3xf32>
  %1 = hlo.negate %0 : tensor<2x3xf32>
  %2 = func.call @callee(%1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = func.call @callee(%1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = hlo.add %2, %3 : tensor<2x3xf32>
  func.return %4 : tensor<2x3xf32>
}

// -----

// A parameter returned in another layout is copied; so is a value a convolution reads,
// whose kernel wants row-major operands. A dot reads its operands through strides: no copy.

// CHECK-LABEL: func.func @conflicts
// CHECK:         hlo.dot %arg0, %arg0 : (tensor<4x4xf32, {0, 1}>, tensor<4x4xf32, {0, 1}>) -> tensor<4x4xf32>
// CHECK:         %[[X:.+]] = hlo.copy %arg1 : (tensor<1x4x4x1xf32, {0, 1, 2, 3}>) -> tensor<1x4x4x1xf32>
// CHECK-NEXT:    hlo.convolution %[[X]], %arg2
// CHECK:         %[[R:.+]] = hlo.copy %arg0 : (tensor<4x4xf32, {0, 1}>) -> tensor<4x4xf32>
// CHECK-NEXT:    func.return %{{.+}}, %{{.+}}, %[[R]]
func.func @conflicts(%arg0: tensor<4x4xf32, {0, 1}>, %arg1: tensor<1x4x4x1xf32, {0, 1, 2, 3}>, %arg2: tensor<1x1x1x1xf32>) -> (tensor<4x4xf32>, tensor<1x4x4x1xf32>, tensor<4x4xf32>) {
  %0 = hlo.dot %arg0, %arg0 : (tensor<4x4xf32, {0, 1}>, tensor<4x4xf32, {0, 1}>) -> tensor<4x4xf32>
  %1 = hlo.convolution %arg1, %arg2, dim_labels = b01f_01io->b01f, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x1xf32, {0, 1, 2, 3}>, tensor<1x1x1x1xf32>) -> tensor<1x4x4x1xf32>
  %2 = hlo.copy %arg0 : (tensor<4x4xf32, {0, 1}>) -> tensor<4x4xf32>
  func.return %0, %1, %2 : tensor<4x4xf32>, tensor<1x4x4x1xf32>, tensor<4x4xf32>
}

// -----

// A padded result layout: the value is computed in its operand's layout and copied into
// the padded one, whose padding code generation fills with the padding value.

// CHECK-LABEL: func.func @padded
// CHECK:         hlo.sqrt %arg0 : (tensor<3x5xf32>) -> tensor<3x5xf32, {1, 0}, padded = [4, 8], padding = one>
func.func @padded(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32, {1, 0}, padded = [4, 8], padding = one> {
  %0 = hlo.sqrt %arg0 : tensor<3x5xf32>
  %1 = hlo.copy %0 : (tensor<3x5xf32>) -> tensor<3x5xf32, {1, 0}, padded = [4, 8], padding = one>
  func.return %1 : tensor<3x5xf32, {1, 0}, padded = [4, 8], padding = one>
}
