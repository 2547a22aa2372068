//! `hlo.gather` and `hlo.scatter` through whole programs: every dimension number (offset
//! and collapsed dimensions, batching dimensions, index maps, an `index_vector_dim` before
//! the end or equal to the rank), XLA's clamping of gather starts, scatter's skipping of
//! windows that do not fit, update computations with duplicate indices, and variadic
//! scatters. Expected values are worked out by hand from XLA's operation semantics.

mod support;

use support::*;

/// The numbers `0, 1, ..., n - 1` as 32-bit integers.
fn counting(n: i32) -> Vec<i32> {
    (0..n).collect()
}

#[test]
fn gather_picks_rows_and_clamps_their_starts() {
    let text = r#"
func.func @main(%x: tensor<5x3xi32>, %i: tensor<3x1xi32>) -> (tensor<3x3xi32>, tensor<3x2x3xi32>) {
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] : (tensor<5x3xi32>, tensor<3x1xi32>) -> tensor<3x3xi32>
  %1 = hlo.gather %x[%i], offset_dims = [1, 2], collapsed_slice_dims = [], start_index_map = [0], index_vector_dim = 1, slice_sizes = [2, 3] : (tensor<5x3xi32>, tensor<3x1xi32>) -> tensor<3x2x3xi32>
  func.return %0, %1 : tensor<3x3xi32>, tensor<3x2x3xi32>
}"#;
    // x[r, c] = 3 r + c; the starts are 4, 7 and -2.
    let results = run(text, vec![s32s(&[5, 3], &counting(15)), s32s(&[3, 1], &[4, 7, -2])]).expect("runs");
    // Rows 4, 4 (7 clamped to 5 - 1) and 0 (-2 clamped to 0).
    assert_eq!(ints(&results[0]), vec![12, 13, 14, 12, 13, 14, 0, 1, 2]);
    // Two-row slices: starts 4 and 7 clamp to 5 - 2 = 3, -2 to 0.
    assert_eq!(ints(&results[1]), vec![9, 10, 11, 12, 13, 14, 9, 10, 11, 12, 13, 14, 0, 1, 2, 3, 4, 5]);
}

#[test]
fn gather_reads_index_vectors_along_a_leading_dimension() {
    // index_vector_dim = 0: the vectors are the columns of %i, (0, 1), (2, 3) and (3, 4);
    // the batch dimension lies between the two offset dimensions of the result.
    let text = r#"
func.func @main(%x: tensor<4x5xi32>, %i: tensor<2x3xi32>) -> tensor<2x3x2xi32> {
  %0 = hlo.gather %x[%i], offset_dims = [0, 2], collapsed_slice_dims = [], start_index_map = [0, 1], index_vector_dim = 0, slice_sizes = [2, 2] : (tensor<4x5xi32>, tensor<2x3xi32>) -> tensor<2x3x2xi32>
  func.return %0 : tensor<2x3x2xi32>
}"#;
    // x[r, c] = 5 r + c. The slices at (0, 1) and (2, 3) fit; (3, 4) clamps to (2, 3).
    let results = run(text, vec![s32s(&[4, 5], &counting(20)), s32s(&[2, 3], &[0, 2, 3, 1, 3, 4])]).expect("runs");
    // result[o0, g, o1] = slice_g[o0, o1].
    assert_eq!(ints(&results[0]), vec![1, 2, 13, 14, 13, 14, 6, 7, 18, 19, 18, 19]);
}

#[test]
fn gather_with_an_implicit_index_vector_dimension() {
    // index_vector_dim equal to the rank of %i: each element is a one-entry vector.
    let text = r#"
func.func @main(%x: tensor<5x3xi32>, %i: tensor<2x2xi32>) -> tensor<2x2x3xi32> {
  %0 = hlo.gather %x[%i], offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2, slice_sizes = [1, 3] : (tensor<5x3xi32>, tensor<2x2xi32>) -> tensor<2x2x3xi32>
  func.return %0 : tensor<2x2x3xi32>
}"#;
    let results = run(text, vec![s32s(&[5, 3], &counting(15)), s32s(&[2, 2], &[2, 0, 4, 1])]).expect("runs");
    assert_eq!(ints(&results[0]), vec![6, 7, 8, 0, 1, 2, 12, 13, 14, 3, 4, 5]);
}

