//! Random numbers: `hlo.rng_bit_generator` bit for bit against XLA's CPU backend, and the
//! ranges and determinism of `hlo.rng_uniform` and `hlo.rng_normal`.
//!
//! The expected bits come from jax 0.10.2 / jaxlib 0.10.2 on CPU:
//! `jax.lax.rng_bit_generator(key, shape, dtype, algorithm)` under `jax_enable_x64` for
//! `u64[2]` states, and for the cases jax's API does not take (`u64[3]` states, signed
//! outputs, `DEFAULT`) the StableHLO module `stablehlo.rng_bit_generator %state, algorithm
//! = ...` compiled and run by the same jaxlib's CPU client.

mod support;

use support::*;
use xla_interp::{ElementType, Elements, Literal, Value};

/// Runs `hlo.rng_bit_generator` with `algorithm` on `state` for an output of
/// `tensor<{shape}x{element}>` (`shape` "" for rank 0); the output state and the output's
/// elements as unsigned bits.
fn generate(algorithm: &str, state: &[u64], shape: &str, element: &str) -> (Vec<u64>, Vec<u64>) {
    let state_type = format!("tensor<{}xui64>", state.len());
    let output_type = if shape.is_empty() { format!("tensor<{element}>") } else { format!("tensor<{shape}x{element}>") };
    let text = format!(
        r#"
func.func @main(%s: {state_type}) -> ({state_type}, {output_type}) {{
  %0:2 = hlo.rng_bit_generator {algorithm}, %s : ({state_type}) -> ({state_type}, {output_type})
  func.return %0#0, %0#1 : {state_type}, {output_type}
}}"#
    );
    let results = run(&text, vec![u64s(&[state.len() as i64], state)]).unwrap_or_else(|e| panic!("{algorithm} {shape}x{element}: {e}"));
    let bits = |value: &Value| {
        let literal = value.tensor().expect("a tensor");
        ints(value).into_iter().map(|v| literal.element.to_bits(v) as u64).collect::<Vec<u64>>()
    };
    (bits(&results[0]), bits(&results[1]))
}

#[test]
fn three_fry_matches_xla_for_32_bit_outputs() {
    // The first even dimension (0) is split in halves.
    let (state, bits) = generate("THREE_FRY", &[0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210], "2x3", "ui32");
    assert_eq!(state, [0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3213]);
    assert_eq!(bits, [0xaed4a37f, 0xc3cc4d02, 0xaee5264e, 0x1130d111, 0x798e402e, 0xb089da7a]);
    // No even dimension: the largest (5) is rounded up to 6 and split.
    let expected_3x5 = [
        0x9d838665, 0xcceb7411, 0x1546f0b3, 0x677f2006, 0xfbb22ba6, 0x2193f28b, 0xf2dde175, 0x26f37c79, 0xbddcf77b,
        0x9f83204b, 0x5b5ca2d3, 0xfba71019, 0x6e9854e5, 0x38470ff6, 0x6826c12f,
    ];
    assert_eq!(generate("THREE_FRY", &[42, 7], "3x5", "ui32"), (vec![42, 16], expected_3x5.to_vec()));
    assert_eq!(generate("THREE_FRY", &[42, 7], "3x1x5", "ui32"), (vec![42, 16], expected_3x5.to_vec()));
    // A later even dimension (1) is split.
    let (state, bits) = generate("THREE_FRY", &[0xDEAD_BEEF, 100], "3x4", "ui32");
    assert_eq!(state, [0xDEAD_BEEF, 106]);
    assert_eq!(
        bits,
        [0x3f93a2f, 0xb25076dd, 0x40cf600d, 0x51509b26, 0x532ce9f6, 0x821df9f, 0x59b7491d, 0x30f19c10, 0xac874420, 0x67fa9d7d, 0x926d1066, 0xbb56eae0]
    );
    // The counter wraps around 2^64.
    let (state, bits) = generate("THREE_FRY", &[1, 0xFFFF_FFFF_FFFF_FFF0], "5x2x3", "ui32");
    assert_eq!(state, [1, 0xFFFF_FFFF_FFFF_FFFF]);
    assert_eq!(&bits[..4], &[0x3d26313c, 0x2a103489, 0x37040081, 0x8afc5805]);
    assert_eq!(&bits[26..], &[0x96553088, 0xfa57cbd8, 0x555eb877, 0xe5285017]);
    // A scalar is the first word of one call.
    assert_eq!(generate("THREE_FRY", &[42, 7], "", "ui32"), (vec![42, 8], vec![0x9d838665]));
}

