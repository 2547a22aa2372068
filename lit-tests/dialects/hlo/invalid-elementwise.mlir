// RUN: xla-opt %s --split-input-file --verify-diagnostics

// The elementwise binary ops (hlo.add, hlo.subtract, ...) take two tensors of one element
// type whose shapes broadcast by XLA's rules, and return the broadcast shape; each accepts
// the element types XLA defines it on. Messages name the op, the operands and the
// dimensions at fault.

func.func @shape(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{'hlo.add' op lhs dimension 0 (2) and rhs dimension 0 (3) cannot broadcast}}
  %0 = "hlo.add"(%x, %y) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @inner_dimension(%x: tensor<2x3xf32>, %y: tensor<2x4xf32>) {
  // expected-error @+1 {{'hlo.maximum' op lhs dimension 1 (3) and rhs dimension 1 (4) cannot broadcast}}
  %0 = "hlo.maximum"(%x, %y) : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @element_type(%x: tensor<2xf32>, %y: tensor<2xi32>) {
  // expected-error @+1 {{operand #1 has element type i32, but operand #0 has f32}}
  %0 = "hlo.multiply"(%x, %y) : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @rank(%x: tensor<2x3xf32>, %y: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.add' op operands of rank 2 (lhs) and 1 (rhs) need broadcast_dimensions to broadcast}}
  %0 = "hlo.add"(%x, %y) : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @result_shape(%x: tensor<2xf32>) {
  // expected-error @+1 {{result #0 has type tensor<3xf32>, but shape inference gives tensor<2xf32>}}
  %0 = "hlo.add"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @result_element_type(%x: tensor<2xf32>) {
  // expected-error @+1 {{result #0 has type tensor<2xi32>, but shape inference gives tensor<2xf32>}}
  %0 = "hlo.multiply"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi32>
  return
}

// -----

func.func @operand_count(%x: tensor<2xf32>) {
  // expected-error @+1 {{expected 2 operands, found 1}}
  %0 = "hlo.add"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @not_a_tensor(%x: f32) {
  // expected-error @+1 {{operand 'lhs' must be a tensor of numbers (integers, predicates, floats or complex), found f32}}
  %0 = "hlo.add"(%x, %x) : (f32, f32) -> f32
  return
}

// -----

func.func @tensor_of_tokens(%x: tensor<2xf32>, %t: tensor<2x!hlo.token>) {
  // expected-error @+1 {{operand 'rhs' must be a tensor of numbers (integers, predicates, floats or complex), found tensor<2x!hlo.token>}}
  %0 = "hlo.maximum"(%x, %t) : (tensor<2xf32>, tensor<2x!hlo.token>) -> tensor<2xf32>
  return
}

// -----

// In the custom form, an operand of another type than the one written is a parse error.
func.func @custom_form(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{use of value '%y' expects different type than prior uses: 'tensor<2xf32>' vs 'tensor<3xf32>'}}
  %0 = hlo.add %x, %y : tensor<2xf32>
  return
}

// -----

// An unknown op of the hlo dialect is rejected (ops of unknown dialects are not).
func.func @unknown_op(%x: tensor<2xf32>) {
  // expected-error @+1 {{unregistered operation 'hlo.subtract_typo' found in dialect ('hlo') that does not allow unknown operations}}
  %0 = "hlo.subtract_typo"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @broadcast_dimensions_length(%x: tensor<2x3xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{'hlo.add' op broadcast_dimensions has 2 entries, but the lower-rank operand (rhs) has rank 1}}
  %0 = hlo.add %x, %y {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @broadcast_dimensions_range(%x: tensor<2x3xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{'hlo.add' op broadcast_dimensions[0] = 2 is out of range for rank 2}}
  %0 = hlo.add %x, %y {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @broadcast_dimensions_order(%x: tensor<2x3x4xf32>, %y: tensor<4x2xf32>) {
  // expected-error @+1 {{'hlo.add' op broadcast_dimensions must be strictly increasing, found 0 after 2}}
  %0 = hlo.add %x, %y {broadcast_dimensions = array<i64: 2, 0>} : (tensor<2x3x4xf32>, tensor<4x2xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @broadcast_dimensions_sizes(%x: tensor<2x3xf32>, %y: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.add' op rhs dimension 0 (2) and lhs dimension 1 (3) cannot broadcast}}
  %0 = hlo.add %x, %y {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

// Subtraction, division and power have no meaning on predicates.
func.func @subtract_predicates(%p: tensor<2xi1>) {
  // expected-error @+1 {{'hlo.subtract' op operand 'lhs' must be a tensor of integers, floats or complex numbers, found tensor<2xi1>}}
  %0 = hlo.subtract %p, %p : tensor<2xi1>
  return
}

// -----

func.func @remainder_complex(%z: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'hlo.remainder' op operand 'lhs' must be a tensor of integers or floats, found tensor<2xcomplex<f32>>}}
  %0 = hlo.remainder %z, %z : tensor<2xcomplex<f32>>
  return
}

// -----

func.func @atan2_integers(%i: tensor<2xi32>) {
  // expected-error @+1 {{'hlo.atan2' op operand 'lhs' must be a tensor of floats or complex numbers, found tensor<2xi32>}}
  %0 = hlo.atan2 %i, %i : tensor<2xi32>
  return
}

// -----

func.func @xor_floats(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.xor' op operand 'lhs' must be a tensor of integers or predicates, found tensor<2xf32>}}
  %0 = hlo.xor %x, %x : tensor<2xf32>
  return
}

// -----

func.func @shift_predicates(%p: tensor<2xi1>) {
  // expected-error @+1 {{'hlo.shift_right_logical' op operand 'lhs' must be a tensor of integers, found tensor<2xi1>}}
  %0 = hlo.shift_right_logical %p, %p : tensor<2xi1>
  return
}

// -----

func.func @power_shapes(%x: tensor<2x3xf32>, %y: tensor<3x3xf32>) {
  // expected-error @+1 {{'hlo.power' op lhs dimension 0 (2) and rhs dimension 0 (3) cannot broadcast}}
  %0 = hlo.power %x, %y : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @minimum_broadcast_dimensions(%x: tensor<2x3xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{'hlo.minimum' op broadcast_dimensions[0] = 5 is out of range for rank 2}}
  %0 = hlo.minimum %x, %y {broadcast_dimensions = array<i64: 5>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @and_element_types(%a: tensor<2xi32>, %b: tensor<2xi8>) {
  // expected-error @+1 {{'hlo.and' op operand #1 has element type i8, but operand #0 has i32}}
  %0 = "hlo.and"(%a, %b) : (tensor<2xi32>, tensor<2xi8>) -> tensor<2xi32>
  return
}
