// RUN: not xla-opt %s --pass-pipeline='builtin.module(fusion{max-fused-ops=1})' 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: not xla-opt %s --pass-pipeline='builtin.module(fusion{max-outputs=0})' 2>&1 | FileCheck %s --check-prefix=OUTPUTS
// RUN: not xla-opt %s --pass-pipeline='builtin.module(fusion{max-duplicates=x})' 2>&1 | FileCheck %s --check-prefix=NOT-A-NUMBER
// RUN: not xla-opt %s --fusion=dump-graph=%t.missing/graph.dot 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(fusion{max-fused-ops=2})' | FileCheck %s --check-prefix=TWO
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(fusion{max-duplicates=0})' | FileCheck %s --check-prefix=NODUP
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(fusion{max-outputs=1})' | FileCheck %s --check-prefix=ONEOUT

// Bad option values are errors located in the pipeline text; a graph file that cannot be
// written is an error at the module.

// SIZE: <pipeline>:1:{{[0-9]+}}: error: invalid options for pass 'fusion': option 'max-fused-ops' of pass 'fusion' must be at least 2, found 1
// OUTPUTS: <pipeline>:1:{{[0-9]+}}: error: invalid options for pass 'fusion': option 'max-outputs' of pass 'fusion' must be at least 1, found 0
// NOT-A-NUMBER: <pipeline>:1:{{[0-9]+}}: error: option 'max-duplicates' of pass 'fusion': invalid value 'x': expected an unsigned integer
// UNWRITABLE: error: fusion cannot write the graph to '{{.*}}graph.dot'

// Heuristic FUSION_SIZE_LIMIT: with max-fused-ops=2, the chain of three ops is one fusion
// of two ops and one op left alone.
// TWO-LABEL: func.func @chain
// TWO-NEXT:    %[[A:.+]] = hlo.abs
// TWO-NEXT:    hlo.fusion(%[[A]]) kind = loop
// TWO-NEXT:    ^bb0
// TWO-NEXT:      hlo.negate
// TWO-NEXT:      hlo.negate
// TWO-NEXT:      hlo.return
func.func @chain(%x: tensor<16xf32>) -> tensor<16xf32> {
  %0 = hlo.abs %x : tensor<16xf32>
  %1 = hlo.negate %0 : tensor<16xf32>
  %2 = hlo.negate %1 : tensor<16xf32>
  return %2 : tensor<16xf32>
}

// -----

// Heuristic DUPLICATE_CHEAP_PRODUCERS: with max-duplicates=0 a cheap producer read by two
// fusions stays unfused.
// NODUP-LABEL: func.func @shared_negate
// NODUP:         %[[N:.+]] = hlo.negate
// NODUP:         hlo.fusion(%[[N]]) kind = loop
// TWO-LABEL:   func.func @shared_negate
// ONEOUT-LABEL: func.func @shared_negate
func.func @shared_negate(%x: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %n = hlo.negate %x : tensor<16xf32>
  %e = hlo.exponential %n : tensor<16xf32>
  %l = hlo.log %n : tensor<16xf32>
  return %e, %l : tensor<16xf32>, tensor<16xf32>
}

// -----

// Heuristic MULTI_OUTPUT_LIMIT: with max-outputs=1 siblings do not merge.
// ONEOUT-LABEL: func.func @siblings
// ONEOUT-NOT:    hlo.fusion
// ONEOUT:        hlo.exponential
// ONEOUT:        hlo.log
func.func @siblings(%x: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = hlo.exponential %x : tensor<16xf32>
  %l = hlo.log %x : tensor<16xf32>
  return %e, %l : tensor<16xf32>, tensor<16xf32>
}
