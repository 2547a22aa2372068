//! Minifloat conversions in native code, exhaustively against `xla_ir::float_format`: for
//! every format of eight bits or fewer, `loop.convert` from `f32` and from `f64` gives
//! exactly the code `float_format::encode` gives (byte for byte, NaN codes included) on
//! every value of the format, every midpoint between neighbouring values (the ties),
//! values one `f32` or `f64` ulp beside those, values past the largest finite one, tiny
//! values and the specials, of both signs; and `loop.convert` of every code to `f32` and
//! to `f64` gives exactly `float_format::decode`'s value (NaN codes the canonical NaN).
//! The entries run with subnormals flushed (the default, as XLA CPU runs) and without,
//! which the conversions must not notice: they are integer arithmetic on the bits, and
//! the one float addition (rounding into the subnormal range) has a normal sum.
//!
//! The values one `f64` ulp beside a tie round the other way from the tie; through `f32`
//! they would round to the tie first and then to even, so these catch a conversion from
//! `f64` that rounds twice.

use xla_ir::{float_format, Context, FloatKind};
use xla_lowering::native::{AlignedBuffer, NativeLibrary};
use xla_lowering::to_llvm::{self, EntrySpec};
use xla_lowering::{compile, CompileOptions, OutputKind};

/// The formats of eight bits or fewer.
fn minifloats() -> impl Iterator<Item = FloatKind> {
    FloatKind::ALL.into_iter().filter(|kind| kind.bit_width() <= 8)
}

/// One conversion: `@name` converts a buffer of `count` elements of `from` into `to`.
struct Conversion {
    name: String,
    from: String,
    to: String,
    count: usize,
}

/// The loop-level function of a conversion.
fn function_text(c: &Conversion) -> String {
    let (n, from, to) = (c.count, &c.from, &c.to);
    format!(
        "func.func @{name}(%in: memref<{n}x{from}>, %out: memref<{n}x{to}>) attributes {{loop.num_results = 1}} {{
  %c0 = loop.constant 0 : index
  %cn = loop.constant {n} : index
  loop.parallel (%i) = (%c0) to (%cn) {{
    %x = loop.load %in[%i] : memref<{n}x{from}>
    %y = loop.convert %x : {from} -> {to}
    loop.store %y, %out[%i] : memref<{n}x{to}>
    loop.yield
  }}
  func.return
}}
",
        name = c.name
    )
}

/// Compiles the conversions into one library (its entries flushing subnormals when
/// `flush_denormals`) and runs each on its input bytes; the output bytes of each.
fn run(conversions: &[Conversion], inputs: &[Vec<u8>], flush_denormals: bool) -> Vec<Vec<u8>> {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    let text: String = conversions.iter().map(function_text).collect();
    let render = |errors: Vec<xla_ir::Diagnostic>| errors.iter().map(|e| e.render(&ctx)).collect::<String>();
    let mut module = xla_ir::parser::parse_source(&ctx, "minifloats.mlir", &text, 1).unwrap_or_else(|e| panic!("{}", e.render(&ctx)));
    let specs: Vec<EntrySpec> = conversions.iter().map(|c| EntrySpec::new(&c.name)).collect();
    let signatures: Vec<_> = specs
        .iter()
        .map(|s| {
            let func = to_llvm::find_function(&module.body, module.op, &s.function).expect("the conversion's function");
            to_llvm::entry_signature(&module.body, func).expect("a signature")
        })
        .collect();
    let options = to_llvm::Options { flush_denormals };
    to_llvm::lower_module(&mut module.body, module.op, &specs, options).unwrap_or_else(|e| panic!("{}", render(e)));
    xla_ir::verifier::verify(&module.body, module.op).unwrap_or_else(|e| panic!("{}", render(e)));
    let object = compile(&module.body, module.op, &CompileOptions::default(), OutputKind::Object).unwrap_or_else(|e| panic!("{}", render(e)));
    let library = NativeLibrary::load(&object, &[]).expect("the object links and loads");
    specs
        .iter()
        .zip(&signatures)
        .zip(inputs)
        .map(|((spec, signature), input)| {
            let entry = library.entry(&spec.symbol, &ctx, signature).expect("the entry");
            let input = AlignedBuffer::from_bytes(input);
            let mut output = AlignedBuffer::zeroed(entry.result_sizes[0]);
            let status = entry.call(&[&input], &mut [&mut output]).expect("buffers of the right sizes");
            assert_eq!(status, 0, "{}", spec.function);
            output.as_bytes().to_vec()
        })
        .collect()
}

