//! Compiled scalar ops compute exactly what the reference interpreter computes: for every
//! kind of `loop.arith`, `loop.math`, `loop.compare`, `loop.convert` and `loop.bitcast` on
//! every element type the llvm lowering handles, a loop-level function applies the op to
//! edge-case inputs (zeros of both signs, infinities, NaN, the integer extremes, halves,
//! shift amounts at and past the width, division by zero and `INT_MIN / -1`, ...). The
//! interpreter runs it (with subnormals kept, since compiled code does not flush them) and
//! so does the code `lower-to-llvm` and LLVM make of it, linked into a shared library and
//! called through its entry. Results agree bit for bit (NaNs of any payload agree), except
//! for the transcendental functions, which call libm in the element's precision where the
//! interpreter rounds an `f64` result: those agree within a few ulps. XLA's own
//! approximations (`exponential`, `exponential_minus_one`, `log`, `log_plus_one`,
//! `logistic` and `tanh` of `f32`, `f16` and `bf16`, the `xla_math` crate) agree bit for
//! bit, on the edge cases and on a sweep of thousands of operands over their ranges. Complex numbers
//! (`complex<f32>` and `complex<f64>`, parts from the float edge cases) agree bit for bit
//! in arithmetic, comparisons, selects, conversions, parts (`loop.real`, `loop.imag`,
//! `loop.complex`, `loop.complex_abs`), `negate` and `sign`, and within a few ulps in the
//! transcendental functions. The minifloats (the `f8`, `f6` and `f4` formats) are among the
//! element types, with every code of the narrower ones among their edge values
//! (`native_minifloats.rs` checks their conversions exhaustively).

use xla_interp::{Buffer, ElementType, Interpreter, Literal, Value};
use xla_ir::{Context, FloatKind, Scalar};
use xla_lowering::native::{AlignedBuffer, NativeLibrary};
use xla_lowering::to_llvm::{self, EntrySpec};
use xla_lowering::{compile, CompileOptions, OutputKind};

/// One function of the test module: `@name` applies `op` elementwise.
struct Case {
    name: String,
    /// The loop-level op computing `%z` from `%x` (and `%y` for binary ops).
    op: String,
    /// The element types of the inputs and of the result.
    inputs: Vec<ElementType>,
    result: ElementType,
    /// The input arrays.
    values: Vec<Literal>,
    /// How many ulps a float result may be off (0: bit-exact).
    ulps: u128,
    /// The whole function, when it is not one op in a loop (`op` is then unused).
    function: Option<String>,
}

/// The loop-level type of an element type.
fn type_name(element: ElementType) -> String {
    match element {
        ElementType::Pred => "i1".into(),
        ElementType::Int { bits, signed: true } => format!("i{bits}"),
        ElementType::Int { bits, signed: false } => format!("ui{bits}"),
        ElementType::Float(kind) => kind.name().to_string(),
        ElementType::Complex(kind) => format!("complex<{}>", kind.name()),
    }
}

