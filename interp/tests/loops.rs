//! The loop dialect on the interpreter: buffers written in place through function
//! arguments (destination-passing style), scalars computed as the hlo ops of the same
//! name, loops, conditionals, and errors where compiled code would misbehave.

mod support;

use support::{f32s, floats, ints, run, s32s};
use xla_interp::{Buffer, Value};

/// A buffer holding the tensor `value`.
fn buffer(value: Value) -> (Buffer, Value) {
    let literal = value.tensor().expect("a tensor").clone();
    let buffer = Buffer::new(literal);
    (buffer.clone(), Value::Buffer(buffer))
}

fn contents(buffer: &Buffer) -> Value {
    buffer.snapshot().expect("a buffer").into()
}

#[test]
fn a_loop_nest_writes_its_result_buffer() {
    // out[i] = tanh(x[i]) + sum(x), the sum by loop.for with a loop-carried accumulator.
    let text = r#"func.func @main(%x: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = loop.constant 0 : index
  %c1 = loop.constant 1 : index
  %c4 = loop.constant 4 : index
  %zero = loop.constant 0.0 : f32
  %sum = loop.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
    %e = loop.load %x[%k] : memref<4xf32>
    %next = loop.arith add %acc, %e : f32
    loop.yield %next : f32
  }
  loop.parallel (%i) = (%c0) to (%c4) {
    %v = loop.load %x[%i] : memref<4xf32>
    %t = loop.math tanh %v : f32
    %r = loop.arith add %t, %sum : f32
    loop.store %r, %out[%i] : memref<4xf32>
    loop.yield
  }
  return
}"#;
    let (_, x) = buffer(f32s(&[4], &[0.0, 1.0, -1.0, 2.0]));
    let (out, out_arg) = buffer(f32s(&[4], &[0.0; 4]));
    let results = run(text, vec![x, out_arg]).expect("runs");
    assert!(results.is_empty());
    let expected: Vec<f64> = [0.0f32, 1.0, -1.0, 2.0].iter().map(|v| (v.tanh() + 2.0) as f64).collect();
    assert_eq!(floats(&contents(&out)), expected);
}

#[test]
fn integer_edge_cases_are_hlo_s() {
    // Division by zero gives -1 and INT_MIN / -1 gives INT_MIN, as hlo.divide; the
    // comparison, selection and conversion are hlo's too.
    let text = r#"func.func @main(%a: memref<3xi32>, %b: memref<3xi32>, %out: memref<3xi32>) {
  %c0 = loop.constant 0 : index
  %c3 = loop.constant 3 : index
  loop.parallel (%i) = (%c0) to (%c3) {
    %x = loop.load %a[%i] : memref<3xi32>
    %y = loop.load %b[%i] : memref<3xi32>
    %q = loop.arith divide %x, %y : i32
    %n = loop.convert %i : index -> i32
    %p = loop.compare EQ, %n, %n, SIGNED : i32
    %s = loop.select %p, %q, %n : i32
    loop.store %s, %out[%i] : memref<3xi32>
    loop.yield
  }
  return
}"#;
    let (_, a) = buffer(s32s(&[3], &[7, i32::MIN, 5]));
    let (_, b) = buffer(s32s(&[3], &[2, -1, 0]));
    let (out, out_arg) = buffer(s32s(&[3], &[0; 3]));
    run(text, vec![a, b, out_arg]).expect("runs");
    assert_eq!(ints(&contents(&out)), vec![3, i32::MIN as i128, -1]);
}

#[test]
fn while_and_if_run_their_regions() {
    // Doubles n until it is at least 100; out = n, or -n when the flag is false.
    let text = r#"func.func @main(%flag: memref<i1>, %out: memref<i32>) {
  %one = loop.constant 1 : i32
  %limit = loop.constant 100 : i32
  %n = loop.while (%a = %one) : (i32) -> i32 cond {
    %go = loop.compare LT, %a, %limit, SIGNED : i32
    loop.condition %go, %a : i32
  } do {
  ^bb0(%b: i32):
    %d = loop.arith add %b, %b : i32
    loop.yield %d : i32
  }
  %p = loop.load %flag[] : memref<i1>
  %r = loop.if %p -> (i32) {
    loop.yield %n : i32
  } else {
    %m = loop.math negate %n : i32
    loop.yield %m : i32
  }
  loop.store %r, %out[] : memref<i32>
  return
}"#;
    for (flag, expected) in [(1, 128), (0, -128)] {
        let literal = xla_interp::Literal::scalar(xla_interp::ElementType::Pred, xla_ir::Scalar::Int(flag));
        let (_, flag_arg) = buffer(literal.into());
        let (out, out_arg) = buffer(s32s(&[], &[0]));
        run(text, vec![flag_arg, out_arg]).expect("runs");
        assert_eq!(ints(&contents(&out)), vec![expected]);
    }
}

#[test]
fn calls_pass_buffers_that_the_callee_writes() {
    let text = r#"func.func @fill(%b: memref<2xf32>) {
  %c0 = loop.constant 0 : index
  %c2 = loop.constant 2 : index
  %v = loop.constant 1.5 : f32
  loop.parallel (%i) = (%c0) to (%c2) {
    loop.store %v, %b[%i] : memref<2xf32>
    loop.yield
  }
  return
}
func.func @main(%out: memref<2xf32>) {
  %t = loop.alloc : memref<2xf32>
  func.call @fill(%t) : (memref<2xf32>) -> ()
  %c1 = loop.constant 1 : index
  %x = loop.load %t[%c1] : memref<2xf32>
  %c0 = loop.constant 0 : index
  loop.store %x, %out[%c0] : memref<2xf32>
  loop.store %x, %out[%c1] : memref<2xf32>
  return
}"#;
    let (out, out_arg) = buffer(f32s(&[2], &[0.0, 0.0]));
    run(text, vec![out_arg]).expect("runs");
    assert_eq!(floats(&contents(&out)), vec![1.5, 1.5]);
}

#[test]
fn out_of_bounds_and_runtime_calls_are_errors() {
    let out_of_bounds = r#"func.func @main(%b: memref<2xf32>) {
  %c2 = loop.constant 2 : index
  %x = loop.load %b[%c2] : memref<2xf32>
  return
}"#;
    let (_, b) = buffer(f32s(&[2], &[0.0, 0.0]));
    let error = run(out_of_bounds, vec![b.clone()]).expect_err("out of bounds");
    assert!(error.contains("index 2 is out of bounds in dimension 0 of a buffer f32[2]"), "{error}");
    let runtime = r#"func.func @main(%b: memref<2xf32>) {
  loop.call_runtime @xla_rt_fill(%b) : (memref<2xf32>) -> ()
  return
}"#;
    let error = run(runtime, vec![b]).expect_err("no runtime");
    assert!(error.contains("the interpreter cannot call the runtime function @xla_rt_fill"), "{error}");
}
