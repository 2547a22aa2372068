//! Parallel nests big enough for the thread pool (`xla_rt_parallel_for`, see
//! `lowering/src/to_llvm/parallel.rs`) run compiled and match the reference interpreter
//! bit for bit: elementwise chains of rank 1 and 2, a broadcast, a reduction per row whose
//! inner `loop.for` runs inside the outlined body, and a nest too small to be outlined.
//!
//! Each program is first lowered to llvm to check whether it does call
//! `xla_rt_parallel_for`, then compiled as `xla-run` compiles it and run on small integers,
//! so every result is exact and must agree exactly.

mod support;

use xla_interp::closeness::{compare, Tolerance};
use xla_interp::{ElementType, Elements, Literal};
use xla_ir::printer::{print_op, PrintOptions};
use support::differential::{compiled_and_interpreted, small_integers};
use xla_tools::opt::{new_context, read_module};

/// `text` lowered to llvm, printed.
fn lowered_to_llvm(text: &str) -> String {
    let ctx = new_context();
    let mut module = read_module(&ctx, "parallel.mlir", text, 1).unwrap_or_else(|d| panic!("{}", d.render(&ctx)));
    let render = |errors: Vec<xla_ir::Diagnostic>| errors.iter().map(|d| d.render(&ctx)).collect::<String>();
    xla_lowering::to_loops::lower_module(&mut module.body, module.op, xla_lowering::to_loops::Options::default()).unwrap_or_else(|e| panic!("{}", render(e)));
    let entries = [xla_lowering::to_llvm::entry::EntrySpec { function: "main".into(), symbol: "xla_main".into() }];
    xla_lowering::to_llvm::lower_module(&mut module.body, module.op, &entries, xla_lowering::to_llvm::Options { flush_denormals: true }).unwrap_or_else(|e| panic!("{}", render(e)));
    print_op(&module.body, module.op, &PrintOptions::default())
}

/// Whether `text` lowered to llvm calls `xla_rt_parallel_for`.
fn calls_parallel_for(text: &str) -> bool {
    lowered_to_llvm(text).contains("@xla_rt_parallel_for(")
}

/// Checks that `text` does (or does not) run on the pool, and matches the interpreter
/// exactly on small integers of the argument shapes.
fn check(text: &str, parallel: bool, args: &[&[i64]]) {
    assert_eq!(calls_parallel_for(text), parallel, "expected xla_rt_parallel_for: {parallel}, in\n{text}");
    let args: Vec<Literal> = args
        .iter()
        .enumerate()
        .map(|(i, shape)| {
            let count = shape.iter().product::<i64>() as usize;
            Literal::new(ElementType::F32, shape.to_vec(), Elements::Float(small_integers(count, i as u64 + 1)))
        })
        .collect();
    let (compiled, interpreted) = compiled_and_interpreted("parallel.mlir", text, &args).unwrap_or_else(|m| panic!("{m}\n{text}"));
    for (i, (actual, wanted)) in compiled.iter().zip(&interpreted).enumerate() {
        let (actual, wanted) = (actual.tensor().unwrap_or_else(|m| panic!("{m}")), wanted.tensor().unwrap_or_else(|m| panic!("{m}")));
        if let Err(m) = compare(actual, wanted, Tolerance::EXACT) {
            panic!("result {i} (compiled vs interpreted): {m}\n{text}");
        }
    }
}

#[test]
fn a_big_elementwise_chain_runs_on_the_pool() {
    let text = "func.func @main(%a: tensor<2097152xf32>, %b: tensor<2097152xf32>) -> tensor<2097152xf32> {
  %0 = hlo.multiply %a, %b : tensor<2097152xf32>
  %1 = hlo.add %0, %a : tensor<2097152xf32>
  %2 = hlo.maximum %1, %b : tensor<2097152xf32>
  func.return %2 : tensor<2097152xf32>
}";
    check(text, true, &[&[2097152], &[2097152]]);
}

#[test]
fn a_rank_2_nest_with_a_broadcast_runs_on_the_pool() {
    let text = "func.func @main(%a: tensor<1031x1030xf32>, %b: tensor<1030xf32>) -> tensor<1031x1030xf32> {
  %0 = hlo.broadcast_in_dim %b, dims = [1] : (tensor<1030xf32>) -> tensor<1031x1030xf32>
  %1 = hlo.subtract %a, %0 : tensor<1031x1030xf32>
  %2 = hlo.multiply %1, %1 : tensor<1031x1030xf32>
  func.return %2 : tensor<1031x1030xf32>
}";
    check(text, true, &[&[1031, 1030], &[1030]]);
}

#[test]
fn a_row_reduction_runs_its_rows_on_the_pool() {
    let text = "func.func @main(%a: tensor<1024x2053xf32>) -> tensor<1024xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.reduce(%a init: %z) dimensions = [1] : (tensor<1024x2053xf32>, tensor<f32>) -> tensor<1024xf32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = hlo.add %x, %y : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  func.return %0 : tensor<1024xf32>
}";
    check(text, true, &[&[1024, 2053]]);
}

#[test]
fn a_small_nest_stays_sequential() {
    let text = "func.func @main(%a: tensor<64x8xf32>) -> tensor<64x8xf32> {
  %0 = hlo.add %a, %a : tensor<64x8xf32>
  func.return %0 : tensor<64x8xf32>
}";
    check(text, false, &[&[64, 8]]);
}

/// The `llvm.func`s whose names contain `kind` (`.nest.`, `.parallel.`) in `text` lowered to
/// llvm.
fn outlined_functions(text: &str, kind: &str) -> usize {
    lowered_to_llvm(text).lines().filter(|l| l.contains("llvm.func") && l.contains(kind)).count()
}

#[test]
fn the_nests_of_identical_layers_share_their_functions() {
    // 40 layers of `x = tanh(x) * w + x` (three nests each without fusion): more outermost
    // nests than a function keeps inline, so each is outlined and called directly, and the
    // layers' identical kernels become one function each.
    let layers = 40;
    let mut text = String::from("func.func @main(%x0: tensor<64xf32>, %w: tensor<64xf32>) -> tensor<64xf32> {\n");
    for i in 0..layers {
        text += &format!(
            "  %t{i} = hlo.tanh %x{i} : tensor<64xf32>\n  %m{i} = hlo.multiply %t{i}, %w : tensor<64xf32>\n  %x{} = hlo.add %m{i}, %x{i} : tensor<64xf32>\n",
            i + 1
        );
    }
    text += &format!("  func.return %x{layers} : tensor<64xf32>\n}}\n");
    let shared = outlined_functions(&text, ".nest.");
    assert!((1..=4).contains(&shared), "{shared} outlined nest functions for {layers} identical layers");
    check(&text, false, &[&[64], &[64]]);
}
