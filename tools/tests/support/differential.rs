//! Running a program's `@main` both ways, compiled to native code (as `xla-run` runs it)
//! and in the reference interpreter, on the same arguments: what the differential tests of
//! compiled code compare.

use xla_interp::{Interpreter, Literal, Value};
use xla_tools::native::{run_entries, NativeCall};
use xla_tools::opt::{new_context, read_module};

/// The results of `@main` of `text` (named `file` in diagnostics) on `args`, compiled and
/// interpreted; an error says which step failed (parsing, verifying, interpreting,
/// compiling, running) and why.
pub fn compiled_and_interpreted(file: &str, text: &str, args: &[Literal]) -> Result<(Vec<Value>, Vec<Value>), String> {
    let ctx = new_context();
    let mut module = read_module(&ctx, file, text, 1).map_err(|d| format!("the program does not parse: {}", d.render(&ctx)))?;
    if let Err(errors) = xla_ir::verifier::verify(&module.body, module.op) {
        return Err(format!("the program does not verify: {}", errors.iter().map(|d| d.render(&ctx)).collect::<String>()));
    }
    let (interpreted, results) = {
        let mut interp = Interpreter::new(&module.body, module.op);
        let func = interp.function("main").ok_or("no @main")?;
        let (_, results) = interp.signature(func).ok_or("no signature of @main")?;
        let values = interp.call("main", args.iter().cloned().map(Value::Tensor).collect()).map_err(|e| format!("the interpreter failed: {e:?}"))?;
        (values, results)
    };
    let calls = [NativeCall { name: "main".into(), results, args: args.to_vec() }];
    let mut outcomes = run_entries(&ctx, &mut module, &calls, None, 1).map_err(|m| format!("compiling failed: {m}"))?;
    let outcome = outcomes.pop().ok_or("no outcome")?.map_err(|m| format!("the compiled code failed: {m}"))?;
    let compiled = outcome.replicas.into_iter().next().ok_or("no replica ran")?.map_err(|m| format!("the compiled code failed: {m}"))?;
    if compiled.len() != interpreted.len() {
        return Err(format!("{} results compiled, {} interpreted", compiled.len(), interpreted.len()));
    }
    Ok((compiled, interpreted))
}

/// Small integers in `[-3, 3]` from a seed (a linear congruential generator): inputs whose
/// sums are exact in any order, so compiled and interpreted results agree bit for bit.
pub fn small_integers(count: usize, seed: u64) -> Vec<f64> {
    let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    (0..count)
        .map(|_| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((state >> 33) % 7) as f64 - 3.0
        })
        .collect()
}
