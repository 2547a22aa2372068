// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(simplify{stats=true}))' | FileCheck %s
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(simplify{stats=true}))' 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// The dialect's own rewrites of one op (passes/simplify/src/dialect_rewrites.rs): simplify
// applies each op's folder and canonicalization patterns to the e-nodes, and takes the
// rewrites that give back an operand, under the name `folder` or the pattern's name.

// The `hlo.add` folder: `x + (-0.0) == x` for floats (here through an implicit broadcast of
// a 0-d zero) and `0 + x == x` for integers.
// STATS: remark: simplify @add_folder: {{.*}} folder=2
// CHECK-LABEL: func.func @add_folder
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>, %[[ARG1:[^:]+]]: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
// CHECK-NEXT:    func.return %[[ARG0]], %[[ARG1]] : tensor<4xf32>, tensor<4xi32>
func.func @add_folder(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %z = hlo.constant dense<-0.0> : tensor<f32>
  %zi = hlo.constant dense<0> : tensor<4xi32>
  %0 = hlo.add %x, %z : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = hlo.add %zi, %i : tensor<4xi32>
  return %0, %1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// The `hlo.subtract` and `hlo.multiply` folders: `x - (+0.0) == x` and `1 * x == x`.
// STATS: remark: simplify @subtract_multiply_folders: {{.*}} folder=2
// CHECK-LABEL: func.func @subtract_multiply_folders
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// CHECK-NEXT:    func.return %[[ARG0]], %[[ARG0]] : tensor<4xf32>, tensor<4xf32>
func.func @subtract_multiply_folders(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %z = hlo.constant dense<0.0> : tensor<4xf32>
  %one = hlo.constant dense<1.0> : tensor<4xf32>
  %0 = hlo.subtract %x, %z : tensor<4xf32>
  %1 = hlo.multiply %one, %x : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// The `hlo.and` and `hlo.or` folders: `p & true == p`, and for integers `x & ~0 == x` and
// `x | 0 == x`.
// STATS: remark: simplify @and_or_folders: {{.*}} folder=3
// CHECK-LABEL: func.func @and_or_folders
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xi1>, %[[ARG1:[^:]+]]: tensor<4xui8>) -> (tensor<4xi1>, tensor<4xui8>, tensor<4xui8>)
// CHECK-NEXT:    func.return %[[ARG0]], %[[ARG1]], %[[ARG1]] : tensor<4xi1>, tensor<4xui8>, tensor<4xui8>
func.func @and_or_folders(%p: tensor<4xi1>, %x: tensor<4xui8>) -> (tensor<4xi1>, tensor<4xui8>, tensor<4xui8>) {
  %t = hlo.constant dense<true> : tensor<4xi1>
  %ones = hlo.constant dense<255> : tensor<4xui8>
  %zero = hlo.constant dense<0> : tensor<4xui8>
  %0 = hlo.and %p, %t : tensor<4xi1>
  %1 = hlo.and %ones, %x : tensor<4xui8>
  %2 = hlo.or %x, %zero : tensor<4xui8>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xui8>, tensor<4xui8>
}

// -----

// The pattern `reshape-identity` of `hlo.reshape`.
// STATS: remark: simplify @reshape_identity: {{.*}} reshape-identity=
// CHECK-LABEL: func.func @reshape_identity
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    func.return %[[ARG0]] : tensor<2x3xf32>
func.func @reshape_identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// The pattern `slice-identity` of `hlo.slice`.
// STATS: remark: simplify @slice_identity: {{.*}} slice-identity=
// CHECK-LABEL: func.func @slice_identity
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT:    func.return %[[ARG0]] : tensor<4x3xf32>
func.func @slice_identity(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = hlo.slice %x [0:4, 0:3] : (tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// The pattern `pad-identity` of `hlo.pad`.
// STATS: remark: simplify @pad_identity: {{.*}} pad-identity=
// CHECK-LABEL: func.func @pad_identity
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<2x3xf32>, %[[ARG1:[^:]+]]: tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT:    func.return %[[ARG0]] : tensor<2x3xf32>
func.func @pad_identity(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<2x3xf32> {
  %0 = hlo.pad %x, %v, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// The pattern `convert-identity` of `hlo.convert_element_type`.
// STATS: remark: simplify @convert_identity: {{.*}} convert-identity=
// CHECK-LABEL: func.func @convert_identity
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    func.return %[[ARG0]] : tensor<4xf32>
func.func @convert_identity(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.convert_element_type %x : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The pattern `select-of-constant-predicate` of `hlo.select`.
// STATS: remark: simplify @select_of_constant_predicate: {{.*}} select-of-constant-predicate=
// CHECK-LABEL: func.func @select_of_constant_predicate
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>, %[[ARG1:[^:]+]]: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// CHECK-NEXT:    func.return %[[ARG0]], %[[ARG1]] : tensor<4xf32>, tensor<4xf32>
func.func @select_of_constant_predicate(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %t = hlo.constant dense<true> : tensor<4xi1>
  %f = hlo.constant dense<false> : tensor<4xi1>
  %0 = hlo.select %t, %x, %y : tensor<4xi1>, tensor<4xf32>
  %1 = hlo.select %f, %x, %y : tensor<4xi1>, tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// The pattern `select-of-same-choices` of `hlo.select` sees choices of one e-class as one
// operand: here `x` and `-(-x)`, which `negate-negate` makes equal.
// STATS: remark: simplify @select_of_same_choices: {{.*}} negate-negate=1 select-of-same-choices=
// CHECK-LABEL: func.func @select_of_same_choices
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xi1>, %[[ARG1:[^:]+]]: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// CHECK-NEXT:    func.return %[[ARG1]], %[[ARG1]] : tensor<4xf32>, tensor<4xf32>
func.func @select_of_same_choices(%c: tensor<4xi1>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = hlo.select %c, %x, %x : tensor<4xi1>, tensor<4xf32>
  %n = hlo.negate %x : tensor<4xf32>
  %nn = hlo.negate %n : tensor<4xf32>
  %1 = hlo.select %c, %x, %nn : tensor<4xi1>, tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// A rewrite into new ops is left to `canonicalize`: `broadcast-in-dim-to-reshape` would
// make this broadcast a reshape, which simplify does not take.
// STATS: remark: simplify @new_ops_not_taken: {{.*}} rules: none
// CHECK-LABEL: func.func @new_ops_not_taken
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.broadcast_in_dim %[[ARG0]], dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<1x3xf32>
func.func @new_ops_not_taken(%x: tensor<3xf32>) -> tensor<1x3xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}
