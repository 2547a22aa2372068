// A two-layer perceptron, relu(x·W1 + b1)·W2 + b2, written by hand in the hlo dialect to
// show the optimization pipeline (lit-tests/passes/canonicalize/mlp-pipeline.mlir). It
// carries work for the pipeline
// `builtin.module(func.func(canonicalize,cse),dce)`:
//   - %bias1_again repeats %bias1 (cse merges them);
//   - %zero_add adds a zero splat, and %scaled multiplies by one (canonicalize folds both);
//   - %unused has no uses (dce and canonicalize remove it).
func.func @main(%x: tensor<4x8xf32>, %w1: tensor<8x16xf32>, %b1: tensor<16xf32>,
                %w2: tensor<16x4xf32>, %b2: tensor<4xf32>) -> tensor<4x4xf32> {
  %h = hlo.dot_general %x, %w1, batching_dims = [] x [], contracting_dims = [1] x [0]
      : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %bias1 = hlo.broadcast_in_dim %b1, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %bias1_again = hlo.broadcast_in_dim %b1, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %unused = hlo.multiply %bias1, %bias1_again : tensor<4x16xf32>
  %hb = hlo.add %h, %bias1_again : tensor<4x16xf32>
  %minus_zero = hlo.constant dense<-0.0> : tensor<4x16xf32>
  %zero_add = hlo.add %hb, %minus_zero : tensor<4x16xf32>
  %zeros = hlo.constant dense<0.0> : tensor<4x16xf32>
  %relu = hlo.maximum %zero_add, %zeros : tensor<4x16xf32>
  %y = hlo.dot_general %relu, %w2, batching_dims = [] x [], contracting_dims = [1] x [0]
      : (tensor<4x16xf32>, tensor<16x4xf32>) -> tensor<4x4xf32>
  %ones = hlo.constant dense<1.0> : tensor<4x4xf32>
  %scaled = hlo.multiply %ones, %y : tensor<4x4xf32>
  %bias2 = hlo.broadcast_in_dim %b2, dims = [1] : (tensor<4xf32>) -> tensor<4x4xf32>
  %out = hlo.add %scaled, %bias2 : tensor<4x4xf32>
  func.return %out : tensor<4x4xf32>
}
