//! The chlo expansions: each chlo op JAX emits imports into hlo ops only, and the scalar
//! expansions compute their functions: a small evaluator of 0-d hlo ops (below) runs the
//! imported function on sample points and compares with reference values (Python's `math`
//! module, the function's closed form, or jax on XLA CPU for complex arguments). The hlo ops each expansion produces are checked
//! by `lit-tests/import/stablehlo/chlo.mlir`.

mod support;

use std::collections::HashMap;

use support::{assert_contains_in_order, context, func, import};
use xla_import::stablehlo::parse_stablehlo;
use xla_ir::{Body, FloatKind, OpId, Scalar, TypeData, ValueId, WalkOrder};

/// A 0-d value.
#[derive(Copy, Clone, Debug, PartialEq)]
enum V {
    F(f64),
    I(i128),
    B(bool),
    /// A complex number, its parts rounded to its part type.
    C(f64, f64),
}

impl V {
    fn f(self) -> f64 {
        match self {
            V::F(x) => x,
            other => panic!("expected a float, found {other:?}"),
        }
    }
    fn i(self) -> i128 {
        match self {
            V::I(x) => x,
            V::B(b) => i128::from(b),
            other => panic!("expected an integer, found {other:?}"),
        }
    }
    fn b(self) -> bool {
        match self {
            V::B(b) => b,
            other => panic!("expected a predicate, found {other:?}"),
        }
    }
}

/// The element type of `v`: (is float, width); complex numbers give their parts' type.
fn element(body: &Body, v: ValueId) -> (bool, u32) {
    let ctx = body.ctx();
    let t = ctx.as_tensor(body.value_type(v)).expect("tensors only");
    assert!(t.dims.is_empty(), "the evaluator takes 0-d tensors only");
    let element = match ctx.type_data(t.element) {
        TypeData::Complex(part) => *part,
        _ => t.element,
    };
    match ctx.type_data(element) {
        TypeData::Float(FloatKind::F64) => (true, 64),
        TypeData::Float(FloatKind::F32) => (true, 32),
        TypeData::Float(other) => panic!("unsupported float {other:?}"),
        TypeData::Integer { width, .. } => (false, *width),
        other => panic!("unsupported element {other:?}"),
    }
}

/// Rounds a float result to its type.
fn round(body: &Body, v: ValueId, x: f64) -> V {
    match element(body, v) {
        (true, 32) => V::F(f64::from(x as f32)),
        (true, _) => V::F(x),
        (false, 1) => V::B(x != 0.0),
        (false, _) => V::I(x as i128),
    }
}

/// Wraps an integer to `width` bits, signed.
fn wrap(x: i128, width: u32) -> i128 {
    if width == 1 {
        return x & 1;
    }
    let shift = 128 - width;
    (x << shift) >> shift
}

