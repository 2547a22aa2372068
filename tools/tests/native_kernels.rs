//! Dots and convolutions big enough to call the runtime's kernels (gemm, convolution) run
//! compiled and match the reference interpreter: transposed operands, batch dimensions
//! anywhere, non-default layouts of arguments and results, operands that must be packed,
//! every float type; and, as a property test, convolutions with random dimension numbers,
//! window strides, padding (negative too), dilations, reversal and groups.
//!
//! Each program is first lowered to loops to check that it does call the runtime
//! (`loop.call_runtime @xla_rt_...`), then compiled as `xla-run` compiles it
//! ([`xla_tools::native::run_entries`]) and run on the interpreter's inputs. The inputs
//! are small integers, so every product and partial sum is exact in `f32` (and the sums
//! stay below 2^24), whatever order the kernels add in: results must be bit-exact.
//! `bf16` and `f16` results round the exact sum once on both sides.
//!
//! `PROPTEST_CASES` sets the number of random convolutions (16 by default).

mod support;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError};
use xla_interp::closeness::{compare, Tolerance};
use xla_interp::{ElementType, Elements, Literal};
use xla_ir::printer::{print_op, PrintOptions};
use support::differential::{compiled_and_interpreted, small_integers};
use xla_tools::opt::{new_context, read_module};

/// An argument of `element` and `shape` holding small integers (both parts of a complex
/// number).
fn argument(element: ElementType, shape: &[i64], seed: u64) -> Literal {
    let count = shape.iter().product::<i64>() as usize;
    if matches!(element, ElementType::Complex(_)) {
        let (re, im) = (small_integers(count, seed), small_integers(count, seed + 1000));
        return Literal::from_fn(element, shape.to_vec(), |i| xla_ir::Scalar::Complex(re[i], im[i]));
    }
    Literal::new(element, shape.to_vec(), Elements::Float(small_integers(count, seed)))
}

/// Lowers `text` to loops and says which runtime functions it calls.
fn runtime_calls(text: &str) -> Result<Vec<String>, String> {
    let ctx = new_context();
    let mut module = read_module(&ctx, "kernel.mlir", text, 1).map_err(|d| d.render(&ctx))?;
    xla_lowering::to_loops::lower_module(&mut module.body, module.op, xla_lowering::to_loops::Options::default())
        .map_err(|errors| errors.iter().map(|d| d.render(&ctx)).collect::<String>())?;
    let printed = print_op(&module.body, module.op, &PrintOptions::default());
    Ok(printed.match_indices("loop.call_runtime @").map(|(at, _)| printed[at + 19..].chars().take_while(|c| *c != '(').collect()).collect())
}

/// Compiles and interprets `@main` of `text` on `args`; the error says how they differ.
fn differential(text: &str, args: &[Literal], tolerance: Tolerance) -> Result<(), String> {
    let (compiled, interpreted) = compiled_and_interpreted("kernel.mlir", text, args)?;
    for (i, (actual, wanted)) in compiled.iter().zip(&interpreted).enumerate() {
        compare(actual.tensor()?, wanted.tensor()?, tolerance).map_err(|m| format!("result {i} (compiled vs interpreted): {m}"))?;
    }
    Ok(())
}

/// Checks that `text` calls `callee` and matches the interpreter on small integers.
fn check(text: &str, callee: &str, args: &[(ElementType, &[i64])]) {
    check_within(text, callee, args, Tolerance::EXACT)
}

/// [`check`] within `tolerance`.
fn check_within(text: &str, callee: &str, args: &[(ElementType, &[i64])], tolerance: Tolerance) {
    let calls = runtime_calls(text).unwrap_or_else(|m| panic!("lowering failed: {m}\n{text}"));
    assert!(calls.iter().any(|c| c == callee), "expected a call of {callee}, found {calls:?} in\n{text}");
    let args: Vec<Literal> = args.iter().enumerate().map(|(i, (el, shape))| argument(*el, shape, i as u64 + 1)).collect();
    if let Err(message) = differential(text, &args, tolerance) {
        panic!("{message}\nprogram:\n{text}");
    }
}

#[test]
fn a_row_major_matmul_calls_gemm() {
    let text = "func.func @main(%a: tensor<96x64xf32>, %b: tensor<64x80xf32>) -> tensor<96x80xf32> {
  %0 = hlo.dot %a, %b : (tensor<96x64xf32>, tensor<64x80xf32>) -> tensor<96x80xf32>
  func.return %0 : tensor<96x80xf32>
}";
    check(text, "xla_rt_matmul_f32", &[(ElementType::F32, &[96, 64]), (ElementType::F32, &[64, 80])]);
}

