// RUN: xla-opt %s --split-input-file --verify-diagnostics

// Every verification rule and shape-function error of the data-movement ops:
// hlo.concatenate, hlo.slice, hlo.dynamic_slice, hlo.dynamic_update_slice, hlo.pad, hlo.rev,
// hlo.gather, hlo.scatter, hlo.sort, hlo.tuple, hlo.get_tuple_element and
// hlo.optimization_barrier. The rules gather and scatter share are checked for both.

func.func @concatenate_no_inputs() {
  // expected-error @+1 {{'hlo.concatenate' op needs at least one input}}
  %0 = hlo.concatenate dim = 0 : () -> tensor<2xf32>
  return
}

// -----

func.func @concatenate_dimension(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.concatenate' op dimension 2 is out of range for inputs of rank 2}}
  %0 = hlo.concatenate %a, %a, dim = 2 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @concatenate_element_type(%a: tensor<2x3xf32>, %b: tensor<2x3xi32>) {
  // expected-error @+1 {{'hlo.concatenate' op input #1 has element type i32, but input #0 has f32}}
  %0 = hlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<2x3xi32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @concatenate_rank(%a: tensor<2x3xf32>, %b: tensor<6xf32>) {
  // expected-error @+1 {{'hlo.concatenate' op input #1 (tensor<6xf32>) has rank 1, but input #0 has rank 2}}
  %0 = hlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<6xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @concatenate_other_dimension(%a: tensor<2x3xf32>, %b: tensor<?x3xf32>, %c: tensor<2x4xf32>) {
  // expected-error @+1 {{'hlo.concatenate' op input #2 (tensor<2x4xf32>) differs from the inputs before it in dimension 1: 4 against 3}}
  %0 = hlo.concatenate %a, %b, %c, dim = 0 : (tensor<2x3xf32>, tensor<?x3xf32>, tensor<2x4xf32>) -> tensor<?x3xf32>
  return
}

// -----

func.func @concatenate_overflow(%a: tensor<9223372036854775807xi8>) {
  // expected-error @+1 {{'hlo.concatenate' op the concatenated size of dimension 0 overflows i64}}
  %0 = hlo.concatenate %a, %a, dim = 0 : (tensor<9223372036854775807xi8>, tensor<9223372036854775807xi8>) -> tensor<?xi8>
  return
}

// -----

func.func @concatenate_result(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.concatenate' op result #0 has type tensor<5x3xf32>, but shape inference gives tensor<4x3xf32>}}
  %0 = hlo.concatenate %a, %a, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @slice_start_indices_length(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{'hlo.slice' op start_indices has 1 entries, but the operand has rank 2}}
  %0 = "hlo.slice"(%x) {limit_indices = array<i64: 1, 1>, start_indices = array<i64: 0>, strides = array<i64: 1, 1>} : (tensor<4x6xf32>) -> tensor<1x1xf32>
  return
}

// -----

func.func @slice_limit_indices_length(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{'hlo.slice' op limit_indices has 1 entries, but the operand has rank 2}}
  %0 = "hlo.slice"(%x) {limit_indices = array<i64: 1>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>} : (tensor<4x6xf32>) -> tensor<1x1xf32>
  return
}

// -----

func.func @slice_strides_length(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{'hlo.slice' op strides has 1 entries, but the operand has rank 2}}
  %0 = "hlo.slice"(%x) {limit_indices = array<i64: 1, 1>, start_indices = array<i64: 0, 0>, strides = array<i64: 1>} : (tensor<4x6xf32>) -> tensor<1x1xf32>
  return
}

// -----

func.func @slice_negative_start(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{'hlo.slice' op start_indices[1] = -1 must be non-negative}}
  %0 = hlo.slice %x [0:1, -1:1] : (tensor<4x6xf32>) -> tensor<1x2xf32>
  return
}

// -----

func.func @slice_start_after_limit(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{'hlo.slice' op start_indices[0] = 3 exceeds limit_indices[0] = 2}}
  %0 = hlo.slice %x [3:2, 0:1] : (tensor<4x6xf32>) -> tensor<0x1xf32>
  return
}

// -----

