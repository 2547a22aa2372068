// A transpose-heavy program: both arguments are transposed, used several times and the result
// is wanted column-major. With layout-assignment both transposes become bitcasts and every
// loop runs in the arguments' physical order; without it (`xla-run --no-layout-assignment`)
// the transposes are materialized and the result is copied into its layout.
//
// Measure: xla-run bench/programs/transpose_heavy.mlir --input x.npy --input y.npy --bench 30
// (x, y: f32[1024,1024]), with and without --no-layout-assignment.
func.func @main(%x: tensor<1024x1024xf32>, %y: tensor<1024x1024xf32>) -> tensor<1024x1024xf32, {0, 1}> {
  %t = hlo.transpose %x, dims = [1, 0] : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %w = hlo.transpose %y, dims = [1, 0] : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %e = hlo.tanh %t : tensor<1024x1024xf32>
  %m = hlo.multiply %t, %w : tensor<1024x1024xf32>
  %s = hlo.add %e, %m : tensor<1024x1024xf32>
  %n = hlo.add %s, %w : tensor<1024x1024xf32>
  %c = hlo.copy %n : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32, {0, 1}>
  func.return %c : tensor<1024x1024xf32, {0, 1}>
}
