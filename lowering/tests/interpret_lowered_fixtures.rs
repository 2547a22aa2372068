//! Every fixture whose ops `lower-to-loops` covers computes the same after lowering: the
//! reference interpreter runs `@main` of the hlo module and of the lowered loop module (on
//! buffers, in destination-passing style) on the fixture's inputs, and the results must
//! agree. No code generation is involved, so this checks the lowering's semantics alone.
//! Both readers' texts are lowered, and the StableHLO one also after the `fusion` pass,
//! whose `hlo.fusion` ops lower with consumers composing their producers' elementals.
//!
//! Agreement is bit-exact, except for fixtures with dot products, convolutions, Fourier
//! transforms or reductions: the interpreter sums products in `f64` and rounds once, while
//! the lowered loop accumulates in `f32`, as XLA CPU does, the interpreter's `rustfft`
//! orders its operations unlike the lowered naive transform, and a long reduction along a
//! contiguous dimension is split into lanes that reassociate float sums, as XLA CPU's
//! vectorized reductions do; those must agree within the fixture's
//! tolerance (as `tools/tests/interpret_fixtures.rs` reads it from the manifest). Fixtures with an op the
//! pass does not handle yet are listed and skipped; so are fixtures too big for the
//! interpreter to run element by element in a test (the work estimate of [`work`]).

use std::path::{Path, PathBuf};

use xla_interp::closeness::{compare, Tolerance};
use xla_interp::{Buffer, ElementType, Interpreter, Literal, Value};
use xla_ir::{Body, Context, OpId, Type, TypeData, WalkOrder};
use xla_lowering::to_loops::Options;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("lowering/ has a parent").to_path_buf()
}

fn context() -> Context {
    let mut ctx = Context::new();
    xla_import::stablehlo::register(&mut ctx);
    ctx
}

/// Reads a fixture's text (HLO text or StableHLO) into hlo, as `xla-opt` does.
fn read<'c>(ctx: &'c Context, name: &str, text: &str) -> Result<xla_ir::parser::Module<'c>, String> {
    let module = match xla_import::detect_form(text) {
        xla_import::InputForm::HloText => xla_import::hlo_text::parse_hlo_text_at(ctx, name, text, 1),
        xla_import::InputForm::Mlir => xla_ir::parser::parse_source(ctx, name, text, 1).and_then(|mut module| {
            xla_import::stablehlo::legalize_module(&mut module.body, module.op, text)?;
            Ok(module)
        }),
    };
    let module = module.map_err(|d| d.render(ctx))?;
    xla_ir::verifier::verify(&module.body, module.op).map_err(|errors| errors.iter().map(|d| d.render(ctx)).collect::<String>())?;
    Ok(module)
}

/// A fixture of the manifest: its name and the tolerance of its float outputs.
struct Fixture {
    name: String,
    tolerance: Tolerance,
}

fn manifest(dir: &Path) -> Vec<Fixture> {
    let text = std::fs::read_to_string(dir.join("manifest.json")).expect("fixtures/ has a manifest.json");
    let entries: Vec<serde_json::Value> = serde_json::from_str(&text).expect("manifest.json is a JSON list");
    entries
        .iter()
        .map(|entry| {
            let name = entry["name"].as_str().expect("every fixture has a name").to_string();
            let rtol = entry["tol"]["rtol"].as_f64().unwrap_or(0.0);
            let atol = entry["tol"]["atol"].as_f64().unwrap_or(0.0);
            Fixture { name, tolerance: Tolerance::relative(rtol, atol) }
        })
        .collect()
}

/// The function named `name` directly in `module`.
fn function(body: &Body, module: OpId, name: &str) -> Option<OpId> {
    let ctx = body.ctx();
    body.nested_ops(module, WalkOrder::PreOrder)
        .into_iter()
        .find(|op| body.op_name(*op) == "func.func" && body.attr(*op, "sym_name").and_then(|a| ctx.as_string(a)) == Some(name))
}

/// The input and result types of `func`.
fn signature(body: &Body, func: OpId) -> (Vec<Type>, Vec<Type>) {
    let ctx = body.ctx();
    let ty = body.attr(func, "function_type").and_then(|a| ctx.attr_type(a)).expect("a function type");
    match ctx.type_data(ty) {
        TypeData::Function { inputs, results } => (inputs.clone(), results.clone()),
        _ => panic!("not a function type"),
    }
}