func.func @slice_limit_out_of_range(%x: tensor<4x<=6xf32>) {
  // expected-error @+1 {{'hlo.slice' op limit_indices[1] = 7 exceeds the size <=6 of operand dimension 1}}
  %0 = hlo.slice %x [0:4, 0:7] : (tensor<4x<=6xf32>) -> tensor<4x7xf32>
  return
}

// -----

func.func @slice_stride(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{'hlo.slice' op strides[0] = 0 must be positive}}
  %0 = hlo.slice %x [0:4:0, 0:6] : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return
}

// -----

func.func @slice_result(%x: tensor<4x6xf32>) {
  // expected-error @+1 {{'hlo.slice' op result #0 has type tensor<4x3xf32>, but shape inference gives tensor<4x2xf32>}}
  %0 = hlo.slice %x [0:4, 1:6:3] : (tensor<4x6xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @dynamic_slice_index_count(%x: tensor<4x4xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op needs one start index per operand dimension (2), found 1}}
  %0 = hlo.dynamic_slice %x, %i, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @dynamic_slice_index_rank(%x: tensor<4x4xf32>, %i: tensor<i32>, %j: tensor<1xi32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op start index #1 must be a 0-d integer tensor, found tensor<1xi32>}}
  %0 = hlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i32>, tensor<1xi32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @dynamic_slice_index_float(%x: tensor<4x4xf32>, %i: tensor<f32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op start index #0 must be a 0-d integer tensor, found tensor<f32>}}
  %0 = hlo.dynamic_slice %x, %i, %i, sizes = [2, 2] : (tensor<4x4xf32>, tensor<f32>, tensor<f32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @dynamic_slice_index_types(%x: tensor<4x4xf32>, %i: tensor<i32>, %j: tensor<ui32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op start index #1 has type tensor<ui32>, but start index #0 has type tensor<i32>}}
  %0 = hlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i32>, tensor<ui32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @dynamic_slice_sizes_length(%x: tensor<4x4xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op slice_sizes has 1 entries, but the operand has rank 2}}
  %0 = hlo.dynamic_slice %x, %i, %i, sizes = [2] : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2xf32>
  return
}

// -----

func.func @dynamic_slice_negative_size(%x: tensor<4x4xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op slice_sizes[1] = -2 must be non-negative}}
  %0 = hlo.dynamic_slice %x, %i, %i, sizes = [2, -2] : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @dynamic_slice_size_too_large(%x: tensor<4x4xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op slice_sizes[0] = 5 exceeds the size 4 of operand dimension 0}}
  %0 = hlo.dynamic_slice %x, %i, %i, sizes = [5, 2] : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<5x2xf32>
  return
}

// -----