/// The values that probe the rounding into `kind`: every value of the format, the midpoint
/// of every two neighbours, and `nudge` applied to each of those (the next representable
/// values of the source format around them), past the largest value, tiny values and the
/// specials, of both signs.
fn probes(kind: FloatKind, nudge: impl Fn(f64) -> [f64; 2]) -> Vec<f64> {
    let codes = 1u64 << kind.bit_width();
    let mut values: Vec<f64> = (0..codes).map(|c| float_format::decode(kind, c)).filter(|v| v.is_finite()).map(f64::abs).collect();
    values.sort_by(f64::total_cmp);
    values.dedup();
    let largest = *values.last().expect("a finite value");
    let step = largest - values[values.len() - 2];
    let mut probes: Vec<f64> = values.windows(2).map(|w| (w[0] + w[1]) / 2.0).collect();
    probes.extend(&values);
    // Past the largest value: the tie half a step beyond (and a whole binade's ulp, as
    // e8m0 counts it), then well beyond.
    probes.extend([largest + step / 2.0, largest * 1.5, largest + step, largest * 2.0, largest * 1e3]);
    probes.extend([values[1] / 2.0, values[1] / 4.0, values[1] / 3.0, 2f64.powi(-127), 1.5 * 2f64.powi(-127), 1e-40, 1e-30, 1e-310]);
    let nudged: Vec<f64> = probes.iter().flat_map(|&p| nudge(p)).collect();
    probes.extend(nudged);
    let negated: Vec<f64> = probes.iter().map(|p| -p).collect();
    probes.extend(negated);
    probes.extend([f64::INFINITY, f64::NEG_INFINITY, f64::NAN, -f64::NAN]);
    probes
}

/// The `f32` values next to `x` (after rounding it to `f32`).
fn f32_neighbours(x: f64) -> [f64; 2] {
    let bits = (x as f32).to_bits();
    [f64::from(f32::from_bits(bits.saturating_sub(1))), f64::from(f32::from_bits(bits.saturating_add(1)))]
}

/// The `f64` values next to `x`.
fn f64_neighbours(x: f64) -> [f64; 2] {
    let bits = x.to_bits();
    [f64::from_bits(bits.saturating_sub(1)), f64::from_bits(bits.saturating_add(1))]
}

/// The code of `value` in `kind` as `float_format` gives it, one byte.
fn expected_code(kind: FloatKind, value: f64) -> u8 {
    float_format::encode(kind, value) as u8
}

#[test]
fn encoding_from_f32_and_f64_rounds_as_the_interpreter() {
    let mut conversions = Vec::new();
    let mut inputs = Vec::new();
    let mut expected = Vec::new();
    for kind in minifloats() {
        let name = kind.name();
        let from_f32: Vec<f32> = probes(kind, f32_neighbours).into_iter().map(|p| p as f32).collect();
        conversions.push(Conversion { name: format!("f32_to_{name}"), from: "f32".into(), to: name.into(), count: from_f32.len() });
        inputs.push(from_f32.iter().flat_map(|v| v.to_le_bytes()).collect());
        expected.push((kind, from_f32.iter().map(|&v| f64::from(v)).collect::<Vec<f64>>()));
        let from_f64 = probes(kind, f64_neighbours);
        conversions.push(Conversion { name: format!("f64_to_{name}"), from: "f64".into(), to: name.into(), count: from_f64.len() });
        inputs.push(from_f64.iter().flat_map(|v| v.to_le_bytes()).collect());
        expected.push((kind, from_f64));
    }
    let mut failures = Vec::new();
    for flush_denormals in [true, false] {
        let outputs = run(&conversions, &inputs, flush_denormals);
        for ((conversion, (kind, values)), output) in conversions.iter().zip(&expected).zip(&outputs) {
            for (value, &code) in values.iter().zip(output) {
                let want = expected_code(*kind, *value);
                if code != want {
                    let name = &conversion.name;
                    failures.push(format!("{name} (flushing: {flush_denormals}): {value:e} ({:#x}) gives {code:#04x}, not {want:#04x}", value.to_bits()));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} codes differ:\n{}", failures.len(), failures.iter().take(40).cloned().collect::<Vec<_>>().join("\n"));
}

#[test]
fn decoding_every_code_is_exact() {
    let mut conversions = Vec::new();
    let mut inputs = Vec::new();
    for kind in minifloats() {
        let codes: Vec<u8> = (0..1u32 << kind.bit_width()).map(|c| c as u8).collect();
        for to in ["f32", "f64"] {
            conversions.push(Conversion { name: format!("{}_to_{to}", kind.name()), from: kind.name().into(), to: to.into(), count: codes.len() });
            inputs.push(codes.clone());
        }
    }
    let outputs = run(&conversions, &inputs, true);
    let mut failures = Vec::new();
    for (i, kind) in minifloats().enumerate() {
        let (as_f32, as_f64) = (&outputs[2 * i], &outputs[2 * i + 1]);
        for code in 0..1u64 << kind.bit_width() {
            let value = float_format::decode(kind, code);
            let at = code as usize;
            let got32 = u32::from_le_bytes(as_f32[4 * at..4 * at + 4].try_into().expect("4 bytes"));
            let got64 = u64::from_le_bytes(as_f64[8 * at..8 * at + 8].try_into().expect("8 bytes"));
            if got32 != (value as f32).to_bits() {
                failures.push(format!("{} {code:#04x} to f32: {got32:#010x}, not {value:e}", kind.name()));
            }
            if got64 != value.to_bits() {
                failures.push(format!("{} {code:#04x} to f64: {got64:#018x}, not {value:e}", kind.name()));
            }
        }
    }
    assert!(failures.is_empty(), "{} values differ:\n{}", failures.len(), failures.iter().take(40).cloned().collect::<Vec<_>>().join("\n"));
}