#[test]
fn transposed_operands_are_strides() {
    let text = "func.func @main(%a: tensor<64x96xf64>, %b: tensor<80x64xf64>) -> tensor<96x80xf64> {
  %0 = hlo.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [0] x [1] : (tensor<64x96xf64>, tensor<80x64xf64>) -> tensor<96x80xf64>
  func.return %0 : tensor<96x80xf64>
}";
    check(text, "xla_rt_matmul_f64", &[(ElementType::F64, &[64, 96]), (ElementType::F64, &[80, 64])]);
}

#[test]
fn batch_dimensions_anywhere() {
    let text = "func.func @main(%a: tensor<48x3x32xf32>, %b: tensor<32x3x40xf32>) -> tensor<3x48x40xf32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [1] x [1], contracting_dims = [2] x [0] : (tensor<48x3x32xf32>, tensor<32x3x40xf32>) -> tensor<3x48x40xf32>
  func.return %0 : tensor<3x48x40xf32>
}";
    check(text, "xla_rt_batch_matmul_f32", &[(ElementType::F32, &[48, 3, 32]), (ElementType::F32, &[32, 3, 40])]);
}

#[test]
fn non_default_layouts_of_arguments_and_results() {
    let text = "func.func @main(%a: tensor<64x48xf32, {0, 1}>, %b: tensor<2x48x40xf32, {0, 2, 1}>) -> tensor<64x2x40xf32, {0, 2, 1}> {
  %0 = hlo.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1] x [1] : (tensor<64x48xf32, {0, 1}>, tensor<2x48x40xf32, {0, 2, 1}>) -> tensor<64x2x40xf32, {0, 2, 1}>
  func.return %0 : tensor<64x2x40xf32, {0, 2, 1}>
}";
    check(text, "xla_rt_matmul_f32", &[(ElementType::F32, &[64, 48]), (ElementType::F32, &[2, 48, 40])]);
}

#[test]
fn operands_that_do_not_flatten_are_packed() {
    let text = "func.func @main(%a: tensor<8x4x64xf32>, %b: tensor<4x8x64xf32>) -> tensor<64x64xf32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [] x [], contracting_dims = [1, 0] x [0, 1] : (tensor<8x4x64xf32>, tensor<4x8x64xf32>) -> tensor<64x64xf32>
  func.return %0 : tensor<64x64xf32>
}";
    check(text, "xla_rt_matmul_f32", &[(ElementType::F32, &[8, 4, 64]), (ElementType::F32, &[4, 8, 64])]);
}

#[test]
fn narrow_floats_multiply_in_f32() {
    let (bf16, f16) = (ElementType::Float(xla_ir::FloatKind::BF16), ElementType::Float(xla_ir::FloatKind::F16));
    for (ty, el, callee) in [("bf16", bf16, "xla_rt_matmul_bf16_f32"), ("f16", f16, "xla_rt_matmul_f16_f32")] {
        let text = format!(
            "func.func @main(%a: tensor<64x48x{ty}>, %b: tensor<48x64x{ty}>) -> tensor<64x64x{ty}> {{
  %0 = hlo.dot %a, %b : (tensor<64x48x{ty}>, tensor<48x64x{ty}>) -> tensor<64x64x{ty}>
  func.return %0 : tensor<64x64x{ty}>
}}"
        );
        check(&text, callee, &[(el, &[64, 48]), (el, &[48, 64])]);
    }
    // JAX's narrow dots with an f32 result: the arguments widened, then multiplied.
    for (ty, el, callee) in [("bf16", bf16, "xla_rt_matmul_bf16_f32"), ("f16", f16, "xla_rt_matmul_f16_f32")] {
        let widened = format!(
            "func.func @main(%a: tensor<64x48x{ty}>, %b: tensor<48x64x{ty}>) -> tensor<64x64xf32> {{
  %wa = hlo.convert_element_type %a : (tensor<64x48x{ty}>) -> tensor<64x48xf32>
  %wb = hlo.convert_element_type %b : (tensor<48x64x{ty}>) -> tensor<48x64xf32>
  %0 = hlo.dot %wa, %wb : (tensor<64x48xf32>, tensor<48x64xf32>) -> tensor<64x64xf32>
  func.return %0 : tensor<64x64xf32>
}}"
        );
        check(&widened, callee, &[(el, &[64, 48]), (el, &[48, 64])]);
    }
}

