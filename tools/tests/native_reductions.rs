//! Reductions compiled to native code agree with the reference interpreter, on the two
//! paths lower-to-loops takes for speed (`lowering/src/to_loops/reduce_lanes.rs` and
//! `reduce_columns.rs`):
//!
//! - reductions that keep the input's minor dimension walk the input in its own order but
//!   fold every result element in the interpreter's order, so they agree bit for bit on
//!   arbitrary floats, whatever the reducer (a column argmax among them);
//! - reductions along the minor dimension are split into lanes, which reorders float sums:
//!   exact on integers, maximum and minimum, within a few ulps of the sum's magnitude on
//!   arbitrary floats, and exact again on small integers; float maxima and minima
//!   propagate NaNs from anywhere in a row or from the init value, as the interpreter does.
//!
//! Sizes leave remainders (lanes that get one more element, a prime minor dimension that is
//! one tile), and one input is column-major.

mod support;

use xla_interp::closeness::{compare, Tolerance};
use xla_interp::{ElementType, Elements, Literal};
use support::differential::{compiled_and_interpreted, small_integers};

/// Floats in `[-1, 1)` with full 24-bit mantissas, from a seed: every value is an `f32`, and
/// sums of them round.
fn arbitrary_floats(count: usize, seed: u64) -> Vec<f64> {
    let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    (0..count)
        .map(|_| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((state >> 40) as f64 / f64::from(1u32 << 24)) * 2.0 - 1.0
        })
        .collect()
}

/// A reduction of `%a` (of type `input`) by the one binary op `op` from `init` along
/// `dims`, giving `result`.
fn reduction(input: &str, result: &str, element: &str, op: &str, init: &str, dims: &str) -> String {
    format!(
        "func.func @main(%a: {input}) -> {result} {{
  %init = hlo.constant dense<{init}> : tensor<{element}>
  %0 = hlo.reduce(%a init: %init) dimensions = [{dims}] : ({input}, tensor<{element}>) -> {result} {{
  ^bb0(%acc: tensor<{element}>, %x: tensor<{element}>):
    %1 = hlo.{op} %acc, %x : tensor<{element}>
    hlo.return %1 : tensor<{element}>
  }}
  func.return %0 : {result}
}}"
    )
}

/// Runs `text` compiled and interpreted on `args` and compares every result within
/// `tolerance`.
fn check(text: &str, args: &[Literal], tolerance: Tolerance) {
    let (compiled, interpreted) = compiled_and_interpreted("reductions.mlir", text, args).unwrap_or_else(|m| panic!("{m}\n{text}"));
    for (i, (actual, wanted)) in compiled.iter().zip(&interpreted).enumerate() {
        let (actual, wanted) = (actual.tensor().unwrap_or_else(|m| panic!("{m}")), wanted.tensor().unwrap_or_else(|m| panic!("{m}")));
        if let Err(m) = compare(actual, wanted, tolerance) {
            panic!("result {i} (compiled vs interpreted): {m}\n{text}");
        }
    }
}

/// Runs `text` compiled and interpreted on `args` and requires every result element to have
/// the same bits: the sign of a zero and of a NaN count, which [`Tolerance::EXACT`] lets
/// pass.
fn check_bits(text: &str, args: &[Literal]) {
    let (compiled, interpreted) = compiled_and_interpreted("reductions.mlir", text, args).unwrap_or_else(|m| panic!("{m}\n{text}"));
    for (r, (actual, wanted)) in compiled.iter().zip(&interpreted).enumerate() {
        let (actual, wanted) = (actual.tensor().unwrap_or_else(|m| panic!("{m}")), wanted.tensor().unwrap_or_else(|m| panic!("{m}")));
        assert_eq!(actual.len(), wanted.len(), "result {r}");
        for i in 0..actual.len() {
            let bits = |x: xla_ir::Scalar| match x {
                xla_ir::Scalar::Float(f) => format!("{:#x}", f.to_bits()),
                other => format!("{other:?}"),
            };
            assert_eq!(bits(actual.get(i)), bits(wanted.get(i)), "result {r} element {i} (compiled vs interpreted)\n{text}");
        }
    }
}

fn f32_literal(shape: &[i64], values: Vec<f64>) -> Literal {
    Literal::new(ElementType::F32, shape.to_vec(), Elements::Float(values))
}

