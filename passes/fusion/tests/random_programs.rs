//! Property test: `fusion` never changes what a program computes, never computes an
//! expensive op more often, and always leaves verified IR.
//!
//! A recipe of steps builds a random function over `tensor<4x8xf32>` values with the ops
//! every kind of fusion takes: cheap elementwise ops (add, multiply, maximum, negate,
//! compare and select), expensive ones (exponential, tanh, divide), row reductions and the
//! broadcasts of their results, transposes there and back, slices and concatenations, and
//! dots with a bias and a ReLU. A random subset of the values is returned (the last one
//! always), so producers have consumers inside and outside fusions. The function is
//! interpreted before and after `fusion` (with the verifier after the pass) and the results
//! must agree bit for bit; the number of expensive ops (transcendentals, divisions,
//! reductions, dots) in the fused module is at most the original's.

use proptest::prelude::*;
use xla_interp::{Interpreter, Literal, Value};
use xla_ir::pass::{PassManager, PassRegistry, MODULE_OP};
use xla_ir::{Context, Scalar, WalkOrder};

#[derive(Clone, Debug)]
struct Step {
    op: u8,
    a: usize,
    b: usize,
    keep: bool,
}

const T: &str = "tensor<4x8xf32>";

/// The reducer region of a row reduction by `op`.
fn reducer(op: &str) -> String {
    format!("{{\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n    %r = hlo.{op} %a, %b : tensor<f32>\n    hlo.return %r : tensor<f32>\n  }}")
}

/// Builds the program text of a recipe.
fn build(steps: &[Step]) -> String {
    let mut lines = vec!["  %zero = hlo.constant dense<0.0> : tensor<f32>".to_string(), "  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>".to_string()];
    let mut values = vec!["%arg0".to_string(), "%arg1".to_string()];
    let mut returned = Vec::new();
    let mut n = 0;
    let mut fresh = |lines: &mut Vec<String>, text: String| {
        let name = format!("%v{n}");
        n += 1;
        lines.push(format!("  {name} = {text}"));
        name
    };
    for s in steps {
        let a = values[s.a % values.len()].clone();
        let b = values[s.b % values.len()].clone();
        let v = match s.op % 12 {
            0 => fresh(&mut lines, format!("hlo.add {a}, {b} : {T}")),
            1 => fresh(&mut lines, format!("hlo.multiply {a}, {b} : {T}")),
            2 => fresh(&mut lines, format!("hlo.maximum {a}, {b} : {T}")),
            3 => fresh(&mut lines, format!("hlo.negate {a} : {T}")),
            4 => fresh(&mut lines, format!("hlo.exponential {a} : {T}")),
            5 => fresh(&mut lines, format!("hlo.tanh {a} : {T}")),
            6 => fresh(&mut lines, format!("hlo.divide {a}, {b} : {T}")),
            7 => {
                let p = fresh(&mut lines, format!("hlo.compare LT, {a}, {b} : ({T}, {T}) -> tensor<4x8xi1>"));
                fresh(&mut lines, format!("hlo.select {p}, {a}, {b} : tensor<4x8xi1>, {T}"))
            }
            8 => {
                let (op, init) = if s.b % 2 == 0 { ("add", "%zero") } else { ("maximum", "%ninf") };
                let r = fresh(&mut lines, format!("hlo.reduce({a} init: {init}) dimensions = [1] : ({T}, tensor<f32>) -> tensor<4xf32> {}", reducer(op)));
                let bc = fresh(&mut lines, format!("hlo.broadcast_in_dim {r}, dims = [0] : (tensor<4xf32>) -> {T}"));
                fresh(&mut lines, format!("hlo.subtract {b}, {bc} : {T}"))
            }
            9 => {
                let t = fresh(&mut lines, format!("hlo.transpose {a}, dims = [1, 0] : ({T}) -> tensor<8x4xf32>"));
                let e = fresh(&mut lines, format!("hlo.negate {t} : tensor<8x4xf32>"));
                fresh(&mut lines, format!("hlo.transpose {e}, dims = [1, 0] : (tensor<8x4xf32>) -> {T}"))
            }
            10 => {
                let x = fresh(&mut lines, format!("hlo.slice {a} [0:4, 0:3] : ({T}) -> tensor<4x3xf32>"));
                let y = fresh(&mut lines, format!("hlo.slice {b} [0:4, 3:8] : ({T}) -> tensor<4x5xf32>"));
                fresh(&mut lines, format!("hlo.concatenate {y}, {x}, dim = 1 : (tensor<4x5xf32>, tensor<4x3xf32>) -> {T}"))
            }
            _ => {
                let w = fresh(&mut lines, format!("hlo.reshape {b} : ({T}) -> tensor<8x4xf32>"));
                let d = fresh(&mut lines, format!("hlo.dot {a}, {w} : ({T}, tensor<8x4xf32>) -> tensor<4x4xf32>"));
                let bias = fresh(&mut lines, format!("hlo.slice {a} [0:4, 0:4] : ({T}) -> tensor<4x4xf32>"));
                let s = fresh(&mut lines, format!("hlo.add {d}, {bias} : tensor<4x4xf32>"));
                let z = fresh(&mut lines, "hlo.constant dense<0.0> : tensor<4x4xf32>".to_string());
                let r = fresh(&mut lines, format!("hlo.maximum {s}, {z} : tensor<4x4xf32>"));
                fresh(&mut lines, format!("hlo.pad {r}, %zero, low = [0, 0], high = [0, 4], interior = [0, 0] : (tensor<4x4xf32>, tensor<f32>) -> {T}"))
            }
        };
        if s.keep {
            returned.push(v.clone());
        }
        values.push(v);
    }
    if let Some(last) = values.last().filter(|l| !returned.contains(l)) {
        returned.push(last.clone());
    }
    let types = vec![T; returned.len()].join(", ");
    format!("func.func @main(%arg0: {T}, %arg1: {T}) -> ({types}) {{\n{}\n  return {} : {types}\n}}\n", lines.join("\n"), returned.join(", "))
}

