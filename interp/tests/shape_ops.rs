//! Shape ops through whole programs: reshape, collapse, broadcast, broadcast_in_dim,
//! transpose, rev, slice (with strides), concatenate, pad (negative edges and interior
//! padding), iota (integer, float, complex), dynamic dimension sizes, and dynamic slices and
//! updates with XLA's clamping of start indices. Expected values are worked out by hand from
//! XLA's operation semantics.

mod support;

use support::*;
use xla_interp::{Elements, Value};

/// The numbers `0, 1, ..., n - 1` as 32-bit integers.
fn counting(n: i32) -> Vec<i32> {
    (0..n).collect()
}

#[test]
fn reshape_and_collapse_keep_row_major_order() {
    let text = r#"
func.func @main(%x: tensor<2x3x2xi32>) -> (tensor<3x4xi32>, tensor<6x2xi32>, tensor<2x6xi32>) {
  %0 = hlo.reshape %x : (tensor<2x3x2xi32>) -> tensor<3x4xi32>
  %1 = hlo.collapse %x, dims = [0, 1] : (tensor<2x3x2xi32>) -> tensor<6x2xi32>
  %2 = hlo.collapse %x, dims = [1, 2] : (tensor<2x3x2xi32>) -> tensor<2x6xi32>
  func.return %0, %1, %2 : tensor<3x4xi32>, tensor<6x2xi32>, tensor<2x6xi32>
}"#;
    let results = run(text, vec![s32s(&[2, 3, 2], &counting(12))]).expect("runs");
    for (result, shape) in results.iter().zip([[3, 4], [6, 2], [2, 6]]) {
        assert_eq!(result.tensor().expect("a tensor").shape, shape);
        assert_eq!(ints(result), (0..12).collect::<Vec<i128>>());
    }
}

#[test]
fn broadcasts_repeat_along_new_and_unit_dimensions() {
    let text = r#"
func.func @main(%x: tensor<3xi32>, %y: tensor<2x1xi32>) -> (tensor<2x3xi32>, tensor<3x2xi32>, tensor<2x3x2xi32>, tensor<2x2xi32>) {
  %0 = hlo.broadcast %x, sizes = [2] : (tensor<3xi32>) -> tensor<2x3xi32>
  %1 = hlo.broadcast_in_dim %x, dims = [0] : (tensor<3xi32>) -> tensor<3x2xi32>
  %2 = hlo.broadcast_in_dim %y, dims = [0, 2] : (tensor<2x1xi32>) -> tensor<2x3x2xi32>
  %c = hlo.constant dense<7> : tensor<i32>
  %3 = hlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x2xi32>
  func.return %0, %1, %2, %3 : tensor<2x3xi32>, tensor<3x2xi32>, tensor<2x3x2xi32>, tensor<2x2xi32>
}"#;
    let results = run(text, vec![s32s(&[3], &[1, 2, 3]), s32s(&[2, 1], &[10, 20])]).expect("runs");
    assert_eq!(ints(&results[0]), vec![1, 2, 3, 1, 2, 3]);
    assert_eq!(ints(&results[1]), vec![1, 1, 2, 2, 3, 3]);
    // result[i, j, k] = y[i, 0]: six 10s, then six 20s.
    assert_eq!(ints(&results[2]), [vec![10; 6], vec![20; 6]].concat());
    assert_eq!(ints(&results[3]), vec![7; 4]);
}

#[test]
fn transpose_permutes_dimensions() {
    let text = r#"
func.func @main(%x: tensor<2x3xi32>, %y: tensor<2x3x4xi32>) -> (tensor<3x2xi32>, tensor<4x2x3xi32>) {
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %1 = hlo.transpose %y, dims = [2, 0, 1] : (tensor<2x3x4xi32>) -> tensor<4x2x3xi32>
  func.return %0, %1 : tensor<3x2xi32>, tensor<4x2x3xi32>
}"#;
    let results = run(text, vec![s32s(&[2, 3], &[1, 2, 3, 4, 5, 6]), s32s(&[2, 3, 4], &counting(24))]).expect("runs");
    assert_eq!(ints(&results[0]), vec![1, 4, 2, 5, 3, 6]);
    // result[i, j, k] = y[j, k, i] = 12 j + 4 k + i.
    let mut expected = Vec::new();
    for i in 0..4 {
        for j in 0..2 {
            for k in 0..3 {
                expected.push(12 * j + 4 * k + i);
            }
        }
    }
    assert_eq!(ints(&results[1]), expected);
}

