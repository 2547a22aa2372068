// RUN: xla-opt %s --split-input-file | xla-opt --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt --split-input-file | FileCheck %s

// Every op of the loop dialect in its custom form (docs/lowering.md), printed, read back
// and printed again; the generic form reads back to the same custom form.

// CHECK-LABEL: func.func @memory
// CHECK-SAME:    (%[[B:[^:]+]]: memref<4x8xf32>, %[[S:[^:]+]]: memref<i32>)
// CHECK:         %[[I:.+]] = loop.constant 0 : index
// CHECK:         %[[T:.+]] = loop.alloc : memref<4x8xf32, {0, 1}>
// CHECK-NEXT:    %[[X:.+]] = loop.load %[[B]][%[[I]], %[[I]]] : memref<4x8xf32>
// CHECK-NEXT:    %[[Y:.+]] = loop.load %[[S]][] : memref<i32>
// CHECK-NEXT:    loop.store %[[X]], %[[T]][%[[I]], %[[I]]] : memref<4x8xf32, {0, 1}>
// CHECK-NEXT:    loop.store %[[Y]], %[[S]][] {note = "kept"} : memref<i32>
// GENERIC-LABEL: "func.func"
// GENERIC:         "loop.alloc"() : () -> memref<4x8xf32, {0, 1}>
// GENERIC:         "loop.load"(%{{.+}}, %{{.+}}, %{{.+}}) : (memref<4x8xf32>, index, index) -> f32
// GENERIC:         "loop.store"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) : (f32, memref<4x8xf32, {0, 1}>, index, index) -> ()
func.func @memory(%b: memref<4x8xf32>, %s: memref<i32>) {
  %i = loop.constant 0 : index
  %t = loop.alloc : memref<4x8xf32, {0, 1}>
  %x = loop.load %b[%i, %i] : memref<4x8xf32>
  %y = loop.load %s[] : memref<i32>
  loop.store %x, %t[%i, %i] : memref<4x8xf32, {0, 1}>
  loop.store %y, %s[] {note = "kept"} : memref<i32>
  return
}

// -----

// CHECK-LABEL: func.func @arena
// CHECK-SAME:    (%[[A:[^:]+]]: memref<512xi8>)
// CHECK:         %[[B:.+]] = loop.arena_buffer %[[A]][0] : memref<512xi8> -> memref<4x8xf32>
// CHECK-NEXT:    loop.arena_buffer %[[A]][128] : memref<512xi8> -> memref<2x3xf32, {0, 1}>
// GENERIC-LABEL: "func.func"
// GENERIC:         "loop.arena_buffer"(%{{.+}}) {offset = 0} : (memref<512xi8>) -> memref<4x8xf32>
func.func @arena(%arena: memref<512xi8>) {
  %b = loop.arena_buffer %arena[0] : memref<512xi8> -> memref<4x8xf32>
  %c = loop.arena_buffer %arena[128] : memref<512xi8> -> memref<2x3xf32, {0, 1}>
  return
}

// -----

// CHECK-LABEL: func.func @constants
// CHECK-NEXT:    loop.constant 1.0 : f32
// CHECK-NEXT:    loop.constant -2.5 : f64
// CHECK-NEXT:    loop.constant 0x7FC00000 : f32
// CHECK-NEXT:    loop.constant 0xFC00 : f16
// CHECK-NEXT:    loop.constant 0 : index
// CHECK-NEXT:    loop.constant -7 : i32
// CHECK-NEXT:    loop.constant 255 : ui8
// CHECK-NEXT:    loop.constant true : i1
// CHECK-NEXT:    loop.constant false : i1
// CHECK-NEXT:    loop.constant {note = "kept"} 3 : i64
// GENERIC-LABEL: "func.func"
// GENERIC:         "loop.constant"() {value = 1.0 : f32} : () -> f32
// GENERIC:         "loop.constant"() {value = 0 : index} : () -> index
// GENERIC:         "loop.constant"() {value = true} : () -> i1
func.func @constants() {
  %0 = loop.constant 1.0 : f32
  %1 = loop.constant -2.5 : f64
  %2 = loop.constant 0x7FC00000 : f32
  %3 = loop.constant 0xFC00 : f16
  %4 = loop.constant 0 : index
  %5 = loop.constant -7 : i32
  %6 = loop.constant 255 : ui8
  %7 = loop.constant true : i1
  %8 = loop.constant false : i1
  %9 = loop.constant {note = "kept"} 3 : i64
  return
}

