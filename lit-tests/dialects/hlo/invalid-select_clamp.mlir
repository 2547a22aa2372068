// RUN: xla-opt %s --split-input-file --verify-diagnostics

// hlo.select: i1 predicates that are 0-d or of the choices' shape, choices of one type, and
// a 0-d predicate for tuples. hlo.clamp: bounds of the operand's element type, 0-d or of its
// shape.

func.func @select_choice_types(%p: tensor<2xi1>, %a: tensor<2xf32>, %b: tensor<2xi32>) {
  // expected-error @+1 {{'hlo.select' op on_true and on_false must have the same type, found tensor<2xf32> and tensor<2xi32>}}
  %0 = hlo.select %p, %a, %b : (tensor<2xi1>, tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @select_choice_shapes(%p: tensor<i1>, %a: tensor<2xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'hlo.select' op on_true and on_false must have the same type, found tensor<2xf32> and tensor<3xf32>}}
  %0 = hlo.select %p, %a, %b : (tensor<i1>, tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @select_tensor_and_tuple(%p: tensor<i1>, %a: tensor<2xf32>, %t: tuple<tensor<2xf32>>) {
  // expected-error @+1 {{'hlo.select' op on_true and on_false must have the same type, found tuple<tensor<2xf32>> and tensor<2xf32>}}
  %0 = hlo.select %p, %t, %a : (tensor<i1>, tuple<tensor<2xf32>>, tensor<2xf32>) -> tuple<tensor<2xf32>>
  return
}

// -----

func.func @select_pred_shape(%p: tensor<3xi1>, %a: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.select' op pred (tensor<3xi1>) must be a 0-d tensor or have the shape of on_true and on_false (tensor<2xf32>)}}
  %0 = hlo.select %p, %a, %a : (tensor<3xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @select_tuples_by_vector(%p: tensor<1xi1>, %t: tuple<tensor<2xf32>>) {
  // expected-error @+1 {{'hlo.select' op pred must be a 0-d tensor to select between tuples, found tensor<1xi1>}}
  %0 = hlo.select %p, %t, %t : tensor<1xi1>, tuple<tensor<2xf32>>
  return
}

// -----

func.func @select_pred_type(%p: tensor<2xi32>, %a: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.select' op operand 'pred' must be a tensor of predicates (i1), found tensor<2xi32>}}
  %0 = hlo.select %p, %a, %a : tensor<2xi32>, tensor<2xf32>
  return
}

// -----

func.func @select_tokens(%p: tensor<i1>, %t: !hlo.token) {
  // expected-error @+1 {{'hlo.select' op operand 'on_true' must be a tensor of numbers or a tuple, found !hlo.token}}
  %0 = hlo.select %p, %t, %t : tensor<i1>, !hlo.token
  return
}

// -----

func.func @select_result(%p: tensor<2xi1>, %a: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.select' op result #0 has type tensor<2xf64>, but shape inference gives tensor<2xf32>}}
  %0 = hlo.select %p, %a, %a : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf64>
  return
}

// -----

func.func @select_type_count(%p: tensor<2xi1>, %a: tensor<2xf32>) {
  // expected-error @+1 {{expected 3 operand type(s), found 2}}
  %0 = hlo.select %p, %a, %a : (tensor<2xi1>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @select_operand_count(%p: tensor<2xi1>, %a: tensor<2xf32>) {
  // expected-error @+1 {{expected 3 operands (pred, on_true, on_false), found 2}}
  %0 = hlo.select %p, %a : tensor<2xi1>, tensor<2xf32>
  return
}

// -----

func.func @clamp_bound_shape(%lo: tensor<3xf32>, %x: tensor<4xf32>, %hi: tensor<f32>) {
  // expected-error @+1 {{'hlo.clamp' op min (tensor<3xf32>) must be a 0-d tensor or have the shape of operand (tensor<4xf32>)}}
  %0 = hlo.clamp %lo, %x, %hi : (tensor<3xf32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

func.func @clamp_bound_rank(%lo: tensor<f32>, %x: tensor<4xf32>, %hi: tensor<1x4xf32>) {
  // expected-error @+1 {{'hlo.clamp' op max (tensor<1x4xf32>) must be a 0-d tensor or have the shape of operand (tensor<4xf32>)}}
  %0 = hlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<1x4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @clamp_bound_type(%lo: tensor<i32>, %x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.clamp' op min has element type i32, but operand has f32}}
  %0 = hlo.clamp %lo, %x, %lo : (tensor<i32>, tensor<4xf32>, tensor<i32>) -> tensor<4xf32>
  return
}

// -----

func.func @clamp_result(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.clamp' op result #0 has type tensor<5xf32>, but shape inference gives tensor<4xf32>}}
  %0 = hlo.clamp %x, %x, %x : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @clamp_operand_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.clamp' op expected 3 operands, found 2}}
  %0 = hlo.clamp %x, %x : tensor<4xf32>
  return
}

// -----

func.func @clamp_tokens(%t: !hlo.token) {
  // expected-error @+1 {{'hlo.clamp' op operand 'min' must be a tensor of numbers (integers, predicates, floats or complex), found !hlo.token}}
  %0 = hlo.clamp %t, %t, %t : !hlo.token
  return
}
