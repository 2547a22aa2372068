// RUN: not xla-opt %s --split-input-file 2>&1 | FileCheck %s
// RUN: not xla-opt %s --split-input-file 2>/dev/null | FileCheck %s --check-prefix=STDOUT
// RUN: not xla-opt %s 2>&1 | FileCheck %s --check-prefix=WHOLE

// --split-input-file processes each chunk between `// -----` lines on its own: a chunk
// that fails does not stop the others, the outputs are joined by `// -----`, diagnostics
// keep the line numbers of the whole file, and the exit status says whether any failed.

// Only the chunks that succeed print: the first and the last.

// STDOUT:      module {
// STDOUT-NEXT:   func.func @first() {
// STDOUT-NEXT:     func.return
// STDOUT-NEXT:   }
// STDOUT-NEXT: }
// STDOUT-NEXT: // -----
// STDOUT-NEXT: module {
// STDOUT-NEXT:   func.func @first() {
// STDOUT-NEXT:     func.return
// STDOUT-NEXT:   }
// STDOUT-NEXT: }
// STDOUT-NOT:  {{.}}

// The chunks are independent: the second @first is no redefinition, and an alias of one
// chunk is unknown in the next.

// CHECK:     split-input-file.mlir:[[# @LINE + 20]]:15: error: use of undeclared SSA value name '%x'
// CHECK:     split-input-file.mlir:[[# @LINE + 24]]:36: error: undefined symbol alias id 'alias'
// CHECK-NOT: error

// Without the flag the markers are comments and the file is one input: it stops at its
// first error, and nothing is printed.

// WHOLE:     split-input-file.mlir:[[# @LINE + 13]]:15: error: use of undeclared SSA value name '%x'
// WHOLE-NOT: error
// WHOLE-NOT: module

#alias = 1 : i32
func.func @first() {
  func.return
}

// -----

!t = i32
func.func @second() -> !t {
  func.return %x : !t
}

// -----

func.func @third() attributes {a = #alias} {
  func.return
}

// -----

func.func @first() {
  func.return
}
