// RUN: xla-opt %s --split-input-file --lower-to-llvm | FileCheck %s

// Structured control flow becomes blocks and branches whose block arguments carry the
// induction variables and loop-carried values.

// loop.for: a head block tests the induction variable against the upper bound, the body
// branches back with the next values, and the exit block's arguments are the results.
// CHECK-LABEL: llvm.func @sum
// CHECK-DAG:     %[[C0:.+]] = llvm.constant 0 : i64
// CHECK-DAG:     %[[C1:.+]] = llvm.constant 1 : i64
// CHECK-DAG:     %[[C8:.+]] = llvm.constant 8 : i64
// CHECK-DAG:     %[[ZERO:.+]] = llvm.constant 0.0 : f32
// CHECK:         llvm.br ^[[HEAD:bb[0-9]+]](%[[C0]], %[[ZERO]] : i64, f32)
// CHECK-NEXT:  ^[[HEAD]](%[[I:.+]]: i64, %[[ACC:.+]]: f32):
// CHECK-NEXT:    %[[MORE:.+]] = llvm.icmp slt %[[I]], %[[C8]] : i64
// CHECK-NEXT:    llvm.cond_br %[[MORE]], ^[[BODY:bb[0-9]+]], ^[[EXIT:bb[0-9]+]](%[[ACC]] : f32)
// CHECK-NEXT:  ^[[BODY]]:
// CHECK:         %[[X:.+]] = llvm.load
// CHECK-NEXT:    %[[NEXT:.+]] = llvm.fadd %[[ACC]], %[[X]] : f32
// CHECK-NEXT:    %[[I1:.+]] = llvm.add %[[I]], %[[C1]] : i64
// CHECK-NEXT:    llvm.br ^[[HEAD]](%[[I1]], %[[NEXT]] : i64, f32)
// CHECK-NEXT:  ^[[EXIT]](%[[S:.+]]: f32):
// CHECK-NEXT:    llvm.store %[[S]], %{{.+}} : f32, !llvm.ptr
func.func @sum(%a: memref<8xf32>, %r: memref<f32>) {
  %c0 = loop.constant 0 : index
  %c1 = loop.constant 1 : index
  %c8 = loop.constant 8 : index
  %zero = loop.constant 0.0 : f32
  %s = loop.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f32) {
    %x = loop.load %a[%i] : memref<8xf32>
    %n = loop.arith add %acc, %x : f32
    loop.yield %n : f32
  }
  loop.store %s, %r[] : memref<f32>
  func.return
}

// -----

// A small loop.parallel (or one whose body allocates) runs sequentially: a loop per
// dimension, outermost first, step 1 (parallel.mlir has the nests that go to the pool).
// A buffer allocated in the body is freed at the end of every iteration.
// CHECK-LABEL: llvm.func @nest
// CHECK-DAG:     %[[C0:.+]] = llvm.constant 0 : i64
// CHECK-DAG:     %[[C2:.+]] = llvm.constant 2 : i64
// CHECK-DAG:     %[[C3:.+]] = llvm.constant 3 : i64
// CHECK-DAG:     %[[ONE:.+]] = llvm.constant 1 : i64
// CHECK:         llvm.br ^[[OUTER:bb[0-9]+]](%[[C0]] : i64)
// CHECK-NEXT:  ^[[OUTER]](%[[I:.+]]: i64):
// CHECK-NEXT:    %[[IM:.+]] = llvm.icmp slt %[[I]], %[[C2]] : i64
// CHECK-NEXT:    llvm.cond_br %[[IM]], ^[[OB:bb[0-9]+]], ^[[DONE:bb[0-9]+]]
// CHECK-NEXT:  ^[[OB]]:
// CHECK-NEXT:    llvm.br ^[[INNER:bb[0-9]+]](%[[C0]] : i64)
// CHECK-NEXT:  ^[[INNER]](%[[J:.+]]: i64):
// CHECK-NEXT:    %[[JM:.+]] = llvm.icmp slt %[[J]], %[[C3]] : i64
// CHECK-NEXT:    llvm.cond_br %[[JM]], ^[[IB:bb[0-9]+]], ^[[IEXIT:bb[0-9]+]]
// CHECK-NEXT:  ^[[IB]]:
// CHECK-NEXT:    %[[T:.+]] = llvm.call @malloc
// CHECK:         llvm.store
// CHECK-NEXT:    llvm.call @free(%[[T]]) : (!llvm.ptr) -> ()
// CHECK-NEXT:    %[[J1:.+]] = llvm.add %[[J]], %[[ONE]] : i64
// CHECK-NEXT:    llvm.br ^[[INNER]](%[[J1]] : i64)
// CHECK-NEXT:  ^[[IEXIT]]:
// CHECK-NEXT:    %[[I1:.+]] = llvm.add %[[I]], %[[ONE]] : i64
// CHECK-NEXT:    llvm.br ^[[OUTER]](%[[I1]] : i64)
// CHECK-NEXT:  ^[[DONE]]:
// CHECK-NEXT:    llvm.return
func.func @nest(%a: memref<2x3xi32>) {
  %c0 = loop.constant 0 : index
  %c2 = loop.constant 2 : index
  %c3 = loop.constant 3 : index
  loop.parallel (%i, %j) = (%c0, %c0) to (%c2, %c3) {
    %t = loop.alloc : memref<4xi32>
    %x = loop.load %a[%i, %j] : memref<2x3xi32>
    loop.store %x, %a[%i, %j] : memref<2x3xi32>
    loop.yield
  }
  func.return
}

