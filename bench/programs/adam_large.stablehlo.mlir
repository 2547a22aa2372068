module @jit_update attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1024x1024xf32>, %arg1: tensor<1024xf32>, %arg2: tensor<1024x2048xf32>, %arg3: tensor<2048xf32>, %arg4: tensor<2048x512xf32>, %arg5: tensor<512xf32>, %arg6: tensor<1024x1024xf32>, %arg7: tensor<1024xf32>, %arg8: tensor<1024x2048xf32>, %arg9: tensor<2048xf32>, %arg10: tensor<2048x512xf32>, %arg11: tensor<512xf32>, %arg12: tensor<1024x1024xf32>, %arg13: tensor<1024xf32>, %arg14: tensor<1024x2048xf32>, %arg15: tensor<2048xf32>, %arg16: tensor<2048x512xf32>, %arg17: tensor<512xf32>, %arg18: tensor<1024x1024xf32>, %arg19: tensor<1024xf32>, %arg20: tensor<1024x2048xf32>, %arg21: tensor<2048xf32>, %arg22: tensor<2048x512xf32>, %arg23: tensor<512xf32>, %arg24: tensor<i32>) -> (tensor<1024x1024xf32> {jax.result_info = "result[0][0]"}, tensor<1024xf32> {jax.result_info = "result[0][1]"}, tensor<1024x2048xf32> {jax.result_info = "result[0][2]"}, tensor<2048xf32> {jax.result_info = "result[0][3]"}, tensor<2048x512xf32> {jax.result_info = "result[0][4]"}, tensor<512xf32> {jax.result_info = "result[0][5]"}, tensor<1024x1024xf32> {jax.result_info = "result[1][0]"}, tensor<1024xf32> {jax.result_info = "result[1][1]"}, tensor<1024x2048xf32> {jax.result_info = "result[1][2]"}, tensor<2048xf32> {jax.result_info = "result[1][3]"}, tensor<2048x512xf32> {jax.result_info = "result[1][4]"}, tensor<512xf32> {jax.result_info = "result[1][5]"}, tensor<1024x1024xf32> {jax.result_info = "result[2][0]"}, tensor<1024xf32> {jax.result_info = "result[2][1]"}, tensor<1024x2048xf32> {jax.result_info = "result[2][2]"}, tensor<2048xf32> {jax.result_info = "result[2][3]"}, tensor<2048x512xf32> {jax.result_info = "result[2][4]"}, tensor<512xf32> {jax.result_info = "result[2][5]"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg24, %c : tensor<i32>
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<f32>
    %cst = stablehlo.constant dense<0.899999976> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %3 = stablehlo.multiply %2, %arg12 : tensor<1024x1024xf32>
    %cst_0 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %5 = stablehlo.multiply %4, %arg6 : tensor<1024x1024xf32>
    %6 = stablehlo.add %3, %5 : tensor<1024x1024xf32>
    %cst_1 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %8 = stablehlo.multiply %7, %arg13 : tensor<1024xf32>
    %cst_2 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %10 = stablehlo.multiply %9, %arg7 : tensor<1024xf32>
    %11 = stablehlo.add %8, %10 : tensor<1024xf32>
    %cst_3 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<1024x2048xf32>
    %13 = stablehlo.multiply %12, %arg14 : tensor<1024x2048xf32>
    %cst_4 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<1024x2048xf32>
    %15 = stablehlo.multiply %14, %arg8 : tensor<1024x2048xf32>
    %16 = stablehlo.add %13, %15 : tensor<1024x2048xf32>
    %cst_5 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %18 = stablehlo.multiply %17, %arg15 : tensor<2048xf32>
    %cst_6 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %20 = stablehlo.multiply %19, %arg9 : tensor<2048xf32>
    %21 = stablehlo.add %18, %20 : tensor<2048xf32>
    %cst_7 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<2048x512xf32>
    %23 = stablehlo.multiply %22, %arg16 : tensor<2048x512xf32>
    %cst_8 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2048x512xf32>
    %25 = stablehlo.multiply %24, %arg10 : tensor<2048x512xf32>
    %26 = stablehlo.add %23, %25 : tensor<2048x512xf32>
    %cst_9 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<512xf32>
    %28 = stablehlo.multiply %27, %arg17 : tensor<512xf32>
    %cst_10 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<512xf32>
    %30 = stablehlo.multiply %29, %arg11 : tensor<512xf32>
    %31 = stablehlo.add %28, %30 : tensor<512xf32>
    %cst_11 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %33 = stablehlo.multiply %32, %arg18 : tensor<1024x1024xf32>
    %cst_12 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %35 = stablehlo.multiply %34, %arg6 : tensor<1024x1024xf32>
    %36 = stablehlo.multiply %35, %arg6 : tensor<1024x1024xf32>
    %37 = stablehlo.add %33, %36 : tensor<1024x1024xf32>
    %cst_13 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %39 = stablehlo.multiply %38, %arg19 : tensor<1024xf32>
    %cst_14 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %41 = stablehlo.multiply %40, %arg7 : tensor<1024xf32>
    %42 = stablehlo.multiply %41, %arg7 : tensor<1024xf32>
    %43 = stablehlo.add %39, %42 : tensor<1024xf32>
    %cst_15 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<1024x2048xf32>
    %45 = stablehlo.multiply %44, %arg20 : tensor<1024x2048xf32>
    %cst_16 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %46 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<1024x2048xf32>
    %47 = stablehlo.multiply %46, %arg8 : tensor<1024x2048xf32>
    %48 = stablehlo.multiply %47, %arg8 : tensor<1024x2048xf32>
    %49 = stablehlo.add %45, %48 : tensor<1024x2048xf32>
    %cst_17 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %51 = stablehlo.multiply %50, %arg21 : tensor<2048xf32>
    %cst_18 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %52 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %53 = stablehlo.multiply %52, %arg9 : tensor<2048xf32>
    %54 = stablehlo.multiply %53, %arg9 : tensor<2048xf32>
    %55 = stablehlo.add %51, %54 : tensor<2048xf32>
    %cst_19 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<2048x512xf32>
    %57 = stablehlo.multiply %56, %arg22 : tensor<2048x512xf32>
    %cst_20 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<2048x512xf32>
    %59 = stablehlo.multiply %58, %arg10 : tensor<2048x512xf32>
    %60 = stablehlo.multiply %59, %arg10 : tensor<2048x512xf32>
    %61 = stablehlo.add %57, %60 : tensor<2048x512xf32>
    %cst_21 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<512xf32>
    %63 = stablehlo.multiply %62, %arg23 : tensor<512xf32>
    %cst_22 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<512xf32>
    %65 = stablehlo.multiply %64, %arg11 : tensor<512xf32>
    %66 = stablehlo.multiply %65, %arg11 : tensor<512xf32>
    %67 = stablehlo.add %63, %66 : tensor<512xf32>
    %cst_23 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %68 = stablehlo.power %cst_23, %1 : tensor<f32>
    %cst_24 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %69 = stablehlo.subtract %cst_24, %68 : tensor<f32>
    %70 = stablehlo.sqrt %69 : tensor<f32>
    %cst_25 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %71 = stablehlo.multiply %cst_25, %70 : tensor<f32>
    %cst_26 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %72 = stablehlo.power %cst_26, %1 : tensor<f32>
    %cst_27 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %73 = stablehlo.subtract %cst_27, %72 : tensor<f32>
    %74 = stablehlo.divide %71, %73 : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %74, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %76 = stablehlo.multiply %75, %6 : tensor<1024x1024xf32>
    %77 = stablehlo.sqrt %37 : tensor<1024x1024xf32>
    %cst_28 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %78 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %79 = stablehlo.add %77, %78 : tensor<1024x1024xf32>
    %80 = stablehlo.divide %76, %79 : tensor<1024x1024xf32>
    %81 = stablehlo.subtract %arg0, %80 : tensor<1024x1024xf32>
    %82 = stablehlo.broadcast_in_dim %74, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %83 = stablehlo.multiply %82, %11 : tensor<1024xf32>
    %84 = stablehlo.sqrt %43 : tensor<1024xf32>
    %cst_29 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %86 = stablehlo.add %84, %85 : tensor<1024xf32>
    %87 = stablehlo.divide %83, %86 : tensor<1024xf32>
    %88 = stablehlo.subtract %arg1, %87 : tensor<1024xf32>
    %89 = stablehlo.broadcast_in_dim %74, dims = [] : (tensor<f32>) -> tensor<1024x2048xf32>
    %90 = stablehlo.multiply %89, %16 : tensor<1024x2048xf32>
    %91 = stablehlo.sqrt %49 : tensor<1024x2048xf32>
    %cst_30 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %92 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<1024x2048xf32>
    %93 = stablehlo.add %91, %92 : tensor<1024x2048xf32>
    %94 = stablehlo.divide %90, %93 : tensor<1024x2048xf32>
    %95 = stablehlo.subtract %arg2, %94 : tensor<1024x2048xf32>
    %96 = stablehlo.broadcast_in_dim %74, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %97 = stablehlo.multiply %96, %21 : tensor<2048xf32>
    %98 = stablehlo.sqrt %55 : tensor<2048xf32>
    %cst_31 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<2048xf32>
    %100 = stablehlo.add %98, %99 : tensor<2048xf32>
    %101 = stablehlo.divide %97, %100 : tensor<2048xf32>
    %102 = stablehlo.subtract %arg3, %101 : tensor<2048xf32>
    %103 = stablehlo.broadcast_in_dim %74, dims = [] : (tensor<f32>) -> tensor<2048x512xf32>
    %104 = stablehlo.multiply %103, %26 : tensor<2048x512xf32>
    %105 = stablehlo.sqrt %61 : tensor<2048x512xf32>
    %cst_32 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %106 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<2048x512xf32>
    %107 = stablehlo.add %105, %106 : tensor<2048x512xf32>
    %108 = stablehlo.divide %104, %107 : tensor<2048x512xf32>
    %109 = stablehlo.subtract %arg4, %108 : tensor<2048x512xf32>
    %110 = stablehlo.broadcast_in_dim %74, dims = [] : (tensor<f32>) -> tensor<512xf32>
    %111 = stablehlo.multiply %110, %31 : tensor<512xf32>
    %112 = stablehlo.sqrt %67 : tensor<512xf32>
    %cst_33 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %113 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<512xf32>
    %114 = stablehlo.add %112, %113 : tensor<512xf32>
    %115 = stablehlo.divide %111, %114 : tensor<512xf32>
    %116 = stablehlo.subtract %arg5, %115 : tensor<512xf32>
    return %81, %88, %95, %102, %109, %116, %6, %11, %16, %21, %26, %31, %37, %43, %49, %55, %61, %67 : tensor<1024x1024xf32>, tensor<1024xf32>, tensor<1024x2048xf32>, tensor<2048xf32>, tensor<2048x512xf32>, tensor<512xf32>, tensor<1024x1024xf32>, tensor<1024xf32>, tensor<1024x2048xf32>, tensor<2048xf32>, tensor<2048x512xf32>, tensor<512xf32>, tensor<1024x1024xf32>, tensor<1024xf32>, tensor<1024x2048xf32>, tensor<2048xf32>, tensor<2048x512xf32>, tensor<512xf32>
  }
}