#[test]
fn three_fry_matches_xla_for_64_bit_and_narrow_outputs() {
    let (state, bits) = generate("THREE_FRY", &[1, 2], "5", "ui64");
    assert_eq!(state, [1, 7]);
    assert_eq!(bits, [0x802fd53b0296e954, 0xdf435003ed3492d3, 0xfcc0f26163b40bd3, 0x24e4d3347dbb1d60, 0xe3f04ce59718c0ad]);
    let (state, bits) = generate("THREE_FRY", &[3, 0xFFFF_FFFF_FFFF_FFFE], "2x2", "ui64");
    assert_eq!(state, [3, 2]);
    assert_eq!(bits, [0x7a2f1ff6f9da9506, 0x4fb8ea51677424a7, 0xf40b5d802f2fecd5, 0xec09dd7cc7f98059]);
    assert_eq!(
        generate("THREE_FRY", &[3, u64::MAX], "3x2", "ui16"),
        (vec![3, 2], vec![0x24a7, 0xea51, 0xecd5, 0x5d80, 0x8059, 0xdd7c])
    );
    assert_eq!(generate("THREE_FRY", &[5, 9], "7", "ui8"), (vec![5, 13], vec![0x71, 0x2a, 0x92, 0xa2, 0xd7, 0x7b, 0xcc]));
}

#[test]
fn philox_matches_xla() {
    let (state, bits) = generate("PHILOX", &[0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210], "2x3", "ui32");
    assert_eq!(state, [0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3212]);
    assert_eq!(bits, [0x1ec53d42, 0xcfa390b5, 0xf2235702, 0xe71ff917, 0xcb472319, 0xd682777a]);
    // A three-word state: the 128-bit counter (state[1], state[2]) carries into its high half.
    let (state, bits) = generate("PHILOX", &[42, 0xFFFF_FFFF_FFFF_FFFE, 5], "7", "ui32");
    assert_eq!(state, [42, 0, 6]);
    assert_eq!(bits, [0x2d516c6c, 0xdd621542, 0x1056e626, 0xcf42a229, 0xe717157b, 0x3310f2aa, 0xa774902c]);
    // A two-word state drops the carry.
    let (state, bits) = generate("PHILOX", &[7, u64::MAX], "9", "ui32");
    assert_eq!(state, [7, 2]);
    assert_eq!(bits, [0xe404ea31, 0xae9e750f, 0xf06e4c03, 0x33a71289, 0xa2221dce, 0x1d55ad4c, 0xda7336f, 0x46b55614, 0xfbd6bae8]);
    assert_eq!(generate("PHILOX", &[42, 7], "", "ui32"), (vec![42, 8], vec![0x559ee8e8]));
    assert_eq!(
        generate("PHILOX", &[1, 2], "3", "ui64"),
        (vec![1, 4], vec![0xa9b8bbe87d34a749, 0x2fb324d97ba423d7, 0xbadf79c36cf923fe])
    );
    let three_words = (vec![1, 1, 10], vec![0x9876adc1de812686, 0x1cc9ee3fa0ca6ff9, 0xbf777aafee458670]);
    assert_eq!(generate("PHILOX", &[1, u64::MAX, 9], "3", "ui64"), three_words);
    assert_eq!(generate("PHILOX", &[11, 13], "5", "ui16"), (vec![11, 15], vec![0xb62c, 0xc5ce, 0x5b62, 0x21a4, 0x462]));
    assert_eq!(generate("PHILOX", &[9, 8], "6", "ui8"), (vec![9, 10], vec![0xa5, 0x40, 0xc3, 0x92, 0xf2, 0x5b]));
}

