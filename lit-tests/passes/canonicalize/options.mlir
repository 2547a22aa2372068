// RUN: xla-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=1}))' | FileCheck %s
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{max-num-rewrites=1}))' 2>&1 | FileCheck %s --check-prefix=REWRITES
// RUN: not xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=1 test-convergence}))' 2>&1 | FileCheck %s --check-prefix=CONVERGENCE
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=2 test-convergence}))' | FileCheck %s
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{enable-patterns=nonexistent-pattern}))' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: xla-opt %s --split-input-file '--canonicalize=max-iterations=2' | FileCheck %s
// RUN: not xla-opt %s --pass-pipeline='builtin.module(func.func(canonicalize{max-iterations=0}))' 2>&1 | FileCheck %s --check-prefix=BAD

// The canonicalizer's options. One sweep folds the whole chain here, but only a second
// sweep that changes nothing shows a fixed point: with max-iterations=1 the pass warns
// that it did not converge (an error with test-convergence), and the IR is still valid and
// printed (not with test-convergence). max-num-rewrites stops after that many rewrites. A pattern name that matches
// nothing is reported.

// CHECK-LABEL: func.func @chain
// CHECK-NEXT:    %[[C:.+]] = hlo.constant dense<8> : tensor<i32>
// CHECK-NEXT:    func.return %[[C]]

// One rewrite: the add folded (its constant materialized), the multiply not yet.
// REWRITES:      warning: greedy rewriting did not converge: stopped after 1 rewrites
// REWRITES-LABEL: func.func @chain
// REWRITES-DAG:    %[[TWO:.+]] = hlo.constant dense<2> : tensor<i32>
// REWRITES-DAG:    %[[FOUR:.+]] = hlo.constant dense<4> : tensor<i32>
// REWRITES:        %[[P:.+]] = hlo.multiply %[[FOUR]], %[[TWO]] : tensor<i32>
// REWRITES:        func.return %[[P]]

// CONVERGENCE: options.mlir:[[@LINE+4]]:1: error: greedy rewriting did not converge after 1 iteration
// CONVERGENCE-NOT: func.return

// expected-warning @+1 {{greedy rewriting did not converge after 1 iteration}}
func.func @chain() -> tensor<i32> {
  %a = hlo.constant dense<2> : tensor<i32>
  %0 = hlo.add %a, %a : tensor<i32>
  %1 = hlo.multiply %0, %a : tensor<i32>
  return %1 : tensor<i32>
}

// UNKNOWN: warning: canonicalize: no pattern is named 'nonexistent-pattern'
// BAD: error: invalid options for pass 'canonicalize': 'max-iterations' must be between 1 and 4294967295
