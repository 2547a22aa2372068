// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s

// A while body that returns dynamic_update_slice of its own argument (lax.scan stacking
// its outputs) writes the update into that argument's state buffer: a loop nest over the
// update only, and no copy of the whole array back into the state after the body.

// CHECK-LABEL: func.func @stack_steps
// CHECK:         loop.while
// CHECK:         } do {
// CHECK-NOT:       loop.alloc : memref<16x8xf32>
// CHECK:           %[[AT:.+]] = loop.arith add %{{.+}}, %{{.+}} : index
// CHECK-NEXT:        loop.store %{{.+}}, %arg2[%{{.+}}, %[[AT]]] : memref<16x8xf32>
// CHECK-NOT:       memref<16x8xf32>
// CHECK:         func.return

func.func @stack_steps(%x: tensor<1x8xf32>, %ys: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %0:2 = hlo.while(%zero, %ys) : tensor<i32>, tensor<16x8xf32> cond {
  ^bb0(%i: tensor<i32>, %acc: tensor<16x8xf32>):
    %c = hlo.constant dense<16> : tensor<i32>
    %p = hlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%i: tensor<i32>, %acc: tensor<16x8xf32>):
    %one = hlo.constant dense<1> : tensor<i32>
    %z = hlo.constant dense<0> : tensor<i32>
    %row = hlo.add %x, %x : tensor<1x8xf32>
    %updated = hlo.dynamic_update_slice %acc, %row, %i, %z : (tensor<16x8xf32>, tensor<1x8xf32>, tensor<i32>, tensor<i32>) -> tensor<16x8xf32>
    %next = hlo.add %i, %one : tensor<i32>
    hlo.return %next, %updated : tensor<i32>, tensor<16x8xf32>
  }
  return %0#1 : tensor<16x8xf32>
}

// -----

// When the body still reads the argument after the update, the update goes to a fresh
// buffer that is copied back: the state keeps the old values until the body is done.
// CHECK-LABEL: func.func @read_after_update
// CHECK:         } do {
// CHECK:           %[[FRESH:.+]] = loop.alloc : memref<16x8xf32>
// CHECK:           loop.store %{{.+}}, %[[FRESH]]

func.func @read_after_update(%x: tensor<1x8xf32>, %ys: tensor<16x8xf32>) -> (tensor<16x8xf32>, tensor<16x8xf32>) {
  %zero = hlo.constant dense<0> : tensor<i32>
  %0:3 = hlo.while(%zero, %ys, %ys) : tensor<i32>, tensor<16x8xf32>, tensor<16x8xf32> cond {
  ^bb0(%i: tensor<i32>, %acc: tensor<16x8xf32>, %old: tensor<16x8xf32>):
    %c = hlo.constant dense<16> : tensor<i32>
    %p = hlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%i: tensor<i32>, %acc: tensor<16x8xf32>, %old: tensor<16x8xf32>):
    %one = hlo.constant dense<1> : tensor<i32>
    %z = hlo.constant dense<0> : tensor<i32>
    %updated = hlo.dynamic_update_slice %acc, %x, %i, %z : (tensor<16x8xf32>, tensor<1x8xf32>, tensor<i32>, tensor<i32>) -> tensor<16x8xf32>
    %later = hlo.negate %acc : tensor<16x8xf32>
    %next = hlo.add %i, %one : tensor<i32>
    hlo.return %next, %updated, %later : tensor<i32>, tensor<16x8xf32>, tensor<16x8xf32>
  }
  return %0#1, %0#2 : tensor<16x8xf32>, tensor<16x8xf32>
}

// -----

// Outside loops: the zeros a scatter-add starts from (a gradient's table) are stored
// straight into the scatter's destination, the function's result, which the scatter then
// updates where it is: no temporary table and no copy of it.
// CHECK-LABEL: func.func @scatter_add_into_zeros
// CHECK-NOT:     loop.alloc : memref<64x4xf32>
// CHECK:         loop.parallel
// CHECK-NEXT:      loop.store %{{.+}}, %arg2[%{{.+}}, %{{.+}}] : memref<64x4xf32>
// CHECK-NOT:     loop.alloc : memref<64x4xf32>
// CHECK:         func.return

func.func @scatter_add_into_zeros(%ids: tensor<3x1xi32>, %rows: tensor<3x4xf32>) -> tensor<64x4xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %table = hlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<64x4xf32>
  %0 = hlo.scatter(%table)[%ids] updates(%rows), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<64x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<64x4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<64x4xf32>
}