fn context() -> Context {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    ctx
}

/// The number of expensive ops in the module (nested ones included).
fn expensive_ops(body: &xla_ir::Body, module: xla_ir::OpId) -> usize {
    const EXPENSIVE: &[&str] = &["hlo.exponential", "hlo.tanh", "hlo.divide", "hlo.reduce", "hlo.dot"];
    body.nested_ops(module, WalkOrder::PreOrder).iter().filter(|op| EXPENSIVE.contains(&body.op_name(**op))).count()
}

/// Interprets `text` on the inputs, after `fusion` when `fuse`: the results and the number
/// of expensive ops.
fn interpret(ctx: &Context, text: &str, inputs: &[Literal], fuse: bool) -> Result<(Vec<Literal>, usize), String> {
    let mut module = xla_ir::parser::parse_source(ctx, "random.mlir", text, 1).map_err(|e| e.render(ctx))?;
    if fuse {
        let mut registry = PassRegistry::new();
        xla_fusion::register(&mut registry);
        let mut pm = PassManager::parse(ctx, &registry, MODULE_OP, "builtin.module(fusion)").map_err(|e| format!("{e:?}"))?;
        pm.instrumentation.verify_each = true;
        pm.run_with_output(&mut module.body, module.op, &mut Vec::new())
            .map_err(|e| e.iter().map(|d| d.render(ctx)).collect::<String>())?;
    }
    let expensive = expensive_ops(&module.body, module.op);
    let mut interpreter = Interpreter::new(&module.body, module.op);
    let args = inputs.iter().cloned().map(Value::Tensor).collect();
    let results = interpreter.call("main", args).map_err(|e| format!("{e:?}"))?;
    Ok((results.into_iter().filter_map(|v| if let Value::Tensor(l) = v { Some(l) } else { None }).collect(), expensive))
}

fn inputs(seed: u64) -> Vec<Literal> {
    use xla_interp::ElementType;
    let floats = [0.0, -0.0, 1.0, -1.0, 2.0, 0.5, -3.25, 0.75, 10.0];
    let pick = |k: u64| (seed.wrapping_mul(6364136223846793005).wrapping_add(k.wrapping_mul(1442695040888963407)) >> 33) as usize;
    let f = |offset: u64| Literal::from_fn(ElementType::F32, vec![4, 8], |k| Scalar::Float(floats[pick(k as u64 + offset) % floats.len()]));
    vec![f(0), f(32)]
}

fn step() -> impl Strategy<Value = Step> {
    (any::<u8>(), 0usize..32, 0usize..32, any::<bool>()).prop_map(|(op, a, b, keep)| Step { op, a, b, keep })
}

/// Whether two literals agree bit for bit, any NaN matching any NaN.
fn same_bits(a: &Literal, b: &Literal) -> bool {
    a.element == b.element
        && a.shape == b.shape
        && (0..a.len()).all(|i| match (a.get(i), b.get(i)) {
            (Scalar::Float(x), Scalar::Float(y)) => x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()),
            (x, y) => x == y,
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn fusion_keeps_results(steps in prop::collection::vec(step(), 1..20), seed in any::<u64>()) {
        let ctx = context();
        let text = build(&steps);
        let args = inputs(seed);
        let (before, expensive_before) = interpret(&ctx, &text, &args, false).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        let (after, expensive_after) = interpret(&ctx, &text, &args, true).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(before.len(), after.len());
        for (b, a) in before.iter().zip(&after) {
            prop_assert!(same_bits(a, b), "{:?} became {:?}\n{}", b, a, text);
        }
        prop_assert!(expensive_after <= expensive_before, "{} expensive ops became {}\n{}", expensive_before, expensive_after, text);
    }
}
