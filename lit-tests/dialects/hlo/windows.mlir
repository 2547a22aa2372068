// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt - --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// The window ops: hlo.reduce_window and hlo.select_and_scatter. Their window attributes
// print as one clause, `window = {size = ..., stride = ..., pad = ..., ...}`, holding only
// the attributes present; the result shapes are inferred.

// Max pooling, 2x3 windows with strides 2x3 (the operation semantics' example).
// CHECK-LABEL: func.func @max_pool
// CHECK-SAME:    (%[[X:.+]]: tensor<4x6xf32>, %[[Z:.+]]: tensor<f32>)
// CHECK-NEXT:    %[[R:.+]] = hlo.reduce_window(%[[X]] init : %[[Z]]) window = {size = [2, 3], stride = [2, 3]} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x2xf32> {
// CHECK-NEXT:    ^bb0(%[[A:.+]]: tensor<f32>, %[[B:.+]]: tensor<f32>):
// CHECK-NEXT:      %[[M:.+]] = hlo.maximum %[[A]], %[[B]] : tensor<f32>
// CHECK-NEXT:      hlo.return %[[M]] : tensor<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[R]] : tensor<2x2xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.reduce_window"(%{{.+}}, %{{.+}}) ({
// GENERIC-NEXT:    ^bb0(%{{.+}}: tensor<f32>, %{{.+}}: tensor<f32>):
// GENERIC:         }) {window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 3>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x2xf32>
func.func @max_pool(%x: tensor<4x6xf32>, %init: tensor<f32>) -> tensor<2x2xf32> {
  %0 = hlo.reduce_window(%x init: %init) window = {size = [2, 3], stride = [2, 3]} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  return %0 : tensor<2x2xf32>
}

// -----

// Every window attribute: the keys print in a fixed order whatever order they are written
// in. Dimension 0: 5 padded by 1 on each side is 7, windows of 3 by 2 give 3. Dimension 1:
// 4 dilated by 2 is 7, a window of 2 dilated by 2 spans 3, giving 5.
// CHECK-LABEL: func.func @all_window_attributes
// CHECK:         hlo.reduce_window(%{{.+}} init : %{{.+}}) window = {size = [3, 2], stride = [2, 1], pad = {{\[\[}}1, 1], [0, 0]], base_dilate = [1, 2], window_dilate = [1, 2]} : (tensor<5x4xf32>, tensor<f32>) -> tensor<3x5xf32> {
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.reduce_window"
// GENERIC:         {base_dilations = array<i64: 1, 2>, padding = [array<i64: 1, 1>, array<i64: 0, 0>], window_dilations = array<i64: 1, 2>, window_dimensions = array<i64: 3, 2>, window_strides = array<i64: 2, 1>}
func.func @all_window_attributes(%x: tensor<5x4xf32>, %init: tensor<f32>) -> tensor<3x5xf32> {
  %0 = hlo.reduce_window(%x init: %init) window = {window_dilate = [1, 2], pad = [[1, 1], [0, 0]], size = [3, 2], base_dilate = [1, 2], stride = [2, 1]} : (tensor<5x4xf32>, tensor<f32>) -> tensor<3x5xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<3x5xf32>
}

// -----

