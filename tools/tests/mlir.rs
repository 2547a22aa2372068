//! Everything that needs MLIR, in one test binary (built with the `mlir` feature only:
//! every binary that links MLIR is ~200 MB, so the MLIR tests do not each get one).
//!
//! - the differential test: every fixture compiled by our own path (loop → llvm dialect →
//!   inkwell) and by MLIR's (loop → func/scf/memref/arith/math → MLIR's conversion passes →
//!   MLIR's translation to LLVM IR) gives the same results, element for element (floats
//!   compared by their printed value, which tells -0.0 from 0.0; NaNs compare equal), both
//!   with libm's scalar transcendentals (`--no-vector-math`; see
//!   `every_fixture_gives_the_same_results_through_mlir`);
//! - the export passes MLIR's verifier for every fixture (the differential test exports
//!   them all) and prints what MLIR reads back;
//! - the reader: generic-form modules, also with unregistered dialects, round-trip through
//!   MLIR's parser and ours; a chunk of a split file keeps its line numbers;
//! - MLIR's parse and verify errors come out as our located diagnostics, and so does a
//!   type or attribute of the exporter's that MLIR cannot read;
//! - a failed runtime call ends the function on both paths: its status comes back and the
//!   ops after it do not run.

#[allow(dead_code)] // The corpus and the tolerances: this test compares the two paths exactly.
mod support;

use std::path::Path;

use support::{manifest, repo_root};
use xla_interp::arrays::read_npz;
use xla_ir::printer::{print_op, PrintOptions};
use xla_lowering::native::{AlignedBuffer, NativeLibrary};
use xla_lowering::to_llvm::EntrySpec;
use xla_lowering::CompileOptions;
use xla_tools::mlir::MlirHooks;
use xla_tools::native::CompileHlo;
use xla_tools::opt::{new_context, read_module, run as opt_run, OptConfig};
use xla_tools::run::{run, Backend, RunConfig};

/// How many fixtures give the same results both ways today; raise it as the export grows.
const SAME_FLOOR: usize = 69;

fn hooks() -> MlirHooks {
    MlirHooks { export: xla_mlir::export_text, compile_hlo: xla_mlir::compile_hlo, read: xla_mlir::read_upstream }
}

/// Runs `program` with `backend`, writing its results to `out`; the rendered error
/// otherwise.
fn run_to(program: &Path, inputs: &Path, backend: Backend, out: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(program).map_err(|e| e.to_string())?;
    let mut config = RunConfig::new(&program.display().to_string());
    config.inputs = vec![inputs.to_path_buf()];
    config.output = Some(out.to_path_buf());
    config.backend = backend;
    // Both paths call libm's scalar functions for transcendentals. With libmvec, which
    // elements of a loop go through a vector variant (an ulp from libm's result) and which
    // through the scalar remainder depends on how LLVM vectorizes each path's IR, not on
    // the lowering this test checks: MLIR's path unrolls scan_rnn's small nests and
    // SLP-vectorizes them two wide, where ours loop-vectorizes them eight wide.
    config.vector_math = false;
    config.mlir = Some(hooks());
    let output = run(&config, &text);
    if output.success {
        Ok(())
    } else {
        Err(output.stderr)
    }
}

