module @jit_tcn_small attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x256x32xf32>, %arg1: tensor<3x8x64xf32>, %arg2: tensor<3x8x64xf32>, %arg3: tensor<3x8x64xf32>, %arg4: tensor<3x8x64xf32>) -> (tensor<1x256x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[2, 0]], lhs_dilate = [1], rhs_dilate = [1], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x256x32xf32>, tensor<3x8x64xf32>) -> tensor<1x256x64xf32>
    %1 = stablehlo.slice %0 [0:1, 0:256, 0:32] : (tensor<1x256x64xf32>) -> tensor<1x256x32xf32>
    %2 = stablehlo.slice %0 [0:1, 0:256, 32:64] : (tensor<1x256x64xf32>) -> tensor<1x256x32xf32>
    %3 = stablehlo.tanh %1 : tensor<1x256x32xf32>
    %4 = stablehlo.negate %2 : tensor<1x256x32xf32>
    %5 = stablehlo.exponential %4 : tensor<1x256x32xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x256x32xf32>
    %7 = stablehlo.add %6, %5 : tensor<1x256x32xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x256x32xf32>
    %9 = stablehlo.divide %8, %7 : tensor<1x256x32xf32>
    %10 = stablehlo.multiply %3, %9 : tensor<1x256x32xf32>
    %11 = stablehlo.add %arg0, %10 : tensor<1x256x32xf32>
    %12 = stablehlo.convolution(%11, %arg2) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[4, 0]], lhs_dilate = [1], rhs_dilate = [2], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x256x32xf32>, tensor<3x8x64xf32>) -> tensor<1x256x64xf32>
    %13 = stablehlo.slice %12 [0:1, 0:256, 0:32] : (tensor<1x256x64xf32>) -> tensor<1x256x32xf32>
    %14 = stablehlo.slice %12 [0:1, 0:256, 32:64] : (tensor<1x256x64xf32>) -> tensor<1x256x32xf32>
    %15 = stablehlo.tanh %13 : tensor<1x256x32xf32>
    %16 = stablehlo.negate %14 : tensor<1x256x32xf32>
    %17 = stablehlo.exponential %16 : tensor<1x256x32xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1x256x32xf32>
    %19 = stablehlo.add %18, %17 : tensor<1x256x32xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<1x256x32xf32>
    %21 = stablehlo.divide %20, %19 : tensor<1x256x32xf32>
    %22 = stablehlo.multiply %15, %21 : tensor<1x256x32xf32>
    %23 = stablehlo.add %11, %22 : tensor<1x256x32xf32>
    %24 = stablehlo.convolution(%23, %arg3) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[8, 0]], lhs_dilate = [1], rhs_dilate = [4], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x256x32xf32>, tensor<3x8x64xf32>) -> tensor<1x256x64xf32>
    %25 = stablehlo.slice %24 [0:1, 0:256, 0:32] : (tensor<1x256x64xf32>) -> tensor<1x256x32xf32>
    %26 = stablehlo.slice %24 [0:1, 0:256, 32:64] : (tensor<1x256x64xf32>) -> tensor<1x256x32xf32>
    %27 = stablehlo.tanh %25 : tensor<1x256x32xf32>
    %28 = stablehlo.negate %26 : tensor<1x256x32xf32>
    %29 = stablehlo.exponential %28 : tensor<1x256x32xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<1x256x32xf32>
    %31 = stablehlo.add %30, %29 : tensor<1x256x32xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<1x256x32xf32>
    %33 = stablehlo.divide %32, %31 : tensor<1x256x32xf32>
    %34 = stablehlo.multiply %27, %33 : tensor<1x256x32xf32>
    %35 = stablehlo.add %23, %34 : tensor<1x256x32xf32>
    %36 = stablehlo.convolution(%35, %arg4) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[16, 0]], lhs_dilate = [1], rhs_dilate = [8], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x256x32xf32>, tensor<3x8x64xf32>) -> tensor<1x256x64xf32>
    %37 = stablehlo.slice %36 [0:1, 0:256, 0:32] : (tensor<1x256x64xf32>) -> tensor<1x256x32xf32>
    %38 = stablehlo.slice %36 [0:1, 0:256, 32:64] : (tensor<1x256x64xf32>) -> tensor<1x256x32xf32>
    %39 = stablehlo.tanh %37 : tensor<1x256x32xf32>
    %40 = stablehlo.negate %38 : tensor<1x256x32xf32>
    %41 = stablehlo.exponential %40 : tensor<1x256x32xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<1x256x32xf32>
    %43 = stablehlo.add %42, %41 : tensor<1x256x32xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<1x256x32xf32>
    %45 = stablehlo.divide %44, %43 : tensor<1x256x32xf32>
    %46 = stablehlo.multiply %39, %45 : tensor<1x256x32xf32>
    %47 = stablehlo.add %35, %46 : tensor<1x256x32xf32>
    return %47 : tensor<1x256x32xf32>
  }
}
