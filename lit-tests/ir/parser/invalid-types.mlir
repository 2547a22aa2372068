// RUN: xla-opt %s --split-input-file --verify-diagnostics

// Malformed types.

// expected-error @+1 {{expected 'x' in dimension list}}
func.func @missing_x(%a: tensor<2x3f32>) {
  func.return
}

// -----

// expected-error @+1 {{expected a type, found 'x3xf32'}}
func.func @double_x(%a: tensor<2xx3xf32>) {
  func.return
}

// -----

// expected-error @+1 {{expected a bound after '<='}}
func.func @bound_without_number(%a: tensor<2x<=xf32>) {
  func.return
}

// -----

// expected-error @+1 {{dimension is too large}}
func.func @huge_dimension(%a: tensor<99999999999999999999999xf32>) {
  func.return
}

// -----

// expected-error @+1 {{invalid tensor element type}}
func.func @tuple_element(%a: tensor<2xtuple<i32>>) {
  func.return
}

// -----

// expected-error @+1 {{expected '{', found '0'}}
func.func @layout_not_in_braces(%a: tensor<2x3xf32, 0, 1>) {
  func.return
}

// -----

// expected-error @+1 {{unknown layout field 'tiles'}}
func.func @unknown_layout_field(%a: tensor<2xf32, {0}, tiles = [1]>) {
  func.return
}

// -----

// expected-error @+1 {{unknown padding value 'nan'}}
func.func @unknown_padding(%a: tensor<2xf32, {0}, padding = nan>) {
  func.return
}

// -----

// expected-error @+1 {{complex elements must be floats}}
func.func @complex_of_int(%a: complex<i32>) {
  func.return
}

// -----

// Integer widths start at 1 and have no leading zero: `i0` and `i08` are not types.

// expected-error @+1 {{expected a type, found 'i0'}}
func.func @zero_width(%a: i0) {
  func.return
}

// -----

// expected-error @+1 {{expected a type, found 'i08'}}
func.func @leading_zero(%a: i08) {
  func.return
}

// -----

// expected-error @+1 {{expected a type, found 'f7'}}
func.func @unknown_float(%a: f7) {
  func.return
}

// -----

// expected-error @+1 {{expected a type, found 'vector'}}
func.func @unknown_builtin(%a: vector<4xf32>) {
  func.return
}

// -----

// expected-error @+1 {{expected '->', found ')'}}
func.func @function_type_without_arrow(%a: (i32)) {
  func.return
}

// -----

// expected-error @+1 {{undefined symbol alias id 'nope'}}
func.func @undefined_type_alias(%a: !nope) {
  func.return
}

// -----

// Brackets in the body of a dialect type must match in kind, not only in number.

// expected-error @+1 {{unbalanced '>' in dialect type or attribute}}
func.func @mismatched_dialect_type(%a: !hlo.thing<1, [2>) {
  func.return
}

// -----

// expected-error @+1 {{unbalanced '<' in dialect type or attribute}}
func.func @unclosed_dialect_type(%a: !hlo.thing<1, [2]

// -----

// expected-error @+1 {{a memref must have a rank: '*' is not allowed}}
func.func @unranked_memref(%a: memref<*xf32>) {
  return
}
