// RUN: rm -f %t
// RUN: xla-opt %s -o %t 2>&1 | FileCheck %s --allow-empty --check-prefix=TERMINAL
// RUN: FileCheck %s --input-file=%t
// RUN: xla-opt %s --split-input-file -o %t.split
// RUN: FileCheck %s --input-file=%t.split --check-prefix=SPLIT
// RUN: xla-opt %s -o - | FileCheck %s
// RUN: not xla-opt %s -o %t.missing-dir/out.mlir 2>&1 | FileCheck %s --check-prefix=UNWRITABLE

// `-o FILE` writes the output to FILE instead of stdout (`-o -` is stdout); diagnostics
// still go to stderr.

// TERMINAL-NOT: func.func

// CHECK-LABEL: func.func @written
// CHECK-NEXT:    func.return

// SPLIT-LABEL: func.func @written
// SPLIT:       // -----
// SPLIT-NEXT:  module {
// SPLIT-NEXT:    func.func @also_written

// UNWRITABLE: xla-opt: cannot write '{{.*}}missing-dir/out.mlir':

func.func @written() {
  func.return
}

// -----

func.func @also_written() {
  func.return
}
