// RUN: xla-opt %s --emit=llvm-ir --llvm-opt-level=0 | FileCheck %s
// RUN: xla-opt %s --emit=asm --target-cpu=x86-64-v3 | FileCheck %s --check-prefix=ASM

// A loop with block arguments summing an array: the loop block's arguments (the index and
// the running sum) become phis whose incoming values come from the entry and the back edge;
// getelementptr and load address the element.

// CHECK-LABEL: define float @sum(ptr %0, i64 %1) {
// CHECK-NEXT:    br label %[[LOOP:[0-9]+]]
// CHECK:       [[LOOP]]:
// CHECK-NEXT:    %[[I:[0-9]+]] = phi i64 [ 0, %{{[0-9]+}} ], [ %[[NEXT:[0-9]+]], %[[LOOP]] ]
// CHECK-NEXT:    %[[ACC:[0-9]+]] = phi float [ 0.000000e+00, %{{[0-9]+}} ], [ %[[SUM:[0-9]+]], %[[LOOP]] ]
// CHECK-NEXT:    %[[ADDR:[0-9]+]] = getelementptr inbounds float, ptr %0, i64 %[[I]]
// CHECK-NEXT:    %[[X:[0-9]+]] = load float, ptr %[[ADDR]], align 4
// CHECK-NEXT:    %[[SUM]] = fadd float %[[ACC]], %[[X]]
// CHECK-NEXT:    %[[NEXT]] = add i64 %[[I]], 1
// CHECK-NEXT:    %[[MORE:[0-9]+]] = icmp slt i64 %[[NEXT]], %1
// CHECK-NEXT:    br i1 %[[MORE]], label %[[LOOP]], label %[[EXIT:[0-9]+]]
// CHECK:       [[EXIT]]:
// CHECK-NEXT:    ret float %[[SUM]]

// The sum is not reassociated (no fast-math), so O3 unrolls the loop but keeps scalar adds.
// ASM-LABEL: sum:
// ASM:       .LBB0_{{[0-9]+}}:
// ASM:         vaddss {{.*}}(%rdi
// ASM:         j{{ne|l}} .LBB0_
// ASM:         retq
llvm.func @sum(%p: !llvm.ptr, %n: i64) -> f32 {
  %zero = llvm.constant 0 : i64
  %one = llvm.constant 1 : i64
  %init = llvm.constant 0.0 : f32
  llvm.br ^loop(%zero, %init : i64, f32)
^loop(%i: i64, %acc: f32):
  %addr = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %x = llvm.load %addr : !llvm.ptr -> f32
  %sum = llvm.fadd %acc, %x : f32
  %next = llvm.add %i, %one : i64
  %more = llvm.icmp slt %next, %n : i64
  llvm.cond_br %more, ^loop(%next, %sum : i64, f32), ^exit
^exit:
  llvm.return %sum : f32
}