/// A work estimate: the elements every op computes, times the elements each one reads
/// along reduced or contracted dimensions. The interpreter runs a few microseconds per
/// loop-level op, so the test leaves out fixtures far above [`WORK_LIMIT`].
fn work(body: &Body, module: OpId) -> u128 {
    let ctx = body.ctx();
    let elements = |v: xla_ir::ValueId| ctx.as_tensor(body.value_type(v)).and_then(|t| t.num_elements()).unwrap_or(1).max(1) as u128;
    body.nested_ops(module, WalkOrder::PreOrder)
        .into_iter()
        .map(|op| {
            let data = body.op(op);
            let out: u128 = data.results.iter().map(|r| elements(*r)).sum();
            let read: u128 = data.operands.iter().map(|v| elements(*v)).max().unwrap_or(1);
            match body.op_name(op) {
                "hlo.dot_general" | "hlo.dot" | "hlo.convolution" => {
                    let (lhs, rhs) = (elements(data.operands[0]), elements(data.operands[1]));
                    // result * contracted = sqrt(lhs * rhs * result) for a plain product.
                    ((lhs * rhs * out) as f64).sqrt() as u128
                }
                "hlo.reduce" => read,
                _ => out,
            }
        })
        .sum()
}

const WORK_LIMIT: u128 = 1 << 20;

/// The most loop-level ops one lowered run may evaluate, so that a lowering bug that makes a
/// loop run forever fails the test instead of hanging it.
const MAX_OPS: u64 = 5_000_000;

/// What one run found.
enum Outcome {
    /// The results agree; the loop-level ops the lowered run evaluated.
    Agrees(u64),
    /// The pass does not lower some op of the fixture yet: why.
    Unsupported(String),
    /// The fixture's work estimate, beyond [`WORK_LIMIT`].
    TooBig(u128),
}

/// Interprets `@main` of the hlo module and of its lowering on the fixture's inputs and
/// compares their results.
fn check_fixture(dir: &Path, fixture: &Fixture, form: &str, options: Options, fuse: bool) -> Result<Outcome, String> {
    let path = dir.join(format!("{}.{form}", fixture.name));
    let Ok(text) = std::fs::read_to_string(&path) else { return Ok(Outcome::Unsupported("no such form".into())) };
    let ctx = context();
    let display = path.display().to_string();
    let hlo = read(&ctx, &display, &text)?;
    let estimate = work(&hlo.body, hlo.op);
    if estimate > WORK_LIMIT {
        return Ok(Outcome::TooBig(estimate));
    }
    let main = function(&hlo.body, hlo.op, "main").ok_or("no @main")?;
    let (inputs, results) = signature(&hlo.body, main);
    let elements: Vec<ElementType> = inputs.iter().filter_map(|&t| ElementType::of(&ctx, ctx.element_type(t))).collect();
    let arrays = xla_interp::arrays::read_npz(&dir.join(format!("{}.inputs.npz", fixture.name)), &elements)?;
    let args: Vec<Literal> = arrays.into_iter().map(|(_, literal)| literal).collect();

    let mut interp = Interpreter::new(&hlo.body, hlo.op);
    let expected = interp.call("main", args.iter().cloned().map(Value::Tensor).collect()).map_err(|e| format!("hlo: {e:?}"))?;
    let expected: Vec<Literal> = expected.iter().flat_map(tensors).collect();

    let mut lowered = read(&ctx, &display, &text)?;
    if fuse {
        xla_fusion::pass::run_on_module(&mut lowered.body, lowered.op, xla_fusion::decide::Limits::default())
            .map_err(|errors| errors.iter().map(|d| d.render(&ctx)).collect::<String>())?;
        xla_ir::verifier::verify(&lowered.body, lowered.op).map_err(|errors| errors.iter().map(|d| d.render(&ctx)).collect::<String>())?;
    }
    if let Err(errors) = xla_lowering::to_loops::lower_module(&mut lowered.body, lowered.op, options) {
        let rendered: Vec<String> = errors.iter().map(|d| d.render(&ctx)).collect();
        if errors.iter().all(|d| d.message.contains("does not handle")) {
            return Ok(Outcome::Unsupported(errors[0].message.clone()));
        }
        return Err(rendered.join(""));
    }
    xla_ir::verifier::verify(&lowered.body, lowered.op)
        .map_err(|errors| errors.iter().map(|d| d.render(&ctx)).collect::<String>())?;
    let mut buffers: Vec<Value> = args.into_iter().map(|a| Value::Buffer(Buffer::new(a))).collect();
    let outputs: Vec<Buffer> = results.iter().flat_map(|&t| leaf_literals(&ctx, t)).map(Buffer::new).collect();
    buffers.extend(outputs.iter().cloned().map(Value::Buffer));
    let mut interp = Interpreter::new(&lowered.body, lowered.op);
    interp.options.max_ops = Some(MAX_OPS);
    let returned = interp.call("main", buffers).map_err(|e| format!("loops: {e:?}"))?;
    if !returned.is_empty() {
        return Err("the lowered @main returned values".into());
    }
    let tolerance = if inexact(&hlo.body, hlo.op) { fixture.tolerance } else { Tolerance::EXACT };
    if outputs.len() != expected.len() {
        return Err(format!("{} result buffers for {} results", outputs.len(), expected.len()));
    }
    for (i, (output, want)) in outputs.iter().zip(&expected).enumerate() {
        let got = output.snapshot()?;
        compare(&got, want, tolerance).map_err(|m| format!("result {i}: {m}"))?;
    }
    Ok(Outcome::Agrees(interp.ops_evaluated))
}