func.func @dynamic_slice_result(%x: tensor<4x4xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_slice' op result #0 has type tensor<2x3xf32>, but shape inference gives tensor<2x2xf32>}}
  %0 = hlo.dynamic_slice %x, %i, %i, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dynamic_update_slice_element_type(%x: tensor<4x4xf32>, %u: tensor<2x2xf16>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_update_slice' op the update element type f16 differs from the operand element type f32}}
  %0 = hlo.dynamic_update_slice %x, %u, %i, %i : (tensor<4x4xf32>, tensor<2x2xf16>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @dynamic_update_slice_rank(%x: tensor<4x4xf32>, %u: tensor<2xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_update_slice' op the update has rank 1, but the operand has rank 2}}
  %0 = hlo.dynamic_update_slice %x, %u, %i, %i : (tensor<4x4xf32>, tensor<2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @dynamic_update_slice_too_large(%x: tensor<4x4xf32>, %u: tensor<2x5xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_update_slice' op update dimension 1 has size 5, which exceeds the size 4 of operand dimension 1}}
  %0 = hlo.dynamic_update_slice %x, %u, %i, %i : (tensor<4x4xf32>, tensor<2x5xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @dynamic_update_slice_indices(%x: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_update_slice' op needs one start index per operand dimension (2), found 3}}
  %0 = hlo.dynamic_update_slice %x, %u, %i, %i, %i : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @dynamic_update_slice_index_type(%x: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>, %j: tensor<i64>) {
  // expected-error @+1 {{'hlo.dynamic_update_slice' op start index #1 has type tensor<i64>, but start index #0 has type tensor<i32>}}
  %0 = hlo.dynamic_update_slice %x, %u, %i, %j : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i64>) -> tensor<4x4xf32>
  return
}

// -----

func.func @dynamic_update_slice_result(%x: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'hlo.dynamic_update_slice' op result #0 has type tensor<2x2xf32>, but shape inference gives tensor<4x4xf32>}}
  %0 = hlo.dynamic_update_slice %x, %u, %i, %i : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @pad_value_rank(%x: tensor<2x3xf32>, %v: tensor<1xf32>) {
  // expected-error @+1 {{'hlo.pad' op padding_value must be a 0-d tensor, found tensor<1xf32>}}
  %0 = hlo.pad %x, %v, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @pad_value_type(%x: tensor<2x3xf32>, %v: tensor<bf16>) {
  // expected-error @+1 {{'hlo.pad' op padding_value has element type bf16, but the operand has f32}}
  %0 = hlo.pad %x, %v, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<bf16>) -> tensor<2x3xf32>
  return
}

// -----

func.func @pad_low_length(%x: tensor<2x3xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{'hlo.pad' op edge_padding_low has 1 entries, but the operand has rank 2}}
  %0 = hlo.pad %x, %v, low = [0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @pad_high_length(%x: tensor<2x3xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{'hlo.pad' op edge_padding_high has 1 entries, but the operand has rank 2}}
  %0 = hlo.pad %x, %v, low = [0, 0], high = [0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @pad_interior_length(%x: tensor<2x3xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{'hlo.pad' op interior_padding has 1 entries, but the operand has rank 2}}
  %0 = hlo.pad %x, %v, low = [0, 0], high = [0, 0], interior = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @pad_negative_interior(%x: tensor<2x3xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{'hlo.pad' op interior_padding[1] = -1 must be non-negative}}
  %0 = hlo.pad %x, %v, low = [0, 0], high = [0, 0], interior = [0, -1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x1xf32>
  return
}

// -----

func.func @pad_negative_size(%x: tensor<2x3xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{'hlo.pad' op dimension 1 of size 3 padded with low -2, high -2, interior 0 would have negative size -1}}
  %0 = hlo.pad %x, %v, low = [0, -2], high = [0, -2], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x0xf32>
  return
}

// -----

func.func @pad_overflow(%x: tensor<2x3xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{'hlo.pad' op the padded size of dimension 0 overflows i64}}
  %0 = hlo.pad %x, %v, low = [9223372036854775807, 0], high = [1, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<?x3xf32>
  return
}

// -----

func.func @pad_result(%x: tensor<2x3xf32>, %v: tensor<f32>) {
  // expected-error @+1 {{'hlo.pad' op result #0 has type tensor<2x3xf32>, but shape inference gives tensor<3x5xf32>}}
  %0 = hlo.pad %x, %v, low = [1, 0], high = [0, 0], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @rev_out_of_range(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.rev' op dimensions[1] = 2 is out of range for an operand of rank 2}}
  %0 = hlo.rev %x, dims = [0, 2] : tensor<2x3xf32>
  return
}

// -----

func.func @rev_repeated(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.rev' op dimensions contains 1 twice}}
  %0 = hlo.rev %x, dims = [1, 1] : tensor<2x3xf32>
  return
}

// -----

func.func @rev_result(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.rev' op result #0 has type tensor<3x2xf32>, but shape inference gives tensor<2x3xf32>}}
  %0 = "hlo.rev"(%x) {dimensions = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @gather_float_indices(%x: tensor<5x3xf32>, %i: tensor<2x1xf32>) {
  // expected-error @+1 {{'hlo.gather' op start_indices must be a tensor of integers, found tensor<2x1xf32>}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_index_vector_dim(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op index_vector_dim = 3 is out of range for start_indices of rank 2 (it may be at most 2)}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 3, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_negative_index_vector_dim(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op index_vector_dim = -1 is out of range for start_indices of rank 2 (it may be at most 2)}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = -1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_collapsed_unsorted(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op collapsed_slice_dims must be sorted, found [1, 0]}}
  %0 = hlo.gather %x[%i], offset_dims = [], collapsed_slice_dims = [1, 0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_collapsed_repeated(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op collapsed_slice_dims contains 0 twice}}
  %0 = hlo.gather %x[%i], offset_dims = [], collapsed_slice_dims = [0, 0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_collapsed_out_of_range(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op collapsed_slice_dims[0] = 2 is out of range for the operand of rank 2}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [2], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_batching_unsorted(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op operand_batching_dims must be sorted, found [1, 0]}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [], operand_batching_dims = [1, 0], start_indices_batching_dims = [0, 1], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_batching_repeated(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op operand_batching_dims contains 0 twice}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [], operand_batching_dims = [0, 0], start_indices_batching_dims = [0, 1], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_batching_out_of_range(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op operand_batching_dims[0] = 5 is out of range for the operand of rank 2}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [5], start_indices_batching_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_collapsed_and_batching(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op dimension 0 is in both collapsed_slice_dims and operand_batching_dims}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_map_out_of_range(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op start_index_map[0] = 2 is out of range for the operand of rank 2}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [2], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_map_repeated(%x: tensor<5x3xf32>, %i: tensor<2x2xi32>) {
  // expected-error @+1 {{'hlo.gather' op start_index_map contains 0 twice}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 0], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x2xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_map_and_batching(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op dimension 0 is in both start_index_map and operand_batching_dims}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_map_length(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op start_index_map has 2 entries, but the index vectors along dimension 1 of start_indices have 1}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_map_length_implicit(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op start_index_map has 2 entries, but the index vectors along dimension 2 of start_indices have 1}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 2, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_indices_batching_out_of_range(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op start_indices_batching_dims[0] = 2 is out of range for start_indices of rank 2}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [], operand_batching_dims = [1], start_indices_batching_dims = [2], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_indices_batching_repeated(%x: tensor<3x5x7xf32>, %i: tensor<4x3x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op start_indices_batching_dims contains 0 twice}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 0], start_index_map = [2], index_vector_dim = 2, slice_sizes = [1, 1, 1] : (tensor<3x5x7xf32>, tensor<4x3x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_indices_batching_vector(%x: tensor<3x5x7xf32>, %i: tensor<4x3x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op start_indices_batching_dims contains index_vector_dim 2}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [2], start_index_map = [2], index_vector_dim = 2, slice_sizes = [1, 1, 1] : (tensor<3x5x7xf32>, tensor<4x3x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_batching_counts(%x: tensor<3x5x7xf32>, %i: tensor<4x3x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op operand_batching_dims has 1 entries, but start_indices_batching_dims has 0}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [], start_index_map = [2], index_vector_dim = 2, slice_sizes = [1, 1, 1] : (tensor<3x5x7xf32>, tensor<4x3x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_batching_sizes(%x: tensor<3x5x7xf32>, %i: tensor<4x3x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op operand_batching_dims[0] = 0 has size 3 in the operand, but start_indices_batching_dims[0] = 0 has size 4 in start_indices}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [2], index_vector_dim = 2, slice_sizes = [1, 1, 1] : (tensor<3x5x7xf32>, tensor<4x3x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_rank(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op offset_dims (0), collapsed_slice_dims (1) and operand_batching_dims (0) must add up to the rank of the operand (2)}}
  %0 = hlo.gather %x[%i], offset_dims = [], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_offset_unsorted(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op offset_dims must be sorted, found [1, 0]}}
  %0 = hlo.gather %x[%i], offset_dims = [1, 0], collapsed_slice_dims = [], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 1] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_offset_repeated(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op offset_dims contains 1 twice}}
  %0 = hlo.gather %x[%i], offset_dims = [1, 1], collapsed_slice_dims = [], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 1] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_offset_out_of_range(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op offset_dims[0] = 2 is out of range for a result of rank 2}}
  %0 = hlo.gather %x[%i], offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_sizes_length(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op slice_sizes has 1 entries, but the operand has rank 2}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_negative_size(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op slice_sizes[1] = -1 must be non-negative}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, -1] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_size_too_large(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op slice_sizes[1] = 4 exceeds the size 3 of operand dimension 1}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 4] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_collapsed_size(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op slice_sizes[0] = 2 must be at most 1, since dimension 0 is in collapsed_slice_dims}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [2, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @gather_batching_size(%x: tensor<3x5x7xf32>, %i: tensor<4x3x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op slice_sizes[0] = 2 must be at most 1, since dimension 0 is in operand_batching_dims}}
  %0 = hlo.gather %x[%i], offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 2, slice_sizes = [2, 1, 7] : (tensor<3x5x7xf32>, tensor<4x3x1xi32>) -> tensor<4x3x7xf32>
  return
}

// -----

func.func @gather_result(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.gather' op result #0 has type tensor<2x2xf32>, but shape inference gives tensor<2x3xf32>}}
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @scatter_float_indices(%x: tensor<5x3xf32>, %i: tensor<2x1xf32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op scatter_indices must be a tensor of integers, found tensor<2x1xf32>}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_index_vector_dim(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op index_vector_dim = 3 is out of range for scatter_indices of rank 2 (it may be at most 2)}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 3 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_inserted_unsorted(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op inserted_window_dims must be sorted, found [1, 0]}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [], inserted_window_dims = [1, 0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_inserted_repeated(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op inserted_window_dims contains 0 twice}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [], inserted_window_dims = [0, 0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_inserted_out_of_range(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op inserted_window_dims[0] = 2 is out of range for the inputs of rank 2}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [2], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_batching_unsorted(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op input_batching_dims must be sorted, found [1, 0]}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [], input_batching_dims = [1, 0], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_batching_repeated(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op input_batching_dims contains 0 twice}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [], input_batching_dims = [0, 0], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_batching_out_of_range(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op input_batching_dims[0] = 2 is out of range for the inputs of rank 2}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [2], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_inserted_and_batching(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op dimension 0 is in both inserted_window_dims and input_batching_dims}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_map_out_of_range(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op scatter_dims_to_operand_dims[0] = -1 is out of range for the inputs of rank 2}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [-1], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_map_repeated(%x: tensor<5x3xf32>, %i: tensor<2x2xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op scatter_dims_to_operand_dims contains 1 twice}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 1], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x2xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_map_and_batching(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op dimension 0 is in both scatter_dims_to_operand_dims and input_batching_dims}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_map_length(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op scatter_dims_to_operand_dims has 2 entries, but the index vectors along dimension 1 of scatter_indices have 1}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_indices_batching_out_of_range(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op scatter_indices_batching_dims[0] = 3 is out of range for scatter_indices of rank 2}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [], input_batching_dims = [1], scatter_indices_batching_dims = [3], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_indices_batching_repeated(%x: tensor<3x5x7xf32>, %i: tensor<4x3x1xi32>, %u: tensor<4x3x7xf32>) {
  // expected-error @+1 {{'hlo.scatter' op scatter_indices_batching_dims contains 0 twice}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [2], inserted_window_dims = [], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 0], scatter_dims_to_operand_dims = [2], index_vector_dim = 2 : (tensor<3x5x7xf32>, tensor<4x3x1xi32>, tensor<4x3x7xf32>) -> tensor<3x5x7xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_indices_batching_vector(%x: tensor<3x5x7xf32>, %i: tensor<4x3x1xi32>, %u: tensor<4x3x7xf32>) {
  // expected-error @+1 {{'hlo.scatter' op scatter_indices_batching_dims contains index_vector_dim 2}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [2], scatter_dims_to_operand_dims = [1], index_vector_dim = 2 : (tensor<3x5x7xf32>, tensor<4x3x1xi32>, tensor<4x3x7xf32>) -> tensor<3x5x7xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_batching_counts(%x: tensor<3x5x7xf32>, %i: tensor<4x3x1xi32>, %u: tensor<4x3x7xf32>) {
  // expected-error @+1 {{'hlo.scatter' op input_batching_dims has 1 entries, but scatter_indices_batching_dims has 0}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [1], index_vector_dim = 2 : (tensor<3x5x7xf32>, tensor<4x3x1xi32>, tensor<4x3x7xf32>) -> tensor<3x5x7xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_batching_sizes(%x: tensor<3x5x7xf32>, %i: tensor<4x3x1xi32>, %u: tensor<4x3x7xf32>) {
  // expected-error @+1 {{'hlo.scatter' op input_batching_dims[0] = 0 has size 3 in the inputs, but scatter_indices_batching_dims[0] = 0 has size 4 in scatter_indices}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2 : (tensor<3x5x7xf32>, tensor<4x3x1xi32>, tensor<4x3x7xf32>) -> tensor<3x5x7xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_window_rank(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op update_window_dims (0), inserted_window_dims (1) and input_batching_dims (0) must add up to the rank of the inputs (2)}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_updates_rank(%x: tensor<5x3xf32>, %i: tensor<2x4x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op updates have rank 2, but update_window_dims (1) and the scatter dimensions of scatter_indices (2) make 3}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2 : (tensor<5x3xf32>, tensor<2x4x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_window_unsorted(%x: tensor<5x3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'hlo.scatter' op update_window_dims must be sorted, found [2, 1]}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [2, 1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3x4xf32>, tensor<2x1xi32>, tensor<2x3x4xf32>) -> tensor<5x3x4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_window_repeated(%x: tensor<5x3x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3x4xf32>) {
  // expected-error @+1 {{'hlo.scatter' op update_window_dims contains 1 twice}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1, 1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3x4xf32>, tensor<2x1xi32>, tensor<2x3x4xf32>) -> tensor<5x3x4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_window_out_of_range(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op update_window_dims[0] = 2 is out of range for updates of rank 2}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_window_too_large(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x4xf32>) {
  // expected-error @+1 {{'hlo.scatter' op updates dimension 1 has size 4, which exceeds the size 3 of input dimension 1}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_scatter_dims(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<3x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op updates dimension 0 has size 3, but scatter_indices dimension 0 has size 2}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<3x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_update_type(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xi32>) {
  // expected-error @+1 {{'hlo.scatter' op update #0 has element type i32, but input #0 has f32}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xi32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_result(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op result #0 has type tensor<5x4xf32>, but shape inference gives tensor<5x3xf32>}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return
}

// -----

func.func @scatter_no_block(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op the update_computation must have exactly one block, found 0}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  }
  return
}

// -----

func.func @scatter_argument_count(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op the update_computation takes 1 arguments, expected 2}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @scatter_argument_type(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op update_computation argument #1 has type tensor<2xf32>, expected tensor<f32>}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<2xf32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @scatter_empty_block(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+2 {{'hlo.scatter' op empty block: expect at least a terminator}}
  // expected-error @+1 {{'hlo.scatter' op the update_computation block is empty; it must end with hlo.return}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
  }
  return
}

// -----

func.func @scatter_no_return(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op the update_computation must end with hlo.return, found 'func.return'}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    func.return %a : tensor<f32>
  }
  return
}

// -----

func.func @scatter_result_count(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op the update_computation returns 2 values, expected 1}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a, %b : tensor<f32>, tensor<f32>
  }
  return
}

// -----

func.func @scatter_result_type(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op update_computation result #0 has type tensor<i1>, expected tensor<f32>}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  }
  return
}

// -----

func.func @scatter_no_inputs(%i: tensor<2x1xi32>) {
  // expected-error @+1 {{'hlo.scatter' op needs at least one input}}
  hlo.scatter()[%i] updates(), update_window_dims = [], inserted_window_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<2x1xi32>) -> () {
  ^bb0:
    hlo.return
  }
  return
}

// -----

func.func @scatter_input_shapes(%x: tensor<5x3xf32>, %y: tensor<5x4xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'hlo.scatter' op input #1 (tensor<5x4xf32>) has a different shape from input #0 (tensor<5x3xf32>)}}
  %0:2 = hlo.scatter(%x, %y)[%i] updates(%u, %u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<5x3xf32>, tensor<5x4xf32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    hlo.return %c, %d : tensor<f32>, tensor<f32>
  }
  return
}

// -----

func.func @scatter_update_shapes(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>, %v: tensor<2x2xf32>) {
  // expected-error @+1 {{'hlo.scatter' op update #1 (tensor<2x2xf32>) has a different shape from update #0 (tensor<2x3xf32>)}}
  %0:2 = hlo.scatter(%x, %x)[%i] updates(%u, %v), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>, tensor<2x2xf32>) -> (tensor<5x3xf32>, tensor<5x3xf32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    hlo.return %c, %d : tensor<f32>, tensor<f32>
  }
  return
}

