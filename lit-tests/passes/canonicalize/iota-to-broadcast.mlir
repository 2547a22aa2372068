// RUN: xla-opt %s --split-input-file --canonicalize --cse | FileCheck %s

// iota-to-broadcast: an iota of rank >= 2 counting along dimension d is a rank-1 iota of
// d's size broadcast along dimension d, the spelling XLA's HLO printer uses.

// CHECK-LABEL: func.func @rank_two
// CHECK:         %[[LINE:.+]] = hlo.iota dim = 0 : tensor<5xf32>
// CHECK:         hlo.broadcast_in_dim %[[LINE]], dims = [1] : (tensor<5xf32>) -> tensor<3x5xf32>
// CHECK-NOT:     hlo.iota
func.func @rank_two() -> tensor<3x5xf32> {
  %0 = hlo.iota dim = 1 : tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// Two iotas of one square shape share their rank-1 iota after cse.

// CHECK-LABEL: func.func @square
// CHECK:         %[[LINE:.+]] = hlo.iota dim = 0 : tensor<4xi32>
// CHECK-NOT:     hlo.iota
// CHECK:         hlo.broadcast_in_dim %[[LINE]], dims = [0]
// CHECK:         hlo.broadcast_in_dim %[[LINE]], dims = [1]
func.func @square() -> (tensor<4x4xi32>, tensor<4x4xi32>) {
  %0 = hlo.iota dim = 0 : tensor<4x4xi32>
  %1 = hlo.iota dim = 1 : tensor<4x4xi32>
  return %0, %1 : tensor<4x4xi32>, tensor<4x4xi32>
}

// -----

// A rank-1 iota stays.

// CHECK-LABEL: func.func @rank_one
// CHECK:         hlo.iota dim = 0 : tensor<7xi32>
// CHECK-NOT:     hlo.broadcast_in_dim
func.func @rank_one() -> tensor<7xi32> {
  %0 = hlo.iota dim = 0 : tensor<7xi32>
  return %0 : tensor<7xi32>
}
