// RUN: xla-opt %s --split-input-file --verify-diagnostics

// hlo.dot: vectors or matrices of one element type whose contracted dimensions agree,
// and no precision or one per operand.

func.func @dot_rank0(%s: tensor<f32>, %v: tensor<3xf32>) {
  // expected-error @+1 {{lhs must be a vector or a matrix (rank 1 or 2), found rank 0 (tensor<f32>)}}
  %0 = hlo.dot %s, %v : (tensor<f32>, tensor<3xf32>) -> tensor<f32>
  return
}

// -----

func.func @dot_rank3(%m: tensor<2x3xf32>, %t: tensor<3x4x5xf32>) {
  // expected-error @+1 {{rhs must be a vector or a matrix (rank 1 or 2), found rank 3 (tensor<3x4x5xf32>)}}
  %0 = hlo.dot %m, %t : (tensor<2x3xf32>, tensor<3x4x5xf32>) -> tensor<2x4x5xf32>
  return
}

// -----

func.func @dot_contracting(%m: tensor<2x3xf32>, %n: tensor<4x3xf32>) {
  // expected-error @+1 {{contracting dimension sizes differ: lhs dimension 1 has size 3, rhs dimension 0 has size 4}}
  %0 = hlo.dot %m, %n : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dot_element_types(%m: tensor<2x3xf32>, %n: tensor<3x4xi32>) {
  // expected-error @+1 {{lhs and rhs must have the same element type, found f32 and i32}}
  %0 = hlo.dot %m, %n : (tensor<2x3xf32>, tensor<3x4xi32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @dot_precision_count(%v: tensor<3xf32>) {
  // expected-error @+1 {{precision_config must have no entry or one per operand (2), found 1}}
  %0 = hlo.dot %v, %v {precision_config = ["HIGHEST"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return
}

// -----

func.func @dot_precision_kind(%v: tensor<3xf32>) {
  // expected-error @+1 {{attribute 'precision_config' must be an array of precisions ("DEFAULT", "HIGH" or "HIGHEST"), found ["FAST", "FAST"]}}
  %0 = hlo.dot %v, %v {precision_config = ["FAST", "FAST"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return
}

// -----

func.func @dot_result(%m: tensor<2x3xf32>, %n: tensor<3x4xf32>) {
  // expected-error @+1 {{result #0 has type tensor<4x2xf32>, but shape inference gives tensor<2x4xf32>}}
  %0 = hlo.dot %m, %n : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

// hlo.fft: 1 to 3 non-negative lengths over as many innermost dimensions; complex input
// for FFT, IFFT and IRFFT, f32 or f64 for RFFT; the innermost dimensions match
// fft_length (IRFFT's last one fft_length[-1] / 2 + 1).

func.func @fft_type(%c: tensor<8xcomplex<f32>>) {
  // expected-error @+1 {{attribute 'fft_type' must be an FFT type, one of FFT IFFT RFFT IRFFT, found "DCT"}}
  %0 = hlo.fft %c, type = DCT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return
}

// -----

func.func @fft_no_length(%c: tensor<8xcomplex<f32>>) {
  // expected-error @+1 {{fft_length must have 1 to 3 entries, found 0}}
  %0 = hlo.fft %c, type = FFT, length = [] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return
}

// -----

func.func @fft_too_many_lengths(%c: tensor<2x2x2x2xcomplex<f32>>) {
  // expected-error @+1 {{fft_length must have 1 to 3 entries, found 4}}
  %0 = hlo.fft %c, type = FFT, length = [2, 2, 2, 2] : (tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>>
  return
}

// -----

func.func @fft_negative_length(%c: tensor<8xcomplex<f32>>) {
  // expected-error @+1 {{fft_length[0] = -8 must not be negative}}
  %0 = hlo.fft %c, type = FFT, length = [-8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return
}

// -----

func.func @fft_rank(%c: tensor<8xcomplex<f32>>) {
  // expected-error @+1 {{operand has rank 1 (tensor<8xcomplex<f32>>), but a 2-d transform needs rank 2 or more}}
  %0 = hlo.fft %c, type = IFFT, length = [2, 4] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return
}

// -----

func.func @fft_real_input(%r: tensor<8xf32>) {
  // expected-error @+1 {{FFT needs complex elements, found f32}}
  %0 = hlo.fft %r, type = FFT, length = [8] : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @rfft_complex_input(%c: tensor<8xcomplex<f32>>) {
  // expected-error @+1 {{RFFT needs f32 or f64 elements, found complex<f32>}}
  %0 = hlo.fft %c, type = RFFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<5xcomplex<f32>>
  return
}

// -----

func.func @rfft_length(%r: tensor<4x16xf32>) {
  // expected-error @+1 {{RFFT needs the innermost dimensions to match fft_length [4, 15], but operand dimension 1 has size 16}}
  %0 = hlo.fft %r, type = RFFT, length = [4, 15] : (tensor<4x16xf32>) -> tensor<4x8xcomplex<f32>>
  return
}

// -----

func.func @irfft_real_input(%r: tensor<9xf32>) {
  // expected-error @+1 {{IRFFT needs complex elements, found f32}}
  %0 = hlo.fft %r, type = IRFFT, length = [16] : (tensor<9xf32>) -> tensor<16xf32>
  return
}

// -----

func.func @irfft_outer_length(%c: tensor<4x9xcomplex<f32>>) {
  // expected-error @+1 {{IRFFT needs the innermost dimensions but the last to match fft_length [5, 16], but operand dimension 0 has size 4}}
  %0 = hlo.fft %c, type = IRFFT, length = [5, 16] : (tensor<4x9xcomplex<f32>>) -> tensor<4x16xf32>
  return
}

// -----

func.func @irfft_last_length(%c: tensor<4x9xcomplex<f32>>) {
  // expected-error @+1 {{IRFFT needs the innermost dimension to have size fft_length[-1] / 2 + 1 = 10, but operand dimension 1 has size 9}}
  %0 = hlo.fft %c, type = IRFFT, length = [18] : (tensor<4x9xcomplex<f32>>) -> tensor<4x18xf32>
  return
}

// -----

func.func @rfft_result(%r: tensor<16xf32>) {
  // expected-error @+1 {{result #0 has type tensor<16xcomplex<f32>>, but shape inference gives tensor<9xcomplex<f32>>}}
  %0 = hlo.fft %r, type = RFFT, length = [16] : (tensor<16xf32>) -> tensor<16xcomplex<f32>>
  return
}

// -----

// hlo.cholesky: float or complex batches of square matrices.

func.func @cholesky_integers(%a: tensor<3x3xi32>) {
  // expected-error @+1 {{a must have float or complex elements, found i32}}
  %0 = hlo.cholesky %a, lower = true : tensor<3x3xi32>
  return
}

// -----

func.func @cholesky_vector(%a: tensor<3xf32>) {
  // expected-error @+1 {{a must have rank 2 or more (matrices), found rank 1 (tensor<3xf32>)}}
  %0 = hlo.cholesky %a, lower = true : tensor<3xf32>
  return
}

// -----

func.func @cholesky_not_square(%a: tensor<2x3x4xf32>) {
  // expected-error @+1 {{a must hold square matrices, but its two minor dimensions have sizes 3 and 4}}
  %0 = hlo.cholesky %a, lower = false : tensor<2x3x4xf32>
  return
}

// -----

func.func @cholesky_lower_kind(%a: tensor<3x3xf32>) {
  // expected-error @+1 {{attribute 'lower' must be a bool attribute, found 1}}
  %0 = "hlo.cholesky"(%a) {lower = 1} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return
}

// -----

// hlo.triangular_solve: a and b of one float or complex type and one rank of 2 or more;
// square matrices in a, sharing their size with b's rows (left side) or columns; equal
// batch dimensions; a transpose option.

func.func @solve_integers(%a: tensor<3x3xi32>, %b: tensor<3x4xi32>) {
  // expected-error @+1 {{a must have float or complex elements, found i32}}
  %0 = hlo.triangular_solve %a, %b, left_side = true, lower = true, unit_diagonal = false, transpose_a = NO_TRANSPOSE : (tensor<3x3xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  return
}

// -----

func.func @solve_element_types(%a: tensor<3x3xf32>, %b: tensor<3x4xf64>) {
  // expected-error @+1 {{b has element type f64, but a has f32}}
  %0 = hlo.triangular_solve %a, %b, left_side = true, lower = true, unit_diagonal = false, transpose_a = NO_TRANSPOSE : (tensor<3x3xf32>, tensor<3x4xf64>) -> tensor<3x4xf64>
  return
}

// -----

func.func @solve_vector(%a: tensor<3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{a must have rank 2 or more (matrices), found rank 1 (tensor<3xf32>)}}
  %0 = hlo.triangular_solve %a, %b, left_side = true, lower = true, unit_diagonal = false, transpose_a = NO_TRANSPOSE : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @solve_not_square(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{a must hold square matrices, but its two minor dimensions have sizes 3 and 4}}
  %0 = hlo.triangular_solve %a, %b, left_side = true, lower = true, unit_diagonal = false, transpose_a = NO_TRANSPOSE : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @solve_ranks(%a: tensor<3x3xf32>, %b: tensor<2x3x4xf32>) {
  // expected-error @+1 {{b has rank 3 (tensor<2x3x4xf32>), but a has rank 2}}
  %0 = hlo.triangular_solve %a, %b, left_side = true, lower = true, unit_diagonal = false, transpose_a = NO_TRANSPOSE : (tensor<3x3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @solve_shared_dimension(%a: tensor<3x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{b dimension 1 has size 4, but a's matrices are 3x3 (left_side = false)}}
  %0 = hlo.triangular_solve %a, %b, left_side = false, lower = true, unit_diagonal = false, transpose_a = TRANSPOSE : (tensor<3x3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @solve_batch(%a: tensor<2x3x3xf32>, %b: tensor<5x3x4xf32>) {
  // expected-error @+1 {{batch dimension 0 of b has size 5, but that of a has size 2}}
  %0 = hlo.triangular_solve %a, %b, left_side = true, lower = true, unit_diagonal = false, transpose_a = NO_TRANSPOSE : (tensor<2x3x3xf32>, tensor<5x3x4xf32>) -> tensor<5x3x4xf32>
  return
}

// -----

func.func @solve_transpose(%a: tensor<3x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{attribute 'transpose_a' must be a transpose option, one of NO_TRANSPOSE TRANSPOSE ADJOINT, found "CONJUGATE"}}
  %0 = hlo.triangular_solve %a, %b, left_side = true, lower = true, unit_diagonal = false, transpose_a = CONJUGATE : (tensor<3x3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @solve_result(%a: tensor<3x3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{result #0 has type tensor<3x3xf32>, but shape inference gives tensor<3x4xf32>}}
  %0 = hlo.triangular_solve %a, %b, left_side = true, lower = true, unit_diagonal = false, transpose_a = NO_TRANSPOSE : (tensor<3x3xf32>, tensor<3x4xf32>) -> tensor<3x3xf32>
  return
}

// -----

// The batch normalization ops: float operands of one element type; feature_index a
// dimension of the operand; 1-d per-feature operands of the feature dimension's size;
// grad_output of the operand's shape; an f32 epsilon.

func.func @bn_integers(%x: tensor<8x4xi32>, %s: tensor<4xi32>) {
  // expected-error @+1 {{operand 'operand' must be a tensor of floats, found tensor<8x4xi32>}}
  %0:3 = hlo.batch_norm_training %x, %s, %s, epsilon = 0.001, feature_index = 1 : (tensor<8x4xi32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<8x4xi32>, tensor<4xi32>, tensor<4xi32>)
  return
}

// -----

func.func @bn_feature_index(%x: tensor<8x4xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{feature_index 2 is out of range for operand of rank 2}}
  %0:3 = hlo.batch_norm_training %x, %s, %s, epsilon = 0.001, feature_index = 2 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @bn_negative_feature_index(%x: tensor<8x4xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{feature_index -1 is out of range for operand of rank 2}}
  %0 = hlo.batch_norm_inference %x, %s, %s, %s, %s, epsilon = 0.001, feature_index = -1 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @bn_element_types(%x: tensor<8x4xf32>, %s: tensor<4xf32>, %h: tensor<4xf16>) {
  // expected-error @+1 {{variance has element type f16, but operand has f32}}
  %0 = hlo.batch_norm_inference %x, %s, %s, %s, %h, epsilon = 0.001, feature_index = 1 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf16>) -> tensor<8x4xf32>
  return
}

// -----

func.func @bn_per_feature_rank(%x: tensor<8x4xf32>, %s: tensor<4xf32>, %m: tensor<1x4xf32>) {
  // expected-error @+1 {{mean must be 1-d (one entry per feature), found tensor<1x4xf32>}}
  %0:3 = hlo.batch_norm_grad %x, %s, %m, %s, %x, epsilon = 0.001, feature_index = 1 : (tensor<8x4xf32>, tensor<4xf32>, tensor<1x4xf32>, tensor<4xf32>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @bn_per_feature_size(%x: tensor<8x4xf32>, %s: tensor<8xf32>) {
  // expected-error @+1 {{scale has 8 entries, but the feature dimension (operand dimension 1) has size 4}}
  %0:3 = hlo.batch_norm_training %x, %s, %s, epsilon = 0.001, feature_index = 1 : (tensor<8x4xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<8x4xf32>, tensor<8xf32>, tensor<8xf32>)
  return
}

// -----

func.func @bn_grad_output_shape(%x: tensor<8x4xf32>, %s: tensor<4xf32>, %dy: tensor<4x8xf32>) {
  // expected-error @+1 {{grad_output (tensor<4x8xf32>) must have the shape of operand (tensor<8x4xf32>)}}
  %0:3 = hlo.batch_norm_grad %x, %s, %s, %s, %dy, epsilon = 0.001, feature_index = 1 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4x8xf32>) -> (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @bn_results(%x: tensor<8x4xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{result #1 has type tensor<8xf32>, but shape inference gives tensor<4xf32>}}
  %0:3 = hlo.batch_norm_training %x, %s, %s, epsilon = 0.001, feature_index = 1 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<8x4xf32>, tensor<8xf32>, tensor<4xf32>)
  return
}

// -----

func.func @bn_epsilon_f64(%x: tensor<8x4xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{attribute 'epsilon' must be a 32-bit float attribute (f32), found 0.001}}
  %0 = "hlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 0.001 : f64, feature_index = 1} : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @bn_missing_feature_index(%x: tensor<8x4xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{requires attribute 'feature_index'}}
  %0 = hlo.batch_norm_inference %x, %s, %s, %s, %s, epsilon = 0.001 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @bn_epsilon_not_float(%x: tensor<8x4xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{expected a float for epsilon}}
  %0 = hlo.batch_norm_inference %x, %s, %s, %s, %s, epsilon = "small", feature_index = 1 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @bn_epsilon_twice(%x: tensor<8x4xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{'epsilon' is given twice}}
  %0 = hlo.batch_norm_inference %x, %s, %s, %s, %s, epsilon = 0.001, epsilon = 0.001, feature_index = 1 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @bn_unknown_clause(%x: tensor<8x4xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{expected an operand, epsilon or feature_index, found 'momentum'}}
  %0 = hlo.batch_norm_inference %x, %s, %s, %s, %s, momentum = 0.9, feature_index = 1 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @fft_missing_type(%c: tensor<8xcomplex<f32>>) {
  // expected-error @+1 {{requires attribute 'fft_type'}}
  %0 = "hlo.fft"(%c) {fft_length = array<i64: 8>} : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return
}