// A variadic reduce_window (argmax-style): two inputs, two init values, and a reducer of
// the two accumulators then the two elements.
// CHECK-LABEL: func.func @variadic
// CHECK:         %[[R:.+]]:2 = hlo.reduce_window(%{{.+}}, %{{.+}} init : %{{.+}}, %{{.+}}) window = {size = [2]} : (tensor<5xf32>, tensor<5xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>) {
// CHECK-NEXT:    ^bb0(%{{.+}}: tensor<f32>, %{{.+}}: tensor<i32>, %{{.+}}: tensor<f32>, %{{.+}}: tensor<i32>):
// CHECK:         func.return %[[R]]#0, %[[R]]#1 : tensor<4xf32>, tensor<4xi32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.reduce_window"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) ({
// GENERIC:         }) {window_dimensions = array<i64: 2>} : (tensor<5xf32>, tensor<5xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
func.func @variadic(%v: tensor<5xf32>, %i: tensor<5xi32>, %v0: tensor<f32>, %i0: tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0:2 = hlo.reduce_window(%v, %i init: %v0, %i0) window = {size = [2]} : (tensor<5xf32>, tensor<5xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
    %m = hlo.maximum %a, %c : tensor<f32>
    %n = hlo.maximum %b, %d : tensor<i32>
    hlo.return %m, %n : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// Unknown dimensions stay unknown; bounded ones keep the bound the formula gives. Extra
// attributes print in the dictionary.
// CHECK-LABEL: func.func @dynamic
// CHECK:         hlo.reduce_window(%{{.+}} init : %{{.+}}) window = {size = [2, 2], stride = [2, 2]} {note = "pool"} : (tensor<?x<=8xf32>, tensor<f32>) -> tensor<?x<=4xf32> {
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         }) {note = "pool", window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<?x<=8xf32>, tensor<f32>) -> tensor<?x<=4xf32>
func.func @dynamic(%x: tensor<?x<=8xf32>, %init: tensor<f32>) -> tensor<?x<=4xf32> {
  %0 = hlo.reduce_window(%x init: %init) window = {size = [2, 2], stride = [2, 2]} {note = "pool"} : (tensor<?x<=8xf32>, tensor<f32>) -> tensor<?x<=4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return %0 : tensor<?x<=4xf32>
}

// -----

// The gradient of max pooling: source has one element per window; the result has the
// operand's type. The regions follow the types, introduced by their names.
// CHECK-LABEL: func.func @max_pool_grad
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<4x6xf32>, %[[G:[^:]+]]: tensor<2x2xf32>, %[[Z:[^:]+]]: tensor<f32>)
// CHECK-NEXT:    %[[R:.+]] = hlo.select_and_scatter %[[X]], %[[G]], %[[Z]], window = {size = [2, 3], stride = [2, 3]} : (tensor<4x6xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x6xf32> select {
// CHECK-NEXT:    ^bb0(%{{.+}}: tensor<f32>, %{{.+}}: tensor<f32>):
// CHECK-NEXT:      %[[T:.+]] = hlo.constant dense<true> : tensor<i1>
// CHECK-NEXT:      hlo.return %[[T]] : tensor<i1>
// CHECK-NEXT:    } scatter {
// CHECK-NEXT:    ^bb0(%[[A:[^:]+]]: tensor<f32>, %[[B:[^:]+]]: tensor<f32>):
// CHECK-NEXT:      %[[S:.+]] = hlo.add %[[A]], %[[B]] : tensor<f32>
// CHECK-NEXT:      hlo.return %[[S]] : tensor<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[R]] : tensor<4x6xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.select_and_scatter"(%{{.+}}, %{{.+}}, %{{.+}}) ({
// GENERIC:         }, {
// GENERIC:         }) {window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 3>} : (tensor<4x6xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x6xf32>
func.func @max_pool_grad(%x: tensor<4x6xf32>, %grad: tensor<2x2xf32>, %zero: tensor<f32>) -> tensor<4x6xf32> {
  %0 = hlo.select_and_scatter %x, %grad, %zero, window = {size = [2, 3], stride = [2, 3]} : (tensor<4x6xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x6xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<4x6xf32>
}

// -----

// Overlapping windows (the default stride 1) with padding; no window clause attribute is
// required but the size.
// CHECK-LABEL: func.func @overlapping
// CHECK:         hlo.select_and_scatter %{{.+}}, %{{.+}}, %{{.+}}, window = {size = [3], pad = {{\[\[}}1, 1]]} : (tensor<5xi32>, tensor<5xi32>, tensor<i32>) -> tensor<5xi32> select {
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         }) {padding = [array<i64: 1, 1>], window_dimensions = array<i64: 3>} : (tensor<5xi32>, tensor<5xi32>, tensor<i32>) -> tensor<5xi32>
func.func @overlapping(%x: tensor<5xi32>, %source: tensor<5xi32>, %zero: tensor<i32>) -> tensor<5xi32> {
  %0 = hlo.select_and_scatter %x, %source, %zero, window = {pad = [[1, 1]], size = [3]} : (tensor<5xi32>, tensor<5xi32>, tensor<i32>) -> tensor<5xi32> select {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %t = hlo.constant dense<false> : tensor<i1>
    hlo.return %t : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %b : tensor<i32>
  }
  return %0 : tensor<5xi32>
}