// -----

// CHECK-LABEL: func.func @scalars
// CHECK-SAME:    (%[[X:[^:]+]]: f32, %[[Y:[^:]+]]: f32, %[[N:[^:]+]]: i32, %[[I:[^:]+]]: index, %[[P:[^:]+]]: i1)
// CHECK-NEXT:    %[[A:.+]] = loop.arith add %[[X]], %[[Y]] : f32
// CHECK-NEXT:    loop.arith shift_right_logical %[[N]], %[[N]] : i32
// CHECK-NEXT:    loop.arith multiply %[[I]], %[[I]] : index
// CHECK-NEXT:    loop.arith and %[[P]], %[[P]] : i1
// CHECK-NEXT:    loop.math tanh %[[A]] : f32
// CHECK-NEXT:    loop.math count_leading_zeros %[[N]] : i32
// CHECK-NEXT:    %[[C:.+]] = loop.compare GT, %[[X]], %[[Y]], FLOAT : f32
// CHECK-NEXT:    loop.compare LT, %[[X]], %[[Y]], TOTALORDER : f32
// CHECK-NEXT:    loop.compare EQ, %[[I]], %[[I]] : index
// CHECK-NEXT:    loop.select %[[C]], %[[X]], %[[Y]] : f32
// CHECK-NEXT:    loop.convert %[[X]] : f32 -> i32
// CHECK-NEXT:    loop.convert %[[N]] : i32 -> index
// CHECK-NEXT:    loop.bitcast %[[X]] : f32 -> i32
// GENERIC-LABEL: "func.func"
// GENERIC:         "loop.arith"(%{{.+}}, %{{.+}}) {kind = "add"} : (f32, f32) -> f32
// GENERIC:         "loop.math"(%{{.+}}) {kind = "tanh"} : (f32) -> f32
// GENERIC:         "loop.compare"(%{{.+}}, %{{.+}}) {compare_type = "FLOAT", comparison_direction = "GT"} : (f32, f32) -> i1
// GENERIC:         "loop.select"(%{{.+}}, %{{.+}}, %{{.+}}) : (i1, f32, f32) -> f32
// GENERIC:         "loop.convert"(%{{.+}}) : (f32) -> i32
// GENERIC:         "loop.bitcast"(%{{.+}}) : (f32) -> i32
func.func @scalars(%x: f32, %y: f32, %n: i32, %i: index, %p: i1) {
  %0 = loop.arith add %x, %y : f32
  %1 = loop.arith shift_right_logical %n, %n : i32
  %2 = loop.arith multiply %i, %i : index
  %3 = loop.arith and %p, %p : i1
  %4 = loop.math tanh %0 : f32
  %5 = loop.math count_leading_zeros %n : i32
  %6 = loop.compare GT, %x, %y, FLOAT : f32
  %7 = loop.compare LT, %x, %y, TOTALORDER : f32
  %8 = loop.compare EQ, %i, %i : index
  %9 = loop.select %6, %x, %y : f32
  %10 = loop.convert %x : f32 -> i32
  %11 = loop.convert %n : i32 -> index
  %12 = loop.bitcast %x : f32 -> i32
  return
}

// -----

// CHECK-LABEL: func.func @complex_scalars
// CHECK-SAME:    (%[[Z:[^:]+]]: complex<f64>)
// CHECK-NEXT:    %[[RE:.+]] = loop.real %[[Z]] : complex<f64> -> f64
// CHECK-NEXT:    %[[IM:.+]] = loop.imag %[[Z]] : complex<f64> -> f64
// CHECK-NEXT:    loop.complex %[[IM]], %[[RE]] : (f64, f64) -> complex<f64>
// CHECK-NEXT:    loop.complex_abs %[[Z]] : complex<f64> -> f64
// GENERIC-LABEL: "func.func"
// GENERIC:         "loop.real"(%{{.+}}) : (complex<f64>) -> f64
// GENERIC:         "loop.complex"(%{{.+}}, %{{.+}}) : (f64, f64) -> complex<f64>
func.func @complex_scalars(%z: complex<f64>) {
  %0 = loop.real %z : complex<f64> -> f64
  %1 = loop.imag %z : complex<f64> -> f64
  %2 = loop.complex %1, %0 : (f64, f64) -> complex<f64>
  %3 = loop.complex_abs %z : complex<f64> -> f64
  return
}

