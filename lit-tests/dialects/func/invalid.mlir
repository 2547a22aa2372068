// RUN: xla-opt %s --split-input-file --verify-diagnostics

// The entry block's arguments must have the signature's types (only the generic form can
// disagree: the custom form takes both from one list).

// expected-error @+1 {{type of entry block argument #0 (tensor<2xi32>) must match the type of the corresponding argument in the function signature (tensor<2xf32>)}}
"func.func"() ({
^bb0(%a: tensor<2xi32>):
  "func.return"() : () -> ()
}) {function_type = (tensor<2xf32>) -> (), sym_name = "wrong_arg_type"} : () -> ()

// -----

// expected-error @+1 {{type of entry block argument #1 (f32) must match the type of the corresponding argument in the function signature (tensor<f32>)}}
"func.func"() ({
^bb0(%a: tensor<f32>, %b: f32):
  "func.return"() : () -> ()
}) {function_type = (tensor<f32>, tensor<f32>) -> (), sym_name = "second_arg_type"} : () -> ()

// -----

// expected-error @+1 {{entry block must have 1 arguments to match the function signature, found 2}}
"func.func"() ({
^bb0(%a: tensor<2xf32>, %b: tensor<2xf32>):
  "func.return"() : () -> ()
}) {function_type = (tensor<2xf32>) -> (), sym_name = "wrong_arg_count"} : () -> ()

// -----

// expected-error @+1 {{'function_type' must be a function type}}
"func.func"() ({
}) {function_type = i32, sym_name = "not_a_function_type"} : () -> ()

// -----

// expected-error @+1 {{requires attribute 'sym_name'}}
"func.func"() ({
}) {function_type = () -> ()} : () -> ()

// -----

// expected-error @+1 {{requires attribute 'function_type'}}
"func.func"() ({
}) {sym_name = "no_type"} : () -> ()

// -----

// expected-error @+1 {{attribute 'sym_name' must be}}
"func.func"() ({
}) {function_type = () -> (), sym_name = 3} : () -> ()

// -----

// A body needs named arguments.
// expected-error @+1 {{a function with a body must name its arguments}}
func.func @unnamed_with_body(tensor<2xf32>) {
  return
}

// -----

// Named and unnamed arguments do not mix; the error points at the first odd argument.
// expected-error @+1 {{expected every argument of a function definition to be named}}
func.func @mixed_definition(%x: tensor<2xf32>, tensor<2xf32>)

// -----

// expected-error @+1 {{expected a type: the arguments of a declaration are not named}}
func.func private @mixed_declaration(tensor<2xf32>, %x: tensor<2xf32>)

// -----

// A body must hold a block: `{}` is not a declaration.
// expected-error @+1 {{expected non-empty function body}}
func.func @empty_body() {}
