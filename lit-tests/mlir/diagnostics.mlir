// REQUIRES: mlir
// RUN: not xla-opt --upstream-input --split-input-file %s 2>&1 | FileCheck %s

// MLIR's parse and verify errors reach the user through our renderer, located in the
// input (file:line:col, the line, a caret; split chunks keep the file's line numbers),
// never printed by MLIR itself.

// CHECK: diagnostics.mlir:[[# @LINE + 5]]:3: error: type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f
// CHECK-NEXT: {{^}}  func.return %a : i32
// CHECK-NEXT: {{^}}  ^
// CHECK-NEXT: note: see current operation
func.func @f(%a: i32) -> i64 {
  func.return %a : i32
}

// -----

// CHECK: diagnostics.mlir:[[# @LINE + 2]]:{{[0-9]+}}: error: use of undeclared SSA value name
func.func @g(%a: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  func.return %0 : i32
}
