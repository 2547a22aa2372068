// RUN: xla-opt %s --split-input-file --lower-to-llvm=flush-denormals=false | FileCheck %s

// loop.arith with XLA's semantics (the reference interpreter's): integer division guarded
// against division by zero (-1, or the dividend for remainder) and INT_MIN / -1 (INT_MIN,
// remainder 0) by selects; shifts by the width or more give 0 or the sign; float
// maximum/minimum propagate NaN; bf16/f16 compute in f32 and round back.

// CHECK-LABEL: llvm.func @divide
// CHECK-SAME:    (%[[A:[^:]+]]: i32, %[[B:[^:]+]]: i32, %[[U:[^:]+]]: i32, %[[V:[^:]+]]: i32,
// CHECK-DAG:     %[[ZERO:.+]] = llvm.constant 0 : i32
// CHECK-DAG:     %[[ONE:.+]] = llvm.constant 1 : i32
// CHECK-DAG:     %[[M1:.+]] = llvm.constant -1 : i32
// CHECK-DAG:     %[[MIN:.+]] = llvm.constant -2147483648 : i32
// CHECK-DAG:     %[[FOUR:.+]] = llvm.constant 4 : i32
// CHECK:         %[[BY0:.+]] = llvm.icmp eq %[[B]], %[[ZERO]] : i32
// CHECK-NEXT:    %[[AMIN:.+]] = llvm.icmp eq %[[A]], %[[MIN]] : i32
// CHECK-NEXT:    %[[BM1:.+]] = llvm.icmp eq %[[B]], %[[M1]] : i32
// CHECK-NEXT:    %[[OVF:.+]] = llvm.and %[[AMIN]], %[[BM1]] : i1
// CHECK-NEXT:    %[[UNDEF:.+]] = llvm.or %[[BY0]], %[[OVF]] : i1
// CHECK-NEXT:    %[[D:.+]] = llvm.select %[[UNDEF]], %[[ONE]], %[[B]] : i32
// CHECK-NEXT:    %[[Q:.+]] = llvm.sdiv %[[A]], %[[D]] : i32
// CHECK-NEXT:    %{{.+}} = llvm.select %[[BY0]], %[[M1]], %[[Q]] : i32
// CHECK:         %[[R:.+]] = llvm.srem %[[A]], %{{.+}} : i32
// CHECK-NEXT:    %{{.+}} = llvm.select %{{.+}}, %[[A]], %[[R]] : i32
// Unsigned division needs only the zero guard.
// CHECK-NEXT:    %[[VZ:.+]] = llvm.icmp eq %[[V]], %[[ZERO]] : i32
// CHECK-NEXT:    %[[VD:.+]] = llvm.select %[[VZ]], %[[ONE]], %[[V]] : i32
// CHECK-NEXT:    %[[UQ:.+]] = llvm.udiv %[[U]], %[[VD]] : i32
// CHECK-NEXT:    %{{.+}} = llvm.select %[[VZ]], %[[M1]], %[[UQ]] : i32
// A constant divisor other than 0 and -1 needs no guard.
// CHECK-NEXT:    %{{.+}} = llvm.sdiv %[[A]], %[[FOUR]] : i32
func.func @divide(%a: i32, %b: i32, %u: ui32, %v: ui32) {
  %q = loop.arith divide %a, %b : i32
  %r = loop.arith remainder %a, %b : i32
  %uq = loop.arith divide %u, %v : ui32
  %c = loop.constant 4 : i32
  %cq = loop.arith divide %a, %c : i32
  func.return
}

// -----

// CHECK-LABEL: llvm.func @shifts
// CHECK-SAME:    (%[[A:[^:]+]]: i8, %[[B:[^:]+]]: i8,
// CHECK-DAG:     %[[W:.+]] = llvm.constant 8 : i8
// CHECK-DAG:     %[[Z:.+]] = llvm.constant 0 : i8
// CHECK-DAG:     %[[LAST:.+]] = llvm.constant 7 : i8
// CHECK:         %[[FAR:.+]] = llvm.icmp uge %[[B]], %[[W]] : i8
// CHECK-NEXT:    %[[N:.+]] = llvm.select %[[FAR]], %[[Z]], %[[B]] : i8
// CHECK-NEXT:    %[[L:.+]] = llvm.shl %[[A]], %[[N]] : i8
// CHECK-NEXT:    %{{.+}} = llvm.select %[[FAR]], %[[Z]], %[[L]] : i8
// CHECK-NEXT:    %[[FAR2:.+]] = llvm.icmp uge %[[B]], %[[W]] : i8
// CHECK-NEXT:    %[[N2:.+]] = llvm.select %[[FAR2]], %[[LAST]], %[[B]] : i8
// CHECK-NEXT:    %{{.+}} = llvm.ashr %[[A]], %[[N2]] : i8
func.func @shifts(%a: i8, %b: i8) {
  %l = loop.arith shift_left %a, %b : i8
  %r = loop.arith shift_right_arithmetic %a, %b : i8
  func.return
}

