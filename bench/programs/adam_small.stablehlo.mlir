module @jit_adam_small attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64x64xf32>, %arg3: tensor<64xf32>, %arg4: tensor<64x64xf32>, %arg5: tensor<64xf32>, %arg6: tensor<64x64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64x64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<64x64xf32>, %arg11: tensor<64xf32>, %arg12: tensor<64x64xf32>, %arg13: tensor<64xf32>, %arg14: tensor<64x64xf32>, %arg15: tensor<64xf32>, %arg16: tensor<i32>) -> (tensor<64x64xf32> {jax.result_info = "result[0][0]"}, tensor<64xf32> {jax.result_info = "result[0][1]"}, tensor<64x64xf32> {jax.result_info = "result[0][2]"}, tensor<64xf32> {jax.result_info = "result[0][3]"}, tensor<64x64xf32> {jax.result_info = "result[1][0]"}, tensor<64xf32> {jax.result_info = "result[1][1]"}, tensor<64x64xf32> {jax.result_info = "result[1][2]"}, tensor<64xf32> {jax.result_info = "result[1][3]"}, tensor<64x64xf32> {jax.result_info = "result[2][0]"}, tensor<64xf32> {jax.result_info = "result[2][1]"}, tensor<64x64xf32> {jax.result_info = "result[2][2]"}, tensor<64xf32> {jax.result_info = "result[2][3]"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg16, %c : tensor<i32>
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<f32>
    %cst = stablehlo.constant dense<0.899999976> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %3 = stablehlo.multiply %2, %arg8 : tensor<64x64xf32>
    %cst_0 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %5 = stablehlo.multiply %4, %arg4 : tensor<64x64xf32>
    %6 = stablehlo.add %3, %5 : tensor<64x64xf32>
    %cst_1 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %8 = stablehlo.multiply %7, %arg9 : tensor<64xf32>
    %cst_2 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %10 = stablehlo.multiply %9, %arg5 : tensor<64xf32>
    %11 = stablehlo.add %8, %10 : tensor<64xf32>
    %cst_3 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %13 = stablehlo.multiply %12, %arg10 : tensor<64x64xf32>
    %cst_4 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %15 = stablehlo.multiply %14, %arg6 : tensor<64x64xf32>
    %16 = stablehlo.add %13, %15 : tensor<64x64xf32>
    %cst_5 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %18 = stablehlo.multiply %17, %arg11 : tensor<64xf32>
    %cst_6 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %20 = stablehlo.multiply %19, %arg7 : tensor<64xf32>
    %21 = stablehlo.add %18, %20 : tensor<64xf32>
    %cst_7 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %23 = stablehlo.multiply %22, %arg12 : tensor<64x64xf32>
    %cst_8 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %25 = stablehlo.multiply %24, %arg4 : tensor<64x64xf32>
    %26 = stablehlo.multiply %25, %arg4 : tensor<64x64xf32>
    %27 = stablehlo.add %23, %26 : tensor<64x64xf32>
    %cst_9 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %29 = stablehlo.multiply %28, %arg13 : tensor<64xf32>
    %cst_10 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %31 = stablehlo.multiply %30, %arg5 : tensor<64xf32>
    %32 = stablehlo.multiply %31, %arg5 : tensor<64xf32>
    %33 = stablehlo.add %29, %32 : tensor<64xf32>
    %cst_11 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %35 = stablehlo.multiply %34, %arg14 : tensor<64x64xf32>
    %cst_12 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %37 = stablehlo.multiply %36, %arg6 : tensor<64x64xf32>
    %38 = stablehlo.multiply %37, %arg6 : tensor<64x64xf32>
    %39 = stablehlo.add %35, %38 : tensor<64x64xf32>
    %cst_13 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %41 = stablehlo.multiply %40, %arg15 : tensor<64xf32>
    %cst_14 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %43 = stablehlo.multiply %42, %arg7 : tensor<64xf32>
    %44 = stablehlo.multiply %43, %arg7 : tensor<64xf32>
    %45 = stablehlo.add %41, %44 : tensor<64xf32>
    %cst_15 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %46 = stablehlo.power %cst_15, %1 : tensor<f32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %47 = stablehlo.subtract %cst_16, %46 : tensor<f32>
    %48 = stablehlo.sqrt %47 : tensor<f32>
    %cst_17 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %49 = stablehlo.multiply %cst_17, %48 : tensor<f32>
    %cst_18 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %50 = stablehlo.power %cst_18, %1 : tensor<f32>
    %cst_19 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %51 = stablehlo.subtract %cst_19, %50 : tensor<f32>
    %52 = stablehlo.divide %49, %51 : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %54 = stablehlo.multiply %53, %6 : tensor<64x64xf32>
    %55 = stablehlo.sqrt %27 : tensor<64x64xf32>
    %cst_20 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %57 = stablehlo.add %55, %56 : tensor<64x64xf32>
    %58 = stablehlo.divide %54, %57 : tensor<64x64xf32>
    %59 = stablehlo.subtract %arg0, %58 : tensor<64x64xf32>
    %60 = stablehlo.broadcast_in_dim %52, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %61 = stablehlo.multiply %60, %11 : tensor<64xf32>
    %62 = stablehlo.sqrt %33 : tensor<64xf32>
    %cst_21 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %64 = stablehlo.add %62, %63 : tensor<64xf32>
    %65 = stablehlo.divide %61, %64 : tensor<64xf32>
    %66 = stablehlo.subtract %arg1, %65 : tensor<64xf32>
    %67 = stablehlo.broadcast_in_dim %52, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %68 = stablehlo.multiply %67, %16 : tensor<64x64xf32>
    %69 = stablehlo.sqrt %39 : tensor<64x64xf32>
    %cst_22 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %71 = stablehlo.add %69, %70 : tensor<64x64xf32>
    %72 = stablehlo.divide %68, %71 : tensor<64x64xf32>
    %73 = stablehlo.subtract %arg2, %72 : tensor<64x64xf32>
    %74 = stablehlo.broadcast_in_dim %52, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %75 = stablehlo.multiply %74, %21 : tensor<64xf32>
    %76 = stablehlo.sqrt %45 : tensor<64xf32>
    %cst_23 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %78 = stablehlo.add %76, %77 : tensor<64xf32>
    %79 = stablehlo.divide %75, %78 : tensor<64xf32>
    %80 = stablehlo.subtract %arg3, %79 : tensor<64xf32>
    return %59, %66, %73, %80, %6, %11, %16, %21, %27, %33, %39, %45 : tensor<64x64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>
  }
}
