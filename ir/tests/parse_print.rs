//! Round trips of the generic form through the parser and printer, and parser errors.

use xla_ir::parser::parse_source;
use xla_ir::printer::{print_op, PrintOptions};
use xla_ir::verifier::verify;
use xla_ir::Context;

fn round_trip(src: &str) -> String {
    let ctx = Context::new();
    let module = match parse_source(&ctx, "test.mlir", src, 1) {
        Ok(m) => m,
        Err(e) => panic!("{}", e.render(&ctx)),
    };
    if let Err(errors) = verify(&module.body, module.op) {
        panic!("{}", errors.iter().map(|e| e.render(&ctx)).collect::<String>());
    }
    let printed = print_op(&module.body, module.op, &PrintOptions::default());
    let again = parse_source(&ctx, "printed.mlir", &printed, 1).unwrap_or_else(|e| panic!("{}\n{printed}", e.render(&ctx)));
    assert_eq!(print_op(&again.body, again.op, &PrintOptions::default()), printed);
    printed
}

fn parse_error(src: &str) -> String {
    let ctx = Context::new();
    match parse_source(&ctx, "bad.mlir", src, 1) {
        Ok(_) => panic!("expected an error"),
        Err(e) => e.render(&ctx),
    }
}

#[test]
fn generic_ops_round_trip() {
    let printed = round_trip(
        r#"
#map = dense<[1.0, 2.5]> : tensor<2xf32>
!t = tensor<2xf32>
"test.func"() ({
^bb0(%a: !t, %b: tensor<2x?x<=8xf32, {0, 1, 2}>):
  %c = "test.const"() {value = #map} : () -> !t
  %0:2 = "test.pair"(%a, %c) {flag, n = 3 : i32, s = "x\"y", arr = array<i64: 1, 2>, d = dense<"0x0000803F"> : tensor<f32>} : (!t, !t) -> (!t, i1)
  "test.use"(%0#1, %0#0)[^bb1] : (i1, !t) -> ()
^bb1:
  "test.ret"(%0#0) : (!t) -> ()
}) {sym_name = "f"} : () -> ()
"#,
    );
    assert!(printed.contains("\"test.pair\"(%arg0, %0) {arr = array<i64: 1, 2>, d = dense<1.0> : tensor<f32>, flag, n = 3 : i32, s = \"x\\\"y\"} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, i1)"), "{printed}");
    assert!(printed.contains("tensor<2x?x<=8xf32, {0, 1, 2}>"), "{printed}");
    assert!(printed.contains("\"test.use\"(%1#1, %1#0)[^bb1]"), "{printed}");
}

#[test]
fn dense_literals() {
    let printed = round_trip(
        r#""test.c"() {a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, b = dense<0x7FC00000> : tensor<2xf32>, c = dense<(1.0, -2.0)> : tensor<complex<f32>>, e = dense<[true, false]> : tensor<2xi1>, f = dense<1.5> : tensor<3xbf16>, g = dense<448.0> : tensor<f8E4M3FN>, h = dense<> : tensor<0xf32>, i = 0.1 : f32, j = -7 : i8} : () -> ()"#,
    );
    for part in [
        "dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>",
        "dense<0x7FC00000> : tensor<2xf32>",
        "dense<(1.0, -2.0)> : tensor<complex<f32>>",
        "dense<[true, false]> : tensor<2xi1>",
        "dense<1.5> : tensor<3xbf16>",
        "dense<448.0> : tensor<f8E4M3FN>",
        "0.1 : f32",
        "-7 : i8",
    ] {
        assert!(printed.contains(part), "{part} in {printed}");
    }
}

#[test]
fn locations_round_trip_with_debug_info() {
    let ctx = Context::new();
    let src = "#loc = loc(\"a.py\":3:4)\n\"test.x\"() : () -> () loc(#loc)\n\"test.y\"() : () -> () loc(callsite(\"f\"(\"b.py\":1:2) at fused[\"c.py\":5:6, unknown]))\n";
    let module = parse_source(&ctx, "l.mlir", src, 1).unwrap_or_else(|e| panic!("{}", e.render(&ctx)));
    let options = PrintOptions { debug_info: true, ..Default::default() };
    let printed = print_op(&module.body, module.op, &options);
    assert!(printed.contains("loc(\"a.py\":3:4)"), "{printed}");
    assert!(printed.contains("loc(callsite(\"f\"(\"b.py\":1:2) at fused[\"c.py\":5:6, unknown]))"), "{printed}");
    let again = parse_source(&ctx, "p.mlir", &printed, 1).unwrap_or_else(|e| panic!("{}", e.render(&ctx)));
    assert_eq!(print_op(&again.body, again.op, &options), printed);
}

#[test]
fn errors_are_located_with_a_caret() {
    let e = parse_error("\"test.a\"() : () -> ()\n  %0 = \"test.b\"(%nope) : (i32) -> i32\n");
    assert_eq!(e, "bad.mlir:2:17: error: use of undeclared SSA value name '%nope'\n  %0 = \"test.b\"(%nope) : (i32) -> i32\n                ^\n");
    let e = parse_error("%0 = \"t.a\"() : () -> i32\n%0 = \"t.b\"() : () -> i32\n");
    assert!(e.starts_with("bad.mlir:2:1: error: redefinition of SSA value '%0'"), "{e}");
    assert!(e.contains("bad.mlir:1:1: note: previous definition here"), "{e}");
    let e = parse_error("\"t.a\"() {x = dense<[1, 2]> : tensor<3xi32>} : () -> ()");
    assert!(e.contains("literal of shape [2] does not match type tensor<3xi32>"), "{e}");
    let e = parse_error("\"t.a\"() : () -> tensor<2x3f32>");
    assert!(e.contains("expected 'x' in dimension list"), "{e}");
}
