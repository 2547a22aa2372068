// RUN: xla-opt %s --split-input-file --buffer-assignment | FileCheck %s
// RUN: xla-opt %s --split-input-file --buffer-assignment=stats=true 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// buffer-assignment: every loop.alloc it can place becomes loop.arena_buffer at an offset
// in the function's arena, a new last argument memref<Nxi8> whose size the function
// records in loop.arena_bytes (docs/buffer-assignment.md).

// STATS: remark: buffer-assignment @reuse: arena of 512 bytes, 3 buffers placed (0 in place), 0 left to malloc
// STATS: remark: buffer-assignment @nested: arena of 128 bytes, 3 buffers placed (0 in place), 0 left to malloc
// STATS: remark: buffer-assignment @parallel_body: arena of 0 bytes, 0 buffers placed (0 in place), 1 left to malloc
// STATS: remark: buffer-assignment @in_place: arena of 256 bytes, 2 buffers placed (1 in place), 0 left to malloc
// STATS: remark: buffer-assignment @transposed: arena of 512 bytes, 2 buffers placed (0 in place), 0 left to malloc
// STATS: remark: buffer-assignment @callee: arena of 64 bytes, 1 buffers placed (0 in place), 0 left to malloc
// STATS: remark: buffer-assignment @caller: arena of 128 bytes, 3 buffers placed (0 in place), 0 left to malloc

// Two temporaries live at once get disjoint bytes; a third, first used after the first
// one's last use, reuses its bytes, through the same view (one SSA value per offset and
// type of the entry block, so that LLVM sees one pointer).
// CHECK-LABEL: func.func @reuse
// CHECK-SAME:    (%{{[^:]+}}: memref<64xf32>, %{{[^:]+}}: memref<64xf32>, %[[ARENA:[^:]+]]: memref<512xi8>) attributes {loop.arena_bytes = 512}
// CHECK:         %[[A:.+]] = loop.arena_buffer %[[ARENA]][0] : memref<512xi8> -> memref<64xf32>
// CHECK-NEXT:    %[[B:.+]] = loop.arena_buffer %[[ARENA]][256] : memref<512xi8> -> memref<64xf32>
// CHECK-NOT:     loop.alloc
// CHECK-NOT:     loop.arena_buffer
// CHECK:         loop.store %{{.+}}, %[[A]]
// CHECK-NEXT:    loop.store %{{.+}}, %[[B]]
// CHECK:         loop.store %{{.+}}, %[[A]]
func.func @reuse(%x: memref<64xf32>, %y: memref<64xf32>) {
  %c0 = loop.constant 0 : index
  %a = loop.alloc : memref<64xf32>
  %b = loop.alloc : memref<64xf32>
  %c = loop.alloc : memref<64xf32>
  %v = loop.load %x[%c0] : memref<64xf32>
  loop.store %v, %a[%c0] : memref<64xf32>
  loop.store %v, %b[%c0] : memref<64xf32>
  %va = loop.load %a[%c0] : memref<64xf32>
  loop.store %va, %c[%c0] : memref<64xf32>
  %vb = loop.load %b[%c0] : memref<64xf32>
  %vc = loop.load %c[%c0] : memref<64xf32>
  %s = loop.arith add %vb, %vc : f32
  loop.store %s, %y[%c0] : memref<64xf32>
  return
}

// -----