// -----

// loop.while: the cond block decides and forwards its values to the do block or, as the
// results, to the exit block; the do block branches back to cond.
// CHECK-LABEL: llvm.func @count
// CHECK-SAME:    (%[[N:[^:]+]]: i32,
// CHECK-DAG:     %[[C0:.+]] = llvm.constant 0 : i32
// CHECK-DAG:     %[[C1:.+]] = llvm.constant 1 : i32
// CHECK:         llvm.br ^[[COND:bb[0-9]+]](%[[C0]] : i32)
// CHECK-NEXT:  ^[[COND]](%[[I:.+]]: i32):
// CHECK-NEXT:    %[[P:.+]] = llvm.icmp slt %[[I]], %[[N]] : i32
// CHECK-NEXT:    llvm.cond_br %[[P]], ^[[DO:bb[0-9]+]](%[[I]] : i32), ^[[EXIT:bb[0-9]+]](%[[I]] : i32)
// CHECK-NEXT:  ^[[DO]](%[[K:.+]]: i32):
// CHECK-NEXT:    %[[NEXT:.+]] = llvm.add %[[K]], %[[C1]] : i32
// CHECK-NEXT:    llvm.br ^[[COND]](%[[NEXT]] : i32)
// CHECK-NEXT:  ^[[EXIT]](%[[R:.+]]: i32):
// CHECK-NEXT:    llvm.store %[[R]], %{{.+}} : i32, !llvm.ptr
func.func @count(%n: i32, %out: memref<i32>) {
  %c0 = loop.constant 0 : i32
  %c1 = loop.constant 1 : i32
  %r = loop.while (%i = %c0) : (i32) -> (i32) cond {
    %p = loop.compare LT, %i, %n : i32
    loop.condition %p, %i : i32
  } do {
  ^bb0(%k: i32):
    %next = loop.arith add %k, %c1 : i32
    loop.yield %next : i32
  }
  loop.store %r, %out[] : memref<i32>
  func.return
}

// -----

// loop.if: a conditional branch to the two regions, which pass their results to a merge
// block.
// CHECK-LABEL: llvm.func @choose
// CHECK-SAME:    (%[[P:[^:]+]]: i1, %[[A:[^:]+]]: f32, %[[B:[^:]+]]: f32,
// CHECK:         llvm.cond_br %[[P]], ^[[THEN:bb[0-9]+]], ^[[ELSE:bb[0-9]+]]
// CHECK-NEXT:  ^[[THEN]]:
// CHECK-NEXT:    %[[S:.+]] = llvm.fadd %[[A]], %[[B]] : f32
// CHECK-NEXT:    llvm.br ^[[MERGE:bb[0-9]+]](%[[S]] : f32)
// CHECK-NEXT:  ^[[ELSE]]:
// CHECK-NEXT:    llvm.br ^[[MERGE]](%[[B]] : f32)
// CHECK-NEXT:  ^[[MERGE]](%[[R:.+]]: f32):
// CHECK-NEXT:    llvm.store %[[R]], %{{.+}} : f32, !llvm.ptr
func.func @choose(%p: i1, %a: f32, %b: f32, %out: memref<f32>) {
  %r = loop.if %p -> (f32) {
    %s = loop.arith add %a, %b : f32
    loop.yield %s : f32
  } else {
    loop.yield %b : f32
  }
  loop.store %r, %out[] : memref<f32>
  func.return
}