/// Evaluates the ops of `func` (a `func.func`) on `args`.
fn eval(body: &Body, func: OpId, args: &[V]) -> Vec<V> {
    let ctx = body.ctx();
    let region = body.op(func).regions[0];
    let block = body.entry_block(region).expect("a body");
    let mut env: HashMap<ValueId, V> = body.block(block).args.iter().copied().zip(args.iter().copied()).collect();
    for op in body.block_ops(block) {
        let data = body.op(op);
        let x: Vec<V> = data.operands.iter().map(|v| env[v]).collect();
        let name = body.op_name(op);
        if name == "func.return" {
            return x;
        }
        let out = data.results[0];
        let float = |f: fn(f64) -> f64| round(body, out, f(x[0].f()));
        let value = match name {
            "hlo.constant" => {
                let dense = ctx.as_dense(body.attr(op, "value").expect("value")).expect("dense");
                match dense.get(ctx, 0).expect("an element") {
                    Scalar::Float(f) => round(body, out, f),
                    Scalar::Int(i) if element(body, out).1 == 1 => V::B(i != 0),
                    Scalar::Int(i) => V::I(i),
                    Scalar::Complex(re, im) => V::C(round(body, out, re).f(), round(body, out, im).f()),
                }
            }
            "hlo.real" | "hlo.imag" => match x[0] {
                V::C(re, im) => V::F(if name == "hlo.real" { re } else { im }),
                other => panic!("{name} of {other:?}"),
            },
            "hlo.complex" => V::C(x[0].f(), x[1].f()),
            "hlo.add" | "hlo.subtract" if matches!(x[0], V::C(..)) => match (x[0], x[1]) {
                (V::C(a, b), V::C(c, d)) => {
                    let part = |v: f64| round(body, out, v).f();
                    if name == "hlo.add" {
                        V::C(part(a + c), part(b + d))
                    } else {
                        V::C(part(a - c), part(b - d))
                    }
                }
                other => panic!("{name} of {other:?}"),
            },
            "hlo.maximum" => round(body, out, x[0].f().max(x[1].f())),
            "hlo.minimum" => round(body, out, x[0].f().min(x[1].f())),
            "hlo.not" => V::B(!x[0].b()),
            "hlo.add" | "hlo.subtract" | "hlo.multiply" | "hlo.divide" | "hlo.atan2" => match (x[0], x[1]) {
                (V::F(a), V::F(b)) => round(
                    body,
                    out,
                    match name {
                        "hlo.add" => a + b,
                        "hlo.subtract" => a - b,
                        "hlo.multiply" => a * b,
                        "hlo.divide" => a / b,
                        _ => a.atan2(b),
                    },
                ),
                (a, b) => {
                    let width = element(body, out).1;
                    V::I(wrap(if name == "hlo.add" { a.i() + b.i() } else { a.i() - b.i() }, width))
                }
            },
            "hlo.and" | "hlo.or" => match (x[0], x[1]) {
                (V::B(a), V::B(b)) => V::B(if name == "hlo.and" { a && b } else { a || b }),
                (a, b) => V::I(if name == "hlo.and" { a.i() & b.i() } else { a.i() | b.i() }),
            },
            "hlo.negate" => float(|a| -a),
            "hlo.abs" => float(f64::abs),
            "hlo.exponential" => float(f64::exp),
            "hlo.exponential_minus_one" => float(f64::exp_m1),
            "hlo.log" => float(f64::ln),
            "hlo.log_plus_one" => float(f64::ln_1p),
            "hlo.sqrt" => float(f64::sqrt),
            "hlo.floor" => float(f64::floor),
            "hlo.sine" => float(f64::sin),
            "hlo.cosine" => float(f64::cos),
            "hlo.tan" => float(f64::tan),
            "hlo.sign" => float(|a| if a.is_nan() { a } else if a == 0.0 { 0.0 } else { a.signum() }),
            "hlo.is_finite" => V::B(x[0].f().is_finite()),
            "hlo.compare" => {
                let direction = ctx.as_string(body.attr(op, "comparison_direction").expect("direction")).expect("string");
                let ordering = match (x[0], x[1]) {
                    (V::F(a), V::F(b)) => a.partial_cmp(&b),
                    (a, b) => Some(a.i().cmp(&b.i())),
                };
                use std::cmp::Ordering::*;
                V::B(match direction {
                    "EQ" => ordering == Some(Equal),
                    "NE" => ordering != Some(Equal),
                    "LT" => ordering == Some(Less),
                    "LE" => matches!(ordering, Some(Less | Equal)),
                    "GT" => ordering == Some(Greater),
                    _ => matches!(ordering, Some(Greater | Equal)),
                })
            }
            "hlo.select" => {
                if x[0].b() {
                    x[1]
                } else {
                    x[2]
                }
            }
            "hlo.convert_element_type" => match x[0] {
                V::F(a) => round(body, out, a),
                other => panic!("convert of {other:?}"),
            },
            "hlo.bitcast_convert_type" => match (x[0], element(body, out)) {
                (V::F(a), (false, 64)) => V::I(i128::from(a.to_bits() as i64)),
                (V::F(a), (false, 32)) => V::I(i128::from((a as f32).to_bits() as i32)),
                (V::I(i), (true, 64)) => V::F(f64::from_bits(i as i64 as u64)),
                (V::I(i), (true, 32)) => V::F(f64::from(f32::from_bits(i as i32 as u32))),
                other => panic!("bitcast {other:?}"),
            },
            other => panic!("the test evaluator does not know '{other}'"),
        };
        env.insert(out, value);
    }
    panic!("no func.return");
}

