//! `hlo.cholesky`, `hlo.triangular_solve` and `hlo.fft` compute the same after
//! `lower-to-loops` on the cases the fixtures leave out: both triangles, every option of
//! the solve, batches, complex numbers, a matrix that is not positive definite, and
//! transforms over several dimensions. The reference interpreter runs each function before
//! and after lowering on pseudo-random inputs; the factorization and the solve must agree
//! bit for bit (the lowering keeps the interpreter's `f64` order), the transforms within
//! a few units in the last place (the interpreter's `rustfft` orders its operations unlike
//! the naive lowered transform).
//!
//! Complex inputs are built inside the functions with `hlo.complex` from two `f32`
//! tensors, so the inputs are float literals.

use xla_interp::closeness::{compare, Tolerance};
use xla_interp::{Buffer, ElementType, Elements, Interpreter, Literal, Value};
use xla_ir::{Context, TypeData};
use xla_lowering::to_loops::Options;

fn context() -> Context {
    let mut ctx = Context::new();
    xla_import::stablehlo::register(&mut ctx);
    ctx
}

/// Pseudo-random numbers in `[-1, 1)` (xorshift), the same on every run.
struct Numbers(u64);

impl Numbers {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 52) as f64 - 1.0
    }

    fn vec(&mut self, n: usize) -> Vec<f64> {
        (0..n).map(|_| self.next()).collect()
    }
}

fn floats(element: ElementType, shape: &[i64], values: Vec<f64>) -> Literal {
    let values = if element == ElementType::F32 { values.iter().map(|&x| f64::from(x as f32)).collect() } else { values };
    Literal::new(element, shape.to_vec(), Elements::Float(values))
}

/// Zero literals for the results of `@main`.
fn result_literals(ctx: &Context, module: &xla_ir::parser::Module) -> Vec<Literal> {
    let body = &module.body;
    let main = body.nested_ops(module.op, xla_ir::WalkOrder::PreOrder).into_iter().find(|op| body.op_name(*op) == "func.func");
    let ty = main.and_then(|f| body.attr(f, "function_type")).and_then(|a| ctx.attr_type(a)).expect("a function type");
    let TypeData::Function { results, .. } = ctx.type_data(ty).clone() else { panic!("not a function type") };
    results
        .iter()
        .map(|&t| {
            let tensor = ctx.as_tensor(t).expect("tensor results");
            let element = ElementType::of(ctx, tensor.element).expect("a known element type");
            let zero = if matches!(element, ElementType::Complex(_)) { xla_ir::Scalar::Complex(0.0, 0.0) } else { xla_ir::Scalar::Float(0.0) };
            Literal::splat(element, tensor.static_shape().expect("static shapes"), zero)
        })
        .collect()
}

/// Interprets `@main` of `text` before and after lowering on `inputs` and compares.
fn check(text: &str, inputs: Vec<Literal>, tolerance: Tolerance) {
    let ctx = context();
    let module = xla_ir::parser::parse_source(&ctx, "test.mlir", text, 1).unwrap_or_else(|d| panic!("{}", d.render(&ctx)));
    let mut interp = Interpreter::new(&module.body, module.op);
    let expected = interp.call("main", inputs.iter().cloned().map(Value::Tensor).collect()).expect("the hlo runs");
    let mut lowered = xla_ir::parser::parse_source(&ctx, "test.mlir", text, 1).expect("parses");
    let outputs: Vec<Buffer> = result_literals(&ctx, &lowered).into_iter().map(Buffer::new).collect();
    if let Err(errors) = xla_lowering::to_loops::lower_module(&mut lowered.body, lowered.op, Options { runtime_kernels: false, ..Options::default() }) {
        panic!("{}", errors.iter().map(|d| d.render(&ctx)).collect::<String>());
    }
    xla_ir::verifier::verify(&lowered.body, lowered.op).unwrap_or_else(|e| panic!("{}", e.iter().map(|d| d.render(&ctx)).collect::<String>()));
    let mut buffers: Vec<Value> = inputs.into_iter().map(|a| Value::Buffer(Buffer::new(a))).collect();
    buffers.extend(outputs.iter().cloned().map(Value::Buffer));
    let mut interp = Interpreter::new(&lowered.body, lowered.op);
    interp.call("main", buffers).expect("the loops run");
    for (i, (output, want)) in outputs.iter().zip(&expected).enumerate() {
        let Value::Tensor(want) = want else { panic!("a tensor result") };
        let got = output.snapshot().expect("a result");
        if let Err(m) = compare(&got, want, tolerance) {
            panic!("result {i} of\n{text}\n{m}");
        }
        // `compare` takes zeros of either sign as equal; bit-exact means the signs agree too.
        if tolerance == Tolerance::EXACT {
            for p in 0..got.len() {
                assert!(same_bits(got.get(p), want.get(p)), "result {i} of\n{text}\nelement {p}: {:?} (expected {:?})", got.get(p), want.get(p));
            }
        }
    }
}

