// RUN: xla-opt %s --split-input-file --lower-to-llvm | FileCheck %s

// A buffer is a pointer to its first element. loop.load and loop.store address the element
// at a logical index through the memref's layout: the offset sums index * stride, the
// strides following minor_to_major over the padded sizes; getelementptr scales it by the
// element's size. index values are i64.

// CHECK-LABEL: llvm.func @column_major
// CHECK-SAME:    (%[[A:[^:]+]]: !llvm.ptr, %[[I:[^:]+]]: i64, %[[J:[^:]+]]: i64, %{{[^:]+}}: !llvm.ptr)
// CHECK-DAG:     %[[C2:.+]] = llvm.constant 2 : i64
// CHECK:         %[[JS:.+]] = llvm.mul %[[J]], %[[C2]] : i64
// CHECK-NEXT:    %[[OFF:.+]] = llvm.add %[[I]], %[[JS]] : i64
// CHECK-NEXT:    %[[P:.+]] = llvm.getelementptr inbounds %[[A]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT:    %[[X:.+]] = llvm.load %[[P]] : !llvm.ptr -> f32
// CHECK:         llvm.store %[[X]], %{{.+}} : f32, !llvm.ptr
func.func @column_major(%a: memref<2x3xf32, {0, 1}>, %i: index, %j: index) {
  %x = loop.load %a[%i, %j] : memref<2x3xf32, {0, 1}>
  loop.store %x, %a[%i, %j] : memref<2x3xf32, {0, 1}>
  func.return
}

// -----

// A padded row-major buffer strides its rows by the padded size.
// CHECK-LABEL: llvm.func @padded
// CHECK-SAME:    (%[[B:[^:]+]]: !llvm.ptr, %[[I:[^:]+]]: i64, %[[J:[^:]+]]: i64
// CHECK-DAG:     %[[C4:.+]] = llvm.constant 4 : i64
// CHECK:         %[[IS:.+]] = llvm.mul %[[I]], %[[C4]] : i64
// CHECK-NEXT:    %[[OFF:.+]] = llvm.add %[[IS]], %[[J]] : i64
// CHECK-NEXT:    llvm.getelementptr inbounds %[[B]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, i16
func.func @padded(%b: memref<2x3xi16, {1, 0}, padded = [2, 4]>, %i: index, %j: index) {
  %x = loop.load %b[%i, %j] : memref<2x3xi16, {1, 0}, padded = [2, 4]>
  func.return
}

// -----

// Constant indices fold into a constant offset, and offset 0 is the pointer itself; a
// 0-d buffer has one element at offset 0.
// CHECK-LABEL: llvm.func @constant_indices
// CHECK-SAME:    (%[[A:[^:]+]]: !llvm.ptr, %[[S:[^:]+]]: !llvm.ptr
// CHECK-DAG:     %[[C7:.+]] = llvm.constant 7 : i64
// CHECK:         %[[P:.+]] = llvm.getelementptr inbounds %[[A]][%[[C7]]] : (!llvm.ptr, i64) -> !llvm.ptr, f64
// CHECK-NEXT:    %[[X:.+]] = llvm.load %[[P]] : !llvm.ptr -> f64
// CHECK-NEXT:    llvm.store %[[X]], %[[A]] : f64, !llvm.ptr
// CHECK-NEXT:    llvm.store %[[X]], %[[S]] : f64, !llvm.ptr
func.func @constant_indices(%a: memref<3x4xf64>, %s: memref<f64>) {
  %c0 = loop.constant 0 : index
  %c1 = loop.constant 1 : index
  %c3 = loop.constant 3 : index
  %x = loop.load %a[%c1, %c3] : memref<3x4xf64>
  loop.store %x, %a[%c0, %c0] : memref<3x4xf64>
  loop.store %x, %s[] : memref<f64>
  func.return
}

// -----

// Predicates and 4-bit integers take a byte each: a loaded predicate is `byte != 0`, a
// 4-bit integer the byte's low bits; stores extend by the type's signedness.
// CHECK-LABEL: llvm.func @narrow_elements
// CHECK-SAME:    (%[[P:[^:]+]]: !llvm.ptr, %[[S:[^:]+]]: !llvm.ptr, %[[U:[^:]+]]: !llvm.ptr
// CHECK-DAG:     %[[Z8:.+]] = llvm.constant 0 : i8
// CHECK:         %[[PB:.+]] = llvm.load %[[P]] : !llvm.ptr -> i8
// CHECK-NEXT:    %[[PV:.+]] = llvm.icmp ne %[[PB]], %[[Z8]] : i8
// CHECK-NEXT:    %[[PS:.+]] = llvm.zext %[[PV]] : i1 to i8
// CHECK-NEXT:    llvm.store %[[PS]], %[[P]] : i8, !llvm.ptr
// CHECK-NEXT:    %[[SB:.+]] = llvm.load %[[S]] : !llvm.ptr -> i8
// CHECK-NEXT:    %[[SV:.+]] = llvm.trunc %[[SB]] : i8 to i4
// CHECK-NEXT:    %[[SS:.+]] = llvm.sext %[[SV]] : i4 to i8
// CHECK-NEXT:    llvm.store %[[SS]], %[[S]] : i8, !llvm.ptr
// CHECK-NEXT:    %[[UB:.+]] = llvm.load %[[U]] : !llvm.ptr -> i8
// CHECK-NEXT:    %[[UV:.+]] = llvm.trunc %[[UB]] : i8 to i4
// CHECK-NEXT:    %[[US:.+]] = llvm.zext %[[UV]] : i4 to i8
// CHECK-NEXT:    llvm.store %[[US]], %[[U]] : i8, !llvm.ptr
func.func @narrow_elements(%p: memref<i1>, %s: memref<si4>, %u: memref<ui4>) {
  %x = loop.load %p[] : memref<i1>
  loop.store %x, %p[] : memref<i1>
  %y = loop.load %s[] : memref<si4>
  loop.store %y, %s[] : memref<si4>
  %z = loop.load %u[] : memref<ui4>
  loop.store %z, %u[] : memref<ui4>
  func.return
}