#[test]
fn gather_with_batching_dimensions_reads_each_batch_from_its_own_slice() {
    // Operand [position, batch], indices [index, batch]: result[i, b] = x[idx[i, b], b],
    // the position clamped into [0, 3].
    let text = r#"
func.func @main(%x: tensor<4x2xi32>, %i: tensor<3x2xi32>) -> tensor<3x2xi32> {
  %0 = hlo.gather %x[%i], offset_dims = [], collapsed_slice_dims = [0], operand_batching_dims = [1], start_indices_batching_dims = [1], start_index_map = [0], index_vector_dim = 2, slice_sizes = [1, 1] : (tensor<4x2xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
  func.return %0 : tensor<3x2xi32>
}"#;
    // x[p, b] = 10 (b + 1) + p.
    let x = [10, 20, 11, 21, 12, 22, 13, 23];
    let results = run(text, vec![s32s(&[4, 2], &x), s32s(&[3, 2], &[0, 1, 3, 9, 2, -4])]).expect("runs");
    assert_eq!(ints(&results[0]), vec![10, 21, 13, 23, 12, 20]);
}

#[test]
fn gather_with_batching_and_offset_dimensions() {
    // The example of the dialect's documentation: x[b, r, c], indices [i, b, 1]; result
    // [i, b, c] = x[b, idx[i, b], c].
    let text = r#"
func.func @main(%x: tensor<3x5x7xi32>, %i: tensor<4x3x1xi32>) -> tensor<4x3x7xi32> {
  %0 = hlo.gather %x[%i], offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 2, slice_sizes = [1, 1, 7] : (tensor<3x5x7xi32>, tensor<4x3x1xi32>) -> tensor<4x3x7xi32>
  func.return %0 : tensor<4x3x7xi32>
}"#;
    let x: Vec<i32> = (0..3).flat_map(|b| (0..5).flat_map(move |r| (0..7).map(move |c| 100 * b + 10 * r + c))).collect();
    let indices = [0, 1, 2, 3, 4, 5, -1, 0, 9, 4, 4, 4];
    let results = run(text, vec![s32s(&[3, 5, 7], &x), s32s(&[4, 3, 1], &indices)]).expect("runs");
    let mut expected = Vec::new();
    for i in 0..4 {
        for b in 0..3 {
            let row = indices[3 * i + b].clamp(0, 4);
            expected.extend((0..7).map(|c| (100 * b as i32 + 10 * row + c) as i128));
        }
    }
    assert_eq!(ints(&results[0]), expected);
    // Spot checks by hand: [0, 1] reads x[1, 1, :]; [2, 2] reads x[2, 4, :] (9 clamped).
    assert_eq!(ints(&results[0])[7..9], [110, 111]);
    assert_eq!(ints(&results[0])[(2 * 3 + 2) * 7], 240);
}

#[test]
fn a_gather_of_the_corpus_size_is_quick() {
    // An embedding lookup: 1000 rows of 64 floats, 1000 indices.
    let text = r#"
func.func @main(%x: tensor<1000x64xf32>, %i: tensor<1000x1xi32>) -> tensor<1000x64xf32> {
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 64] : (tensor<1000x64xf32>, tensor<1000x1xi32>) -> tensor<1000x64xf32>
  func.return %0 : tensor<1000x64xf32>
}"#;
    let x: Vec<f32> = (0..64000).map(|v| v as f32).collect();
    let indices: Vec<i32> = (0..1000).map(|k| (k * 7919) % 1000).collect();
    let started = std::time::Instant::now();
    let results = run(text, vec![f32s(&[1000, 64], &x), s32s(&[1000, 1], &indices)]).expect("runs");
    let elapsed = started.elapsed();
    let result = floats(&results[0]);
    for (k, &row) in indices.iter().enumerate() {
        assert_eq!(result[64 * k + 5], (64 * row + 5) as f64);
    }
    eprintln!("gathering 1000x64 took {elapsed:?}");
}

