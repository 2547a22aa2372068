// RUN: xla-opt %s --split-input-file --verify-diagnostics

// Syntax errors: operations, blocks, strings, aliases and locations.

func.func @unknown_custom_op() {
  // expected-error @+1 {{custom op 'hlo.frobnicate' is unknown}}
  hlo.frobnicate
  func.return
}

// -----

// A bare name resolves in the enclosing operation's dialect, then in builtin only.

func.func @unknown_bare_op(%a: tensor<f32>) {
  // expected-error @+1 {{custom op 'add' is unknown}}
  %0 = add %a, %a : tensor<f32>
  func.return
}

// -----

// Operations of unknown dialects have no custom form.

func.func @custom_form_of_unknown_dialect() {
  // expected-error @+1 {{custom op 'other.op' is unknown}}
  other.op
  func.return
}

// -----

func.func @empty_op_name() {
  // expected-error @+1 {{empty operation name is invalid}}
  ""() : () -> ()
  func.return
}

// -----

func.func @not_an_operation() {
  // expected-error @+1 {{expected operation name in quotes, found '42'}}
  42
  func.return
}

// -----

func.func @generic_type_is_not_a_function() {
  // expected-error @+1 {{expected a function type}}
  "test.op"() : i32
  func.return
}

// -----

func.func @operand_type_count(%a: i32) {
  // expected-error @+1 {{expected 1 operand type(s) but had 2}}
  "test.op"(%a) : (i32, i32) -> ()
  func.return
}

// -----

func.func @undefined_block() {
  // expected-error @+1 {{reference to an undefined block '^bb9'}}
  "test.br"()[^bb9] : () -> ()
^bb1:
  func.return
}

// -----

// Successors name blocks of the operation's own region: a block of a sibling region is
// undefined.

func.func @block_of_another_region() {
  "test.two"() ({
    // expected-error @+1 {{reference to an undefined block '^target'}}
    "test.br"()[^target] : () -> ()
  }, {
  ^target:
    "test.yield"() : () -> ()
  }) : () -> ()
  func.return
}

// -----

func.func @block_redefinition() {
  "test.br"()[^bb1] : () -> ()
// expected-note @+1 {{previous definition here}}
^bb1:
  "test.br"()[^bb1] : () -> ()
// expected-error @+1 {{redefinition of block '^bb1'}}
^bb1:
  func.return
}

// -----

func.func @label_in_function_body(%a: i32) {
// expected-error @+1 {{invalid block name in region with named arguments}}
^bb0:
  func.return
}

// -----

// expected-error @+1 {{expected '"' in string literal}}
func.func @unterminated_string() attributes {s = "no closing quote} {
  func.return
}

// -----

// A string ends at the end of its line.

func.func @string_across_lines() {
  // expected-error @+1 {{expected '"' in string literal}}
  "test.op"() {s = "first line
second line"} : () -> ()
  func.return
}

// -----

// expected-error @+1 {{expected '"' in string literal}}
func.func @"unterminated_symbol() {
  func.return
}

// -----

// expected-error @+1 {{bad escape '\qb'}}
func.func @bad_escape() attributes {s = "a\qb"} {
  func.return
}

// -----

// expected-error @+1 {{string is not valid UTF-8}}
func.func @escape_is_not_utf8() attributes {s = "\FF"} {
  func.return
}

// -----

#a = 1 : i32
// expected-error @+1 {{redefinition of attribute alias '#a'}}
#a = 2 : i32

// -----

!t = i32
// expected-error @+1 {{redefinition of type alias '!t'}}
!t = i64

// -----

// expected-error @+1 {{alias names may not contain '.'}}
#dialect.name = 1 : i32

// -----

// expected-error @+1 {{undefined symbol alias id 'missing'}}
func.func @undefined_attribute_alias() attributes {a = #missing} {
  func.return
}

// -----

// An alias must be defined before its use.

// expected-error @+1 {{undefined symbol alias id 'late'}}
func.func @alias_used_before_definition(%a: !late) {
  func.return
}
!late = i32

// -----

func.func @undefined_location_alias() {
  // expected-error @+1 {{undefined location alias '#nope'}}
  "test.op"() : () -> () loc(#nope)
  func.return
}

// -----

func.func @malformed_location() {
  // expected-error @+1 {{expected location, found 'somewhere'}}
  "test.op"() : () -> () loc(somewhere)
  func.return
}

// -----

func.func @callsite_without_at() {
  // expected-error @+1 {{expected 'at', found '"b.py"'}}
  "test.op"() : () -> () loc(callsite("a.py":1:1 "b.py":2:2))
  func.return
}

// -----

// expected-error @+1 {{expected every argument of a function definition to be named}}
func.func @unnamed_argument_with_body(%a: i32, i32) {
  func.return
}
