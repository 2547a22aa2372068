// RUN: xla-opt %s --split-input-file --verify-diagnostics

// hlo.complex takes f32 or f64 parts that broadcast; hlo.abs, hlo.real and hlo.imag give
// the part type of complex numbers; hlo.is_finite takes floats and gives predicates.

func.func @complex_f16(%x: tensor<2xf16>) {
  // expected-error @+1 {{'hlo.complex' op the parts of a complex number must be f32 or f64 (for complex<f32> and complex<f64>), found f16}}
  %0 = "hlo.complex"(%x, %x) : (tensor<2xf16>, tensor<2xf16>) -> tensor<2xcomplex<f16>>
  return
}

// -----

func.func @complex_mixed_parts(%x: tensor<2xf32>, %y: tensor<2xf64>) {
  // expected-error @+1 {{'hlo.complex' op operand #1 has element type f64, but operand #0 has f32}}
  %0 = hlo.complex %x, %y : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xcomplex<f32>>
  return
}

// -----

func.func @complex_integers(%i: tensor<2xi32>) {
  // expected-error @+1 {{'hlo.complex' op operand 'lhs' must be a tensor of floats, found tensor<2xi32>}}
  %0 = hlo.complex %i, %i : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xcomplex<f32>>
  return
}

// -----

func.func @complex_shapes(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{'hlo.complex' op lhs dimension 0 (2) and rhs dimension 0 (3) cannot broadcast}}
  %0 = hlo.complex %x, %y : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xcomplex<f32>>
  return
}

// -----

func.func @complex_result(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.complex' op result #0 has type tensor<2xcomplex<f64>>, but shape inference gives tensor<2xcomplex<f32>>}}
  %0 = hlo.complex %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f64>>
  return
}

// -----

func.func @complex_result_not_complex(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.complex' op result 'result' must be a tensor of complex numbers, found tensor<2xf32>}}
  %0 = hlo.complex %x, %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @abs_unsigned(%u: tensor<2xui32>) {
  // expected-error @+1 {{'hlo.abs' op operand 'operand' must be a tensor of signed integers, floats or complex numbers, found tensor<2xui32>}}
  %0 = hlo.abs %u : tensor<2xui32>
  return
}

// -----

// One type in the custom form stands for the operand and the result, which for a complex
// operand is not the result's type.
func.func @abs_complex_one_type(%z: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'hlo.abs' op result #0 has type tensor<2xcomplex<f32>>, but shape inference gives tensor<2xf32>}}
  %0 = hlo.abs %z : tensor<2xcomplex<f32>>
  return
}

// -----

func.func @abs_operand_types(%x: tensor<2xf32>) {
  // expected-error @+1 {{expected 1 operand type(s), found 2}}
  %0 = hlo.abs %x : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @real_integers(%i: tensor<2xi32>) {
  // expected-error @+1 {{'hlo.real' op operand 'operand' must be a tensor of floats or complex numbers, found tensor<2xi32>}}
  %0 = hlo.real %i : tensor<2xi32>
  return
}

// -----

func.func @imag_complex_result(%z: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'hlo.imag' op result 'result' must be a tensor of floats, found tensor<2xcomplex<f32>>}}
  %0 = "hlo.imag"(%z) : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return
}

// -----

func.func @real_result_width(%z: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'hlo.real' op result #0 has type tensor<2xf64>, but shape inference gives tensor<2xf32>}}
  %0 = hlo.real %z : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
  return
}

// -----

func.func @is_finite_complex(%z: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'hlo.is_finite' op operand 'operand' must be a tensor of floats, found tensor<2xcomplex<f32>>}}
  %0 = hlo.is_finite %z : (tensor<2xcomplex<f32>>) -> tensor<2xi1>
  return
}

// -----

func.func @is_finite_result(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.is_finite' op result 'result' must be a tensor of predicates (i1), found tensor<2xf32>}}
  %0 = hlo.is_finite %x : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @is_finite_shape(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.is_finite' op result #0 has type tensor<3xi1>, but shape inference gives tensor<2xi1>}}
  %0 = hlo.is_finite %x : (tensor<2xf32>) -> tensor<3xi1>
  return
}
