// RUN: xla-opt %s --split-input-file --verify-diagnostics

// The elementwise binary ops (hlo.add, hlo.multiply, hlo.maximum) take two tensors of
// numbers of one shape and element type, and return that type. Messages name the operand
// and the dimension at fault. Mismatches are only expressible in the generic form: the
// custom form gives all three values one type.

func.func @shape(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{operand #1 (tensor<3xf32>) disagrees with operand #0 (tensor<2xf32>) in dimension 0}}
  %0 = "hlo.add"(%x, %y) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @inner_dimension(%x: tensor<2x3xf32>, %y: tensor<2x4xf32>) {
  // expected-error @+1 {{operand #1 (tensor<2x4xf32>) disagrees with operand #0 (tensor<2x3xf32>) in dimension 1}}
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
  // expected-error @+1 {{operand #1 has rank 1 (tensor<2xf32>), but operand #0 has rank 2 (tensor<2x3xf32>)}}
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