// -----

// maximum keeps the first operand on ties (max(-0, +0) is -0) and gives the quiet NaN when
// either is NaN; on predicates it is `or`.
// CHECK-LABEL: llvm.func @max_min
// CHECK-SAME:    (%[[A:[^:]+]]: f32, %[[B:[^:]+]]: f32, %[[P:[^:]+]]: i1, %[[Q:[^:]+]]: i1,
// CHECK-DAG:     %[[NAN:.+]] = llvm.constant 0x7FC00000 : f32
// CHECK:         %[[GE:.+]] = llvm.fcmp oge %[[A]], %[[B]] : f32
// CHECK-NEXT:    %[[M:.+]] = llvm.select %[[GE]], %[[A]], %[[B]] : f32
// CHECK-NEXT:    %[[UNO:.+]] = llvm.fcmp uno %[[A]], %[[B]] : f32
// CHECK-NEXT:    %{{.+}} = llvm.select %[[UNO]], %[[NAN]], %[[M]] : f32
// CHECK-NEXT:    %{{.+}} = llvm.or %[[P]], %[[Q]] : i1
func.func @max_min(%a: f32, %b: f32, %p: i1, %q: i1) {
  %m = loop.arith maximum %a, %b : f32
  %o = loop.arith maximum %p, %q : i1
  func.return
}

// -----

// bf16 computes in f32 and rounds back to nearest even on the bits (subnormals kept).
// CHECK-LABEL: llvm.func @narrow
// CHECK:         %[[X:.+]] = llvm.fpext %{{.+}} : bf16 to f32
// CHECK-NEXT:    %[[Y:.+]] = llvm.fpext %{{.+}} : bf16 to f32
// CHECK-NEXT:    %[[S:.+]] = llvm.fadd %[[X]], %[[Y]] : f32
// CHECK-NEXT:    %[[BITS:.+]] = llvm.bitcast %[[S]] : f32 to i32
// CHECK:         %[[T:.+]] = llvm.trunc %{{.+}} : i32 to i16
// CHECK-NEXT:    %{{.+}} = llvm.bitcast %[[T]] : i16 to bf16
func.func @narrow(%a: bf16, %b: bf16) {
  %s = loop.arith add %a, %b : bf16
  func.return
}

// -----

// Integer power squares in a loop over the exponent's bits; a negative exponent gives 0
// except for bases 1 and -1. Float power is llvm.pow, atan2 libm's.
// CHECK-LABEL: llvm.func @pow
// CHECK:         llvm.br ^[[HEAD:bb[0-9]+]](%{{.+}}, %{{.+}}, %{{.+}} : i32, i32, i32)
// CHECK-NEXT:  ^[[HEAD]](%[[R:.+]]: i32, %[[SQ:.+]]: i32, %[[E:.+]]: i32):
// CHECK:         llvm.cond_br %{{.+}}, ^[[STEP:bb[0-9]+]], ^[[DONE:bb[0-9]+]](%[[R]] : i32)
// CHECK-NEXT:  ^[[STEP]]:
// CHECK:         llvm.mul %[[R]], %[[SQ]] : i32
// CHECK:         llvm.mul %[[SQ]], %[[SQ]] : i32
// CHECK-NEXT:    %[[E1:.+]] = llvm.lshr %[[E]], %{{.+}} : i32
// CHECK-NEXT:    llvm.br ^[[HEAD]](
// CHECK:         llvm.call @llvm.pow.f64(%{{.+}}, %{{.+}}) : (f64, f64) -> f64
// CHECK-NEXT:    llvm.call @atan2(%{{.+}}, %{{.+}}) : (f64, f64) -> f64
func.func @pow(%a: i32, %b: i32, %x: f64, %y: f64) {
  %p = loop.arith power %a, %b : i32
  %f = loop.arith power %x, %y : f64
  %t = loop.arith atan2 %x, %y : f64
  func.return
}
