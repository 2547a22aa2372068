module @jit_layernorm_train_large attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2048x768xf32>, %arg1: tensor<768xf32>, %arg2: tensor<768xf32>, %arg3: tensor<2048x768xf32>) -> (tensor<2048x768xf32> {jax.result_info = "result[0]"}, tensor<2048x768xf32> {jax.result_info = "result[1][0]"}, tensor<768xf32> {jax.result_info = "result[1][1]"}, tensor<768xf32> {jax.result_info = "result[1][2]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2048x768xf32>, tensor<f32>) -> tensor<2048xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<2048xf32>) -> tensor<2048x1xf32>
    %cst_0 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2048x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2048x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2048x1xf32>) -> tensor<2048x768xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2048x768xf32>
    %6 = chlo.square %5 : tensor<2048x768xf32> -> tensor<2048x768xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<2048x768xf32>, tensor<f32>) -> tensor<2048xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<2048xf32>) -> tensor<2048x1xf32>
    %cst_2 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2048x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<2048x1xf32>
    %11 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2048x1xf32>) -> tensor<2048x768xf32>
    %12 = stablehlo.subtract %arg0, %11 : tensor<2048x768xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2048x1xf32>
    %14 = stablehlo.add %10, %13 : tensor<2048x1xf32>
    %15 = stablehlo.rsqrt %14 : tensor<2048x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<2048x1xf32>) -> tensor<2048x768xf32>
    %17 = stablehlo.multiply %12, %16 : tensor<2048x768xf32>
    %18 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<2048x768xf32>
    %20 = stablehlo.multiply %17, %19 : tensor<2048x768xf32>
    %21 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<2048x768xf32>
    %23 = stablehlo.add %20, %22 : tensor<2048x768xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.reduce(%arg0 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<2048x768xf32>, tensor<f32>) -> tensor<2048xf32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0] : (tensor<2048xf32>) -> tensor<2048x1xf32>
    %cst_5 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2048x1xf32>
    %27 = stablehlo.divide %25, %26 : tensor<2048x1xf32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0, 1] : (tensor<2048x1xf32>) -> tensor<2048x768xf32>
    %29 = stablehlo.subtract %arg0, %28 : tensor<2048x768xf32>
    %30 = chlo.square %29 : tensor<2048x768xf32> -> tensor<2048x768xf32>
    %cst_6 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2048x768xf32>
    %32 = stablehlo.multiply %31, %29 : tensor<2048x768xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.reduce(%30 init: %cst_7) applies stablehlo.add across dimensions = [1] : (tensor<2048x768xf32>, tensor<f32>) -> tensor<2048xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0] : (tensor<2048xf32>) -> tensor<2048x1xf32>
    %cst_8 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2048x1xf32>
    %36 = stablehlo.divide %34, %35 : tensor<2048x1xf32>
    %37 = stablehlo.broadcast_in_dim %27, dims = [0, 1] : (tensor<2048x1xf32>) -> tensor<2048x768xf32>
    %38 = stablehlo.subtract %arg0, %37 : tensor<2048x768xf32>
    %cst_9 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<2048x1xf32>
    %40 = stablehlo.add %36, %39 : tensor<2048x1xf32>
    %41 = stablehlo.rsqrt %40 : tensor<2048x1xf32>
    %42 = stablehlo.divide %41, %40 : tensor<2048x1xf32>
    %cst_10 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<2048x1xf32>
    %44 = stablehlo.multiply %43, %42 : tensor<2048x1xf32>
    %45 = stablehlo.broadcast_in_dim %41, dims = [0, 1] : (tensor<2048x1xf32>) -> tensor<2048x768xf32>
    %46 = stablehlo.multiply %38, %45 : tensor<2048x768xf32>
    %47 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<768xf32>) -> tensor<1x768xf32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %48 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2048x768xf32>
    %49 = stablehlo.multiply %48, %arg3 : tensor<2048x768xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %50 = stablehlo.reduce(%49 init: %cst_12) applies stablehlo.add across dimensions = [0] : (tensor<2048x768xf32>, tensor<f32>) -> tensor<768xf32>
    %51 = stablehlo.reshape %50 : (tensor<768xf32>) -> tensor<1x768xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %52 = stablehlo.reduce(%51 init: %cst_13) applies stablehlo.add across dimensions = [0] : (tensor<1x768xf32>, tensor<f32>) -> tensor<768xf32>
    %53 = stablehlo.multiply %46, %49 : tensor<2048x768xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %54 = stablehlo.reduce(%53 init: %cst_14) applies stablehlo.add across dimensions = [0] : (tensor<2048x768xf32>, tensor<f32>) -> tensor<768xf32>
    %55 = stablehlo.reshape %54 : (tensor<768xf32>) -> tensor<1x768xf32>
    %56 = stablehlo.broadcast_in_dim %47, dims = [0, 1] : (tensor<1x768xf32>) -> tensor<2048x768xf32>
    %57 = stablehlo.multiply %49, %56 : tensor<2048x768xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %58 = stablehlo.reduce(%55 init: %cst_15) applies stablehlo.add across dimensions = [0] : (tensor<1x768xf32>, tensor<f32>) -> tensor<768xf32>
    %59 = stablehlo.multiply %38, %57 : tensor<2048x768xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %60 = stablehlo.reduce(%59 init: %cst_16) applies stablehlo.add across dimensions = [1] : (tensor<2048x768xf32>, tensor<f32>) -> tensor<2048xf32>
    %61 = stablehlo.reshape %60 : (tensor<2048xf32>) -> tensor<2048x1xf32>
    %62 = stablehlo.broadcast_in_dim %41, dims = [0, 1] : (tensor<2048x1xf32>) -> tensor<2048x768xf32>
    %63 = stablehlo.multiply %57, %62 : tensor<2048x768xf32>
    %64 = stablehlo.multiply %61, %44 : tensor<2048x1xf32>
    %65 = stablehlo.negate %63 : tensor<2048x768xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %66 = stablehlo.reduce(%65 init: %cst_17) applies stablehlo.add across dimensions = [1] : (tensor<2048x768xf32>, tensor<f32>) -> tensor<2048xf32>
    %67 = stablehlo.reshape %66 : (tensor<2048xf32>) -> tensor<2048x1xf32>
    %cst_18 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %68 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<2048x1xf32>
    %69 = stablehlo.divide %64, %68 : tensor<2048x1xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %70 = stablehlo.reduce(%69 init: %cst_19) applies stablehlo.add across dimensions = [1] : (tensor<2048x1xf32>, tensor<f32>) -> tensor<2048xf32>
    %71 = stablehlo.broadcast_in_dim %70, dims = [0] : (tensor<2048xf32>) -> tensor<2048x768xf32>
    %72 = stablehlo.multiply %71, %32 : tensor<2048x768xf32>
    %73 = stablehlo.negate %72 : tensor<2048x768xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %74 = stablehlo.reduce(%73 init: %cst_20) applies stablehlo.add across dimensions = [1] : (tensor<2048x768xf32>, tensor<f32>) -> tensor<2048xf32>
    %75 = stablehlo.reshape %74 : (tensor<2048xf32>) -> tensor<2048x1xf32>
    %76 = stablehlo.add %63, %72 : tensor<2048x768xf32>
    %77 = stablehlo.add %67, %75 : tensor<2048x1xf32>
    %cst_21 = stablehlo.constant dense<7.680000e+02> : tensor<f32>
    %78 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<2048x1xf32>
    %79 = stablehlo.divide %77, %78 : tensor<2048x1xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %80 = stablehlo.reduce(%79 init: %cst_22) applies stablehlo.add across dimensions = [1] : (tensor<2048x1xf32>, tensor<f32>) -> tensor<2048xf32>
    %81 = stablehlo.broadcast_in_dim %80, dims = [0] : (tensor<2048xf32>) -> tensor<2048x768xf32>
    %82 = stablehlo.add %76, %81 : tensor<2048x768xf32>
    return %23, %82, %58, %52 : tensor<2048x768xf32>, tensor<2048x768xf32>, tensor<768xf32>, tensor<768xf32>
  }
}
