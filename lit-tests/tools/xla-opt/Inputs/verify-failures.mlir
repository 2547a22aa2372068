// Input of ../verify-diagnostics-failures.mlir: expectations that do not hold.

// An error no expectation matches, and an expectation no error matches.
func.func @wrong_message(%a: tensor<f32>) -> tensor<i32> {
  // expected-error @+1 {{this is not the message}}
  func.return %a : tensor<f32>
}

// -----

// An error with no expectation at all.
func.func @unexpected(%a: tensor<f32>) -> tensor<i32> {
  func.return %a : tensor<f32>
}

// -----

// An expectation on the wrong line.
func.func @wrong_line(%a: tensor<f32>) -> tensor<i32> {
  // expected-error @+2 {{doesn't match function result type}}
  func.return %a : tensor<f32>
}

// -----

// Right line and text, wrong severity.
func.func @wrong_severity() {
  func.return
}
// expected-warning @+1 {{redefinition of symbol named 'wrong_severity'}}
func.func @wrong_severity() {
  func.return
}

// -----

// A note that is attached but not expected, and an expectation for nothing.
func.func @missing_note() {
  func.return
}
// expected-error @+1 {{redefinition of symbol named 'missing_note'}}
func.func @missing_note() {
  func.return
}
// expected-remark @unknown {{nothing at an unknown location}}

// -----

// Malformed comments fail whatever is emitted.
// expected-error-re @+1 {{regex.*}}
func.func @regex() {
  func.return
}
// expected-error @-20 {{before the chunk}}

// -----

// A chunk without expectations or errors passes.
func.func @fine() {
  func.return
}
