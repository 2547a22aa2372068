// RUN: xla-opt < %s | FileCheck %s
// RUN: xla-opt - < %s | FileCheck %s
// RUN: cat %s | xla-opt --split-input-file | FileCheck %s --check-prefix=SPLIT
// RUN: not xla-opt --split-input-file --verify-diagnostics < %s 2>&1 | FileCheck %s --check-prefix=DIAG

// Without a file name, or with `-`, xla-opt reads standard input; diagnostics name it
// `<stdin>`, with the lines of the whole input.

// CHECK-LABEL: func.func @from_stdin
// CHECK-NEXT:    func.return

// SPLIT-LABEL: func.func @from_stdin
// SPLIT:       // -----
// SPLIT-NEXT:  module {
// SPLIT-NEXT:    func.func @second

// DIAG:      <stdin>:[[# @LINE + 10]]:4: error: expected error "never produced" was not produced
// DIAG-NEXT: {{^// expected-.* @\+1}}
// DIAG-NEXT: {{^   \^}}

func.func @from_stdin() {
  func.return
}

// -----

// expected-error @+1 {{never produced}}
func.func @second() {
  func.return
}
