//! The custom forms of builtin, func and hlo ops read back to what they print, and the
//! printed text is what a reader of MLIR expects.

use xla_ir::parser::parse_source;
use xla_ir::printer::{print_op, PrintOptions};
use xla_ir::verifier::verify;
use xla_ir::Context;

fn context() -> Context {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    ctx
}

/// Parses, verifies, prints, and checks the print is a fixed point (custom and generic).
fn round_trip(src: &str) -> String {
    let ctx = context();
    let module = parse_source(&ctx, "in.mlir", src, 1).unwrap_or_else(|e| panic!("{}", e.render(&ctx)));
    if let Err(errors) = verify(&module.body, module.op) {
        panic!("{}", errors.iter().map(|e| e.render(&ctx)).collect::<String>());
    }
    let printed = print_op(&module.body, module.op, &PrintOptions::default());
    let again = parse_source(&ctx, "out.mlir", &printed, 1).unwrap_or_else(|e| panic!("{}\n{printed}", e.render(&ctx)));
    assert_eq!(print_op(&again.body, again.op, &PrintOptions::default()), printed);
    let generic = PrintOptions { generic: true, ..PrintOptions::default() };
    let generic_text = print_op(&again.body, again.op, &generic);
    let from_generic = parse_source(&ctx, "generic.mlir", &generic_text, 1).unwrap_or_else(|e| panic!("{}\n{generic_text}", e.render(&ctx)));
    assert_eq!(print_op(&from_generic.body, from_generic.op, &PrintOptions::default()), printed);
    printed
}

#[test]
fn a_small_model_round_trips() {
    let printed = round_trip(
        r#"module @m {
  func.func public @main(%arg0: tensor<4x8xf32> {mhlo.sharding = "{replicated}"}, %w: tensor<8x16xf32>, %b: tensor<16xf32>) -> (tensor<4xf32> {jax.result_info = ""}) {
    %0 = hlo.dot_general %arg0, %w, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %1 = hlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
    %2 = hlo.add %0, %1 : tensor<4x16xf32>
    %c = hlo.constant dense<0.0> : tensor<f32>
    %3 = hlo.reduce(%2 init: %c) dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32>
      {
      ^bb0(%a: tensor<f32>, %x: tensor<f32>):
        %s = hlo.add %a, %x : tensor<f32>
        hlo.return %s : tensor<f32>
      }
    return %3 : tensor<4xf32>
  }
  func.func private @decl(tensor<2xf32>) -> tensor<2xf32>
}
"#,
    );
    print!("{printed}");
    for expected in [
        "module @m {",
        "func.func public @main(%arg0: tensor<4x8xf32> {mhlo.sharding = \"{replicated}\"}, %arg1: tensor<8x16xf32>, %arg2: tensor<16xf32>) -> (tensor<4xf32> {jax.result_info = \"\"}) {",
        "%0 = hlo.dot_general %arg0, %arg1, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>",
        "%1 = hlo.broadcast_in_dim %arg2, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>",
        "%2 = hlo.add %0, %1 : tensor<4x16xf32>",
        "%3 = hlo.constant dense<0.0> : tensor<f32>",
        "func.return %4 : tensor<4xf32>",
        "func.func private @decl(tensor<2xf32>) -> tensor<2xf32>",
    ] {
        assert!(printed.contains(expected), "missing `{expected}` in\n{printed}");
    }
}

#[test]
fn calls_resolve_their_callee() {
    round_trip(
        "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n  return %a : tensor<2xf32>\n}\nfunc.func @g(%a: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = func.call @f(%a) : (tensor<2xf32>) -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n",
    );
    let ctx = context();
    let m = parse_source(&ctx, "in.mlir", "func.func @g(%a: tensor<2xf32>) {\n  %0 = func.call @nope(%a) : (tensor<2xf32>) -> tensor<2xf32>\n  return\n}\n", 1).unwrap();
    let errors = verify(&m.body, m.op).unwrap_err();
    assert_eq!(errors[0].message, "'func.call' op 'nope' does not reference a valid function");
}

#[test]
fn an_empty_type_list_drops_its_colon() {
    let printed = round_trip("func.func @f() {\n  \"test.r\"() ({\n    hlo.return\n  }) : () -> ()\n  return\n}\n");
    assert!(printed.contains("      hlo.return\n"), "{printed}");
}
