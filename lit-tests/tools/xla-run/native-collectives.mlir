// RUN: xla-run --replicas 4 %s | FileCheck %s
// RUN: xla-run --interpret --replicas 4 %s | FileCheck %s

// Collectives and random numbers compiled to runtime calls give what the interpreter
// gives, replica by replica: all_gather in group order ({3, 1} and {0, 2}), an
// all_reduce whose computation is no known reduction (a - b), and the interpreter's
// random stream on every replica.

// CHECK-DAG: replica 0: @main result 0: f32[2] [0, 2]
// CHECK-DAG: replica 1: @main result 0: f32[2] [3, 1]
// CHECK-DAG: replica 0: @main result 1: s32[] -6
// CHECK-DAG: replica 3: @main result 1: s32[] -6
// CHECK-DAG: replica 0: @main result 2: f32[3] [[[R:.+]]]
// CHECK-DAG: replica 3: @main result 2: f32[3] [[[R]]]

func.func @main() -> (tensor<2xf32>, tensor<i32>, tensor<3xf32>) {
  %id = hlo.replica_id : tensor<ui32>
  %f = hlo.convert_element_type %id : (tensor<ui32>) -> tensor<f32>
  %v = hlo.reshape %f : (tensor<f32>) -> tensor<1xf32>
  %g = hlo.all_gather %v, all_gather_dimension = 0, replica_groups = [[3, 1], [0, 2]] : (tensor<1xf32>) -> tensor<2xf32>
  %i = hlo.convert_element_type %id : (tensor<ui32>) -> tensor<i32>
  %d = hlo.all_reduce(%i) replica_groups = [] : tensor<i32> {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %0 = hlo.subtract %a, %b : tensor<i32>
    hlo.return %0 : tensor<i32>
  }
  %lo = hlo.constant dense<0.0> : tensor<f32>
  %hi = hlo.constant dense<1.0> : tensor<f32>
  %r = hlo.rng_uniform %lo, %hi : (tensor<f32>, tensor<f32>) -> tensor<3xf32>
  func.return %g, %d, %r : tensor<2xf32>, tensor<i32>, tensor<3xf32>
}