#[test]
fn default_is_philox_as_on_xla_cpu() {
    let state = [0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210];
    assert_eq!(generate("DEFAULT", &state, "2x3", "ui32"), generate("PHILOX", &state, "2x3", "ui32"));
    let (state, bits) = generate("DEFAULT", &[1, u64::MAX, 9], "3", "ui64");
    assert_eq!(state, [1, 1, 10]);
    assert_eq!(bits, [0x9876adc1de812686, 0x1cc9ee3fa0ca6ff9, 0xbf777aafee458670]);
}

#[test]
fn signed_outputs_are_the_unsigned_bits() {
    let state = [0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210];
    for algorithm in ["THREE_FRY", "PHILOX"] {
        assert_eq!(generate(algorithm, &state, "2x3", "i32"), generate(algorithm, &state, "2x3", "ui32"));
    }
    let (_, bits) = generate("THREE_FRY", &[1, 2], "3", "i64");
    assert_eq!(bits, [0x802fd53b0296e954, 0xdf435003ed3492d3, 0xfcc0f26163b40bd3]);
    // The values themselves are negative where the top bit is set.
    let text = r#"
func.func @main(%s: tensor<2xui64>) -> tensor<2x3xi32> {
  %0:2 = hlo.rng_bit_generator THREE_FRY, %s : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xi32>)
  func.return %0#1 : tensor<2x3xi32>
}"#;
    let results = run(text, vec![u64s(&[2], &state)]).expect("runs");
    assert_eq!(ints(&results[0])[0], 0xaed4a37fu32 as i32 as i128);
}

#[test]
fn states_chain_through_successive_calls() {
    let text = r#"
func.func @main(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>, tensor<4xui32>) {
  %0:2 = hlo.rng_bit_generator THREE_FRY, %s : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  %1:2 = hlo.rng_bit_generator THREE_FRY, %0#0 : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  func.return %1#0, %0#1, %1#1 : tensor<2xui64>, tensor<4xui32>, tensor<4xui32>
}"#;
    let results = run(text, vec![u64s(&[2], &[42, 7])]).expect("runs");
    assert_eq!(ints(&results[0]), vec![42, 11]);
    assert_ne!(ints(&results[1]), ints(&results[2]), "a new counter gives new bits");
    // A 4-element call uses two counters (one per pair of elements), so the second starts at 9.
    let (_, eight) = generate("THREE_FRY", &[42, 9], "4", "ui32");
    assert_eq!(ints(&results[2]), eight.iter().map(|&b| b as i128).collect::<Vec<_>>());
}

/// Runs `text` with the interpreter's seed set to `seed`; the float or integer elements of
/// every result.
fn draw(text: &str, seed: u64) -> Vec<Value> {
    let (results, ()) = run_configured(text, vec![], |interp| interp.options.rng_seed = seed, |_| ());
    results.expect("runs")
}

