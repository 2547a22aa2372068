// RUN: xla-opt %s --emit=llvm-ir --llvm-opt-level=0 | FileCheck %s
// RUN: xla-opt %s --emit=asm --target-cpu=x86-64-v3 | FileCheck %s --check-prefix=ASM
// RUN: xla-opt %s --emit=asm --target-cpu=x86-64 | FileCheck %s --check-prefix=SSE

// The smallest function: one llvm.fadd is one fadd; with AVX (x86-64-v3) it is one vaddss,
// on baseline x86-64 an SSE addss.

// CHECK:      target triple = "{{.*}}"
// CHECK:      define float @add(float %0, float %1) {
// CHECK-NEXT:   %3 = fadd float %0, %1
// CHECK-NEXT:   ret float %3
// CHECK-NEXT: }

// ASM-LABEL: add:
// ASM:         vaddss %xmm1, %xmm0, %xmm0
// ASM-NEXT:    retq

// SSE-LABEL: add:
// SSE:         addss %xmm1, %xmm0
// SSE-NOT:     vaddss
llvm.func @add(%a: f32, %b: f32) -> f32 {
  %0 = llvm.fadd %a, %b : f32
  llvm.return %0 : f32
}