/// Edge cases of an element type.
fn edge_values(element: ElementType) -> Vec<Scalar> {
    match element {
        ElementType::Pred => vec![Scalar::Int(0), Scalar::Int(1)],
        ElementType::Int { bits, signed } => {
            let (min, max) = element.int_range().expect("an integer type");
            let mut values = vec![0, 1, 2, 3, 7, max, max - 1, i128::from(bits) - 1, i128::from(bits), i128::from(bits) + 1, 100 % (max + 1)];
            if signed {
                values.extend([-1, -2, -7, min, min + 1]);
            }
            if bits == 64 {
                // Just above a tie of f32 (and of bf16): rounds up only when rounded once.
                values.extend([(1 << 60) + (1 << 36) + 1, (1 << 62) + (1 << 46) + 1]);
            }
            values.sort();
            values.dedup();
            values.into_iter().map(Scalar::Int).collect()
        }
        ElementType::Float(kind) if is_minifloat(element) => {
            // Every code of a format of 6 bits or fewer; for the f8 formats the values
            // below, the smallest subnormal, the largest finite value and the codes above it.
            let codes = 1u64 << kind.bit_width();
            let mut values = vec![0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.0, 7.0, -3.75, 0.1, 100.0, 1e-3, f64::INFINITY, f64::NEG_INFINITY, f64::NAN];
            values.extend((0..codes).filter(|c| codes <= 64 || [1, 2, 0x7B, 0x7C, 0x7D, 0x7E, 0x7F, 0x80, 0x81, 0xFE, 0xFF].contains(c)).map(|c| xla_ir::float_format::decode(kind, c)));
            values.into_iter().map(|x| Scalar::Float(xla_interp::element::round_to_format(kind, x))).collect()
        }
        ElementType::Float(kind) => {
            let mut values = vec![0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.0, 7.0, -3.75, 0.1, 100.0, 1e-3, f64::INFINITY, f64::NEG_INFINITY, f64::NAN];
            let big = match kind {
                FloatKind::F16 => [65504.0, -60000.0, 1000.0, 40000.0, 6.0e-8, -3.0e-5],
                FloatKind::BF16 => [3.0e38, -1.0e30, 2147483648.0, 1.0e10, 1.0e-39, -3.0e-39],
                FloatKind::F32 => [3.0e38, -1.0e30, 2147483648.0, 4294967296.5, 1.0e-40, -3.0e-39],
                _ => [3.0e38, -1.0e30, 2147483648.0, 4294967296.5, 1.0e-310, 1.0e-39],
            };
            values.extend(big);
            values.into_iter().map(|x| Scalar::Float(xla_interp::element::round_to_format(kind, x))).collect()
        }
        ElementType::Complex(kind) => {
            let parts = [0.0, -0.0, 1.0, -1.5, 0.1, 3.0e38, f64::INFINITY, f64::NEG_INFINITY, f64::NAN];
            let round = |x: f64| xla_interp::element::round_to_format(kind, x);
            parts.iter().flat_map(|&re| parts.iter().map(move |&im| Scalar::Complex(round(re), round(im)))).collect()
        }
    }
}

/// Two arrays holding every pair of `a`'s and `b`'s edge values.
fn pairs(a: ElementType, b: ElementType) -> Vec<Literal> {
    let (xs, ys) = (edge_values(a), edge_values(b));
    let n = (xs.len() * ys.len()) as i64;
    let left = Literal::from_fn(a, vec![n], |i| xs[i / ys.len()]);
    let right = Literal::from_fn(b, vec![n], |i| ys[i % ys.len()]);
    vec![left, right]
}

/// One array of `a`'s edge values.
fn singles(a: ElementType) -> Vec<Literal> {
    let xs = edge_values(a);
    vec![Literal::from_fn(a, vec![xs.len() as i64], |i| xs[i])]
}

/// The loop-level function of a case.
fn function_text(case: &Case) -> String {
    if let Some(text) = &case.function {
        return text.clone();
    }
    let n = case.values[0].len();
    let memref = |e: ElementType| format!("memref<{n}x{}>", type_name(e));
    let mut params: Vec<String> = case.inputs.iter().enumerate().map(|(i, e)| format!("%in{i}: {}", memref(*e))).collect();
    params.push(format!("%out: {}", memref(case.result)));
    let loads: String = case
        .inputs
        .iter()
        .enumerate()
        .map(|(i, e)| format!("    %{} = loop.load %in{i}[%i] : {}\n", ["x", "y", "w"][i], memref(*e)))
        .collect();
    format!(
        "func.func @{}({}) attributes {{loop.num_results = 1}} {{\n  %c0 = loop.constant 0 : index\n  %cn = loop.constant {n} : index\n  loop.parallel (%i) = (%c0) to (%cn) {{\n{loads}    %z = {}\n    loop.store %z, %out[%i] : {}\n    loop.yield\n  }}\n  func.return\n}}\n",
        case.name,
        params.join(", "),
        case.op,
        memref(case.result)
    )
}