// -----

func.func @sort_no_inputs() {
  // expected-error @+1 {{'hlo.sort' op needs at least one input}}
  hlo.sort() dim = 0 : () -> () {
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  }
  return
}

// -----

func.func @sort_shapes(%k: tensor<4xi1>, %v: tensor<5xf32>) {
  // expected-error @+1 {{'hlo.sort' op input #1 (tensor<5xf32>) has a different shape from input #0 (tensor<4xi1>)}}
  %0:2 = hlo.sort(%k, %v) dim = 0 : (tensor<4xi1>, tensor<5xf32>) -> (tensor<4xi1>, tensor<5xf32>) {
  ^bb0(%a: tensor<i1>, %b: tensor<i1>, %c: tensor<f32>, %d: tensor<f32>):
    hlo.return %a : tensor<i1>
  }
  return
}

// -----

func.func @sort_dimension(%k: tensor<4xi1>) {
  // expected-error @+1 {{'hlo.sort' op dimension 1 is out of range for inputs of rank 1}}
  %0 = hlo.sort(%k) dim = 1 : (tensor<4xi1>) -> tensor<4xi1> {
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    hlo.return %a : tensor<i1>
  }
  return
}

// -----

func.func @sort_result(%k: tensor<4xi1>) {
  // expected-error @+1 {{'hlo.sort' op result #0 has type tensor<5xi1>, but shape inference gives tensor<4xi1>}}
  %0 = hlo.sort(%k) dim = 0 : (tensor<4xi1>) -> tensor<5xi1> {
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    hlo.return %a : tensor<i1>
  }
  return
}

