// RUN: xla-opt %s --split-input-file --verify-diagnostics

// hlo.compare: a known direction, a comparison type that fits the element type, complex
// numbers compared only for (in)equality, operands that broadcast, and i1 results.

func.func @float_compare_of_integers(%i: tensor<2xi32>) {
  // expected-error @+1 {{'hlo.compare' op compare_type FLOAT does not fit elements of type i32; expected SIGNED}}
  %0 = hlo.compare LT, %i, %i, FLOAT : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return
}

// -----

func.func @signed_compare_of_unsigned(%u: tensor<2xui32>) {
  // expected-error @+1 {{'hlo.compare' op compare_type SIGNED does not fit elements of type ui32; expected UNSIGNED}}
  %0 = hlo.compare LT, %u, %u, SIGNED : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xi1>
  return
}

// -----

func.func @unsigned_compare_of_floats(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.compare' op compare_type UNSIGNED does not fit elements of type f32; expected FLOAT or TOTALORDER}}
  %0 = hlo.compare LT, %x, %x, UNSIGNED : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return
}

// -----

func.func @total_order_of_complex(%z: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'hlo.compare' op compare_type TOTALORDER does not fit elements of type complex<f32>; expected FLOAT}}
  %0 = hlo.compare EQ, %z, %z, TOTALORDER : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xi1>
  return
}

// -----

func.func @signed_compare_of_predicates(%p: tensor<2xi1>) {
  // expected-error @+1 {{'hlo.compare' op compare_type SIGNED does not fit elements of type i1; expected UNSIGNED}}
  %0 = hlo.compare EQ, %p, %p, SIGNED : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  return
}

// -----

func.func @ordered_complex(%z: tensor<2xcomplex<f64>>) {
  // expected-error @+1 {{'hlo.compare' op complex numbers have no order: comparison_direction must be EQ or NE, found LT}}
  %0 = hlo.compare LT, %z, %z : (tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<2xi1>
  return
}

// -----

func.func @unknown_direction(%x: tensor<2xf32>) {
  // expected-error @+1 {{expected a comparison direction, one of EQ NE GE GT LE LT, found 'GTE'}}
  %0 = hlo.compare GTE, %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return
}

// -----

func.func @unknown_type(%x: tensor<2xf32>) {
  // expected-error @+1 {{expected a comparison type, one of FLOAT TOTALORDER SIGNED UNSIGNED NOTYPE, found 'PARTIAL'}}
  %0 = hlo.compare EQ, %x, %x, PARTIAL : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return
}

// -----

func.func @unknown_direction_generic(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.compare' op attribute 'comparison_direction' must be a comparison direction, one of EQ NE GE GT LE LT, found "gt"}}
  %0 = "hlo.compare"(%x, %x) {comparison_direction = "gt"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return
}

// -----

func.func @unknown_type_generic(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.compare' op attribute 'compare_type' must be a comparison type, one of FLOAT TOTALORDER SIGNED UNSIGNED NOTYPE, found 1}}
  %0 = "hlo.compare"(%x, %x) {comparison_direction = "EQ", compare_type = 1} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return
}

// -----

func.func @missing_direction(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.compare' op requires attribute 'comparison_direction'}}
  %0 = "hlo.compare"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return
}

// -----

func.func @direction_given_twice(%x: tensor<2xf32>) {
  // expected-error @+1 {{attribute 'comparison_direction' is given twice}}
  %0 = hlo.compare EQ, %x, %x {comparison_direction = "NE"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return
}

// -----

func.func @shapes(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{'hlo.compare' op lhs dimension 0 (2) and rhs dimension 0 (3) cannot broadcast}}
  %0 = hlo.compare EQ, %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xi1>
  return
}

// -----

func.func @element_types(%x: tensor<2xf32>, %i: tensor<2xi32>) {
  // expected-error @+1 {{'hlo.compare' op operand #1 has element type i32, but operand #0 has f32}}
  %0 = hlo.compare EQ, %x, %i : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xi1>
  return
}

// -----

func.func @result_not_predicates(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.compare' op result 'result' must be a tensor of predicates (i1), found tensor<2xf32>}}
  %0 = hlo.compare EQ, %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @result_shape(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.compare' op result #0 has type tensor<3xi1>, but shape inference gives tensor<2xi1>}}
  %0 = hlo.compare EQ, %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xi1>
  return
}