const INTS: [ElementType; 9] = [
    ElementType::Int { bits: 8, signed: true },
    ElementType::Int { bits: 8, signed: false },
    ElementType::Int { bits: 16, signed: true },
    ElementType::Int { bits: 32, signed: true },
    ElementType::Int { bits: 32, signed: false },
    ElementType::Int { bits: 64, signed: true },
    ElementType::Int { bits: 64, signed: false },
    ElementType::Int { bits: 4, signed: true },
    ElementType::Int { bits: 4, signed: false },
];
const FLOATS: [ElementType; 4] = [
    ElementType::Float(FloatKind::F16),
    ElementType::Float(FloatKind::BF16),
    ElementType::Float(FloatKind::F32),
    ElementType::Float(FloatKind::F64),
];
/// The formats of eight bits or fewer, which native code keeps as their codes.
const MINIFLOATS: [ElementType; 11] = [
    ElementType::Float(FloatKind::F8E5M2),
    ElementType::Float(FloatKind::F8E4M3),
    ElementType::Float(FloatKind::F8E4M3FN),
    ElementType::Float(FloatKind::F8E5M2FNUZ),
    ElementType::Float(FloatKind::F8E4M3FNUZ),
    ElementType::Float(FloatKind::F8E4M3B11FNUZ),
    ElementType::Float(FloatKind::F8E3M4),
    ElementType::Float(FloatKind::F8E8M0FNU),
    ElementType::Float(FloatKind::F6E2M3FN),
    ElementType::Float(FloatKind::F6E3M2FN),
    ElementType::Float(FloatKind::F4E2M1FN),
];

fn all_types() -> Vec<ElementType> {
    let mut types = vec![ElementType::Pred];
    types.extend(INTS);
    types.extend(FLOATS);
    types.extend(MINIFLOATS);
    types
}

/// Whether `element` is a minifloat.
fn is_minifloat(element: ElementType) -> bool {
    MINIFLOATS.contains(&element)
}

/// A short name of an element type for function names.
fn short(e: ElementType) -> String {
    type_name(e)
}

/// The ulps a transcendental result may be off in `element`.
fn transcendental_ulps(element: ElementType) -> u128 {
    match element {
        ElementType::Float(FloatKind::F16 | FloatKind::BF16) => 1,
        _ if is_minifloat(element) => 1,
        _ => 4,
    }
}

fn arith_cases(ctx: &Context) -> Vec<Case> {
    use xla_dialects::loops::ArithKind;
    let mut cases = Vec::new();
    for element in all_types() {
        let ty = element.to_type(ctx);
        for kind in ArithKind::ALL {
            let accepted = kind.accepts(ctx, ty) && !(element == ElementType::Pred && matches!(kind, ArithKind::Subtract));
            if !accepted {
                continue;
            }
            let ulps = if element.is_float() && matches!(kind, ArithKind::Power | ArithKind::Atan2) { transcendental_ulps(element) } else { 0 };
            cases.push(Case {
                name: format!("arith_{}_{}", kind.name(), short(element)),
                op: format!("loop.arith {} %x, %y : {}", kind.name(), type_name(element)),
                inputs: vec![element, element],
                result: element,
                values: pairs(element, element),
                ulps,
                function: None,
            });
        }
    }
    cases
}

fn math_cases(ctx: &Context) -> Vec<Case> {
    use xla_dialects::loops::MathKind;
    let exact = [
        MathKind::Abs,
        MathKind::Negate,
        MathKind::Sign,
        MathKind::Not,
        MathKind::Popcnt,
        MathKind::CountLeadingZeros,
        MathKind::Floor,
        MathKind::Ceil,
        MathKind::RoundNearestAfz,
        MathKind::RoundNearestEven,
        MathKind::Sqrt,
    ];
    let mut cases = Vec::new();
    for element in all_types() {
        let ty = element.to_type(ctx);
        for kind in MathKind::ALL {
            if !kind.accepts(ctx, ty) {
                continue;
            }
            let ulps = if exact.contains(kind) || xla_approximation(*kind, element) { 0 } else { transcendental_ulps(element) };
            cases.push(Case {
                name: format!("math_{}_{}", kind.name(), short(element)),
                op: format!("loop.math {} %x : {}", kind.name(), type_name(element)),
                inputs: vec![element],
                result: element,
                values: singles(element),
                ulps,
                function: None,
            });
        }
    }
    cases
}

