module @jit_bf16_mlp_large attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1024x4096xbf16>, %arg1: tensor<4096x1024xbf16>, %arg2: tensor<128x1024xbf16>) -> (tensor<128x1024xbf16> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg2, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x1024xbf16>, tensor<1024x4096xbf16>) -> tensor<128x4096xf32>
    %1 = stablehlo.multiply %0, %0 : tensor<128x4096xf32>
    %2 = stablehlo.multiply %1, %0 : tensor<128x4096xf32>
    %cst = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<128x4096xf32>
    %4 = stablehlo.multiply %3, %2 : tensor<128x4096xf32>
    %5 = stablehlo.add %0, %4 : tensor<128x4096xf32>
    %cst_0 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<128x4096xf32>
    %7 = stablehlo.multiply %6, %5 : tensor<128x4096xf32>
    %8 = stablehlo.tanh %7 : tensor<128x4096xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<128x4096xf32>
    %10 = stablehlo.add %9, %8 : tensor<128x4096xf32>
    %cst_2 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<128x4096xf32>
    %12 = stablehlo.multiply %11, %10 : tensor<128x4096xf32>
    %13 = stablehlo.multiply %0, %12 : tensor<128x4096xf32>
    %14 = stablehlo.convert %13 : (tensor<128x4096xf32>) -> tensor<128x4096xbf16>
    %15 = stablehlo.dot_general %14, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x4096xbf16>, tensor<4096x1024xbf16>) -> tensor<128x1024xf32>
    %16 = stablehlo.convert %15 : (tensor<128x1024xf32>) -> tensor<128x1024xbf16>
    return %16 : tensor<128x1024xbf16>
  }
}