/// Imports `chlo.<op>` applied to 0-d operands of `ty` and evaluates it on `args`.
fn run(op: &str, ty: &str, result_ty: &str, args: &[f64]) -> V {
    let (params, operands, types) = match args.len() {
        1 => (format!("%x: tensor<{ty}>"), "%x".to_string(), format!("tensor<{ty}> -> tensor<{result_ty}>")),
        _ => (
            format!("%x: tensor<{ty}>, %y: tensor<{ty}>"),
            "%x, %y".to_string(),
            format!("tensor<{ty}>, tensor<{ty}> -> tensor<{result_ty}>"),
        ),
    };
    let text = func(
        &params,
        &format!("tensor<{result_ty}>"),
        &format!("    %0 = chlo.{op} {operands} : {types}\n    return %0 : tensor<{result_ty}>"),
    );
    let ctx = context();
    let module = parse_stablehlo(&ctx, "chlo.mlir", &text).unwrap_or_else(|d| panic!("{}", d.render(&ctx)));
    let func = module
        .body
        .nested_ops(module.op, WalkOrder::PreOrder)
        .into_iter()
        .find(|o| module.body.op_name(*o) == "func.func")
        .expect("a function");
    for o in module.body.nested_ops(module.op, WalkOrder::PreOrder) {
        assert!(!module.body.op_name(o).starts_with("chlo."), "chlo op left");
    }
    eval(&module.body, func, &args.iter().map(|a| V::F(*a)).collect::<Vec<_>>())[0]
}

/// Imports `chlo.<op>` on a 0-d `complex<part>` and evaluates it at `re + i im`.
fn run_complex(op: &str, part: &str, (re, im): (f64, f64)) -> (f64, f64) {
    let ty = format!("tensor<complex<{part}>>");
    let text = func(&format!("%z: {ty}"), &ty, &format!("    %0 = chlo.{op} %z : {ty} -> {ty}\n    return %0 : {ty}"));
    let ctx = context();
    let module = parse_stablehlo(&ctx, "chlo.mlir", &text).unwrap_or_else(|d| panic!("{}", d.render(&ctx)));
    let func = module
        .body
        .nested_ops(module.op, WalkOrder::PreOrder)
        .into_iter()
        .find(|o| module.body.op_name(*o) == "func.func")
        .expect("a function");
    let rounded = |v: f64| if part == "f32" { f64::from(v as f32) } else { v };
    match eval(&module.body, func, &[V::C(rounded(re), rounded(im))])[0] {
        V::C(re, im) => (re, im),
        other => panic!("chlo.{op} gave {other:?}"),
    }
}

/// Checks `chlo.<op>(z)` on `complex<part>` against `expected`, each part within `tolerance`
/// relative (infinities and NaN exactly).
fn close_complex(op: &str, part: &str, z: (f64, f64), expected: (f64, f64), tolerance: f64) {
    let got = run_complex(op, part, z);
    let near = |got: f64, expected: f64| {
        if expected.is_nan() {
            got.is_nan()
        } else if expected.is_infinite() || expected == 0.0 {
            got == expected
        } else {
            (got - expected).abs() <= tolerance * expected.abs()
        }
    };
    assert!(near(got.0, expected.0) && near(got.1, expected.1), "chlo.{op}({z:?}) on {part} = {got:?}, expected {expected:?}");
}

fn close(op: &str, x: f64, expected: f64, tolerance: f64) {
    let got = run(op, "f64", "f64", &[x]).f();
    let ok = if expected.is_nan() {
        got.is_nan()
    } else if expected.is_infinite() {
        got == expected
    } else {
        (got - expected).abs() <= tolerance * expected.abs().max(1.0)
    };
    assert!(ok, "chlo.{op}({x}) = {got}, expected {expected}");
}

#[test]
fn square_is_x_times_x() {
    close("square", 3.0, 9.0, 0.0);
    close("square", -0.5, 0.25, 0.0);
}

