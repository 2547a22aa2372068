// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s
// RUN: xla-opt %s --split-input-file --lower-to-loops=runtime-kernels=false | FileCheck %s --check-prefix=LOOP

// Without runtime kernels (the loop-level interpreter cannot call the runtime) every sort
// is the merge sort's loops.
// LOOP-LABEL: func.func @jax_sort
// LOOP-NOT:     loop.call_runtime
// LOOP:         loop.compare LT, %{{.+}}, %{{.+}}, TOTALORDER : f32

// A sort of one f32 operand along its minor dimension by JAX's comparator (zeros made
// +0.0, NaNs a positive NaN, then LT in the total order) calls the runtime's sort on the
// result buffer, after copying the operand into it: 3 lines of 5.
// CHECK-LABEL: func.func @jax_sort
// CHECK-DAG:     %[[LINES:.+]] = loop.constant 3 : index
// CHECK-DAG:     %[[LENGTH:.+]] = loop.constant 5 : index
// CHECK:         loop.store %{{.+}}, %arg1[%{{.+}}, %{{.+}}] : memref<3x5xf32>
// CHECK:         loop.call_runtime @xla_rt_sort_f32_total_order(%arg1, %[[LINES]], %[[LENGTH]]) : (memref<3x5xf32>, index, index) -> ()
// CHECK-NOT:     loop.compare
func.func @jax_sort(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = hlo.sort(%x) dim = 1 : (tensor<3x5xf32>) -> tensor<3x5xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %nan = hlo.constant dense<0x7FC00000> : tensor<f32>
    %az = hlo.compare EQ, %a, %zero, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %a1 = hlo.select %az, %zero, %a : tensor<i1>, tensor<f32>
    %an = hlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %a2 = hlo.select %an, %nan, %a1 : tensor<i1>, tensor<f32>
    %bz = hlo.compare EQ, %b, %zero, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %b1 = hlo.select %bz, %zero, %b : tensor<i1>, tensor<f32>
    %bn = hlo.compare NE, %b, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %b2 = hlo.select %bn, %nan, %b1 : tensor<i1>, tensor<f32>
    %lt = hlo.compare LT, %a2, %b2, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }
  return %0 : tensor<3x5xf32>
}

// -----

// Along the major dimension the lines are not contiguous: the merge sort's loops.
// CHECK-LABEL: func.func @jax_sort_major
// CHECK-NOT:     loop.call_runtime
// CHECK:         loop.compare LT, %{{.+}}, %{{.+}}, TOTALORDER : f32
func.func @jax_sort_major(%x: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = hlo.sort(%x) dim = 0 : (tensor<3x5xf32>) -> tensor<3x5xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %nan = hlo.constant dense<0x7FC00000> : tensor<f32>
    %az = hlo.compare EQ, %a, %zero, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %a1 = hlo.select %az, %zero, %a : tensor<i1>, tensor<f32>
    %an = hlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %a2 = hlo.select %an, %nan, %a1 : tensor<i1>, tensor<f32>
    %bz = hlo.compare EQ, %b, %zero, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %b1 = hlo.select %bz, %zero, %b : tensor<i1>, tensor<f32>
    %bn = hlo.compare NE, %b, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %b2 = hlo.select %bn, %nan, %b1 : tensor<i1>, tensor<f32>
    %lt = hlo.compare LT, %a2, %b2, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }
  return %0 : tensor<3x5xf32>
}

// -----

// Another comparator (IEEE LT, which NaNs do not order) keeps the merge sort too.
// CHECK-LABEL: func.func @plain_less
// CHECK-NOT:     loop.call_runtime
// CHECK:         loop.compare LT, %{{.+}}, %{{.+}} : f32
func.func @plain_less(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = hlo.sort(%x) dim = 0 : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }
  return %0 : tensor<8xf32>
}
