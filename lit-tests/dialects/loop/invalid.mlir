// RUN: xla-opt %s --split-input-file --verify-diagnostics

// The loop dialect's verifiers: index-typed bounds and indices, one index per dimension,
// loads and stores of the element type, yields of the types the parent expects, kinds
// defined on the operand type, and the custom forms' own errors.

func.func @load_rank(%b: memref<4x8xf32>, %i: index) {
  // expected-error @+1 {{'loop.load' op has 1 indices for a buffer of rank 2 (memref<4x8xf32>)}}
  %0 = "loop.load"(%b, %i) : (memref<4x8xf32>, index) -> f32
  return
}

// -----

func.func @load_index_type(%b: memref<4xf32>, %i: i32) {
  // expected-error @+1 {{'loop.load' op operand 'indices' #0 must be index, found i32}}
  %0 = "loop.load"(%b, %i) : (memref<4xf32>, i32) -> f32
  return
}

// -----

func.func @load_element(%b: memref<4xf32>, %i: index) {
  // expected-error @+1 {{'loop.load' op result type f64 is not the element type f32 of the buffer}}
  %0 = "loop.load"(%b, %i) : (memref<4xf32>, index) -> f64
  return
}

// -----

func.func @store_element(%b: memref<4xf32>, %i: index, %x: f64) {
  // expected-error @+1 {{'loop.store' op stores a value of type f64 into a buffer of element type f32}}
  "loop.store"(%x, %b, %i) : (f64, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @store_rank(%b: memref<4xf32>, %i: index, %x: f32) {
  // expected-error @+1 {{'loop.store' op has 2 indices for a buffer of rank 1 (memref<4xf32>)}}
  "loop.store"(%x, %b, %i, %i) : (f32, memref<4xf32>, index, index) -> ()
  return
}

// -----

func.func @alloc_dynamic() {
  // expected-error @+1 {{'loop.alloc' op needs a buffer of static shape, found memref<?xf32>}}
  %0 = loop.alloc : memref<?xf32>
  return
}

// -----

func.func @alloc_tensor() {
  // expected-error @+1 {{'loop.alloc' op result 'result' must be a memref, found tensor<4xf32>}}
  %0 = "loop.alloc"() : () -> tensor<4xf32>
  return
}

// -----

func.func @arena_misaligned(%arena: memref<256xi8>) {
  // expected-error @+1 {{'loop.arena_buffer' op offset 32 is not a multiple of 64}}
  %0 = loop.arena_buffer %arena[32] : memref<256xi8> -> memref<4xf32>
  return
}

// -----

func.func @arena_overflow(%arena: memref<256xi8>) {
  // expected-error @+1 {{'loop.arena_buffer' op a buffer of 256 bytes at offset 64 does not fit in an arena of 256 bytes}}
  %0 = loop.arena_buffer %arena[64] : memref<256xi8> -> memref<64xf32>
  return
}

// -----

func.func @arena_not_bytes(%arena: memref<64xf32>) {
  // expected-error @+1 {{'loop.arena_buffer' op needs an arena of static size memref<Nxi8>, found memref<64xf32>}}
  %0 = loop.arena_buffer %arena[0] : memref<64xf32> -> memref<4xf32>
  return
}

// -----

func.func @arena_negative(%arena: memref<256xi8>) {
  // expected-error @+1 {{'loop.arena_buffer' op offset -64 is negative}}
  %0 = loop.arena_buffer %arena[-64] : memref<256xi8> -> memref<4xf32>
  return
}

// -----

func.func @for_bounds(%n: i32) {
  // expected-error @+1 {{'loop.for' op operand 'lower_bound' must be index, found i32}}
  "loop.for"(%n, %n, %n) ({
  ^bb0(%i: index):
    loop.yield
  }) : (i32, i32, i32) -> ()
  return
}

// -----

func.func @for_yield(%n: index, %x: f32, %y: i32) {
  %0 = loop.for %i = %n to %n step %n iter_args(%acc = %x) -> (f32) {
    // expected-error @+1 {{'loop.yield' op value #0 has type i32, but the loop.for's iter_args takes f32}}
    loop.yield %y : i32
  }
  return
}

// -----

func.func @for_results(%n: index, %x: f32) {
  // expected-error @+1 {{'loop.for' op has iter_args of types (f32) but results of types (i32)}}
  %0 = "loop.for"(%n, %n, %n, %x) ({
  ^bb0(%i: index, %acc: f32):
    loop.yield %acc : f32
  }) : (index, index, index, f32) -> i32
  return
}

// -----

func.func @for_region_args(%n: index, %x: f32) {
  // expected-error @+1 {{'loop.for' op the body argument #1 has type i32, expected f32}}
  %0 = "loop.for"(%n, %n, %n, %x) ({
  ^bb0(%i: index, %acc: i32):
    "loop.yield"(%x) : (f32) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @parallel_yields_values(%n: index, %x: f32) {
  loop.parallel (%i) = (%n) to (%n) {
    // expected-error @+1 {{'loop.yield' op gives 1 values, but loop.parallel takes 0}}
    loop.yield %x : f32
  }
  return
}

// -----

func.func @parallel_bounds(%n: index) {
  // expected-error @+1 {{2 induction variables need as many lower and upper bounds, found 1 and 2}}
  loop.parallel (%i, %j) = (%n) to (%n, %n) {
    loop.yield
  }
  return
}

// -----

func.func @parallel_terminator(%n: index) {
  // expected-error @+1 {{'loop.parallel' op the body must end with 'loop.yield', found 'func.return'}}
  "loop.parallel"(%n, %n) ({
  ^bb0(%i: index):
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    "func.return"() : () -> ()
  }) : (index, index) -> ()
  return
}

// -----

func.func @if_yield(%p: i1, %x: f32) {
  %0 = loop.if %p -> (f32) {
    loop.yield %x : f32
  } else {
    // expected-error @+1 {{'loop.yield' op gives 0 values, but the loop.if's results takes 1}}
    loop.yield
  }
  return
}

// -----

func.func @if_condition(%p: i32) {
  // expected-error @+1 {{'loop.if' op operand 'condition' must be a predicate (i1), found i32}}
  "loop.if"(%p) ({
    loop.yield
  }, {
    loop.yield
  }) : (i32) -> ()
  return
}

// -----

func.func @if_needs_else(%p: i1, %x: f32) {
  %0 = loop.if %p -> (f32) {
    loop.yield %x : f32
  }
  // expected-error @+1 {{expected 'else': a loop.if with results needs both regions}}
  return
}

// -----

func.func @while_condition(%x: i32) {
  %0 = loop.while (%a = %x) : (i32) -> (i32) cond {
    %p = loop.constant true : i1
    %f = loop.constant 1.0 : f32
    // expected-error @+1 {{'loop.condition' op value #0 has type f32, but the loop.while's results takes i32}}
    loop.condition %p, %f : f32
  } do {
  ^bb0(%b: i32):
    loop.yield %b : i32
  }
  return
}

// -----

func.func @while_yield_in_cond(%p: i1) {
  // expected-error @+1 {{'loop.while' op the cond region must end with 'loop.condition', found 'loop.yield'}}
  loop.while () : () -> () cond {
    // expected-error @+1 {{'loop.yield' op cannot end the cond region of 'loop.while': use loop.condition}}
    loop.yield
  } do {
    loop.yield
  }
  return
}

// -----

func.func @condition_outside_while(%p: i1) {
  // expected-error @+1 {{'loop.condition' op expects to end the cond region of 'loop.while'}}
  loop.condition %p
}

// -----

func.func @arith_types(%x: f32, %n: i32) {
  // expected-error @+1 {{'loop.arith' op operands of types f32 and i32 must both have the result type f32}}
  %0 = "loop.arith"(%x, %n) {kind = "add"} : (f32, i32) -> f32
  return
}

// -----

func.func @arith_kind(%x: f32) {
  // expected-error @+1 {{'loop.arith' op shift_left is not defined on f32}}
  %0 = loop.arith shift_left %x, %x : f32
  return
}

// -----

func.func @arith_unknown_kind(%x: f32) {
  // expected-error @+1 {{expected a binary scalar op, one of add subtract multiply divide remainder maximum minimum power atan2 and or xor shift_left shift_right_arithmetic shift_right_logical, found 'plus'}}
  %0 = loop.arith plus %x, %x : f32
  return
}

// -----

func.func @math_kind(%n: i32) {
  // expected-error @+1 {{'loop.math' op tanh is not defined on i32}}
  %0 = loop.math tanh %n : i32
  return
}

// -----

func.func @math_on_memref(%b: memref<4xf32>) {
  // expected-error @+1 {{'loop.math' op operand 'operand' must be a scalar (integer, float, index or complex), found memref<4xf32>}}
  %0 = "loop.math"(%b) {kind = "tanh"} : (memref<4xf32>) -> memref<4xf32>
  return
}

// -----

func.func @compare_type(%i: index) {
  // expected-error @+1 {{'loop.compare' op compare_type SIGNED does not fit elements of type index; expected none}}
  %0 = loop.compare LT, %i, %i, SIGNED : index
  return
}

// -----

func.func @compare_complex(%z: complex<f32>) {
  // expected-error @+1 {{'loop.compare' op complex numbers have no order: comparison_direction must be EQ or NE, found LT}}
  %0 = loop.compare LT, %z, %z : complex<f32>
  return
}

// -----

func.func @select_types(%p: i1, %x: f32, %n: i32) {
  // expected-error @+1 {{'loop.select' op choices of types f32 and i32 must both have the result type f32}}
  %0 = "loop.select"(%p, %x, %n) : (i1, f32, i32) -> f32
  return
}

// -----

func.func @bitcast_width(%x: f32) {
  // expected-error @+1 {{'loop.bitcast' op cannot reinterpret f32 (32 bits) as f64 (64 bits): the widths differ}}
  %0 = loop.bitcast %x : f32 -> f64
  return
}

// -----

func.func @bitcast_index(%i: index) {
  // expected-error @+1 {{'loop.bitcast' op cannot reinterpret index as i64: index has no fixed width}}
  %0 = loop.bitcast %i : index -> i64
  return
}

// -----

func.func @constant_type() {
  // expected-error @+1 {{'loop.constant' op value has type f64, but the result has type f32}}
  %0 = "loop.constant"() {value = 1.0 : f64} : () -> f32
  return
}

// -----

func.func @constant_bool() {
  // expected-error @+1 {{'true' is a constant of type i1, not i32}}
  %0 = loop.constant true : i32
  return
}

// -----

func.func @runtime_symbol(%b: memref<4xf32>) {
  // expected-error @+1 {{'loop.call_runtime' op callee @memcpy is not a runtime function (an xla_rt_ symbol)}}
  loop.call_runtime @memcpy(%b) : (memref<4xf32>) -> ()
  return
}

// -----

func.func @real_of_a_real(%x: f32) {
  // expected-error @+1 {{'loop.real' op expects a complex operand, found f32}}
  %0 = loop.real %x : f32 -> f32
  return
}

// -----

func.func @imag_of_another_type(%z: complex<f32>) {
  // expected-error @+1 {{'loop.imag' op the parts of complex<f32> are f32, not the result type f64}}
  %0 = loop.imag %z : complex<f32> -> f64
  return
}

// -----

func.func @complex_of_mixed_parts(%x: f32, %y: f64) {
  // expected-error @+1 {{'loop.complex' op the imag part has type f64, but the parts of complex<f32> are f32}}
  %0 = loop.complex %x, %y : (f32, f64) -> complex<f32>
  return
}

// -----

func.func @literal_of_another_shape() {
  // expected-error @+1 {{'loop.literal' op the buffer memref<3xi32> does not have the literal's shape and element type (tensor<2xi32>)}}
  %0 = loop.literal dense<[1, 2]> : tensor<2xi32> -> memref<3xi32>
  return
}

// -----

func.func @literal_with_a_layout() {
  // expected-error @+1 {{'loop.literal' op needs a buffer of the default layout, found memref<2x2xi32, {0, 1}>}}
  %0 = loop.literal dense<[[1, 2], [3, 4]]> : tensor<2x2xi32> -> memref<2x2xi32, {0, 1}>
  return
}
