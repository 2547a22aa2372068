// RUN: xla-opt %s --split-input-file --verify-diagnostics

// hlo.broadcast_in_dim: one entry per operand dimension, each a distinct, in-range result
// dimension whose size the operand dimension has or broadcasts from 1; one element type.

func.func @count(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{broadcast_dimensions has 1 entries, but the operand has rank 2}}
  %0 = hlo.broadcast_in_dim %a, dims = [0] : (tensor<2x3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @too_many(%a: tensor<3xf32>) {
  // expected-error @+1 {{broadcast_dimensions has 2 entries, but the operand has rank 1}}
  %0 = hlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @out_of_range(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{broadcast_dimensions[1] = 3 is out of range for a result of rank 3}}
  %0 = hlo.broadcast_in_dim %a, dims = [0, 3] : (tensor<2x3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @negative(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{broadcast_dimensions[0] = -1 is out of range for a result of rank 3}}
  %0 = hlo.broadcast_in_dim %a, dims = [-1, 1] : (tensor<2x3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @duplicate(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{broadcast_dimensions maps two operand dimensions to result dimension 1}}
  %0 = hlo.broadcast_in_dim %a, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @size(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{operand dimension 1 has size 3, which is neither 1 nor the size 4 of result dimension 2}}
  %0 = hlo.broadcast_in_dim %a, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @element_type(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{the result element type i32 differs from the operand element type f32}}
  %0 = hlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xi32>
  return
}

// -----

func.func @missing_attribute(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{requires attribute 'broadcast_dimensions'}}
  %0 = "hlo.broadcast_in_dim"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @wrong_attribute_kind(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{attribute 'broadcast_dimensions' must be an array of i64 (array<i64: ...>), found [0, 1]}}
  %0 = "hlo.broadcast_in_dim"(%a) {broadcast_dimensions = [0, 1]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @not_a_tensor(%a: f32) {
  // expected-error @+1 {{operand 'operand' must be a tensor, found f32}}
  %0 = hlo.broadcast_in_dim %a, dims = [] : (f32) -> tensor<2xf32>
  return
}