/// Whether two elements have the same bits (any NaN matching any NaN).
fn same_bits(a: xla_ir::Scalar, b: xla_ir::Scalar) -> bool {
    let same = |x: f64, y: f64| x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan());
    match (a, b) {
        (xla_ir::Scalar::Float(x), xla_ir::Scalar::Float(y)) => same(x, y),
        (xla_ir::Scalar::Complex(xr, xi), xla_ir::Scalar::Complex(yr, yi)) => same(xr, yr) && same(xi, yi),
        _ => a == b,
    }
}

/// `count` hermitian positive definite `n x n` matrices `m m^H + n I` (real ones when
/// `complex` is false) as real and imaginary parts; matrix `broken` gets a negative
/// diagonal entry instead, so it is not positive definite.
fn spd(numbers: &mut Numbers, count: usize, n: usize, complex: bool, broken: Option<usize>) -> (Vec<f64>, Vec<f64>) {
    let (mut re, mut im) = (Vec::new(), Vec::new());
    for b in 0..count {
        let mr = numbers.vec(n * n);
        let mi = if complex { numbers.vec(n * n) } else { vec![0.0; n * n] };
        for i in 0..n {
            for j in 0..n {
                let (mut sr, mut si) = (if i == j { n as f64 } else { 0.0 }, 0.0);
                for k in 0..n {
                    // m[i][k] * conj(m[j][k])
                    sr += mr[i * n + k] * mr[j * n + k] + mi[i * n + k] * mi[j * n + k];
                    si += mi[i * n + k] * mr[j * n + k] - mr[i * n + k] * mi[j * n + k];
                }
                if broken == Some(b) && i == 2 && j == 2 {
                    sr = -1.0;
                }
                re.push(sr);
                im.push(si);
            }
        }
    }
    (re, im)
}

#[test]
fn cholesky_of_both_triangles_bit_exact() {
    let mut numbers = Numbers(0x9e37_79b9_7f4a_7c15);
    for (element, name) in [(ElementType::F32, "f32"), (ElementType::F64, "f64")] {
        for lower in [true, false] {
            let text = format!(
                "func.func @main(%a: tensor<3x4x4x{name}>) -> tensor<3x4x4x{name}> {{
  %0 = hlo.cholesky %a, lower = {lower} : tensor<3x4x4x{name}>
  return %0 : tensor<3x4x4x{name}>
}}"
            );
            let (re, _) = spd(&mut numbers, 3, 4, false, Some(1));
            check(&text, vec![floats(element, &[3, 4, 4], re)], Tolerance::EXACT);
        }
    }
}

#[test]
fn complex_cholesky_bit_exact() {
    let mut numbers = Numbers(0x2545_f491_4f6c_dd1d);
    for lower in [true, false] {
        let text = format!(
            "func.func @main(%re: tensor<2x3x3xf32>, %im: tensor<2x3x3xf32>) -> tensor<2x3x3xcomplex<f32>> {{
  %z = hlo.complex %re, %im : (tensor<2x3x3xf32>, tensor<2x3x3xf32>) -> tensor<2x3x3xcomplex<f32>>
  %0 = hlo.cholesky %z, lower = {lower} : tensor<2x3x3xcomplex<f32>>
  return %0 : tensor<2x3x3xcomplex<f32>>
}}"
        );
        let (re, im) = spd(&mut numbers, 2, 3, true, None);
        check(&text, vec![floats(ElementType::F32, &[2, 3, 3], re), floats(ElementType::F32, &[2, 3, 3], im)], Tolerance::EXACT);
    }
}

/// The coefficient matrices of a solve: random, with a diagonal away from zero.
fn coefficients(numbers: &mut Numbers, count: usize, m: usize) -> Vec<f64> {
    let mut a = numbers.vec(count * m * m);
    for (p, x) in a.iter_mut().enumerate() {
        if (p % (m * m)) % (m + 1) == 0 {
            *x = 2.0 + *x;
        }
    }
    a
}

