// RUN: xla-opt %s --split-input-file --verify-diagnostics

// A function's entry block arguments match its type's inputs, and its returns match its
// type's results. The generic form can state both independently.

// expected-error @+1 {{type of entry block argument #0 (tensor<i32>) must match the type of the corresponding argument in the function signature (tensor<f32>)}}
"func.func"() ({
^bb0(%a: tensor<i32>):
  "func.return"() : () -> ()
}) {sym_name = "arg_type", function_type = (tensor<f32>) -> ()} : () -> ()

// -----

// expected-error @+1 {{type of entry block argument #1 (i64) must match}}
"func.func"() ({
^bb0(%a: i32, %b: i64):
  "func.return"() : () -> ()
}) {sym_name = "second_arg_type", function_type = (i32, i32) -> ()} : () -> ()

// -----

// expected-error @+1 {{entry block must have 2 arguments to match the function signature, found 1}}
"func.func"() ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) {sym_name = "arg_count", function_type = (i32, i32) -> ()} : () -> ()

// -----

// expected-error @+1 {{'function_type' must be a function type}}
"func.func"() ({
  "func.return"() : () -> ()
}) {sym_name = "not_a_function_type", function_type = i32} : () -> ()

// -----

func.func @return_type(%a: tensor<f32>) -> tensor<i32> {
  // expected-error @+1 {{type of return operand 0 (tensor<f32>) doesn't match function result type (tensor<i32>) in function @return_type}}
  func.return %a : tensor<f32>
}

// -----

func.func @second_return_type(%a: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %c = hlo.constant dense<1> : tensor<i32>
  // expected-error @+1 {{type of return operand 1 (tensor<i32>) doesn't match function result type (tensor<f32>) in function @second_return_type}}
  func.return %a, %c : tensor<f32>, tensor<i32>
}

// -----

func.func @too_few_returned(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{has 0 operands, but enclosing function (@too_few_returned) returns 1}}
  func.return
}

// -----

func.func @too_many_returned(%a: tensor<f32>) {
  // expected-error @+1 {{has 1 operands, but enclosing function (@too_many_returned) returns 0}}
  func.return %a : tensor<f32>
}

// -----

// Layouts are part of the type: a return differing only in layout does not match.

func.func @layout_mismatch(%a: tensor<2x3xf32, {0, 1}>) -> tensor<2x3xf32, {1, 0}> {
  // expected-error @+1 {{type of return operand 0 (tensor<2x3xf32, {0, 1}>) doesn't match function result type (tensor<2x3xf32, {1, 0}>) in function @layout_mismatch}}
  func.return %a : tensor<2x3xf32, {0, 1}>
}

// -----

// `func.return` belongs directly in a `func.func`.

func.func @return_in_nested_region() {
  "test.region"() ({
    // expected-error @+1 {{expects parent op 'func.func'}}
    func.return
  }) : () -> ()
  func.return
}

// -----

// Calls name a function of the enclosing module, with its type.

func.func @callee(%a: tensor<f32>) -> tensor<f32> {
  func.return %a : tensor<f32>
}
func.func @caller(%a: tensor<f32>, %b: tensor<i32>) {
  // expected-error @+1 {{'missing' does not reference a valid function}}
  %0 = func.call @missing(%a) : (tensor<f32>) -> tensor<f32>
  // expected-error @+1 {{call to @callee does not match the callee's type (tensor<f32>) -> tensor<f32>}}
  %1 = func.call @callee(%b) : (tensor<i32>) -> tensor<f32>
  func.return
}