// -----

// CHECK-LABEL: func.func @loops
// CHECK-SAME:    (%[[B:[^:]+]]: memref<4x8xf32>, %[[N:[^:]+]]: index)
// CHECK:         loop.parallel (%[[I:.+]], %[[J:.+]]) = (%[[C0:.+]], %[[C0]]) to (%[[N]], %[[N]]) {
// CHECK-NEXT:      %[[X:.+]] = loop.load %[[B]][%[[I]], %[[J]]] : memref<4x8xf32>
// CHECK-NEXT:      loop.store %[[X]], %[[B]][%[[J]], %[[I]]] : memref<4x8xf32>
// CHECK-NEXT:      loop.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    loop.parallel () = () to () {
// CHECK-NEXT:      loop.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[R:.+]] = loop.for %[[K:.+]] = %[[C0]] to %[[N]] step %[[C1:.+]] iter_args(%[[ACC:.+]] = %[[Z:.+]]) -> (f32) {
// CHECK-NEXT:      %[[E:.+]] = loop.load %[[B]][%[[C0]], %[[K]]] : memref<4x8xf32>
// CHECK-NEXT:      %[[S:.+]] = loop.arith add %[[ACC]], %[[E]] : f32
// CHECK-NEXT:      loop.yield %[[S]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    loop.for %{{.+}} = %[[C0]] to %[[N]] step %[[C1]] {
// CHECK-NEXT:      loop.yield
// CHECK-NEXT:    } {unroll = 2}
// GENERIC-LABEL: "func.func"
// GENERIC:         "loop.parallel"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) ({
// GENERIC-NEXT:    ^bb0(%{{.+}}: index, %{{.+}}: index):
// GENERIC:         "loop.for"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) ({
// GENERIC-NEXT:    ^bb0(%{{.+}}: index, %{{.+}}: f32):
// GENERIC:         "loop.yield"(%{{.+}}) : (f32) -> ()
// GENERIC-NEXT:    }) : (index, index, index, f32) -> f32
func.func @loops(%b: memref<4x8xf32>, %n: index) {
  %c0 = loop.constant 0 : index
  %c1 = loop.constant 1 : index
  %zero = loop.constant 0.0 : f32
  loop.parallel (%i, %j) = (%c0, %c0) to (%n, %n) {
    %x = loop.load %b[%i, %j] : memref<4x8xf32>
    loop.store %x, %b[%j, %i] : memref<4x8xf32>
    loop.yield
  }
  loop.parallel () = () to () {
    loop.yield
  }
  %r = loop.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %e = loop.load %b[%c0, %k] : memref<4x8xf32>
    %s = loop.arith add %acc, %e : f32
    loop.yield %s : f32
  }
  loop.for %k = %c0 to %n step %c1 {
    loop.yield
  } {unroll = 2}
  return
}

// -----

