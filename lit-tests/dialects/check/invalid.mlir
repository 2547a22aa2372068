// RUN: xla-opt %s --split-input-file --verify-diagnostics

// The check ops' verifiers: both operands have one type, a literal has the operand's type,
// approximate checks take float or complex tensors, a tolerance is finite and non-negative,
// and an ulp range is non-negative and ordered. The custom forms reject what they cannot read.

func.func @types_differ(%a: tensor<2xi32>, %b: tensor<3xi32>) {
  // expected-error @+1 {{'check.expect_eq' op requires operands 'lhs' and 'rhs' to have the same type, found tensor<2xi32> and tensor<3xi32>}}
  "check.expect_eq"(%a, %b) : (tensor<2xi32>, tensor<3xi32>) -> ()
  return
}

// -----

func.func @literal_type(%a: tensor<2xi32>) {
  // expected-error @+1 {{'check.expect_eq_const' op requires the literal 'value' to have the type of operand 'lhs', found tensor<2xi64> and tensor<2xi32>}}
  check.expect_eq_const %a, dense<[1, 2]> : tensor<2xi64>
  return
}

// -----

func.func @almost_literal_type(%x: tensor<2xf32>) {
  // expected-error @+1 {{'check.expect_almost_eq_const' op requires the literal 'value' to have the type of operand 'lhs', found tensor<3xf32> and tensor<2xf32>}}
  check.expect_almost_eq_const %x, dense<1.0> : tensor<3xf32>
  return
}

// -----

func.func @not_a_literal(%x: tensor<2xf32>) {
  // expected-error @+1 {{expected a dense literal, found 1.0 : f32}}
  check.expect_eq_const %x, 1.0 : f32
  return
}

// -----

func.func @almost_on_ints(%a: tensor<2xi32>) {
  // expected-error @+1 {{'check.expect_almost_eq' op operand 'lhs' must be a tensor of floats or complex numbers, found tensor<2xi32>}}
  check.expect_almost_eq %a, %a : tensor<2xi32>
  return
}

// -----

func.func @almost_types_differ(%x: tensor<2xf32>, %y: tensor<2xf64>) {
  // expected-error @+1 {{'check.expect_almost_eq' op requires operands 'lhs' and 'rhs' to have the same type, found tensor<2xf32> and tensor<2xf64>}}
  "check.expect_almost_eq"(%x, %y) : (tensor<2xf32>, tensor<2xf64>) -> ()
  return
}

// -----

func.func @negative_tolerance(%x: tensor<2xf32>) {
  // expected-error @+1 {{'check.expect_almost_eq' op requires 'tolerance' to be finite and non-negative, found -0.5}}
  check.expect_almost_eq %x, %x, tolerance = -0.5 : tensor<2xf32>
  return
}

// -----

func.func @infinite_tolerance(%x: tensor<2xf32>) {
  // expected-error @+1 {{'check.expect_almost_eq_const' op requires 'tolerance' to be finite and non-negative, found inf}}
  "check.expect_almost_eq_const"(%x) {value = dense<1.0> : tensor<2xf32>, tolerance = 0x7FF0000000000000 : f64} : (tensor<2xf32>) -> ()
  return
}

// -----

func.func @tolerance_kind(%x: tensor<2xf32>) {
  // expected-error @+1 {{'check.expect_almost_eq' op attribute 'tolerance' must be a float attribute, found "big"}}
  "check.expect_almost_eq"(%x, %x) {tolerance = "big"} : (tensor<2xf32>, tensor<2xf32>) -> ()
  return
}

// -----

func.func @close_on_ints(%a: tensor<2xi8>) {
  // expected-error @+1 {{'check.expect_close' op operand 'actual' must be a tensor of floats or complex numbers, found tensor<2xi8>}}
  check.expect_close %a, %a : tensor<2xi8>
  return
}

// -----

func.func @close_types_differ(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{'check.expect_close' op requires operands 'actual' and 'expected' to have the same type, found tensor<2xf32> and tensor<3xf32>}}
  "check.expect_close"(%x, %y) : (tensor<2xf32>, tensor<3xf32>) -> ()
  return
}

// -----

func.func @close_written_types_differ(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{'check.expect_close' op requires operands 'actual' and 'expected' to have the same type, found tensor<2xf32> and tensor<3xf32>}}
  check.expect_close %x, %y : tensor<2xf32>, tensor<3xf32>
  return
}

// -----

func.func @ulp_order(%x: tensor<2xf32>) {
  // expected-error @+1 {{'check.expect_close' op requires min_ulp_difference (4) <= max_ulp_difference (2)}}
  check.expect_close %x, %x, max_ulp_difference = 2, min_ulp_difference = 4 : tensor<2xf32>
  return
}

// -----

func.func @ulp_sign(%x: tensor<2xf32>) {
  // expected-error @+1 {{'check.expect_close' op requires ulp differences to be non-negative, found min -1 and max 1}}
  check.expect_close %x, %x, min_ulp_difference = -1 : tensor<2xf32>
  return
}

// -----

func.func @unknown_option(%x: tensor<2xf32>) {
  // expected-error @+1 {{expected one of tolerance, found 'max_ulp_difference'}}
  check.expect_almost_eq %x, %x, max_ulp_difference = 2 : tensor<2xf32>
  return
}

// -----

func.func @option_twice(%x: tensor<2xf32>) {
  // expected-error @+1 {{option 'max_ulp_difference' is given twice}}
  check.expect_close %x, %x, max_ulp_difference = 2, max_ulp_difference = 3 : tensor<2xf32>
  return
}

// -----

func.func @option_and_dictionary(%x: tensor<2xf32>) {
  // expected-error @+1 {{attribute 'tolerance' is given twice}}
  check.expect_almost_eq %x, %x, tolerance = 0.1 {tolerance = 0.2} : tensor<2xf32>
  return
}

// -----

func.func @results(%a: tensor<2xi32>) {
  // expected-error @+1 {{'check.expect_eq' op expected 0 results, found 1}}
  %0 = "check.expect_eq"(%a, %a) : (tensor<2xi32>, tensor<2xi32>) -> tensor<i1>
  return
}
