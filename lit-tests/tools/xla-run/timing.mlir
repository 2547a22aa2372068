// RUN: xla-run %s --timing 2>&1 | FileCheck %s
// RUN: xla-run %s --interpret --timing 2>&1 | FileCheck %s --check-prefix=INTERPRETED

// --timing on a compiled run prints the wall time of each phase of compiling the entries,
// then of linking and loading them, before the results; an interpreted run compiles
// nothing and prints no report.

// CHECK:       ----Wall Time----  ----Name----
// CHECK-NEXT:  inline
// CHECK:       lower-to-llvm
// CHECK-NEXT:  translation to LLVM IR
// CHECK-NEXT:  LLVM optimization
// CHECK-NEXT:  object emission
// CHECK-NEXT:  linking and loading
// CHECK-NEXT:  (100.0%)  Total
// CHECK:       @main result 0: f32[2] [2, 4]

// INTERPRETED-NOT: Execution time report
// INTERPRETED:     @main result 0: f32[2] [2, 4]

func.func @main() -> tensor<2xf32> {
  %x = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %y = hlo.add %x, %x : tensor<2xf32>
  return %y : tensor<2xf32>
}
