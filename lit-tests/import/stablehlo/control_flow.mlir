// RUN: xla-opt %s --split-input-file | FileCheck %s

// while with `%iterArg = %init` (the iteration arguments become both regions' block
// arguments), while in the generic form, and case/if, whose regions capture values of the
// function: each branch gets a tuple of its captures as its operand.

// CHECK-LABEL: func.func @while_loop
// CHECK-SAME:    (%[[X:.*]]: tensor<4xf32>)
// CHECK:         %[[ZERO:.*]] = hlo.constant dense<0> : tensor<i32>
// CHECK:         %[[LOOP:.*]]:2 = hlo.while(%[[ZERO]], %[[X]]) : tensor<i32>, tensor<4xf32> cond {
// CHECK-NEXT:    ^bb0(%[[I:.*]]: tensor<i32>, %{{.*}}: tensor<4xf32>):
// CHECK-NEXT:      %[[TEN:.*]] = hlo.constant dense<10> : tensor<i32>
// CHECK-NEXT:      %[[LT:.*]] = hlo.compare LT, %[[I]], %[[TEN]], SIGNED
// CHECK-NEXT:      hlo.return %[[LT]] : tensor<i1>
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[J:.*]]: tensor<i32>, %[[V:.*]]: tensor<4xf32>):
// CHECK-NEXT:      %[[ONE:.*]] = hlo.constant dense<1> : tensor<i32>
// CHECK-NEXT:      %[[NEXT:.*]] = hlo.add %[[J]], %[[ONE]] : tensor<i32>
// CHECK-NEXT:      %[[DOUBLE:.*]] = hlo.add %[[V]], %[[V]] : tensor<4xf32>
// CHECK-NEXT:      hlo.return %[[NEXT]], %[[DOUBLE]] : tensor<i32>, tensor<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[LOOP]]#1
func.func @while_loop(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %c_1 = stablehlo.constant dense<10> : tensor<i32>
    %1 = stablehlo.compare LT, %iterArg, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c_1 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %iterArg, %c_1 : tensor<i32>
    %2 = stablehlo.add %iterArg_0, %iterArg_0 : tensor<4xf32>
    stablehlo.return %1, %2 : tensor<i32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}

// -----

// The regions of a while may use values of the function, as the StableHLO verifier allows.