#[test]
fn rev_reverses_the_named_dimensions() {
    let text = r#"
func.func @main(%x: tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>) {
  %0 = hlo.rev %x, dims = [1] : tensor<2x3xi32>
  %1 = hlo.rev %x, dims = [0] : tensor<2x3xi32>
  %2 = hlo.rev %x, dims = [1, 0] : tensor<2x3xi32>
  func.return %0, %1, %2 : tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>
}"#;
    let results = run(text, vec![s32s(&[2, 3], &[1, 2, 3, 4, 5, 6])]).expect("runs");
    assert_eq!(ints(&results[0]), vec![3, 2, 1, 6, 5, 4]);
    assert_eq!(ints(&results[1]), vec![4, 5, 6, 1, 2, 3]);
    assert_eq!(ints(&results[2]), vec![6, 5, 4, 3, 2, 1]);
}

#[test]
fn slices_take_strided_ranges() {
    let text = r#"
func.func @main(%x: tensor<4x6xi32>) -> (tensor<2x2xi32>, tensor<2x2xi32>, tensor<0x2xi32>, tensor<1x3xi32>) {
  %0 = hlo.slice %x [0:2, 1:5:2] : (tensor<4x6xi32>) -> tensor<2x2xi32>
  %1 = hlo.slice %x [1:4:2, 0:6:3] : (tensor<4x6xi32>) -> tensor<2x2xi32>
  %2 = hlo.slice %x [4:4, 0:6:4] : (tensor<4x6xi32>) -> tensor<0x2xi32>
  %3 = hlo.slice %x [3:4, 1:6:2] : (tensor<4x6xi32>) -> tensor<1x3xi32>
  func.return %0, %1, %2, %3 : tensor<2x2xi32>, tensor<2x2xi32>, tensor<0x2xi32>, tensor<1x3xi32>
}"#;
    // x[r, c] = 6 r + c.
    let results = run(text, vec![s32s(&[4, 6], &counting(24))]).expect("runs");
    assert_eq!(ints(&results[0]), vec![1, 3, 7, 9]);
    // Rows 1 and 3, columns 0 and 3.
    assert_eq!(ints(&results[1]), vec![6, 9, 18, 21]);
    assert_eq!(ints(&results[2]), Vec::<i128>::new());
    // Row 3, columns 1, 3 and 5: the limit 6 is not reached by 1 + 3 * 2 = 7.
    assert_eq!(ints(&results[3]), vec![19, 21, 23]);
}