#[test]
fn hyperbolic_functions() {
    close("sinh", 0.5, 0.5210953054937474, 1e-15);
    close("sinh", 2.0, 3.626860407847019, 1e-15);
    close("sinh", -3.0, -10.017874927409903, 1e-15);
    close("sinh", 1e-10, 1e-10, 1e-15);
    close("sinh", 710.0, 1.1169973830808557e308, 1e-12);
    close("cosh", 0.5, 1.1276259652063807, 1e-15);
    close("cosh", -2.0, 3.7621956910836314, 1e-15);
    close("asinh", 0.5, 0.48121182505960347, 1e-15);
    close("asinh", -1e200, -461.2101657793691, 1e-15);
    close("asinh", 1e-10, 1e-10, 1e-15);
    close("acosh", 2.0, 1.3169578969248166, 1e-15);
    close("acosh", 1e200, 461.2101657793691, 1e-15);
    close("acosh", 1.0, 0.0, 0.0);
    // Near 1, log1p of sqrt(x - 1) * (...) keeps the digits log(x + sqrt(x^2 - 1)) loses.
    close("acosh", 1.0 + 1e-12, 1.4142764231805424e-6, 1e-9);
    close("acosh", 0.5, f64::NAN, 0.0);
    close("atanh", 0.5, 0.5493061443340548, 1e-15);
    close("atanh", 1.0, f64::INFINITY, 0.0);
    close("atanh", 2.0, f64::NAN, 0.0);
    // Outside [-1, 1] the result is XLA's positive quiet NaN (jaxlib: signbit(arctanh(2.0))
    // is false), not the negative NaN log1p of a number below -1 gives on x86.
    for x in [2.0, -2.0, f64::INFINITY, f64::NEG_INFINITY] {
        let got = run("atanh", "f64", "f64", &[x]).f();
        assert!(got.is_nan() && got.is_sign_positive(), "chlo.atanh({x}) = {got:?}, expected a positive NaN");
    }
}

#[test]
fn inverse_trigonometric_functions_and_tan() {
    close("asin", 0.3, 0.3046926540153975, 1e-15);
    close("asin", 1.0, std::f64::consts::FRAC_PI_2, 1e-15);
    close("acos", 0.3, 1.2661036727794992, 1e-15);
    close("acos", -1.0, std::f64::consts::PI, 0.0);
    close("acos", 1.0, 0.0, 0.0);
    close("asin", -0.999999, -1.5693821131146521, 1e-12);
    close("atan", 2.0, 1.1071487177940904, 1e-15);
    close("tan", 0.5, 0.5f64.tan(), 0.0);
}

// References: jax 0.10.2 on XLA CPU (jnp.arcsin etc. of complex128 and complex64 values).

#[test]
fn complex_inverse_sine_and_cosine() {
    let half_pi = std::f64::consts::FRAC_PI_2;
    // On the real axis beyond 1: asin(2) = pi/2 + i log(2 + sqrt 3), acos(2) = -i log(2 + sqrt 3).
    close_complex("asin", "f64", (2.0, 0.0), (half_pi, 1.3169578969248166), 1e-15);
    close_complex("acos", "f64", (2.0, 0.0), (0.0, -1.3169578969248166), 1e-15);
    close_complex("asin", "f32", (2.0, 0.0), (f64::from(1.5707964f32), f64::from(1.316958f32)), 1e-7);
    // y below 4 sqrt(smallest normal) with |x| < 1: Im = y / sqrt(1 - x^2), not 0.
    close_complex("asin", "f64", (0.5, 1e-300), (std::f64::consts::FRAC_PI_6, 1.1547005383792516e-300), 1e-15);
    // Large magnitudes: log(2) + log(m) + log1p((x/y)^2) / 2, where squaring would overflow.
    close_complex("asinh", "f64", (1e300, 1e300), (691.8152486690535, std::f64::consts::FRAC_PI_4), 1e-15);
    close_complex("acosh", "f64", (-1.0, 0.0), (0.0, std::f64::consts::PI), 1e-15);
    close_complex("acosh", "f64", (0.5, -2.0), (1.4657153519472905, -1.3497776911720127), 1e-15);
}

#[test]
fn complex_inverse_tangents() {
    let quarter_pi = std::f64::consts::FRAC_PI_4;
    close_complex("atanh", "f64", (0.0, 1.0), (0.0, quarter_pi), 1e-15);
    close_complex("atanh", "f32", (0.0, 1.0), (0.0, f64::from(std::f32::consts::FRAC_PI_4)), 0.0);
    close_complex("atanh", "f64", (1.0, 0.0), (f64::INFINITY, 0.0), 0.0);
    // Outside the safe region: Re = log1p(4 / x) / 4 and Im = sign(y) pi / 2.
    close_complex("atanh", "f64", (1e300, 1.0), (1e-300, std::f64::consts::FRAC_PI_2), 1e-15);
    close_complex("atan", "f64", (0.0, 2.0), (std::f64::consts::FRAC_PI_2, 0.5493061443340549), 1e-15);
    close_complex("atan", "f64", (1.0, 1.0), (1.0172219678978514, 0.40235947810852507), 1e-15);
}

