// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(simplify{stats=true}))' | FileCheck %s
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(simplify{stats=true}))' 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// Rule `slice-slice`.
// STATS: remark: simplify @slice_slice: {{.*}} slice-slice=
// CHECK-LABEL: func.func @slice_slice
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<16xf32>) -> tensor<3xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.slice %[[ARG0]] [4:13:4] : (tensor<16xf32>) -> tensor<3xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<3xf32>
func.func @slice_slice(%x: tensor<16xf32>) -> tensor<3xf32> {
  %0 = hlo.slice %x [2:14:2] : (tensor<16xf32>) -> tensor<6xf32>
  %1 = hlo.slice %0 [1:6:2] : (tensor<6xf32>) -> tensor<3xf32>
  return %1 : tensor<3xf32>
}

// -----

// Rule `slice-concatenate`.
// STATS: remark: simplify @slice_concatenate: {{.*}} slice-concatenate=
// CHECK-LABEL: func.func @slice_concatenate
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>, %[[ARG1:[^:]+]]: tensor<5xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.slice %[[ARG1]] [1:3] : (tensor<5xf32>) -> tensor<2xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<2xf32>
func.func @slice_concatenate(%x: tensor<4xf32>, %y: tensor<5xf32>) -> tensor<2xf32> {
  %0 = hlo.concatenate %x, %y, dim = 0 : (tensor<4xf32>, tensor<5xf32>) -> tensor<9xf32>
  %1 = hlo.slice %0 [5:7] : (tensor<9xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// Rule `pad-pad`.
// STATS: remark: simplify @pad_pad: {{.*}} pad-pad=
// CHECK-LABEL: func.func @pad_pad
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>, %[[ARG1:[^:]+]]: tensor<f32>) -> tensor<10xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.pad %[[ARG0]], %[[ARG1]], low = [4], high = [2], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<10xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<10xf32>
func.func @pad_pad(%x: tensor<4xf32>, %v: tensor<f32>) -> tensor<10xf32> {
  %0 = hlo.pad %x, %v, low = [1], high = [2], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<7xf32>
  %1 = hlo.pad %0, %v, low = [3], high = [0], interior = [0] : (tensor<7xf32>, tensor<f32>) -> tensor<10xf32>
  return %1 : tensor<10xf32>
}

// -----

// Rule `concatenate-adjacent-slices`.
// STATS: remark: simplify @concatenate_adjacent_slices: {{.*}} concatenate-adjacent-slices=
// CHECK-LABEL: func.func @concatenate_adjacent_slices
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<8x2xf32>) -> tensor<5x2xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.slice %[[ARG0]] [1:6, 0:2] : (tensor<8x2xf32>) -> tensor<5x2xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<5x2xf32>
func.func @concatenate_adjacent_slices(%x: tensor<8x2xf32>) -> tensor<5x2xf32> {
  %0 = hlo.slice %x [1:3, 0:2] : (tensor<8x2xf32>) -> tensor<2x2xf32>
  %1 = hlo.slice %x [3:6, 0:2] : (tensor<8x2xf32>) -> tensor<3x2xf32>
  %2 = hlo.concatenate %0, %1, dim = 0 : (tensor<2x2xf32>, tensor<3x2xf32>) -> tensor<5x2xf32>
  return %2 : tensor<5x2xf32>
}