#[test]
fn concatenate_joins_along_any_dimension() {
    let text = r#"
func.func @main(%a: tensor<2x2xi32>, %b: tensor<2x1xi32>, %c: tensor<1x2xi32>) -> (tensor<2x3xi32>, tensor<3x2xi32>, tensor<2x6xi32>) {
  %0 = hlo.concatenate %a, %b, dim = 1 : (tensor<2x2xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
  %1 = hlo.concatenate %a, %c, dim = 0 : (tensor<2x2xi32>, tensor<1x2xi32>) -> tensor<3x2xi32>
  %2 = hlo.concatenate %b, %a, %b, %a, dim = 1 : (tensor<2x1xi32>, tensor<2x2xi32>, tensor<2x1xi32>, tensor<2x2xi32>) -> tensor<2x6xi32>
  func.return %0, %1, %2 : tensor<2x3xi32>, tensor<3x2xi32>, tensor<2x6xi32>
}"#;
    let results = run(text, vec![s32s(&[2, 2], &[1, 2, 3, 4]), s32s(&[2, 1], &[5, 6]), s32s(&[1, 2], &[7, 8])]).expect("runs");
    assert_eq!(ints(&results[0]), vec![1, 2, 5, 3, 4, 6]);
    assert_eq!(ints(&results[1]), vec![1, 2, 3, 4, 7, 8]);
    assert_eq!(ints(&results[2]), vec![5, 1, 2, 5, 1, 2, 6, 3, 4, 6, 3, 4]);
}

#[test]
fn pad_adds_interior_and_edge_padding() {
    let text = r#"
func.func @main(%x: tensor<3xi32>, %p: tensor<i32>) -> (tensor<8xi32>, tensor<3xi32>, tensor<1xi32>, tensor<3xi32>) {
  %0 = hlo.pad %x, %p, low = [1], high = [2], interior = [1] : (tensor<3xi32>, tensor<i32>) -> tensor<8xi32>
  %1 = hlo.pad %x, %p, low = [-1], high = [-1], interior = [1] : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  %2 = hlo.pad %x, %p, low = [-2], high = [0], interior = [0] : (tensor<3xi32>, tensor<i32>) -> tensor<1xi32>
  %3 = hlo.pad %x, %p, low = [0], high = [0], interior = [0] : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  func.return %0, %1, %2, %3 : tensor<8xi32>, tensor<3xi32>, tensor<1xi32>, tensor<3xi32>
}"#;
    let results = run(text, vec![s32s(&[3], &[1, 2, 3]), s32s(&[], &[0])]).expect("runs");
    assert_eq!(ints(&results[0]), vec![0, 1, 0, 2, 0, 3, 0, 0]);
    // Interior padding first ([1, 0, 2, 0, 3]), then one element off each edge.
    assert_eq!(ints(&results[1]), vec![0, 2, 0]);
    assert_eq!(ints(&results[2]), vec![3]);
    assert_eq!(ints(&results[3]), vec![1, 2, 3]);
}

#[test]
fn pad_mixes_negative_and_positive_edges_per_dimension() {
    let text = r#"
func.func @main(%x: tensor<2x3xf32>, %p: tensor<f32>) -> tensor<3x5xf32> {
  %0 = hlo.pad %x, %p, low = [1, -1], high = [0, 1], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}"#;
    let results = run(text, vec![f32s(&[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), f32s(&[], &[9.0])]).expect("runs");
    // Each row [a, b, c] becomes [a, 9, b, 9, c], loses its first element and gains a 9; a
    // row of 9s comes first.
    let expected = [9.0, 9.0, 9.0, 9.0, 9.0, 9.0, 2.0, 9.0, 3.0, 9.0, 9.0, 5.0, 9.0, 6.0, 9.0];
    assert_eq!(floats(&results[0]), expected);
}

#[test]
fn iota_counts_in_every_element_type() {
    let text = r#"
func.func @main() -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<3xf32>, tensor<3xcomplex<f32>>, tensor<300xbf16>, tensor<300xui8>) {
  %0 = hlo.iota dim = 1 : tensor<2x3xi32>
  %1 = hlo.iota dim = 0 : tensor<2x3xi32>
  %2 = hlo.iota dim = 0 : tensor<3xf32>
  %3 = hlo.iota dim = 0 : tensor<3xcomplex<f32>>
  %4 = hlo.iota dim = 0 : tensor<300xbf16>
  %5 = hlo.iota dim = 0 : tensor<300xui8>
  func.return %0, %1, %2, %3, %4, %5 : tensor<2x3xi32>, tensor<2x3xi32>, tensor<3xf32>, tensor<3xcomplex<f32>>, tensor<300xbf16>, tensor<300xui8>
}"#;
    let results = run(text, vec![]).expect("runs");
    assert_eq!(ints(&results[0]), vec![0, 1, 2, 0, 1, 2]);
    assert_eq!(ints(&results[1]), vec![0, 0, 0, 1, 1, 1]);
    assert_eq!(floats(&results[2]), vec![0.0, 1.0, 2.0]);
    match &results[3].tensor().expect("a tensor").elements {
        Elements::Complex(values) => {
            assert_eq!(values.iter().map(|z| (z.re, z.im)).collect::<Vec<_>>(), vec![(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)])
        }
        other => panic!("complex elements expected, found {other:?}"),
    }
    // bf16 has 8 significant bits: 257 is halfway between 256 and 258 and rounds to the even
    // 256; 259 rounds to 260.
    let bf16 = floats(&results[4]);
    assert_eq!((bf16[255], bf16[256], bf16[257], bf16[259]), (255.0, 256.0, 256.0, 260.0));
    // An integer iota wraps, as the conversion of a wider integer count would.
    let u8s = ints(&results[5]);
    assert_eq!((u8s[255], u8s[256], u8s[299]), (255, 0, 43));
}

#[test]
fn dimension_sizes_are_read_and_set() {
    let text = r#"
func.func @main(%x: tensor<2x8xf32>, %n: tensor<i32>) -> (tensor<2x<=8xf32>, tensor<i32>, tensor<i32>) {
  %0 = hlo.set_dimension_size %x, %n, dim = 1 : (tensor<2x8xf32>, tensor<i32>) -> tensor<2x<=8xf32>
  %1 = hlo.get_dimension_size %0, dim = 1 : tensor<2x<=8xf32>
  %2 = hlo.get_dimension_size %x, dim = 0 : tensor<2x8xf32>
  func.return %0, %1, %2 : tensor<2x<=8xf32>, tensor<i32>, tensor<i32>
}"#;
    let x: Vec<f32> = (0..16).map(|v| v as f32).collect();
    let results = run(text, vec![f32s(&[2, 8], &x), s32s(&[], &[3])]).expect("runs");
    assert_eq!(results[0].tensor().expect("a tensor").shape, vec![2, 3]);
    assert_eq!(floats(&results[0]), vec![0.0, 1.0, 2.0, 8.0, 9.0, 10.0]);
    assert_eq!(ints(&results[1]), vec![3]);
    assert_eq!(ints(&results[2]), vec![2]);
    let error = run(text, vec![f32s(&[2, 8], &x), s32s(&[], &[9])]).expect_err("a size past the bound");
    assert!(error.contains("hlo.set_dimension_size: the size 9 of dimension 1 is not in [0, 8]"), "{error}");
}

#[test]
fn dynamic_slices_clamp_their_start_indices() {
    let text = r#"
func.func @main(%a: tensor<5xf32>, %b: tensor<4x3xf32>, %i: tensor<i32>, %j: tensor<i32>) -> (tensor<2xf32>, tensor<2x2xf32>) {
  %0 = hlo.dynamic_slice %a, %i, sizes = [2] : (tensor<5xf32>, tensor<i32>) -> tensor<2xf32>
  %1 = hlo.dynamic_slice %b, %i, %j, sizes = [2, 2] : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  func.return %0, %1 : tensor<2xf32>, tensor<2x2xf32>
}"#;
    let a = f32s(&[5], &[0.0, 1.0, 2.0, 3.0, 4.0]);
    let b = f32s(&[4, 3], &(0..12).map(|v| v as f32).collect::<Vec<_>>());
    let slices = |i: i32, j: i32| run(text, vec![a.clone(), b.clone(), s32s(&[], &[i]), s32s(&[], &[j])]).expect("runs");
    // XLA's examples: {2} -> {2, 3}; {2, 1} -> {{7, 8}, {10, 11}}.
    let results = slices(2, 1);
    assert_eq!(floats(&results[0]), vec![2.0, 3.0]);
    assert_eq!(floats(&results[1]), vec![7.0, 8.0, 10.0, 11.0]);
    // Starts past the end move back to size - slice size; negative ones to 0.
    let results = slices(4, -3);
    assert_eq!(floats(&results[0]), vec![3.0, 4.0]);
    assert_eq!(floats(&results[1]), vec![6.0, 7.0, 9.0, 10.0]);
    let results = slices(-1, 7);
    assert_eq!(floats(&results[0]), vec![0.0, 1.0]);
    assert_eq!(floats(&results[1]), vec![1.0, 2.0, 4.0, 5.0]);
}

#[test]
fn dynamic_slices_read_unsigned_and_narrow_start_indices() {
    let text = r#"
func.func @main(%a: tensor<5xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %big = hlo.constant dense<4294967295> : tensor<ui32>
  %low = hlo.constant dense<-128> : tensor<i8>
  %one = hlo.constant dense<1> : tensor<ui8>
  %0 = hlo.dynamic_slice %a, %big, sizes = [2] : (tensor<5xf32>, tensor<ui32>) -> tensor<2xf32>
  %1 = hlo.dynamic_slice %a, %low, sizes = [2] : (tensor<5xf32>, tensor<i8>) -> tensor<2xf32>
  %2 = hlo.dynamic_slice %a, %one, sizes = [2] : (tensor<5xf32>, tensor<ui8>) -> tensor<2xf32>
  func.return %0, %1, %2 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}"#;
    let results = run(text, vec![f32s(&[5], &[0.0, 1.0, 2.0, 3.0, 4.0])]).expect("runs");
    // The largest u32 is a large start, not -1: clamped to 3.
    assert_eq!(floats(&results[0]), vec![3.0, 4.0]);
    assert_eq!(floats(&results[1]), vec![0.0, 1.0]);
    assert_eq!(floats(&results[2]), vec![1.0, 2.0]);
}

#[test]
fn dynamic_update_slices_clamp_and_overwrite() {
    let text = r#"
func.func @main(%x: tensor<4x4xi32>, %u: tensor<2x2xi32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<4x4xi32> {
  %0 = hlo.dynamic_update_slice %x, %u, %i, %j : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
  func.return %0 : tensor<4x4xi32>
}"#;
    let index = |v: i64| -> Value {
        xla_interp::Literal::new(xla_interp::ElementType::S64, vec![], Elements::Int(vec![v as i128])).into()
    };
    let update = |i: i64, j: i64| {
        let args = vec![s32s(&[4, 4], &counting(16)), s32s(&[2, 2], &[100, 101, 102, 103]), index(i), index(j)];
        ints(&run(text, args).expect("runs")[0])
    };
    // Row 3 is clamped to 2: rows 2 and 3, columns 1 and 2.
    assert_eq!(update(3, 1), vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 100, 101, 11, 12, 102, 103, 15]);
    // (-1, 5) is clamped to (0, 2).
    assert_eq!(update(-1, 5), vec![0, 1, 100, 101, 4, 5, 102, 103, 8, 9, 10, 11, 12, 13, 14, 15]);
}

#[test]
fn dynamic_dimensions_take_their_run_time_sizes() {
    let text = r#"
func.func @main(%x: tensor<?xi32>) -> (tensor<2x?xi32>, tensor<?x2xi32>, tensor<?xi32>) {
  %0 = hlo.reshape %x : (tensor<?xi32>) -> tensor<2x?xi32>
  %1 = hlo.broadcast_in_dim %x, dims = [0] : (tensor<?xi32>) -> tensor<?x2xi32>
  %2 = hlo.rev %x, dims = [0] : tensor<?xi32>
  func.return %0, %1, %2 : tensor<2x?xi32>, tensor<?x2xi32>, tensor<?xi32>
}"#;
    let results = run(text, vec![s32s(&[6], &counting(6))]).expect("runs");
    assert_eq!(results[0].tensor().expect("a tensor").shape, vec![2, 3]);
    assert_eq!(ints(&results[1]), vec![0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    assert_eq!(ints(&results[2]), vec![5, 4, 3, 2, 1, 0]);
    let error = run(text, vec![s32s(&[5], &counting(5))]).expect_err("5 elements are not 2 rows");
    assert!(error.contains("hlo.reshape: an operand of 5 elements cannot take the shape tensor<2x?xi32>"), "{error}");
}

#[test]
fn run_time_shapes_that_break_the_attributes_are_errors() {
    let text = r#"
func.func @main(%x: tensor<?xi32>, %i: tensor<i32>) -> (tensor<3xi32>, tensor<2xi32>) {
  %0 = hlo.broadcast_in_dim %x, dims = [0] : (tensor<?xi32>) -> tensor<3xi32>
  %1 = hlo.dynamic_slice %x, %i, sizes = [2] : (tensor<?xi32>, tensor<i32>) -> tensor<2xi32>
  func.return %0, %1 : tensor<3xi32>, tensor<2xi32>
}"#;
    let error = run(text, vec![s32s(&[2], &[1, 2]), s32s(&[], &[0])]).expect_err("2 elements do not broadcast to 3");
    assert!(error.contains("hlo.broadcast_in_dim: operand dimension 0 has size 2, but result dimension 0 has size 3"), "{error}");
    let text = text.replace("tensor<3xi32>", "tensor<1xi32>");
    let error = run(&text, vec![s32s(&[1], &[1]), s32s(&[], &[0])]).expect_err("a slice of 2 in 1 element");
    assert!(error.contains("hlo.dynamic_slice: a block of size 2 does not fit in dimension 0 of size 1"), "{error}");
}
