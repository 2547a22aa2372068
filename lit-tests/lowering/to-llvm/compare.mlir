// RUN: xla-opt %s --split-input-file --lower-to-llvm | FileCheck %s

// loop.compare: floats with ordered predicates except NE (true on NaN); TOTALORDER
// compares the bits as signed integers with every bit but the sign flipped for negative
// values; integers by their type's signedness. loop.select is llvm.select.
// CHECK-LABEL: llvm.func @compare
// CHECK-SAME:    (%[[A:[^:]+]]: f32, %[[B:[^:]+]]: f32, %[[U:[^:]+]]: i8, %[[V:[^:]+]]: i8, %[[P:[^:]+]]: i1,
// CHECK-DAG:     %[[C31:.+]] = llvm.constant 31 : i32
// CHECK-DAG:     %[[C1:.+]] = llvm.constant 1 : i32
// CHECK:         %{{.+}} = llvm.fcmp olt %[[A]], %[[B]] : f32
// CHECK-NEXT:    %{{.+}} = llvm.fcmp une %[[A]], %[[B]] : f32
// CHECK-NEXT:    %[[AB:.+]] = llvm.bitcast %[[A]] : f32 to i32
// CHECK-NEXT:    %[[AS:.+]] = llvm.ashr %[[AB]], %[[C31]] : i32
// CHECK-NEXT:    %[[AF:.+]] = llvm.lshr %[[AS]], %[[C1]] : i32
// CHECK-NEXT:    %[[AK:.+]] = llvm.xor %[[AB]], %[[AF]] : i32
// CHECK:         %[[BK:.+]] = llvm.xor
// CHECK-NEXT:    %{{.+}} = llvm.icmp slt %[[AK]], %[[BK]] : i32
// CHECK-NEXT:    %{{.+}} = llvm.icmp ugt %[[U]], %[[V]] : i8
// CHECK-NEXT:    %{{.+}} = llvm.icmp sge %{{.+}}, %{{.+}} : i64
// CHECK-NEXT:    %{{.+}} = llvm.icmp ult %[[P]], %[[P]] : i1
// CHECK-NEXT:    %{{.+}} = llvm.select %[[P]], %[[A]], %[[B]] : f32
func.func @compare(%a: f32, %b: f32, %u: ui8, %v: ui8, %p: i1, %i: index) {
  %0 = loop.compare LT, %a, %b : f32
  %1 = loop.compare NE, %a, %b : f32
  %2 = loop.compare LT, %a, %b, TOTALORDER : f32
  %3 = loop.compare GT, %u, %v : ui8
  %4 = loop.compare GE, %i, %i : index
  %5 = loop.compare LT, %p, %p : i1
  %6 = loop.select %p, %a, %b : f32
  func.return
}

// -----

// f16 compares in f32 (exactly); TOTALORDER on its 16 bits.
// CHECK-LABEL: llvm.func @half
// CHECK:         %[[X:.+]] = llvm.fpext %{{.+}} : f16 to f32
// CHECK-NEXT:    %[[Y:.+]] = llvm.fpext %{{.+}} : f16 to f32
// CHECK-NEXT:    %{{.+}} = llvm.fcmp oeq %[[X]], %[[Y]] : f32
// CHECK-NEXT:    %{{.+}} = llvm.bitcast %{{.+}} : f16 to i16
func.func @half(%a: f16, %b: f16) {
  %0 = loop.compare EQ, %a, %b : f16
  %1 = loop.compare EQ, %a, %b, TOTALORDER : f16
  func.return
}
