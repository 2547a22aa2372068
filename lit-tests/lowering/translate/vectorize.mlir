// RUN: xla-opt %s --emit=llvm-ir --target-cpu=x86-64-v3 | FileCheck %s
// RUN: xla-opt %s --emit=asm --target-cpu=x86-64-v3 | FileCheck %s --check-prefix=ASM

// --emit=llvm-ir and --emit=asm run default<O3> unless --llvm-opt-level=0: the entry-shaped
// loop out[i] = a[i] * 2 + b[i] is vectorized to 8 floats per AVX2 register (x * 2 becomes
// x + x).

// CHECK-LABEL: define {{.*}}i32 @axpy(
// CHECK:       vector.body:
// CHECK:         load <8 x float>
// CHECK:         store <8 x float>
// ASM-LABEL: axpy:
// ASM:         vmovups {{.*}}%ymm
// ASM:         vaddps {{.*}}%ymm
llvm.func @axpy(%a: !llvm.ptr, %b: !llvm.ptr, %out: !llvm.ptr, %n: i64) -> i32 {
  %zero = llvm.constant 0 : i64
  %one = llvm.constant 1 : i64
  %two = llvm.constant 2.0 : f32
  %ok = llvm.constant 0 : i32
  %empty = llvm.icmp sle %n, %zero : i64
  llvm.cond_br %empty, ^done, ^loop(%zero : i64)
^loop(%i: i64):
  %pa = llvm.getelementptr inbounds %a[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %x = llvm.load %pa : !llvm.ptr -> f32
  %pb = llvm.getelementptr inbounds %b[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %y = llvm.load %pb : !llvm.ptr -> f32
  %twice = llvm.fmul %x, %two : f32
  %sum = llvm.fadd %twice, %y : f32
  %po = llvm.getelementptr inbounds %out[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %sum, %po : f32, !llvm.ptr
  %next = llvm.add %i, %one : i64
  %more = llvm.icmp slt %next, %n : i64
  llvm.cond_br %more, ^loop(%next : i64), ^done
^done:
  llvm.return %ok : i32
}
