// REQUIRES: mlir
// RUN: not xla-opt %s --split-input-file --emit=mlir-upstream 2>&1 | FileCheck %s

// What the export does not handle is a located error of ours.

// CHECK: export-errors.mlir:[[# @LINE + 1]]:1: error: the export to upstream MLIR does not handle f8E4M3FN yet
func.func @f8(%a: memref<f8E4M3FN>) attributes {loop.num_results = 1} {
  func.return
}

// -----

// CHECK: export-errors.mlir:[[# @LINE + 1]]:1: error: the export to upstream MLIR does not handle tensor<2xf32> yet
func.func @tensors(%a: tensor<2xf32>) {
  %0 = hlo.add %a, %a : tensor<2xf32>
  func.return
}