#[test]
fn a_conv2d_nhwc_calls_the_runtime() {
    let text = "func.func @main(%x: tensor<2x12x12x8xf32>, %w: tensor<3x3x8x16xf32>) -> tensor<2x12x12x16xf32> {
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, window = {stride = [1, 1], pad = [[1, 1], [1, 1]]}, feature_group_count = 1, batch_group_count = 1 : (tensor<2x12x12x8xf32>, tensor<3x3x8x16xf32>) -> tensor<2x12x12x16xf32>
  func.return %0 : tensor<2x12x12x16xf32>
}";
    check(text, "xla_rt_conv_f32", &[(ElementType::F32, &[2, 12, 12, 8]), (ElementType::F32, &[3, 3, 8, 16])]);
}

/// Transforms in `f32` agree with the interpreter's `f64` ones within `f32` rounding of
/// sums over a few hundred terms: a norm-wise tolerance.
const FFT_TOLERANCE: Tolerance = Tolerance { max_ulps: 64, rtol: 0.0, atol: 1e-3, normwise_rtol: 1e-5 };

#[test]
fn big_transforms_call_the_runtime_fft() {
    let c64 = ElementType::Complex(xla_ir::FloatKind::F32);
    let fft = "func.func @main(%x: tensor<8x256xcomplex<f32>>) -> tensor<8x256xcomplex<f32>> {
  %0 = hlo.fft %x, type = FFT, length = [256] : (tensor<8x256xcomplex<f32>>) -> tensor<8x256xcomplex<f32>>
  func.return %0 : tensor<8x256xcomplex<f32>>
}";
    check_within(fft, "xla_rt_fft_c64", &[(c64, &[8, 256])], FFT_TOLERANCE);
    let ifft = "func.func @main(%x: tensor<4x32x32xcomplex<f32>, {0, 1, 2}>) -> tensor<4x32x32xcomplex<f32>, {0, 2, 1}> {
  %0 = hlo.fft %x, type = IFFT, length = [32, 32] : (tensor<4x32x32xcomplex<f32>, {0, 1, 2}>) -> tensor<4x32x32xcomplex<f32>, {0, 2, 1}>
  func.return %0 : tensor<4x32x32xcomplex<f32>, {0, 2, 1}>
}";
    check_within(ifft, "xla_rt_fft_c64", &[(c64, &[4, 32, 32])], FFT_TOLERANCE);
    let rfft = "func.func @main(%x: tensor<4x512xf32>) -> tensor<4x257xcomplex<f32>> {
  %0 = hlo.fft %x, type = RFFT, length = [512] : (tensor<4x512xf32>) -> tensor<4x257xcomplex<f32>>
  func.return %0 : tensor<4x257xcomplex<f32>>
}";
    check_within(rfft, "xla_rt_fft_c64", &[(ElementType::F32, &[4, 512])], FFT_TOLERANCE);
    let irfft = "func.func @main(%x: tensor<2x16x33xcomplex<f32>>) -> tensor<2x16x64xf32> {
  %0 = hlo.fft %x, type = IRFFT, length = [16, 64] : (tensor<2x16x33xcomplex<f32>>) -> tensor<2x16x64xf32>
  func.return %0 : tensor<2x16x64xf32>
}";
    check_within(irfft, "xla_rt_fft_c64", &[(c64, &[2, 16, 33])], FFT_TOLERANCE);
}

/// A random convolution: its text and argument shapes.
#[derive(Debug)]
struct ConvCase {
    text: String,
    input: Vec<i64>,
    kernel: Vec<i64>,
    f64: bool,
}

/// The labels of `rank` dimensions (`first`, `second`, then spatial digits) placed by
/// permutation `order`, and the shape they give `sizes` (in label order).
fn placed(first: char, second: char, sizes: &[i64], order: &[usize]) -> (String, Vec<i64>) {
    let mut labels: Vec<char> = vec![first, second];
    labels.extend((0..sizes.len() - 2).map(|d| char::from(b'0' + d as u8)));
    let mut text = String::new();
    let mut shape = Vec::new();
    for &i in order {
        text.push(labels[i]);
        shape.push(sizes[i]);
    }
    (text, shape)
}

/// A permutation of `0..n` from a seed.
fn permutation(n: usize, mut seed: u64) -> Vec<usize> {
    let mut items: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let j = (seed % (i as u64 + 1)) as usize;
        seed /= i as u64 + 1;
        items.swap(i, j);
    }
    items
}

