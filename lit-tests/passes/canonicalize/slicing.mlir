// RUN: xla-opt %s --split-input-file --canonicalize | FileCheck %s

// pad-identity, slice-identity, slice-of-pad and concatenate-drop-empty
// (dialects/src/hlo/slicing_patterns.rs).

// pad-identity: no padding anywhere is the operand; slice-identity: a slice from 0 of the
// operand's shape is the operand.
// CHECK-LABEL: func.func @identities
// CHECK-SAME:    (%[[X:.+]]: tensor<2x8xf32>)
// CHECK-NOT:     hlo.pad
// CHECK-NOT:     hlo.slice
// CHECK:         return %[[X]], %[[X]]
func.func @identities(%x: tensor<2x8xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>) {
  %c = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.pad %x, %c, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2x8xf32>
  %1 = hlo.slice %x [0:2, 0:8] : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %0, %1 : tensor<2x8xf32>, tensor<2x8xf32>
}

// -----

// A pad that shifts (low 1, high -1) and a slice that drops elements are no identities.
// CHECK-LABEL: func.func @not_identities
// CHECK:         hlo.pad
// CHECK:         hlo.slice
func.func @not_identities(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<4xf32>) {
  %c = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.pad %x, %c, low = [1], high = [-1], interior = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %1 = hlo.slice %x [0:8:2] : (tensor<8xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<8xf32>, tensor<4xf32>
}

// -----

// slice-of-pad: a slice that removes all the padding, or keeps only the operand's part, is a
// slice of the operand (and the whole operand after slice-identity).
// CHECK-LABEL: func.func @slice_of_pad
// CHECK-SAME:    (%[[X:.+]]: tensor<4x6xf32>)
// CHECK-NOT:     hlo.pad
// CHECK:         %[[S:.+]] = hlo.slice %[[X]] [1:3, 0:6:2] : (tensor<4x6xf32>) -> tensor<2x3xf32>
// CHECK:         return %[[X]], %[[S]]
func.func @slice_of_pad(%x: tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<2x3xf32>) {
  %c = hlo.constant dense<0.0> : tensor<f32>
  %p = hlo.pad %x, %c, low = [1, 2], high = [3, 0], interior = [0, 0] : (tensor<4x6xf32>, tensor<f32>) -> tensor<8x8xf32>
  %0 = hlo.slice %p [1:5, 2:8] : (tensor<8x8xf32>) -> tensor<4x6xf32>
  %1 = hlo.slice %p [2:4, 2:8:2] : (tensor<8x8xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<4x6xf32>, tensor<2x3xf32>
}

// -----

// A slice that takes padding, or a pad with interior padding, stays.
// CHECK-LABEL: func.func @slice_takes_padding
// CHECK:         hlo.pad
// CHECK:         hlo.slice
// CHECK:         hlo.pad
// CHECK:         hlo.slice
func.func @slice_takes_padding(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<2xf32>) {
  %c = hlo.constant dense<0.0> : tensor<f32>
  %p = hlo.pad %x, %c, low = [1], high = [0], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<5xf32>
  %0 = hlo.slice %p [0:4] : (tensor<5xf32>) -> tensor<4xf32>
  %q = hlo.pad %x, %c, low = [0], high = [0], interior = [1] : (tensor<4xf32>, tensor<f32>) -> tensor<7xf32>
  %1 = hlo.slice %q [0:2] : (tensor<7xf32>) -> tensor<2xf32>
  return %0, %1 : tensor<4xf32>, tensor<2xf32>
}

// -----

// concatenate-drop-empty: operands without elements along the dimension go, and one operand
// left is the result.
// CHECK-LABEL: func.func @concatenate_empty
// CHECK-SAME:    (%[[A:[^:]+]]: tensor<2x3xf32>, %[[E:[^:]+]]: tensor<0x3xf32>, %[[B:[^:]+]]: tensor<1x3xf32>)
// CHECK-NEXT:    %[[C:.+]] = hlo.concatenate %[[A]], %[[B]], dim = 0 : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
// CHECK-NEXT:    return %[[C]], %[[A]]
func.func @concatenate_empty(%a: tensor<2x3xf32>, %e: tensor<0x3xf32>, %b: tensor<1x3xf32>) -> (tensor<3x3xf32>, tensor<2x3xf32>) {
  %0 = hlo.concatenate %a, %e, %b, dim = 0 : (tensor<2x3xf32>, tensor<0x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
  %1 = hlo.concatenate %e, %a, dim = 0 : (tensor<0x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<3x3xf32>, tensor<2x3xf32>
}
