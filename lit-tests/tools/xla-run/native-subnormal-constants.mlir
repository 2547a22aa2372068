// RUN: xla-run %s | FileCheck %s
// RUN: xla-run --interpret %s | FileCheck %s
// RUN: xla-opt %s --lower-to-loops --lower-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: xla-opt %s --lower-to-loops --lower-to-llvm --emit=llvm-ir | FileCheck %s --check-prefix=IR

// XLA CPU flushes subnormals (FTZ/DAZ), and so does compiled code, also where LLVM folds
// constants at compile time: every function says its denormal mode (preserve-sign), so the
// folded quotient of two constants is 0 as the computed one would be, not 2.91e-42. The
// subnormal divisor 5e-39 reads as zero.

// CHECK: @main result 0: f32[4] [0, 0, 0.5, 0]
// LLVM: llvm.func @main({{.*}}) -> i32 attributes {denormal_fp_math = "preserve-sign", linkage = "internal"{{.*}}}
// IR: attributes #{{[0-9]+}} = { {{.*}}"denormal-fp-math"="preserve-sign,preserve-sign" "denormal-fp-math-f32"="preserve-sign,preserve-sign"
func.func @main() -> tensor<4xf32> {
  %a = hlo.constant dense<[1.0e-38, 2.0e-38, 1.0, 5.0e-39]> : tensor<4xf32>
  %b = hlo.constant dense<[3435.97, 1000.0, 2.0, 0.5]> : tensor<4xf32>
  %0 = hlo.divide %a, %b : tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
