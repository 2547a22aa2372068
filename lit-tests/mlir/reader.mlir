// REQUIRES: mlir
// RUN: xla-opt --upstream-input %s | FileCheck %s
// RUN: xla-opt --upstream-input %s --mlir-print-op-generic | xla-opt --upstream-input | FileCheck %s

// A module in MLIR's generic form, as other MLIR tools print it, with ops of a dialect
// nobody registered: MLIR's parser reads it (unregistered dialects allowed), and it comes
// into our IR, where hlo ops are ours again and the rest stay as unregistered ops.

// CHECK-LABEL: func.func @main(
// CHECK:         %[[X:.+]] = hlo.add %arg0, %arg0 : tensor<4xf32>
// CHECK:         %[[Y:.+]] = "acme.scale"(%[[X]]) {factor = 2} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK:         func.return %[[Y]] : tensor<4xf32>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<4xf32>):
    %0 = "hlo.add"(%arg0, %arg0) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %1 = "acme.scale"(%0) {factor = 2 : i64} : (tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%1) : (tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
