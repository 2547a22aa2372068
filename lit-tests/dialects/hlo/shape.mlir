// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// The shape ops: hlo.reshape, hlo.collapse, hlo.transpose, hlo.broadcast,
// hlo.get_dimension_size and hlo.set_dimension_size, in their custom forms, their generic
// forms, and read back from the generic form.

// CHECK-LABEL: func.func @reshape
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2x3xf32>, %[[Y:[^:]+]]: tensor<?x3xf32>)
// CHECK-NEXT:    %[[A:.+]] = hlo.reshape %[[X]] : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK-NEXT:    %[[B:.+]] = hlo.reshape %[[X]] : (tensor<2x3xf32>) -> tensor<3x1x2xf32>
// CHECK-NEXT:    %[[C:.+]] = hlo.reshape %[[Y]] : (tensor<?x3xf32>) -> tensor<?xf32>
// CHECK-NEXT:    func.return %[[A]], %[[B]], %[[C]]
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.reshape"(%{{.+}}) : (tensor<2x3xf32>) -> tensor<6xf32>
func.func @reshape(%x: tensor<2x3xf32>, %y: tensor<?x3xf32>) -> (tensor<6xf32>, tensor<3x1x2xf32>, tensor<?xf32>) {
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x1x2xf32>
  %2 = hlo.reshape %y : (tensor<?x3xf32>) -> tensor<?xf32>
  return %0, %1, %2 : tensor<6xf32>, tensor<3x1x2xf32>, tensor<?xf32>
}

// -----

// Collapse merges a consecutive run of dimensions, in place; unknown sizes stay unknown
// and bounded ones give a bounded product.
// CHECK-LABEL: func.func @collapse
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<4x2x3xf32>, %[[Y:[^:]+]]: tensor<2x<=4x?xi8>)
// CHECK-NEXT:    hlo.collapse %[[X]], dims = [0, 1, 2] : (tensor<4x2x3xf32>) -> tensor<24xf32>
// CHECK-NEXT:    hlo.collapse %[[X]], dims = [0, 1] : (tensor<4x2x3xf32>) -> tensor<8x3xf32>
// CHECK-NEXT:    hlo.collapse %[[X]], dims = [1, 2] : (tensor<4x2x3xf32>) -> tensor<4x6xf32>
// CHECK-NEXT:    hlo.collapse %[[Y]], dims = [0, 1] : (tensor<2x<=4x?xi8>) -> tensor<<=8x?xi8>
// CHECK-NEXT:    hlo.collapse %[[Y]], dims = [1, 2] : (tensor<2x<=4x?xi8>) -> tensor<2x?xi8>
// GENERIC:       "hlo.collapse"(%{{.+}}) {dimensions = array<i64: 0, 1, 2>} : (tensor<4x2x3xf32>) -> tensor<24xf32>
func.func @collapse(%x: tensor<4x2x3xf32>, %y: tensor<2x<=4x?xi8>) {
  %0 = hlo.collapse %x, dims = [0, 1, 2] : (tensor<4x2x3xf32>) -> tensor<24xf32>
  %1 = hlo.collapse %x, dims = [0, 1] : (tensor<4x2x3xf32>) -> tensor<8x3xf32>
  %2 = hlo.collapse %x, dims = [1, 2] : (tensor<4x2x3xf32>) -> tensor<4x6xf32>
  %3 = hlo.collapse %y, dims = [0, 1] : (tensor<2x<=4x?xi8>) -> tensor<<=8x?xi8>
  %4 = hlo.collapse %y, dims = [1, 2] : (tensor<2x<=4x?xi8>) -> tensor<2x?xi8>
  return
}

// -----

