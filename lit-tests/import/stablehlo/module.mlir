// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

// The module and its functions as JAX prints them: module attributes, argument and result
// attributes, visibility and calls are kept; the ops become hlo ops.

// CHECK-LABEL: module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32}
// CHECK:       func.func public @main
// CHECK-SAME:    (%[[X:.*]]: tensor<2xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"}, %[[Y:.*]]: tensor<f32>)
// CHECK-SAME:    -> (tensor<2xf32> {jax.result_info = "result[0]"}, tensor<f32>)
// CHECK:         %[[R:.*]] = func.call @relu(%[[X]]) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK:         func.return %[[R]], %[[Y]] : tensor<2xf32>, tensor<f32>
// CHECK:       func.func private @relu(%[[A:.*]]: tensor<2xf32>) -> tensor<2xf32>
// CHECK:         %[[ZERO:.*]] = hlo.constant dense<0.0> : tensor<f32>
// CHECK:         %[[B:.*]] = hlo.broadcast_in_dim %[[ZERO]], dims = [] : (tensor<f32>) -> tensor<2xf32>
// CHECK:         %[[M:.*]] = hlo.maximum %[[A]], %[[B]] : tensor<2xf32>
// CHECK:         func.return %[[M]]
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2xf32> {mhlo.sharding = "{replicated}", jax.arg_info = "x"}, %arg1: tensor<f32>) -> (tensor<2xf32> {jax.result_info = "result[0]"}, tensor<f32>) {
    %0 = call @relu(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
    return %0, %arg1 : tensor<2xf32>, tensor<f32>
  }
  func.func private @relu(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<2xf32>
    return %1 : tensor<2xf32>
  }
}

// -----

// Debug locations, with aliases defined after their use, locations on block arguments and
// after regions, as `as_text(debug_info=True)` prints them.

// CHECK-LABEL: module @jit_g
// CHECK:         hlo.sine
// CHECK-COUNT-3: hlo.reduce
// LOC-LABEL:   module @jit_g
// LOC:           hlo.sine %{{.*}} : tensor<2xf32> loc("jit(g)/sin"("f.py":3:0))
// LOC:           hlo.reduce
// LOC:             hlo.add %{{.*}} loc("jit(g)/sin"("f.py":3:0))
// LOC:           } loc("jit(g)/sin"("f.py":3:0))
// LOC:           hlo.reduce
// LOC:           } loc("jit(g)/reduce_max"("f.py":3:0))
// LOC:           hlo.reduce
// LOC:           } loc("jit(g)/reduce_sum"("f.py":4:0))
// LOC:           func.return %{{.*}} : tensor<f32> loc(unknown)
#loc1 = loc("f.py":3:0)
module @jit_g {
  func.func public @main(%arg0: tensor<2xf32> loc("x"), %arg1: tensor<f32> loc("y")) -> (tensor<f32> {jax.result_info = ""}) {
    %0 = stablehlo.sine %arg0 : tensor<2xf32> loc(#loc2)
    %1 = "stablehlo.reduce"(%0, %arg1) ({
    ^bb0(%a: tensor<f32> loc(unknown), %b: tensor<f32> loc(unknown)):
      %2 = stablehlo.add %a, %b : tensor<f32> loc(#loc2)
      stablehlo.return %2 : tensor<f32> loc(#loc2)
    }) {dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<f32>) -> tensor<f32> loc(#loc2)
    %3 = stablehlo.reduce(%0 init: %arg1) across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
     reducer(%c: tensor<f32> loc(unknown), %d: tensor<f32> loc(unknown))  {
      %4 = stablehlo.maximum %c, %d : tensor<f32> loc(#loc3)
      stablehlo.return %4 : tensor<f32> loc(#loc3)
    } loc(#loc3)
    %5 = stablehlo.reduce(%0 init: %arg1) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32> loc(#loc4)
    return %5 : tensor<f32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("jit(g)/sin"(#loc1))
#loc3 = loc("jit(g)/reduce_max"(#loc1))
#loc4 = loc("jit(g)/reduce_sum"("f.py":4:0))

// -----

// Tokens become `!hlo.token`, in signatures too.

// CHECK-LABEL: func.func @tokens
// CHECK-SAME:    (%[[T:.*]]: !hlo.token, %[[X:.*]]: tensor<2xf32>) -> (!hlo.token, tensor<2xf32>)
// CHECK:         %[[NEW:.*]] = hlo.after_all()
// CHECK:         %[[JOIN:.*]] = hlo.after_all(%[[T]], %[[NEW]])
// CHECK:         func.return %[[JOIN]], %[[X]] : !hlo.token, tensor<2xf32>
// CHECK-NOT:     stablehlo
module {
  func.func @tokens(%arg0: !stablehlo.token, %arg1: tensor<2xf32>) -> (!stablehlo.token, tensor<2xf32>) {
    %0 = stablehlo.create_token : !stablehlo.token
    %1 = stablehlo.after_all %arg0, %0 : !stablehlo.token
    return %1, %arg1 : !stablehlo.token, tensor<2xf32>
  }
}
