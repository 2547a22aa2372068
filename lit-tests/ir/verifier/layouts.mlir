// RUN: xla-opt %s --split-input-file --verify-diagnostics

// Layouts on tensor types must fit the shape: minor_to_major is a permutation of the
// dimensions, and padded sizes are one per dimension and no smaller than the dimension.

// expected-error @+1 {{'func.func' op block argument #0 of type tensor<2x3xf32, {0, 0}>: layout minor_to_major [0, 0] is not a permutation of the dimensions 0..2}}
func.func @repeated(%x: tensor<2x3xf32, {0, 0}>) {
  return
}

// -----

// expected-error @+1 {{layout minor_to_major [2, 0] is not a permutation of the dimensions 0..2}}
func.func @out_of_range(%x: tensor<2x3xf32, {2, 0}>) {
  return
}

// -----

// expected-error @+1 {{layout minor_to_major [0] has 1 entries, but the shape has rank 2}}
func.func @too_short(%x: tensor<2x3xf32, {0}>) {
  return
}

// -----

// expected-error @+1 {{padded dimension 1 (4) is smaller than the dimension (5)}}
func.func @padding_too_small(%x: tensor<3x5xf32, {0, 1}, padded = [3, 4]>) {
  return
}

// -----

// expected-error @+1 {{layout has 1 padded dimensions, but the shape has rank 2}}
func.func @padding_rank(%x: tensor<3x5xf32, {0, 1}, padded = [3]>) {
  return
}


// -----

func.func @result_layout(%x: tensor<2xf32>) {
  // expected-error @+1 {{'test.make' op result #0 of type tensor<2xf32, {1}>: layout minor_to_major [1] is not a permutation of the dimensions 0..1}}
  %0 = "test.make"() : () -> tensor<2xf32, {1}>
  return
}

// -----

// Valid layouts, including XLA's padded example, are accepted.
func.func @valid(%x: tensor<2x3xf32, {0, 1}, padded = [3, 5], padding = zero>, %y: tensor<4x5x6xf32, {0, 2, 1}>, %z: tensor<f32, {}>) {
  return
}

// -----

// Buffers (memref) carry layouts under the same rules.

// expected-error @+1 {{'func.func' op block argument #0 of type memref<2x3xf32, {1, 1}>: layout minor_to_major [1, 1] is not a permutation of the dimensions 0..2}}
func.func @memref_layout(%x: memref<2x3xf32, {1, 1}>) {
  return
}
