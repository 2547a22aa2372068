module @jit_loss attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1024x256xf32>, %arg1: tensor<256xf32>, %arg2: tensor<256xf32>, %arg3: tensor<256xf32>, %arg4: tensor<256xf32>, %arg5: tensor<256x256xf32>, %arg6: tensor<256x768xf32>, %arg7: tensor<256x1024xf32>, %arg8: tensor<4x128x256xf32>, %arg9: tensor<4x128x256xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<1024x256xf32> {jax.result_info = "result[1]['down']"}, tensor<256xf32> {jax.result_info = "result[1]['ln1'][0]"}, tensor<256xf32> {jax.result_info = "result[1]['ln1'][1]"}, tensor<256xf32> {jax.result_info = "result[1]['ln2'][0]"}, tensor<256xf32> {jax.result_info = "result[1]['ln2'][1]"}, tensor<256x256xf32> {jax.result_info = "result[1]['out']"}, tensor<256x768xf32> {jax.result_info = "result[1]['qkv']"}, tensor<256x1024xf32> {jax.result_info = "result[1]['up']"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg8 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<4x128x256xf32>, tensor<f32>) -> tensor<4x128xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %cst_0 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<4x128x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<4x128x1xf32>) -> tensor<4x128x256xf32>
    %5 = stablehlo.subtract %arg8, %4 : tensor<4x128x256xf32>
    %6 = chlo.square %5 : tensor<4x128x256xf32> -> tensor<4x128x256xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<4x128x256xf32>, tensor<f32>) -> tensor<4x128xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %cst_2 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<4x128x1xf32>
    %11 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<4x128x1xf32>) -> tensor<4x128x256xf32>
    %12 = stablehlo.subtract %arg8, %11 : tensor<4x128x256xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %14 = stablehlo.add %10, %13 : tensor<4x128x1xf32>
    %15 = stablehlo.rsqrt %14 : tensor<4x128x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2] : (tensor<4x128x1xf32>) -> tensor<4x128x256xf32>
    %17 = stablehlo.multiply %12, %16 : tensor<4x128x256xf32>
    %18 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x128x256xf32>
    %20 = stablehlo.multiply %17, %19 : tensor<4x128x256xf32>
    %21 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x128x256xf32>
    %23 = stablehlo.add %20, %22 : tensor<4x128x256xf32>
    %24 = stablehlo.dot_general %23, %arg6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x128x256xf32>, tensor<256x768xf32>) -> tensor<4x128x768xf32>
    %25 = stablehlo.slice %24 [0:4, 0:128, 0:256] : (tensor<4x128x768xf32>) -> tensor<4x128x256xf32>
    %26 = stablehlo.slice %24 [0:4, 0:128, 256:512] : (tensor<4x128x768xf32>) -> tensor<4x128x256xf32>
    %27 = stablehlo.slice %24 [0:4, 0:128, 512:768] : (tensor<4x128x768xf32>) -> tensor<4x128x256xf32>
    %28 = stablehlo.reshape %25 : (tensor<4x128x256xf32>) -> tensor<4x128x8x32xf32>
    %29 = stablehlo.reshape %26 : (tensor<4x128x256xf32>) -> tensor<4x128x8x32xf32>
    %30 = stablehlo.reshape %27 : (tensor<4x128x256xf32>) -> tensor<4x128x8x32xf32>
    %31 = stablehlo.dot_general %28, %29, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<4x128x8x32xf32>, tensor<4x128x8x32xf32>) -> tensor<4x8x128x128xf32>
    %cst_4 = stablehlo.constant dense<5.65685415> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x8x128x128xf32>
    %33 = stablehlo.divide %31, %32 : tensor<4x8x128x128xf32>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %34 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<128x128xi1>
    %35 = call @tril(%34) : (tensor<128x128xi1>) -> tensor<128x128xi1>
    %cst_5 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %36:2 = call @_where(%35, %33, %cst_5) : (tensor<128x128xi1>, tensor<4x8x128x128xf32>, tensor<f32>) -> (tensor<4x8x128x128xf32>, tensor<4x8x128x128xi1>)
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %37 = stablehlo.reduce(%36#0 init: %cst_6) applies stablehlo.maximum across dimensions = [3] : (tensor<4x8x128x128xf32>, tensor<f32>) -> tensor<4x8x128xf32>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4x8x128xf32>
    %39 = stablehlo.maximum %38, %37 : tensor<4x8x128xf32>
    %40 = stablehlo.broadcast_in_dim %39, dims = [0, 1, 2] : (tensor<4x8x128xf32>) -> tensor<4x8x128x1xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1, 2, 3] : (tensor<4x8x128x1xf32>) -> tensor<4x8x128x128xf32>
    %42 = stablehlo.subtract %36#0, %41 : tensor<4x8x128x128xf32>
    %43 = stablehlo.exponential %42 : tensor<4x8x128x128xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %44 = stablehlo.reduce(%43 init: %cst_8) applies stablehlo.add across dimensions = [3] : (tensor<4x8x128x128xf32>, tensor<f32>) -> tensor<4x8x128xf32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [0, 1, 2] : (tensor<4x8x128xf32>) -> tensor<4x8x128x1xf32>
    %46 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2, 3] : (tensor<4x8x128x1xf32>) -> tensor<4x8x128x128xf32>
    %47 = stablehlo.divide %43, %46 : tensor<4x8x128x128xf32>
    %48 = stablehlo.multiply %45, %45 : tensor<4x8x128x1xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<4x8x128x1xf32>
    %50 = stablehlo.divide %49, %48 : tensor<4x8x128x1xf32>
    %51 = stablehlo.dot_general %30, %47, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<4x128x8x32xf32>, tensor<4x8x128x128xf32>) -> tensor<4x8x32x128xf32>
    %52 = stablehlo.transpose %51, dims = [0, 3, 1, 2] : (tensor<4x8x32x128xf32>) -> tensor<4x128x8x32xf32>
    %53 = stablehlo.reshape %52 : (tensor<4x128x8x32xf32>) -> tensor<4x128x256xf32>
    %54 = stablehlo.dot_general %53, %arg5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x128x256xf32>, tensor<256x256xf32>) -> tensor<4x128x256xf32>
    %55 = stablehlo.add %arg8, %54 : tensor<4x128x256xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %56 = stablehlo.reduce(%55 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<4x128x256xf32>, tensor<f32>) -> tensor<4x128xf32>
    %57 = stablehlo.broadcast_in_dim %56, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %cst_11 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %59 = stablehlo.divide %57, %58 : tensor<4x128x1xf32>
    %60 = stablehlo.broadcast_in_dim %59, dims = [0, 1, 2] : (tensor<4x128x1xf32>) -> tensor<4x128x256xf32>
    %61 = stablehlo.subtract %55, %60 : tensor<4x128x256xf32>
    %62 = chlo.square %61 : tensor<4x128x256xf32> -> tensor<4x128x256xf32>
    %cst_12 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<4x128x256xf32>
    %64 = stablehlo.multiply %63, %61 : tensor<4x128x256xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %65 = stablehlo.reduce(%62 init: %cst_13) applies stablehlo.add across dimensions = [2] : (tensor<4x128x256xf32>, tensor<f32>) -> tensor<4x128xf32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %cst_14 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %68 = stablehlo.divide %66, %67 : tensor<4x128x1xf32>
    %69 = stablehlo.broadcast_in_dim %59, dims = [0, 1, 2] : (tensor<4x128x1xf32>) -> tensor<4x128x256xf32>
    %70 = stablehlo.subtract %55, %69 : tensor<4x128x256xf32>
    %cst_15 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %71 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %72 = stablehlo.add %68, %71 : tensor<4x128x1xf32>
    %73 = stablehlo.rsqrt %72 : tensor<4x128x1xf32>
    %74 = stablehlo.divide %73, %72 : tensor<4x128x1xf32>
    %cst_16 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %76 = stablehlo.multiply %75, %74 : tensor<4x128x1xf32>
    %77 = stablehlo.broadcast_in_dim %73, dims = [0, 1, 2] : (tensor<4x128x1xf32>) -> tensor<4x128x256xf32>
    %78 = stablehlo.multiply %70, %77 : tensor<4x128x256xf32>
    %79 = stablehlo.broadcast_in_dim %arg3, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %80 = stablehlo.broadcast_in_dim %79, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x128x256xf32>
    %81 = stablehlo.multiply %78, %80 : tensor<4x128x256xf32>
    %82 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %83 = stablehlo.broadcast_in_dim %82, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x128x256xf32>
    %84 = stablehlo.add %81, %83 : tensor<4x128x256xf32>
    %85 = stablehlo.dot_general %84, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x128x256xf32>, tensor<256x1024xf32>) -> tensor<4x128x1024xf32>
    %86 = stablehlo.multiply %85, %85 : tensor<4x128x1024xf32>
    %87 = stablehlo.multiply %86, %85 : tensor<4x128x1024xf32>
    %88 = stablehlo.multiply %85, %85 : tensor<4x128x1024xf32>
    %cst_17 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %89 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<4x128x1024xf32>
    %90 = stablehlo.multiply %89, %88 : tensor<4x128x1024xf32>
    %cst_18 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %91 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<4x128x1024xf32>
    %92 = stablehlo.multiply %91, %87 : tensor<4x128x1024xf32>
    %93 = stablehlo.add %85, %92 : tensor<4x128x1024xf32>
    %cst_19 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %94 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<4x128x1024xf32>
    %95 = stablehlo.multiply %94, %93 : tensor<4x128x1024xf32>
    %96 = stablehlo.tanh %95 : tensor<4x128x1024xf32>
    %cst_20 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %97 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<4x128x1024xf32>
    %98 = stablehlo.subtract %97, %96 : tensor<4x128x1024xf32>
    %cst_21 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<4x128x1024xf32>
    %100 = stablehlo.add %99, %96 : tensor<4x128x1024xf32>
    %cst_22 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<4x128x1024xf32>
    %102 = stablehlo.multiply %101, %100 : tensor<4x128x1024xf32>
    %103 = stablehlo.multiply %85, %102 : tensor<4x128x1024xf32>
    %104 = stablehlo.dot_general %103, %arg0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x128x1024xf32>, tensor<1024x256xf32>) -> tensor<4x128x256xf32>
    %105 = stablehlo.add %55, %104 : tensor<4x128x256xf32>
    %106 = stablehlo.subtract %105, %arg9 : tensor<4x128x256xf32>
    %107 = chlo.square %106 : tensor<4x128x256xf32> -> tensor<4x128x256xf32>
    %cst_23 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %108 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<4x128x256xf32>
    %109 = stablehlo.multiply %108, %106 : tensor<4x128x256xf32>
    %cst_24 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %110 = stablehlo.reduce(%107 init: %cst_24) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x128x256xf32>, tensor<f32>) -> tensor<f32>
    %cst_25 = stablehlo.constant dense<1.310720e+05> : tensor<f32>
    %111 = stablehlo.divide %110, %cst_25 : tensor<f32>
    %cst_26 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_27 = stablehlo.constant dense<1.310720e+05> : tensor<f32>
    %112 = stablehlo.divide %cst_26, %cst_27 : tensor<f32>
    %113 = stablehlo.broadcast_in_dim %112, dims = [] : (tensor<f32>) -> tensor<4x128x256xf32>
    %114 = stablehlo.multiply %113, %109 : tensor<4x128x256xf32>
    %115 = stablehlo.dot_general %114, %103, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<4x128x256xf32>, tensor<4x128x1024xf32>) -> tensor<256x1024xf32>
    %116 = stablehlo.transpose %115, dims = [1, 0] : (tensor<256x1024xf32>) -> tensor<1024x256xf32>
    %117 = stablehlo.dot_general %114, %arg0, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x128x256xf32>, tensor<1024x256xf32>) -> tensor<4x128x1024xf32>
    %118 = stablehlo.multiply %85, %117 : tensor<4x128x1024xf32>
    %119 = stablehlo.multiply %117, %102 : tensor<4x128x1024xf32>
    %cst_28 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %120 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<4x128x1024xf32>
    %121 = stablehlo.multiply %120, %118 : tensor<4x128x1024xf32>
    %122 = stablehlo.multiply %121, %98 : tensor<4x128x1024xf32>
    %123 = stablehlo.multiply %122, %96 : tensor<4x128x1024xf32>
    %124 = stablehlo.add %122, %123 : tensor<4x128x1024xf32>
    %cst_29 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %125 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<4x128x1024xf32>
    %126 = stablehlo.multiply %125, %124 : tensor<4x128x1024xf32>
    %127 = stablehlo.add %119, %126 : tensor<4x128x1024xf32>
    %cst_30 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %128 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<4x128x1024xf32>
    %129 = stablehlo.multiply %128, %126 : tensor<4x128x1024xf32>
    %130 = stablehlo.multiply %129, %90 : tensor<4x128x1024xf32>
    %131 = stablehlo.add %127, %130 : tensor<4x128x1024xf32>
    %132 = stablehlo.dot_general %131, %84, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<4x128x1024xf32>, tensor<4x128x256xf32>) -> tensor<1024x256xf32>
    %133 = stablehlo.transpose %132, dims = [1, 0] : (tensor<1024x256xf32>) -> tensor<256x1024xf32>
    %134 = stablehlo.dot_general %131, %arg7, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x128x1024xf32>, tensor<256x1024xf32>) -> tensor<4x128x256xf32>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %135 = stablehlo.reduce(%134 init: %cst_31) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x128x256xf32>, tensor<f32>) -> tensor<256xf32>
    %136 = stablehlo.reshape %135 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %137 = stablehlo.reduce(%136 init: %cst_32) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x256xf32>, tensor<f32>) -> tensor<256xf32>
    %138 = stablehlo.multiply %78, %134 : tensor<4x128x256xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %139 = stablehlo.reduce(%138 init: %cst_33) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x128x256xf32>, tensor<f32>) -> tensor<256xf32>
    %140 = stablehlo.reshape %139 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %141 = stablehlo.broadcast_in_dim %79, dims = [0, 1, 2] : (tensor<1x1x256xf32>) -> tensor<4x128x256xf32>
    %142 = stablehlo.multiply %134, %141 : tensor<4x128x256xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %143 = stablehlo.reduce(%140 init: %cst_34) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x256xf32>, tensor<f32>) -> tensor<256xf32>
    %144 = stablehlo.multiply %70, %142 : tensor<4x128x256xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %145 = stablehlo.reduce(%144 init: %cst_35) applies stablehlo.add across dimensions = [2] : (tensor<4x128x256xf32>, tensor<f32>) -> tensor<4x128xf32>
    %146 = stablehlo.reshape %145 : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %147 = stablehlo.broadcast_in_dim %73, dims = [0, 1, 2] : (tensor<4x128x1xf32>) -> tensor<4x128x256xf32>
    %148 = stablehlo.multiply %142, %147 : tensor<4x128x256xf32>
    %149 = stablehlo.multiply %146, %76 : tensor<4x128x1xf32>
    %150 = stablehlo.negate %148 : tensor<4x128x256xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %151 = stablehlo.reduce(%150 init: %cst_36) applies stablehlo.add across dimensions = [2] : (tensor<4x128x256xf32>, tensor<f32>) -> tensor<4x128xf32>
    %152 = stablehlo.reshape %151 : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %153 = stablehlo.add %114, %148 : tensor<4x128x256xf32>
    %cst_37 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %154 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %155 = stablehlo.divide %149, %154 : tensor<4x128x1xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %156 = stablehlo.reduce(%155 init: %cst_38) applies stablehlo.add across dimensions = [2] : (tensor<4x128x1xf32>, tensor<f32>) -> tensor<4x128xf32>
    %157 = stablehlo.broadcast_in_dim %156, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x256xf32>
    %158 = stablehlo.multiply %157, %64 : tensor<4x128x256xf32>
    %159 = stablehlo.negate %158 : tensor<4x128x256xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %160 = stablehlo.reduce(%159 init: %cst_39) applies stablehlo.add across dimensions = [2] : (tensor<4x128x256xf32>, tensor<f32>) -> tensor<4x128xf32>
    %161 = stablehlo.reshape %160 : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %162 = stablehlo.add %153, %158 : tensor<4x128x256xf32>
    %163 = stablehlo.add %152, %161 : tensor<4x128x1xf32>
    %cst_40 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %164 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %165 = stablehlo.divide %163, %164 : tensor<4x128x1xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %166 = stablehlo.reduce(%165 init: %cst_41) applies stablehlo.add across dimensions = [2] : (tensor<4x128x1xf32>, tensor<f32>) -> tensor<4x128xf32>
    %167 = stablehlo.broadcast_in_dim %166, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x256xf32>
    %168 = stablehlo.add %162, %167 : tensor<4x128x256xf32>
    %169 = stablehlo.dot_general %168, %53, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<4x128x256xf32>, tensor<4x128x256xf32>) -> tensor<256x256xf32>
    %170 = stablehlo.transpose %169, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
    %171 = stablehlo.dot_general %168, %arg5, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x128x256xf32>, tensor<256x256xf32>) -> tensor<4x128x256xf32>
    %172 = stablehlo.reshape %171 : (tensor<4x128x256xf32>) -> tensor<4x128x8x32xf32>
    %173 = stablehlo.transpose %172, dims = [0, 2, 3, 1] : (tensor<4x128x8x32xf32>) -> tensor<4x8x32x128xf32>
    %174 = stablehlo.dot_general %173, %30, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<4x8x32x128xf32>, tensor<4x128x8x32xf32>) -> tensor<4x8x128x128xf32>
    %175 = stablehlo.dot_general %173, %47, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<4x8x32x128xf32>, tensor<4x8x128x128xf32>) -> tensor<4x8x32x128xf32>
    %176 = stablehlo.transpose %175, dims = [0, 3, 1, 2] : (tensor<4x8x32x128xf32>) -> tensor<4x128x8x32xf32>
    %177 = stablehlo.broadcast_in_dim %50, dims = [0, 1, 2, 3] : (tensor<4x8x128x1xf32>) -> tensor<4x8x128x128xf32>
    %178 = stablehlo.multiply %174, %177 : tensor<4x8x128x128xf32>
    %179 = stablehlo.multiply %178, %43 : tensor<4x8x128x128xf32>
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %180 = stablehlo.reduce(%179 init: %cst_42) applies stablehlo.add across dimensions = [3] : (tensor<4x8x128x128xf32>, tensor<f32>) -> tensor<4x8x128xf32>
    %181 = stablehlo.reshape %180 : (tensor<4x8x128xf32>) -> tensor<4x8x128x1xf32>
    %182 = stablehlo.negate %181 : tensor<4x8x128x1xf32>
    %183 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2, 3] : (tensor<4x8x128x1xf32>) -> tensor<4x8x128x128xf32>
    %184 = stablehlo.divide %174, %183 : tensor<4x8x128x128xf32>
    %cst_43 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %185 = stablehlo.reduce(%182 init: %cst_43) applies stablehlo.add across dimensions = [3] : (tensor<4x8x128x1xf32>, tensor<f32>) -> tensor<4x8x128xf32>
    %186 = stablehlo.broadcast_in_dim %185, dims = [0, 1, 2] : (tensor<4x8x128xf32>) -> tensor<4x8x128x128xf32>
    %187 = stablehlo.add %184, %186 : tensor<4x8x128x128xf32>
    %188 = stablehlo.multiply %187, %43 : tensor<4x8x128x128xf32>
    %189 = call @_where_0(%36#1, %188) : (tensor<4x8x128x128xi1>, tensor<4x8x128x128xf32>) -> tensor<4x8x128x128xf32>
    %cst_44 = stablehlo.constant dense<5.65685415> : tensor<f32>
    %190 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<4x8x128x128xf32>
    %191 = stablehlo.divide %189, %190 : tensor<4x8x128x128xf32>
    %192 = stablehlo.dot_general %191, %28, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x128x128xf32>, tensor<4x128x8x32xf32>) -> tensor<4x8x128x32xf32>
    %193 = stablehlo.transpose %192, dims = [0, 2, 1, 3] : (tensor<4x8x128x32xf32>) -> tensor<4x128x8x32xf32>
    %194 = stablehlo.dot_general %191, %29, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x128x128xf32>, tensor<4x128x8x32xf32>) -> tensor<4x8x128x32xf32>
    %195 = stablehlo.transpose %194, dims = [0, 2, 1, 3] : (tensor<4x8x128x32xf32>) -> tensor<4x128x8x32xf32>
    %196 = stablehlo.reshape %176 : (tensor<4x128x8x32xf32>) -> tensor<4x128x256xf32>
    %197 = stablehlo.reshape %193 : (tensor<4x128x8x32xf32>) -> tensor<4x128x256xf32>
    %198 = stablehlo.reshape %195 : (tensor<4x128x8x32xf32>) -> tensor<4x128x256xf32>
    %199 = stablehlo.concatenate %198, %197, %196, dim = 2 : (tensor<4x128x256xf32>, tensor<4x128x256xf32>, tensor<4x128x256xf32>) -> tensor<4x128x768xf32>
    %200 = stablehlo.dot_general %199, %23, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<4x128x768xf32>, tensor<4x128x256xf32>) -> tensor<768x256xf32>
    %201 = stablehlo.transpose %200, dims = [1, 0] : (tensor<768x256xf32>) -> tensor<256x768xf32>
    %202 = stablehlo.dot_general %199, %arg6, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x128x768xf32>, tensor<256x768xf32>) -> tensor<4x128x256xf32>
    %cst_45 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %203 = stablehlo.reduce(%202 init: %cst_45) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x128x256xf32>, tensor<f32>) -> tensor<256xf32>
    %204 = stablehlo.reshape %203 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %cst_46 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %205 = stablehlo.reduce(%204 init: %cst_46) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x256xf32>, tensor<f32>) -> tensor<256xf32>
    %206 = stablehlo.multiply %17, %202 : tensor<4x128x256xf32>
    %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %207 = stablehlo.reduce(%206 init: %cst_47) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x128x256xf32>, tensor<f32>) -> tensor<256xf32>
    %208 = stablehlo.reshape %207 : (tensor<256xf32>) -> tensor<1x1x256xf32>
    %cst_48 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %209 = stablehlo.reduce(%208 init: %cst_48) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x256xf32>, tensor<f32>) -> tensor<256xf32>
    return %111, %116, %209, %205, %143, %137, %170, %201, %133 : tensor<f32>, tensor<1024x256xf32>, tensor<256xf32>, tensor<256xf32>, tensor<256xf32>, tensor<256xf32>, tensor<256x256xf32>, tensor<256x768xf32>, tensor<256x1024xf32>
  }
  func.func private @tril(%arg0: tensor<128x128xi1>) -> tensor<128x128xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<128x128xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<128x128xi32>
    %2 = stablehlo.add %0, %1 : tensor<128x128xi32>
    %3 = stablehlo.iota dim = 1 : tensor<128x128xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<128x128xi32>, tensor<128x128xi32>) -> tensor<128x128xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<128x128xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<128x128xi1>, tensor<128x128xi1>
    return %6 : tensor<128x128xi1>
  }
  func.func private @_where(%arg0: tensor<128x128xi1>, %arg1: tensor<4x8x128x128xf32>, %arg2: tensor<f32>) -> (tensor<4x8x128x128xf32>, tensor<4x8x128x128xi1>) {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<128x128xi1>) -> tensor<4x8x128x128xi1>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<4x8x128x128xf32>
    %2 = stablehlo.select %0, %arg1, %1 : tensor<4x8x128x128xi1>, tensor<4x8x128x128xf32>
    return %2, %0 : tensor<4x8x128x128xf32>, tensor<4x8x128x128xi1>
  }
  func.func private @_where_0(%arg0: tensor<4x8x128x128xi1>, %arg1: tensor<4x8x128x128xf32>) -> tensor<4x8x128x128xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x8x128x128xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<4x8x128x128xi1>, tensor<4x8x128x128xf32>
    return %1 : tensor<4x8x128x128xf32>
  }
}
