// RUN: xla-opt %s --split-input-file --verify-diagnostics

// hlo.dot_general: paired dimension lists of equal length, every dimension in range and
// used once per operand, paired sizes equal, one element type, and the inferred result.

func.func @unequal_batching(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {
  // expected-error @+1 {{lhs_batching_dims and rhs_batching_dims must have the same length, found 1 and 0}}
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [], contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @unequal_contracting(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {
  // expected-error @+1 {{lhs_contracting_dims and rhs_contracting_dims must have the same length, found 1 and 2}}
  %0 = hlo.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0, 1] : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @lhs_contracting_out_of_range(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {
  // expected-error @+1 {{lhs_contracting_dims[0] = 2 is out of range for lhs of rank 2}}
  %0 = hlo.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [2] x [1] : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @rhs_contracting_negative(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {
  // expected-error @+1 {{rhs_contracting_dims[0] = -1 is out of range for rhs of rank 2}}
  %0 = hlo.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [-1] : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @rhs_batching_out_of_range(%a: tensor<4x2x3xf32>, %b: tensor<4x3x5xf32>) {
  // expected-error @+1 {{rhs_batching_dims[1] = 3 is out of range for rhs of rank 3}}
  %0 = hlo.dot_general %a, %b, batching_dims = [0, 1] x [0, 3], contracting_dims = [2] x [1] : (tensor<4x2x3xf32>, tensor<4x3x5xf32>) -> tensor<4x2x5xf32>
  return
}

// -----

func.func @batching_and_contracting(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) {
  // expected-error @+1 {{lhs dimension 1 appears more than once in lhs_batching_dims and lhs_contracting_dims}}
  %0 = hlo.dot_general %a, %b, batching_dims = [1] x [1], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @contracting_twice(%a: tensor<3x3xf32>, %b: tensor<3x3xf32>) {
  // expected-error @+1 {{rhs dimension 0 appears more than once in rhs_batching_dims and rhs_contracting_dims}}
  %0 = hlo.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [0, 1] x [0, 0] : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<f32>
  return
}

// -----

func.func @contracting_sizes(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {
  // expected-error @+1 {{contracting dimension sizes differ: lhs dimension 1 has size 3, rhs dimension 0 has size 4}}
  %0 = hlo.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batching_sizes(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {
  // expected-error @+1 {{batching dimension sizes differ: lhs dimension 0 has size 2, rhs dimension 0 has size 4}}
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @element_types(%a: tensor<2x3xf32>, %b: tensor<5x3xi32>) {
  // expected-error @+1 {{lhs and rhs must have the same element type, found f32 and i32}}
  %0 = hlo.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<5x3xi32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @result_type(%a: tensor<2x3xf32>, %b: tensor<5x3xf32>) {
  // expected-error @+1 {{result #0 has type tensor<5x2xf32>, but shape inference gives tensor<2x5xf32>}}
  %0 = hlo.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<5x3xf32>) -> tensor<5x2xf32>
  return
}

// -----

func.func @missing_attribute(%a: tensor<2x3xf32>, %b: tensor<5x3xf32>) {
  // expected-error @+1 {{requires attribute 'rhs_contracting_dims'}}
  %0 = "hlo.dot_general"(%a, %b) {lhs_batching_dims = array<i64>, lhs_contracting_dims = array<i64: 1>, rhs_batching_dims = array<i64>} : (tensor<2x3xf32>, tensor<5x3xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @array_instead_of_i64_array(%a: tensor<2x3xf32>, %b: tensor<5x3xf32>) {
  // expected-error @+1 {{attribute 'lhs_contracting_dims' must be an array of i64 (array<i64: ...>), found [1]}}
  %0 = "hlo.dot_general"(%a, %b) {lhs_batching_dims = array<i64>, lhs_contracting_dims = [1], rhs_batching_dims = array<i64>, rhs_contracting_dims = array<i64: 1>} : (tensor<2x3xf32>, tensor<5x3xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @i32_array(%a: tensor<2x3xf32>, %b: tensor<5x3xf32>) {
  // expected-error @+1 {{attribute 'lhs_batching_dims' must be an array of i64 (array<i64: ...>), found array<i32>}}
  %0 = "hlo.dot_general"(%a, %b) {lhs_batching_dims = array<i32>, lhs_contracting_dims = array<i64: 1>, rhs_batching_dims = array<i64>, rhs_contracting_dims = array<i64: 1>} : (tensor<2x3xf32>, tensor<5x3xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @precision_not_array(%a: tensor<2x3xf32>, %b: tensor<5x3xf32>) {
  // expected-error @+1 {{attribute 'precision_config' must be an array of precisions ("DEFAULT", "HIGH" or "HIGHEST"), found 1}}
  %0 = "hlo.dot_general"(%a, %b) {lhs_batching_dims = array<i64>, lhs_contracting_dims = array<i64: 1>, rhs_batching_dims = array<i64>, rhs_contracting_dims = array<i64: 1>, precision_config = 1} : (tensor<2x3xf32>, tensor<5x3xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @precision_not_a_precision(%a: tensor<2x3xf32>, %b: tensor<5x3xf32>) {
  // expected-error @+1 {{attribute 'precision_config' must be an array of precisions ("DEFAULT", "HIGH" or "HIGHEST"), found ["DEFAULT", "LOW"]}}
  %0 = hlo.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [1] {precision_config = ["DEFAULT", "LOW"]} : (tensor<2x3xf32>, tensor<5x3xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @one_precision(%a: tensor<2x3xf32>, %b: tensor<5x3xf32>) {
  // expected-error @+1 {{precision_config must have no entry or one per operand (2), found 1}}
  %0 = hlo.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [1] {precision_config = ["HIGH"]} : (tensor<2x3xf32>, tensor<5x3xf32>) -> tensor<2x5xf32>
  return
}