#[test]
fn triangular_solve_with_every_option_bit_exact() {
    let mut numbers = Numbers(0x1234_5678_9abc_def1);
    for complex in [false, true] {
        for left_side in [true, false] {
            for lower in [true, false] {
                for unit_diagonal in [true, false] {
                    for transpose in ["NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"] {
                        let b_shape = if left_side { "2x4x3" } else { "2x3x4" };
                        let element = if complex { "complex<f32>" } else { "f32" };
                        let options = format!("left_side = {left_side}, lower = {lower}, unit_diagonal = {unit_diagonal}, transpose_a = {transpose}");
                        let (args, make) = if complex {
                            (
                                format!("%ar: tensor<2x4x4xf32>, %ai: tensor<2x4x4xf32>, %br: tensor<{b_shape}xf32>, %bi: tensor<{b_shape}xf32>"),
                                format!(
                                    "%a = hlo.complex %ar, %ai : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x4xcomplex<f32>>
  %b = hlo.complex %br, %bi : (tensor<{b_shape}xf32>, tensor<{b_shape}xf32>) -> tensor<{b_shape}xcomplex<f32>>"
                                ),
                            )
                        } else {
                            (format!("%a: tensor<2x4x4xf32>, %b: tensor<{b_shape}xf32>"), String::new())
                        };
                        let text = format!(
                            "func.func @main({args}) -> tensor<{b_shape}x{element}> {{
  {make}
  %0 = hlo.triangular_solve %a, %b, {options} : (tensor<2x4x4x{element}>, tensor<{b_shape}x{element}>) -> tensor<{b_shape}x{element}>
  return %0 : tensor<{b_shape}x{element}>
}}"
                        );
                        let b_dims: Vec<i64> = b_shape.split('x').map(|d| d.parse().expect("a dimension")).collect();
                        let mut inputs = vec![floats(ElementType::F32, &[2, 4, 4], coefficients(&mut numbers, 2, 4))];
                        if complex {
                            inputs.push(floats(ElementType::F32, &[2, 4, 4], numbers.vec(32)));
                        }
                        // Negative zeros tell a sum started from -0.0 (Rust's f64 `Sum`) from one
                        // started from +0.0: `-0.0 - sum` keeps the sign only for the former.
                        let b: Vec<f64> = numbers.vec(24).iter().enumerate().map(|(p, &x)| if p % 5 == 0 { -0.0 } else { x }).collect();
                        inputs.push(floats(ElementType::F32, &b_dims, b));
                        if complex {
                            inputs.push(floats(ElementType::F32, &b_dims, numbers.vec(24)));
                        }
                        check(&text, inputs, Tolerance::EXACT);
                    }
                }
            }
        }
    }
}

/// Within 16 units in the last place of `f32`, or `1e-5` absolute.
fn transform_tolerance() -> Tolerance {
    Tolerance::new(16, 1e-5)
}

#[test]
fn transforms_over_several_dimensions_within_tolerance() {
    let mut numbers = Numbers(0x0dd5_eed5_0f0f_1234);
    let complex = |ty: &str| format!("%z = hlo.complex %re, %im : (tensor<{ty}xf32>, tensor<{ty}xf32>) -> tensor<{ty}xcomplex<f32>>");
    for fft_type in ["FFT", "IFFT"] {
        let text = format!(
            "func.func @main(%re: tensor<2x3x5xf32>, %im: tensor<2x3x5xf32>) -> tensor<2x3x5xcomplex<f32>> {{
  {}
  %0 = hlo.fft %z, type = {fft_type}, length = [3, 5] : (tensor<2x3x5xcomplex<f32>>) -> tensor<2x3x5xcomplex<f32>>
  return %0 : tensor<2x3x5xcomplex<f32>>
}}",
            complex("2x3x5")
        );
        let inputs = vec![floats(ElementType::F32, &[2, 3, 5], numbers.vec(30)), floats(ElementType::F32, &[2, 3, 5], numbers.vec(30))];
        check(&text, inputs, transform_tolerance());
    }
    let rfft = "func.func @main(%x: tensor<2x3x6xf32>) -> tensor<2x3x4xcomplex<f32>> {
  %0 = hlo.fft %x, type = RFFT, length = [3, 6] : (tensor<2x3x6xf32>) -> tensor<2x3x4xcomplex<f32>>
  return %0 : tensor<2x3x4xcomplex<f32>>
}";
    check(rfft, vec![floats(ElementType::F32, &[2, 3, 6], numbers.vec(36))], transform_tolerance());
    for (length, given) in [(6, 4), (7, 4)] {
        let text = format!(
            "func.func @main(%re: tensor<2x3x{given}xf32>, %im: tensor<2x3x{given}xf32>) -> tensor<2x3x{length}xf32> {{
  {}
  %0 = hlo.fft %z, type = IRFFT, length = [3, {length}] : (tensor<2x3x{given}xcomplex<f32>>) -> tensor<2x3x{length}xf32>
  return %0 : tensor<2x3x{length}xf32>
}}",
            complex(&format!("2x3x{given}"))
        );
        let inputs = vec![floats(ElementType::F32, &[2, 3, given], numbers.vec(24)), floats(ElementType::F32, &[2, 3, given], numbers.vec(24))];
        check(&text, inputs, transform_tolerance());
    }
}