// CHECK-LABEL: func.func @control
// CHECK-SAME:    (%[[P:[^:]+]]: i1, %[[X:[^:]+]]: i32, %[[Y:[^:]+]]: f32)
// CHECK-NEXT:    %[[R:.+]] = loop.if %[[P]] -> (f32) {
// CHECK-NEXT:      loop.yield %[[Y]] : f32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[Z:.+]] = loop.constant 0.0 : f32
// CHECK-NEXT:      loop.yield %[[Z]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    loop.if %[[P]] {
// CHECK-NEXT:      loop.yield
// CHECK-NEXT:    } else {
// CHECK-NEXT:      loop.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[W:.+]]:2 = loop.while (%[[A:.+]] = %[[X]], %[[B:.+]] = %[[R]]) : (i32, f32) -> (i32, f32) cond {
// CHECK-NEXT:      %[[C:.+]] = loop.constant 10 : i32
// CHECK-NEXT:      %[[GO:.+]] = loop.compare LT, %[[A]], %[[C]], SIGNED : i32
// CHECK-NEXT:      loop.condition %[[GO]], %[[A]], %[[B]] : i32, f32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[A1:.+]]: i32, %[[B1:.+]]: f32):
// CHECK-NEXT:      %[[ONE:.+]] = loop.constant 1 : i32
// CHECK-NEXT:      %[[A2:.+]] = loop.arith add %[[A1]], %[[ONE]] : i32
// CHECK-NEXT:      loop.yield %[[A2]], %[[B1]] : i32, f32
// CHECK-NEXT:    }
// CHECK-NEXT:    loop.while () : () -> () cond {
// CHECK-NEXT:      loop.condition %[[P]]
// CHECK-NEXT:    } do {
// CHECK-NEXT:      loop.yield
// CHECK-NEXT:    }
// GENERIC-LABEL: "func.func"
// GENERIC:         "loop.if"(%{{.+}}) ({
// GENERIC:         }, {
// GENERIC:         }) : (i1) -> f32
// GENERIC:         "loop.while"(%{{.+}}, %{{.+}}) ({
// GENERIC-NEXT:    ^bb0(%{{.+}}: i32, %{{.+}}: f32):
// GENERIC:           "loop.condition"(%{{.+}}, %{{.+}}, %{{.+}}) : (i1, i32, f32) -> ()
func.func @control(%p: i1, %x: i32, %y: f32) {
  %r = loop.if %p -> (f32) {
    loop.yield %y : f32
  } else {
    %z = loop.constant 0.0 : f32
    loop.yield %z : f32
  }
  loop.if %p {
    loop.yield
  }
  %w:2 = loop.while (%a = %x, %b = %r) : (i32, f32) -> (i32, f32) cond {
    %c = loop.constant 10 : i32
    %go = loop.compare LT, %a, %c, SIGNED : i32
    loop.condition %go, %a, %b : i32, f32
  } do {
  ^bb0(%a1: i32, %b1: f32):
    %one = loop.constant 1 : i32
    %a2 = loop.arith add %a1, %one : i32
    loop.yield %a2, %b1 : i32, f32
  }
  loop.while () : () -> () cond {
    loop.condition %p
  } do {
    loop.yield
  }
  return
}

// -----

// CHECK-LABEL: func.func @runtime
// CHECK-NEXT:    loop.call_runtime @xla_rt_matmul_f32(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) : (memref<4x8xf32>, memref<8x2xf32>, memref<4x2xf32>, index, index, index) -> ()
// GENERIC-LABEL: "func.func"
// GENERIC:         "loop.call_runtime"(%{{.+}}) {callee = @xla_rt_matmul_f32} : (memref<4x8xf32>, memref<8x2xf32>, memref<4x2xf32>, index, index, index) -> ()
func.func @runtime(%a: memref<4x8xf32>, %b: memref<8x2xf32>, %c: memref<4x2xf32>, %m: index, %n: index, %k: index) {
  loop.call_runtime @xla_rt_matmul_f32(%a, %b, %c, %m, %n, %k) : (memref<4x8xf32>, memref<8x2xf32>, memref<4x2xf32>, index, index, index) -> ()
  return
}

// -----

// A literal is a read-only buffer of the default layout holding its elements.
// CHECK-LABEL: func.func @literal
// CHECK:         %[[L:.+]] = loop.literal dense<{{\[}}[1, 2], [3, 4]]> : tensor<2x2xi32> -> memref<2x2xi32>
// CHECK:         loop.load %[[L]][%{{.+}}, %{{.+}}] : memref<2x2xi32>
// GENERIC:       "loop.literal"() {value = dense<{{\[}}[1, 2], [3, 4]]> : tensor<2x2xi32>} : () -> memref<2x2xi32>
func.func @literal() -> i32 {
  %i = loop.constant 1 : index
  %l = loop.literal dense<[[1, 2], [3, 4]]> : tensor<2x2xi32> -> memref<2x2xi32>
  %x = loop.load %l[%i, %i] : memref<2x2xi32>
  return %x : i32
}
