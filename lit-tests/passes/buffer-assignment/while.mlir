// RUN: xla-opt %s --lower-to-loops --buffer-assignment | FileCheck %s

// A while loop as lower-to-loops writes it: the predicate's state buffer is allocated
// before the loop and used in both regions, so it is live across the whole loop and no
// buffer of the body shares its bytes; the body's two temporaries (the permuted state)
// are live at once and get disjoint bytes, reused by every iteration.

// CHECK-LABEL: func.func @swap
// CHECK-SAME:    %[[ARENA:[^:]+]]: memref<192xi8>) attributes {loop.arena_bytes = 192, loop.num_results = 2}
// CHECK:         %[[P:.+]] = loop.arena_buffer %[[ARENA]][0] : memref<192xi8> -> memref<i1>
// CHECK:         loop.while
// CHECK-NEXT:      loop.load %[[P]][]
// CHECK:         } do {
// CHECK:           %[[TY:.+]] = loop.arena_buffer %[[ARENA]][64] : memref<192xi8> -> memref<2xf32>
// CHECK:           %[[TX:.+]] = loop.arena_buffer %[[ARENA]][128] : memref<192xi8> -> memref<2xf32>
// CHECK:           loop.load %[[TY]]
// CHECK:           loop.load %[[TX]]
// CHECK:           loop.store %{{.+}}, %[[P]][]
// CHECK-NOT:     loop.alloc

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