/// A scatter of `(tensor<4x2xi32>)[tensor<3x1xi32>] updates(tensor<3x2xi32>)` by rows,
/// with the update computation `BODY` of `%a` (input) and `%b` (update).
fn row_scatter(body: &str) -> String {
    format!(
        r#"
func.func @main(%x: tensor<4x2xi32>, %i: tensor<3x1xi32>, %u: tensor<3x2xi32>) -> tensor<4x2xi32> {{
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<4x2xi32>, tensor<3x1xi32>, tensor<3x2xi32>) -> tensor<4x2xi32> {{
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    {body}
  }}
  func.return %0 : tensor<4x2xi32>
}}"#
    )
}

#[test]
fn scatter_adds_every_update_to_duplicate_indices() {
    let text = row_scatter("%s = hlo.add %a, %b : tensor<i32>\n    hlo.return %s : tensor<i32>");
    let args = vec![s32s(&[4, 2], &counting(8)), s32s(&[3, 1], &[1, 3, 1]), s32s(&[3, 2], &[10, 20, 30, 40, 50, 60])];
    let results = run(&text, args).expect("runs");
    // Row 1 gets [10, 20] and [50, 60]; row 3 gets [30, 40].
    assert_eq!(ints(&results[0]), vec![0, 1, 62, 83, 4, 5, 36, 47]);
}

#[test]
fn the_update_computation_takes_the_input_then_the_update() {
    // Subtraction is not commutative: each update is subtracted from the input, so the
    // computation takes the input first.
    let text = row_scatter("%s = hlo.subtract %a, %b : tensor<i32>\n    hlo.return %s : tensor<i32>");
    let args = vec![s32s(&[4, 2], &counting(8)), s32s(&[3, 1], &[0, 0, 2]), s32s(&[3, 2], &[1, 2, 3, 4, 5, 6])];
    let results = run(&text, args).expect("runs");
    assert_eq!(ints(&results[0]), vec![-4, -5, 2, 3, -1, -1, 6, 7]);
}

#[test]
fn scatter_skips_windows_that_do_not_fit() {
    // Windows of 2 elements in 5: starts 4 and -1 do not fit and change nothing (a gather
    // would clamp them instead); starts 0 and 3 fit.
    let text = r#"
func.func @main(%x: tensor<5xi32>, %i: tensor<4x1xi32>, %u: tensor<4x2xi32>) -> tensor<5xi32> {
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5xi32>, tensor<4x1xi32>, tensor<4x2xi32>) -> tensor<5xi32> {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    hlo.return %b : tensor<i32>
  }
  func.return %0 : tensor<5xi32>
}"#;
    let updates = [1, 2, 10, 20, 100, 200, 1000, 2000];
    let results = run(text, vec![s32s(&[5], &[5, 6, 7, 8, 9]), s32s(&[4, 1], &[0, 4, -1, 3]), s32s(&[4, 2], &updates)]).expect("runs");
    assert_eq!(ints(&results[0]), vec![1, 2, 7, 1000, 2000]);
}

