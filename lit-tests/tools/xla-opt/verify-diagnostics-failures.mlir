// RUN: not xla-opt %S/Inputs/verify-failures.mlir --split-input-file --verify-diagnostics 2>&1 >/dev/null | FileCheck %s
// RUN: not xla-opt %S/Inputs/verify-failures.mlir --split-input-file --verify-diagnostics 2>/dev/null | FileCheck %s --check-prefix=STDOUT

// When emitted diagnostics and `expected-*` comments disagree, --verify-diagnostics
// reports each mismatch as an error in mlir-opt's words, at the comment (expectations not
// met) or at the diagnostic (unexpected ones), and xla-opt fails. The input with the
// failing expectations is Inputs/verify-failures.mlir.

// An error no expectation matches, and an expectation no error matches.
// CHECK:      verify-failures.mlir:6:3: error: unexpected error: 'func.return' op type of return operand 0 (tensor<f32>) doesn't match function result type (tensor<i32>) in function @wrong_message
// CHECK-NEXT: {{^}}  func.return %a : tensor<f32>
// CHECK-NEXT: {{^  \^}}
// CHECK-NEXT: verify-failures.mlir:5:6: error: expected error "this is not the message" was not produced
// CHECK-NEXT: {{^}}  // expected-error @+1 {{[{][{]}}this is not the message{{[}][}]}}
// CHECK-NEXT: {{^     \^}}

// An error with no expectation.
// CHECK-NEXT: verify-failures.mlir:13:3: error: unexpected error: 'func.return' op type of return operand 0 (tensor<f32>) doesn't match function result type (tensor<i32>) in function @unexpected

// An expectation on the wrong line: both sides are reported.
// CHECK:      verify-failures.mlir:21:3: error: unexpected error: {{.*}} in function @wrong_line
// CHECK:      verify-failures.mlir:20:6: error: expected error "doesn't match function result type" was not produced

// Right line and text, wrong severity.
// CHECK:      verify-failures.mlir:30:4: error: 'error' diagnostic emitted when expecting a 'warning'
// CHECK:      verify-failures.mlir:27:1: error: unexpected note: see existing symbol definition here
// CHECK:      verify-failures.mlir:30:4: error: expected warning "redefinition of symbol named 'wrong_severity'" was not produced

// A note attached to an expected error must be expected too; `@unknown` expects a
// diagnostic without a location.
// CHECK:      verify-failures.mlir:38:1: error: unexpected note: see existing symbol definition here
// CHECK:      verify-failures.mlir:45:4: error: expected remark "nothing at an unknown location" was not produced

// Malformed comments.
// CHECK:      verify-failures.mlir:50:4: error: expected-error-re is not supported: match a substring with expected-error
// CHECK:      verify-failures.mlir:54:4: error: expected-error@-20 points outside the input
// CHECK-NOT:  error:

// Chunks that parse and verify still print, whatever their expectations.
// STDOUT-NOT:  @wrong_message
// STDOUT:      func.func @regex
// STDOUT:      // -----
// STDOUT:      func.func @fine
