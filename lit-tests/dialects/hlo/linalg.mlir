// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt - --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// The linear algebra ops: hlo.dot, hlo.fft, hlo.cholesky, hlo.triangular_solve and the
// batch normalization ops. Result shapes are inferred; enumerated attributes
// (precisions, FFT types, transpose options) are strings in the generic form and bare
// keywords in the custom form.

// hlo.dot: the four products of vectors and matrices.
// CHECK-LABEL: func.func @dots
// CHECK-SAME:    (%[[V:[^:]+]]: tensor<3xf32>, %[[M:[^:]+]]: tensor<2x3xf32>, %[[N:[^:]+]]: tensor<3x4xf32>)
// CHECK-NEXT:    %[[D0:.+]] = hlo.dot %[[V]], %[[V]] : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
// CHECK-NEXT:    %[[D1:.+]] = hlo.dot %[[M]], %[[V]] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %[[D2:.+]] = hlo.dot %[[V]], %[[N]] : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[D3:.+]] = hlo.dot %[[M]], %[[N]] {precision_config = ["DEFAULT", "HIGHEST"]} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT:    func.return %[[D0]], %[[D1]], %[[D2]], %[[D3]]
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.dot"(%{{.+}}, %{{.+}}) : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
// GENERIC:         "hlo.dot"(%{{.+}}, %{{.+}}) {precision_config = ["DEFAULT", "HIGHEST"]} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
func.func @dots(%v: tensor<3xf32>, %m: tensor<2x3xf32>, %n: tensor<3x4xf32>) -> (tensor<f32>, tensor<2xf32>, tensor<4xf32>, tensor<2x4xf32>) {
  %0 = hlo.dot %v, %v : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  %1 = hlo.dot %m, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  %2 = hlo.dot %v, %n : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  %3 = hlo.dot %m, %n {precision_config = ["DEFAULT", "HIGHEST"]} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0, %1, %2, %3 : tensor<f32>, tensor<2xf32>, tensor<4xf32>, tensor<2x4xf32>
}

// -----

// Unknown contracted sizes merge; free ones carry over.
// CHECK-LABEL: func.func @dynamic_dot
// CHECK:         hlo.dot %{{.+}}, %{{.+}} : (tensor<?x?xi32>, tensor<3x<=8xi32>) -> tensor<?x<=8xi32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.dot"(%{{.+}}, %{{.+}}) : (tensor<?x?xi32>, tensor<3x<=8xi32>) -> tensor<?x<=8xi32>
func.func @dynamic_dot(%a: tensor<?x?xi32>, %b: tensor<3x<=8xi32>) -> tensor<?x<=8xi32> {
  %0 = hlo.dot %a, %b : (tensor<?x?xi32>, tensor<3x<=8xi32>) -> tensor<?x<=8xi32>
  return %0 : tensor<?x<=8xi32>
}

// -----