// -----

// loop.alloc is malloc of the buffer's bytes (at least 1); NULL ends the function with
// status 2 (out of memory) after telling the runtime the size, when it is linked (its
// hook is extern_weak: a null address when it is not), and freeing the buffers allocated
// before; the buffer is freed when its region ends, the last allocated first.
// CHECK-LABEL: llvm.func @allocations
// CHECK-DAG:     %[[BYTES:.+]] = llvm.constant 48 : i64
// CHECK-DAG:     %[[ONE:.+]] = llvm.constant 1 : i64
// CHECK-DAG:     %[[NULL:.+]] = llvm.constant 0 : i64
// CHECK-DAG:     %[[OOM:.+]] = llvm.constant 2 : i32
// CHECK:         %[[T:.+]] = llvm.call @malloc(%[[BYTES]]) : (i64) -> !llvm.ptr
// CHECK-NEXT:    %[[TI:.+]] = llvm.ptrtoint %[[T]] : !llvm.ptr to i64
// CHECK-NEXT:    %[[TN:.+]] = llvm.icmp eq %[[TI]], %[[NULL]] : i64
// CHECK-NEXT:    llvm.cond_br %[[TN]], ^bb1, ^bb4
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[HOOK:.+]] = llvm.addressof @xla_rt_out_of_memory : !llvm.ptr
// CHECK-NEXT:    %[[HI:.+]] = llvm.ptrtoint %[[HOOK]] : !llvm.ptr to i64
// CHECK-NEXT:    %[[LINKED:.+]] = llvm.icmp ne %[[HI]], %[[NULL]] : i64
// CHECK-NEXT:    llvm.cond_br %[[LINKED]], ^bb2, ^bb3
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    llvm.call @xla_rt_out_of_memory(%[[BYTES]]) : (i64) -> ()
// CHECK-NEXT:    llvm.br ^bb3
// CHECK-NEXT:  ^bb3:
// CHECK-NEXT:    llvm.return %[[OOM]] : i32
// CHECK-NEXT:  ^bb4:
// CHECK-NEXT:    %[[E:.+]] = llvm.call @malloc(%[[ONE]]) : (i64) -> !llvm.ptr
// CHECK:         llvm.call @xla_rt_out_of_memory(%[[ONE]]) : (i64) -> ()
// CHECK:       ^bb7:
// CHECK-NEXT:    llvm.call @free(%[[T]]) : (!llvm.ptr) -> ()
// CHECK-NEXT:    llvm.return %[[OOM]] : i32
// CHECK-NEXT:  ^bb8:
// CHECK-NEXT:    llvm.call @free(%[[E]]) : (!llvm.ptr) -> ()
// CHECK-NEXT:    llvm.call @free(%[[T]]) : (!llvm.ptr) -> ()
// CHECK-NEXT:    llvm.return
// CHECK:       llvm.func @xla_rt_out_of_memory(i64) attributes {linkage = "extern_weak"}
func.func @allocations() {
  %t = loop.alloc : memref<3x4xi32>
  %e = loop.alloc : memref<0xf32>
  func.return
}

// -----

// A loop.literal is the address of a private llvm.global_constant of its bytes, placed
// beside the function and named after it.
// CHECK:       llvm.global_constant {sym_name = "literal.literal.[[OP:op[0-9]+]]", value = dense<[1, 0, 2, 0, 3, 0]> : tensor<6xui8>}
// CHECK-LABEL: llvm.func @literal
// CHECK:         %[[P:.+]] = llvm.addressof @literal.literal.[[OP]] : !llvm.ptr
// CHECK:         llvm.load %{{.+}} : !llvm.ptr -> i16
func.func @literal(%out: memref<i16>) {
  %i = loop.constant 2 : index
  %l = loop.literal dense<[1, 2, 3]> : tensor<3xi16> -> memref<3xi16>
  %x = loop.load %l[%i] : memref<3xi16>
  loop.store %x, %out[] : memref<i16>
  return
}