#[test]
fn every_fixture_gives_the_same_results_through_mlir() {
    let dir = repo_root().join("fixtures");
    let tmp = tempfile_dir();
    let (mut same, mut not_exported, mut failures) = (Vec::new(), Vec::new(), Vec::new());
    for fixture in manifest(&dir) {
        let program = ["stablehlo.mlir", "hlo"].iter().map(|form| dir.join(format!("{}.{form}", fixture.name))).find(|p| p.is_file());
        let Some(program) = program else { continue };
        let inputs = dir.join(format!("{}.inputs.npz", fixture.name));
        let (native_out, mlir_out) = (tmp.join(format!("{}.native.npz", fixture.name)), tmp.join(format!("{}.mlir.npz", fixture.name)));
        if let Err(e) = run_to(&program, &inputs, Backend::Native, &native_out) {
            // Not compiled by our own path yet (native_fixtures.rs lists those).
            not_exported.push(format!("{}: our path: {}", fixture.name, e.lines().next().unwrap_or("")));
            continue;
        }
        match run_to(&program, &inputs, Backend::Mlir, &mlir_out) {
            Err(e) if e.contains("does not handle") => {
                let reason = e.lines().find(|l| l.contains("does not handle")).unwrap_or("").to_string();
                not_exported.push(format!("{}: {}", fixture.name, reason.split("error: ").nth(1).unwrap_or(&reason)));
            }
            Err(e) => failures.push(format!("{}: the MLIR path failed:\n{e}", fixture.name)),
            Ok(()) => {
                let ours = read_npz(&native_out, &[]).expect("our results read back");
                let theirs = read_npz(&mlir_out, &[]).expect("MLIR's results read back");
                let differ: Vec<String> = (0..ours.len().min(theirs.len()))
                    .filter(|&i| format!("{:?}", ours[i].1) != format!("{:?}", theirs[i].1))
                    .map(|i| ours[i].0.clone())
                    .collect();
                if ours.len() != theirs.len() || !differ.is_empty() {
                    failures.push(format!("{}: results differ ({})", fixture.name, differ.join(", ")));
                } else {
                    same.push(fixture.name.clone());
                }
            }
        }
    }
    eprintln!("{} fixtures give the same results through MLIR", same.len());
    eprintln!("not compared ({}):\n  {}", not_exported.len(), not_exported.join("\n  "));
    assert!(failures.is_empty(), "{} fixtures differ:\n{}", failures.len(), failures.join("\n"));
    assert!(same.len() >= SAME_FLOOR, "only {} fixtures give the same results (at least {SAME_FLOOR} did before)", same.len());
}

/// A fresh directory under the target directory's tmp.
fn tempfile_dir() -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mlir-differential");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// `xla-opt FILE --lower-to-loops --emit=mlir-upstream [--mlir-print-op-generic]`.
fn export(name: &str, text: &str, generic: bool) -> Result<String, String> {
    let config = OptConfig {
        input_name: name.to_string(),
        pass_flags: vec!["lower-to-loops".into()],
        verify_each: true,
        emit: xla_tools::opt::Emit::MlirUpstream,
        print: PrintOptions { generic, debug_info: false },
        mlir: Some(hooks()),
        ..Default::default()
    };
    let output = opt_run(&config, text);
    if output.success {
        Ok(output.stdout)
    } else {
        Err(output.stderr)
    }
}

/// Reads upstream MLIR with MLIR's parser into our IR and prints it in our generic form.
fn read_and_print(name: &str, text: &str) -> Result<String, String> {
    let ctx = new_context();
    let module = xla_mlir::read_upstream(&ctx, name, text, 1).map_err(|e| e.iter().map(|d| d.render(&ctx)).collect::<String>())?;
    Ok(print_op(&module.body, module.op, &PrintOptions { generic: true, debug_info: false }))
}

/// An exported fixture in MLIR's generic form comes into our IR, and our generic print of
/// it reads back through MLIR to the same module: MLIR's print of both is one text.
#[test]
fn exported_fixtures_round_trip_through_the_reader() {
    let dir = repo_root().join("fixtures");
    let mut checked = 0;
    for name in ["attention", "bool_logic", "softmax", "while_loop", "max_pool", "sort_1d", "int_divrem", "cond_switch"] {
        let Ok(text) = std::fs::read_to_string(dir.join(format!("{name}.stablehlo.mlir"))) else { continue };
        let Ok(generic) = export(name, &text, true) else { continue };
        let ours = read_and_print(name, &generic).unwrap_or_else(|e| panic!("{name}: the reader failed:\n{e}"));
        let again = read_and_print(name, &ours).unwrap_or_else(|e| panic!("{name}: our print does not read back:\n{e}\n{ours}"));
        assert_eq!(ours, again, "{name}: the round trip changed the module");
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} fixtures were exported and read back");
}