#[test]
fn complex_hyperbolic_functions_and_square() {
    // exp(z + log(1/2)) does not overflow where exp(z) would (e^710 > max).
    close_complex("sinh", "f64", (710.0, 0.0), (1.116997383080917e308, 0.0), 1e-13);
    close_complex("cosh", "f64", (-710.0, 0.0), (1.116997383080917e308, 0.0), 1e-13);
    close_complex("sinh", "f32", (710.0, 0.0), (f64::INFINITY, 0.0), 0.0);
    close_complex("sinh", "f64", (1.0, 2.0), (-0.48905625904129374, 1.4031192506220407), 1e-15);
    close_complex("square", "f64", (3.0, 4.0), (-7.0, 24.0), 0.0);
    // 2(xy) is finite where (2x)y would overflow.
    close_complex("square", "f64", (1e300, 1e-300), (f64::INFINITY, 2.0), 1e-15);
    close_complex("square", "f64", (-2.5, 2.5), (0.0, -12.5), 0.0);
}

#[test]
fn complex_operands_of_other_chlo_ops_are_errors() {
    let text = func(
        "%z: tensor<complex<f32>>",
        "tensor<complex<f32>>",
        "    %0 = chlo.lgamma %z : tensor<complex<f32>> -> tensor<complex<f32>>\n    return %0 : tensor<complex<f32>>",
    );
    let ctx = context();
    let error = parse_stablehlo(&ctx, "chlo.mlir", &text).err().expect("an error").render(&ctx);
    assert!(error.contains("expects floats"), "{error}");
}

#[test]
fn infinity_predicates() {
    let p = |op: &str, x: f64| run(op, "f64", "i1", &[x]).b();
    assert!(p("is_inf", f64::INFINITY) && p("is_inf", f64::NEG_INFINITY));
    assert!(!p("is_inf", 1.0) && !p("is_inf", f64::NAN));
    assert!(p("is_pos_inf", f64::INFINITY) && !p("is_pos_inf", f64::NEG_INFINITY));
    assert!(p("is_neg_inf", f64::NEG_INFINITY) && !p("is_neg_inf", f64::INFINITY));
}

#[test]
fn erf_inv_inverts_erf() {
    // Giles' single-precision polynomial: about 1e-7 relative error.
    close("erf_inv", 0.5, 0.4769362762044699, 1e-6);
    close("erf_inv", -0.9, -1.1630871536766743, 1e-6);
    close("erf_inv", 0.999, 2.326753765513525, 1e-6);
    close("erf_inv", 0.0, 0.0, 0.0);
    close("erf_inv", 1.0, f64::INFINITY, 0.0);
    close("erf_inv", -1.0, f64::NEG_INFINITY, 0.0);
}

#[test]
fn erfc_keeps_relative_precision_in_f32() {
    // XLA's single-precision approximation: a few ulps relative, where 1 - erf(x) would give
    // 0 (x = 5) or few of the tail's digits (x = 2.5).
    let f32s = |x: f64| run("erfc", "f32", "f32", &[x]).f();
    for (x, expected) in [
        (0.3, 0.6713732405408726),
        (-0.5, 1.5204998778130465),
        (1.5, 0.033894853524689274),
        (2.5, 0.0004069520174449589),
        (5.0, 1.5374597944280351e-12),
        (-3.0, 1.9999779095030015),
    ] {
        let got = f32s(x);
        assert!((got - expected).abs() <= 1e-6 * expected.abs(), "f32 erfc({x}) = {got}, expected {expected}");
    }
    assert_eq!(f32s(10.0), 0.0);
    assert_eq!(f32s(-10.0), 2.0);
}

#[test]
fn lgamma_matches_pythons() {
    close("lgamma", 0.5, 0.5723649429247004, 1e-13);
    close("lgamma", 3.0, std::f64::consts::LN_2, 1e-13);
    close("lgamma", 10.0, 12.801827480081467, 1e-13);
    close("lgamma", -0.5, 1.265512123484645, 1e-13);
    close("lgamma", 1e-3, 6.907178885383854, 1e-13);
    close("lgamma", -2.5, -0.05624371649767457, 1e-12);
    close("lgamma", -2.0, f64::INFINITY, 0.0);
    close("lgamma", f64::INFINITY, f64::INFINITY, 0.0);
}

