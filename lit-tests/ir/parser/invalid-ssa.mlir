// RUN: xla-opt %s --split-input-file --verify-diagnostics

// Errors in SSA names: each chunk stops at its first error, reported at the offending
// token with MLIR's message.

func.func @undeclared() -> tensor<f32> {
  // expected-error @+1 {{use of undeclared SSA value name '%x'}}
  func.return %x : tensor<f32>
}

// -----

func.func @redefinition(%a: tensor<f32>) {
  // expected-note @+1 {{previous definition here}}
  %0 = hlo.add %a, %a : tensor<f32>
  // expected-error @+1 {{redefinition of SSA value '%0'}}
  %0 = hlo.add %a, %a : tensor<f32>
  func.return
}

// -----

// An argument's name counts as a definition too.

// expected-note @+1 {{previous definition here}}
func.func @redefines_argument(%a: tensor<f32>) {
  // expected-error @+1 {{redefinition of SSA value '%a'}}
  %a = hlo.add %a, %a : tensor<f32>
  func.return
}

// -----

// A name of an enclosing region is visible in a nested one, so it is not redefined there.

func.func @redefinition_in_nested_region() {
  %v = "test.def"() : () -> i32 // expected-note {{previous definition here}}
  "test.wrap"() ({
    %v = "test.def"() : () -> i32 // expected-error {{redefinition of SSA value '%v'}}
  }) : () -> ()
  func.return
}

// -----

// Uses of one name must agree on its type, whether it is defined already or not.

func.func @type_mismatch_defined(%a: tensor<f32>) {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'tensor<i32>' vs 'tensor<f32>'}}
  "test.use"(%a) : (tensor<i32>) -> ()
  func.return
}

// -----

func.func @type_mismatch_forward() {
  "test.br"()[^bb1] : () -> ()
^bb1:
  "test.use"(%later) : (tensor<f32>) -> ()
  // expected-error @+1 {{use of value '%later' expects different type than prior uses: 'tensor<i32>' vs 'tensor<f32>'}}
  "test.use"(%later) : (tensor<i32>) -> ()
  func.return
}

// -----

// A forward reference whose definition has another type is reported at the use, with a
// note at the definition.

func.func @type_mismatch_at_definition() {
  "test.br"()[^bb2] : () -> ()
^bb1:
  // expected-error @+1 {{use of value '%v' expects different type than prior uses: 'i32' vs 'i64'}}
  "test.use"(%v) : (i32) -> ()
  func.return
^bb2:
  // expected-note @+1 {{prior use here}}
  %v = "test.def"() : () -> i64
  "test.br"()[^bb1] : () -> ()
}

// -----

func.func @result_out_of_range() {
  %p:2 = "test.pair"() : () -> (i32, i32)
  // expected-error @+1 {{result number 2 of '%p' is out of range}}
  "test.use"(%p#2) : (i32) -> ()
  func.return
}

// -----

func.func @forward_result_out_of_range() {
  "test.br"()[^bb2] : () -> ()
^bb1:
  // expected-error @+1 {{result number 5 of '%p' is out of range}}
  "test.use"(%p#5) : (i32) -> ()
  func.return
^bb2:
  %p:2 = "test.pair"() : () -> (i32, i32)
  "test.br"()[^bb1] : () -> ()
}

// -----

func.func @too_many_names() {
  // expected-error @+1 {{operation defines 2 results but was provided 3 to bind}}
  %p:3 = "test.pair"() : () -> (i32, i32)
  func.return
}

// -----

func.func @names_for_no_result() {
  // expected-error @+1 {{operation defines 0 results but was provided 1 to bind}}
  %p = "test.none"() : () -> ()
  func.return
}

// -----

func.func @result_number_in_result_name() {
  // expected-error @+1 {{result names may not carry a result number}}
  %p#1 = "test.pair"() : () -> (i32, i32)
  func.return
}

// -----

func.func @zero_result_count() {
  // expected-error @+1 {{expected a positive result count}}
  %p:0 = "test.none"() : () -> ()
  func.return
}

// -----

func.func @duplicate_block_argument() {
  "test.wrap"() ({
  // expected-error @+2 {{redefinition of SSA value '%x'}}
  // expected-note @+1 {{previous definition here}}
  ^bb0(%x: i32, %x: i32):
    "test.yield"() : () -> ()
  }) : () -> ()
  func.return
}
