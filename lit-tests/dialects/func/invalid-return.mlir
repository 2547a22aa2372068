// RUN: xla-opt %s --split-input-file --verify-diagnostics

// func.return returns the enclosing function's result types, as many as it has, and only
// sits directly in a func.func.

func.func @wrong_type(%x: tensor<2xf32>) -> tensor<2xi32> {
  // expected-error @+1 {{type of return operand 0 (tensor<2xf32>) doesn't match function result type (tensor<2xi32>) in function @wrong_type}}
  return %x : tensor<2xf32>
}

// -----

func.func @second_wrong(%x: tensor<f32>) -> (tensor<f32>, tensor<2xf32>) {
  // expected-error @+1 {{type of return operand 1 (tensor<f32>) doesn't match function result type (tensor<2xf32>) in function @second_wrong}}
  return %x, %x : tensor<f32>, tensor<f32>
}

// -----

func.func @too_many(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{has 2 operands, but enclosing function (@too_many) returns 1}}
  return %x, %x : tensor<2xf32>, tensor<2xf32>
}

// -----

func.func @too_few(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  // expected-error @+1 {{has 0 operands, but enclosing function (@too_few) returns 2}}
  return
}

// -----

func.func @returns_nothing(%x: tensor<2xf32>) {
  // expected-error @+1 {{has 1 operands, but enclosing function (@returns_nothing) returns 0}}
  func.return %x : tensor<2xf32>
}

// -----

// Outside a function: directly in a module...
module {
  // expected-error @+1 {{expects parent op 'func.func'}}
  func.return
}

// -----

// ...or nested in another op's region inside a function.
func.func @in_reducer(%x: tensor<2xf32>, %z: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{the reducer must end with hlo.return, found 'func.return'}}
  %0 = hlo.reduce(%x init: %z) dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    // expected-error @+1 {{expects parent op 'func.func'}}
    func.return %a : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

func.func @type_list_length(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{expected 1 types, found 2}}
  return %x : tensor<2xf32>, tensor<2xf32>
}
