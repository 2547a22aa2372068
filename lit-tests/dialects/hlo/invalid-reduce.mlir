// RUN: xla-opt %s --split-input-file --verify-diagnostics

// hlo.reduce: inputs of one shape, distinct in-range dimensions, one 0-d init value per
// input, and a single-block reducer taking the accumulators then the elements and
// returning the new accumulators with hlo.return.

func.func @dimension_out_of_range(%x: tensor<2x3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{dimensions[0] = 2 is out of range for inputs of rank 2}}
  %0 = hlo.reduce(%x init: %z) dimensions = [2] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @negative_dimension(%x: tensor<2x3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{dimensions[1] = -1 is out of range for inputs of rank 2}}
  %0 = hlo.reduce(%x init: %z) dimensions = [0, -1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @duplicate_dimension(%x: tensor<2x3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{dimensions contains 1 twice}}
  %0 = hlo.reduce(%x init: %z) dimensions = [1, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @input_shapes(%x: tensor<2x3xf32>, %y: tensor<3x2xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{input #1 (tensor<3x2xf32>) has a different shape from input #0 (tensor<2x3xf32>)}}
  %0:2 = hlo.reduce(%x, %y init: %z, %z) dimensions = [1] : (tensor<2x3xf32>, tensor<3x2xf32>, tensor<f32>, tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    hlo.return %a, %b : tensor<f32>, tensor<f32>
  }
  return
}

// -----

func.func @init_not_scalar(%x: tensor<2x3xf32>, %z: tensor<3xf32>) {
  // expected-error @+1 {{init value #0 must be a 0-d tensor, found tensor<3xf32>}}
  %0 = hlo.reduce(%x init: %z) dimensions = [0] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<3xf32>, %b: tensor<3xf32>):
    hlo.return %a : tensor<3xf32>
  }
  return
}

// -----

// The generic form splits the operands in half; an odd count cannot be split.
func.func @init_count(%x: tensor<2x3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{operands, found 3}}
  %0 = "hlo.reduce"(%x, %z, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "hlo.return"(%a) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @result_type(%x: tensor<2x3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{result #0 has type tensor<3xf32>, but shape inference gives tensor<2xf32>}}
  %0 = hlo.reduce(%x init: %z) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @result_element_type_is_the_init_values(%x: tensor<2x3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{result #0 has type tensor<2xi32>, but shape inference gives tensor<2xf32>}}
  %0 = hlo.reduce(%x init: %z) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xi32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

// The reducer block's signature: 2N arguments of the init values' types.
func.func @reducer_arity(%x: tensor<2x3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{the reducer takes 1 arguments, expected 2 (an accumulator and an element per input)}}
  %0 = hlo.reduce(%x init: %z) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

func.func @reducer_argument_type(%x: tensor<2x3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{reducer argument #1 has type tensor<i32>, but init value #0 has type tensor<f32>}}
  %0 = hlo.reduce(%x init: %z) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<i32>):
    hlo.return %a : tensor<f32>
  }
  return
}

// -----

// In a two-input reduce, argument #3 is the element of input #1.
func.func @variadic_argument_type(%x: tensor<4xf32>, %i: tensor<4xi32>, %x0: tensor<f32>, %i0: tensor<i32>) {
  // expected-error @+1 {{reducer argument #3 has type tensor<f32>, but init value #1 has type tensor<i32>}}
  %0:2 = hlo.reduce(%x, %i init: %x0, %i0) dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<f32>):
    hlo.return %a, %b : tensor<f32>, tensor<i32>
  }
  return
}

// -----

func.func @returns_too_many(%x: tensor<2x3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{the reducer returns 2 values, expected 1}}
  %0 = hlo.reduce(%x init: %z) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a, %b : tensor<f32>, tensor<f32>
  }
  return
}

// -----

func.func @returns_wrong_type(%x: tensor<2x3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{reducer result #0 has type tensor<i32>, but init value #0 has type tensor<f32>}}
  %0 = hlo.reduce(%x init: %z) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = hlo.constant dense<1> : tensor<i32>
    hlo.return %c : tensor<i32>
  }
  return
}

// -----

func.func @no_block(%x: tensor<2x3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{the reducer must have exactly one block, found 0}}
  %0 = hlo.reduce(%x init: %z) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  }
  return
}

// -----

func.func @two_blocks(%x: tensor<2x3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{the reducer must have exactly one block, found 2}}
  %0 = hlo.reduce(%x init: %z) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  ^bb1:
    hlo.return %z : tensor<f32>
  }
  return
}

// -----

// A reducer that does not end with hlo.return is reported as such, not by the operand
// count of whatever its last op is.
func.func @no_terminator(%x: tensor<2x3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{the reducer must end with hlo.return, found 'hlo.add'}}
  %0 = hlo.reduce(%x init: %z) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    // expected-error @+1 {{block in 'hlo.reduce' must end with a terminator, found 'hlo.add'}}
    %s = hlo.add %a, %b : tensor<f32>
  }
  return
}

// -----

func.func @missing_dimensions(%x: tensor<2x3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{requires attribute 'dimensions'}}
  %0 = "hlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "hlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @dimensions_kind(%x: tensor<2x3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{attribute 'dimensions' must be an array of i64 (array<i64: ...>), found 1}}
  %0 = "hlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    "hlo.return"(%a) : (tensor<f32>) -> ()
  }) {dimensions = 1} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @no_region(%x: tensor<2x3xf32>, %z: tensor<f32>) {
  // expected-error @+1 {{expected 1 region(s), found 0}}
  %0 = "hlo.reduce"(%x, %z) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @no_inputs() {
  // expected-error @+1 {{needs at least one input}}
  "hlo.reduce"() ({
  ^bb0:
    "hlo.return"() : () -> ()
  }) {dimensions = array<i64>} : () -> ()
  return
}

// -----

func.func @empty_reducer(%x: tensor<2x3xf32>, %z: tensor<f32>) {
  // expected-error @+2 {{the reducer block is empty; it must end with hlo.return}}
  // expected-error @+1 {{empty block: expect at least a terminator}}
  %0 = hlo.reduce(%x init: %z) dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
  }
  return
}