/// Whether `kind` on `element` is one of XLA's own approximations (`xla_math`), which the
/// interpreter and compiled code compute with the same operations.
fn xla_approximation(kind: xla_dialects::loops::MathKind, element: ElementType) -> bool {
    use xla_dialects::loops::MathKind::*;
    let single = matches!(element, ElementType::Float(FloatKind::F32 | FloatKind::F16 | FloatKind::BF16));
    single && matches!(kind, Exponential | ExponentialMinusOne | Log | LogPlusOne | Logistic | Tanh)
}

/// XLA's approximations on 4,000 operands spread over `[-100, 100]` on a log scale (both
/// signs, magnitudes from `1e-6`), bit for bit.
fn approximation_cases() -> Vec<Case> {
    use xla_dialects::loops::MathKind;
    let sweep: Vec<f64> = (0..2000).map(|i| 1e-6 * 1e8f64.powf(i as f64 / 1999.0)).flat_map(|x| [x, -x]).collect();
    let mut cases = Vec::new();
    for kind in [MathKind::Exponential, MathKind::ExponentialMinusOne, MathKind::Log, MathKind::LogPlusOne, MathKind::Logistic, MathKind::Tanh] {
        for format in [FloatKind::F32, FloatKind::F16] {
            let element = ElementType::Float(format);
            let values = Literal::from_fn(element, vec![sweep.len() as i64], |i| {
                Scalar::Float(xla_interp::element::round_to_format(format, sweep[i]))
            });
            cases.push(Case {
                name: format!("sweep_{}_{}", kind.name(), short(element)),
                op: format!("loop.math {} %x : {}", kind.name(), type_name(element)),
                inputs: vec![element],
                result: element,
                values: vec![values],
                ulps: 0,
                function: None,
            });
        }
    }
    cases
}

fn compare_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for element in all_types() {
        for direction in ["EQ", "NE", "LT", "LE", "GT", "GE"] {
            let orders: &[&str] = if element.is_float() { &["", ", TOTALORDER"] } else { &[""] };
            for order in orders {
                let suffix = if order.is_empty() { "" } else { "_total" };
                cases.push(Case {
                    name: format!("compare_{direction}{suffix}_{}", short(element)),
                    op: format!("loop.compare {direction}, %x, %y{order} : {}", type_name(element)),
                    inputs: vec![element, element],
                    result: ElementType::Pred,
                    values: pairs(element, element),
                    ulps: 0,
                    function: None,
                });
            }
        }
    }
    cases
}

fn convert_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for from in all_types() {
        for to in all_types() {
            cases.push(Case {
                name: format!("convert_{}_to_{}", short(from), short(to)),
                op: format!("loop.convert %x : {} -> {}", type_name(from), type_name(to)),
                inputs: vec![from],
                result: to,
                values: singles(from),
                ulps: 0,
                function: None,
            });
            let same_width = from.bit_width() == to.bit_width() && from != to && (from.bit_width() >= 8 || is_minifloat(from) || is_minifloat(to));
            if same_width {
                cases.push(Case {
                    name: format!("bitcast_{}_to_{}", short(from), short(to)),
                    op: format!("loop.bitcast %x : {} -> {}", type_name(from), type_name(to)),
                    inputs: vec![from],
                    result: to,
                    values: singles(from),
                    ulps: 0,
                    function: None,
                });
            }
        }
    }
    cases
}

/// `loop.select` on floats, with a predicate array.
fn select_cases() -> Vec<Case> {
    let element = ElementType::F32;
    let mut values = pairs(element, element);
    let n = values[0].len() as i64;
    values.insert(0, Literal::from_fn(ElementType::Pred, vec![n], |i| Scalar::Int((i % 3 == 0) as i128)));
    vec![Case {
        name: "select_f32".into(),
        op: "loop.select %x, %y, %w : f32".into(),
        inputs: vec![ElementType::Pred, element, element],
        result: element,
        values,
        ulps: 0,
        function: None,
    }]
}

