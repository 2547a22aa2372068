//! `hlo.sort` through whole programs: single and multiple operands, the comparator's
//! argument order (`lhs0, rhs0, lhs1, rhs1, ...`), tie-breaking comparators, stability,
//! sorting along either dimension, and a sort of the fixtures' size.

mod support;

use support::*;

#[test]
fn sorts_each_column_or_each_row() {
    let text = r#"
func.func @main(%x: tensor<3x2xi32>) -> (tensor<3x2xi32>, tensor<3x2xi32>) {
  %0 = hlo.sort(%x) dim = 0 : (tensor<3x2xi32>) -> tensor<3x2xi32> {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %lt = hlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }
  %1 = hlo.sort(%x) dim = 1 : (tensor<3x2xi32>) -> tensor<3x2xi32> {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %gt = hlo.compare GT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %gt : tensor<i1>
  }
  func.return %0, %1 : tensor<3x2xi32>, tensor<3x2xi32>
}"#;
    // x = [[3, 1], [1, 2], [2, 0]].
    let results = run(text, vec![s32s(&[3, 2], &[3, 1, 1, 2, 2, 0])]).expect("runs");
    // Columns ascending: [3, 1, 2] -> [1, 2, 3] and [1, 2, 0] -> [0, 1, 2].
    assert_eq!(ints(&results[0]), vec![1, 0, 2, 1, 3, 2]);
    // Rows descending.
    assert_eq!(ints(&results[1]), vec![3, 1, 2, 1, 2, 0]);
}

#[test]
fn operands_move_together_ordered_by_the_first() {
    // The example of XLA's operation semantics: the comparator looks at operand 0 only.
    let text = r#"
func.func @main(%k: tensor<2xi32>, %v: tensor<2xi32>, %w: tensor<2xf32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xf32>) {
  %0:3 = hlo.sort(%k, %v, %w) dim = 0 : (tensor<2xi32>, tensor<2xi32>, tensor<2xf32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xf32>) {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>, %e: tensor<f32>, %f: tensor<f32>):
    %lt = hlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }
  func.return %0#0, %0#1, %0#2 : tensor<2xi32>, tensor<2xi32>, tensor<2xf32>
}"#;
    let results = run(text, vec![s32s(&[2], &[3, 1]), s32s(&[2], &[42, 50]), f32s(&[2], &[-3.0, 1.1])]).expect("runs");
    assert_eq!(ints(&results[0]), vec![1, 3]);
    assert_eq!(ints(&results[1]), vec![50, 42]);
    assert_eq!(floats(&results[2]), vec![1.1f32 as f64, -3.0]);
}

#[test]
fn a_stable_sort_keeps_equal_keys_in_order() {
    let text = r#"
func.func @main(%k: tensor<5xi32>, %v: tensor<5xf32>) -> (tensor<5xi32>, tensor<5xf32>) {
  %0:2 = hlo.sort(%k, %v) dim = 0 {is_stable = true} : (tensor<5xi32>, tensor<5xf32>) -> (tensor<5xi32>, tensor<5xf32>) {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<f32>):
    %lt = hlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }
  func.return %0#0, %0#1 : tensor<5xi32>, tensor<5xf32>
}"#;
    let results = run(text, vec![s32s(&[5], &[2, 1, 2, 1, 0]), f32s(&[5], &[0.0, 1.0, 2.0, 3.0, 4.0])]).expect("runs");
    assert_eq!(ints(&results[0]), vec![0, 1, 1, 2, 2]);
    // The two 1s came from positions 1 and 3, the two 2s from 0 and 2: in that order.
    assert_eq!(floats(&results[1]), vec![4.0, 1.0, 3.0, 0.0, 2.0]);
}

