module @jit_resnet_stem attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x3x112x112xf32>, %arg1: tensor<64x3x7x7xf32>) -> (tensor<4x64x28x28xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[3, 3], [3, 3]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x3x112x112xf32>, tensor<64x3x7x7xf32>) -> tensor<4x64x56x56xf32>
    %1 = call @relu(%0) : (tensor<4x64x56x56xf32>) -> tensor<4x64x56x56xf32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %3 = "stablehlo.reduce_window"(%1, %2) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<[[0, 0], [0, 0], [1, 1], [1, 1]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %4 = stablehlo.maximum %arg2, %arg3 : tensor<f32>
      stablehlo.return %4 : tensor<f32>
    }) : (tensor<4x64x56x56xf32>, tensor<f32>) -> tensor<4x64x28x28xf32>
    return %3 : tensor<4x64x28x28xf32>
  }
  func.func private @relu(%arg0: tensor<4x64x56x56xf32>) -> tensor<4x64x56x56xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x64x56x56xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<4x64x56x56xf32>
    return %1 : tensor<4x64x56x56xf32>
  }
}