#[test]
fn digamma_matches_the_series() {
    close("digamma", 1.0, -0.5772156649015332, 1e-13);
    close("digamma", 0.5, -1.9635100260214229, 1e-13);
    close("digamma", 10.0, 2.251752589066721, 1e-13);
    close("digamma", -0.5, 0.03648997397857699, 1e-12);
    close("digamma", -1.5, 0.7031566406452443, 1e-12);
    close("digamma", -2.0, f64::NAN, 0.0);
}

#[test]
fn bessel_i1e_matches_the_power_series() {
    // References: exp(-|x|) * sum((x/2)^(2k+1) / (k! (k+1)!)), summed to 60 digits.
    close("bessel_i1e", 0.0, 0.0, 0.0);
    close("bessel_i1e", 1e-3, 4.995003123542213e-4, 1e-15);
    close("bessel_i1e", 0.5, 0.1564208031848717, 1e-15);
    close("bessel_i1e", 1.0, 0.20791041534970844, 1e-15);
    close("bessel_i1e", -1.0, -0.20791041534970844, 1e-15);
    close("bessel_i1e", 5.0, 0.16397226694454237, 1e-15);
    close("bessel_i1e", 8.0, 0.13414249329269817, 1e-15);
    close("bessel_i1e", 8.5, 0.13054935509459586, 1e-15);
    close("bessel_i1e", 10.0, 0.12126268138445552, 1e-15);
    close("bessel_i1e", -20.0, -0.08750622218328867, 1e-15);
    close("bessel_i1e", 100.0, 0.03974415302513025, 1e-15);
    close("bessel_i1e", f64::INFINITY, 0.0, 0.0);
    close("bessel_i1e", f64::NAN, f64::NAN, 0.0);
    // f32 uses Cephes' single-precision series (peak relative error about 1.5e-6).
    let f32s = |x: f64| run("bessel_i1e", "f32", "f32", &[x]).f();
    for (x, expected) in [(1.0, 0.20791041534970844), (-5.0, -0.16397226694454237), (10.0, 0.12126268138445552)] {
        let got = f32s(x);
        assert!((got - expected).abs() <= 2e-6 * expected.abs(), "f32 bessel_i1e({x}) = {got}, expected {expected}");
    }
}

#[test]
fn next_after_steps_one_ulp() {
    let f64s = |x: f64, y: f64| run("next_after", "f64", "f64", &[x, y]).f();
    assert_eq!(f64s(1.0, 2.0), 1.0000000000000002);
    assert_eq!(f64s(1.0, 0.0), 0.9999999999999999);
    assert_eq!(f64s(-1.0, 0.0), -0.9999999999999999);
    assert_eq!(f64s(-1.0, -2.0), -1.0000000000000002);
    assert_eq!(f64s(0.0, 1.0), 5e-324);
    assert_eq!(f64s(0.0, -1.0), -5e-324);
    assert_eq!(f64s(2.0, 2.0), 2.0);
    assert!(f64s(f64::NAN, 1.0).is_nan());
    let f32s = |x: f64, y: f64| run("next_after", "f32", "f32", &[x, y]).f();
    assert_eq!(f32s(1.0, 2.0), f64::from(1.0000001f32));
    assert_eq!(f32s(1.0, -3.0), f64::from(0.99999994f32));
}

#[test]
fn every_unary_chlo_op_imports_on_tensors() {
    for op in [
        "acos", "acosh", "asin", "asinh", "atan", "atanh", "conj", "cosh", "sinh", "tan", "square", "erf", "erfc", "erf_inv",
        "lgamma", "digamma", "bessel_i1e",
    ] {
        let out = import(&func(
            "%x: tensor<2x3xf32>",
            "tensor<2x3xf32>",
            &format!("    %0 = chlo.{op} %x : tensor<2x3xf32> -> tensor<2x3xf32>\n    return %0 : tensor<2x3xf32>"),
        ));
        assert!(!out.contains("chlo."), "{op}: {out}");
    }
    let out = import(&func(
        "%x: tensor<2xf16>",
        "tensor<2xi1>",
        "    %0 = chlo.is_inf %x : tensor<2xf16> -> tensor<2xi1>\n    return %0 : tensor<2xi1>",
    ));
    assert_contains_in_order(
        &out,
        &["hlo.abs", "hlo.constant dense<0x7C00> : tensor<f16>", "hlo.broadcast_in_dim", "hlo.compare EQ"],
    );
}