#[test]
fn the_comparator_sees_lhs_and_rhs_of_each_operand_in_turn() {
    // Keys descending, ties broken by values ascending: the comparator reads the value
    // pair from its third and fourth arguments.
    let text = r#"
func.func @main(%k: tensor<4xi32>, %v: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %0:2 = hlo.sort(%k, %v) dim = 0 : (tensor<4xi32>, tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  ^bb0(%kl: tensor<i32>, %kr: tensor<i32>, %vl: tensor<i32>, %vr: tensor<i32>):
    %gt = hlo.compare GT, %kl, %kr, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %eq = hlo.compare EQ, %kl, %kr, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %lt = hlo.compare LT, %vl, %vr, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = hlo.and %eq, %lt : tensor<i1>
    %before = hlo.or %gt, %tie : tensor<i1>
    hlo.return %before : tensor<i1>
  }
  func.return %0#0, %0#1 : tensor<4xi32>, tensor<4xi32>
}"#;
    let results = run(text, vec![s32s(&[4], &[1, 2, 1, 2]), s32s(&[4], &[4, 3, 2, 1])]).expect("runs");
    assert_eq!(ints(&results[0]), vec![2, 2, 1, 1]);
    assert_eq!(ints(&results[1]), vec![1, 3, 2, 4]);
}

#[test]
fn a_sort_of_the_fixtures_size_is_quick_sorted_and_stable() {
    const N: usize = 16384;
    let text = r#"
func.func @main(%k: tensor<16384xi32>, %v: tensor<16384xi32>) -> (tensor<16384xi32>, tensor<16384xi32>) {
  %0:2 = hlo.sort(%k, %v) dim = 0 : (tensor<16384xi32>, tensor<16384xi32>) -> (tensor<16384xi32>, tensor<16384xi32>) {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = hlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }
  func.return %0#0, %0#1 : tensor<16384xi32>, tensor<16384xi32>
}"#;
    // Pseudo-random keys in [0, 100), so that many are equal; values number the positions.
    let mut state = 12345u32;
    let keys: Vec<i32> = (0..N)
        .map(|_| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            ((state >> 16) % 100) as i32
        })
        .collect();
    let values: Vec<i32> = (0..N as i32).collect();
    let started = std::time::Instant::now();
    let results = run(text, vec![s32s(&[N as i64], &keys), s32s(&[N as i64], &values)]).expect("runs");
    let elapsed = started.elapsed();
    let (sorted_keys, sorted_values) = (ints(&results[0]), ints(&results[1]));
    for i in 1..N {
        let (previous, here) = ((sorted_keys[i - 1], sorted_values[i - 1]), (sorted_keys[i], sorted_values[i]));
        assert!(previous < here, "at {i}: {previous:?} then {here:?}: keys ascend, equal keys keep their order");
    }
    for (key, value) in sorted_keys.iter().zip(&sorted_values) {
        assert_eq!(*key, keys[*value as usize] as i128, "each key moves with its value");
    }
    eprintln!("sorting {N} elements took {elapsed:?}");
}

