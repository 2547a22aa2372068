// RUN: xla-opt %s --split-input-file --verify-diagnostics

// Malformed attributes and literals.

func.func @literal_shape_mismatch() {
  // expected-error @+1 {{literal of shape [3] does not match type tensor<2xf32>}}
  %0 = hlo.constant dense<[1.0, 2.0, 3.0]> : tensor<2xf32>
  func.return
}

// -----

func.func @literal_rank_mismatch() {
  // expected-error @+1 {{literal of shape [2, 2] does not match type tensor<4xi32>}}
  %0 = hlo.constant dense<[[1, 2], [3, 4]]> : tensor<4xi32>
  func.return
}

// -----

func.func @ragged_literal() {
  // expected-error @+1 {{nested lists of a dense literal must have equal shapes}}
  %0 = hlo.constant dense<[[1], [2, 3]]> : tensor<2x2xi32>
  func.return
}

// -----

func.func @odd_hex_digits() {
  // expected-error @+1 {{malformed hexadecimal data}}
  %0 = hlo.constant dense<"0x123"> : tensor<2xi8>
  func.return
}

// -----

func.func @short_hex_data() {
  // expected-error @+1 {{expected 4 bytes of data for 4 elements, found 2}}
  %0 = hlo.constant dense<"0x1234"> : tensor<4xi8>
  func.return
}

// -----

func.func @string_not_hex() {
  // expected-error @+1 {{expected a hexadecimal string "0x..."}}
  %0 = hlo.constant dense<"abc"> : tensor<3xi8>
  func.return
}

// -----

func.func @float_for_int_element() {
  // expected-error @+1 {{expected an integer element, found a float}}
  %0 = hlo.constant dense<1.5> : tensor<2xi32>
  func.return
}

// -----

func.func @real_for_complex_element() {
  // expected-error @+1 {{expected a complex element `(re, im)`}}
  %0 = hlo.constant dense<[1.0]> : tensor<1xcomplex<f32>>
  func.return
}

// -----

func.func @element_out_of_range() {
  // expected-error @+1 {{integer value -129 does not fit in 8 bits}}
  %0 = hlo.constant dense<[1, -129]> : tensor<2xsi8>
  func.return
}

// -----

func.func @dynamic_literal_type() {
  // expected-error @+1 {{dense literals need a static shape}}
  %0 = hlo.constant dense<1> : tensor<?xi32>
  func.return
}

// -----

// expected-error @+1 {{dense literals need a tensor type}}
func.func @literal_of_scalar_type() attributes {v = dense<[1, 2]> : i32} {
  func.return
}

// -----

// Typed integers must fit their type: signless and signed ones as signed values of the
// width, unsigned ones as unsigned values.

// expected-error @+1 {{integer value 300 does not fit in 8 bits}}
func.func @i8_overflow() attributes {v = 300 : i8} {
  func.return
}

// -----

// expected-error @+1 {{integer value -129 does not fit in 8 bits}}
func.func @si8_underflow() attributes {v = -129 : si8} {
  func.return
}

// -----

// expected-error @+1 {{integer value 256 does not fit in 8 bits}}
func.func @ui8_overflow() attributes {v = 256 : ui8} {
  func.return
}

// -----

// expected-error @+1 {{integer value -1 does not fit in 8 bits}}
func.func @ui8_negative() attributes {v = -1 : ui8} {
  func.return
}

// -----

// expected-error @+1 {{integer value 2 does not fit in 1 bits}}
func.func @i1_overflow() attributes {v = 2 : i1} {
  func.return
}

// -----

// expected-error @+1 {{integer is too large}}
func.func @beyond_128_bits() attributes {v = 999999999999999999999999999999999999999999 : i128} {
  func.return
}

// -----

// expected-error @+1 {{integer value 70000 does not fit in 16 bits}}
func.func @dense_array_element_overflow() attributes {v = array<i16: 1, 70000>} {
  func.return
}

// -----

// expected-error @+1 {{only integer dense arrays are supported}}
func.func @float_dense_array() attributes {v = array<f32: 1.0>} {
  func.return
}

// -----

// expected-error @+1 {{hexadecimal literals may not be negative}}
func.func @negative_hex() attributes {v = -0x10 : i32} {
  func.return
}

// -----

// expected-error @+1 {{invalid type i32 for a number}}
func.func @float_typed_as_int() attributes {v = 1.5 : i32} {
  func.return
}

// -----

// expected-error @+1 {{invalid type tensor<i32> for a number}}
func.func @number_typed_as_tensor() attributes {v = 1 : tensor<i32>} {
  func.return
}

// -----

// expected-error @+1 {{duplicate key 'a' in dictionary attribute}}
func.func @duplicate_key() attributes {a = 1, a = 2} {
  func.return
}

// -----

// expected-error @+1 {{expected attribute value, found '}'}}
func.func @missing_value() attributes {a = } {
  func.return
}

// -----

// expected-error @+1 {{expected attribute name, found '1'}}
func.func @number_as_key() attributes {1 = 2} {
  func.return
}

// -----

func.func @attribute_given_twice() {
  // expected-error @+1 {{attribute 'a' is given twice}}
  "test.op"() <{a = 1}> {a = 2} : () -> ()
  func.return
}