/// Ops of dialects neither MLIR nor we know come in (as unregistered ops), with regions,
/// attributes and block arguments, and round-trip.
#[test]
fn unregistered_dialects_round_trip() {
    let text = r#""builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
  ^bb0(%arg0: i32):
    %0 = "foo.bar"(%arg0) {note = "kept", n = 3 : i64} : (i32) -> i32
    %1 = "foo.region"(%0) ({
    ^bb0(%x: i32):
      "foo.yield"(%x) : (i32) -> ()
    }) : (i32) -> i32
    "func.return"(%1) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
"#;
    let ours = read_and_print("unregistered.mlir", text).unwrap_or_else(|e| panic!("{e}"));
    assert!(ours.contains("\"foo.bar\"") && ours.contains("note = \"kept\"") && ours.contains("\"foo.yield\""), "{ours}");
    let again = read_and_print("unregistered.mlir", &ours).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ours, again);
}

/// A parse error of MLIR's is ours: the file, line and column of the input (here a chunk
/// starting at line 10 of its file), the source line and a caret.
#[test]
fn mlir_parse_errors_are_located_diagnostics() {
    let ctx = new_context();
    let text = "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %b : i32\n  func.return %0 : i32\n}\n";
    let Err(errors) = xla_mlir::read_upstream(&ctx, "input.mlir", text, 10) else { panic!("an undefined value parsed") };
    let rendered: String = errors.iter().map(|d| d.render(&ctx)).collect();
    assert!(rendered.starts_with("input.mlir:11:"), "{rendered}");
    assert!(rendered.contains("use of undeclared SSA value name"), "{rendered}");
    assert!(rendered.contains("  %0 = arith.addi %a, %b : i32\n") && rendered.contains('^'), "{rendered}");
}

/// A verifier error of MLIR's is ours too, with MLIR's notes.
#[test]
fn mlir_verifier_errors_are_located_diagnostics() {
    let ctx = new_context();
    let text = "func.func @f(%a: i32) -> i64 {\n  func.return %a : i32\n}\n";
    let Err(errors) = xla_mlir::read_upstream(&ctx, "verify.mlir", text, 1) else { panic!("a wrong return verified") };
    let rendered: String = errors.iter().map(|d| d.render(&ctx)).collect();
    assert!(rendered.starts_with("verify.mlir:2:3: error: type of return operand 0 ('i32') doesn't match function result type ('i64')"), "{rendered}");
}

/// What cannot be exported is a located error of ours, not MLIR's crash.
#[test]
fn unexported_ops_are_located_errors() {
    let text = "func.func @main(%a: tensor<2xf8E4M3FN>) -> tensor<2xf8E4M3FN> {\n  %0 = hlo.negate %a : tensor<2xf8E4M3FN>\n  func.return %0 : tensor<2xf8E4M3FN>\n}\n";
    let err = export("f8.mlir", text, false).expect_err("f8 is not exported");
    assert!(err.starts_with("f8.mlir:"), "{err}");
    assert!(err.contains("does not handle"), "{err}");
}

/// A type or attribute MLIR cannot read, as the exporter writes them, is a located error
/// of the export, not a panic.
#[test]
fn what_mlir_refuses_is_a_located_export_error() {
    let ctx = new_context();
    let module = read_module(&ctx, "refused.mlir", "module {\n}\n", 1).expect("an empty module");
    let refusal = |ty: &str, attr: &str| xla_mlir::export::constant_refusal(&module.body, module.op, ty, attr).map(|d| d.render(&ctx));
    assert_eq!(refusal("i32", "0 : i32"), None);
    let bad_type = refusal("i32x", "0 : i32").expect("a type MLIR cannot read");
    assert!(bad_type.starts_with("refused.mlir:1:1: error: MLIR cannot read the type i32x\n"), "{bad_type}");
    let bad_attr = refusal("i32", "0 : i32 garbage").expect("an attribute MLIR cannot read");
    assert!(bad_attr.starts_with("refused.mlir:1:1: error: MLIR cannot read the attribute 0 : i32 garbage of arith.constant\n"), "{bad_attr}");
}