#[test]
fn column_sums_fold_in_the_interpreters_order() {
    let text = reduction("tensor<96x1000xf32>", "tensor<1000xf32>", "f32", "add", "0.0", "0");
    check(&text, &[f32_literal(&[96, 1000], arbitrary_floats(96_000, 1))], Tolerance::EXACT);
    // Two reduced dimensions around nothing kept but the minor one, and a prime minor
    // dimension (one tile of 37).
    let text = reduction("tensor<5x7x37xf32>", "tensor<37xf32>", "f32", "add", "0.5", "0, 1");
    check(&text, &[f32_literal(&[5, 7, 37], arbitrary_floats(5 * 7 * 37, 2))], Tolerance::EXACT);
    // A kept major dimension as well: the parallel loop runs over it and the tiles.
    let text = reduction("tensor<3x50x64xf32>", "tensor<3x64xf32>", "f32", "multiply", "1.0", "1");
    check(&text, &[f32_literal(&[3, 50, 64], arbitrary_floats(3 * 50 * 64, 3))], Tolerance::EXACT);
}

#[test]
fn a_column_argmax_keeps_its_order() {
    let text = "func.func @main(%v: tensor<40x24xf32>) -> (tensor<24xf32>, tensor<24xi32>) {
  %i = hlo.iota dim = 0 : tensor<40x24xi32>
  %vi = hlo.constant dense<0xFF800000> : tensor<f32>
  %ii = hlo.constant dense<0> : tensor<i32>
  %0:2 = hlo.reduce(%v, %i init: %vi, %ii) dimensions = [0] : (tensor<40x24xf32>, tensor<40x24xi32>, tensor<f32>, tensor<i32>) -> (tensor<24xf32>, tensor<24xi32>) {
  ^bb0(%av: tensor<f32>, %ai: tensor<i32>, %xv: tensor<f32>, %xi: tensor<i32>):
    %1 = hlo.compare GT, %xv, %av, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = hlo.select %1, %xv, %av : tensor<i1>, tensor<f32>
    %3 = hlo.select %1, %xi, %ai : tensor<i1>, tensor<i32>
    hlo.return %2, %3 : tensor<f32>, tensor<i32>
  }
  func.return %0#0, %0#1 : tensor<24xf32>, tensor<24xi32>
}";
    check(text, &[f32_literal(&[40, 24], arbitrary_floats(960, 4))], Tolerance::EXACT);
}

#[test]
fn a_column_major_input_reduces_its_minor_dimension_in_order() {
    // Dimension 0 is minor: reducing dimension 1 keeps it, so the input is walked in its
    // layout's order.
    let text = reduction("tensor<64x30xf32, {0, 1}>", "tensor<64xf32>", "f32", "add", "0.0", "1");
    check(&text, &[f32_literal(&[64, 30], arbitrary_floats(64 * 30, 5))], Tolerance::EXACT);
}

#[test]
fn row_reductions_in_lanes_agree() {
    let shape = [24i64, 1037];
    let count = 24 * 1037;
    // Maximum and minimum do not depend on the order.
    for (op, init) in [("maximum", "0xFF800000"), ("minimum", "0x7F800000")] {
        let text = reduction("tensor<24x1037xf32>", "tensor<24xf32>", "f32", op, init, "1");
        check(&text, &[f32_literal(&shape, arbitrary_floats(count, 6))], Tolerance::EXACT);
    }
    // Sums of small integers are exact in any order, also with an init value that is not
    // neutral.
    let text = reduction("tensor<24x1037xf32>", "tensor<24xf32>", "f32", "add", "5.0", "1");
    check(&text, &[f32_literal(&shape, small_integers(count, 7))], Tolerance::EXACT);
    // Sums of arbitrary floats differ by rounding only: 1037 terms below 1 in magnitude.
    let rounding = Tolerance::new(0, 1e-4);
    check(&text, &[f32_literal(&shape, arbitrary_floats(count, 8))], rounding);
    // Everything into one scalar: the lanes are carried across the rows.
    let text = reduction("tensor<24x1037xf32>", "tensor<f32>", "f32", "add", "0.0", "0, 1");
    check(&text, &[f32_literal(&shape, small_integers(count, 9))], Tolerance::EXACT);
}

