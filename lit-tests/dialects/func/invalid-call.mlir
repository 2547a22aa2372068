// RUN: xla-opt %s --split-input-file --verify-diagnostics

// func.call must name a function of the nearest enclosing symbol table, with the
// function's operand and result types.

func.func @missing(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'nope' does not reference a valid function}}
  %0 = func.call @nope(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func private @callee(tensor<2xf32>) -> tensor<2xf32>
func.func @wrong_operand_type(%x: tensor<2xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{call to @callee does not match the callee's type (tensor<2xf32>) -> tensor<2xf32>}}
  %0 = func.call @callee(%x) : (tensor<2xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func private @callee(tensor<2xf32>) -> tensor<2xf32>
func.func @wrong_result_type(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{call to @callee does not match the callee's type (tensor<2xf32>) -> tensor<2xf32>}}
  %0 = func.call @callee(%x) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func private @callee(tensor<2xf32>) -> tensor<2xf32>
func.func @wrong_operand_count(%x: tensor<2xf32>) {
  // expected-error @+1 {{call to @callee does not match the callee's type (tensor<2xf32>) -> tensor<2xf32>}}
  %0 = func.call @callee(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func private @callee(tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
func.func @wrong_result_count(%x: tensor<2xf32>) {
  // expected-error @+1 {{call to @callee does not match the callee's type (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)}}
  %0 = func.call @callee(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

// Lookup stops at the nearest symbol table: a function of an enclosing module is not
// visible from a nested one, nor one of a nested module from its parent.
module {
  func.func private @outer()
  module @m {
    func.func private @inner()
    func.func @caller() {
      // expected-error @+1 {{'outer' does not reference a valid function}}
      func.call @outer() : () -> ()
      return
    }
  }
  func.func @caller() {
    // expected-error @+1 {{'inner' does not reference a valid function}}
    func.call @inner() : () -> ()
    return
  }
}

// -----

// A symbol that is not a function is not a valid callee.
module {
  module @not_a_function {}
  func.func @caller() {
    // expected-error @+1 {{'not_a_function' does not reference a valid function}}
    func.call @not_a_function() : () -> ()
    return
  }
}

// -----

// func.call takes a flat symbol reference: a nested reference must not resolve to the
// function of the same leaf name in the enclosing table.
module {
  func.func private @g() -> tensor<f32>
  module @m {
    func.func private @g() -> tensor<f32>
  }
  func.func @caller() -> tensor<f32> {
    // expected-error @+1 {{'callee' must be a flat symbol reference, found @m::@g}}
    %0 = func.call @m::@g() : () -> tensor<f32>
    return %0 : tensor<f32>
  }
}
