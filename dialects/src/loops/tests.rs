//! Unit tests of the loop dialect: every op reads back what it prints, in the custom and
//! the generic form, and the verifiers name the op and what is wrong.

use xla_ir::parser::parse_source;
use xla_ir::printer::{print_op, PrintOptions};
use xla_ir::verifier::verify;
use xla_ir::Context;

fn context() -> Context {
    let mut ctx = Context::new();
    crate::register_all(&mut ctx);
    ctx
}

const PROGRAM: &str = r#"func.func @all(%b: memref<4x8xf32>, %n: memref<i32>, %p: i1) {
  %c0 = loop.constant 0 : index
  %c1 = loop.constant 1 : index
  %c4 = loop.constant 4 : index
  %c8 = loop.constant 8 : index
  %one = loop.constant 1.0 : f32
  %nan = loop.constant 0x7FC00000 : f32
  %t = loop.constant true : i1
  %tmp = loop.alloc : memref<4x8xf32>
  loop.parallel (%i, %j) = (%c0, %c0) to (%c4, %c8) {
    %x = loop.load %b[%i, %j] : memref<4x8xf32>
    %y = loop.math tanh %x : f32
    %z = loop.arith add %y, %one : f32
    %q = loop.compare GT, %z, %x, FLOAT : f32
    %s = loop.select %q, %z, %nan : f32
    loop.store %s, %tmp[%i, %j] : memref<4x8xf32>
    loop.yield
  }
  %sum = loop.for %k = %c0 to %c8 step %c1 iter_args(%acc = %one) -> (f32) {
    %e = loop.load %tmp[%c0, %k] : memref<4x8xf32>
    %next = loop.arith add %acc, %e : f32
    loop.yield %next : f32
  }
  %r = loop.if %p -> (f32) {
    loop.yield %sum : f32
  } else {
    loop.yield %one : f32
  }
  %i32 = loop.convert %r : f32 -> i32
  %bits = loop.bitcast %r : f32 -> i32
  %w:2 = loop.while (%a = %i32, %v = %r) : (i32, f32) -> (i32, f32) cond {
    %zero = loop.constant 0 : i32
    %go = loop.compare LT, %a, %zero : i32
    loop.condition %go, %a, %v : i32, f32
  } do {
  ^bb0(%a1: i32, %v1: f32):
    %two = loop.constant 2 : i32
    %a2 = loop.arith multiply %a1, %two : i32
    loop.yield %a2, %v1 : i32, f32
  }
  loop.store %w#0, %n[] : memref<i32>
  loop.if %t {
    loop.yield
  } else {
    loop.yield
  }
  loop.call_runtime @xla_rt_fill(%tmp, %c4) : (memref<4x8xf32>, index) -> ()
  return
}
"#;

fn round_trip(ctx: &Context, text: &str, generic: bool) -> String {
    let module = parse_source(ctx, "in.mlir", text, 1).unwrap_or_else(|d| panic!("{}", d.render(ctx)));
    if let Err(errors) = verify(&module.body, module.op) {
        panic!("{}", errors.iter().map(|e| e.render(ctx)).collect::<String>());
    }
    print_op(&module.body, module.op, &PrintOptions { generic, ..PrintOptions::default() })
}

#[test]
fn every_op_reads_back_what_it_prints() {
    let ctx = context();
    for generic in [false, true] {
        let printed = round_trip(&ctx, PROGRAM, generic);
        let again = round_trip(&ctx, &printed, generic);
        assert_eq!(printed, again, "not a fixed point (generic: {generic}):\n{printed}");
        if !generic {
            for form in [
                "loop.constant 0x7FC00000 : f32",
                "loop.constant true : i1",
                "loop.parallel (%arg3, %arg4) = (%0, %0) to (%2, %3) {",
                "loop.store %12, %7[%arg3, %arg4] : memref<4x8xf32>",
                "loop.for %arg5 = %0 to %3 step %1 iter_args(%arg6 = %4) -> (f32) {",
                "loop.if %arg2 -> (f32) {",
                "loop.while (%arg7 = %17, %arg8 = %16) : (i32, f32) -> (i32, f32) cond {",
                "loop.condition %21, %arg7, %arg8 : i32, f32",
                "loop.store %19#0, %arg1[] : memref<i32>",
                "loop.call_runtime @xla_rt_fill(%7, %2) : (memref<4x8xf32>, index) -> ()",
            ] {
                assert!(printed.contains(form), "{form:?} not in:\n{printed}");
            }
        }
    }
}

/// The first verifier error of `text`.
fn verify_error(text: &str) -> String {
    let ctx = context();
    let module = parse_source(&ctx, "in.mlir", text, 1).unwrap_or_else(|d| panic!("{}", d.render(&ctx)));
    match verify(&module.body, module.op) {
        Ok(()) => panic!("verified:\n{text}"),
        Err(errors) => errors[0].message.clone(),
    }
}

#[test]
fn verifiers_name_the_op_and_the_fault() {
    let f = |ops: &str| format!("func.func @f(%b: memref<4xf32>, %i: index, %x: f32, %n: i32) {{\n{ops}\n  return\n}}");
    assert_eq!(
        verify_error(&f(r#"  %0 = "loop.load"(%b) : (memref<4xf32>) -> f32"#)),
        "'loop.load' op has 0 indices for a buffer of rank 1 (memref<4xf32>)"
    );
    assert_eq!(
        verify_error(&f(r#"  %0 = "loop.load"(%b, %i) : (memref<4xf32>, index) -> i32"#)),
        "'loop.load' op result type i32 is not the element type f32 of the buffer"
    );
    assert_eq!(
        verify_error(&f(r#"  "loop.store"(%n, %b, %i) : (i32, memref<4xf32>, index) -> ()"#)),
        "'loop.store' op stores a value of type i32 into a buffer of element type f32"
    );
    assert_eq!(verify_error(&f("  %0 = loop.arith and %x, %x : f32")), "'loop.arith' op and is not defined on f32");
    assert_eq!(verify_error(&f("  %0 = loop.math floor %n : i32")), "'loop.math' op floor is not defined on i32");
    assert_eq!(
        verify_error(&f("  %0 = loop.compare LT, %n, %n, FLOAT : i32")),
        "'loop.compare' op compare_type FLOAT does not fit elements of type i32; expected SIGNED"
    );
    assert_eq!(
        verify_error(&f("  %0 = loop.bitcast %x : f32 -> i64")),
        "'loop.bitcast' op cannot reinterpret f32 (32 bits) as i64 (64 bits): the widths differ"
    );
    assert_eq!(
        verify_error(&f("  %0 = loop.for %k = %i to %i step %i iter_args(%a = %x) -> (f32) {\n    loop.yield %n : i32\n  }")),
        "'loop.yield' op value #0 has type i32, but the loop.for's iter_args takes f32"
    );
    assert_eq!(
        verify_error(&f("  %0 = loop.constant 1 : f32\n  %1 = \"loop.constant\"() {value = 1.0 : f64} : () -> f32")),
        "'loop.constant' op value has type f64, but the result has type f32"
    );
    assert_eq!(
        verify_error(&f("  loop.call_runtime @memcpy(%b) : (memref<4xf32>) -> ()")),
        "'loop.call_runtime' op callee @memcpy is not a runtime function (an xla_rt_ symbol)"
    );
}
