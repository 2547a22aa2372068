// RUN: xla-opt %s --emit=llvm-ir --llvm-opt-level=0 | FileCheck %s --check-prefix=DECLARE
// RUN: xla-opt %s --emit=asm --target-cpu=x86-64-v3 | FileCheck %s --check-prefix=ASM
// RUN: xla-opt %s --emit=asm --target-cpu=x86-64-v3 --no-vector-math | FileCheck %s --check-prefix=SCALAR

// libm functions are declared without memory effects (errno is ignored, as with
// -fno-math-errno), so a loop calling them vectorizes; on Linux x86-64 the vector code calls
// glibc's libmvec (eight at once with AVX2): expf through LLVM's vector intrinsic, erff,
// which has none, through the variants offered at its calls.

// DECLARE: declare float @expf(float) [[PURE:#[0-9]+]]
// DECLARE: declare float @tanhf(float) [[PURE]]
// DECLARE: attributes [[PURE]] = { nofree nosync nounwind willreturn memory(none) }

// ASM-LABEL: exps:
// ASM:         callq _ZGVdN8v_expf@PLT
// ASM-LABEL: erfs:
// ASM:         callq _ZGVdN8v_erff@PLT
// ASM-NOT:     _ZGVe

// With --no-vector-math every element goes through libm's scalar function, whatever LLVM
// vectorizes, so results do not depend on the vector width (the MLIR differential test
// compares both code generators so).
// SCALAR-LABEL: exps:
// SCALAR-NOT:     _ZGV
// SCALAR:         {{callq|jmp}} expf@PLT
// SCALAR-LABEL: erfs:
// SCALAR-NOT:     _ZGV
// SCALAR:         {{callq|jmp}} erff@PLT
// SCALAR-NOT:     _ZGV
llvm.func @exps(%p: !llvm.ptr, %q: !llvm.ptr) {
  %zero = llvm.constant 0 : i64
  %one = llvm.constant 1 : i64
  %n = llvm.constant 1024 : i64
  llvm.br ^loop(%zero : i64)
^loop(%i: i64):
  %pi = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %x = llvm.load %pi : !llvm.ptr -> f32
  %y = llvm.call @expf(%x) : (f32) -> f32
  %qi = llvm.getelementptr inbounds %q[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %y, %qi : f32, !llvm.ptr
  %next = llvm.add %i, %one : i64
  %more = llvm.icmp slt %next, %n : i64
  llvm.cond_br %more, ^loop(%next : i64), ^exit
^exit:
  llvm.return
}
llvm.func @erfs(%p: !llvm.ptr, %q: !llvm.ptr) {
  %zero = llvm.constant 0 : i64
  %one = llvm.constant 1 : i64
  %n = llvm.constant 1024 : i64
  llvm.br ^loop(%zero : i64)
^loop(%i: i64):
  %pi = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %x = llvm.load %pi : !llvm.ptr -> f32
  %y = llvm.call @erff(%x) : (f32) -> f32
  %qi = llvm.getelementptr inbounds %q[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %y, %qi : f32, !llvm.ptr
  %next = llvm.add %i, %one : i64
  %more = llvm.icmp slt %next, %n : i64
  llvm.cond_br %more, ^loop(%next : i64), ^exit
^exit:
  llvm.return
}
llvm.func @tanh(%x: f32) -> f32 {
  %y = llvm.call @tanhf(%x) : (f32) -> f32
  llvm.return %y : f32
}
