// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Unranked tensors (`tensor<*xf32>`), what relaxing shapes of different ranks gives.

// CHECK-LABEL: func.func @unranked
// CHECK-SAME:    (%{{.*}}: tensor<*xf32>, %{{.*}}: tensor<*xcomplex<f64>>)
// GENERIC:       function_type = (tensor<*xf32>, tensor<*xcomplex<f64>>) -> ()
func.func @unranked(%x: tensor<*xf32>, %y: tensor<*xcomplex<f64>>) {
  return
}
