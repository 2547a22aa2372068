// RUN: xla-opt %s --split-input-file | FileCheck %s

// Reductions: `reduce ... applies OP across dimensions` (a reducer region is built), the
// region form whose `reducer` lists its arguments per operand (they are reordered into
// hlo's accumulators-then-elements block), and the generic forms of reduce,
// reduce_window, select_and_scatter and map.

// CHECK-LABEL: func.func @reduce_applies
// CHECK-SAME:    (%[[X:.*]]: tensor<4x8xf32>, %[[C:.*]]: tensor<f32>)
// CHECK:         %[[SUM:.*]] = hlo.reduce(%[[X]] init : %[[C]]) dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// CHECK-NEXT:      %[[R:.*]] = hlo.add %[[A]], %[[B]] : tensor<f32>
// CHECK-NEXT:      hlo.return %[[R]] : tensor<f32>
// CHECK-NEXT:    }
// CHECK:         hlo.reduce(%[[X]] init : %[[C]]) dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32> {
// CHECK:           hlo.maximum
// CHECK:         func.return %[[SUM]]
func.func @reduce_applies(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.reduce(%x init: %c) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_with_region
// CHECK-SAME:    (%[[X:.*]]: tensor<4x8xf32>, %[[Y:.*]]: tensor<4x8xi32>, %[[C:.*]]: tensor<f32>, %[[D:.*]]: tensor<i32>)
// CHECK:         %[[R:.*]]:2 = hlo.reduce(%[[X]], %[[Y]] init : %[[C]], %[[D]]) dimensions = [1]
// CHECK-SAME:      : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>) {
// CHECK-NEXT:    ^bb0(%[[ACC0:.*]]: tensor<f32>, %[[ACC1:.*]]: tensor<i32>, %[[E0:.*]]: tensor<f32>, %[[E1:.*]]: tensor<i32>):
// CHECK-NEXT:      %[[M:.*]] = hlo.maximum %[[ACC0]], %[[E0]] : tensor<f32>
// CHECK-NEXT:      %[[S:.*]] = hlo.add %[[ACC1]], %[[E1]] : tensor<i32>
// CHECK-NEXT:      hlo.return %[[M]], %[[S]] : tensor<f32>, tensor<i32>
// CHECK:         func.return %[[R]]#1
func.func @reduce_with_region(%x: tensor<4x8xf32>, %y: tensor<4x8xi32>, %c: tensor<f32>, %d: tensor<i32>) -> tensor<4xi32> {
  %0:2 = stablehlo.reduce(%x init: %c), (%y init: %d) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
   reducer(%a: tensor<f32>, %b: tensor<f32>) (%e: tensor<i32>, %f: tensor<i32>)  {
    %1 = stablehlo.maximum %a, %b : tensor<f32>
    %2 = stablehlo.add %e, %f : tensor<i32>
    stablehlo.return %1, %2 : tensor<f32>, tensor<i32>
  }
  return %0#1 : tensor<4xi32>
}

// -----

// The generic form, with the dimensions as a dense tensor (older exports).

// CHECK-LABEL: func.func @reduce_generic
// CHECK-SAME:    (%[[X:.*]]: tensor<1x6xi64>, %[[C:.*]]: tensor<i64>)
// CHECK:         hlo.reduce(%[[X]] init : %[[C]]) dimensions = [1] : (tensor<1x6xi64>, tensor<i64>) -> tensor<1xi64> {
// CHECK:           %[[S:.*]] = hlo.add
// CHECK-NEXT:      hlo.return %[[S]] : tensor<i64>
func.func @reduce_generic(%x: tensor<1x6xi64>, %c: tensor<i64>) -> tensor<1xi64> {
  %0 = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %1 = "stablehlo.add"(%a, %b) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%1) : (tensor<i64>) -> ()
  }) {dimensions = dense<1> : tensor<1xi64>} : (tensor<1x6xi64>, tensor<i64>) -> tensor<1xi64>
  return %0 : tensor<1xi64>
}

// -----

// CHECK-LABEL: func.func @windows_and_map
// CHECK-SAME:    (%[[X:.*]]: tensor<4x4xf32>, %[[Z:.*]]: tensor<f32>, %[[G:.*]]: tensor<2x2xf32>)
// CHECK:         hlo.reduce_window(%[[X]] init : %[[Z]]) window = {size = [2, 2], stride = [2, 2], pad = {{\[\[}}0, 0], [1, 1]]}
// CHECK-SAME:      : (tensor<4x4xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK:           hlo.maximum
// CHECK:         %[[SAS:.*]] = hlo.select_and_scatter %[[X]], %[[G]], %[[Z]], window = {size = [2, 2], stride = [2, 2]}
// CHECK-SAME:      select {
// CHECK:           hlo.compare GE
// CHECK:         } scatter {
// CHECK:           hlo.add
// CHECK:         hlo.map(%[[X]], %[[X]]) dimensions = [0, 1]
// CHECK:           hlo.multiply
// CHECK:         hlo.reduce_window(%[[X]] init : %[[Z]])
// CHECK-SAME:      window = {size = [1, 2], stride = [1, 1], pad = {{\[\[}}0, 0], [0, 0]], base_dilate = [1, 1], window_dilate = [1, 2]}
// CHECK:         func.return %[[SAS]]
func.func @windows_and_map(%x: tensor<4x4xf32>, %z: tensor<f32>, %g: tensor<2x2xf32>) -> tensor<4x4xf32> {
  %0 = "stablehlo.reduce_window"(%x, %z) <{padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %5 = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %5 : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<2x3xf32>
  %1 = "stablehlo.select_and_scatter"(%x, %g, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %5 = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %5 : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %5 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %5 : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  %2 = "stablehlo.map"(%x, %x) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %5 = stablehlo.multiply %a, %b : tensor<f32>
    stablehlo.return %5 : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %3 = "stablehlo.reduce_window"(%x, %z) <{base_dilations = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, window_dilations = array<i64: 1, 2>, window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %5 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %5 : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x2xf32>
  return %1 : tensor<4x4xf32>
}

// -----

// sort: a negative dimension counts from the back; `is_stable` is kept.

// CHECK-LABEL: func.func @sort
// CHECK-SAME:    (%[[X:.*]]: tensor<4x4xf32>, %[[K:.*]]: tensor<4x4xi32>)
// CHECK:         %[[S:.*]]:2 = hlo.sort(%[[X]], %[[K]]) dim = 1 {is_stable = true}
// CHECK-SAME:      : (tensor<4x4xf32>, tensor<4x4xi32>) -> (tensor<4x4xf32>, tensor<4x4xi32>) {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>, %{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>):
// CHECK-NEXT:      %[[GT:.*]] = hlo.compare GT, %[[A]], %[[B]], TOTALORDER
// CHECK-NEXT:      hlo.return %[[GT]] : tensor<i1>
// CHECK:         hlo.sort(%[[X]]) dim = 0 : (tensor<4x4xf32>) -> tensor<4x4xf32> {
// CHECK:           hlo.compare LT
// CHECK:         func.return %[[S]]#0
func.func @sort(%x: tensor<4x4xf32>, %k: tensor<4x4xi32>) -> tensor<4x4xf32> {
  %0:2 = "stablehlo.sort"(%x, %k) <{dimension = -1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %1 = stablehlo.compare GT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<4x4xf32>, tensor<4x4xi32>) -> (tensor<4x4xf32>, tensor<4x4xi32>)
  %2 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0#0 : tensor<4x4xf32>
}