#[test]
fn scatter_skips_two_dimensional_windows_that_stick_out() {
    // Index vectors (0, 0) and (1, 2) for 2x2 windows of a 3x3 input: the second one would
    // cover columns 2 and 3, so none of it is applied.
    let text = r#"
func.func @main(%x: tensor<3x3xi32>, %i: tensor<2x2xi32>, %u: tensor<2x2x2xi32>) -> tensor<3x3xi32> {
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1, 2], inserted_window_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1 : (tensor<3x3xi32>, tensor<2x2xi32>, tensor<2x2x2xi32>) -> tensor<3x3xi32> {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = hlo.add %a, %b : tensor<i32>
    hlo.return %s : tensor<i32>
  }
  func.return %0 : tensor<3x3xi32>
}"#;
    let args = vec![s32s(&[3, 3], &[0; 9]), s32s(&[2, 2], &[0, 0, 1, 2]), s32s(&[2, 2, 2], &[1, 2, 3, 4, 5, 6, 7, 8])];
    let results = run(text, args).expect("runs");
    assert_eq!(ints(&results[0]), vec![1, 2, 0, 3, 4, 0, 0, 0, 0]);
}

#[test]
fn variadic_scatter_combines_inputs_and_updates_together() {
    // Input 0 loses each update of its own (the computation takes the inputs, then the
    // updates); input 1 counts the updates. The indices have an implicit index vector
    // dimension.
    let text = r#"
func.func @main(%x: tensor<3xf32>, %n: tensor<3xi32>, %i: tensor<3xi32>, %u: tensor<3xf32>, %v: tensor<3xi32>) -> (tensor<3xf32>, tensor<3xi32>) {
  %0:2 = hlo.scatter(%x, %n)[%i] updates(%u, %v), update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<3xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xf32>, tensor<3xi32>) -> (tensor<3xf32>, tensor<3xi32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
    %s = hlo.subtract %a, %c : tensor<f32>
    %t = hlo.add %b, %d : tensor<i32>
    hlo.return %s, %t : tensor<f32>, tensor<i32>
  }
  func.return %0#0, %0#1 : tensor<3xf32>, tensor<3xi32>
}"#;
    let args = vec![
        f32s(&[3], &[10.0, 10.0, 10.0]),
        s32s(&[3], &[0, 0, 0]),
        s32s(&[3], &[2, 0, 2]),
        f32s(&[3], &[1.5, 2.5, 3.0]),
        s32s(&[3], &[1, 1, 1]),
    ];
    let results = run(text, args).expect("runs");
    assert_eq!(floats(&results[0]), vec![7.5, 10.0, 5.5]);
    assert_eq!(ints(&results[1]), vec![1, 0, 2]);
}

#[test]
fn scatter_with_batching_dimensions_updates_each_batch_row() {
    // Input [batch, position], indices and updates [batch, k]: update [b, k] adds to
    // input [b, idx[b, k]]; index 9 is out of bounds and skipped.
    let text = r#"
func.func @main(%x: tensor<2x4xi32>, %i: tensor<2x3xi32>, %u: tensor<2x3xi32>) -> tensor<2x4xi32> {
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2 : (tensor<2x4xi32>, tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x4xi32> {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = hlo.add %a, %b : tensor<i32>
    hlo.return %s : tensor<i32>
  }
  func.return %0 : tensor<2x4xi32>
}"#;
    let args = vec![s32s(&[2, 4], &[0; 8]), s32s(&[2, 3], &[0, 0, 3, 2, 9, 1]), s32s(&[2, 3], &[1, 2, 3, 4, 5, 6])];
    let results = run(text, args).expect("runs");
    assert_eq!(ints(&results[0]), vec![3, 0, 0, 3, 0, 6, 4, 0]);
}

#[test]
fn update_computations_run_alike_on_scalars_and_through_the_engine() {
    // `hlo.negate` is not among the ops a scatter runs directly on scalars, so this
    // computation, `a + -(-b)`, runs through the engine, with the results of `a + b`.
    let text = row_scatter(
        "%n = hlo.negate %b : tensor<i32>\n    %m = hlo.negate %n : tensor<i32>\n    %s = hlo.add %a, %m : tensor<i32>\n    hlo.return %s : tensor<i32>",
    );
    let args = vec![s32s(&[4, 2], &counting(8)), s32s(&[3, 1], &[1, 3, 1]), s32s(&[3, 2], &[10, 20, 30, 40, 50, 60])];
    let results = run(&text, args).expect("runs");
    assert_eq!(ints(&results[0]), vec![0, 1, 62, 83, 4, 5, 36, 47]);
}

#[test]
fn variadic_scatter_keeps_the_largest_value_with_its_index() {
    // An argmax by scatter: each update (value, index) replaces the pair it lands on when
    // its value is larger. Updates to one element apply in order: at 2, (1, 10) replaces
    // (0, -1), (3, 12) replaces it, and (2, 13) does not.
    let text = r#"
func.func @main(%x: tensor<3xf32>, %n: tensor<3xi32>, %i: tensor<4xi32>, %u: tensor<4xf32>, %v: tensor<4xi32>) -> (tensor<3xf32>, tensor<3xi32>) {
  %0:2 = hlo.scatter(%x, %n)[%i] updates(%u, %v), update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<3xf32>, tensor<3xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xi32>) -> (tensor<3xf32>, tensor<3xi32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
    %gt = hlo.compare GT, %c, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %value = hlo.select %gt, %c, %a : tensor<i1>, tensor<f32>
    %index = hlo.select %gt, %d, %b : tensor<i1>, tensor<i32>
    hlo.return %value, %index : tensor<f32>, tensor<i32>
  }
  func.return %0#0, %0#1 : tensor<3xf32>, tensor<3xi32>
}"#;
    let args = vec![
        f32s(&[3], &[0.0, 0.0, 0.0]),
        s32s(&[3], &[-1, -1, -1]),
        s32s(&[4], &[2, 0, 2, 2]),
        f32s(&[4], &[1.0, 5.0, 3.0, 2.0]),
        s32s(&[4], &[10, 11, 12, 13]),
    ];
    let results = run(text, args).expect("runs");
    assert_eq!(floats(&results[0]), vec![5.0, 0.0, 3.0]);
    assert_eq!(ints(&results[1]), vec![11, -1, 12]);
}

