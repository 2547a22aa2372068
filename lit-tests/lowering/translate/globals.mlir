// RUN: xla-opt %s --emit=llvm-ir --llvm-opt-level=0 | FileCheck %s
// RUN: xla-opt %s | xla-opt --mlir-print-op-generic | xla-opt | FileCheck %s --check-prefix=ROUNDTRIP

// An llvm.global_constant is a private, unnamed_addr constant array of its bytes, 64-byte
// aligned, defined before the functions; llvm.addressof of it is its address.

// CHECK: @bytes = private unnamed_addr constant [8 x i8] c"\00\00\80?\00\00\00@", align 64
// CHECK-LABEL: define float @second()
// CHECK:         load float, ptr getelementptr inbounds (float, ptr @bytes, i64 1)

// ROUNDTRIP: llvm.global_constant {sym_name = "bytes", value = dense<[0, 0, 128, 63, 0, 0, 0, 64]> : tensor<8xui8>}
// ROUNDTRIP: llvm.addressof @bytes : !llvm.ptr

module {
  llvm.global_constant {sym_name = "bytes", value = dense<[0, 0, 128, 63, 0, 0, 0, 64]> : tensor<8xui8>}
  llvm.func @second() -> f32 {
    %p = llvm.addressof @bytes : !llvm.ptr
    %one = llvm.constant 1 : i64
    %q = llvm.getelementptr inbounds %p[%one] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %x = llvm.load %q : !llvm.ptr -> f32
    llvm.return %x : f32
  }
}
