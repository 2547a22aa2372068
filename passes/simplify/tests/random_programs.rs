//! Property test: `simplify` never changes what a program computes.
//!
//! A recipe of steps builds a random well-typed function over `tensor<4xf32>` and
//! `tensor<4xi32>` values (arguments, constants drawn from the values the rules care about:
//! zeros of both signs, one, minus one, two, infinities, NaN), with the ops the rules and the
//! dialect's folders and patterns rewrite (add, subtract, multiply, divide, maximum,
//! minimum, negate, power, select, compare, xor, reshape and transpose round trips,
//! converts). The function is interpreted before and after `simplify` (default options, so
//! only exact rules) on inputs with the same edge values; every value it computes is a
//! result, and each must agree bit for bit (any NaN matches any NaN; `-0.0` is not `0.0`).
//! Checked to fail, within a few thousand cases, when the fast-math rule `add-positive-zero`
//! is made exact, which turns `-0.0 + 0.0 = 0.0` into `-0.0`.

use proptest::prelude::*;
use xla_interp::{Interpreter, Literal, Value};
use xla_ir::pass::{PassManager, PassRegistry, MODULE_OP};
use xla_ir::{Context, Scalar};

const FLOATS: [&str; 9] = ["0.0", "-0.0", "1.0", "-1.0", "2.0", "0x7F800000", "0xFF800000", "0x7FC00000", "3.5"];
const INTS: [i64; 7] = [0, 1, -1, 2, 7, i32::MIN as i64, i32::MAX as i64];

#[derive(Clone, Debug)]
struct Step {
    op: u8,
    a: usize,
    b: usize,
    c: usize,
}

/// Builds the program text of a recipe: float values and int values are kept apart.
fn build(steps: &[Step]) -> String {
    let mut lines = Vec::new();
    let mut floats = vec!["%arg0".to_string()];
    let mut ints = vec!["%arg1".to_string()];
    let mut n = 0;
    let mut fresh = |lines: &mut Vec<String>, text: String| {
        let name = format!("%v{n}");
        n += 1;
        lines.push(format!("  {name} = {text}"));
        name
    };
    let f = "tensor<4xf32>";
    let i = "tensor<4xi32>";
    for s in steps {
        let fa = floats[s.a % floats.len()].clone();
        let fb = floats[s.b % floats.len()].clone();
        let ia = ints[s.a % ints.len()].clone();
        let ib = ints[s.b % ints.len()].clone();
        let op = ["add", "subtract", "multiply", "maximum", "minimum"][s.c % 5];
        match s.op % 12 {
            0 => floats.push(fresh(&mut lines, format!("hlo.constant dense<{}> : {f}", FLOATS[s.c % FLOATS.len()]))),
            1 => ints.push(fresh(&mut lines, format!("hlo.constant dense<{}> : {i}", INTS[s.c % INTS.len()]))),
            2 => floats.push(fresh(&mut lines, format!("hlo.{op} {fa}, {fb} : {f}"))),
            3 => ints.push(fresh(&mut lines, format!("hlo.{op} {ia}, {ib} : {i}"))),
            4 => floats.push(fresh(&mut lines, format!("hlo.negate {fa} : {f}"))),
            5 => floats.push(fresh(&mut lines, format!("hlo.divide {fa}, {fb} : {f}"))),
            6 => floats.push(fresh(&mut lines, format!("hlo.power {fa}, {fb} : {f}"))),
            7 => {
                let p = fresh(&mut lines, format!("hlo.compare LT, {ia}, {ib} : ({i}, {i}) -> tensor<4xi1>"));
                let x = floats[s.c % floats.len()].clone();
                floats.push(fresh(&mut lines, format!("hlo.select {p}, {x}, {fa} : tensor<4xi1>, {f}")));
            }
            8 => ints.push(fresh(&mut lines, format!("hlo.xor {ia}, {ib} : {i}"))),
            9 => {
                let r = fresh(&mut lines, format!("hlo.reshape {fa} : ({f}) -> tensor<2x2xf32>"));
                let t = fresh(&mut lines, format!("hlo.transpose {r}, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>"));
                let t2 = fresh(&mut lines, format!("hlo.transpose {t}, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>"));
                floats.push(fresh(&mut lines, format!("hlo.reshape {t2} : (tensor<2x2xf32>) -> {f}")));
            }
            10 => {
                let w = fresh(&mut lines, format!("hlo.convert_element_type {fa} : ({f}) -> tensor<4xf64>"));
                floats.push(fresh(&mut lines, format!("hlo.convert_element_type {w} : (tensor<4xf64>) -> {f}")));
            }
            _ => ints.push(fresh(&mut lines, format!("hlo.negate {ia} : {i}"))),
        }
    }
    // Every value is a result, so that a wrong rewrite anywhere shows.
    let values: Vec<String> = floats.iter().chain(&ints).cloned().collect();
    let types: Vec<&str> = floats.iter().map(|_| f).chain(ints.iter().map(|_| i)).collect();
    format!(
        "func.func @main(%arg0: {f}, %arg1: {i}) -> ({}) {{\n{}\n  return {} : {}\n}}\n",
        types.join(", "),
        lines.join("\n"),
        values.join(", "),
        types.join(", ")
    )
}