#[test]
fn a_scatter_add_of_the_corpus_size_is_quick() {
    // 2048 rows of 64 floats added into 100 rows.
    let text = r#"
func.func @main(%x: tensor<100x64xf32>, %i: tensor<2048x1xi32>, %u: tensor<2048x64xf32>) -> tensor<100x64xf32> {
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<100x64xf32>, tensor<2048x1xi32>, tensor<2048x64xf32>) -> tensor<100x64xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  func.return %0 : tensor<100x64xf32>
}"#;
    let indices: Vec<i32> = (0..2048).map(|k| k % 100).collect();
    let started = std::time::Instant::now();
    let args = vec![f32s(&[100, 64], &[0.0; 6400]), s32s(&[2048, 1], &indices), f32s(&[2048, 64], &vec![1.0; 2048 * 64])];
    let results = run(text, args).expect("runs");
    let elapsed = started.elapsed();
    let sums = floats(&results[0]);
    // Rows 0 to 47 are hit 21 times, the others 20 times.
    assert_eq!((sums[0], sums[47 * 64 + 63], sums[48 * 64]), (21.0, 21.0, 20.0));
    eprintln!("scattering 2048x64 took {elapsed:?}");
}

#[test]
fn a_gather_slice_larger_than_a_dynamic_operand_is_an_error() {
    let text = r#"
func.func @main(%x: tensor<?x3xi32>, %i: tensor<1x1xi32>) -> tensor<1x2x3xi32> {
  %0 = hlo.gather %x[%i], offset_dims = [1, 2], collapsed_slice_dims = [], start_index_map = [0], index_vector_dim = 1, slice_sizes = [2, 3] : (tensor<?x3xi32>, tensor<1x1xi32>) -> tensor<1x2x3xi32>
  func.return %0 : tensor<1x2x3xi32>
}"#;
    let error = run(text, vec![s32s(&[1, 3], &[1, 2, 3]), s32s(&[1, 1], &[0])]).expect_err("two rows of one");
    assert!(error.contains("hlo.gather: slice_sizes[0] = 2 does not fit operand dimension 0 of size 1"), "{error}");
}