/// Structured control flow, buffers allocated in loops and calls: for each input `n`, a
/// callee computes into a temporary the triangular number of `|n| mod 16` with a while
/// loop, a for loop with two carried values sums the temporary's elements, and an if
/// picks between that and `n` itself.
const CONTROL_FLOW: &str = r#"
func.func @triangle(%n: memref<i32>, %out: memref<16xi32>) attributes {loop.num_results = 1} {
  %c0 = loop.constant 0 : i32
  %c1 = loop.constant 1 : i32
  %c16 = loop.constant 16 : i32
  %x = loop.load %n[] : memref<i32>
  %a = loop.math abs %x : i32
  %m = loop.arith remainder %a, %c16 : i32
  %r:2 = loop.while (%i = %c0, %s = %c0) : (i32, i32) -> (i32, i32) cond {
    %p = loop.compare LE, %i, %m : i32
    loop.condition %p, %i, %s : i32, i32
  } do {
  ^bb0(%j: i32, %t: i32):
    %scratch = loop.alloc : memref<2xi32>
    %k = loop.convert %j : i32 -> index
    %c15 = loop.constant 15 : index
    %kk = loop.arith minimum %k, %c15 : index
    %next = loop.arith add %t, %j : i32
    loop.store %next, %out[%kk] : memref<16xi32>
    %j1 = loop.arith add %j, %c1 : i32
    loop.yield %j1, %next : i32, i32
  }
  func.return
}
func.func @control_flow(%in: memref<22xi32>, %out: memref<22xi32>) attributes {loop.num_results = 1} {
  %c0 = loop.constant 0 : index
  %c1 = loop.constant 1 : index
  %c16 = loop.constant 16 : index
  %c22 = loop.constant 22 : index
  %zero = loop.constant 0 : i32
  loop.parallel (%i) = (%c0) to (%c22) {
    %n = loop.alloc : memref<i32>
    %t = loop.alloc : memref<16xi32>
    loop.for %z = %c0 to %c16 step %c1 {
      loop.store %zero, %t[%z] : memref<16xi32>
      loop.yield
    }
    %x = loop.load %in[%i] : memref<22xi32>
    loop.store %x, %n[] : memref<i32>
    func.call @triangle(%n, %t) : (memref<i32>, memref<16xi32>) -> ()
    %sum:2 = loop.for %k = %c0 to %c16 step %c1 iter_args(%s = %zero, %c = %zero) -> (i32, i32) {
      %e = loop.load %t[%k] : memref<16xi32>
      %s1 = loop.arith add %s, %e : i32
      %one = loop.constant 1 : i32
      %c2 = loop.arith add %c, %one : i32
      loop.yield %s1, %c2 : i32, i32
    }
    %neg = loop.compare LT, %x, %zero : i32
    %r = loop.if %neg -> (i32) {
      loop.yield %x : i32
    } else {
      %p = loop.arith multiply %sum#0, %sum#1 : i32
      loop.yield %p : i32
    }
    loop.store %r, %out[%i] : memref<22xi32>
    loop.yield
  }
  func.return
}
"#;

fn control_flow_cases() -> Vec<Case> {
    let element = ElementType::S32;
    let values = (-5..17).map(|v| Scalar::Int(v * 3)).collect::<Vec<_>>();
    vec![Case {
        name: "control_flow".into(),
        op: String::new(),
        inputs: vec![element],
        result: element,
        values: vec![Literal::from_fn(element, vec![values.len() as i64], |i| values[i])],
        ulps: 0,
        function: Some(CONTROL_FLOW.to_string()),
    }]
}

/// Bitwise agreement (NaNs of any payload agree), or for floats within `ulps` ulps or
/// `ulps` ulps of 1 (`f64`) absolute: a result that cancels, such as complex `exp(z) - 1`
/// near 0, turns an ulp of `exp` (libm's or libmvec's) into many of the difference.
fn agree(native: &Literal, interpreted: &Literal, ulps: u128, inputs: &[Literal]) -> Result<(), String> {
    if ulps > 0 {
        let absolute = ulps as f64 * f64::EPSILON;
        return xla_interp::closeness::compare(native, interpreted, xla_interp::closeness::Tolerance::new(ulps, absolute)).map(|_| ());
    }
    let mut bad = Vec::new();
    for i in 0..native.len() {
        let same = match (native.get(i), interpreted.get(i)) {
            (Scalar::Float(a), Scalar::Float(b)) => same_float(a, b),
            (Scalar::Complex(ar, ai), Scalar::Complex(br, bi)) => same_float(ar, br) && same_float(ai, bi),
            (a, b) => a == b,
        };
        if !same {
            let operands: Vec<Scalar> = inputs.iter().map(|v| v.get(i)).collect();
            bad.push(format!("{operands:?} gives {:?} (interpreter: {:?})", native.get(i), interpreted.get(i)));
        }
    }
    if bad.is_empty() { Ok(()) } else { Err(format!("{} elements differ: {}", bad.len(), bad.into_iter().take(6).collect::<Vec<_>>().join("; "))) }
}

