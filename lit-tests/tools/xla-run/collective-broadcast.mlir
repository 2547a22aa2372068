// RUN: xla-run --interpret --replicas 4 %s | FileCheck %s
// RUN: xla-run --replicas 4 %s | FileCheck %s
// RUN: xla-opt %s --emit=hlo-text | FileCheck %s --check-prefix=HLO
// RUN: xla-opt %s --emit=hlo-text | xla-run --interpret --replicas 4 | FileCheck %s

// collective_broadcast: in each replica group every replica receives the operand of the
// group's first replica, and a replica in no group gets zeros; interpreted, compiled, and
// through HLO text (XLA's collective-broadcast) and back.

// CHECK-DAG: replica 0: @main result 0: f32[2] [0, 0]
// CHECK-DAG: replica 1: @main result 0: f32[2] [2, 2]
// CHECK-DAG: replica 2: @main result 0: f32[2] [2, 2]
// CHECK-DAG: replica 3: @main result 0: f32[2] [0, 0]
// HLO: collective-broadcast({{.*}}), replica_groups={{[{][{]}}2,1{{[}][}]}}
func.func @main() -> tensor<2xf32> {
  %id = hlo.replica_id : tensor<ui32>
  %f = hlo.convert_element_type %id : (tensor<ui32>) -> tensor<f32>
  %v = hlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<2xf32>
  %0 = hlo.collective_broadcast %v, replica_groups = [[2, 1]] : tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
