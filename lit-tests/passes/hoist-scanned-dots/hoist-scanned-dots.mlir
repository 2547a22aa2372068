// RUN: xla-opt %s --split-input-file --hoist-scanned-dots | FileCheck %s

// A scan's input projection: each of the 8 steps multiplies its slice of %xs (reshaped
// to drop the unit dimension) by the carried, never-updated %w. The product over all
// slices is computed once before the loop; each step slices its rows out of it at the
// same index. The recurrent product of the carried state %h stays in the loop.

// CHECK-LABEL: func.func @rnn_input_projection
// CHECK:         %[[ALL:.+]] = hlo.dot_general %arg0, %arg1, batching_dims = [] x [], contracting_dims = [2] x [0] : (tensor<8x4x16xf32>, tensor<16x32xf32>) -> tensor<8x4x32xf32>
// CHECK-NEXT:    hlo.while
// CHECK:         } do {
// CHECK-NEXT:    ^bb0(%[[XS:.+]]: tensor<8x4x16xf32>, %[[W:.+]]: tensor<16x32xf32>, %[[H:.+]]: tensor<4x32xf32>, %[[I:.+]]: tensor<i32>):
// CHECK:           %[[ZERO:.+]] = hlo.constant dense<0> : tensor<i32>
// CHECK-NEXT:      %[[ROWS:.+]] = hlo.dynamic_slice %[[ALL]], %[[I]], %[[ZERO]], %[[ZERO]], sizes = [1, 4, 32] : (tensor<8x4x32xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x32xf32>
// CHECK-NEXT:      %[[PROJECTED:.+]] = hlo.reshape %[[ROWS]] : (tensor<1x4x32xf32>) -> tensor<4x32xf32>
// CHECK-NOT:       hlo.dot_general %{{.+}}, %[[W]]
// CHECK:           %[[RECURRENT:.+]] = hlo.dot_general %[[H]], %{{.+}}
// CHECK:           hlo.add %[[PROJECTED]], %[[RECURRENT]]

func.func @rnn_input_projection(%xs: tensor<8x4x16xf32>, %w: tensor<16x32xf32>, %u: tensor<32x32xf32>, %h0: tensor<4x32xf32>) -> tensor<4x32xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %0:4 = hlo.while(%xs, %w, %h0, %zero) : tensor<8x4x16xf32>, tensor<16x32xf32>, tensor<4x32xf32>, tensor<i32> cond {
  ^bb0(%a: tensor<8x4x16xf32>, %b: tensor<16x32xf32>, %c: tensor<4x32xf32>, %i: tensor<i32>):
    %n = hlo.constant dense<8> : tensor<i32>
    %p = hlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%a: tensor<8x4x16xf32>, %b: tensor<16x32xf32>, %h: tensor<4x32xf32>, %i: tensor<i32>):
    %z = hlo.constant dense<0> : tensor<i32>
    %s = hlo.dynamic_slice %a, %i, %z, %z, sizes = [1, 4, 16] : (tensor<8x4x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x16xf32>
    %x = hlo.reshape %s : (tensor<1x4x16xf32>) -> tensor<4x16xf32>
    %gx = hlo.dot_general %x, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x32xf32>) -> tensor<4x32xf32>
    %gh = hlo.dot_general %h, %u, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<4x32xf32>, tensor<32x32xf32>) -> tensor<4x32xf32>
    %next = hlo.add %gx, %gh : tensor<4x32xf32>
    %one = hlo.constant dense<1> : tensor<i32>
    %j = hlo.add %i, %one : tensor<i32>
    hlo.return %a, %b, %next, %j : tensor<8x4x16xf32>, tensor<16x32xf32>, tensor<4x32xf32>, tensor<i32>
  }
  return %0#2 : tensor<4x32xf32>
}

// -----

// The slice as the product's rhs, without a reshape: the scanned dimension comes after the
// lhs's free dimension in the hoisted product, and the slice keeps its unit dimension.

// CHECK-LABEL: func.func @slice_on_the_right
// CHECK:         %[[ALL:.+]] = hlo.dot_general %arg1, %arg0, batching_dims = [] x [], contracting_dims = [1] x [1] : (tensor<3x5xf32>, tensor<6x5x7xf32>) -> tensor<3x6x7xf32>
// CHECK:         } do {
// CHECK:           %[[ROWS:.+]] = hlo.dynamic_slice %[[ALL]], %{{.+}}, %{{.+}}, %{{.+}}, sizes = [3, 1, 7]
// CHECK-NOT:       hlo.reshape
// CHECK:           hlo.return %{{.+}}, %{{.+}}, %[[ROWS]],

func.func @slice_on_the_right(%xs: tensor<6x5x7xf32>, %w: tensor<3x5xf32>) -> tensor<3x1x7xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %init = hlo.constant dense<0.0> : tensor<3x1x7xf32>
  %0:4 = hlo.while(%xs, %w, %init, %zero) : tensor<6x5x7xf32>, tensor<3x5xf32>, tensor<3x1x7xf32>, tensor<i32> cond {
  ^bb0(%a: tensor<6x5x7xf32>, %b: tensor<3x5xf32>, %c: tensor<3x1x7xf32>, %i: tensor<i32>):
    %n = hlo.constant dense<6> : tensor<i32>
    %p = hlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%a: tensor<6x5x7xf32>, %b: tensor<3x5xf32>, %c: tensor<3x1x7xf32>, %i: tensor<i32>):
    %z = hlo.constant dense<0> : tensor<i32>
    %s = hlo.dynamic_slice %a, %i, %z, %z, sizes = [1, 5, 7] : (tensor<6x5x7xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x5x7xf32>
    %d = hlo.dot_general %b, %s, batching_dims = [] x [], contracting_dims = [1] x [1] : (tensor<3x5xf32>, tensor<1x5x7xf32>) -> tensor<3x1x7xf32>
    %one = hlo.constant dense<1> : tensor<i32>
    %j = hlo.add %i, %one : tensor<i32>
    hlo.return %a, %b, %d, %j : tensor<6x5x7xf32>, tensor<3x5xf32>, tensor<3x1x7xf32>, tensor<i32>
  }
  return %0#2 : tensor<3x1x7xf32>
}