/// Compiles `text`'s `@main` with `compile`, runs it on `input` with its one result
/// buffer filled with 0xAB bytes, and returns the status and the result's bytes.
fn run_main(compile: CompileHlo, text: &str, input: &[u8], result_bytes: usize) -> (i32, Vec<u8>) {
    let ctx = new_context();
    let mut module = read_module(&ctx, "stop.mlir", text, 1).unwrap_or_else(|e| panic!("{}", e.render(&ctx)));
    let specs = [EntrySpec { function: "main".into(), symbol: "stop_main".into() }];
    let compiled = compile(&mut module.body, module.op, &specs, &CompileOptions::default())
        .unwrap_or_else(|e| panic!("{}", e.iter().map(|d| d.render(&ctx)).collect::<String>()));
    let archive = xla_tools::native::runtime_library().expect("libxla_runtime.a is built with the tools");
    let library = NativeLibrary::load(&compiled.object, &[archive]).unwrap_or_else(|e| panic!("{e}"));
    library.prepare_run(1);
    let entry = library.entry("stop_main", &ctx, &compiled.entries[0].1).unwrap_or_else(|e| panic!("{e}"));
    let input = AlignedBuffer::from_bytes(input);
    let mut result = AlignedBuffer::from_bytes(&vec![0xAB; result_bytes]);
    let status = entry.call(&[&input], &mut [&mut result]).unwrap_or_else(|e| panic!("{e}"));
    (status, result.as_bytes().to_vec())
}

/// A failed check ends its function on MLIR's path as on ours: the status comes back and
/// the ops after it (the writes of the result; in a loop, the doubling after the check
/// and every later iteration) do not run.
#[test]
fn a_failed_runtime_call_stops_the_function_both_ways() {
    let straight = "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  check.expect_eq_const %x, dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %y = hlo.add %x, %x : tensor<4xf32>
  func.return %y : tensor<4xf32>
}
";
    let in_a_loop = "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.while(%zero, %x) : tensor<i32>, tensor<4xf32> cond {
  ^bb0(%i: tensor<i32>, %v: tensor<4xf32>):
    %three = hlo.constant dense<3> : tensor<i32>
    %go = hlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %go : tensor<i1>
  } do {
  ^bb0(%i: tensor<i32>, %v: tensor<4xf32>):
    check.expect_eq_const %v, dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %i, %one : tensor<i32>
    %w = hlo.add %v, %v : tensor<4xf32>
    hlo.return %next, %w : tensor<i32>, tensor<4xf32>
  }
  func.return %r#1 : tensor<4xf32>
}
";
    let bytes = |values: [f32; 4]| -> Vec<u8> { values.iter().flat_map(|x| x.to_le_bytes()).collect() };
    let input = bytes([0.5, 1.5, 2.5, 3.5]);
    // Straight, the result is never written; in the loop, the state may live in the result
    // buffer from the start, but the doubling after the check never happens.
    let (untouched, doubled) = (vec![0xAB; 16], bytes([1.0, 3.0, 5.0, 7.0]));
    for (name, text) in [("straight", straight), ("in a loop", in_a_loop)] {
        let mut results = Vec::new();
        for (path, compile) in [("ours", xla_lowering::compile_hlo as CompileHlo), ("MLIR's", xla_mlir::compile_hlo)] {
            let (status, result) = run_main(compile, text, &input, 16);
            assert_ne!(status, 0, "{name}, {path}: the failed check's status");
            assert!(result == untouched || (name == "in a loop" && result == input), "{name}, {path}: the ops after the failure ran: {result:?}");
            assert_ne!(result, doubled, "{name}, {path}");
            results.push(result);
        }
        assert_eq!(results[0], results[1], "{name}: the two paths left different results");
    }
}

/// The module read from MLIR is our IR: our passes and verifier run on it.
#[test]
fn read_modules_are_our_ir() {
    let ctx = new_context();
    let text = "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = \"hlo.add\"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n  func.return %0 : tensor<4xf32>\n}\n";
    let module = xla_mlir::read_upstream(&ctx, "hlo.mlir", text, 1).unwrap_or_else(|e| panic!("{:?}", e));
    xla_ir::verifier::verify(&module.body, module.op).unwrap_or_else(|e| panic!("{}", e.iter().map(|d| d.render(&ctx)).collect::<String>()));
    let printed = print_op(&module.body, module.op, &PrintOptions::default());
    assert!(printed.contains("hlo.add %arg0, %arg0 : tensor<4xf32>"), "{printed}");
    // And the same text through our own reader gives the same module.
    let direct = read_module(&ctx, "hlo.mlir", text, 1).expect("our reader reads it");
    assert_eq!(printed, print_op(&direct.body, direct.op, &PrintOptions::default()));
}
