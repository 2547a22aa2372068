// RUN: xla-opt %s --split-input-file --verify-diagnostics

// hlo.while: cond takes the loop-carried values and returns one tensor<i1>; body takes and
// returns them; both are single blocks ending with hlo.return; the results are the operand
// types.

func.func @cond_arity(%x: tensor<4xf32>, %p: tensor<i1>) {
  // expected-error @+1 {{the cond region takes 0 arguments, expected 1}}
  %0 = hlo.while(%x) : tensor<4xf32> cond {
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%a: tensor<4xf32>):
    hlo.return %a : tensor<4xf32>
  }
  return
}

// -----

func.func @cond_argument_type(%x: tensor<4xf32>, %p: tensor<i1>) {
  // expected-error @+1 {{the cond region argument #0 has type tensor<4xi32>, expected tensor<4xf32> (the type of operand #0)}}
  %0 = hlo.while(%x) : tensor<4xf32> cond {
  ^bb0(%a: tensor<4xi32>):
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%a: tensor<4xf32>):
    hlo.return %a : tensor<4xf32>
  }
  return
}

// -----

func.func @cond_returns_a_vector(%x: tensor<4xi1>) {
  // expected-error @+1 {{the cond region result #0 has type tensor<4xi1>, expected tensor<i1> (the loop condition is a 0-d predicate)}}
  %0 = hlo.while(%x) : tensor<4xi1> cond {
  ^bb0(%a: tensor<4xi1>):
    hlo.return %a : tensor<4xi1>
  } do {
  ^bb0(%a: tensor<4xi1>):
    hlo.return %a : tensor<4xi1>
  }
  return
}

// -----

func.func @cond_returns_two(%p: tensor<i1>) {
  // expected-error @+1 {{the cond region returns 2 values, expected 1}}
  %0 = hlo.while(%p) : tensor<i1> cond {
  ^bb0(%a: tensor<i1>):
    hlo.return %a, %a : tensor<i1>, tensor<i1>
  } do {
  ^bb0(%a: tensor<i1>):
    hlo.return %a : tensor<i1>
  }
  return
}

// -----

func.func @cond_without_block(%p: tensor<i1>) {
  // expected-error @+1 {{the cond region must have exactly one block, found 0}}
  %0 = hlo.while(%p) : tensor<i1> cond {
  } do {
  ^bb0(%a: tensor<i1>):
    hlo.return %a : tensor<i1>
  }
  return
}

// -----

func.func @cond_with_two_blocks(%p: tensor<i1>) {
  // expected-error @+1 {{the cond region must have exactly one block, found 2}}
  %0 = hlo.while(%p) : tensor<i1> cond {
  ^bb0(%a: tensor<i1>):
    hlo.return %a : tensor<i1>
  ^bb1:
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%a: tensor<i1>):
    hlo.return %a : tensor<i1>
  }
  return
}

// -----

func.func @cond_empty(%p: tensor<i1>) {
  // expected-error @+2 {{the cond region is empty; it must end with hlo.return}}
  // expected-error @+1 {{empty block: expect at least a terminator}}
  %0 = hlo.while(%p) : tensor<i1> cond {
  ^bb0(%a: tensor<i1>):
  } do {
  ^bb0(%a: tensor<i1>):
    hlo.return %a : tensor<i1>
  }
  return
}

// -----

func.func @cond_without_return(%p: tensor<i1>) {
  // expected-error @+1 {{the cond region must end with hlo.return, found 'hlo.add'}}
  %0 = hlo.while(%p) : tensor<i1> cond {
  ^bb0(%a: tensor<i1>):
    // expected-error @+1 {{block in 'hlo.while' must end with a terminator, found 'hlo.add'}}
    %b = hlo.add %a, %a : tensor<i1>
  } do {
  ^bb0(%a: tensor<i1>):
    hlo.return %a : tensor<i1>
  }
  return
}

// -----

func.func @body_argument_count(%n: tensor<i32>, %p: tensor<i1>) {
  // expected-error @+1 {{the body region takes 1 arguments, expected 2}}
  %0:2 = hlo.while(%n, %p) : tensor<i32>, tensor<i1> cond {
  ^bb0(%a: tensor<i32>, %b: tensor<i1>):
    hlo.return %b : tensor<i1>
  } do {
  ^bb0(%a: tensor<i32>):
    hlo.return %a, %p : tensor<i32>, tensor<i1>
  }
  return
}

// -----

func.func @body_result_type(%n: tensor<i32>, %p: tensor<i1>) {
  // expected-error @+1 {{the body region result #1 has type tensor<i32>, expected tensor<i1> (the type of operand #1)}}
  %0:2 = hlo.while(%n, %p) : tensor<i32>, tensor<i1> cond {
  ^bb0(%a: tensor<i32>, %b: tensor<i1>):
    hlo.return %b : tensor<i1>
  } do {
  ^bb0(%a: tensor<i32>, %b: tensor<i1>):
    hlo.return %a, %a : tensor<i32>, tensor<i32>
  }
  return
}

// -----

func.func @body_returns_too_few(%n: tensor<i32>, %p: tensor<i1>) {
  // expected-error @+1 {{the body region returns 1 values, expected 2}}
  %0:2 = hlo.while(%n, %p) : tensor<i32>, tensor<i1> cond {
  ^bb0(%a: tensor<i32>, %b: tensor<i1>):
    hlo.return %b : tensor<i1>
  } do {
  ^bb0(%a: tensor<i32>, %b: tensor<i1>):
    hlo.return %a : tensor<i32>
  }
  return
}

// -----

