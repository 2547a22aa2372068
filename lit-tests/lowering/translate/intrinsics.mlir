// RUN: xla-opt %s --emit=llvm-ir --llvm-opt-level=0 | FileCheck %s
// RUN: xla-opt %s --emit=asm --target-cpu=x86-64-v3 | FileCheck %s --check-prefix=ASM

// Calls to intrinsics declare them on first use, from the call's types; an external
// function (here libm's expf) is declared the same way. On x86-64-v3, llvm.fma.f32 is one
// vfmadd and llvm.exp.f32 a call of expf.

// CHECK-LABEL: define float @softplus_ish(float %0, float %1) {
// CHECK-NEXT:    %[[E:[0-9]+]] = call float @llvm.exp.f32(float %0)
// CHECK-NEXT:    %[[F:[0-9]+]] = call float @llvm.fma.f32(float %[[E]], float %1, float %0)
// CHECK-NEXT:    %[[G:[0-9]+]] = call float @expf(float %[[F]])
// CHECK-NEXT:    ret float %[[G]]
// CHECK-DAG:   declare float @llvm.exp.f32(float)
// CHECK-DAG:   declare float @llvm.fma.f32(float, float, float)
// CHECK-DAG:   declare float @expf(float)

// ASM-LABEL: softplus_ish:
// ASM:         {{call|jmp}}{{q?}} expf
// ASM:         vfmadd{{[0-9]+}}ss
// ASM:         {{call|jmp}}{{q?}} expf
llvm.func @softplus_ish(%x: f32, %y: f32) -> f32 {
  %e = llvm.call @llvm.exp.f32(%x) : (f32) -> f32
  %f = llvm.call @llvm.fma.f32(%e, %y, %x) : (f32, f32, f32) -> f32
  %g = llvm.call @expf(%f) : (f32) -> f32
  llvm.return %g : f32
}
