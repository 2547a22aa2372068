// RUN: xla-run --interpret --replicas 4 %s | FileCheck %s
// RUN: xla-run --interpret --replicas 4 %s -o %t.npz
// RUN: %python -c "import numpy as np; d = np.load('%t.npz'); print(sorted(d.keys()))" | FileCheck %s --check-prefix=SAVED
// RUN: not xla-run --interpret --replicas 2 %s 2>&1 | FileCheck %s --check-prefix=GROUPS
// RUN: xla-run --replicas 4 %s | FileCheck %s
// RUN: xla-run --replicas 4 %s -o %t.native.npz
// RUN: %python -c "import numpy as np; d = np.load('%t.native.npz'); print(sorted(d.keys()))" | FileCheck %s --check-prefix=SAVED
// RUN: not xla-run --replicas 2 %s 2>&1 | FileCheck %s --check-prefix=NATIVE-GROUPS

// Each replica runs in its own thread, interpreted or compiled (each thread calling the
// compiled entry with its replica id); replica_id tells them apart and all_reduce sums
// their contributions within each replica group ({0, 1} and {2, 3}).

// CHECK-DAG: replica 0: @main result 0: (u32[] 0, f32[2] [1, 1])
// CHECK-DAG: replica 1: @main result 0: (u32[] 1, f32[2] [1, 1])
// CHECK-DAG: replica 2: @main result 0: (u32[] 2, f32[2] [5, 5])
// CHECK-DAG: replica 3: @main result 0: (u32[] 3, f32[2] [5, 5])

// SAVED: ['replica0.out0', 'replica0.out1', 'replica1.out0', 'replica1.out1', 'replica2.out0', 'replica2.out1', 'replica3.out0', 'replica3.out1']

// Replica groups that name replicas the run does not have are an error on every replica,
// never a hang.
// GROUPS-DAG: replica 0: {{.*}}replicas.mlir:[[@LINE+9]]:3: error: replica_groups name replica 2, but there are 2 replicas
// GROUPS-DAG: replica 1: {{.*}}replicas.mlir:[[@LINE+8]]:3: error: replica_groups name replica 2, but there are 2 replicas
// NATIVE-GROUPS-DAG: replica 0: xla-run: @main: the compiled code failed with status 1: xla_rt_collective_exchange: replica_groups name replica 2, but there are 2 replicas
// NATIVE-GROUPS-DAG: replica 1: xla-run: @main: the compiled code failed with status 1: xla_rt_collective_exchange: replica_groups name replica 2, but there are 2 replicas

func.func @main() -> tuple<tensor<ui32>, tensor<2xf32>> {
  %id = hlo.replica_id : tensor<ui32>
  %f = hlo.convert_element_type %id : (tensor<ui32>) -> tensor<f32>
  %v = hlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<2xf32>
  %sum = hlo.all_reduce(%v) replica_groups = [[0, 1], [2, 3]] : tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %0 = hlo.add %a, %b : tensor<f32>
    hlo.return %0 : tensor<f32>
  }
  %t = hlo.tuple %id, %sum : tuple<tensor<ui32>, tensor<2xf32>>
  func.return %t : tuple<tensor<ui32>, tensor<2xf32>>
}
