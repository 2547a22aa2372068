// RUN: xla-opt %s --split-input-file --canonicalize --cse | FileCheck %s

// conditional-unpack-tuple-operand (dialects/src/hlo/conditional_patterns.rs): a branch takes
// only the elements of its tuple operand that it unpacks.

// One element read: the branch takes it directly, as XLA's HLO passes a single value.
// CHECK-LABEL: func.func @single
// CHECK-SAME:    (%[[P:[^:]+]]: tensor<i1>, %[[X:[^:]+]]: tensor<4xf32>)
// CHECK-NOT:     hlo.tuple
// CHECK:         hlo.conditional %[[P]], %[[X]], %[[X]] : (tensor<i1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    ^bb0(%[[A:.+]]: tensor<4xf32>):
// CHECK-NEXT:      %[[N:.+]] = hlo.negate %[[A]]
// CHECK-NOT:     hlo.get_tuple_element
func.func @single(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %t = hlo.tuple %x : tuple<tensor<4xf32>>
  %0 = hlo.conditional %p, %t, %t : (tensor<i1>, tuple<tensor<4xf32>>, tuple<tensor<4xf32>>) -> tensor<4xf32> {
  ^bb0(%a: tuple<tensor<4xf32>>):
    %e = hlo.get_tuple_element %a[0] : tuple<tensor<4xf32>>
    %n = hlo.negate %e : tensor<4xf32>
    hlo.return %n : tensor<4xf32>
  }, {
  ^bb0(%b: tuple<tensor<4xf32>>):
    %e = hlo.get_tuple_element %b[0] : tuple<tensor<4xf32>>
    hlo.return %e : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

// Two of three elements read: a tuple of those two, the indices renumbered; a branch that
// reads every element of a tuple of two keeps it.
// CHECK-LABEL: func.func @some
// CHECK-SAME:    (%[[I:[^:]+]]: tensor<i32>, %[[X:[^:]+]]: tensor<f32>, %[[Y:[^:]+]]: tensor<f32>, %[[Z:[^:]+]]: tensor<f32>)
// CHECK:         %[[XZ:.+]] = hlo.tuple %[[X]], %[[Z]] : tuple<tensor<f32>, tensor<f32>>
// CHECK:         hlo.conditional %[[I]], %[[XZ]], %[[XZ]]
// CHECK:           hlo.get_tuple_element %{{.+}}[0]
// CHECK:           hlo.get_tuple_element %{{.+}}[1]
func.func @some(%i: tensor<i32>, %x: tensor<f32>, %y: tensor<f32>, %z: tensor<f32>) -> tensor<f32> {
  %t = hlo.tuple %x, %y, %z : tuple<tensor<f32>, tensor<f32>, tensor<f32>>
  %u = hlo.tuple %x, %z : tuple<tensor<f32>, tensor<f32>>
  %0 = hlo.conditional %i, %t, %u : (tensor<i32>, tuple<tensor<f32>, tensor<f32>, tensor<f32>>, tuple<tensor<f32>, tensor<f32>>) -> tensor<f32> {
  ^bb0(%a: tuple<tensor<f32>, tensor<f32>, tensor<f32>>):
    %e0 = hlo.get_tuple_element %a[0] : tuple<tensor<f32>, tensor<f32>, tensor<f32>>
    %e2 = hlo.get_tuple_element %a[2] : tuple<tensor<f32>, tensor<f32>, tensor<f32>>
    %s = hlo.add %e0, %e2 : tensor<f32>
    hlo.return %s : tensor<f32>
  }, {
  ^bb0(%b: tuple<tensor<f32>, tensor<f32>>):
    %e0 = hlo.get_tuple_element %b[0] : tuple<tensor<f32>, tensor<f32>>
    %e1 = hlo.get_tuple_element %b[1] : tuple<tensor<f32>, tensor<f32>>
    %s = hlo.subtract %e0, %e1 : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

// A branch that uses its tuple whole, or an operand that is no tuple op, stays.
// CHECK-LABEL: func.func @whole
// CHECK:         hlo.conditional %{{.+}}, %{{.+}}, %{{.+}} : (tensor<i1>, tuple<tensor<f32>>, tuple<tensor<f32>>)
func.func @whole(%p: tensor<i1>, %x: tensor<f32>, %t2: tuple<tensor<f32>>) -> tuple<tensor<f32>> {
  %t = hlo.tuple %x : tuple<tensor<f32>>
  %0 = hlo.conditional %p, %t, %t2 : (tensor<i1>, tuple<tensor<f32>>, tuple<tensor<f32>>) -> tuple<tensor<f32>> {
  ^bb0(%a: tuple<tensor<f32>>):
    hlo.return %a : tuple<tensor<f32>>
  }, {
  ^bb0(%b: tuple<tensor<f32>>):
    hlo.return %b : tuple<tensor<f32>>
  }
  return %0 : tuple<tensor<f32>>
}
