// RUN: not xla-run %s 2>&1 | FileCheck %s

// A failed allocation in compiled code (a 256 TiB temporary, more than the address space,
// so that no overcommitting kernel grants it) ends the entry with status 2, which xla-run
// reports; nothing crashes.

// CHECK: xla-run: @main: the compiled code failed with status 2: OUT_OF_MEMORY
func.func @main() -> tensor<f32> {
  %i = hlo.iota dim = 0 : tensor<8388608x8388608xf32>
  %e = hlo.exponential %i : tensor<8388608x8388608xf32>
  %a = hlo.add %e, %e : tensor<8388608x8388608xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %r = hlo.reduce(%a init: %zero) dimensions = [0, 1] : (tensor<8388608x8388608xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = hlo.add %x, %y : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  func.return %r : tensor<f32>
}