#[test]
fn integer_row_reductions_in_lanes_are_exact() {
    let values: Vec<i128> = small_integers(16 * 333, 10).into_iter().map(|x| x as i128 * 1_000_003).collect();
    let input = Literal::new(ElementType::Int { bits: 32, signed: true }, vec![16, 333], Elements::Int(values));
    for (op, init) in [("add", "7"), ("multiply", "1"), ("maximum", "-2147483648"), ("minimum", "2147483647"), ("xor", "0"), ("and", "-1"), ("or", "0")] {
        let text = reduction("tensor<16x333xi32>", "tensor<16xi32>", "i32", op, init, "1");
        check(&text, std::slice::from_ref(&input), Tolerance::EXACT);
    }
}

#[test]
fn float_extrema_in_lanes_propagate_nans_wherever_they_are() {
    // Lanes fold an element as `isnan(x) ? NaN : (x > acc ? x : acc)`, the reducer's value
    // step for step: a NaN anywhere in a row (first, in a whole round, in the remainder
    // lanes), in the init value, or everywhere gives NaN; infinities and zeros of one sign
    // come through unchanged. Both operand orders of the reducer, `f32` (8 lanes) and `f64`
    // (4 lanes), 43 columns so that three lanes get one element more.
    let (rows, columns) = (8usize, 43usize);
    let mut values = arbitrary_floats(rows * columns, 11);
    let nan = f64::NAN;
    values[3] = nan; // row 0: early
    values[columns + 20] = nan; // row 1: in the middle
    values[2 * columns + 42] = nan; // row 2: the last element, a remainder lane
    for v in &mut values[3 * columns..4 * columns] {
        *v = nan; // row 3: only NaNs
    }
    for (i, v) in values[4 * columns..5 * columns].iter_mut().enumerate() {
        *v = if i == 17 { f64::INFINITY } else { -f64::INFINITY }; // row 4: one +inf among -infs
    }
    for v in &mut values[5 * columns..6 * columns] {
        *v = -0.0; // row 5: negative zeros only
    }
    for v in &mut values[6 * columns..7 * columns] {
        *v = 0.0; // row 6: positive zeros only
    }
    let f32_inits = [("maximum", "0xFF800000"), ("minimum", "0x7F800000"), ("maximum", "0x7FC00000")];
    let f64_inits = [("maximum", "0xFFF0000000000000"), ("minimum", "0x7FF0000000000000"), ("maximum", "0x7FF8000000000000")];
    for (element, ty, inits) in [(ElementType::F32, "f32", f32_inits), (ElementType::F64, "f64", f64_inits)] {
        let input = Literal::new(element, vec![rows as i64, columns as i64], Elements::Float(values.clone()));
        for (op, init) in inits {
            for acc_first in [true, false] {
                let (a, b) = if acc_first { ("%acc", "%x") } else { ("%x", "%acc") };
                let text = format!(
                    "func.func @main(%v: tensor<{rows}x{columns}x{ty}>) -> tensor<{rows}x{ty}> {{
  %init = hlo.constant dense<{init}> : tensor<{ty}>
  %0 = hlo.reduce(%v init: %init) dimensions = [1] : (tensor<{rows}x{columns}x{ty}>, tensor<{ty}>) -> tensor<{rows}x{ty}> {{
  ^bb0(%acc: tensor<{ty}>, %x: tensor<{ty}>):
    %1 = hlo.{op} {a}, {b} : tensor<{ty}>
    hlo.return %1 : tensor<{ty}>
  }}
  func.return %0 : tensor<{rows}x{ty}>
}}"
                );
                check(&text, std::slice::from_ref(&input), Tolerance::EXACT);
            }
        }
    }
}

