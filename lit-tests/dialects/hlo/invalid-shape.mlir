// RUN: xla-opt %s --split-input-file --verify-diagnostics

// Every verification rule and shape-function error of the shape ops: hlo.reshape,
// hlo.collapse, hlo.transpose, hlo.broadcast, hlo.get_dimension_size and
// hlo.set_dimension_size.

func.func @reshape_element_type(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.reshape' op the result element type i32 differs from the operand element type f32}}
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xi32>
  return
}

// -----

func.func @reshape_element_count(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.reshape' op the result (tensor<7xf32>) has 7 elements, but the operand (tensor<2x3xf32>) has 6}}
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<7xf32>
  return
}

// -----

func.func @collapse_nothing(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.collapse' op dimensions must name at least one dimension}}
  %0 = hlo.collapse %x, dims = [] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @collapse_out_of_range(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.collapse' op dimensions[1] = 2 is out of range for an operand of rank 2}}
  %0 = hlo.collapse %x, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<6xf32>
  return
}

// -----

func.func @collapse_not_consecutive(%x: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'hlo.collapse' op dimensions must be consecutive and increasing, found [0, 2]}}
  %0 = hlo.collapse %x, dims = [0, 2] : (tensor<2x3x4xf32>) -> tensor<8x3xf32>
  return
}

// -----

func.func @collapse_out_of_order(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.collapse' op dimensions must be consecutive and increasing, found [1, 0]}}
  %0 = hlo.collapse %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<6xf32>
  return
}

// -----

// The merged size of a collapse cannot overflow: a type whose sizes multiply past i64 is
// rejected where it is written (the collapse's own check is a unit test).

// expected-error @+1 {{the type tensor<4294967296x4294967296xf32> is too large: the product of its dimension sizes overflows i64}}
func.func @collapse_overflow(%x: tensor<4294967296x4294967296xf32>) {
  %0 = hlo.collapse %x, dims = [0, 1] : (tensor<4294967296x4294967296xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @collapse_wrong_result(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.collapse' op result #0 has type tensor<5xf32>, but shape inference gives tensor<6xf32>}}
  %0 = hlo.collapse %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @transpose_length(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.transpose' op permutation has 3 entries, but the operand has rank 2}}
  %0 = hlo.transpose %x, dims = [1, 0, 2] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @transpose_out_of_range(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.transpose' op permutation[0] = -1 is out of range for an operand of rank 2}}
  %0 = hlo.transpose %x, dims = [-1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @transpose_repeated(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.transpose' op permutation contains 0 twice}}
  %0 = hlo.transpose %x, dims = [0, 0] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @transpose_wrong_result(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.transpose' op result #0 has type tensor<2x3xf32>, but shape inference gives tensor<3x2xf32>}}
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @broadcast_negative(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.broadcast' op broadcast_sizes[1] = -3 must be non-negative}}
  %0 = hlo.broadcast %x, sizes = [2, -3] : (tensor<4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @broadcast_wrong_result(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.broadcast' op result #0 has type tensor<4x2xf32>, but shape inference gives tensor<2x4xf32>}}
  %0 = hlo.broadcast %x, sizes = [2] : (tensor<4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @get_dimension_size_out_of_range(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.get_dimension_size' op dimension 2 is out of range for an operand of rank 2}}
  %0 = hlo.get_dimension_size %x, dim = 2 : tensor<2x3xf32>
  return
}

// -----

func.func @get_dimension_size_result(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.get_dimension_size' op result #0 has type tensor<i64>, but shape inference gives tensor<i32>}}
  %0 = "hlo.get_dimension_size"(%x) {dimension = 0} : (tensor<2x3xf32>) -> tensor<i64>
  return
}

// -----

func.func @set_dimension_size_out_of_range(%x: tensor<2x3xf32>, %n: tensor<i32>) {
  // expected-error @+1 {{'hlo.set_dimension_size' op dimension -1 is out of range for an operand of rank 2}}
  %0 = hlo.set_dimension_size %x, %n, dim = -1 : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @set_dimension_size_type(%x: tensor<2x3xf32>, %n: tensor<i64>) {
  // expected-error @+1 {{'hlo.set_dimension_size' op size must be a 0-d i32 tensor, found tensor<i64>}}
  %0 = hlo.set_dimension_size %x, %n, dim = 0 : (tensor<2x3xf32>, tensor<i64>) -> tensor<<=2x3xf32>
  return
}

// -----

func.func @set_dimension_size_result(%x: tensor<2x3xf32>, %n: tensor<i32>) {
  // expected-error @+1 {{'hlo.set_dimension_size' op result #0 has type tensor<2x4xf32>, but shape inference gives tensor<2x<=3xf32>}}
  %0 = hlo.set_dimension_size %x, %n, dim = 1 : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x4xf32>
  return
}
