// RUN: xla-opt %s --split-input-file --lower-to-loops --verify-diagnostics

// What lower-to-loops does not handle yet is a located error naming the op (and the pass
// leaves the module as it was), never a crash.

func.func @custom_call(%a: tensor<f32>, %b: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{lower-to-loops does not handle the typed FFI (API_VERSION_TYPED_FFI) of custom call @target yet}}
  %0 = hlo.custom_call @target(%a, %b) {api_version = "API_VERSION_TYPED_FFI"} : (tensor<f32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @nested(%p: tensor<i1>, %a: tensor<f32>) -> tensor<4xf32> {
  %0 = hlo.conditional %p, %a, %a : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%x: tensor<f32>):
    // expected-error @+1 {{lower-to-loops does not handle the typed FFI (API_VERSION_TYPED_FFI) of custom call @target yet}}
    %1 = hlo.custom_call @target(%x) {api_version = "API_VERSION_TYPED_FFI"} : (tensor<f32>) -> tensor<4xf32>
    hlo.return %1 : tensor<4xf32>
  }, {
  ^bb0(%x: tensor<f32>):
    %1 = hlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<4xf32>
    hlo.return %1 : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @rng_of_i4(%a: tensor<i4>, %b: tensor<i4>) -> tensor<4xi4> {
  // expected-error @+1 {{lower-to-loops does not handle 'hlo.rng_uniform' of i4 yet}}
  %0 = hlo.rng_uniform %a, %b : (tensor<i4>, tensor<i4>) -> tensor<4xi4>
  return %0 : tensor<4xi4>
}

// The signature already needs a buffer of unknown size.
// expected-error @+1 {{lower-to-loops needs static shapes, found tensor<?xf32>}}
func.func @dynamic_shape(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = hlo.negate %a : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A function whose signature has no tensors still needs lowering when its body holds ops
// above the loop level: one this pass cannot lower is reported here, not left behind.
func.func @f() {
  return
}

func.func @only_an_interpreter_op() {
  // expected-error @+1 {{lower-to-loops does not handle 'interpreter.run_parallel' yet}}
  "interpreter.run_parallel"() {programs = [[@f]]} : () -> ()
  return
}