/// Whether two floats have the same bits, or are both NaN.
fn same_float(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

/// Runs every case through the interpreter and natively, both flushing subnormal floats
/// or neither; the failures.
fn check(cases: &[Case], flush_denormals: bool) -> Vec<String> {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    let text: String = cases.iter().map(function_text).collect();
    let parse = || xla_ir::parser::parse_source(&ctx, "cases.mlir", &text, 1).unwrap_or_else(|e| panic!("{}", e.render(&ctx)));
    let interpreted_module = parse();
    if let Err(errors) = xla_ir::verifier::verify(&interpreted_module.body, interpreted_module.op) {
        panic!("{}", errors.iter().map(|e| e.render(&ctx)).collect::<String>());
    }
    let mut lowered = parse();
    let specs: Vec<EntrySpec> = cases.iter().map(|c| EntrySpec::new(&c.name)).collect();
    let signatures: Vec<_> = specs
        .iter()
        .map(|s| {
            let func = to_llvm::find_function(&lowered.body, lowered.op, &s.function).expect("the case's function");
            to_llvm::entry_signature(&lowered.body, func).expect("a signature")
        })
        .collect();
    let render = |errors: Vec<xla_ir::Diagnostic>| errors.iter().map(|e| e.render(&ctx)).collect::<String>();
    let options = to_llvm::Options { flush_denormals };
    to_llvm::lower_module(&mut lowered.body, lowered.op, &specs, options).unwrap_or_else(|e| panic!("{}", render(e)));
    xla_ir::verifier::verify(&lowered.body, lowered.op).unwrap_or_else(|e| panic!("{}", render(e)));
    let object = compile(&lowered.body, lowered.op, &CompileOptions::default(), OutputKind::Object).unwrap_or_else(|e| panic!("{}", render(e)));
    let library = NativeLibrary::load(&object, &[]).expect("the object links and loads");

    let mut failures = Vec::new();
    for ((case, spec), signature) in cases.iter().zip(&specs).zip(&signatures) {
        let mut interp = Interpreter::new(&interpreted_module.body, interpreted_module.op);
        interp.options.flush_denormals = flush_denormals;
        let n = case.values[0].len() as i64;
        let output = Buffer::new(Literal::from_fn(case.result, vec![n], |_| zero(case.result)));
        let mut args: Vec<Value> = case.values.iter().cloned().map(|v| Value::Buffer(Buffer::new(v))).collect();
        args.push(Value::Buffer(output.clone()));
        if let Err(e) = interp.call(&case.name, args) {
            failures.push(format!("{}: the interpreter fails: {e:?}", case.name));
            continue;
        }
        let expected = output.snapshot().expect("the output buffer");
        let entry = library.entry(&spec.symbol, &ctx, signature).expect("the entry");
        let inputs: Vec<AlignedBuffer> = case.values.iter().map(|v| AlignedBuffer::from_bytes(&v.to_bytes())).collect();
        let mut result = AlignedBuffer::zeroed(entry.result_sizes[0]);
        let status = entry.call(&inputs.iter().collect::<Vec<_>>(), &mut [&mut result]).expect("buffers of the right sizes");
        if status != 0 {
            failures.push(format!("{}: status {status}", case.name));
            continue;
        }
        let native = Literal::from_bytes(case.result, vec![n], result.as_bytes()).expect("the result's bytes");
        if let Err(message) = agree(&native, &expected, case.ulps, &case.values) {
            failures.push(format!("{} ({}): {message}", case.name, case.op));
        }
    }
    failures
}

fn zero(element: ElementType) -> Scalar {
    match element {
        ElementType::Complex(_) => Scalar::Complex(0.0, 0.0),
        _ if element.is_float() => Scalar::Float(0.0),
        _ => Scalar::Int(0),
    }
}

const COMPLEXES: [ElementType; 2] = [ElementType::Complex(FloatKind::F32), ElementType::Complex(FloatKind::F64)];

/// A case applying `op` (with `%x`, `%y`) to `inputs`, giving `result`.
fn complex_case(name: String, op: String, inputs: Vec<ElementType>, result: ElementType, ulps: u128) -> Case {
    let values = if inputs.len() == 2 { pairs(inputs[0], inputs[1]) } else { singles(inputs[0]) };
    Case { name, op, inputs, result, values, ulps, function: None }
}

/// Complex arithmetic, math, comparisons, selects and conversions.
fn complex_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for element in COMPLEXES {
        let t = type_name(element);
        let s = short(element).replace(['<', '>'], "_");
        for kind in ["add", "subtract", "multiply", "divide", "maximum", "minimum"] {
            cases.push(complex_case(format!("c_arith_{kind}_{s}"), format!("loop.arith {kind} %x, %y : {t}"), vec![element, element], element, 0));
        }
        cases.push(complex_case(format!("c_arith_power_{s}"), format!("loop.arith power %x, %y : {t}"), vec![element, element], element, 4));
        let math = [
            ("negate", 0),
            ("sign", 0),
            ("sqrt", 4),
            ("rsqrt", 4),
            ("cbrt", 4),
            ("exponential", 4),
            ("exponential_minus_one", 4),
            ("log", 4),
            ("log_plus_one", 4),
            ("logistic", 4),
            ("sine", 4),
            ("cosine", 4),
            ("tan", 4),
            ("tanh", 4),
        ];
        for (kind, ulps) in math {
            cases.push(complex_case(format!("c_math_{kind}_{s}"), format!("loop.math {kind} %x : {t}"), vec![element], element, ulps));
        }
        let part = match element {
            ElementType::Complex(kind) => ElementType::Float(kind),
            _ => unreachable!("COMPLEXES holds complex types"),
        };
        let p = type_name(part);
        for kind in ["real", "imag", "complex_abs"] {
            cases.push(complex_case(format!("c_{kind}_{s}"), format!("loop.{kind} %x : {t} -> {p}"), vec![element], part, 0));
        }
        cases.push(complex_case(format!("c_complex_{s}"), format!("loop.complex %x, %y : ({p}, {p}) -> {t}"), vec![part, part], element, 0));
        for direction in ["EQ", "NE"] {
            cases.push(complex_case(format!("c_compare_{direction}_{s}"), format!("loop.compare {direction}, %x, %y : {t}"), vec![element, element], ElementType::Pred, 0));
        }
        let pred = ElementType::Pred;
        let select = Case {
            name: format!("c_select_{s}"),
            op: format!("loop.select %x, %y, %w : {t}"),
            inputs: vec![pred, element, element],
            result: element,
            values: vec![
                Literal::from_fn(pred, vec![81], |i| Scalar::Int((i % 2) as i128)),
                Literal::from_fn(element, vec![81], |i| edge_values(element)[i]),
                Literal::from_fn(element, vec![81], |i| edge_values(element)[80 - i]),
            ],
            ulps: 0,
            function: None,
        };
        cases.push(select);
    }
    let conversions = [
        (COMPLEXES[0], COMPLEXES[0]),
        (COMPLEXES[0], ElementType::Float(FloatKind::F32)),
        (COMPLEXES[0], ElementType::Float(FloatKind::F16)),
        (COMPLEXES[0], ElementType::Int { bits: 32, signed: true }),
        (COMPLEXES[0], ElementType::Pred),
        (ElementType::Float(FloatKind::F32), COMPLEXES[0]),
        (ElementType::Float(FloatKind::F64), COMPLEXES[0]),
        (ElementType::Int { bits: 64, signed: true }, COMPLEXES[0]),
        (ElementType::Int { bits: 8, signed: false }, COMPLEXES[0]),
        (COMPLEXES[0], COMPLEXES[1]),
        (COMPLEXES[1], COMPLEXES[0]),
        (COMPLEXES[1], ElementType::Float(FloatKind::F64)),
        (COMPLEXES[1], ElementType::Int { bits: 64, signed: true }),
        (ElementType::Float(FloatKind::F32), COMPLEXES[1]),
        (ElementType::Int { bits: 32, signed: false }, COMPLEXES[1]),
    ];
    for (from, to) in conversions {
        let name = format!("c_convert_{}_{}", short(from), short(to)).replace(['<', '>'], "_");
        cases.push(complex_case(name, format!("loop.convert %x : {} -> {}", type_name(from), type_name(to)), vec![from], to, 0));
    }
    let bits = [(COMPLEXES[0], ElementType::Int { bits: 64, signed: false }), (ElementType::Float(FloatKind::F64), COMPLEXES[0])];
    for (from, to) in bits {
        let name = format!("c_bitcast_{}_{}", short(from), short(to)).replace(['<', '>'], "_");
        cases.push(complex_case(name, format!("loop.bitcast %x : {} -> {}", type_name(from), type_name(to)), vec![from], to, 0));
    }
    cases
}

