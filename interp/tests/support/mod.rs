//! Running small MLIR programs through the interpreter in tests.
#![allow(dead_code)]

use xla_interp::{CheckFailure, Interpreter, Literal, Value};
use xla_ir::{Context, Scalar};

/// A context with the compiler's dialects.
pub fn context() -> Context {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    ctx
}

/// Parses and verifies `text`, then runs `@main` on `args`; the results, or the rendered
/// error.
pub fn run(text: &str, args: Vec<Value>) -> Result<Vec<Value>, String> {
    run_with_checks(text, args).map(|(values, _)| values)
}

/// As [`run`], also returning the failed checks.
pub fn run_with_checks(text: &str, args: Vec<Value>) -> Result<(Vec<Value>, Vec<CheckFailure>), String> {
    let ctx = context();
    let module = xla_ir::parser::parse_source(&ctx, "test.mlir", text, 1).map_err(|d| d.render(&ctx))?;
    if let Err(errors) = xla_ir::verifier::verify(&module.body, module.op) {
        return Err(errors.iter().map(|d| d.render(&ctx)).collect());
    }
    let mut interp = Interpreter::new(&module.body, module.op);
    let results = interp.call("main", args).map_err(|e| e.to_diagnostic(ctx.unknown_loc()).render(&ctx))?;
    Ok((results, interp.check_failures.clone()))
}

/// A literal of 32-bit floats.
pub fn f32s(shape: &[i64], values: &[f32]) -> Value {
    let element = xla_interp::ElementType::F32;
    Literal::new(element, shape.to_vec(), xla_interp::Elements::Float(values.iter().map(|&v| v as f64).collect())).into()
}

/// A literal of 32-bit signed integers.
pub fn s32s(shape: &[i64], values: &[i32]) -> Value {
    Literal::new(xla_interp::ElementType::S32, shape.to_vec(), xla_interp::Elements::Int(values.iter().map(|&v| v as i128).collect()))
        .into()
}

/// The float elements of a tensor value.
pub fn floats(value: &Value) -> Vec<f64> {
    let literal = value.tensor().expect("a tensor");
    (0..literal.len())
        .map(|i| match literal.get(i) {
            Scalar::Float(x) => x,
            other => panic!("not a float: {other:?}"),
        })
        .collect()
}

/// The integer elements of a tensor value.
pub fn ints(value: &Value) -> Vec<i128> {
    value.tensor().expect("a tensor").ints().expect("integers").to_vec()
}

/// As [`run`], with `configure` setting the interpreter up before `@main` runs and
/// `inspect` reading what it needs from it afterwards (also after an error).
pub fn run_configured<R>(
    text: &str,
    args: Vec<Value>,
    configure: impl FnOnce(&mut Interpreter),
    inspect: impl FnOnce(&Interpreter) -> R,
) -> (Result<Vec<Value>, String>, R) {
    let ctx = context();
    let module = match xla_ir::parser::parse_source(&ctx, "test.mlir", text, 1) {
        Ok(module) => module,
        Err(d) => panic!("the test program does not parse: {}", d.render(&ctx)),
    };
    if let Err(errors) = xla_ir::verifier::verify(&module.body, module.op) {
        panic!("the test program does not verify: {}", errors.iter().map(|d| d.render(&ctx)).collect::<String>());
    }
    let mut interp = Interpreter::new(&module.body, module.op);
    configure(&mut interp);
    let results = interp.call("main", args).map_err(|e| e.to_diagnostic(ctx.unknown_loc()).render(&ctx));
    let inspected = inspect(&interp);
    (results, inspected)
}

/// A literal of unsigned 64-bit integers.
pub fn u64s(shape: &[i64], values: &[u64]) -> Value {
    Literal::new(xla_interp::ElementType::U64, shape.to_vec(), xla_interp::Elements::Int(values.iter().map(|&v| v as i128).collect()))
        .into()
}