fn context() -> Context {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    ctx
}

/// Interprets `text` on the inputs; the results.
fn interpret(ctx: &Context, text: &str, inputs: &[Literal], simplify: bool) -> Result<Vec<Literal>, String> {
    let mut module = xla_ir::parser::parse_source(ctx, "random.mlir", text, 1).map_err(|e| e.render(ctx))?;
    if simplify {
        let mut registry = PassRegistry::new();
        xla_simplify::register(&mut registry);
        let mut pm = PassManager::parse(ctx, &registry, MODULE_OP, "builtin.module(func.func(simplify))")
            .map_err(|e| format!("{e:?}"))?;
        pm.instrumentation.verify_each = true;
        pm.run_with_output(&mut module.body, module.op, &mut Vec::new())
            .map_err(|e| e.iter().map(|d| d.render(ctx)).collect::<String>())?;
    }
    let mut interpreter = Interpreter::new(&module.body, module.op);
    let args = inputs.iter().cloned().map(Value::Tensor).collect();
    let results = interpreter.call("main", args).map_err(|e| format!("{e:?}"))?;
    Ok(results.into_iter().filter_map(|v| if let Value::Tensor(l) = v { Some(l) } else { None }).collect())
}

fn inputs(seed: u64) -> Vec<Literal> {
    use xla_interp::ElementType;
    use xla_ir::dense::Scalar;
    let floats = [0.0, -0.0, 1.0, -1.0, 2.0, f64::INFINITY, f64::NEG_INFINITY, f64::NAN, 0.75];
    let pick = |k: u64| (seed.wrapping_mul(6364136223846793005).wrapping_add(k * 1442695040888963407) >> 33) as usize;
    let f = Literal::from_fn(ElementType::F32, vec![4], |k| Scalar::Float(floats[pick(k as u64) % floats.len()]));
    let i = Literal::from_fn(ElementType::S32, vec![4], |k| Scalar::Int(i128::from(INTS[pick(k as u64 + 4) % INTS.len()])));
    vec![f, i]
}

fn step() -> impl Strategy<Value = Step> {
    (any::<u8>(), 0usize..16, 0usize..16, 0usize..64).prop_map(|(op, a, b, c)| Step { op, a, b, c })
}

/// Whether two literals agree bit for bit, any NaN matching any NaN: stricter than
/// `closeness`'s exact tolerance, for which `-0.0` and `0.0` agree (a rule turning one into
/// the other must fail here).
fn same_bits(a: &Literal, b: &Literal) -> bool {
    a.element == b.element
        && a.shape == b.shape
        && (0..a.len()).all(|i| match (a.get(i), b.get(i)) {
            (Scalar::Float(x), Scalar::Float(y)) => x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan()),
            (x, y) => x == y,
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn simplify_keeps_results(steps in prop::collection::vec(step(), 1..24), seed in any::<u64>()) {
        let ctx = context();
        let text = build(&steps);
        let args = inputs(seed);
        let before = interpret(&ctx, &text, &args, false).map_err(TestCaseError::fail)?;
        let after = interpret(&ctx, &text, &args, true).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(before.len(), after.len());
        for (b, a) in before.iter().zip(&after) {
            prop_assert!(same_bits(a, b), "{:?} became {:?}\n{}", b, a, text);
        }
    }
}
