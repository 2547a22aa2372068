// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s

// Shape ops map the result index to the operand index with index arithmetic (folded
// where it is known) and copy the element.

// broadcast_in_dim reads operand dimension k at result dimension dims[k], or at 0 where
// its size is 1; broadcast's new dimensions come first.
// CHECK-LABEL: func.func @broadcasts
// CHECK-SAME:    (%[[A:[^:]+]]: memref<3xf32>, %[[B:[^:]+]]: memref<1x3xf32>, %[[R0:[^:]+]]: memref<2x3xf32>, %[[R1:[^:]+]]: memref<4x3xf32>, %[[R2:[^:]+]]: memref<2x3xf32>)
// CHECK:         %[[C0:.+]] = loop.constant 0 : index
// CHECK:         loop.parallel (%[[I:.+]], %[[J:.+]]) =
// CHECK-NEXT:      %[[X:.+]] = loop.load %[[A]][%[[J]]] : memref<3xf32>
// CHECK-NEXT:      loop.store %[[X]], %[[R0]][%[[I]], %[[J]]]
// CHECK:         loop.parallel (%[[K:.+]], %[[L:.+]]) =
// CHECK-NEXT:      %[[Y:.+]] = loop.load %[[B]][%[[C0]], %[[L]]] : memref<1x3xf32>
// CHECK-NEXT:      loop.store %[[Y]], %[[R1]][%[[K]], %[[L]]]
// CHECK:         loop.parallel (%[[M:.+]], %[[N:.+]]) =
// CHECK-NEXT:      %[[Z:.+]] = loop.load %[[A]][%[[N]]] : memref<3xf32>
// CHECK-NEXT:      loop.store %[[Z]], %[[R2]][%[[M]], %[[N]]]

func.func @broadcasts(%a: tensor<3xf32>, %b: tensor<1x3xf32>) -> (tensor<2x3xf32>, tensor<4x3xf32>, tensor<2x3xf32>) {
  %0 = hlo.broadcast_in_dim %a, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = hlo.broadcast_in_dim %b, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<4x3xf32>
  %2 = hlo.broadcast %a, sizes = [2] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<4x3xf32>, tensor<2x3xf32>
}

// -----

// reshape goes through the row-major linear index.
// CHECK-LABEL: func.func @reshape
// CHECK-DAG:     %[[C4:.+]] = loop.constant 4 : index
// CHECK-DAG:     %[[C6:.+]] = loop.constant 6 : index
// CHECK:         loop.parallel (%[[I:.+]], %[[J:.+]]) =
// CHECK-NEXT:      %[[ROW:.+]] = loop.arith multiply %[[I]], %[[C4]] : index
// CHECK-NEXT:      %[[LIN:.+]] = loop.arith add %[[ROW]], %[[J]] : index
// CHECK-NEXT:      %[[Q:.+]] = loop.arith divide %[[LIN]], %[[C6]] : index
// CHECK-NEXT:      %[[R:.+]] = loop.arith remainder %[[LIN]], %[[C6]] : index
// CHECK-NEXT:      %[[X:.+]] = loop.load %arg0[%[[Q]], %[[R]]] : memref<2x6xf32>
// CHECK-NEXT:      loop.store %[[X]], %arg1[%[[I]], %[[J]]] : memref<3x4xf32>

func.func @reshape(%a: tensor<2x6xf32>) -> tensor<3x4xf32> {
  %0 = hlo.reshape %a : (tensor<2x6xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// transpose permutes the index; rev reads size - 1 - i.
// CHECK-LABEL: func.func @transpose_rev
// CHECK-DAG:     %[[C1:.+]] = loop.constant 1 : index
// CHECK-DAG:     %[[C3:.+]] = loop.constant 3 : index
// CHECK:         loop.parallel (%[[I:.+]], %[[J:.+]], %[[K:.+]]) =
// CHECK-NEXT:      %[[X:.+]] = loop.load %arg0[%[[J]], %[[K]], %[[I]]] : memref<2x3x4xf32>
// CHECK-NEXT:      loop.store %[[X]], %arg1[%[[I]], %[[J]], %[[K]]] : memref<4x2x3xf32>
// CHECK:         loop.parallel (%[[A:.+]], %[[B:.+]], %[[C:.+]]) =
// CHECK-NEXT:      %[[RA:.+]] = loop.arith subtract %[[C1]], %[[A]] : index
// CHECK-NEXT:      %[[RC:.+]] = loop.arith subtract %[[C3]], %[[C]] : index
// CHECK-NEXT:      %[[Y:.+]] = loop.load %arg0[%[[RA]], %[[B]], %[[RC]]] : memref<2x3x4xf32>
// CHECK-NEXT:      loop.store %[[Y]], %arg2[%[[A]], %[[B]], %[[C]]]

func.func @transpose_rev(%a: tensor<2x3x4xf32>) -> (tensor<4x2x3xf32>, tensor<2x3x4xf32>) {
  %0 = hlo.transpose %a, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %1 = hlo.rev %a, dims = [0, 2] : tensor<2x3x4xf32>
  return %0, %1 : tensor<4x2x3xf32>, tensor<2x3x4xf32>
}

// -----

// iota converts the index along its dimension.
// CHECK-LABEL: func.func @iota
// CHECK:         loop.parallel (%{{.+}}, %[[J:.+]]) =
// CHECK-NEXT:      %[[N:.+]] = loop.convert %[[J]] : index -> i32
// CHECK-NEXT:      loop.store %[[N]], %arg0
// CHECK:         loop.parallel (%[[I:.+]]) =
// CHECK-NEXT:      %[[F:.+]] = loop.convert %[[I]] : index -> f32
// CHECK-NEXT:      loop.store %[[F]], %arg1

func.func @iota() -> (tensor<2x3xi32>, tensor<5xf32>) {
  %0 = hlo.iota dim = 1 : tensor<2x3xi32>
  %1 = hlo.iota dim = 0 : tensor<5xf32>
  return %0, %1 : tensor<2x3xi32>, tensor<5xf32>
}