// A transpose's result carries no layout, whatever the operand's.
// CHECK-LABEL: func.func @transpose
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2x3xf32>, %[[Y:[^:]+]]: tensor<2x?x<=4xi32, {0, 1, 2}>)
// CHECK-NEXT:    hlo.transpose %[[X]], dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT:    hlo.transpose %[[Y]], dims = [2, 0, 1] : (tensor<2x?x<=4xi32, {0, 1, 2}>) -> tensor<<=4x2x?xi32>
// CHECK-NEXT:    hlo.transpose %[[X]], dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC:       "hlo.transpose"(%{{.+}}) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
func.func @transpose(%x: tensor<2x3xf32>, %y: tensor<2x?x<=4xi32, {0, 1, 2}>) {
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = hlo.transpose %y, dims = [2, 0, 1] : (tensor<2x?x<=4xi32, {0, 1, 2}>) -> tensor<<=4x2x?xi32>
  %2 = hlo.transpose %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// Broadcast prepends the new dimensions as the most major ones.
// CHECK-LABEL: func.func @broadcast
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<4xf32>, %[[S:[^:]+]]: tensor<i1>)
// CHECK-NEXT:    hlo.broadcast %[[X]], sizes = [2, 3] : (tensor<4xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT:    hlo.broadcast %[[S]], sizes = [0, 7] : (tensor<i1>) -> tensor<0x7xi1>
// CHECK-NEXT:    hlo.broadcast %[[X]], sizes = [] : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC:       "hlo.broadcast"(%{{.+}}) {broadcast_sizes = array<i64: 2, 3>} : (tensor<4xf32>) -> tensor<2x3x4xf32>
func.func @broadcast(%x: tensor<4xf32>, %s: tensor<i1>) {
  %0 = hlo.broadcast %x, sizes = [2, 3] : (tensor<4xf32>) -> tensor<2x3x4xf32>
  %1 = hlo.broadcast %s, sizes = [0, 7] : (tensor<i1>) -> tensor<0x7xi1>
  %2 = hlo.broadcast %x, sizes = [] : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// get_dimension_size gives a tensor<i32>; set_dimension_size makes the dimension bounded
// by its static size.
// CHECK-LABEL: func.func @dimension_size
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2x8xf32>, %[[Y:[^:]+]]: tensor<2x<=8xf32>)
// CHECK-NEXT:    %[[N:.+]] = hlo.get_dimension_size %[[Y]], dim = 1 : tensor<2x<=8xf32>
// CHECK-NEXT:    %[[S:.+]] = hlo.set_dimension_size %[[X]], %[[N]], dim = 1 : (tensor<2x8xf32>, tensor<i32>) -> tensor<2x<=8xf32>
// CHECK-NEXT:    hlo.set_dimension_size %[[Y]], %[[N]], dim = 1 : (tensor<2x<=8xf32>, tensor<i32>) -> tensor<2x<=8xf32>
// CHECK-NEXT:    hlo.get_dimension_size %[[S]], dim = 0 {xla.note = "static"} : tensor<2x<=8xf32>
// GENERIC:       "hlo.get_dimension_size"(%{{.+}}) {dimension = 1} : (tensor<2x<=8xf32>) -> tensor<i32>
// GENERIC:       "hlo.set_dimension_size"(%{{.+}}, %{{.+}}) {dimension = 1} : (tensor<2x8xf32>, tensor<i32>) -> tensor<2x<=8xf32>
func.func @dimension_size(%x: tensor<2x8xf32>, %y: tensor<2x<=8xf32>) -> tensor<i32> {
  %n = hlo.get_dimension_size %y, dim = 1 : tensor<2x<=8xf32>
  %s = hlo.set_dimension_size %x, %n, dim = 1 : (tensor<2x8xf32>, tensor<i32>) -> tensor<2x<=8xf32>
  %t = hlo.set_dimension_size %y, %n, dim = 1 : (tensor<2x<=8xf32>, tensor<i32>) -> tensor<2x<=8xf32>
  %m = hlo.get_dimension_size %s, dim = 0 {xla.note = "static"} : tensor<2x<=8xf32>
  return %m : tensor<i32>
}
