module @jit_moe_large attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<512x256xf32>, %arg1: tensor<256x8xf32>, %arg2: tensor<8x256x512xf32>, %arg3: tensor<8x512x256xf32>) -> (tensor<512x256xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<512x256xf32>, tensor<256x8xf32>) -> tensor<512x8xf32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<512x8xf32>, tensor<f32>) -> tensor<512xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<512xf32>
    %3 = stablehlo.maximum %2, %1 : tensor<512xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<512xf32>) -> tensor<512x1xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<512x1xf32>) -> tensor<512x8xf32>
    %6 = stablehlo.subtract %0, %5 : tensor<512x8xf32>
    %7 = stablehlo.exponential %6 : tensor<512x8xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<512x8xf32>, tensor<f32>) -> tensor<512xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<512xf32>) -> tensor<512x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<512x1xf32>) -> tensor<512x8xf32>
    %11 = stablehlo.divide %7, %10 : tensor<512x8xf32>
    %values, %indices = chlo.top_k(%11, k = 2) : tensor<512x8xf32> -> (tensor<512x2xf32>, tensor<512x2xi32>)
    %12 = call @_one_hot(%indices) : (tensor<512x2xi32>) -> tensor<512x2x8xf32>
    %13 = stablehlo.transpose %12, dims = [1, 0, 2] : (tensor<512x2x8xf32>) -> tensor<2x512x8xf32>
    %14 = stablehlo.reshape %13 : (tensor<2x512x8xf32>) -> tensor<1024x8xf32>
    %15 = call @cumsum(%14) : (tensor<1024x8xf32>) -> tensor<1024x8xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<1024x8xf32>
    %17 = stablehlo.subtract %15, %16 : tensor<1024x8xf32>
    %18 = stablehlo.multiply %17, %14 : tensor<1024x8xf32>
    %cst_3 = stablehlo.constant dense<1.600000e+02> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<1024x8xf32>
    %20 = stablehlo.compare LT, %18, %19, FLOAT : (tensor<1024x8xf32>, tensor<1024x8xf32>) -> tensor<1024x8xi1>
    %21 = stablehlo.convert %20 : (tensor<1024x8xi1>) -> tensor<1024x8xf32>
    %22 = stablehlo.multiply %14, %21 : tensor<1024x8xf32>
    %23 = stablehlo.reshape %18 : (tensor<1024x8xf32>) -> tensor<2x512x8xf32>
    %24 = stablehlo.transpose %23, dims = [1, 0, 2] : (tensor<2x512x8xf32>) -> tensor<512x2x8xf32>
    %25 = stablehlo.reshape %22 : (tensor<1024x8xf32>) -> tensor<2x512x8xf32>
    %26 = stablehlo.transpose %25, dims = [1, 0, 2] : (tensor<2x512x8xf32>) -> tensor<512x2x8xf32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [0, 1, 2] : (tensor<512x2x8xf32>) -> tensor<512x2x8x1xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.reduce(%24 init: %cst_4) applies stablehlo.add across dimensions = [2] : (tensor<512x2x8xf32>, tensor<f32>) -> tensor<512x2xf32>
    %29 = stablehlo.convert %28 : (tensor<512x2xf32>) -> tensor<512x2xi32>
    %30 = call @_one_hot_1(%29) : (tensor<512x2xi32>) -> tensor<512x2x160xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0, 1, 3] : (tensor<512x2x160xf32>) -> tensor<512x2x1x160xf32>
    %32 = stablehlo.broadcast_in_dim %27, dims = [0, 1, 2, 3] : (tensor<512x2x8x1xf32>) -> tensor<512x2x8x160xf32>
    %33 = stablehlo.broadcast_in_dim %31, dims = [0, 1, 2, 3] : (tensor<512x2x1x160xf32>) -> tensor<512x2x8x160xf32>
    %34 = stablehlo.multiply %32, %33 : tensor<512x2x8x160xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %35 = stablehlo.reduce(%34 init: %cst_5) applies stablehlo.add across dimensions = [1] : (tensor<512x2x8x160xf32>, tensor<f32>) -> tensor<512x8x160xf32>
    %36 = stablehlo.broadcast_in_dim %26, dims = [0, 1, 2] : (tensor<512x2x8xf32>) -> tensor<512x2x8x1xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %37 = stablehlo.reduce(%24 init: %cst_6) applies stablehlo.add across dimensions = [2] : (tensor<512x2x8xf32>, tensor<f32>) -> tensor<512x2xf32>
    %38 = stablehlo.convert %37 : (tensor<512x2xf32>) -> tensor<512x2xi32>
    %39 = call @_one_hot_1(%38) : (tensor<512x2xi32>) -> tensor<512x2x160xf32>
    %40 = stablehlo.broadcast_in_dim %39, dims = [0, 1, 3] : (tensor<512x2x160xf32>) -> tensor<512x2x1x160xf32>
    %41 = stablehlo.broadcast_in_dim %36, dims = [0, 1, 2, 3] : (tensor<512x2x8x1xf32>) -> tensor<512x2x8x160xf32>
    %42 = stablehlo.broadcast_in_dim %40, dims = [0, 1, 2, 3] : (tensor<512x2x1x160xf32>) -> tensor<512x2x8x160xf32>
    %43 = stablehlo.multiply %41, %42 : tensor<512x2x8x160xf32>
    %44 = stablehlo.dot_general %values, %43, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<512x2xf32>, tensor<512x2x8x160xf32>) -> tensor<512x8x160xf32>
    %45 = stablehlo.dot_general %35, %arg0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<512x8x160xf32>, tensor<512x256xf32>) -> tensor<8x160x256xf32>
    %46 = stablehlo.dot_general %45, %arg2, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x160x256xf32>, tensor<8x256x512xf32>) -> tensor<8x160x512xf32>
    %47 = stablehlo.multiply %46, %46 : tensor<8x160x512xf32>
    %48 = stablehlo.multiply %47, %46 : tensor<8x160x512xf32>
    %cst_7 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<8x160x512xf32>
    %50 = stablehlo.multiply %49, %48 : tensor<8x160x512xf32>
    %51 = stablehlo.add %46, %50 : tensor<8x160x512xf32>
    %cst_8 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %52 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8x160x512xf32>
    %53 = stablehlo.multiply %52, %51 : tensor<8x160x512xf32>
    %54 = stablehlo.tanh %53 : tensor<8x160x512xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<8x160x512xf32>
    %56 = stablehlo.add %55, %54 : tensor<8x160x512xf32>
    %cst_10 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8x160x512xf32>
    %58 = stablehlo.multiply %57, %56 : tensor<8x160x512xf32>
    %59 = stablehlo.multiply %46, %58 : tensor<8x160x512xf32>
    %60 = stablehlo.dot_general %59, %arg3, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x160x512xf32>, tensor<8x512x256xf32>) -> tensor<8x160x256xf32>
    %61 = stablehlo.dot_general %44, %60, contracting_dims = [2, 1] x [1, 0], precision = [DEFAULT, DEFAULT] : (tensor<512x8x160xf32>, tensor<8x160x256xf32>) -> tensor<512x256xf32>
    return %61 : tensor<512x256xf32>
  }
  func.func private @_one_hot(%arg0: tensor<512x2xi32>) -> tensor<512x2x8xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<512x2xi32>) -> tensor<512x2x1xi32>
    %1 = stablehlo.iota dim = 2 : tensor<1x1x8xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2] : (tensor<512x2x1xi32>) -> tensor<512x2x8xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<1x1x8xi32>) -> tensor<512x2x8xi32>
    %4 = stablehlo.compare EQ, %2, %3, SIGNED : (tensor<512x2x8xi32>, tensor<512x2x8xi32>) -> tensor<512x2x8xi1>
    %5 = stablehlo.convert %4 : (tensor<512x2x8xi1>) -> tensor<512x2x8xf32>
    return %5 : tensor<512x2x8xf32>
  }
  func.func private @cumsum(%arg0: tensor<1024x8xf32>) -> tensor<1024x8xf32> {
    %0 = call @cumsum_0(%arg0) : (tensor<1024x8xf32>) -> tensor<1024x8xf32>
    return %0 : tensor<1024x8xf32>
  }
  func.func private @cumsum_0(%arg0: tensor<1024x8xf32>) -> tensor<1024x8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[1023, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1024, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<1024x8xf32>, tensor<f32>) -> tensor<1024x8xf32>
    return %1 : tensor<1024x8xf32>
  }
  func.func private @_one_hot_1(%arg0: tensor<512x2xi32>) -> tensor<512x2x160xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<512x2xi32>) -> tensor<512x2x1xi32>
    %1 = stablehlo.iota dim = 2 : tensor<1x1x160xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2] : (tensor<512x2x1xi32>) -> tensor<512x2x160xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<1x1x160xi32>) -> tensor<512x2x160xi32>
    %4 = stablehlo.compare EQ, %2, %3, SIGNED : (tensor<512x2x160xi32>, tensor<512x2x160xi32>) -> tensor<512x2x160xi1>
    %5 = stablehlo.convert %4 : (tensor<512x2x160xi1>) -> tensor<512x2x160xf32>
    return %5 : tensor<512x2x160xf32>
  }
}