/// The tensors of a value, tuples flattened.
fn tensors(value: &Value) -> Vec<Literal> {
    match value {
        Value::Tensor(literal) => vec![literal.clone()],
        Value::Tuple(elements) => elements.iter().flat_map(tensors).collect(),
        _ => vec![],
    }
}

/// A zero literal per leaf of type `ty`.
fn leaf_literals(ctx: &Context, ty: Type) -> Vec<Literal> {
    match ctx.type_data(ty) {
        TypeData::Tuple(elements) => elements.iter().flat_map(|e| leaf_literals(ctx, *e)).collect(),
        TypeData::Tensor(tensor) => {
            let element = ElementType::of(ctx, tensor.element).expect("a known element type");
            let shape = tensor.static_shape().expect("a static shape");
            let zero = match element {
                ElementType::Complex(_) => xla_ir::Scalar::Complex(0.0, 0.0),
                _ if element.is_float() => xla_ir::Scalar::Float(0.0),
                _ => xla_ir::Scalar::Int(0),
            };
            vec![Literal::splat(element, shape, zero)]
        }
        _ => vec![],
    }
}

/// Whether the module has an op whose lowering computes in another order than the
/// interpreter (see the module documentation).
fn inexact(body: &Body, module: OpId) -> bool {
    body.nested_ops(module, WalkOrder::PreOrder)
        .iter()
        .any(|op| matches!(body.op_name(*op), "hlo.dot_general" | "hlo.dot" | "hlo.convolution" | "hlo.fft" | "hlo.reduce"))
}

#[test]
fn lowered_fixtures_compute_what_the_hlo_computes() {
    let dir = repo_root().join("fixtures");
    let (mut agreed, mut unsupported, mut too_big, mut failures) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    // The interpreter cannot run runtime calls: every dot and convolution stays a loop.
    let plain = Options { runtime_kernels: false, ..Options::default() };
    for fixture in manifest(&dir) {
        for (form, fuse) in [("stablehlo.mlir", false), ("hlo", false), ("stablehlo.mlir", true)] {
            let mode = if fuse { ", fused" } else { "" };
            let run = format!("{} ({form}{mode})", fixture.name);
            let started = std::time::Instant::now();
            match check_fixture(&dir, &fixture, form, plain, fuse) {
                Ok(Outcome::Agrees(ops)) => agreed.push(format!("{run}: {ops} ops, {:.1}s", started.elapsed().as_secs_f64())),
                Ok(Outcome::Unsupported(why)) => unsupported.push(format!("{run}: {why}")),
                Ok(Outcome::TooBig(work)) => too_big.push(format!("{run}: {work}")),
                Err(message) => failures.push(format!("{run}:\n{message}")),
            }
        }
    }
    eprintln!("agree ({}):\n  {}", agreed.len(), agreed.join("\n  "));
    eprintln!("not lowered yet ({}):\n  {}", unsupported.len(), unsupported.join("\n  "));
    eprintln!("too big to interpret element by element ({}):\n  {}", too_big.len(), too_big.join("\n  "));
    assert!(failures.is_empty(), "{} runs failed:\n{}", failures.len(), failures.join("\n"));
    assert!(agreed.len() >= 3 * 69, "only {} runs agreed", agreed.len());
}