fn assert_all_agree(cases: Vec<Case>) {
    assert_agree(cases, false);
}

fn assert_agree(cases: Vec<Case>, flush_denormals: bool) {
    let count = cases.len();
    let failures = check(&cases, flush_denormals);
    assert!(failures.is_empty(), "{} of {count} cases disagree:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn arithmetic_agrees_with_the_interpreter() {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    assert_all_agree(arith_cases(&ctx));
}

#[test]
fn unary_math_agrees_with_the_interpreter() {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    assert_all_agree(math_cases(&ctx));
}

#[test]
fn xla_approximations_agree_with_the_interpreter_bit_for_bit() {
    assert_all_agree(approximation_cases());
}

#[test]
fn comparisons_and_selects_agree_with_the_interpreter() {
    let mut cases = compare_cases();
    cases.extend(select_cases());
    assert_all_agree(cases);
}

/// With the entry flushing subnormals (the default, as XLA CPU runs), `f32`/`f64`
/// arithmetic and comparisons read subnormal operands as zero and give zero for subnormal
/// results, as the interpreter's default mode does.
#[test]
fn flushed_subnormals_agree_with_the_interpreter() {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    let flushed = |c: &Case| {
        let float = matches!(c.inputs[0], ElementType::Float(FloatKind::F32 | FloatKind::F64));
        let kind = ["arith_add_", "arith_subtract_", "arith_multiply_", "arith_divide_", "compare_LT_f", "compare_EQ_f"];
        float && kind.iter().any(|k| c.name.starts_with(k))
    };
    let mut cases: Vec<Case> = arith_cases(&ctx).into_iter().filter(flushed).collect();
    cases.extend(compare_cases().into_iter().filter(flushed));
    assert!(cases.len() >= 10, "{} cases", cases.len());
    assert_agree(cases, true);
}

/// Minifloats compute in `f32` (`f8E8M0FNU` in `f64`), where all their values are normal,
/// and convert by integer arithmetic on their bits, so flushing subnormals changes none of
/// their results, as the interpreter, which flushes only `f32` and `f64`, has it.
#[test]
fn minifloats_agree_with_the_interpreter_when_flushing() {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    let minifloat = |c: &Case| c.inputs.iter().chain([&c.result]).any(|e| is_minifloat(*e));
    let kinds = ["arith_add_", "arith_multiply_", "arith_divide_", "compare_LT_f", "compare_NE_f", "compare_GT_total_f", "convert_"];
    let chosen = |c: &Case| minifloat(c) && kinds.iter().any(|k| c.name.starts_with(k));
    let mut cases: Vec<Case> = arith_cases(&ctx).into_iter().filter(chosen).collect();
    cases.extend(compare_cases().into_iter().filter(chosen));
    let float = |e: ElementType| e.is_float();
    cases.extend(convert_cases().into_iter().filter(|c| chosen(c) && float(c.inputs[0]) && float(c.result)));
    assert!(cases.len() >= 100, "{} cases", cases.len());
    assert_agree(cases, true);
}

#[test]
fn control_flow_agrees_with_the_interpreter() {
    assert_all_agree(control_flow_cases());
}

#[test]
fn conversions_agree_with_the_interpreter() {
    assert_all_agree(convert_cases());
}

#[test]
fn complex_numbers_agree_with_the_interpreter() {
    assert_all_agree(complex_cases());
}
