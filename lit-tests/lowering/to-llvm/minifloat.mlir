// RUN: xla-opt %s --split-input-file --lower-to-llvm | FileCheck %s

// Minifloats (the f8, f6 and f4 formats) are their codes, an integer of their width; a
// constant is its code, rounded as the interpreter rounds (448 is e4m3fn's 0x7E, -448
// its 0xFE, 1e9 e5m2's infinity 0x7C, -6 f4e2m1fn's 0xF, and 0 e8m0's smallest value,
// code 0), kept as a signed integer of the code's width.
// CHECK-LABEL: llvm.func @constants
// CHECK-DAG:     llvm.constant 126 : i8
// CHECK-DAG:     llvm.constant -2 : i8
// CHECK-DAG:     llvm.constant 124 : i8
// CHECK-DAG:     llvm.constant -1 : i4
// CHECK-DAG:     llvm.constant 0 : i8
func.func @constants() {
  %0 = loop.constant 448.0 : f8E4M3FN
  %1 = loop.constant -448.0 : f8E4M3FN
  %2 = loop.constant 1.0e9 : f8E5M2
  %3 = loop.constant -6.0 : f4E2M1FN
  %4 = loop.constant 0.0 : f8E8M0FNU
  func.return
}

// -----

// Arithmetic decodes both operands into f32 (integer arithmetic on the code, then a
// bitcast), computes there and encodes the result (a bitcast back, integer arithmetic,
// a truncation to the code's width). f8E8M0FNU decodes into and computes in f64.
// CHECK-LABEL: llvm.func @compute
// CHECK-SAME:    (%[[X:[^:]+]]: i8, %[[Y:[^:]+]]: i8, %[[E:[^:]+]]: i8,
// CHECK:         llvm.zext %[[X]] : i8 to i32
// CHECK:         %[[WX:.+]] = llvm.bitcast %{{.+}} : i32 to f32
// CHECK:         llvm.zext %[[Y]] : i8 to i32
// CHECK:         %[[WY:.+]] = llvm.bitcast %{{.+}} : i32 to f32
// CHECK-NEXT:    %[[SUM:.+]] = llvm.fadd %[[WX]], %[[WY]] : f32
// CHECK-NEXT:    llvm.bitcast %[[SUM]] : f32 to i32
// CHECK:         llvm.trunc %{{.+}} : i32 to i8
// CHECK:         llvm.zext %[[E]] : i8 to i64
// CHECK:         %[[WE:.+]] = llvm.bitcast %{{.+}} : i64 to f64
// CHECK:         %[[SQUARE:.+]] = llvm.fmul %{{.+}}, %{{.+}} : f64
// CHECK-NEXT:    llvm.bitcast %[[SQUARE]] : f64 to i64
// CHECK:         llvm.trunc %{{.+}} : i64 to i8
func.func @compute(%x: f8E5M2, %y: f8E5M2, %e: f8E8M0FNU) {
  %0 = loop.arith add %x, %y : f8E5M2
  %1 = loop.arith multiply %e, %e : f8E8M0FNU
  func.return
}

// -----

// f64 to a minifloat rounds once, from the f64's own bits: no fptrunc to f32 first.
// CHECK-LABEL: llvm.func @from_f64
// CHECK-SAME:    (%[[D:[^:]+]]: f64,
// CHECK-NOT:     llvm.fptrunc
// CHECK:         llvm.bitcast %[[D]] : f64 to i64
// CHECK-NOT:     llvm.fptrunc
// CHECK:         llvm.trunc %{{.+}} : i64 to i8
// CHECK-NEXT:    llvm.return
func.func @from_f64(%d: f64) {
  %0 = loop.convert %d : f64 -> f8E4M3FN
  func.return
}

// -----

// A bitcast to the integer of the code's width is nothing; a minifloat narrower than a
// byte is stored zero-extended in a byte and loaded truncated, as XLA stores f4E2M1FN
// unpacked.
// CHECK-LABEL: llvm.func @bits
// CHECK-SAME:    (%[[H:[^:]+]]: i4, %{{[^:]+}}: i8, %[[B:[^:]+]]: !llvm.ptr,
// CHECK:         %[[BYTE:.+]] = llvm.load %[[B]] : !llvm.ptr -> i8
// CHECK-NEXT:    llvm.trunc %[[BYTE]] : i8 to i4
// CHECK-NEXT:    %[[STORED:.+]] = llvm.zext %[[H]] : i4 to i8
// CHECK-NEXT:    llvm.store %[[STORED]], %[[B]] : i8, !llvm.ptr
func.func @bits(%h: f4E2M1FN, %x: f8E4M3FN, %buffer: memref<2xf4E2M1FN>) {
  %0 = loop.bitcast %h : f4E2M1FN -> i4
  %1 = loop.bitcast %x : f8E4M3FN -> ui8
  %c0 = loop.constant 0 : index
  %2 = loop.load %buffer[%c0] : memref<2xf4E2M1FN>
  loop.store %h, %buffer[%c0] : memref<2xf4E2M1FN>
  func.return
}
