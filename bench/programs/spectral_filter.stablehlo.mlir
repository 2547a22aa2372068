module @jit_spectral_filter attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16x1000xf32>) -> (tensor<16x1000xf32> {jax.result_info = "result"}) {
    %0 = call @fft(%arg0) : (tensor<16x1000xf32>) -> tensor<16x501xcomplex<f32>>
    %1 = stablehlo.iota dim = 0 : tensor<501xf32>
    %cst = stablehlo.constant dense<1.250000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<501xf32>
    %3 = stablehlo.divide %1, %2 : tensor<501xf32>
    %4 = chlo.square %3 : tensor<501xf32> -> tensor<501xf32>
    %5 = stablehlo.negate %4 : tensor<501xf32>
    %6 = stablehlo.exponential %5 : tensor<501xf32>
    %7 = stablehlo.convert %6 : (tensor<501xf32>) -> tensor<501xcomplex<f32>>
    %8 = stablehlo.broadcast_in_dim %7, dims = [1] : (tensor<501xcomplex<f32>>) -> tensor<1x501xcomplex<f32>>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x501xcomplex<f32>>) -> tensor<16x501xcomplex<f32>>
    %10 = stablehlo.multiply %0, %9 : tensor<16x501xcomplex<f32>>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %11 = call @_pad(%10, %c) : (tensor<16x501xcomplex<f32>>, tensor<i32>) -> tensor<16x501xcomplex<f32>>
    %12 = call @fft_0(%11) : (tensor<16x501xcomplex<f32>>) -> tensor<16x1000xf32>
    return %12 : tensor<16x1000xf32>
  }
  func.func private @fft(%arg0: tensor<16x1000xf32>) -> tensor<16x501xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [1000] : (tensor<16x1000xf32>) -> tensor<16x501xcomplex<f32>>
    return %0 : tensor<16x501xcomplex<f32>>
  }
  func.func private @_pad(%arg0: tensor<16x501xcomplex<f32>>, %arg1: tensor<i32>) -> tensor<16x501xcomplex<f32>> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<complex<f32>>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<16x501xcomplex<f32>>, tensor<complex<f32>>) -> tensor<16x501xcomplex<f32>>
    return %1 : tensor<16x501xcomplex<f32>>
  }
  func.func private @fft_0(%arg0: tensor<16x501xcomplex<f32>>) -> tensor<16x1000xf32> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [1000] : (tensor<16x501xcomplex<f32>>) -> tensor<16x1000xf32>
    return %0 : tensor<16x1000xf32>
  }
}
