// RUN: xla-opt %s --lower-to-loops --lower-to-llvm --emit=llvm-ir | FileCheck %s

// hlo to loops to the llvm dialect to LLVM IR: the entry wrapper xla_main is the only
// external function; O3 inlines the internal @main into it.
// CHECK-LABEL: define {{.*}}i32 @xla_main(ptr {{.*}}%0, ptr {{.*}}%1, ptr {{.*}}%2, ptr {{.*}}%3)
// CHECK:         fmul
// CHECK:         ret i32 0
// CHECK-NOT:   define
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.multiply %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
