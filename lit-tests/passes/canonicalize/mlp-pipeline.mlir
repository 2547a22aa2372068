// RUN: xla-opt %S/../../../examples/mlp.mlir --pass-pipeline='builtin.module(func.func(canonicalize,cse),dce)' | FileCheck %s
// RUN: xla-opt %S/../../../examples/mlp.mlir --pass-pipeline='builtin.module(func.func(canonicalize,cse),dce)' | xla-opt - --pass-pipeline='builtin.module(func.func(canonicalize,cse),dce)' | FileCheck %s
// RUN: xla-opt %S/../../../examples/mlp.mlir --pass-pipeline='builtin.module(func.func(cse))' | FileCheck %s --check-prefix=CSE-ONLY

// The optimization pipeline on the hand-written example examples/mlp.mlir:
// canonicalize folds `+ (-0.0)` and `1.0 *` and erases the unused multiply, cse merges the
// repeated broadcast of b1, dce has nothing left to do. The `+ 0.0` of relu's maximum is
// a maximum, not an add, and stays. Running the pipeline again changes nothing.

// CHECK-LABEL: func.func @main
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<4x8xf32>, %[[W1:[^:]+]]: tensor<8x16xf32>, %[[B1:[^:]+]]: tensor<16xf32>, %[[W2:[^:]+]]: tensor<16x4xf32>, %[[B2:[^:]+]]: tensor<4xf32>) -> tensor<4x4xf32> {
// CHECK-NEXT:    %[[H:.+]] = hlo.dot_general %[[X]], %[[W1]], batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT:    %[[BIAS1:.+]] = hlo.broadcast_in_dim %[[B1]], dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT:    %[[HB:.+]] = hlo.add %[[H]], %[[BIAS1]] : tensor<4x16xf32>
// CHECK-NEXT:    %[[ZEROS:.+]] = hlo.constant dense<0.0> : tensor<4x16xf32>
// CHECK-NEXT:    %[[RELU:.+]] = hlo.maximum %[[HB]], %[[ZEROS]] : tensor<4x16xf32>
// CHECK-NEXT:    %[[Y:.+]] = hlo.dot_general %[[RELU]], %[[W2]], batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT:    %[[BIAS2:.+]] = hlo.broadcast_in_dim %[[B2]], dims = [1] : (tensor<4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT:    %[[OUT:.+]] = hlo.add %[[Y]], %[[BIAS2]] : tensor<4x4xf32>
// CHECK-NEXT:    func.return %[[OUT]] : tensor<4x4xf32>
// CHECK-NEXT:  }

// CSE alone merges the broadcasts (the multiply of the two then uses one value twice) and
// folds nothing.
// CSE-ONLY-LABEL: func.func @main
// CSE-ONLY:    %[[BIAS1:.+]] = hlo.broadcast_in_dim %{{.+}}, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
// CSE-ONLY-NEXT: hlo.multiply %[[BIAS1]], %[[BIAS1]]
// CSE-ONLY:    hlo.constant dense<-0.0>
// CSE-ONLY:    hlo.constant dense<1.0>
