// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s

// while: the state lives in buffers (here the result buffers), initialized by copies;
// loop.while runs the cond region (its predicate is the loop.condition) and the body,
// whose results are copied back into the state. conditional: loop.if on a predicate, a
// chain of loop.if on an index; each branch writes the result buffers.

// CHECK-LABEL: func.func @while
// CHECK-SAME:    (%[[N:[^:]+]]: memref<i32>, %[[X:[^:]+]]: memref<4xf32>, %[[I:[^:]+]]: memref<i32>, %[[V:[^:]+]]: memref<4xf32>)
// CHECK-DAG:     %[[TEN:.+]] = loop.constant 10 : i32
// CHECK-DAG:     %[[ONE:.+]] = loop.constant 1 : i32
// CHECK:         %[[N0:.+]] = loop.load %[[N]][] : memref<i32>
// CHECK-NEXT:    loop.store %[[N0]], %[[I]][] : memref<i32>
// CHECK-NEXT:    loop.parallel
// CHECK-NEXT:      %[[X0:.+]] = loop.load %[[X]]
// CHECK-NEXT:      loop.store %[[X0]], %[[V]]
// CHECK:         loop.while () : () -> () cond {
// CHECK-NEXT:      %[[IC:.+]] = loop.load %[[I]][] : memref<i32>
// CHECK-NEXT:      %[[P:.+]] = loop.compare LT, %[[IC]], %[[TEN]] : i32
// CHECK-NEXT:      loop.condition %[[P]]
// CHECK-NEXT:    } do {
// CHECK-NEXT:      %[[IB:.+]] = loop.load %[[I]][] : memref<i32>
// CHECK-NEXT:      %[[NEXT:.+]] = loop.arith add %[[IB]], %[[ONE]] : i32
// CHECK-NEXT:      %[[W:.+]] = loop.alloc : memref<4xf32>
// CHECK-NEXT:      loop.parallel
// CHECK:           loop.store %[[NEXT]], %[[I]][] : memref<i32>
// CHECK-NEXT:      loop.parallel
// CHECK-NEXT:        %[[WE:.+]] = loop.load %[[W]]
// CHECK-NEXT:        loop.store %[[WE]], %[[V]]
// CHECK-NEXT:        loop.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      loop.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return

func.func @while(%n: tensor<i32>, %x: tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) {
  %0:2 = hlo.while(%n, %x) : tensor<i32>, tensor<4xf32> cond {
  ^bb0(%i: tensor<i32>, %v: tensor<4xf32>):
    %c = hlo.constant dense<10> : tensor<i32>
    %p = hlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%i: tensor<i32>, %v: tensor<4xf32>):
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %i, %one : tensor<i32>
    %w = hlo.add %v, %v : tensor<4xf32>
    hlo.return %next, %w : tensor<i32>, tensor<4xf32>
  }
  return %0#0, %0#1 : tensor<i32>, tensor<4xf32>
}

// -----

// A body returning the state in another order goes through temporaries, so that no
// state buffer is overwritten before it is read.
// CHECK-LABEL: func.func @swap
// CHECK-SAME:    (%{{[^:]+}}: memref<2xf32>, %{{[^:]+}}: memref<2xf32>, %{{[^:]+}}: memref<i1>, %[[SX:[^:]+]]: memref<2xf32>, %[[SY:[^:]+]]: memref<2xf32>)
// CHECK:         loop.while
// CHECK:         } do {
// CHECK:           %[[TY:.+]] = loop.alloc : memref<2xf32>
// CHECK-NEXT:      loop.parallel
// CHECK-NEXT:        %[[A:.+]] = loop.load %[[SY]]
// CHECK-NEXT:        loop.store %[[A]], %[[TY]]
// CHECK:           %[[TX:.+]] = loop.alloc : memref<2xf32>
// CHECK-NEXT:      loop.parallel
// CHECK-NEXT:        %[[B:.+]] = loop.load %[[SX]]
// CHECK-NEXT:        loop.store %[[B]], %[[TX]]
// CHECK:           loop.parallel
// CHECK-NEXT:        %[[C:.+]] = loop.load %[[TY]]
// CHECK-NEXT:        loop.store %[[C]], %[[SX]]
// CHECK:           loop.parallel
// CHECK-NEXT:        %[[D:.+]] = loop.load %[[TX]]
// CHECK-NEXT:        loop.store %[[D]], %[[SY]]

