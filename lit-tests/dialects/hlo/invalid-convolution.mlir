// RUN: xla-opt %s --split-input-file --verify-diagnostics

// hlo.convolution: one element type; one number of spatial dimensions in the three
// dimension-number groups, and operands of that rank plus two; each group a permutation
// of the dimensions; positive group counts, not both above 1, that divide the features
// and batch as XLA requires; non-empty kernel windows; positive strides and dilations;
// [low, high] padding that leaves no negative size; 0/1 reversal flags; the inferred
// result. Then the custom form's dim_labels and clauses.

func.func @element_types(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xi32>) {
  // expected-error @+1 {{lhs and rhs must have the same element type, found f32 and i32}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xi32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @precision_count(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{precision_config must have no entry or one per operand (2), found 3}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, feature_group_count = 1, batch_group_count = 1 {precision_config = ["HIGH", "HIGH", "HIGH"]} : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @missing_dimension_numbers(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{requires attribute 'input_batch_dimension'}}
  %0 = hlo.convolution %x, %w, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @missing_group_count(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{requires attribute 'batch_group_count'}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, feature_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @kernel_spatial_count(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{kernel_spatial_dimensions has 1 entries, but input_spatial_dimensions has 2}}
  %0 = hlo.convolution %x, %w, feature_group_count = 1, batch_group_count = 1 {input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = array<i64: 0>, output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = array<i64: 1, 2>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @output_spatial_count(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{output_spatial_dimensions has 3 entries, but input_spatial_dimensions has 2}}
  %0 = hlo.convolution %x, %w, feature_group_count = 1, batch_group_count = 1 {input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = array<i64: 1, 2, 4>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @lhs_rank(%x: tensor<1x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{lhs has rank 3 (tensor<1x4x3xf32>), expected 4 for 2 spatial dimensions}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @rhs_rank(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x1x8xf32>) {
  // expected-error @+1 {{rhs has rank 5 (tensor<3x3x3x1x8xf32>), expected 4 for 2 spatial dimensions}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x1x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @input_dimension_out_of_range(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{input_spatial_dimensions[1] = 4 is out of range for lhs of rank 4}}
  %0 = hlo.convolution %x, %w, feature_group_count = 1, batch_group_count = 1 {input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = array<i64: 1, 4>, kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = array<i64: 1, 2>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @input_dimension_twice(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{input_batch_dimension and input_feature_dimension both name lhs dimension 0}}
  %0 = hlo.convolution %x, %w, feature_group_count = 1, batch_group_count = 1 {input_batch_dimension = 0, input_feature_dimension = 0, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = array<i64: 1, 2>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @kernel_dimension_negative(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{kernel_input_feature_dimension = -1 is out of range for rhs of rank 4}}
  %0 = hlo.convolution %x, %w, feature_group_count = 1, batch_group_count = 1 {input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = -1, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = array<i64: 1, 2>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @kernel_dimension_twice(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{kernel_output_feature_dimension and kernel_spatial_dimensions[1] both name rhs dimension 3}}
  %0 = hlo.convolution %x, %w, feature_group_count = 1, batch_group_count = 1 {input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = array<i64: 0, 3>, output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = array<i64: 1, 2>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @output_dimension_out_of_range(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{output_feature_dimension = 7 is out of range for the result of rank 4}}
  %0 = hlo.convolution %x, %w, feature_group_count = 1, batch_group_count = 1 {input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0, output_feature_dimension = 7, output_spatial_dimensions = array<i64: 1, 2>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @output_dimension_twice(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{output_spatial_dimensions[0] and output_spatial_dimensions[1] both name the result dimension 1}}
  %0 = hlo.convolution %x, %w, feature_group_count = 1, batch_group_count = 1 {input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = array<i64: 1, 1>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @feature_group_count_zero(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{feature_group_count must be positive, found 0}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, feature_group_count = 0, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @batch_group_count_negative(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{batch_group_count must be positive, found -2}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, feature_group_count = 1, batch_group_count = -2 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @both_groups(%x: tensor<4x4x4x4xf32>, %w: tensor<3x3x2x8xf32>) {
  // expected-error @+1 {{feature_group_count (2) and batch_group_count (2) cannot both be greater than 1}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, feature_group_count = 2, batch_group_count = 2 : (tensor<4x4x4x4xf32>, tensor<3x3x2x8xf32>) -> tensor<2x2x2x8xf32>
  return
}

// -----

func.func @input_features_not_divisible(%x: tensor<1x4x4x6xf32>, %w: tensor<3x3x1x8xf32>) {
  // expected-error @+1 {{the input feature dimension (size 6) must be a multiple of feature_group_count (4)}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, feature_group_count = 4, batch_group_count = 1 : (tensor<1x4x4x6xf32>, tensor<3x3x1x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @kernel_input_features(%x: tensor<1x4x4x6xf32>, %w: tensor<3x3x2x8xf32>) {
  // expected-error @+1 {{the input feature dimension (size 6) divided by feature_group_count (2) must equal the kernel input feature dimension (size 2)}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, feature_group_count = 2, batch_group_count = 1 : (tensor<1x4x4x6xf32>, tensor<3x3x2x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @kernel_output_features_by_feature_groups(%x: tensor<1x4x4x6xf32>, %w: tensor<3x3x2x5xf32>) {
  // expected-error @+1 {{the kernel output feature dimension (size 5) must be a multiple of feature_group_count (3)}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, feature_group_count = 3, batch_group_count = 1 : (tensor<1x4x4x6xf32>, tensor<3x3x2x5xf32>) -> tensor<1x2x2x5xf32>
  return
}

// -----

func.func @kernel_output_features_by_batch_groups(%x: tensor<6x4x4x3xf32>, %w: tensor<3x3x3x5xf32>) {
  // expected-error @+1 {{the kernel output feature dimension (size 5) must be a multiple of batch_group_count (3)}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, feature_group_count = 1, batch_group_count = 3 : (tensor<6x4x4x3xf32>, tensor<3x3x3x5xf32>) -> tensor<2x2x2x5xf32>
  return
}

// -----

func.func @batch_not_divisible(%x: tensor<5x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{the input batch dimension (size 5) must be a multiple of batch_group_count (2)}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, feature_group_count = 1, batch_group_count = 2 : (tensor<5x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<2x2x2x8xf32>
  return
}

// -----

func.func @empty_window(%x: tensor<1x4x4x3xf32>, %w: tensor<3x0x3x8xf32>) {
  // expected-error @+1 {{kernel spatial dimension 1 (rhs dimension 1) has size 0, but a window must not be empty}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x0x3x8xf32>) -> tensor<1x2x5x8xf32>
  return
}

// -----

func.func @stride_count(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{window_strides has 1 entries, expected 2 (one per spatial dimension)}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, window = {stride = [1]}, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @stride_not_positive(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{window_strides[1] = 0 must be positive}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, window = {stride = [1, 0]}, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @lhs_dilation_not_positive(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{lhs_dilation[0] = 0 must be positive}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, window = {lhs_dilate = [0, 1]}, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @rhs_dilation_count(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{rhs_dilation has 3 entries, expected 2 (one per spatial dimension)}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, window = {rhs_dilate = [1, 1, 1]}, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @padding_not_a_pair(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{padding[0] must be a [low, high] pair, found [0, 0, 0]}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, window = {pad = [[0, 0, 0], [0, 0]]}, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @padding_too_negative(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{spatial dimension 1 has negative size -2 after padding [-3, -3]}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, window = {pad = [[0, 0], [-3, -3]]}, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x0x8xf32>
  return
}

// -----

func.func @reversal_count(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{window_reversal has 1 entries, expected 2 (one per spatial dimension)}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, window = {reverse = [1]}, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @reversal_not_a_flag(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{window_reversal[1] = 2 must be 0 or 1}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, window = {reverse = [0, 2]}, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @wrong_result(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{result #0 has type tensor<1x4x4x8xf32>, but shape inference gives tensor<1x2x2x8xf32>}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x4x4x8xf32>
  return
}

// -----

func.func @group_count_kind(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{attribute 'feature_group_count' must be an integer attribute, found "1"}}
  %0 = "hlo.convolution"(%x, %w) {batch_group_count = 1, feature_group_count = "1", input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = array<i64: 1, 2>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

// The custom form: dim_labels and the clauses.

func.func @labels_form(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{dim_labels 'b01f01io->b01f' must have the form <input>_<kernel>-><output>, as b01f_01io->b01f}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f01io->b01f, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @labels_rank(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{dim_labels 'b01f_01io->b0f' must label the input, kernel and output with one rank}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b0f, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @labels_too_short(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{dim_labels 'b_i->b' must label at least two dimensions per operand}}
  %0 = hlo.convolution %x, %w, dim_labels = b_i->b, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @labels_unknown(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{dim_labels 'b01f_01xo->b01f': 'x' is not a label of the kernel (expected i, o, 0-1)}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01xo->b01f, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @labels_twice(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{dim_labels 'b00f_01io->b01f': the input labels '0' twice}}
  %0 = hlo.convolution %x, %w, dim_labels = b00f_01io->b01f, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @labels_output_twice(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{dim_labels 'b01f_01io->b01b': the output labels 'b' twice}}
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01b, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @labels_not_labels(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{expected dimension labels such as b01f_01io->b01f, found '['}}
  %0 = hlo.convolution %x, %w, dim_labels = [b, 0, 1, f], feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @unknown_clause(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{expected dim_labels, window, feature_group_count or batch_group_count, found 'strides'}}
  %0 = hlo.convolution %x, %w, strides = [1, 1], feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @clause_twice(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{'feature_group_count' is given twice}}
  %0 = hlo.convolution %x, %w, feature_group_count = 1, feature_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}

// -----

func.func @unknown_window_key(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x8xf32>) {
  // expected-error @+1 {{unknown window key 'size', expected one of: stride, pad, lhs_dilate, rhs_dilate, reverse}}
  %0 = hlo.convolution %x, %w, window = {size = [3, 3]}, feature_group_count = 1, batch_group_count = 1 : (tensor<1x4x4x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x2x2x8xf32>
  return
}
