// RUN: xla-opt %s --split-input-file --verify-diagnostics

// hlo.constant: the literal must fit its type, and the op's result has exactly the
// literal's type.

func.func @incompatible_result() {
  // expected-error @+1 {{result #0 has type tensor<3xf32>, but its literal has type tensor<2xf32>}}
  %0 = "hlo.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<3xf32>
  return
}

// -----

// A result type merely compatible with the literal's is rejected too: the custom form
// prints only the literal, so it would read back with another type.
func.func @refined_result() {
  // expected-error @+1 {{result #0 has type tensor<?xf32>, but its literal has type tensor<2xf32>}}
  %0 = "hlo.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<?xf32>
  return
}

// -----

func.func @element_type() {
  // expected-error @+1 {{result #0 has type tensor<2xf64>, but its literal has type tensor<2xf32>}}
  %0 = "hlo.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf64>
  return
}

// -----

func.func @missing_value() {
  // expected-error @+1 {{requires attribute 'value'}}
  %0 = "hlo.constant"() : () -> tensor<3xf32>
  return
}

// -----

func.func @value_not_dense() {
  // expected-error @+1 {{attribute 'value' must be a dense elements literal, found 3}}
  %0 = "hlo.constant"() {value = 3 : i64} : () -> tensor<3xf32>
  return
}

// -----

func.func @result_not_tensor() {
  // expected-error @+1 {{result 'result' must be a tensor, found f32}}
  %0 = "hlo.constant"() {value = dense<1.0> : tensor<f32>} : () -> f32
  return
}

// -----

func.func @operands(%x: tensor<f32>) {
  // expected-error @+1 {{expected 0 operands, found 1}}
  %0 = "hlo.constant"(%x) {value = dense<1.0> : tensor<f32>} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

// Literals that do not fit their type are rejected where they are written.
func.func @too_many_elements() {
  // expected-error @+1 {{literal of shape [3] does not match type tensor<2xf32>}}
  %0 = hlo.constant dense<[1.0, 2.0, 3.0]> : tensor<2xf32>
  return
}

// -----

func.func @float_for_integer() {
  // expected-error @+1 {{expected an integer element, found a float}}
  %0 = hlo.constant dense<1.5> : tensor<2xi32>
  return
}

// -----

func.func @out_of_range() {
  // expected-error @+1 {{integer value 300 does not fit in 8 bits}}
  %0 = hlo.constant dense<300> : tensor<i8>
  return
}

// -----

func.func @ragged() {
  // expected-error @+1 {{nested lists of a dense literal must have equal shapes}}
  %0 = hlo.constant dense<[[1, 2], [3]]> : tensor<2x2xi32>
  return
}
