// RUN: xla-opt %s --split-input-file --verify-diagnostics

// hlo.rng_uniform: 0-d bounds of one type of predicates, integers or floats; the result has
// their element type.

func.func @uniform_vector_bound(%a: tensor<2xf32>, %b: tensor<f32>) {
  // expected-error @+1 {{a must be a 0-d tensor of predicates, integers or floats, found tensor<2xf32>}}
  %0 = hlo.rng_uniform %a, %b : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @uniform_complex(%a: tensor<complex<f32>>) {
  // expected-error @+1 {{a must be a 0-d tensor of predicates, integers or floats, found tensor<complex<f32>>}}
  %0 = hlo.rng_uniform %a, %a : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<2xcomplex<f32>>
  return
}

// -----

func.func @uniform_bound_types(%a: tensor<f32>, %b: tensor<f64>) {
  // expected-error @+1 {{a and b must have the same type, found tensor<f32> and tensor<f64>}}
  %0 = hlo.rng_uniform %a, %b : (tensor<f32>, tensor<f64>) -> tensor<2xf32>
  return
}

// -----

func.func @uniform_result_element(%a: tensor<i32>, %b: tensor<i32>) {
  // expected-error @+1 {{the result element type ui32 differs from the element type i32 of a and b}}
  %0 = hlo.rng_uniform %a, %b : (tensor<i32>, tensor<i32>) -> tensor<2xui32>
  return
}

// -----

func.func @uniform_token(%t: !hlo.token, %b: tensor<f32>) {
  // expected-error @+1 {{operand 'a' must be a tensor of numbers (integers, predicates, floats or complex), found !hlo.token}}
  %0 = hlo.rng_uniform %t, %b : (!hlo.token, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

// hlo.rng_normal: 0-d float parameters of one type, the result's element type.

func.func @normal_of_integers(%mu: tensor<i32>) {
  // expected-error @+1 {{operand 'mu' must be a tensor of floats, found tensor<i32>}}
  %0 = hlo.rng_normal %mu, %mu : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
  return
}

// -----

func.func @normal_vector_sigma(%mu: tensor<f32>, %sigma: tensor<1xf32>) {
  // expected-error @+1 {{sigma must be a 0-d tensor of floats, found tensor<1xf32>}}
  %0 = hlo.rng_normal %mu, %sigma : (tensor<f32>, tensor<1xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @normal_parameter_types(%mu: tensor<f32>, %sigma: tensor<f16>) {
  // expected-error @+1 {{mu and sigma must have the same type, found tensor<f32> and tensor<f16>}}
  %0 = hlo.rng_normal %mu, %sigma : (tensor<f32>, tensor<f16>) -> tensor<2xf32>
  return
}

// -----

func.func @normal_result_element(%mu: tensor<f32>) {
  // expected-error @+1 {{the result element type f64 differs from the element type f32 of mu and sigma}}
  %0 = hlo.rng_normal %mu, %mu : (tensor<f32>, tensor<f32>) -> tensor<2xf64>
  return
}

// -----

// hlo.rng_bit_generator: a 1-D ui64 state of the algorithm's size, an output_state of the
// state's type, integer output.

func.func @signed_state(%s: tensor<2xi64>) {
  // expected-error @+1 {{initial_state must be a 1-D tensor of ui64, found tensor<2xi64>}}
  %0:2 = hlo.rng_bit_generator THREE_FRY, %s : (tensor<2xi64>) -> (tensor<2xi64>, tensor<4xui32>)
  return
}

// -----

func.func @matrix_state(%s: tensor<1x2xui64>) {
  // expected-error @+1 {{initial_state must be a 1-D tensor of ui64, found tensor<1x2xui64>}}
  %0:2 = hlo.rng_bit_generator DEFAULT, %s : (tensor<1x2xui64>) -> (tensor<1x2xui64>, tensor<4xui32>)
  return
}

// -----

func.func @three_fry_state_size(%s: tensor<3xui64>) {
  // expected-error @+1 {{the THREE_FRY algorithm needs an initial_state of 2 elements, found 3}}
  %0:2 = hlo.rng_bit_generator THREE_FRY, %s : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return
}

// -----

func.func @philox_state_size(%s: tensor<4xui64>) {
  // expected-error @+1 {{the PHILOX algorithm needs an initial_state of 2 or 3 elements, found 4}}
  %0:2 = hlo.rng_bit_generator PHILOX, %s : (tensor<4xui64>) -> (tensor<4xui64>, tensor<4xui32>)
  return
}

// -----

func.func @output_state_type(%s: tensor<2xui64>) {
  // expected-error @+1 {{output_state has type tensor<2xui32>, but initial_state has type tensor<2xui64>; they must be equal}}
  %0:2 = hlo.rng_bit_generator THREE_FRY, %s : (tensor<2xui64>) -> (tensor<2xui32>, tensor<4xui32>)
  return
}

// -----

func.func @float_output(%s: tensor<2xui64>) {
  // expected-error @+1 {{result 'output' must be a tensor of integers, found tensor<4xf32>}}
  %0:2 = hlo.rng_bit_generator THREE_FRY, %s : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xf32>)
  return
}

// -----

func.func @unknown_algorithm(%s: tensor<2xui64>) {
  // expected-error @+1 {{attribute 'rng_algorithm' must be an RNG algorithm, one of DEFAULT THREE_FRY PHILOX, found "MERSENNE"}}
  %0:2 = hlo.rng_bit_generator MERSENNE, %s : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  return
}