/// A stable sort of `n` floats and their positions by JAX's comparator for ascending float
/// sorts: `-0.0` is read as `0.0` and every NaN as the positive quiet NaN, then the two
/// compare by the total order. `pre` defines the left-hand side `%a` from the argument
/// `%a0`, so that tests can vary the ops of the comparator without changing its meaning.
fn jax_float_sort(n: usize, pre: &str) -> String {
    format!(
        r#"
func.func @main(%x: tensor<{n}xf32>, %i: tensor<{n}xi32>) -> (tensor<{n}xf32>, tensor<{n}xi32>) {{
  %0:2 = hlo.sort(%x, %i) dim = 0 {{is_stable = true}} : (tensor<{n}xf32>, tensor<{n}xi32>) -> (tensor<{n}xf32>, tensor<{n}xi32>) {{
  ^bb0(%a0: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    {pre}
    %zero = hlo.constant dense<0.000000e+00> : tensor<f32>
    %nan = hlo.constant dense<0x7FC00000> : tensor<f32>
    %1 = hlo.compare EQ, %a, %zero, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = hlo.select %1, %zero, %a : tensor<i1>, tensor<f32>
    %3 = hlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %4 = hlo.select %3, %nan, %2 : tensor<i1>, tensor<f32>
    %5 = hlo.compare EQ, %b, %zero, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %6 = hlo.select %5, %zero, %b : tensor<i1>, tensor<f32>
    %7 = hlo.compare NE, %b, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %8 = hlo.select %7, %nan, %6 : tensor<i1>, tensor<f32>
    %9 = hlo.compare LT, %4, %8, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %9 : tensor<i1>
  }}
  func.return %0#0, %0#1 : tensor<{n}xf32>, tensor<{n}xi32>
}}"#
    )
}

/// Reads `%a0` as `%a` with ops the sort runs directly on scalars.
const ON_SCALARS: &str = "%t = hlo.constant dense<true> : tensor<i1>\n    %a = hlo.select %t, %a0, %a0 : tensor<i1>, tensor<f32>";

/// Reads `%a0` as `%a` through two negations: `hlo.negate` is not among the ops the sort
/// runs on scalars, so the comparator runs through the engine.
const THROUGH_THE_ENGINE: &str = "%n = hlo.negate %a0 : tensor<f32>\n    %a = hlo.negate %n : tensor<f32>";

#[test]
fn jax_float_comparators_order_zeros_and_nans_like_xla() {
    let text = jax_float_sort(8, ON_SCALARS);
    let x = [f32::NAN, 1.0, -0.0, -f32::NAN, 0.0, f32::NEG_INFINITY, -2.0, f32::INFINITY];
    let results = run(&text, vec![f32s(&[8], &x), s32s(&[8], &[0, 1, 2, 3, 4, 5, 6, 7])]).expect("runs");
    // -inf, -2, then -0.0 and 0.0 as equals in their order, 1, inf, then both NaNs (read as
    // one positive NaN) in their order.
    assert_eq!(ints(&results[1]), vec![5, 6, 2, 4, 1, 7, 0, 3]);
}

#[test]
fn comparators_run_alike_on_scalars_and_through_the_engine() {
    let n = 200;
    let mut state = 7u32;
    let x: Vec<f32> = (0..n)
        .map(|k| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            match k % 17 {
                0 => f32::NAN,
                1 => -0.0,
                2 => 0.0,
                _ => ((state >> 16) % 21) as f32 - 10.0,
            }
        })
        .collect();
    let i: Vec<i32> = (0..n as i32).collect();
    let args = || vec![f32s(&[n as i64], &x), s32s(&[n as i64], &i)];
    let on_scalars = run(&jax_float_sort(n, ON_SCALARS), args()).expect("runs");
    let on_engine = run(&jax_float_sort(n, THROUGH_THE_ENGINE), args()).expect("runs");
    // The expected order: a stable sort by the total order, after reading -0.0 as 0.0 and
    // every NaN as the positive quiet NaN.
    let canonical = |v: f32| if v.is_nan() { f32::NAN } else if v == 0.0 { 0.0 } else { v };
    let mut expected: Vec<usize> = (0..n).collect();
    expected.sort_by(|&a, &b| canonical(x[a]).total_cmp(&canonical(x[b])));
    let expected: Vec<i128> = expected.into_iter().map(|k| k as i128).collect();
    assert_eq!(ints(&on_scalars[1]), expected);
    assert_eq!(ints(&on_engine[1]), expected);
}

#[test]
fn a_jax_float_sort_of_the_corpus_size_is_quick() {
    const N: usize = 16384;
    let mut state = 99u32;
    let x: Vec<f32> = (0..N)
        .map(|_| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (state >> 8) as f32 / 65536.0 - 128.0
        })
        .collect();
    let i: Vec<i32> = (0..N as i32).collect();
    let started = std::time::Instant::now();
    let results = run(&jax_float_sort(N, ON_SCALARS), vec![f32s(&[N as i64], &x), s32s(&[N as i64], &i)]).expect("runs");
    let elapsed = started.elapsed();
    let sorted = floats(&results[0]);
    assert!(sorted.windows(2).all(|w| w[0] <= w[1]));
    eprintln!("sorting {N} floats with JAX's comparator took {elapsed:?}");
}
