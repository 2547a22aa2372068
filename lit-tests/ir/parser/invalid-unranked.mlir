// RUN: xla-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{expected 'x' after '*' in an unranked tensor type}}
func.func @no_x(%x: tensor<*f32>) {
  return
}

// -----

// expected-error @+1 {{'*' must be the whole dimension list of an unranked tensor}}
func.func @star_after_dims(%x: tensor<2x*xf32>) {
  return
}
