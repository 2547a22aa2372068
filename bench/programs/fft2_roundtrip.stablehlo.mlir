module @jit_fft2_roundtrip attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x128x128xcomplex<f32>>) -> (tensor<8x128x128xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<8x128x128xf32> {jax.result_info = "result[1]"}) {
    %0 = call @fft(%arg0) : (tensor<8x128x128xcomplex<f32>>) -> tensor<8x128x128xcomplex<f32>>
    %1 = stablehlo.iota dim = 0 : tensor<128xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<128xf32>) -> tensor<128x1xf32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [1] : (tensor<128xf32>) -> tensor<1x128xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x128xf32>
    %5 = stablehlo.multiply %4, %3 : tensor<1x128xf32>
    %6 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<128x1xf32>) -> tensor<128x128xf32>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x128xf32>) -> tensor<128x128xf32>
    %8 = stablehlo.add %6, %7 : tensor<128x128xf32>
    %9 = stablehlo.convert %8 : (tensor<128x128xf32>) -> tensor<128x128xcomplex<f32>>
    %cst_0 = stablehlo.constant dense<(0.000000e+00,1.000000e+00)> : tensor<complex<f32>>
    %10 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<128x128xcomplex<f32>>
    %11 = stablehlo.multiply %10, %9 : tensor<128x128xcomplex<f32>>
    %cst_1 = stablehlo.constant dense<(0.0490873866,0.000000e+00)> : tensor<complex<f32>>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<complex<f32>>) -> tensor<128x128xcomplex<f32>>
    %13 = stablehlo.multiply %11, %12 : tensor<128x128xcomplex<f32>>
    %14 = stablehlo.exponential %13 : tensor<128x128xcomplex<f32>>
    %15 = stablehlo.broadcast_in_dim %14, dims = [1, 2] : (tensor<128x128xcomplex<f32>>) -> tensor<1x128x128xcomplex<f32>>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2] : (tensor<1x128x128xcomplex<f32>>) -> tensor<8x128x128xcomplex<f32>>
    %17 = stablehlo.multiply %0, %16 : tensor<8x128x128xcomplex<f32>>
    %18 = call @fft_0(%17) : (tensor<8x128x128xcomplex<f32>>) -> tensor<8x128x128xcomplex<f32>>
    %19 = stablehlo.abs %0 : (tensor<8x128x128xcomplex<f32>>) -> tensor<8x128x128xf32>
    return %18, %19 : tensor<8x128x128xcomplex<f32>>, tensor<8x128x128xf32>
  }
  func.func private @fft(%arg0: tensor<8x128x128xcomplex<f32>>) -> tensor<8x128x128xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [128, 128] : (tensor<8x128x128xcomplex<f32>>) -> tensor<8x128x128xcomplex<f32>>
    return %0 : tensor<8x128x128xcomplex<f32>>
  }
  func.func private @fft_0(%arg0: tensor<8x128x128xcomplex<f32>>) -> tensor<8x128x128xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = IFFT, length = [128, 128] : (tensor<8x128x128xcomplex<f32>>) -> tensor<8x128x128xcomplex<f32>>
    return %0 : tensor<8x128x128xcomplex<f32>>
  }
}