// A temporary of a loop body is live for the body's op only; one of the enclosing block
// used inside the loop is live for the whole loop, so the two never share; one used after
// the loop reuses the body's bytes.
// CHECK-LABEL: func.func @nested
// CHECK-SAME:    %[[ARENA:[^:]+]]: memref<128xi8>) attributes {loop.arena_bytes = 128}
// CHECK:         %[[OUTER:.+]] = loop.arena_buffer %[[ARENA]][0] : memref<128xi8> -> memref<16xf32>
// CHECK:         loop.for
// CHECK-NEXT:      %[[INNER:.+]] = loop.arena_buffer %[[ARENA]][64] : memref<128xi8> -> memref<16xf32>
// CHECK-NEXT:      loop.load %[[OUTER]]
// CHECK:         }
// CHECK-NEXT:    loop.store %{{.+}}, %[[OUTER]]
func.func @nested(%x: memref<16xf32>, %y: memref<16xf32>) {
  %c0 = loop.constant 0 : index
  %c1 = loop.constant 1 : index
  %n = loop.constant 4 : index
  %outer = loop.alloc : memref<16xf32>
  %v = loop.load %x[%c0] : memref<16xf32>
  loop.store %v, %outer[%c0] : memref<16xf32>
  loop.for %i = %c0 to %n step %c1 {
    %inner = loop.alloc : memref<16xf32>
    %o = loop.load %outer[%c0] : memref<16xf32>
    loop.store %o, %inner[%i] : memref<16xf32>
    %w = loop.load %inner[%i] : memref<16xf32>
    loop.store %w, %y[%i] : memref<16xf32>
    loop.yield
  }
  %after = loop.alloc : memref<16xf32>
  loop.store %v, %after[%c0] : memref<16xf32>
  %z = loop.load %after[%c0] : memref<16xf32>
  loop.store %z, %y[%c0] : memref<16xf32>
  return
}

// -----

// A temporary inside a loop.parallel body stays loop.alloc (iterations may run at once);
// a function with nothing placed is unchanged.
// CHECK-LABEL: func.func @parallel_body
// CHECK-SAME:    (%{{[^:]+}}: memref<8xf32>, %{{[^:]+}}: memref<8xf32>) {
// CHECK:         loop.parallel
// CHECK-NEXT:      loop.alloc : memref<f32>
// CHECK-NOT:     loop.arena_buffer
func.func @parallel_body(%x: memref<8xf32>, %y: memref<8xf32>) {
  %c0 = loop.constant 0 : index
  %n = loop.constant 8 : index
  loop.parallel (%i) = (%c0) to (%n) {
    %t = loop.alloc : memref<f32>
    %v = loop.load %x[%i] : memref<8xf32>
    loop.store %v, %t[] : memref<f32>
    %w = loop.load %t[] : memref<f32>
    loop.store %w, %y[%i] : memref<8xf32>
    loop.yield
  }
  return
}

// -----

// In place: a nest reading each element of %a at its own index, for the last time, before
// writing %b at that index gives %b the bytes of %a, through the same view: the nest reads
// and writes one pointer at one index, which LLVM vectorizes without an overlap check.
// CHECK-LABEL: func.func @in_place
// CHECK-SAME:    %[[ARENA:[^:]+]]: memref<256xi8>) attributes {loop.arena_bytes = 256}
// CHECK:         %[[A:.+]] = loop.arena_buffer %[[ARENA]][0] : memref<256xi8> -> memref<8x8xf32>
// CHECK-NOT:     loop.arena_buffer
// CHECK:         %[[V:.+]] = loop.load %[[A]]
// CHECK-NEXT:    %[[E:.+]] = loop.math exponential %[[V]]
// CHECK-NEXT:    loop.store %[[E]], %[[A]]
func.func @in_place(%x: memref<8x8xf32>, %y: memref<8x8xf32>) {
  %c0 = loop.constant 0 : index
  %n = loop.constant 8 : index
  %a = loop.alloc : memref<8x8xf32>
  %b = loop.alloc : memref<8x8xf32>
  loop.parallel (%i, %j) = (%c0, %c0) to (%n, %n) {
    %v = loop.load %x[%i, %j] : memref<8x8xf32>
    loop.store %v, %a[%i, %j] : memref<8x8xf32>
    loop.yield
  }
  loop.parallel (%i, %j) = (%c0, %c0) to (%n, %n) {
    %v = loop.load %a[%i, %j] : memref<8x8xf32>
    %e = loop.math exponential %v : f32
    loop.store %e, %b[%i, %j] : memref<8x8xf32>
    loop.yield
  }
  loop.parallel (%i, %j) = (%c0, %c0) to (%n, %n) {
    %v = loop.load %b[%i, %j] : memref<8x8xf32>
    loop.store %v, %y[%i, %j] : memref<8x8xf32>
    loop.yield
  }
  return
}