// hlo.fft: complex to complex keeps the type; RFFT keeps fft_length[-1] / 2 + 1 entries of
// the innermost dimension and IRFFT restores it.
// CHECK-LABEL: func.func @ffts
// CHECK:         hlo.fft %{{.+}}, type = FFT, length = [8] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
// CHECK:         hlo.fft %{{.+}}, type = IFFT, length = [4, 8] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
// CHECK:         hlo.fft %{{.+}}, type = RFFT, length = [16] : (tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>>
// CHECK:         hlo.fft %{{.+}}, type = IRFFT, length = [16] : (tensor<4x9xcomplex<f32>>) -> tensor<4x16xf32>
// CHECK:         hlo.fft %{{.+}}, type = RFFT, length = [2, 4, 6] : (tensor<2x4x6xf64>) -> tensor<2x4x4xcomplex<f64>>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.fft"(%{{.+}}) {fft_length = array<i64: 8>, fft_type = "FFT"} : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
func.func @ffts(%c: tensor<4x8xcomplex<f32>>, %r: tensor<4x16xf32>, %d: tensor<2x4x6xf64>) -> tensor<4x16xf32> {
  %0 = hlo.fft %c, type = FFT, length = [8] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
  %1 = hlo.fft %0, type = IFFT, length = [4, 8] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
  %2 = hlo.fft %r, type = RFFT, length = [16] : (tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>>
  %3 = hlo.fft %2, type = IRFFT, length = [16] : (tensor<4x9xcomplex<f32>>) -> tensor<4x16xf32>
  %4 = hlo.fft %d, type = RFFT, length = [2, 4, 6] : (tensor<2x4x6xf64>) -> tensor<2x4x4xcomplex<f64>>
  return %3 : tensor<4x16xf32>
}

// -----

// hlo.cholesky: batches of square matrices, float or complex; only the operand type is
// written.
// CHECK-LABEL: func.func @cholesky
// CHECK:         hlo.cholesky %{{.+}}, lower = true : tensor<2x3x3xf32>
// CHECK:         hlo.cholesky %{{.+}}, lower = false : tensor<4x4xcomplex<f64>>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.cholesky"(%{{.+}}) {lower = true} : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
func.func @cholesky(%a: tensor<2x3x3xf32>, %h: tensor<4x4xcomplex<f64>>) -> (tensor<2x3x3xf32>, tensor<4x4xcomplex<f64>>) {
  %0 = hlo.cholesky %a, lower = true : tensor<2x3x3xf32>
  %1 = hlo.cholesky %h, lower = false : tensor<4x4xcomplex<f64>>
  return %0, %1 : tensor<2x3x3xf32>, tensor<4x4xcomplex<f64>>
}

// -----

// hlo.triangular_solve: the result has b's type; b's matrices are m x k on the left side,
// k x m on the right.
// CHECK-LABEL: func.func @triangular_solve
// CHECK:         hlo.triangular_solve %{{.+}}, %{{.+}}, left_side = true, lower = true, unit_diagonal = false, transpose_a = NO_TRANSPOSE : (tensor<2x3x3xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
// CHECK:         hlo.triangular_solve %{{.+}}, %{{.+}}, left_side = false, lower = false, unit_diagonal = true, transpose_a = ADJOINT : (tensor<2x3x3xf32>, tensor<2x5x3xf32>) -> tensor<2x5x3xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.triangular_solve"(%{{.+}}, %{{.+}}) {left_side = true, lower = true, transpose_a = "NO_TRANSPOSE", unit_diagonal = false} : (tensor<2x3x3xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
func.func @triangular_solve(%a: tensor<2x3x3xf32>, %b: tensor<2x3x5xf32>, %c: tensor<2x5x3xf32>) -> (tensor<2x3x5xf32>, tensor<2x5x3xf32>) {
  %0 = hlo.triangular_solve %a, %b, left_side = true, lower = true, unit_diagonal = false, transpose_a = NO_TRANSPOSE : (tensor<2x3x3xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  %1 = hlo.triangular_solve %a, %c, left_side = false, lower = false, unit_diagonal = true, transpose_a = ADJOINT : (tensor<2x3x3xf32>, tensor<2x5x3xf32>) -> tensor<2x5x3xf32>
  return %0, %1 : tensor<2x3x5xf32>, tensor<2x5x3xf32>
}

// -----

// The batch normalization ops: epsilon prints as a bare float (an f32 in the generic
// form), the feature index as an integer.
// CHECK-LABEL: func.func @batch_norm
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<8x4x2xf32>, %[[S:[^:]+]]: tensor<4xf32>, %[[O:[^:]+]]: tensor<4xf32>, %[[M:[^:]+]]: tensor<4xf32>, %[[V:[^:]+]]: tensor<4xf32>, %[[DY:[^:]+]]: tensor<8x4x2xf32>)
// CHECK-NEXT:    %[[I:.+]] = hlo.batch_norm_inference %[[X]], %[[S]], %[[O]], %[[M]], %[[V]], epsilon = 0.001, feature_index = 1 : (tensor<8x4x2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<8x4x2xf32>
// CHECK-NEXT:    %[[T:.+]]:3 = hlo.batch_norm_training %[[X]], %[[S]], %[[O]], epsilon = 1.0e-5, feature_index = 1 : (tensor<8x4x2xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<8x4x2xf32>, tensor<4xf32>, tensor<4xf32>)
// CHECK-NEXT:    %[[G:.+]]:3 = hlo.batch_norm_grad %[[X]], %[[S]], %[[T]]#1, %[[T]]#2, %[[DY]], epsilon = 1.0e-5, feature_index = 1 : (tensor<8x4x2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<8x4x2xf32>) -> (tensor<8x4x2xf32>, tensor<4xf32>, tensor<4xf32>)
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.batch_norm_inference"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) {epsilon = 0.001 : f32, feature_index = 1}
// GENERIC:         "hlo.batch_norm_training"(%{{.+}}, %{{.+}}, %{{.+}}) {epsilon = 1.0e-5 : f32, feature_index = 1}
// GENERIC:         "hlo.batch_norm_grad"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) {epsilon = 1.0e-5 : f32, feature_index = 1}
func.func @batch_norm(%x: tensor<8x4x2xf32>, %scale: tensor<4xf32>, %offset: tensor<4xf32>, %mean: tensor<4xf32>, %var: tensor<4xf32>, %dy: tensor<8x4x2xf32>) -> tensor<8x4x2xf32> {
  %0 = hlo.batch_norm_inference %x, %scale, %offset, %mean, %var, epsilon = 1.0e-3, feature_index = 1 : (tensor<8x4x2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<8x4x2xf32>
  %1:3 = hlo.batch_norm_training %x, %scale, %offset, epsilon = 1.0e-5, feature_index = 1 : (tensor<8x4x2xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<8x4x2xf32>, tensor<4xf32>, tensor<4xf32>)
  %2:3 = hlo.batch_norm_grad %x, %scale, %1#1, %1#2, %dy, epsilon = 1.0e-5, feature_index = 1 : (tensor<8x4x2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<8x4x2xf32>) -> (tensor<8x4x2xf32>, tensor<4xf32>, tensor<4xf32>)
  return %2#0 : tensor<8x4x2xf32>
}

// -----

// An unknown feature dimension takes the size of the per-feature operands.
// CHECK-LABEL: func.func @dynamic_batch_norm
// CHECK:         hlo.batch_norm_training %{{.+}}, %{{.+}}, %{{.+}}, epsilon = 0.001, feature_index = 0 : (tensor<?x?xbf16>, tensor<3xbf16>, tensor<3xbf16>) -> (tensor<3x?xbf16>, tensor<3xbf16>, tensor<3xbf16>)
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.batch_norm_training"(%{{.+}}, %{{.+}}, %{{.+}}) {epsilon = 0.001 : f32, feature_index = 0} : (tensor<?x?xbf16>, tensor<3xbf16>, tensor<3xbf16>) -> (tensor<3x?xbf16>, tensor<3xbf16>, tensor<3xbf16>)
func.func @dynamic_batch_norm(%x: tensor<?x?xbf16>, %s: tensor<3xbf16>) -> tensor<3x?xbf16> {
  %0:3 = hlo.batch_norm_training %x, %s, %s, epsilon = 0.001, feature_index = 0 : (tensor<?x?xbf16>, tensor<3xbf16>, tensor<3xbf16>) -> (tensor<3x?xbf16>, tensor<3xbf16>, tensor<3xbf16>)
  return %0#0 : tensor<3x?xbf16>
}

// -----

// A NaN or infinite epsilon prints as the bits of its f32; a whole number as a float.
// CHECK-LABEL: func.func @odd_epsilons
// CHECK:         hlo.batch_norm_inference %{{.+}}, epsilon = 0x7FC00000, feature_index = 1
// CHECK:         hlo.batch_norm_inference %{{.+}}, epsilon = -2.0, feature_index = 1
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         {epsilon = 0x7FC00000 : f32, feature_index = 1}
// GENERIC:         {epsilon = -2.0 : f32, feature_index = 1}
func.func @odd_epsilons(%x: tensor<8x4xf32>, %s: tensor<4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0 = hlo.batch_norm_inference %x, %s, %s, %s, %s, epsilon = 0x7FC00000, feature_index = 1 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
  %1 = hlo.batch_norm_inference %x, %s, %s, %s, %s, epsilon = -2, feature_index = 1 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
  return %0, %1 : tensor<8x4xf32>, tensor<8x4xf32>
}