/// JAX's argmax (`GT`) or argmin (`LT`) reduction of `%v` (rows x columns of `ty`) along
/// dimension 1 from the init value `init` and init index `init_index`, returning both the
/// values and the indices.
fn arg_reduction(direction: &str, rows: usize, columns: usize, ty: &str, init: &str, init_index: i64) -> String {
    let compare_type = if ty.starts_with('f') { "FLOAT" } else { "SIGNED" };
    format!(
        "func.func @main(%v: tensor<{rows}x{columns}x{ty}>) -> (tensor<{rows}x{ty}>, tensor<{rows}xi32>) {{
  %i = hlo.iota dim = 1 : tensor<{rows}x{columns}xi32>
  %vi = hlo.constant dense<{init}> : tensor<{ty}>
  %ii = hlo.constant dense<{init_index}> : tensor<i32>
  %0:2 = hlo.reduce(%v, %i init: %vi, %ii) dimensions = [1] : (tensor<{rows}x{columns}x{ty}>, tensor<{rows}x{columns}xi32>, tensor<{ty}>, tensor<i32>) -> (tensor<{rows}x{ty}>, tensor<{rows}xi32>) {{
  ^bb0(%a: tensor<{ty}>, %ai: tensor<i32>, %b: tensor<{ty}>, %bi: tensor<i32>):
    %1 = hlo.compare {direction}, %a, %b, {compare_type} : (tensor<{ty}>, tensor<{ty}>) -> tensor<i1>
    %2 = hlo.compare NE, %a, %a, {compare_type} : (tensor<{ty}>, tensor<{ty}>) -> tensor<i1>
    %3 = hlo.or %1, %2 : tensor<i1>
    %4 = hlo.compare EQ, %a, %b, {compare_type} : (tensor<{ty}>, tensor<{ty}>) -> tensor<i1>
    %5 = hlo.compare LT, %ai, %bi, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %6 = hlo.and %4, %5 : tensor<i1>
    %7 = hlo.or %3, %6 : tensor<i1>
    %8 = hlo.select %3, %a, %b : tensor<i1>, tensor<{ty}>
    %9 = hlo.select %7, %ai, %bi : tensor<i1>, tensor<i32>
    hlo.return %8, %9 : tensor<{ty}>, tensor<i32>
  }}
  func.return %0#0, %0#1 : tensor<{rows}x{ty}>, tensor<{rows}xi32>
}}"
    )
}

#[test]
fn arg_extrema_in_two_passes_equal_the_sequential_fold() {
    // `reduce_arg.rs` finds the extremum, then its first and last positions. The rows
    // probe what the sequential fold decides: the first of tied maxima (in one lane and
    // in different lanes), the first NaN's index and payload, the sign of the last of
    // tied zeros, a row of -inf that the init value's index wins, and the last element.
    let (rows, columns) = (10usize, 67usize);
    let mut values = arbitrary_floats(rows * columns, 12);
    let row = |r: usize| r * columns;
    values[row(0) + 40] = 5.0; // row 0: tied maxima in lanes 0 and 1 of different rounds
    values[row(0) + 9] = 5.0;
    values[row(0) + 17] = 5.0;
    values[row(0) + 20] = -5.0; // ... and tied minima
    values[row(0) + 3] = -5.0;
    values[row(1) + 30] = f64::NAN; // row 1: two NaNs, the later one in a lower lane
    values[row(1) + 57] = -f64::NAN;
    for v in &mut values[row(2)..row(3)] {
        *v = -(*v).abs() - 1.0; // row 2: zeros of both signs, the last one negative
    }
    values[row(2) + 5] = 0.0;
    values[row(2) + 13] = -0.0;
    values[row(2) + 50] = 0.0;
    values[row(2) + 61] = -0.0;
    for v in &mut values[row(3)..row(4)] {
        *v = f64::NEG_INFINITY; // row 3: nothing beats the init value
    }
    values[row(4) + 66] = 7.0; // row 4: the extremum in the remainder lanes
    values[row(4) + 64] = -7.0;
    for v in &mut values[row(5)..row(6)] {
        *v = 1.5; // row 5: all equal
    }
    for (element, ty, inits) in [
        (ElementType::F32, "f32", [("GT", "0xFF800000"), ("LT", "0x7F800000"), ("GT", "0x7FC00000"), ("GT", "0.0")]),
        (ElementType::F64, "f64", [("GT", "0xFFF0000000000000"), ("LT", "0x7FF0000000000000"), ("GT", "0x7FF8000000000000"), ("GT", "0.0")]),
    ] {
        let input = Literal::new(element, vec![rows as i64, columns as i64], Elements::Float(values.clone()));
        for (direction, init) in inits {
            for init_index in [0, 3] {
                let text = arg_reduction(direction, rows, columns, ty, init, init_index);
                check_bits(&text, std::slice::from_ref(&input));
            }
        }
    }
    // Integers: ties only.
    let values: Vec<i128> = small_integers(rows * columns, 13).into_iter().map(|x| x as i128).collect();
    let input = Literal::new(ElementType::Int { bits: 32, signed: true }, vec![rows as i64, columns as i64], Elements::Int(values));
    for (direction, init) in [("GT", "-2147483648"), ("LT", "2147483647"), ("GT", "0")] {
        let text = arg_reduction(direction, rows, columns, "i32", init, 1);
        check_bits(&text, std::slice::from_ref(&input));
    }
}
