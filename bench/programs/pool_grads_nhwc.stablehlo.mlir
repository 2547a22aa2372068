module @jit_pool_grads_nhwc attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16x56x56x64xf32>) -> (tensor<16x28x28x64xf32> {jax.result_info = "result[0]"}, tensor<16x28x28x64xf32> {jax.result_info = "result[1]"}, tensor<16x56x56x64xf32> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<[[0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %29 = stablehlo.maximum %arg1, %arg2 : tensor<f32>
      stablehlo.return %29 : tensor<f32>
    }) : (tensor<16x56x56x64xf32>, tensor<f32>) -> tensor<16x28x28x64xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<f32>
    %3 = "stablehlo.reduce_window"(%arg0, %2) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<[[0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %29 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %29 : tensor<f32>
    }) : (tensor<16x56x56x64xf32>, tensor<f32>) -> tensor<16x28x28x64xf32>
    %cst_1 = stablehlo.constant dense<9.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16x28x28x64xf32>
    %5 = stablehlo.divide %3, %4 : tensor<16x28x28x64xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<f32>
    %7 = "stablehlo.reduce_window"(%arg0, %6) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<[[0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %29 = stablehlo.maximum %arg1, %arg2 : tensor<f32>
      stablehlo.return %29 : tensor<f32>
    }) : (tensor<16x56x56x64xf32>, tensor<f32>) -> tensor<16x28x28x64xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<f32>
    %9 = "stablehlo.reduce_window"(%arg0, %8) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<[[0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %29 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %29 : tensor<f32>
    }) : (tensor<16x56x56x64xf32>, tensor<f32>) -> tensor<16x28x28x64xf32>
    %cst_4 = stablehlo.constant dense<9.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<16x28x28x64xf32>
    %11 = stablehlo.divide %9, %10 : tensor<16x28x28x64xf32>
    %cst_5 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<16x28x28x64xf32>
    %13 = stablehlo.multiply %12, %7 : tensor<16x28x28x64xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<16x28x28x64xf32>
    %15 = stablehlo.multiply %11, %14 : tensor<16x28x28x64xf32>
    %16 = stablehlo.multiply %14, %7 : tensor<16x28x28x64xf32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<16x28x28x64xf32>
    %18 = stablehlo.multiply %17, %13 : tensor<16x28x28x64xf32>
    %19 = stablehlo.add %15, %18 : tensor<16x28x28x64xf32>
    %cst_8 = stablehlo.constant dense<9.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<16x28x28x64xf32>
    %21 = stablehlo.divide %16, %20 : tensor<16x28x28x64xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.pad %21, %cst_9, low = [0, 2, 2, 0], high = [0, 1, 1, 0], interior = [0, 1, 1, 0] : (tensor<16x28x28x64xf32>, tensor<f32>) -> tensor<16x58x58x64xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<f32>
    %24 = "stablehlo.reduce_window"(%22, %23) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 1, 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %29 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %29 : tensor<f32>
    }) : (tensor<16x58x58x64xf32>, tensor<f32>) -> tensor<16x56x56x64xf32>
    %cst_11 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %25 = stablehlo.pad %arg0, %cst_11, low = [0, 0, 0, 0], high = [0, 1, 1, 0], interior = [0, 0, 0, 0] : (tensor<16x56x56x64xf32>, tensor<f32>) -> tensor<16x57x57x64xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %26 = "stablehlo.select_and_scatter"(%25, %19, %cst_12) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %29 = stablehlo.compare GE, %arg1, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %29 : tensor<i1>
    }, {
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %29 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %29 : tensor<f32>
    }) : (tensor<16x57x57x64xf32>, tensor<16x28x28x64xf32>, tensor<f32>) -> tensor<16x57x57x64xf32>
    %27 = stablehlo.slice %26 [0:16, 0:56, 0:56, 0:64] : (tensor<16x57x57x64xf32>) -> tensor<16x56x56x64xf32>
    %28 = stablehlo.add %24, %27 : tensor<16x56x56x64xf32>
    return %1, %5, %28 : tensor<16x28x28x64xf32>, tensor<16x28x28x64xf32>, tensor<16x56x56x64xf32>
  }
}
