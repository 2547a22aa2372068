// RUN: printf 'func.func @main() {\n  func.return // caf\351\n}\n' > %t.mlir
// RUN: not xla-run %t.mlir 2>&1 | FileCheck %s
// RUN: not xla-run - < %t.mlir 2>&1 | FileCheck %s --check-prefix=STDIN

// A program that is not UTF-8, from a file or from standard input, is a located error at
// its first bad byte (here the Latin-1 'é' of line 2), with a non-zero exit.

// CHECK:      not-utf8.mlir.tmp.mlir:2:21: error: the file is not valid UTF-8: an invalid byte sequence starts with 0xE9
// CHECK-NEXT: {{^}}  func.return // caf{{.+}}{{$}}
// CHECK-NEXT: {{^ +\^$}}
// STDIN:      <stdin>:2:21: error: the file is not valid UTF-8: an invalid byte sequence starts with 0xE9
