// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s

// Transforms of complex<f32> whose naive DFT would take at least 2^17 multiply-adds call
// the runtime's FFT: the type as XLA's enumerator (i32), dense row-major buffers, the
// input's shape and the lengths in i64 buffers.

// CHECK-LABEL: func.func @fft
// CHECK-SAME:    (%[[X:.+]]: memref<8x256xcomplex<f32>>, %[[Y:.+]]: memref<8x256xcomplex<f32>>)
// CHECK-DAG:     %[[TYPE:.+]] = loop.constant 0 : i32
// CHECK-DAG:     %[[RANK:.+]] = loop.constant 2 : index
// CHECK-DAG:     %[[FFT_RANK:.+]] = loop.constant 1 : index
// CHECK:         %[[DIMS:.+]] = loop.alloc : memref<2xi64>
// CHECK:         %[[LENGTHS:.+]] = loop.alloc : memref<1xi64>
// CHECK:         loop.call_runtime @xla_rt_fft_c64(%[[TYPE]], %[[X]], %[[Y]], %[[DIMS]], %[[RANK]], %[[LENGTHS]], %[[FFT_RANK]]) : (i32, memref<8x256xcomplex<f32>>, memref<8x256xcomplex<f32>>, memref<2xi64>, index, memref<1xi64>, index) -> ()
// CHECK-NEXT:    func.return
func.func @fft(%x: tensor<8x256xcomplex<f32>>) -> tensor<8x256xcomplex<f32>> {
  %0 = hlo.fft %x, type = FFT, length = [256] : (tensor<8x256xcomplex<f32>>) -> tensor<8x256xcomplex<f32>>
  return %0 : tensor<8x256xcomplex<f32>>
}

// -----

// A result in another layout is computed into a row-major temporary and copied out.
// CHECK-LABEL: func.func @irfft_column_major
// CHECK:         %[[T:.+]] = loop.alloc : memref<64x64xf32>
// CHECK:         loop.call_runtime @xla_rt_fft_c64(%{{.+}}, %{{.+}}, %[[T]], {{.+}})
// CHECK:         loop.parallel
// CHECK:           loop.load %[[T]]
func.func @irfft_column_major(%x: tensor<64x33xcomplex<f32>>) -> tensor<64x64xf32, {0, 1}> {
  %0 = hlo.fft %x, type = IRFFT, length = [64] : (tensor<64x33xcomplex<f32>>) -> tensor<64x64xf32, {0, 1}>
  return %0 : tensor<64x64xf32, {0, 1}>
}
