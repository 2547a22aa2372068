// REQUIRES: mlir
// RUN: xla-opt %s --emit=mlir-upstream | FileCheck %s
// RUN: xla-opt %s --emit=mlir-upstream | mlir-opt --verify-each | FileCheck %s --check-prefix=MLIR
// RUN: xla-opt %s --emit=mlir-upstream --mlir-print-op-generic | mlir-opt --verify-each | FileCheck %s --check-prefix=MLIR

// The loop level in upstream dialects (docs/mlir.md), read back by MLIR 22's mlir-opt.
// Functions gain the run options and return a status; layouts become strides; XLA's
// semantics are spelled out where arith's differ.

// CHECK-LABEL: func.func @layouts(
// CHECK-SAME:    %[[A:.+]]: memref<2x3xf32, strided<[1, 2]>>, %[[B:.+]]: memref<2x3xf32>, %[[OPTS:.+]]: !llvm.ptr) -> i32
// CHECK:         %[[T:.+]] = memref.alloc() : memref<6xf32>
// CHECK:         memref.reinterpret_cast %[[T]] to offset: [0], sizes: [2, 3], strides: [1, 2]
// CHECK:         scf.parallel
// CHECK:           memref.load %[[A]]
// CHECK:           scf.reduce
// CHECK:         memref.dealloc %[[T]]
// CHECK:         return %{{.+}} : i32
// MLIR-LABEL: func.func @layouts
func.func @layouts(%a: memref<2x3xf32, {0, 1}>, %b: memref<2x3xf32>) attributes {loop.num_results = 1} {
  %c0 = loop.constant 0 : index
  %c2 = loop.constant 2 : index
  %c3 = loop.constant 3 : index
  %t = loop.alloc : memref<2x3xf32, {0, 1}>
  loop.parallel (%i, %j) = (%c0, %c0) to (%c2, %c3) {
    %x = loop.load %a[%i, %j] : memref<2x3xf32, {0, 1}>
    loop.store %x, %t[%i, %j] : memref<2x3xf32, {0, 1}>
    %y = loop.load %t[%i, %j] : memref<2x3xf32, {0, 1}>
    loop.store %y, %b[%i, %j] : memref<2x3xf32>
    loop.yield
  }
  func.return
}

// Integer division guards division by zero and MIN / -1; shifts past the width give 0;
// unsigned types pick the unsigned ops.
// CHECK-LABEL: func.func @integers(
// CHECK:         arith.cmpi eq
// CHECK:         arith.select
// CHECK:         arith.divsi
// CHECK:         arith.divui
// CHECK:         arith.cmpi uge
// CHECK:         arith.shli
// CHECK:         arith.maxui
func.func @integers(%a: memref<i32>, %b: memref<ui8>, %r: memref<i32>, %s: memref<ui8>) attributes {loop.num_results = 2} {
  %x = loop.load %a[] : memref<i32>
  %q = loop.arith divide %x, %x : i32
  %u = loop.load %b[] : memref<ui8>
  %v = loop.arith divide %u, %u : ui8
  %w = loop.arith shift_left %q, %x : i32
  %m = loop.arith maximum %v, %u : ui8
  loop.store %w, %r[] : memref<i32>
  loop.store %m, %s[] : memref<ui8>
  func.return
}

// Float maximum keeps the first operand on ties and propagates NaN (not arith.maximumf);
// float to integer saturates; f16 computes in f32.
// CHECK-LABEL: func.func @floats(
// CHECK:         arith.cmpf oge
// CHECK:         arith.cmpf uno
// CHECK-NOT:     arith.maximumf
// CHECK:         arith.fptosi
// CHECK:         arith.extf {{.+}} : f16 to f32
// CHECK:         math.tanh
// CHECK:         arith.truncf {{.+}} : f32 to f16
func.func @floats(%a: memref<f32>, %h: memref<f16>, %r: memref<i32>, %s: memref<f16>) attributes {loop.num_results = 2} {
  %x = loop.load %a[] : memref<f32>
  %m = loop.arith maximum %x, %x : f32
  %i = loop.convert %m : f32 -> i32
  loop.store %i, %r[] : memref<i32>
  %y = loop.load %h[] : memref<f16>
  %t = loop.math tanh %y : f16
  loop.store %t, %s[] : memref<f16>
  func.return
}

// Control flow: for with iter_args, while, if with results; calls pass the options on and
// fold the callee's status; what follows a call runs only while the status is 0; runtime
// calls take pointers.
// CHECK-LABEL: func.func @control(
// CHECK:         %[[SLOT:.+]] = memref.alloca() : memref<i32>
// CHECK:         scf.for {{.+}} iter_args
// CHECK:         scf.while
// CHECK:           scf.condition
// CHECK:         scf.if
// CHECK:         call @integers({{.+}}) : (memref<i32>, memref<i8>
// CHECK-SAME:      !llvm.ptr) -> i32
// CHECK:         memref.store %{{.+}}, %[[SLOT]][] : memref<i32>
// CHECK-NEXT:    %[[AFTER_CALL:.+]] = memref.load %[[SLOT]][] : memref<i32>
// CHECK:         %[[OK:.+]] = arith.cmpi eq, %[[AFTER_CALL]], %{{.+}} : i32
// CHECK-NEXT:    scf.if %[[OK]] {
// CHECK:           memref.extract_aligned_pointer_as_index
// CHECK:           llvm.inttoptr
// CHECK:           call @xla_rt_infeed_dequeue
// CHECK:           arith.select
// CHECK:           memref.store %{{.+}}, %[[SLOT]][] : memref<i32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[STATUS:.+]] = memref.load %[[SLOT]][] : memref<i32>
// CHECK-NEXT:    return %[[STATUS]] : i32
// CHECK:       func.func private @xla_rt_infeed_dequeue(!llvm.ptr, i64, i64, !llvm.ptr) -> i32
func.func @control(%a: memref<i32>, %b: memref<ui8>, %r: memref<i32>, %s: memref<ui8>) attributes {loop.num_results = 2} {
  %c0 = loop.constant 0 : index
  %c1 = loop.constant 1 : index
  %c4 = loop.constant 4 : index
  %zero = loop.constant 0 : i32
  %sum = loop.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i32) {
    %x = loop.load %a[] : memref<i32>
    %n = loop.arith add %acc, %x : i32
    loop.yield %n : i32
  }
  %w = loop.while (%v = %sum) : (i32) -> (i32) cond {
    %p = loop.compare LT, %v, %zero, SIGNED : i32
    loop.condition %p, %v : i32
  } do {
  ^bb0(%v1: i32):
    %d = loop.arith add %v1, %v1 : i32
    loop.yield %d : i32
  }
  %p = loop.compare GT, %w, %zero, SIGNED : i32
  %chosen = loop.if %p -> (i32) {
    loop.yield %w : i32
  } else {
    loop.yield %zero : i32
  }
  loop.store %chosen, %r[] : memref<i32>
  func.call @integers(%a, %b, %r, %s) : (memref<i32>, memref<ui8>, memref<i32>, memref<ui8>) -> ()
  %bytes = loop.constant 4 : i64
  %wait = loop.constant -1 : i64
  loop.call_runtime @xla_rt_infeed_dequeue(%r, %bytes, %wait) : (memref<i32>, i64, i64) -> ()
  func.return
}
