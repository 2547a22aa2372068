// RUN: not xla-run %s 2>&1 | FileCheck %s

// A failed allocation in compiled code (a 256 TiB temporary, more than the address space,
// so that no overcommitting kernel grants it) ends the entry with status 2, which xla-run
// reports with the runtime's message; nothing crashes. The sort's result must be materialized (fusion cannot compose
// it into the reduction): its buffer lands in the entry's temp arena, which xla-run cannot
// allocate, so it passes NULL and the entry's own allocation of the arena fails.

// CHECK: xla-run: @main: the compiled code failed with status 2: compiled code: out of memory: could not allocate 512.0 TiB (562949953421312 bytes)
func.func @main() -> tensor<f32> {
  %i = hlo.iota dim = 0 : tensor<70368744177664xf32>
  %e = hlo.exponential %i : tensor<70368744177664xf32>
  %s = hlo.sort(%e) dim = 0 : (tensor<70368744177664xf32>) -> tensor<70368744177664xf32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %p = hlo.compare LT, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  }
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %r = hlo.reduce(%s init: %zero) dimensions = [0] : (tensor<70368744177664xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %t = hlo.add %x, %y : tensor<f32>
    hlo.return %t : tensor<f32>
  }
  func.return %r : tensor<f32>
}
