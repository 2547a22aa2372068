module @jit_kv_decode_large attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<512x512xf32>, %arg1: tensor<512x512xf32>, %arg2: tensor<512x512xf32>, %arg3: tensor<512x512xf32>, %arg4: tensor<8x1x512xf32>, %arg5: tensor<8x2048x8x64xf32>, %arg6: tensor<8x2048x8x64xf32>, %arg7: tensor<i32>) -> (tensor<8x1x512xf32> {jax.result_info = "result[0]"}, tensor<8x2048x8x64xf32> {jax.result_info = "result[1]"}, tensor<8x2048x8x64xf32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.dot_general %arg4, %arg0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x1x512xf32>, tensor<512x512xf32>) -> tensor<8x1x512xf32>
    %1 = stablehlo.reshape %0 : (tensor<8x1x512xf32>) -> tensor<8x1x8x64xf32>
    %2 = stablehlo.dot_general %arg4, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x1x512xf32>, tensor<512x512xf32>) -> tensor<8x1x512xf32>
    %3 = stablehlo.reshape %2 : (tensor<8x1x512xf32>) -> tensor<8x1x8x64xf32>
    %4 = stablehlo.dot_general %arg4, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x1x512xf32>, tensor<512x512xf32>) -> tensor<8x1x512xf32>
    %5 = stablehlo.reshape %4 : (tensor<8x1x512xf32>) -> tensor<8x1x8x64xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.compare LT, %arg7, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<2048> : tensor<i32>
    %7 = stablehlo.add %arg7, %c_0 : tensor<i32>
    %8 = stablehlo.select %6, %7, %arg7 : tensor<i1>, tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.dynamic_update_slice %arg5, %3, %c_1, %8, %c_2, %c_3 : (tensor<8x2048x8x64xf32>, tensor<8x1x8x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<8x2048x8x64xf32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %10 = stablehlo.compare LT, %arg7, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_5 = stablehlo.constant dense<2048> : tensor<i32>
    %11 = stablehlo.add %arg7, %c_5 : tensor<i32>
    %12 = stablehlo.select %10, %11, %arg7 : tensor<i1>, tensor<i32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %13 = stablehlo.dynamic_update_slice %arg6, %5, %c_6, %12, %c_7, %c_8 : (tensor<8x2048x8x64xf32>, tensor<8x1x8x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<8x2048x8x64xf32>
    %14 = stablehlo.dot_general %1, %9, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x1x8x64xf32>, tensor<8x2048x8x64xf32>) -> tensor<8x8x1x2048xf32>
    %cst = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x8x1x2048xf32>
    %16 = stablehlo.divide %14, %15 : tensor<8x8x1x2048xf32>
    %17 = stablehlo.iota dim = 0 : tensor<2048xi32>
    %18 = stablehlo.broadcast_in_dim %arg7, dims = [] : (tensor<i32>) -> tensor<2048xi32>
    %19 = stablehlo.compare LE, %17, %18, SIGNED : (tensor<2048xi32>, tensor<2048xi32>) -> tensor<2048xi1>
    %cst_9 = stablehlo.constant dense<-1.000000e+30> : tensor<f32>
    %20 = call @_where(%19, %16, %cst_9) : (tensor<2048xi1>, tensor<8x8x1x2048xf32>, tensor<f32>) -> tensor<8x8x1x2048xf32>
    %cst_10 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %21 = stablehlo.reduce(%20 init: %cst_10) applies stablehlo.maximum across dimensions = [3] : (tensor<8x8x1x2048xf32>, tensor<f32>) -> tensor<8x8x1xf32>
    %cst_11 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<8x8x1xf32>
    %23 = stablehlo.maximum %22, %21 : tensor<8x8x1xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 1, 2] : (tensor<8x8x1xf32>) -> tensor<8x8x1x1xf32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0, 1, 2, 3] : (tensor<8x8x1x1xf32>) -> tensor<8x8x1x2048xf32>
    %26 = stablehlo.subtract %20, %25 : tensor<8x8x1x2048xf32>
    %27 = stablehlo.exponential %26 : tensor<8x8x1x2048xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.reduce(%27 init: %cst_12) applies stablehlo.add across dimensions = [3] : (tensor<8x8x1x2048xf32>, tensor<f32>) -> tensor<8x8x1xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2] : (tensor<8x8x1xf32>) -> tensor<8x8x1x1xf32>
    %30 = stablehlo.broadcast_in_dim %29, dims = [0, 1, 2, 3] : (tensor<8x8x1x1xf32>) -> tensor<8x8x1x2048xf32>
    %31 = stablehlo.divide %27, %30 : tensor<8x8x1x2048xf32>
    %32 = stablehlo.dot_general %13, %31, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<8x2048x8x64xf32>, tensor<8x8x1x2048xf32>) -> tensor<8x8x64x1xf32>
    %33 = stablehlo.transpose %32, dims = [0, 3, 1, 2] : (tensor<8x8x64x1xf32>) -> tensor<8x1x8x64xf32>
    %34 = stablehlo.reshape %33 : (tensor<8x1x8x64xf32>) -> tensor<8x1x512xf32>
    %35 = stablehlo.dot_general %34, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x1x512xf32>, tensor<512x512xf32>) -> tensor<8x1x512xf32>
    return %35, %9, %13 : tensor<8x1x512xf32>, tensor<8x2048x8x64xf32>, tensor<8x2048x8x64xf32>
  }
  func.func private @_where(%arg0: tensor<2048xi1>, %arg1: tensor<8x8x1x2048xf32>, %arg2: tensor<f32>) -> tensor<8x8x1x2048xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [3] : (tensor<2048xi1>) -> tensor<8x8x1x2048xi1>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<8x8x1x2048xf32>
    %2 = stablehlo.select %0, %arg1, %1 : tensor<8x8x1x2048xi1>, tensor<8x8x1x2048xf32>
    return %2 : tensor<8x8x1x2048xf32>
  }
}