// CHECK-LABEL: func.func @while_uses_outer_values
// CHECK-SAME:    (%[[X:.*]]: tensor<f32>, %[[STEP:.*]]: tensor<f32>)
// CHECK:         hlo.while(%[[X]]) : tensor<f32> cond {
// CHECK-NEXT:    ^bb0(%[[A:.*]]: tensor<f32>):
// CHECK-NEXT:      hlo.compare LT, %[[A]], %[[STEP]]
// CHECK:         } do {
// CHECK-NEXT:    ^bb0(%[[B:.*]]: tensor<f32>):
// CHECK-NEXT:      hlo.add %[[B]], %[[STEP]]
func.func @while_uses_outer_values(%x: tensor<f32>, %step: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.while(%iterArg = %x) : tensor<f32>
  cond {
    %1 = stablehlo.compare LT, %iterArg, %step : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.add %iterArg, %step : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @while_generic
// CHECK-SAME:    (%[[X:.*]]: tensor<i32>)
// CHECK:         hlo.while(%[[X]]) : tensor<i32> cond {
// CHECK:           hlo.compare LT
// CHECK:         } do {
// CHECK:           hlo.add
func.func @while_generic(%x: tensor<i32>) -> tensor<i32> {
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%a: tensor<i32>):
    %c = stablehlo.constant dense<3> : tensor<i32>
    %1 = stablehlo.compare LT, %a, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>):
    %1 = stablehlo.add %a, %a : tensor<i32>
    stablehlo.return %1 : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// CHECK-LABEL: func.func @case_with_captures
// CHECK-SAME:    (%[[I:.*]]: tensor<i32>, %[[A:.*]]: tensor<2xf32>, %[[B:.*]]: tensor<2xf32>)
// CHECK:         %[[T0:.*]] = hlo.tuple %[[A]], %[[B]] : tuple<tensor<2xf32>, tensor<2xf32>>
// CHECK:         %[[T1:.*]] = hlo.tuple %[[B]] : tuple<tensor<2xf32>>
// CHECK:         %[[T2:.*]] = hlo.tuple : tuple<>
// CHECK:         %[[R:.*]] = hlo.conditional %[[I]], %[[T0]], %[[T1]], %[[T2]]
// CHECK-SAME:      : (tensor<i32>, tuple<tensor<2xf32>, tensor<2xf32>>, tuple<tensor<2xf32>>, tuple<>) -> tensor<2xf32> {
// CHECK-NEXT:    ^bb0(%[[P0:.*]]: tuple<tensor<2xf32>, tensor<2xf32>>):
// CHECK-NEXT:      %[[X:.*]] = hlo.get_tuple_element %[[P0]][0]
// CHECK-NEXT:      %[[Y:.*]] = hlo.get_tuple_element %[[P0]][1]
// CHECK-NEXT:      %[[SUM:.*]] = hlo.add %[[X]], %[[Y]] : tensor<2xf32>
// CHECK-NEXT:      hlo.return %[[SUM]]
// CHECK-NEXT:    }, {
// CHECK-NEXT:    ^bb0(%[[P1:.*]]: tuple<tensor<2xf32>>):
// CHECK-NEXT:      %[[Z:.*]] = hlo.get_tuple_element %[[P1]][0]
// CHECK-NEXT:      hlo.return %[[Z]]
// CHECK-NEXT:    }, {
// CHECK-NEXT:    ^bb0(%{{.*}}: tuple<>):
// CHECK-NEXT:      %[[ONE:.*]] = hlo.constant dense<1.0> : tensor<2xf32>
// CHECK-NEXT:      hlo.return %[[ONE]]
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[R]]
func.func @case_with_captures(%i: tensor<i32>, %a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.case"(%i) ({
    %1 = stablehlo.add %a, %b : tensor<2xf32>
    stablehlo.return %1 : tensor<2xf32>
  }, {
    stablehlo.return %b : tensor<2xf32>
  }, {
    %c = stablehlo.constant dense<1.0> : tensor<2xf32>
    stablehlo.return %c : tensor<2xf32>
  }) : (tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// `if` keeps its branch order: the first region runs when the predicate is true.

// CHECK-LABEL: func.func @if_then_else
// CHECK-SAME:    (%[[P:.*]]: tensor<i1>, %[[A:.*]]: tensor<f32>)
// CHECK:         %[[T0:.*]] = hlo.tuple %[[A]] : tuple<tensor<f32>>
// CHECK:         %[[T1:.*]] = hlo.tuple %[[A]] : tuple<tensor<f32>>
// CHECK:         hlo.conditional %[[P]], %[[T0]], %[[T1]] : (tensor<i1>, tuple<tensor<f32>>, tuple<tensor<f32>>) -> tensor<f32> {
// CHECK-NEXT:    ^bb0(%[[THEN:.*]]: tuple<tensor<f32>>):
// CHECK-NEXT:      %[[V:.*]] = hlo.get_tuple_element %[[THEN]][0]
// CHECK-NEXT:      hlo.return %[[V]]
// CHECK-NEXT:    }, {
// CHECK-NEXT:    ^bb0(%[[ELSE:.*]]: tuple<tensor<f32>>):
// CHECK-NEXT:      %[[W:.*]] = hlo.get_tuple_element %[[ELSE]][0]
// CHECK-NEXT:      %[[NEG:.*]] = hlo.negate %[[W]]
// CHECK-NEXT:      hlo.return %[[NEG]]
func.func @if_then_else(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<f32>
  }, {
    %1 = stablehlo.negate %a : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @case_with_two_results
// CHECK:         %[[R:.*]]:2 = hlo.conditional
// CHECK-SAME:      -> (tensor<f32>, tensor<i32>)
// CHECK:         func.return %[[R]]#0, %[[R]]#1 : tensor<f32>, tensor<i32>
func.func @case_with_two_results(%i: tensor<i32>, %a: tensor<f32>) -> (tensor<f32>, tensor<i32>) {
  %0:2 = "stablehlo.case"(%i) ({
    stablehlo.return %a, %i : tensor<f32>, tensor<i32>
  }, {
    %1 = stablehlo.negate %a : tensor<f32>
    stablehlo.return %1, %i : tensor<f32>, tensor<i32>
  }) : (tensor<i32>) -> (tensor<f32>, tensor<i32>)
  return %0#0, %0#1 : tensor<f32>, tensor<i32>
}
