// RUN: xla-opt %s --split-input-file --canonicalize | FileCheck %s

// transpose-into-layout: a layout change (a reshape to the same shape, XLA's `copy`) that
// is a transpose's only user becomes the transpose's own result layout, as XLA's HLO
// writes a transpose whose layout makes it a bitcast.

// CHECK-LABEL: func.func @absorbed
// CHECK-NEXT:    %[[T:.+]] = hlo.transpose %arg0, dims = [2, 0, 1] : (tensor<4x6x5xf32>) -> tensor<5x4x6xf32, {0, 2, 1}>
// CHECK-NEXT:    func.return %[[T]] : tensor<5x4x6xf32, {0, 2, 1}>
func.func @absorbed(%arg0: tensor<4x6x5xf32>) -> tensor<5x4x6xf32, {0, 2, 1}> {
  %0 = hlo.transpose %arg0, dims = [2, 0, 1] : (tensor<4x6x5xf32>) -> tensor<5x4x6xf32>
  %1 = hlo.reshape %0 : (tensor<5x4x6xf32>) -> tensor<5x4x6xf32, {0, 2, 1}>
  func.return %1 : tensor<5x4x6xf32, {0, 2, 1}>
}

// -----

// The transpose has another user, which needs the default layout: both stay.

// CHECK-LABEL: func.func @shared
// CHECK:         hlo.transpose {{.*}} -> tensor<3x2xf32>
// CHECK:         hlo.reshape {{.*}} -> tensor<3x2xf32, {0, 1}>
func.func @shared(%arg0: tensor<2x3xf32>) -> (tensor<3x2xf32, {0, 1}>, tensor<3x2xf32>) {
  %0 = hlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = hlo.reshape %0 : (tensor<3x2xf32>) -> tensor<3x2xf32, {0, 1}>
  func.return %1, %0 : tensor<3x2xf32, {0, 1}>, tensor<3x2xf32>
}

// -----

// A reshape that changes the shape is not a layout change.

// CHECK-LABEL: func.func @reshaped
// CHECK:         hlo.transpose {{.*}} -> tensor<3x2xf32>
// CHECK:         hlo.reshape {{.*}} -> tensor<6xf32>
func.func @reshaped(%arg0: tensor<2x3xf32>) -> tensor<6xf32> {
  %0 = hlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = hlo.reshape %0 : (tensor<3x2xf32>) -> tensor<6xf32>
  func.return %1 : tensor<6xf32>
}

// -----

// The same through `hlo.copy`, the readers' spelling of XLA's `copy`.

// CHECK-LABEL: func.func @copied
// CHECK-NEXT:    %[[T:.+]] = hlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32, {0, 1}>
// CHECK-NEXT:    func.return %[[T]] : tensor<3x2xf32, {0, 1}>
func.func @copied(%arg0: tensor<2x3xf32>) -> tensor<3x2xf32, {0, 1}> {
  %0 = hlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = hlo.copy %0 : (tensor<3x2xf32>) -> tensor<3x2xf32, {0, 1}>
  func.return %1 : tensor<3x2xf32, {0, 1}>
}
