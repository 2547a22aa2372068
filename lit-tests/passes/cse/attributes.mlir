// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s

// Ops that differ in an attribute or a result type are not equivalent and are kept;
// equal attributes, in any written order, are merged.

// CHECK-LABEL: func.func @broadcast_dims
// CHECK-SAME:    (%[[X:.+]]: tensor<2xf32>)
// CHECK-NEXT:    %[[A:.+]] = hlo.broadcast_in_dim %[[X]], dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    %[[B:.+]] = hlo.broadcast_in_dim %[[X]], dims = [1] : (tensor<2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    func.return %[[A]], %[[B]], %[[A]]
func.func @broadcast_dims(%x: tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %a = hlo.broadcast_in_dim %x, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
  %b = hlo.broadcast_in_dim %x, dims = [1] : (tensor<2xf32>) -> tensor<2x2xf32>
  %c = hlo.broadcast_in_dim %x, dims = [0] : (tensor<2xf32>) -> tensor<2x2xf32>
  return %a, %b, %c : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

// A discardable attribute makes a difference too; equal dictionaries written in another
// order do not.
// CHECK-LABEL: func.func @extra_attributes
// CHECK-SAME:    (%[[X:.+]]: tensor<2xf32>)
// CHECK-NEXT:    %[[A:.+]] = hlo.add %[[X]], %[[X]] : tensor<2xf32>
// CHECK-NEXT:    %[[B:.+]] = hlo.add %[[X]], %[[X]] {x.a = 1 : i32, x.b = 2 : i32} : tensor<2xf32>
// CHECK-NEXT:    func.return %[[A]], %[[B]], %[[B]]
func.func @extra_attributes(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %a = hlo.add %x, %x : tensor<2xf32>
  %b = hlo.add %x, %x {x.a = 1 : i32, x.b = 2 : i32} : tensor<2xf32>
  %c = hlo.add %x, %x {x.b = 2 : i32, x.a = 1 : i32} : tensor<2xf32>
  return %a, %b, %c : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// Dot products with other dimension numbers, or only another precision_config, differ.
// CHECK-LABEL: func.func @dot_numbers
// CHECK-COUNT-3: hlo.dot_general
// CHECK-NOT:     hlo.dot_general
func.func @dot_numbers(%x: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %a = hlo.dot_general %x, %x, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %b = hlo.dot_general %x, %x, batching_dims = [] x [], contracting_dims = [0] x [1] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %c = hlo.dot_general %x, %x, batching_dims = [] x [], contracting_dims = [1] x [0] {precision_config = ["HIGHEST", "HIGHEST"]} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %d = hlo.dot_general %x, %x, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %b, %c, %d : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

// Same operand and attributes, other result type: kept.
// CHECK-LABEL: func.func @result_types
// CHECK-NEXT:    hlo.broadcast_in_dim %{{.+}}, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    hlo.broadcast_in_dim %{{.+}}, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
func.func @result_types(%x: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<4x3xf32>) {
  %a = hlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %b = hlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
  return %a, %b : tensor<2x3xf32>, tensor<4x3xf32>
}

// -----

// Constants of equal values but other types are different constants.
// CHECK-LABEL: func.func @constant_types
// CHECK-NEXT:    hlo.constant dense<1> : tensor<i32>
// CHECK-NEXT:    hlo.constant dense<1> : tensor<i64>
// CHECK-NEXT:    hlo.constant dense<1> : tensor<2xi32>
func.func @constant_types() -> (tensor<i32>, tensor<i64>, tensor<2xi32>) {
  %a = hlo.constant dense<1> : tensor<i32>
  %b = hlo.constant dense<1> : tensor<i64>
  %c = hlo.constant dense<1> : tensor<2xi32>
  return %a, %b, %c : tensor<i32>, tensor<i64>, tensor<2xi32>
}