func.func @swap(%a: tensor<2xf32>, %b: tensor<2xf32>, %p: tensor<i1>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0:3 = hlo.while(%a, %b, %p) : tensor<2xf32>, tensor<2xf32>, tensor<i1> cond {
  ^bb0(%x: tensor<2xf32>, %y: tensor<2xf32>, %q: tensor<i1>):
    hlo.return %q : tensor<i1>
  } do {
  ^bb0(%x: tensor<2xf32>, %y: tensor<2xf32>, %q: tensor<i1>):
    %f = hlo.not %q : tensor<i1>
    hlo.return %y, %x, %f : tensor<2xf32>, tensor<2xf32>, tensor<i1>
  }
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @conditional_pred
// CHECK-SAME:    (%[[P:[^:]+]]: memref<i1>, %[[X:[^:]+]]: memref<2xf32>, %[[R:[^:]+]]: memref<2xf32>)
// CHECK:         %[[Q:.+]] = loop.load %[[P]][] : memref<i1>
// CHECK-NEXT:    loop.if %[[Q]] {
// CHECK-NEXT:      loop.parallel
// CHECK-NEXT:        %[[A:.+]] = loop.load %[[X]]
// CHECK-NEXT:        %[[NEG:.+]] = loop.math negate %[[A]] : f32
// CHECK-NEXT:        loop.store %[[NEG]], %[[R]]
// CHECK-NEXT:        loop.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      loop.yield
// CHECK-NEXT:    } else {
// CHECK-NEXT:      loop.parallel
// CHECK-NEXT:        %[[B:.+]] = loop.load %[[X]]
// CHECK-NEXT:        loop.store %[[B]], %[[R]]
// CHECK-NEXT:        loop.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      loop.yield
// CHECK-NEXT:    }

func.func @conditional_pred(%p: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = hlo.conditional %p, %x, %x : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<2xf32>):
    %1 = hlo.negate %a : tensor<2xf32>
    hlo.return %1 : tensor<2xf32>
  }, {
  ^bb0(%b: tensor<2xf32>):
    hlo.return %b : tensor<2xf32>
  }
  return %0 : tensor<2xf32>
}

// -----

// An index selector tests 0, 1, ... in turn; the last branch takes every other index.
// CHECK-LABEL: func.func @conditional_index
// CHECK-DAG:     %[[C0:.+]] = loop.constant 0 : i32
// CHECK-DAG:     %[[C1:.+]] = loop.constant 1 : i32
// CHECK:         %[[I:.+]] = loop.load %arg0[] : memref<i32>
// CHECK-NEXT:    %[[IS0:.+]] = loop.compare EQ, %[[I]], %[[C0]], SIGNED : i32
// CHECK-NEXT:    loop.if %[[IS0]] {
// CHECK:           loop.math negate
// CHECK:         } else {
// CHECK-NEXT:      %[[IS1:.+]] = loop.compare EQ, %[[I]], %[[C1]], SIGNED : i32
// CHECK-NEXT:      loop.if %[[IS1]] {
// CHECK:             loop.math exponential
// CHECK:           } else {
// CHECK-NEXT:        %[[X:.+]] = loop.load %arg1[] : memref<f32>
// CHECK-NEXT:        loop.store %[[X]], %arg2[] : memref<f32>

func.func @conditional_index(%i: tensor<i32>, %x: tensor<f32>) -> tensor<f32> {
  %0 = hlo.conditional %i, %x, %x, %x : (tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>):
    %1 = hlo.negate %a : tensor<f32>
    hlo.return %1 : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>):
    %1 = hlo.exponential %a : tensor<f32>
    hlo.return %1 : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return %0 : tensor<f32>
}
