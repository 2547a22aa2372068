// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize),dce)' --print-ir-after-all -o %t 2>&1 | FileCheck %s --check-prefix=AFTER-ALL
// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize),dce)' --print-ir-before-all -o %t 2>&1 | FileCheck %s --check-prefix=BEFORE-ALL
// RUN: xla-opt %s --cse --canonicalize --print-ir-after=cse -o %t 2>&1 | FileCheck %s --check-prefix=AFTER-CSE
// RUN: xla-opt %s --cse --canonicalize --dce --print-ir-before=dce --print-ir-after=canonicalize -o %t 2>&1 | FileCheck %s --check-prefix=NAMED
// RUN: xla-opt %s --cse --print-ir-after-all --mlir-print-op-generic -o %t 2>&1 | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --cse 2>&1 | FileCheck %s --check-prefix=NONE

// IR dumps around passes go to stderr under mlir-opt's headers, naming the pass and its
// pipeline argument. A pass nested under `func.func` dumps the function it ran on, once
// per function; a pass on the module dumps the module.

// AFTER-ALL:      // -----// IR Dump After CSE (cse) //----- //
// AFTER-ALL-NEXT: func.func @f(%[[A:.+]]: tensor<f32>) -> tensor<f32> {
// AFTER-ALL-NEXT:   %[[S:.+]] = hlo.add %[[A]], %[[A]] : tensor<f32>
// AFTER-ALL-NOT:    hlo.add %[[A]], %[[A]]
// AFTER-ALL:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTER-ALL-NEXT: func.func @f(
// AFTER-ALL:      // -----// IR Dump After CSE (cse) //----- //
// AFTER-ALL-NEXT: func.func @g() {
// AFTER-ALL:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTER-ALL-NEXT: func.func @g() {
// AFTER-ALL:      // -----// IR Dump After DCE (dce) //----- //
// AFTER-ALL-NEXT: module {
// AFTER-ALL-NOT:  IR Dump

// BEFORE-ALL:      // -----// IR Dump Before CSE (cse) //----- //
// BEFORE-ALL-NEXT: func.func @f(%[[A:.+]]: tensor<f32>) -> tensor<f32> {
// BEFORE-ALL-NEXT:   %{{.+}} = hlo.add %[[A]], %[[A]] : tensor<f32>
// BEFORE-ALL-NEXT:   %{{.+}} = hlo.add %[[A]], %[[A]] : tensor<f32>
// BEFORE-ALL:      // -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// BEFORE-ALL-NEXT: func.func @f(
// BEFORE-ALL:      // -----// IR Dump Before CSE (cse) //----- //
// BEFORE-ALL-NEXT: func.func @g() {
// BEFORE-ALL:      // -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// BEFORE-ALL:      // -----// IR Dump Before DCE (dce) //----- //
// BEFORE-ALL-NEXT: module {
// BEFORE-ALL-NOT:  IR Dump After

// Named passes: only their dumps. Per-pass flags run on the module.

// AFTER-CSE:      // -----// IR Dump After CSE (cse) //----- //
// AFTER-CSE-NEXT: module {
// AFTER-CSE-NOT:  IR Dump

// NAMED-NOT:  IR Dump Before CSE
// NAMED-NOT:  IR Dump After CSE
// NAMED:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// NAMED-NOT:  IR Dump After DCE
// NAMED:      // -----// IR Dump Before DCE (dce) //----- //
// NAMED-NOT:  IR Dump

// Dumps print as the output does.

// GENERIC:      // -----// IR Dump After CSE (cse) //----- //
// GENERIC-NEXT: "builtin.module"() ({
// GENERIC:        "hlo.add"

// Without the flags there are no dumps: only the module.

// NONE-NOT:  IR Dump
// NONE:      module {
// NONE-NOT:  IR Dump

func.func @f(%a: tensor<f32>) -> tensor<f32> {
  %0 = hlo.add %a, %a : tensor<f32>
  %1 = hlo.add %a, %a : tensor<f32>
  %2 = hlo.multiply %0, %1 : tensor<f32>
  func.return %2 : tensor<f32>
}
func.func @g() {
  func.return
}