// -----

func.func @sort_no_block(%k: tensor<4xi1>) {
  // expected-error @+1 {{'hlo.sort' op the comparator must have exactly one block, found 0}}
  %0 = hlo.sort(%k) dim = 0 : (tensor<4xi1>) -> tensor<4xi1> {
  }
  return
}

// -----

func.func @sort_argument_count(%k: tensor<4xi1>) {
  // expected-error @+1 {{'hlo.sort' op the comparator takes 1 arguments, expected 2}}
  %0 = hlo.sort(%k) dim = 0 : (tensor<4xi1>) -> tensor<4xi1> {
  ^bb0(%a: tensor<i1>):
    hlo.return %a : tensor<i1>
  }
  return
}

// -----

func.func @sort_argument_type(%k: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.sort' op comparator argument #0 has type tensor<i1>, expected tensor<f32>}}
  %0 = hlo.sort(%k) dim = 0 : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    hlo.return %a : tensor<i1>
  }
  return
}

// -----

func.func @sort_empty_block(%k: tensor<4xi1>) {
  // expected-error @+2 {{'hlo.sort' op empty block: expect at least a terminator}}
  // expected-error @+1 {{'hlo.sort' op the comparator block is empty; it must end with hlo.return}}
  %0 = hlo.sort(%k) dim = 0 : (tensor<4xi1>) -> tensor<4xi1> {
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
  }
  return
}

