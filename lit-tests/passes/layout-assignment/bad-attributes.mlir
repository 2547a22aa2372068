// RUN: xla-opt %s --split-input-file --layout-assignment --verify-diagnostics

// expected-error @+1 {{argument 0: bad 'xla.layout' "{0, x}" at character 5: expected a dimension number}}
func.func @not_a_number(%arg0: tensor<2x3xf32> {xla.layout = "{0, x}"}) -> tensor<2x3xf32> {
  func.return %arg0 : tensor<2x3xf32>
}

// -----

// expected-error @+1 {{result 0: result 0 (tensor<2x3xf32>): layout minor_to_major [0, 1, 2] has 3 entries, but the shape has rank 2}}
func.func @wrong_rank(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32> {xla.layout = "{0, 1, 2}"}) {
  func.return %arg0 : tensor<2x3xf32>
}

// -----

// expected-error @+1 {{argument 0: 'xla.layout' must be a string such as "{1, 0}"}}
func.func @not_a_string(%arg0: tensor<2x3xf32> {xla.layout = 3 : i64}) -> tensor<2x3xf32> {
  func.return %arg0 : tensor<2x3xf32>
}