// -----

// Not in place: the nest reads %a at the transposed index, so another iteration may still
// need the element it writes.
// CHECK-LABEL: func.func @transposed
// CHECK-SAME:    %[[ARENA:[^:]+]]: memref<512xi8>) attributes {loop.arena_bytes = 512}
// CHECK:         loop.arena_buffer %[[ARENA]][0] : memref<512xi8> -> memref<8x8xf32>
// CHECK-NEXT:    loop.arena_buffer %[[ARENA]][256] : memref<512xi8> -> memref<8x8xf32>
func.func @transposed(%x: memref<8x8xf32>, %y: memref<8x8xf32>) {
  %c0 = loop.constant 0 : index
  %n = loop.constant 8 : index
  %a = loop.alloc : memref<8x8xf32>
  %b = loop.alloc : memref<8x8xf32>
  loop.parallel (%i, %j) = (%c0, %c0) to (%n, %n) {
    %v = loop.load %x[%i, %j] : memref<8x8xf32>
    loop.store %v, %a[%i, %j] : memref<8x8xf32>
    loop.yield
  }
  loop.parallel (%i, %j) = (%c0, %c0) to (%n, %n) {
    %v = loop.load %a[%j, %i] : memref<8x8xf32>
    loop.store %v, %b[%i, %j] : memref<8x8xf32>
    loop.yield
  }
  loop.parallel (%i, %j) = (%c0, %c0) to (%n, %n) {
    %v = loop.load %b[%i, %j] : memref<8x8xf32>
    loop.store %v, %y[%i, %j] : memref<8x8xf32>
    loop.yield
  }
  return
}

// -----

// A callee with an arena takes it last; its caller passes a slice of its own arena, live
// for the call (both calls the same slice, one view).
// CHECK-LABEL: func.func @callee
// CHECK-SAME:    (%{{[^:]+}}: memref<16xf32>, %{{[^:]+}}: memref<16xf32>, %[[CA:[^:]+]]: memref<64xi8>) attributes {loop.arena_bytes = 64}
// CHECK:         loop.arena_buffer %[[CA]][0] : memref<64xi8> -> memref<16xf32>
// CHECK-LABEL: func.func @caller
// CHECK-SAME:    %[[ARENA:[^:]+]]: memref<128xi8>) attributes {loop.arena_bytes = 128}
// CHECK:         %[[T:.+]] = loop.arena_buffer %[[ARENA]][0] : memref<128xi8> -> memref<16xf32>
// CHECK-NEXT:    %[[S1:.+]] = loop.arena_buffer %[[ARENA]][64] : memref<128xi8> -> memref<64xi8>
// CHECK-NEXT:    func.call @callee(%{{.+}}, %[[T]], %[[S1]]) : (memref<16xf32>, memref<16xf32>, memref<64xi8>) -> ()
// CHECK-NEXT:    func.call @callee(%[[T]], %{{.+}}, %[[S1]])
func.func @callee(%x: memref<16xf32>, %y: memref<16xf32>) {
  %c0 = loop.constant 0 : index
  %t = loop.alloc : memref<16xf32>
  %v = loop.load %x[%c0] : memref<16xf32>
  loop.store %v, %t[%c0] : memref<16xf32>
  %w = loop.load %t[%c0] : memref<16xf32>
  loop.store %w, %y[%c0] : memref<16xf32>
  return
}

func.func @caller(%x: memref<16xf32>, %y: memref<16xf32>) {
  %c0 = loop.constant 0 : index
  %t = loop.alloc : memref<16xf32>
  func.call @callee(%x, %t) : (memref<16xf32>, memref<16xf32>) -> ()
  func.call @callee(%t, %y) : (memref<16xf32>, memref<16xf32>) -> ()
  return
}
