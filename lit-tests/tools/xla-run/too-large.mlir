// RUN: not xla-run --interpret %s 2>&1 | FileCheck %s

// A result that does not fit in memory is an error before anything is allocated.

// CHECK: too-large.mlir:[[@LINE+4]]:{{[0-9]+}}: error: a result of type tensor<100000x100000x100xf32> needs 4000000000000 bytes, more than the interpreter's limit of 4294967296 bytes
// CHECK-NOT: result 0
func.func @main() -> tensor<100000x100000x100xf32> {
  %c = hlo.constant dense<1.0> : tensor<f32>
  %0 = hlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<100000x100000x100xf32>
  func.return %0 : tensor<100000x100000x100xf32>
}
