//! Buffer assignment (`passes/buffers`, docs/buffer-assignment.md) on the programs the
//! arena is for: softmax, layernorm, an elementwise chain and the MLP fixture lower to an
//! entry path that calls no `malloc` (every temporary is in the entry's arena, the ABI's
//! `temp`), report their arena as `temp_bytes`, and compute the same results whether the
//! caller passes `temp` or NULL (the wrapper then allocates the arena for the call) and
//! whether the pass runs at all.

mod support;

use support::repo_root;
use xla_ir::printer::{print_op, PrintOptions};
use xla_lowering::native::{AlignedBuffer, NativeLibrary};
use xla_lowering::to_llvm::{EntrySignature, EntrySpec};
use xla_lowering::{compile_hlo, lower_hlo, CompileOptions};
use xla_tools::opt::{new_context, read_module};

/// The text of the fixture `name` (its StableHLO form).
fn fixture(name: &str) -> String {
    let path = repo_root().join("fixtures").join(format!("{name}.stablehlo.mlir"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `text`'s `@main` lowered to the llvm dialect as `compile_hlo` lowers it: the printed
/// module and the entry's signature.
fn lowered(name: &str, text: &str, options: &CompileOptions) -> (String, EntrySignature) {
    let ctx = new_context();
    let mut module = read_module(&ctx, name, text, 1).unwrap_or_else(|d| panic!("{}", d.render(&ctx)));
    let entries = [EntrySpec::new("main")];
    let mut signatures = lower_hlo(&mut module.body, module.op, &entries, options)
        .unwrap_or_else(|errors| panic!("{}", errors.iter().map(|d| d.render(&ctx)).collect::<String>()));
    let (_, signature) = signatures.pop().expect("one entry");
    (print_op(&module.body, module.op, &PrintOptions::default()), signature)
}

/// Checks that `text` lowers with no `malloc` call and an arena of `temp_bytes` (`None`: any
/// size above 0), and that without the pass it did call `malloc`; returns the arena's size.
fn check_no_malloc(name: &str, text: &str, temp_bytes: Option<u64>) -> u64 {
    let (llvm, signature) = lowered(name, text, &CompileOptions::default());
    assert!(!llvm.contains("@malloc("), "{name}: the entry's path still calls malloc:\n{llvm}");
    match temp_bytes {
        Some(bytes) => assert_eq!(signature.temp_bytes, bytes, "{name}: temp bytes"),
        None => assert!(signature.temp_bytes > 0, "{name}: no arena"),
    }
    assert_eq!(signature.temp_bytes % 64, 0, "{name}: the arena is a multiple of the alignment");
    let (without, unassigned) = lowered(name, text, &CompileOptions { assign_buffers: false, ..CompileOptions::default() });
    assert_eq!(unassigned.temp_bytes, 0, "{name}: without the pass there is no arena");
    assert_eq!(without.contains("@malloc("), signature.temp_bytes > 0, "{name}: temporaries were malloc'ed before");
    signature.temp_bytes
}

/// Runs `@main` of `text` on zero-free inputs compiled with `options`, with `temp` (given or
/// NULL), and returns the bytes of its results.
fn run(name: &str, text: &str, options: &CompileOptions, give_temp: bool) -> Vec<Vec<u8>> {
    let ctx = new_context();
    let mut module = read_module(&ctx, name, text, 1).unwrap_or_else(|d| panic!("{}", d.render(&ctx)));
    let compiled = compile_hlo(&mut module.body, module.op, &[EntrySpec::new("main")], options)
        .unwrap_or_else(|errors| panic!("{}", errors.iter().map(|d| d.render(&ctx)).collect::<String>()));
    let library = NativeLibrary::load(&compiled.object, &[runtime_archive()]).expect("the library loads");
    let (spec, signature) = &compiled.entries[0];
    let entry = library.entry(&spec.symbol, &ctx, signature).expect("the entry");
    // Floats 0.25, 0.5, ... 2.0 repeating: every program here is defined on them.
    let args: Vec<AlignedBuffer> = entry
        .arg_sizes
        .iter()
        .map(|&n| AlignedBuffer::from_bytes(&(0..n / 4).flat_map(|i| (0.25 * (1 + i % 8) as f32).to_le_bytes()).collect::<Vec<u8>>()))
        .collect();
    let mut results: Vec<AlignedBuffer> = entry.result_sizes.iter().map(|&n| AlignedBuffer::zeroed(n)).collect();
    // A temp full of garbage: the entry must not read what it did not write.
    let mut temp = AlignedBuffer::from_bytes(&vec![0xA5; entry.temp_bytes]);
    let status = entry
        .call_with_temp(&args.iter().collect::<Vec<_>>(), &mut results.iter_mut().collect::<Vec<_>>(), give_temp.then_some(&mut temp), None)
        .expect("buffers of the right sizes");
    assert_eq!(status, 0, "{name}: status");
    results.iter().map(|r| r.as_bytes().to_vec()).collect()
}

/// This checkout's runtime archive, for programs that call the runtime (the MLP's gemm).
fn runtime_archive() -> std::path::PathBuf {
    xla_tools::native::runtime_library().expect("libxla_runtime.a built from this checkout")
}

/// Checks that `text` computes the same bytes with the arena given and with a NULL temp
/// (one compiled program), and the same floats within 2 ulps without buffer assignment
/// (different code, which LLVM may vectorize differently: libmvec's `exp` and libm's
/// differ by an ulp).
fn check_same_results(name: &str, text: &str) {
    let assigned = CompileOptions::default();
    let with_temp = run(name, text, &assigned, true);
    assert!(with_temp == run(name, text, &assigned, false), "{name}: the results differ with a NULL temp");
    let unassigned = CompileOptions { assign_buffers: false, ..CompileOptions::default() };
    for (i, (a, b)) in with_temp.iter().zip(&run(name, text, &unassigned, true)).enumerate() {
        let floats = |bytes: &[u8]| bytes.chunks_exact(4).map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect::<Vec<_>>();
        let worst = floats(a).iter().zip(floats(b)).map(|(x, y)| (i64::from(*x) - i64::from(y)).abs()).max().unwrap_or(0);
        assert!(worst <= 2, "{name}: result {i} differs by {worst} ulps without buffer assignment");
    }
}

#[test]
fn softmax_allocates_nothing() {
    let text = fixture("softmax");
    check_no_malloc("softmax", &text, None);
    check_same_results("softmax", &text);
}

#[test]
fn layernorm_allocates_nothing() {
    let text = fixture("layernorm");
    check_no_malloc("layernorm", &text, None);
    check_same_results("layernorm", &text);
}

#[test]
fn the_mlp_allocates_nothing() {
    let text = fixture("mlp2");
    check_no_malloc("mlp2", &text, None);
    check_same_results("mlp2", &text);
}

/// An elementwise chain whose intermediate values each have one use: the fusion pass makes
/// it one loop fusion, composed into one nest, so nothing is materialized and the arena is
/// empty.
#[test]
fn an_elementwise_chain_needs_no_temp() {
    let text = "func.func @main(%a: tensor<64x128xf32>, %b: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %0 = hlo.multiply %a, %b : tensor<64x128xf32>
  %1 = hlo.add %0, %a : tensor<64x128xf32>
  %2 = hlo.exponential %1 : tensor<64x128xf32>
  %3 = hlo.tanh %2 : tensor<64x128xf32>
  %4 = hlo.maximum %3, %b : tensor<64x128xf32>
  func.return %4 : tensor<64x128xf32>
}";
    check_no_malloc("chain", text, Some(0));
    check_same_results("chain", text);
}

/// A chain whose intermediate values are used twice is materialized: each buffer dies
/// after its second use, so the arena reuses bytes (or writes in place) instead of holding
/// all of them.
#[test]
fn a_chain_of_shared_values_reuses_its_arena() {
    // Products big enough for the runtime's gemm are materialized whatever fusion does:
    // three temporaries, of which the first and the third never live at once.
    let text = "func.func @main(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = hlo.dot %a, %a : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %1 = hlo.dot %0, %a : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %2 = hlo.dot %1, %a : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %3 = hlo.dot %2, %a : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  func.return %3 : tensor<64x64xf32>
}";
    let bytes = check_no_malloc("shared", text, None);
    assert!(bytes <= 2 * 64 * 64 * 4, "three materialized values reuse bytes: {bytes}");
    check_same_results("shared", text);
}