/// Builds a convolution from random parameters: 1 or 2 spatial dimensions, and per
/// dimension (input size, kernel size, stride, padding low and high, lhs and rhs
/// dilation, reversal).
#[allow(clippy::type_complexity)]
fn conv_case(spatial: &[(i64, i64, i64, i64, i64, i64, i64, bool)], batch: i64, features: i64, outputs: i64, groups: (i64, bool), seeds: (u64, u64, u64), f64: bool) -> Option<ConvCase> {
    let (group_count, batch_grouping) = groups;
    let (feature_groups, batch_groups) = if batch_grouping { (1, group_count) } else { (group_count, 1) };
    let (input_features, kernel_in) = (features * feature_groups, features);
    let (input_batch, out_features) = (batch * batch_groups, outputs * group_count);
    let mut out_spatial = Vec::new();
    for &(size, k, stride, low, high, lhs_d, rhs_d, _) in spatial {
        let padded = (size - 1) * lhs_d + 1 + low + high;
        let window = (k - 1) * rhs_d + 1;
        if padded < window {
            return None;
        }
        out_spatial.push((padded - window) / stride + 1);
    }
    let rank = spatial.len() + 2;
    let sizes = |a: i64, b: i64, s: Vec<i64>| [vec![a, b], s].concat();
    let (in_labels, input) = placed('b', 'f', &sizes(input_batch, input_features, spatial.iter().map(|s| s.0).collect()), &permutation(rank, seeds.0));
    let (k_labels, kernel) = placed('i', 'o', &sizes(kernel_in, out_features, spatial.iter().map(|s| s.1).collect()), &permutation(rank, seeds.1));
    let (out_labels, output) = placed('b', 'f', &sizes(batch, out_features, out_spatial), &permutation(rank, seeds.2));
    let list = |f: &dyn Fn(&(i64, i64, i64, i64, i64, i64, i64, bool)) -> String| spatial.iter().map(f).collect::<Vec<_>>().join(", ");
    let window = format!(
        "{{stride = [{}], pad = [{}], lhs_dilate = [{}], rhs_dilate = [{}], reverse = [{}]}}",
        list(&|s| s.2.to_string()),
        list(&|s| format!("[{}, {}]", s.3, s.4)),
        list(&|s| s.5.to_string()),
        list(&|s| s.6.to_string()),
        list(&|s| i64::from(s.7).to_string())
    );
    let el = if f64 { "f64" } else { "f32" };
    let ty = |shape: &[i64]| format!("tensor<{}x{el}>", shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("x"));
    let text = format!(
        "func.func @main(%x: {it}, %w: {kt}) -> {ot} {{
  %0 = hlo.convolution %x, %w, dim_labels = {in_labels}_{k_labels}->{out_labels}, window = {window}, feature_group_count = {feature_groups}, batch_group_count = {batch_groups} : ({it}, {kt}) -> {ot}
  func.return %0 : {ot}
}}",
        it = ty(&input),
        kt = ty(&kernel),
        ot = ty(&output)
    );
    Some(ConvCase { text, input, kernel, f64 })
}

fn config() -> Config {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(16);
    Config { cases, max_shrink_iters: 256, failure_persistence: None, ..Config::default() }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn random_convolutions_through_the_runtime_match_the_interpreter(
        spatial in prop::collection::vec((6i64..14, 1i64..4, 1i64..3, -1i64..3, -1i64..3, 1i64..3, 1i64..3, any::<bool>()), 1..3),
        batch in 1i64..4,
        features in 2i64..9,
        outputs in 4i64..12,
        groups in (1i64..3, any::<bool>()),
        seeds in (any::<u64>(), any::<u64>(), any::<u64>()),
        f64 in any::<bool>(),
    ) {
        let Some(case) = conv_case(&spatial, batch, features, outputs, groups, seeds, f64) else { return Ok(()) };
        let calls = runtime_calls(&case.text).map_err(|m| TestCaseError::fail(format!("lowering failed: {m}\n{}", case.text)))?;
        let el = if case.f64 { ElementType::F64 } else { ElementType::F32 };
        let args = vec![argument(el, &case.input, 1), argument(el, &case.kernel, 2)];
        // Cases too small for the runtime stay loops, which other tests cover.
        prop_assume!(calls.iter().any(|c| c.starts_with("xla_rt_conv")));
        if let Err(message) = differential(&case.text, &args, Tolerance::EXACT) {
            return Err(TestCaseError::fail(format!("{message}\ncalls: {calls:?}\nprogram:\n{}", case.text)));
        }
    }
}