const UNIFORM: &str = r#"
func.func @main() -> (tensor<1000xf32>, tensor<1000xi32>, tensor<64xbf16>, tensor<100xui64>) {
  %a = hlo.constant dense<-2.5> : tensor<f32>
  %b = hlo.constant dense<4.0> : tensor<f32>
  %0 = hlo.rng_uniform %a, %b : (tensor<f32>, tensor<f32>) -> tensor<1000xf32>
  %lo = hlo.constant dense<-3> : tensor<i32>
  %hi = hlo.constant dense<4> : tensor<i32>
  %1 = hlo.rng_uniform %lo, %hi : (tensor<i32>, tensor<i32>) -> tensor<1000xi32>
  %c = hlo.constant dense<0.0> : tensor<bf16>
  %d = hlo.constant dense<1.0> : tensor<bf16>
  %2 = hlo.rng_uniform %c, %d : (tensor<bf16>, tensor<bf16>) -> tensor<64xbf16>
  %e = hlo.constant dense<0> : tensor<ui64>
  %f = hlo.constant dense<18446744073709551615> : tensor<ui64>
  %3 = hlo.rng_uniform %e, %f : (tensor<ui64>, tensor<ui64>) -> tensor<100xui64>
  func.return %0, %1, %2, %3 : tensor<1000xf32>, tensor<1000xi32>, tensor<64xbf16>, tensor<100xui64>
}"#;

#[test]
fn uniform_numbers_lie_in_their_half_open_range() {
    let results = draw(UNIFORM, 42);
    let floats32 = floats(&results[0]);
    assert!(floats32.iter().all(|x| (-2.5..4.0).contains(x)), "{floats32:?}");
    assert!(floats32.iter().all(|&x| x == x as f32 as f64), "f32 values");
    let mean = floats32.iter().sum::<f64>() / floats32.len() as f64;
    assert!((mean - 0.75).abs() < 0.3, "mean {mean}");
    let integers = ints(&results[1]);
    assert!(integers.iter().all(|x| (-3..4).contains(x)), "{integers:?}");
    for v in -3..4 {
        assert!(integers.contains(&v), "{v} never drawn");
    }
    let narrow = floats(&results[2]);
    assert!(narrow.iter().all(|x| (0.0..1.0).contains(x)), "{narrow:?}");
    let wide = ints(&results[3]);
    assert!(wide.iter().all(|x| (0..u64::MAX as i128).contains(x)));
    assert!(wide.iter().any(|&x| x > 1i128 << 63), "the whole 64-bit range is used");
}

#[test]
fn uniform_numbers_are_deterministic_per_seed() {
    assert_eq!(draw(UNIFORM, 42), draw(UNIFORM, 42));
    assert_ne!(draw(UNIFORM, 42), draw(UNIFORM, 43));
    // The default seed is Options::rng_seed's default.
    assert_eq!(run(UNIFORM, vec![]).expect("runs"), draw(UNIFORM, xla_interp::Options::default().rng_seed));
}

#[test]
fn empty_ranges_give_the_lower_bound() {
    let text = r#"
func.func @main() -> (tensor<3xf32>, tensor<3xi32>) {
  %a = hlo.constant dense<2.0> : tensor<f32>
  %0 = hlo.rng_uniform %a, %a : (tensor<f32>, tensor<f32>) -> tensor<3xf32>
  %b = hlo.constant dense<5> : tensor<i32>
  %c = hlo.constant dense<1> : tensor<i32>
  %1 = hlo.rng_uniform %b, %c : (tensor<i32>, tensor<i32>) -> tensor<3xi32>
  func.return %0, %1 : tensor<3xf32>, tensor<3xi32>
}"#;
    let results = run(text, vec![]).expect("runs");
    assert_eq!(floats(&results[0]), vec![2.0; 3]);
    assert_eq!(ints(&results[1]), vec![5; 3]);
}

