module @jit_embedding_lookup attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32000x256xf32>, %arg1: tensor<128x256xf32>, %arg2: tensor<4x128xi32>) -> (tensor<4x128x256xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x128xi32>
    %1 = stablehlo.compare LT, %arg2, %0, SIGNED : (tensor<4x128xi32>, tensor<4x128xi32>) -> tensor<4x128xi1>
    %c_0 = stablehlo.constant dense<32000> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x128xi32>
    %3 = stablehlo.add %arg2, %2 : tensor<4x128xi32>
    %4 = stablehlo.select %1, %3, %arg2 : tensor<4x128xi1>, tensor<4x128xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<4x128xi32>) -> tensor<4x128x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 256>}> : (tensor<32000x256xf32>, tensor<4x128x1xi32>) -> tensor<4x128x256xf32>
    %7 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<128x256xf32>) -> tensor<1x128x256xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<1x128x256xf32>) -> tensor<4x128x256xf32>
    %9 = stablehlo.add %6, %8 : tensor<4x128x256xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<4x128x256xf32>, tensor<f32>) -> tensor<4x128xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %cst_1 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %13 = stablehlo.divide %11, %12 : tensor<4x128x1xf32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %14 = call @_var(%9, %c_2) : (tensor<4x128x256xf32>, tensor<i32>) -> tensor<4x128x1xf32>
    %15 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2] : (tensor<4x128x1xf32>) -> tensor<4x128x256xf32>
    %16 = stablehlo.subtract %9, %15 : tensor<4x128x256xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %18 = stablehlo.add %14, %17 : tensor<4x128x1xf32>
    %19 = stablehlo.sqrt %18 : tensor<4x128x1xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2] : (tensor<4x128x1xf32>) -> tensor<4x128x256xf32>
    %21 = stablehlo.divide %16, %20 : tensor<4x128x256xf32>
    return %21 : tensor<4x128x256xf32>
  }
  func.func private @_var(%arg0: tensor<4x128x256xf32>, %arg1: tensor<i32>) -> tensor<4x128x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<4x128x256xf32>, tensor<f32>) -> tensor<4x128xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %cst_0 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<4x128x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<4x128x1xf32>) -> tensor<4x128x256xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x128x256xf32>
    %6 = chlo.square %5 : tensor<4x128x256xf32> -> tensor<4x128x256xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<4x128x256xf32>, tensor<f32>) -> tensor<4x128xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %11 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %12 = stablehlo.divide %10, %11 : tensor<4x128x1xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = call @_where(%13, %12, %cst_4) : (tensor<i1>, tensor<4x128x1xf32>, tensor<f32>) -> tensor<4x128x1xf32>
    return %14 : tensor<4x128x1xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<4x128x1xf32>, %arg2: tensor<f32>) -> tensor<4x128x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<4x128x1xf32>
    return %2 : tensor<4x128x1xf32>
  }
}
