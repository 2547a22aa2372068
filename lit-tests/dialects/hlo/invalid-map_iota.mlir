// RUN: xla-opt %s --split-input-file --verify-diagnostics

// hlo.map: inputs of one shape, dimensions listing all of them in order, a single-block
// computation from one 0-d tensor per input to one 0-d tensor, and a result of the inputs'
// shape and the computation's element type. hlo.iota: a dimension of its result.

func.func @map_no_inputs() {
  // expected-error @+1 {{'hlo.map' op needs at least one input}}
  %0 = "hlo.map"() ({
    %c = hlo.constant dense<1.0> : tensor<f32>
    hlo.return %c : tensor<f32>
  }) {dimensions = array<i64>} : () -> tensor<f32>
  return
}

// -----

func.func @map_input_shapes(%a: tensor<4xf32>, %b: tensor<5xf32>) {
  // expected-error @+1 {{'hlo.map' op input #1 (tensor<5xf32>) has a different shape from input #0 (tensor<4xf32>)}}
  %0 = hlo.map(%a, %b) dimensions = [0] : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x : tensor<f32>
  }
  return
}

// -----

func.func @map_dimensions(%a: tensor<4x2xf32>) {
  // expected-error @+1 {{'hlo.map' op dimensions must list every dimension of the inputs in order ([0, 1]), found [1, 0]}}
  %0 = hlo.map(%a) dimensions = [1, 0] : (tensor<4x2xf32>) -> tensor<4x2xf32> {
  ^bb0(%x: tensor<f32>):
    hlo.return %x : tensor<f32>
  }
  return
}

// -----

func.func @map_two_blocks(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.map' op the computation must have exactly one block, found 2}}
  %0 = "hlo.map"(%a) ({
  ^bb0(%x: tensor<f32>):
    hlo.return %x : tensor<f32>
  ^bb1(%y: tensor<f32>):
    hlo.return %y : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @map_argument_count(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.map' op the computation takes 2 arguments, expected 1 (one per input)}}
  %0 = hlo.map(%a) dimensions = [0] : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x : tensor<f32>
  }
  return
}

// -----

func.func @map_argument_type(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error @+1 {{'hlo.map' op computation argument #1 has type tensor<f32>, expected tensor<i32> (a 0-d tensor of input #1's element type)}}
  %0 = hlo.map(%a, %b) dimensions = [0] : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    hlo.return %x : tensor<f32>
  }
  return
}

// -----

func.func @map_argument_not_scalar(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.map' op computation argument #0 has type tensor<4xf32>, expected tensor<f32> (a 0-d tensor of input #0's element type)}}
  %0 = hlo.map(%a) dimensions = [0] : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: tensor<4xf32>):
    hlo.return %x : tensor<4xf32>
  }
  return
}

// -----

func.func @map_not_returning(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.map' op the computation must end with hlo.return, found 'func.return'}}
  %0 = hlo.map(%a) dimensions = [0] : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: tensor<f32>):
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    func.return %x : tensor<f32>
  }
  return
}

// -----

func.func @map_returns_two(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.map' op the computation returns 2 values, expected 1}}
  %0 = hlo.map(%a) dimensions = [0] : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: tensor<f32>):
    hlo.return %x, %x : tensor<f32>, tensor<f32>
  }
  return
}

// -----

func.func @map_returns_vector(%a: tensor<4xf32>, %v: tensor<2xf32>) {
  // expected-error @+1 {{'hlo.map' op the computation must return a 0-d tensor, found tensor<2xf32>}}
  %0 = hlo.map(%a) dimensions = [0] : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%x: tensor<f32>):
    %c = hlo.constant dense<0.0> : tensor<2xf32>
    hlo.return %c : tensor<2xf32>
  }
  return
}

// -----

func.func @map_result_shape(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.map' op the result (tensor<5xf32>) must have the shape of the inputs (tensor<4xf32>)}}
  %0 = hlo.map(%a) dimensions = [0] : (tensor<4xf32>) -> tensor<5xf32> {
  ^bb0(%x: tensor<f32>):
    hlo.return %x : tensor<f32>
  }
  return
}

// -----

func.func @map_result_element(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.map' op the result element type i32 differs from the computation's result element type f32}}
  %0 = hlo.map(%a) dimensions = [0] : (tensor<4xf32>) -> tensor<4xi32> {
  ^bb0(%x: tensor<f32>):
    hlo.return %x : tensor<f32>
  }
  return
}

// -----

func.func @iota_dimension(%a: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.iota' op iota_dimension 2 is out of range for a result of rank 2}}
  %0 = hlo.iota dim = 2 : tensor<4x8xi32>
  return
}

// -----

func.func @iota_negative_dimension() {
  // expected-error @+1 {{'hlo.iota' op iota_dimension -1 is out of range for a result of rank 1}}
  %0 = hlo.iota dim = -1 : tensor<4xi32>
  return
}

// -----

func.func @iota_predicates() {
  // expected-error @+1 {{'hlo.iota' op result 'result' must be a tensor of integers, floats or complex numbers, found tensor<4xi1>}}
  %0 = hlo.iota dim = 0 : tensor<4xi1>
  return
}

// -----

func.func @iota_missing_dimension() {
  // expected-error @+1 {{'hlo.iota' op requires attribute 'iota_dimension'}}
  %0 = "hlo.iota"() : () -> tensor<4xi32>
  return
}
