// RUN: xla-opt %s --split-input-file --verify-diagnostics

// hlo.convert_element_type keeps the shape; hlo.bitcast_convert_type follows XLA's rules for
// bit widths; hlo.reduce_precision needs an exponent bit and no negative mantissa.

func.func @convert_shape(%x: tensor<2x3xi32>) {
  // expected-error @+1 {{'hlo.convert_element_type' op the result (tensor<3x2xf32>) must have the shape of the operand (tensor<2x3xi32>)}}
  %0 = hlo.convert_element_type %x : (tensor<2x3xi32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @convert_rank(%x: tensor<2x3xi32>) {
  // expected-error @+1 {{'hlo.convert_element_type' op the result (tensor<6xf32>) must have the shape of the operand (tensor<2x3xi32>)}}
  %0 = hlo.convert_element_type %x : (tensor<2x3xi32>) -> tensor<6xf32>
  return
}

// -----

func.func @convert_tokens(%t: !hlo.token) {
  // expected-error @+1 {{'hlo.convert_element_type' op operand 'operand' must be a tensor of numbers (integers, predicates, floats or complex), found !hlo.token}}
  %0 = hlo.convert_element_type %t : (!hlo.token) -> tensor<f32>
  return
}

// -----

func.func @bitcast_complex_to_real(%z: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{'hlo.bitcast_convert_type' op cannot bitcast between complex and real element types (complex<f32> to i64)}}
  %0 = hlo.bitcast_convert_type %z : (tensor<2xcomplex<f32>>) -> tensor<2xi64>
  return
}

// -----

func.func @bitcast_indivisible(%x: tensor<4xi8>) {
  // expected-error @+1 {{'hlo.bitcast_convert_type' op cannot bitcast between bit widths that do not divide each other (i8: 8 bits, f6E3M2FN: 6 bits)}}
  %0 = hlo.bitcast_convert_type %x : (tensor<4xi8>) -> tensor<4xf6E3M2FN>
  return
}

// -----

func.func @bitcast_scalar_to_wider(%x: tensor<f32>) {
  // expected-error @+1 {{'hlo.bitcast_convert_type' op a 0-d operand cannot bitcast to a wider element type (f32 to f64)}}
  %0 = hlo.bitcast_convert_type %x : (tensor<f32>) -> tensor<f64>
  return
}

// -----

func.func @bitcast_last_dimension(%x: tensor<10x3xf16>) {
  // expected-error @+1 {{'hlo.bitcast_convert_type' op bitcasting f16 to f32 needs a last operand dimension of size 2 (the ratio of their bit widths), found 3}}
  %0 = hlo.bitcast_convert_type %x : (tensor<10x3xf16>) -> tensor<10xf32>
  return
}

// -----

func.func @bitcast_result_shape(%x: tensor<10xf32>) {
  // expected-error @+1 {{'hlo.bitcast_convert_type' op the result (tensor<10x4xf16>) must have the shape of the operand's bits as f16 (tensor<10x2xf16>)}}
  %0 = hlo.bitcast_convert_type %x : (tensor<10xf32>) -> tensor<10x4xf16>
  return
}

// -----

func.func @bitcast_same_width_shape(%x: tensor<10xf32>) {
  // expected-error @+1 {{'hlo.bitcast_convert_type' op the result (tensor<5xi32>) must have the shape of the operand's bits as i32 (tensor<10xi32>)}}
  %0 = hlo.bitcast_convert_type %x : (tensor<10xf32>) -> tensor<5xi32>
  return
}

// -----

func.func @reduce_precision_no_exponent(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.reduce_precision' op exponent_bits must be at least 1, found 0}}
  %0 = hlo.reduce_precision %x, format = e0m10 : tensor<2xf32>
  return
}

// -----

func.func @reduce_precision_negative_mantissa(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.reduce_precision' op mantissa_bits must be at least 0, found -1}}
  %0 = "hlo.reduce_precision"(%x) {exponent_bits = 8, mantissa_bits = -1} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @reduce_precision_missing_width(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.reduce_precision' op requires attribute 'mantissa_bits'}}
  %0 = "hlo.reduce_precision"(%x) {exponent_bits = 8} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @reduce_precision_integers(%x: tensor<2xi32>) {
  // expected-error @+1 {{'hlo.reduce_precision' op operand 'operand' must be a tensor of floats, found tensor<2xi32>}}
  %0 = hlo.reduce_precision %x, format = e5m10 : tensor<2xi32>
  return
}

// -----

func.func @reduce_precision_result(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.reduce_precision' op result #0 has type tensor<2xf16>, but shape inference gives tensor<2xf32>}}
  %0 = "hlo.reduce_precision"(%x) {exponent_bits = 5, mantissa_bits = 10} : (tensor<2xf32>) -> tensor<2xf16>
  return
}

// -----

func.func @reduce_precision_format(%x: tensor<2xf32>) {
  // expected-error @+1 {{expected a float format eXmY (X exponent and Y mantissa bits), found 'f16'}}
  %0 = hlo.reduce_precision %x, format = f16 : tensor<2xf32>
  return
}