// -----

func.func @sort_no_return(%k: tensor<4xi1>) {
  // expected-error @+1 {{'hlo.sort' op the comparator must end with hlo.return, found 'func.return'}}
  %0 = hlo.sort(%k) dim = 0 : (tensor<4xi1>) -> tensor<4xi1> {
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    func.return %a : tensor<i1>
  }
  return
}

// -----

func.func @sort_result_count(%k: tensor<4xi1>) {
  // expected-error @+1 {{'hlo.sort' op the comparator returns 2 values, expected 1}}
  %0 = hlo.sort(%k) dim = 0 : (tensor<4xi1>) -> tensor<4xi1> {
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    hlo.return %a, %b : tensor<i1>, tensor<i1>
  }
  return
}

// -----

func.func @sort_result_type(%k: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.sort' op comparator result #0 has type tensor<f32>, expected tensor<i1>}}
  %0 = hlo.sort(%k) dim = 0 : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @tuple_result(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.tuple' op result #0 has type tuple<tensor<3xf32>>, but shape inference gives tuple<tensor<2xf32>>}}
  %0 = "hlo.tuple"(%x) : (tensor<2xf32>) -> tuple<tensor<3xf32>>
  return
}

// -----

func.func @get_tuple_element_not_a_tuple(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.get_tuple_element' op operand must be a tuple, found tensor<2xf32>}}
  %0 = hlo.get_tuple_element %x[0] : tensor<2xf32>
  return
}

// -----

func.func @get_tuple_element_index(%t: tuple<tensor<2xf32>, tensor<i32>>) {
  // expected-error @+1 {{'hlo.get_tuple_element' op index 2 is out of range for a tuple of 2 elements}}
  %0 = hlo.get_tuple_element %t[2] : tuple<tensor<2xf32>, tensor<i32>>
  return
}

// -----

func.func @get_tuple_element_result(%t: tuple<tensor<2xf32>, tensor<i32>>) {
  // expected-error @+1 {{'hlo.get_tuple_element' op result #0 has type tensor<2xf32>, but shape inference gives tensor<i32>}}
  %0 = "hlo.get_tuple_element"(%t) {index = 1} : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<2xf32>
  return
}

// -----

func.func @optimization_barrier_result(%x: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.optimization_barrier' op result #0 has type tensor<3xf32>, but shape inference gives tensor<2xf32>}}
  %0 = "hlo.optimization_barrier"(%x) : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

// Errors in the custom forms.

func.func @gather_unknown_keyword(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) {
  // expected-error @+1 {{unknown keyword 'offset_dim', expected one of offset_dims, collapsed_slice_dims, operand_batching_dims, start_indices_batching_dims, start_index_map, index_vector_dim, slice_sizes}}
  %0 = hlo.gather %x[%i], offset_dim = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @scatter_keyword_twice(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) {
  // expected-error @+1 {{'index_vector_dim' is given twice}}
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1, index_vector_dim = 1 : (tensor<5x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %b : tensor<f32>
  }
  return
}

// -----

func.func @slice_attribute_twice(%x: tensor<4xf32>) {
  // expected-error @+1 {{attribute 'strides' is given twice}}
  %0 = hlo.slice %x [0:2] {strides = array<i64: 1>} : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @slice_index_too_large(%x: tensor<4xf32>) {
  // expected-error @+1 {{integer does not fit in 64 bits}}
  %0 = hlo.slice %x [0:9223372036854775808] : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @tuple_type_mismatch(%x: tensor<2xf32>) {
  // expected-error @+1 {{expected a tuple of 1 elements, found 2}}
  %0 = hlo.tuple %x : tuple<tensor<2xf32>, tensor<2xf32>>
  return
}

// -----

func.func @tuple_not_a_tuple(%x: tensor<2xf32>) {
  // expected-error @+1 {{expected a tuple type, found tensor<2xf32>}}
  %0 = hlo.tuple %x : tensor<2xf32>
  return
}

// -----

func.func @concatenate_type_count(%x: tensor<2xf32>) {
  // expected-error @+1 {{expected 2 operand type(s), found 1}}
  %0 = hlo.concatenate %x, %x, dim = 0 : (tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

// Each operand's size fits in i64, but the concatenation's element count does not.

func.func @concatenate_too_many_elements(%a: tensor<2147483648x2147483648xi8>) {
  // expected-error @+1 {{'hlo.concatenate' op shape inference gives result #0 a type too large to exist: the type tensor<4294967296x2147483648xi8> is too large: the product of its dimension sizes overflows i64}}
  %0 = hlo.concatenate %a, %a, dim = 0 : (tensor<2147483648x2147483648xi8>, tensor<2147483648x2147483648xi8>) -> tensor<?x?xi8>
  return
}
