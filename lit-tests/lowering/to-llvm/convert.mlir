// RUN: xla-opt %s --split-input-file --lower-to-llvm | FileCheck %s

// loop.constant is a hoisted llvm.constant of the value type (unsigned integers keep
// their bits in a signless type).
// CHECK-LABEL: llvm.func @constants
// CHECK-DAG:     llvm.constant 2.5 : bf16
// CHECK-DAG:     llvm.constant 255 : i8
// CHECK-DAG:     llvm.constant true : i1
// CHECK-DAG:     llvm.constant 7 : i64
func.func @constants() {
  %0 = loop.constant 2.5 : bf16
  %1 = loop.constant 255 : ui8
  %2 = loop.constant true : i1
  %3 = loop.constant 7 : index
  func.return
}

// -----

// loop.convert: float to integer saturates with NaN to 0 (llvm.fpto*i.sat); anything to
// i1 is != 0; integers extend by the source's signedness or truncate; f64 to f16 rounds to
// odd in f32 first, so that the second rounding is correct; integers to f32 round once.
// CHECK-LABEL: llvm.func @convert
// CHECK-SAME:    (%[[X:[^:]+]]: f32, %[[D:[^:]+]]: f64, %[[I:[^:]+]]: i32, %[[U:[^:]+]]: i16, %[[P:[^:]+]]: i1,
// CHECK-DAG:     %[[FZERO:.+]] = llvm.constant 0.0 : f32
// CHECK-DAG:     %[[ONE:.+]] = llvm.constant 1 : i32
// CHECK:         %{{.+}} = llvm.call @llvm.fptosi.sat.i32.f32(%[[X]]) : (f32) -> i32
// CHECK-NEXT:    %{{.+}} = llvm.call @llvm.fptoui.sat.i8.f32(%[[X]]) : (f32) -> i8
// CHECK-NEXT:    %{{.+}} = llvm.fcmp une %[[X]], %[[FZERO]] : f32
// CHECK-NEXT:    %{{.+}} = llvm.sext %[[I]] : i32 to i64
// CHECK-NEXT:    %{{.+}} = llvm.zext %[[U]] : i16 to i64
// CHECK-NEXT:    %{{.+}} = llvm.trunc %[[I]] : i32 to i8
// CHECK-NEXT:    %[[NEAR:.+]] = llvm.fptrunc %[[D]] : f64 to f32
// CHECK-NEXT:    %[[BACK:.+]] = llvm.fpext %[[NEAR]] : f32 to f64
// CHECK-NEXT:    %[[INEXACT:.+]] = llvm.fcmp one %[[BACK]], %[[D]] : f64
// CHECK:         %[[BITS:.+]] = llvm.bitcast %[[NEAR]] : f32 to i32
// CHECK:         %[[ODD:.+]] = llvm.or %{{.+}}, %[[ONE]] : i32
// CHECK-NEXT:    %[[R:.+]] = llvm.select %[[INEXACT]], %[[ODD]], %[[BITS]] : i32
// CHECK-NEXT:    %[[F:.+]] = llvm.bitcast %[[R]] : i32 to f32
// CHECK-NEXT:    %{{.+}} = llvm.fptrunc %[[F]] : f32 to f16
// CHECK-NEXT:    %{{.+}} = llvm.sitofp %[[I]] : i32 to f32
// CHECK-NEXT:    %{{.+}} = llvm.uitofp %[[P]] : i1 to f32
// CHECK-NEXT:    %{{.+}} = llvm.bitcast %[[X]] : f32 to i32
func.func @convert(%x: f32, %d: f64, %i: i32, %u: ui16, %p: i1) {
  %0 = loop.convert %x : f32 -> i32
  %1 = loop.convert %x : f32 -> ui8
  %2 = loop.convert %x : f32 -> i1
  %3 = loop.convert %i : i32 -> i64
  %4 = loop.convert %u : ui16 -> i64
  %5 = loop.convert %i : i32 -> i8
  %6 = loop.convert %d : f64 -> f16
  %7 = loop.convert %i : i32 -> f32
  %8 = loop.convert %p : i1 -> f32
  %9 = loop.bitcast %x : f32 -> i32
  func.return
}

// -----

// Conversions between types that are one llvm type (ui32 and i32, index and i64) emit
// nothing.
// CHECK-LABEL: llvm.func @same_bits
// CHECK-SAME:    (%[[U:[^:]+]]: i32, %[[OUT:[^:]+]]: !llvm.ptr,
// CHECK-NEXT:    %{{.+}} = llvm.constant 0 : i32
// CHECK-NEXT:    llvm.store %[[U]], %[[OUT]] : i32, !llvm.ptr
func.func @same_bits(%u: ui32, %out: memref<i32>) {
  %0 = loop.convert %u : ui32 -> i32
  loop.store %0, %out[] : memref<i32>
  func.return
}
