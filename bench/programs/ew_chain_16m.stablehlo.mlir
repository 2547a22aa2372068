module @jit_ew_chain_16m attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16777216xf32>, %arg1: tensor<16777216xf32>, %arg2: tensor<16777216xf32>) -> (tensor<16777216xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<1.500000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16777216xf32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<16777216xf32>
    %2 = stablehlo.add %1, %arg1 : tensor<16777216xf32>
    %3 = stablehlo.multiply %2, %arg2 : tensor<16777216xf32>
    return %3 : tensor<16777216xf32>
  }
}
