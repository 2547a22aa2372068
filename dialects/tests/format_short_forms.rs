//! The short forms of attributes in declarative formats read back exactly: integers and
//! floats before a `:` (which must not be taken as their type), keywords of enumerated
//! attributes, integer lists and nested integer lists, and variadic regions.

use xla_ir::constraints::{AnyTensor, F64Attr, I64ArrayAttr, I64ArrayListAttr, I64Attr, Variadic};
use xla_ir::op_def::DialectDef;
use xla_ir::parser::parse_source;
use xla_ir::printer::{print_op, PrintOptions};
use xla_ir::verifier::verify;
use xla_ir::{Context, Op};
use xla_macros::op;

xla_ir::enum_attr! {
    /// A test enumeration.
    pub enum Mode: "a mode" { Fast = "FAST", Exact = "EXACT" }
}

/// Exercises every short form.
///
/// Example: `%0 = test.forms %x, dim = 1, eps = 0.5, mode = FAST, dims = [0], pairs = [[0, 1]] : (tensor<2xf32>) -> tensor<2xf32>`
#[op(
    name = "test.forms",
    format = "$operand `,` `dim` `=` $dim `,` `eps` `=` $eps `,` `mode` `=` $mode `,` `dims` `=` $dims `,` `pairs` `=` $pairs attr-dict `:` functional-type(operands, results)"
)]
pub struct FormsOp {
    #[operand]
    operand: AnyTensor,
    #[attr]
    dim: I64Attr,
    #[attr]
    eps: F64Attr,
    #[attr]
    mode: Mode,
    #[attr]
    dims: I64ArrayAttr,
    #[attr]
    pairs: I64ArrayListAttr,
    #[result]
    result: AnyTensor,
}

/// Holds any number of regions.
///
/// Example: `test.branches {...}, {...}`
#[op(name = "test.branches", traits = [NoTerminator], format = "$branches attr-dict")]
pub struct BranchesOp {
    #[region]
    branches: Variadic<Region>,
}

/// Takes any number of tensors and returns nothing.
///
/// Example: `test.sink %a, %b : tensor<f32>, tensor<f32>`
#[op(name = "test.sink", format = "$xs attr-dict `:` type($xs)")]
pub struct SinkOp {
    #[operand]
    xs: Variadic<AnyTensor>,
}

static TEST_DIALECT: DialectDef = DialectDef {
    name: "test",
    summary: "Ops for format tests.",
    ops: &[FormsOp::DEF, BranchesOp::DEF, SinkOp::DEF],
    materialize_constant: None,
};

fn round_trip(src: &str) -> String {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    ctx.register_dialect(&TEST_DIALECT);
    let module = parse_source(&ctx, "in.mlir", src, 1).unwrap_or_else(|e| panic!("{}", e.render(&ctx)));
    if let Err(errors) = verify(&module.body, module.op) {
        panic!("{}", errors.iter().map(|e| e.render(&ctx)).collect::<String>());
    }
    let printed = print_op(&module.body, module.op, &PrintOptions::default());
    let again = parse_source(&ctx, "out.mlir", &printed, 1).unwrap_or_else(|e| panic!("{}\n{printed}", e.render(&ctx)));
    assert_eq!(print_op(&again.body, again.op, &PrintOptions::default()), printed);
    printed
}

#[test]
fn every_short_form_reads_back() {
    let printed = round_trip(
        "func.func @f(%x: tensor<2xf32>) {\n  %0 = test.forms %x, dim = -3, eps = 1.0e-5, mode = EXACT, dims = [0, 1], pairs = [[0, 1], [2, 3]] : (tensor<2xf32>) -> tensor<2xf32>\n  return\n}\n",
    );
    assert!(
        printed.contains("test.forms %arg0, dim = -3, eps = 1.0e-5, mode = EXACT, dims = [0, 1], pairs = [[0, 1], [2, 3]] : (tensor<2xf32>) -> tensor<2xf32>"),
        "{printed}"
    );
}

#[test]
fn variadic_regions_read_back() {
    let printed = round_trip("test.branches {\n} , {\n  \"other.inner\"() : () -> ()\n}, {\n}\n");
    assert_eq!(printed.matches('{').count(), 4, "{printed}");
}

#[test]
fn an_empty_operand_list_does_not_swallow_the_next_line() {
    let printed = round_trip(
        "func.func @f() {\n  test.sink\n  %a, %b = \"other.pair\"() : () -> (tensor<f32>, tensor<f32>)\n  test.sink\n  %c:2 = \"other.pair\"() : () -> (tensor<f32>, tensor<f32>)\n  test.sink %a, %c#1 : tensor<f32>, tensor<f32>\n  return\n}\n",
    );
    assert_eq!(printed.matches("test.sink\n").count(), 2, "{printed}");
    assert!(printed.contains("test.sink %0#0, %1#1 : tensor<f32>, tensor<f32>"), "{printed}");
}
