// RUN: xla-opt %s --canonicalize=max-iterations=1 --verify-diagnostics
// RUN: xla-opt %s --canonicalize=max-iterations=1 2>&1 | FileCheck %s
// RUN: not xla-opt %s --canonicalize=max-iterations=1 --verify-diagnostics --split-input-file 2>&1 | FileCheck %s --check-prefix=SPLIT

// Warnings do not fail a run: they are printed before the output (or checked against
// `expected-warning` with --verify-diagnostics), and the output is printed. Here the
// canonicalizer, limited to one iteration, still has work left and says so, at the
// operation it ran on: the implicit module, which is located at its first token.

// CHECK:      warnings.mlir:[[# @LINE + 11]]:1: warning: greedy rewriting did not converge after 1 iteration
// CHECK:      module {
// CHECK-NEXT:   func.func @needs_two_rounds

// With --split-input-file the expectation below is in the first chunk, and the second
// chunk's warning is unexpected: an unexpected warning fails --verify-diagnostics.

// SPLIT:      warnings.mlir:[[# @LINE + 15]]:1: error: unexpected warning: greedy rewriting did not converge after 1 iteration
// SPLIT-NOT:  error:

// expected-warning @+1 {{greedy rewriting did not converge after 1 iteration}}
func.func @needs_two_rounds(%a: tensor<4xf32>) -> tensor<4xf32> {
  %ones = hlo.constant dense<1.0> : tensor<4xf32>
  %zero = hlo.constant dense<-0.0> : tensor<4xf32>
  %0 = hlo.multiply %ones, %a : tensor<4xf32>
  %1 = hlo.add %0, %zero : tensor<4xf32>
  %2 = hlo.multiply %ones, %1 : tensor<4xf32>
  func.return %2 : tensor<4xf32>
}

// -----

func.func @also_needs_two_rounds(%a: tensor<4xf32>) -> tensor<4xf32> {
  %ones = hlo.constant dense<1.0> : tensor<4xf32>
  %0 = hlo.multiply %ones, %a : tensor<4xf32>
  %1 = hlo.multiply %ones, %0 : tensor<4xf32>
  func.return %1 : tensor<4xf32>
}
