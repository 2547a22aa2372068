// RUN: not xla-opt %t.does-not-exist.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not xla-opt %S/Inputs 2>&1 | FileCheck %s --check-prefix=DIRECTORY
// RUN: not xla-opt %S/Inputs/not-utf8.mlir 2>&1 | FileCheck %s --check-prefix=UTF8
// RUN: not xla-opt %S/Inputs/not-utf8.mlir --split-input-file --verify-diagnostics 2>&1 | FileCheck %s --check-prefix=UTF8
// RUN: not xla-opt %s --no-such-flag 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: not xla-opt %s %s 2>&1 | FileCheck %s --check-prefix=TWO-INPUTS
// RUN: not xla-opt %s --verify-each=maybe 2>&1 | FileCheck %s --check-prefix=BOOL

// Inputs xla-opt cannot read fail with one line naming the input, and nothing on stdout.

// MISSING:     xla-opt: cannot open '{{.*}}does-not-exist.mlir': No such file or directory
// MISSING-NOT: module

// DIRECTORY: xla-opt: cannot open '{{.*}}Inputs': {{[Ii]}}s a directory

// A file that is not UTF-8 is a located error at its first bad byte: line and column (in
// bytes), the line with the bad byte shown as U+FFFD, and a caret under it.

// UTF8:      not-utf8.mlir:1:86: error: the file is not valid UTF-8: an invalid byte sequence starts with 0xFF
// UTF8-NEXT: {{^}}// Input of ../bad-input.mlir: a file that is not UTF-8 (the byte after this colon): {{.+}}{{$}}
// UTF8-NEXT: {{^ +\^$}}
// UTF8-NOT:  module

// Command-line errors are reported by the argument parser.

// FLAG:       error: unexpected argument '--no-such-flag' found
// FLAG:       Usage: xla-opt

// TWO-INPUTS: error: unexpected argument '{{.*}}bad-input.mlir' found

// BOOL:       error: invalid value 'maybe' for '--verify-each [<verify-each>]'

func.func @f() {
  func.return
}
