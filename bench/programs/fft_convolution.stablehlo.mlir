module @jit_fft_convolution attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16x4096xf32>, %arg1: tensor<4096xf32>) -> (tensor<16x8191xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = call @_pad(%arg0, %c) : (tensor<16x4096xf32>, tensor<i32>) -> tensor<16x8192xf32>
    %1 = call @fft(%0) : (tensor<16x8192xf32>) -> tensor<16x4097xcomplex<f32>>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %2 = call @_pad_0(%arg1, %c_0) : (tensor<4096xf32>, tensor<i32>) -> tensor<8192xf32>
    %3 = call @fft_1(%2) : (tensor<8192xf32>) -> tensor<4097xcomplex<f32>>
    %4 = stablehlo.broadcast_in_dim %3, dims = [1] : (tensor<4097xcomplex<f32>>) -> tensor<1x4097xcomplex<f32>>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<1x4097xcomplex<f32>>) -> tensor<16x4097xcomplex<f32>>
    %6 = stablehlo.multiply %1, %5 : tensor<16x4097xcomplex<f32>>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %7 = call @_pad_2(%6, %c_1) : (tensor<16x4097xcomplex<f32>>, tensor<i32>) -> tensor<16x4097xcomplex<f32>>
    %8 = call @fft_3(%7) : (tensor<16x4097xcomplex<f32>>) -> tensor<16x8192xf32>
    %9 = stablehlo.slice %8 [0:16, 0:8191] : (tensor<16x8192xf32>) -> tensor<16x8191xf32>
    return %9 : tensor<16x8191xf32>
  }
  func.func private @_pad(%arg0: tensor<16x4096xf32>, %arg1: tensor<i32>) -> tensor<16x8192xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0], high = [0, 4096], interior = [0, 0] : (tensor<16x4096xf32>, tensor<f32>) -> tensor<16x8192xf32>
    return %1 : tensor<16x8192xf32>
  }
  func.func private @fft(%arg0: tensor<16x8192xf32>) -> tensor<16x4097xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [8192] : (tensor<16x8192xf32>) -> tensor<16x4097xcomplex<f32>>
    return %0 : tensor<16x4097xcomplex<f32>>
  }
  func.func private @_pad_0(%arg0: tensor<4096xf32>, %arg1: tensor<i32>) -> tensor<8192xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [0], high = [4096], interior = [0] : (tensor<4096xf32>, tensor<f32>) -> tensor<8192xf32>
    return %1 : tensor<8192xf32>
  }
  func.func private @fft_1(%arg0: tensor<8192xf32>) -> tensor<4097xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [8192] : (tensor<8192xf32>) -> tensor<4097xcomplex<f32>>
    return %0 : tensor<4097xcomplex<f32>>
  }
  func.func private @_pad_2(%arg0: tensor<16x4097xcomplex<f32>>, %arg1: tensor<i32>) -> tensor<16x4097xcomplex<f32>> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<complex<f32>>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<16x4097xcomplex<f32>>, tensor<complex<f32>>) -> tensor<16x4097xcomplex<f32>>
    return %1 : tensor<16x4097xcomplex<f32>>
  }
  func.func private @fft_3(%arg0: tensor<16x4097xcomplex<f32>>) -> tensor<16x8192xf32> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [8192] : (tensor<16x4097xcomplex<f32>>) -> tensor<16x8192xf32>
    return %0 : tensor<16x8192xf32>
  }
}
