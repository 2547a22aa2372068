module @jit_mobilenet_block attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x28x28x32xf32>, %arg1: tensor<1x1x32x192xf32>, %arg2: tensor<3x3x1x192xf32>, %arg3: tensor<1x1x192x32xf32>) -> (tensor<8x28x28x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x28x28x32xf32>, tensor<1x1x32x192xf32>) -> tensor<8x28x28x192xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<6> : tensor<i32>
    %1 = call @clip(%0, %c, %c_0) : (tensor<8x28x28x192xf32>, tensor<i32>, tensor<i32>) -> tensor<8x28x28x192xf32>
    %2 = stablehlo.convolution(%1, %arg2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 192 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x28x28x192xf32>, tensor<3x3x1x192xf32>) -> tensor<8x28x28x192xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<6> : tensor<i32>
    %3 = call @clip(%2, %c_1, %c_2) : (tensor<8x28x28x192xf32>, tensor<i32>, tensor<i32>) -> tensor<8x28x28x192xf32>
    %4 = stablehlo.convolution(%3, %arg3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x28x28x192xf32>, tensor<1x1x192x32xf32>) -> tensor<8x28x28x32xf32>
    %5 = stablehlo.add %arg0, %4 : tensor<8x28x28x32xf32>
    return %5 : tensor<8x28x28x32xf32>
  }
  func.func private @clip(%arg0: tensor<8x28x28x192xf32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<8x28x28x192xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<8x28x28x192xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<8x28x28x192xf32>
    %3 = stablehlo.convert %arg2 : (tensor<i32>) -> tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<8x28x28x192xf32>
    %5 = stablehlo.minimum %4, %2 : tensor<8x28x28x192xf32>
    return %5 : tensor<8x28x28x192xf32>
  }
}