#[test]
fn normal_numbers_have_the_given_mean_and_deviation() {
    let text = r#"
func.func @main() -> (tensor<4001xf64>, tensor<7xf16>) {
  %mu = hlo.constant dense<3.0> : tensor<f64>
  %sigma = hlo.constant dense<0.5> : tensor<f64>
  %0 = hlo.rng_normal %mu, %sigma : (tensor<f64>, tensor<f64>) -> tensor<4001xf64>
  %m = hlo.constant dense<0.0> : tensor<f16>
  %s = hlo.constant dense<1.0> : tensor<f16>
  %1 = hlo.rng_normal %m, %s : (tensor<f16>, tensor<f16>) -> tensor<7xf16>
  func.return %0, %1 : tensor<4001xf64>, tensor<7xf16>
}"#;
    let results = draw(text, 7);
    let values = floats(&results[0]);
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    let deviation = (values.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / values.len() as f64).sqrt();
    assert!((mean - 3.0).abs() < 0.05, "mean {mean}");
    assert!((deviation - 0.5).abs() < 0.05, "deviation {deviation}");
    assert!(values.iter().all(|x| x.is_finite()));
    let half = floats(&results[1]);
    assert!(half.iter().all(|&x| x == half::f16::from_f64(x).to_f64()), "f16 values: {half:?}");
    assert_eq!(draw(text, 7), results);
    assert_ne!(draw(text, 8), results);
}

#[test]
fn successive_ops_continue_one_stream() {
    let text = r#"
func.func @main() -> (tensor<4xf32>, tensor<4xf32>) {
  %a = hlo.constant dense<0.0> : tensor<f32>
  %b = hlo.constant dense<1.0> : tensor<f32>
  %0 = hlo.rng_uniform %a, %b : (tensor<f32>, tensor<f32>) -> tensor<4xf32>
  %1 = hlo.rng_uniform %a, %b : (tensor<f32>, tensor<f32>) -> tensor<4xf32>
  func.return %0, %1 : tensor<4xf32>, tensor<4xf32>
}"#;
    let results = run(text, vec![]).expect("runs");
    assert_ne!(results[0], results[1]);
}

#[test]
fn unsupported_outputs_are_errors() {
    let text = r#"
func.func @main(%s: tensor<2xui64>) -> tensor<4xui48> {
  %0:2 = hlo.rng_bit_generator THREE_FRY, %s : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui48>)
  func.return %0#1 : tensor<4xui48>
}"#;
    let error = run(text, vec![u64s(&[2], &[1, 2])]).expect_err("XLA has no 48-bit integers");
    assert!(error.contains("rng_bit_generator generates integers of up to 32 bits or of 64 bits, not u48"), "{error}");
    let text = r#"
func.func @main(%s: tensor<4xui64>) -> tensor<4xui32> {
  %0:2 = hlo.rng_bit_generator DEFAULT, %s : (tensor<4xui64>) -> (tensor<4xui64>, tensor<4xui32>)
  func.return %0#1 : tensor<4xui32>
}"#;
    let state = Value::from(Literal::new(ElementType::U64, vec![4], Elements::Int(vec![1, 2, 3, 4])));
    let error = run(text, vec![state]).expect_err("four words are no Philox state");
    assert!(error.contains("the PHILOX algorithm needs a state of 2 or 3 elements, found 4"), "{error}");
}

#[test]
fn the_rng_bit_generator_fixture_agrees() {
    // fixtures/rng_bit_generator.*: the u32[4] key [1, 2, 3, 4] bitcast to u64[2], an 8x4 u32
    // output of each algorithm.
    let state = [0x0000_0002_0000_0001, 0x0000_0004_0000_0003];
    let (next, bits) = generate("THREE_FRY", &state, "8x4", "ui32");
    assert_eq!(next, [state[0], 0x0000_0004_0000_0013]);
    assert_eq!(&bits[..6], &[0x5df433ec, 0x2c24a8a8, 0x91386643, 0x4f97fb5b, 0x8617198e, 0x9094fa5e]);
    assert_eq!(&bits[30..], &[0x1873d9f4, 0xa346e233]);
    let (next, bits) = generate("PHILOX", &state, "8x4", "ui32");
    assert_eq!(next, [state[0], 0x0000_0004_0000_000b]);
    assert_eq!(&bits[..6], &[0x1e8fe864, 0x4d5e0bd7, 0x4b87c9be, 0x2d689201, 0x5273487b, 0x61c05696]);
    assert_eq!(&bits[30..], &[0x14a16022, 0x44fc9c38]);
}
