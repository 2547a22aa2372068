// RUN: xla-opt %s --split-input-file --verify-diagnostics
// RUN: xla-opt %s --split-input-file --verify-diagnostics | FileCheck %s

// --verify-diagnostics checks the emitted diagnostics against `expected-*` comments
// instead of printing them, and succeeds when they match exactly. Every way of pointing a
// comment at its line is used below. Chunks without errors still print.

// CHECK-LABEL: func.func @clean
// CHECK-NOT:   func.func @same_line

func.func @same_line(%a: tensor<f32>) -> tensor<i32> {
  func.return %a : tensor<f32> // expected-error {{doesn't match function result type}}
}

// -----

func.func @relative_offsets(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+3 {{operand #0 does not dominate this use}}
  // The line in between does not matter.

  %1 = hlo.add %0, %a : tensor<f32>
  %0 = hlo.add %a, %a : tensor<f32>
  // expected-note @-1 {{operand defined here}}
  func.return %1 : tensor<f32>
}

// -----

// `@above` is the closest line above without a designator; `@below` the closest below.
// Comment lines with designators are skipped, other comments and blank lines are not.

func.func @above_and_below() {
  // expected-error @below {{operand #0 does not dominate this use}}
  // expected-error @below {{operand #1 does not dominate this use}}
  "test.use"(%x, %x) : (i32, i32) -> ()
  %x = "test.def"() : () -> i32
  // expected-note @above {{operand defined here}}
  // expected-note @above {{operand defined here}}
  func.return
}

// -----

// The expected text is a substring of the message; an empty one matches any message.

// expected-note @+2 {{}}
// expected-error @+4 {{redefinition of}}
func.func @dup() {
  func.return
}
func.func @dup() {
  func.return
}

// -----

// Parse errors are checked the same way.

func.func @parse_error() {
  %0 = "test.op"(%undefined) : (i32) -> i32 // expected-error {{use of undeclared SSA value name '%undefined'}}
  func.return
}

// -----

func.func @clean() {
  func.return
}
