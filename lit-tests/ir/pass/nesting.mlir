// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(cse))' --print-ir-after-all 2>&1 | FileCheck %s --check-prefix=FUNC
// RUN: xla-opt %s --pass-pipeline='func.func(cse)' --print-ir-after-all 2>&1 | FileCheck %s --check-prefix=FUNC
// RUN: xla-opt %s --pass-pipeline='builtin.module(any(cse))' --print-ir-after-all 2>&1 | FileCheck %s --check-prefix=ANY
// RUN: xla-opt %s --pass-pipeline='builtin.module(cse)' --print-ir-after-all 2>&1 | FileCheck %s --check-prefix=MODULE
// RUN: xla-opt %s --pass-pipeline='builtin.module(builtin.module(cse))' --print-ir-after-all 2>&1 | FileCheck %s --check-prefix=INNER
// RUN: xla-opt %s --dce --cse --print-ir-after-all 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: xla-opt %s --pass-pipeline='builtin.module(dce)' --cse --print-ir-after-all 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: xla-opt %s --pass-pipeline=' builtin.module( func.func( cse ) , dce ) ' --print-ir-after-all 2>&1 | FileCheck %s --check-prefix=SPACES

// Where passes run: a nested pipeline runs on each operation it names, directly inside
// its parent; a pipeline that does not start with the root's name is added to the root;
// `any(...)` runs on every operation; per-pass flags run on the root, in command-line
// order, after --pass-pipeline.

// `func.func(...)` runs on the functions directly in the module, not on the one in the
// nested module; `any(...)` runs on the nested module too.

// FUNC:      IR Dump After CSE (cse)
// FUNC-NEXT: func.func @f(
// FUNC:      IR Dump After CSE (cse)
// FUNC-NEXT: func.func @g(
// FUNC-NOT:  IR Dump

// ANY:      IR Dump After CSE (cse)
// ANY-NEXT: func.func @f(
// ANY:      IR Dump After CSE (cse)
// ANY-NEXT: module @nested {
// ANY:      IR Dump After CSE (cse)
// ANY-NEXT: func.func @g(
// ANY-NOT:  IR Dump

// A pass on the module runs once.

// MODULE:      IR Dump After CSE (cse)
// MODULE-NEXT: module {
// MODULE-NOT:  IR Dump

// `builtin.module(builtin.module(...))` reaches the module nested in the root only.

// INNER:      IR Dump After CSE (cse)
// INNER-NEXT: module @nested {
// INNER-NOT:  IR Dump

// ORDER:      IR Dump After DCE (dce)
// ORDER:      IR Dump After CSE (cse)
// ORDER-NOT:  IR Dump

// Whitespace around elements does not matter.

// SPACES:      IR Dump After CSE (cse)
// SPACES-NEXT: func.func @f(
// SPACES:      IR Dump After CSE (cse)
// SPACES-NEXT: func.func @g(
// SPACES:      IR Dump After DCE (dce)
// SPACES-NEXT: module {

func.func @f(%a: tensor<f32>) -> tensor<f32> {
  %0 = hlo.add %a, %a : tensor<f32>
  func.return %0 : tensor<f32>
}
module @nested {
  func.func @inner() {
    func.return
  }
}
func.func @g() {
  func.return
}
