// RUN: xla-opt %s --split-input-file --verify-diagnostics

// The unary elementwise ops accept the element types XLA defines them on, and their
// result has the operand's type.

func.func @ceil_integers(%i: tensor<2xi32>) {
  // expected-error @+1 {{'hlo.ceil' op operand 'operand' must be a tensor of floats, found tensor<2xi32>}}
  %0 = hlo.ceil %i : tensor<2xi32>
  return
}

// -----

func.func @erf_complex(%z: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'hlo.erf' op operand 'operand' must be a tensor of floats, found tensor<2xcomplex<f32>>}}
  %0 = hlo.erf %z : tensor<2xcomplex<f32>>
  return
}

// -----

func.func @exponential_integers(%i: tensor<2xi32>) {
  // expected-error @+1 {{'hlo.exponential' op operand 'operand' must be a tensor of floats or complex numbers, found tensor<2xi32>}}
  %0 = hlo.exponential %i : tensor<2xi32>
  return
}

// -----

func.func @negate_predicates(%p: tensor<2xi1>) {
  // expected-error @+1 {{'hlo.negate' op operand 'operand' must be a tensor of integers, floats or complex numbers, found tensor<2xi1>}}
  %0 = hlo.negate %p : tensor<2xi1>
  return
}

// -----

func.func @sign_unsigned(%u: tensor<2xui32>) {
  // expected-error @+1 {{'hlo.sign' op operand 'operand' must be a tensor of signed integers, floats or complex numbers, found tensor<2xui32>}}
  %0 = hlo.sign %u : tensor<2xui32>
  return
}

// -----

func.func @not_floats(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.not' op operand 'operand' must be a tensor of integers or predicates, found tensor<2xf32>}}
  %0 = hlo.not %x : tensor<2xf32>
  return
}

// -----

func.func @popcnt_predicates(%p: tensor<2xi1>) {
  // expected-error @+1 {{'hlo.popcnt' op operand 'operand' must be a tensor of integers, found tensor<2xi1>}}
  %0 = hlo.popcnt %p : tensor<2xi1>
  return
}

// -----

func.func @count_leading_zeros_floats(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.count_leading_zeros' op operand 'operand' must be a tensor of integers, found tensor<2xf32>}}
  %0 = hlo.count_leading_zeros %x : tensor<2xf32>
  return
}

// -----

func.func @result_shape(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.tanh' op result #0 has type tensor<3xf32>, but shape inference gives tensor<2xf32>}}
  %0 = "hlo.tanh"(%x) : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @result_element_type(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.log' op result #0 has type tensor<2xf64>, but shape inference gives tensor<2xf32>}}
  %0 = "hlo.log"(%x) : (tensor<2xf32>) -> tensor<2xf64>
  return
}

// -----

func.func @operand_count(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.sqrt' op expected 1 operand, found 2}}
  %0 = "hlo.sqrt"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}