// -----

// Not hoisted: the weights change from step to step; the loop runs fewer steps than the
// input has slices; the slice takes part of a step's rows.

// CHECK-LABEL: func.func @updated_weights
// CHECK:         hlo.while
// CHECK:           hlo.dot_general
func.func @updated_weights(%xs: tensor<8x4x16xf32>, %w: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %0:3 = hlo.while(%xs, %w, %zero) : tensor<8x4x16xf32>, tensor<16x16xf32>, tensor<i32> cond {
  ^bb0(%a: tensor<8x4x16xf32>, %b: tensor<16x16xf32>, %i: tensor<i32>):
    %n = hlo.constant dense<8> : tensor<i32>
    %p = hlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%a: tensor<8x4x16xf32>, %b: tensor<16x16xf32>, %i: tensor<i32>):
    %z = hlo.constant dense<0> : tensor<i32>
    %s = hlo.dynamic_slice %a, %i, %z, %z, sizes = [1, 4, 16] : (tensor<8x4x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x16xf32>
    %x = hlo.reshape %s : (tensor<1x4x16xf32>) -> tensor<4x16xf32>
    %d = hlo.dot_general %x, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
    %t = hlo.dot_general %x, %d, batching_dims = [] x [], contracting_dims = [0] x [0] : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<16x16xf32>
    %one = hlo.constant dense<1> : tensor<i32>
    %j = hlo.add %i, %one : tensor<i32>
    hlo.return %a, %t, %j : tensor<8x4x16xf32>, tensor<16x16xf32>, tensor<i32>
  }
  return %0#1 : tensor<16x16xf32>
}

// -----

// CHECK-LABEL: func.func @fewer_steps_than_slices
// CHECK:         hlo.while
// CHECK:           hlo.dot_general
func.func @fewer_steps_than_slices(%xs: tensor<8x4x16xf32>, %w: tensor<16x32xf32>) -> tensor<4x32xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %init = hlo.constant dense<0.0> : tensor<4x32xf32>
  %0:4 = hlo.while(%xs, %w, %init, %zero) : tensor<8x4x16xf32>, tensor<16x32xf32>, tensor<4x32xf32>, tensor<i32> cond {
  ^bb0(%a: tensor<8x4x16xf32>, %b: tensor<16x32xf32>, %c: tensor<4x32xf32>, %i: tensor<i32>):
    %n = hlo.constant dense<2> : tensor<i32>
    %p = hlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%a: tensor<8x4x16xf32>, %b: tensor<16x32xf32>, %c: tensor<4x32xf32>, %i: tensor<i32>):
    %z = hlo.constant dense<0> : tensor<i32>
    %s = hlo.dynamic_slice %a, %i, %z, %z, sizes = [1, 4, 16] : (tensor<8x4x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x16xf32>
    %x = hlo.reshape %s : (tensor<1x4x16xf32>) -> tensor<4x16xf32>
    %d = hlo.dot_general %x, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x32xf32>) -> tensor<4x32xf32>
    %one = hlo.constant dense<1> : tensor<i32>
    %j = hlo.add %i, %one : tensor<i32>
    hlo.return %a, %b, %d, %j : tensor<8x4x16xf32>, tensor<16x32xf32>, tensor<4x32xf32>, tensor<i32>
  }
  return %0#2 : tensor<4x32xf32>
}

// -----

// CHECK-LABEL: func.func @part_of_a_step
// CHECK:         hlo.while
// CHECK:           hlo.dot_general
func.func @part_of_a_step(%xs: tensor<8x4x16xf32>, %w: tensor<16x32xf32>) -> tensor<2x32xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %init = hlo.constant dense<0.0> : tensor<2x32xf32>
  %0:4 = hlo.while(%xs, %w, %init, %zero) : tensor<8x4x16xf32>, tensor<16x32xf32>, tensor<2x32xf32>, tensor<i32> cond {
  ^bb0(%a: tensor<8x4x16xf32>, %b: tensor<16x32xf32>, %c: tensor<2x32xf32>, %i: tensor<i32>):
    %n = hlo.constant dense<8> : tensor<i32>
    %p = hlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%a: tensor<8x4x16xf32>, %b: tensor<16x32xf32>, %c: tensor<2x32xf32>, %i: tensor<i32>):
    %z = hlo.constant dense<0> : tensor<i32>
    %s = hlo.dynamic_slice %a, %i, %z, %z, sizes = [1, 2, 16] : (tensor<8x4x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x16xf32>
    %x = hlo.reshape %s : (tensor<1x2x16xf32>) -> tensor<2x16xf32>
    %d = hlo.dot_general %x, %b, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<2x16xf32>, tensor<16x32xf32>) -> tensor<2x32xf32>
    %one = hlo.constant dense<1> : tensor<i32>
    %j = hlo.add %i, %one : tensor<i32>
    hlo.return %a, %b, %d, %j : tensor<8x4x16xf32>, tensor<16x32xf32>, tensor<2x32xf32>, tensor<i32>
  }
  return %0#2 : tensor<2x32xf32>
}