// The results are the loop-carried types.
func.func @result_type(%p: tensor<i1>) {
  // expected-error @+1 {{result #0 has type tensor<2xi1>, but shape inference gives tensor<i1>}}
  %0 = "hlo.while"(%p) ({
  ^bb0(%a: tensor<i1>):
    "hlo.return"(%a) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<i1>):
    "hlo.return"(%a) : (tensor<i1>) -> ()
  }) : (tensor<i1>) -> tensor<2xi1>
  return
}

// -----

func.func @one_region(%p: tensor<i1>) {
  // expected-error @+1 {{expected 2 region(s), found 1}}
  %0 = "hlo.while"(%p) ({
  ^bb0(%a: tensor<i1>):
    "hlo.return"(%a) : (tensor<i1>) -> ()
  }) : (tensor<i1>) -> tensor<i1>
  return
}

// -----

// hlo.conditional: a 0-d i1 selector with two branches, or a 0-d i32 selector with one or
// more; one operand per branch; branch i takes operand 1 + i and returns the result types.

func.func @float_selector(%s: tensor<f32>, %x: tensor<f32>) {
  // expected-error @+1 {{the selector must be a tensor<i1> predicate or a tensor<i32> branch index, found tensor<f32>}}
  %0 = hlo.conditional %s, %x : (tensor<f32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @vector_selector(%s: tensor<2xi1>, %x: tensor<f32>) {
  // expected-error @+1 {{the selector must be a tensor<i1> predicate or a tensor<i32> branch index, found tensor<2xi1>}}
  %0 = hlo.conditional %s, %x, %x : (tensor<2xi1>, tensor<f32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

// XLA's branch index is an S32; an unsigned index is rejected.
func.func @unsigned_selector(%s: tensor<ui32>, %x: tensor<f32>) {
  // expected-error @+1 {{the selector must be a tensor<i1> predicate or a tensor<i32> branch index, found tensor<ui32>}}
  %0 = hlo.conditional %s, %x : (tensor<ui32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @token_selector(%s: !hlo.token, %x: tensor<f32>) {
  // expected-error @+1 {{operand 'selector' must be a tensor, found !hlo.token}}
  %0 = hlo.conditional %s, %x : (!hlo.token, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @predicate_with_three_branches(%p: tensor<i1>, %x: tensor<f32>) {
  // expected-error @+1 {{a tensor<i1> selector chooses between exactly 2 branches, found 3}}
  %0 = hlo.conditional %p, %x, %x, %x : (tensor<i1>, tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @no_branches(%i: tensor<i32>) {
  // expected-error @+1 {{needs at least one branch}}
  "hlo.conditional"(%i) : (tensor<i32>) -> ()
  return
}

// -----

func.func @missing_branch_operand(%i: tensor<i32>, %x: tensor<f32>) {
  // expected-error @+1 {{has 2 branches but 1 branch operands; each branch takes one operand}}
  %0 = hlo.conditional %i, %x : (tensor<i32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @branch_argument_type(%p: tensor<i1>, %x: tensor<f32>, %y: tensor<i32>) {
  // expected-error @+1 {{branch #1 argument #0 has type tensor<f32>, expected tensor<i32> (the type of branch operand #1)}}
  %0 = hlo.conditional %p, %x, %y : (tensor<i1>, tensor<f32>, tensor<i32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @branch_takes_two(%i: tensor<i32>, %x: tensor<f32>) {
  // expected-error @+1 {{branch #0 takes 2 arguments, expected 1}}
  %0 = hlo.conditional %i, %x : (tensor<i32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @branch_result_type(%p: tensor<i1>, %x: tensor<f32>, %y: tensor<i32>) {
  // expected-error @+1 {{branch #1 result #0 has type tensor<i32>, expected tensor<f32> (the type of result #0)}}
  %0 = hlo.conditional %p, %x, %y : (tensor<i1>, tensor<f32>, tensor<i32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }, {
  ^bb0(%b: tensor<i32>):
    hlo.return %b : tensor<i32>
  }
  return
}

// -----

func.func @branch_result_count(%i: tensor<i32>, %x: tensor<f32>) {
  // expected-error @+1 {{branch #0 returns 0 values, expected 1}}
  %0 = hlo.conditional %i, %x : (tensor<i32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>):
    hlo.return
  }
  return
}

// -----

// hlo.call: `to_apply` is a flat reference to a func.func of the module with the call's
// type.

func.func @nested_reference(%x: tensor<f32>) {
  // expected-error @+1 {{'to_apply' must be a flat symbol reference, found @m::@f}}
  %0 = hlo.call @m::@f(%x) : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @unknown_callee(%x: tensor<f32>) {
  // expected-error @+1 {{'to_apply' @nope does not reference a func.func of the module}}
  %0 = hlo.call @nope(%x) : (tensor<f32>) -> tensor<f32>
  return
}

// -----

// A symbol that is not a function is no callee.
module @inner {
}
func.func @module_callee(%x: tensor<f32>) {
  // expected-error @+1 {{'to_apply' @inner does not reference a func.func of the module}}
  %0 = hlo.call @inner(%x) : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func private @f(tensor<f32>) -> tensor<f32>
func.func @wrong_type(%x: tensor<2xf32>) {
  // expected-error @+1 {{has type (tensor<2xf32>) -> tensor<2xf32>, but its callee @f has type (tensor<f32>) -> tensor<f32>}}
  %0 = hlo.call @f(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @missing_callee(%x: tensor<f32>) {
  // expected-error @+1 {{requires attribute 'to_apply'}}
  %0 = "hlo.call"(%x) : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @callee_is_a_string(%x: tensor<f32>) {
  // expected-error @+1 {{attribute 'to_apply' must be a symbol reference, found "f"}}
  %0 = "hlo.call"(%x) {to_apply = "f"} : (tensor<f32>) -> tensor<f32>
  return
}
