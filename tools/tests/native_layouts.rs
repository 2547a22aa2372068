//! Code generation honors every layout: programs whose parameters and results have
//! non-default layouts (column-major `f32[2,3]{0,1}`, `f32[4,5,6]{0,2,1}`, padded `[3,5]`
//! layouts with a padding value, given on the types, by `xla.layout` attributes or JAX's
//! `mhlo.layout_mode`) are compiled natively (with `layout-assignment`, and without it) and
//! run by `xla-run`'s driver, which lays each argument out in its layout and reads each
//! result back through its own; the printed results must be the interpreter's, bit for bit.
//! Each case also names a line the results must contain, so a program that fails alike
//! both ways does not pass.

use std::path::PathBuf;

use xla_interp::arrays::write_npz;
use xla_interp::element::ElementType;
use xla_interp::literal::{Elements, Literal};
use xla_tools::run::{run, RunConfig};

/// Arguments of the given shapes, element `k` of argument `a` being `(k + 1) / (a + 2)`.
fn arguments(name: &str, shapes: &[&[i64]]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xla_native_layouts_{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("{name}.npz"));
    let arrays: Vec<(String, Literal)> = shapes
        .iter()
        .enumerate()
        .map(|(a, shape)| {
            let n: i64 = shape.iter().product();
            let values = (0..n).map(|k| ((k + 1) as f32 / (a + 2) as f32) as f64).collect();
            (format!("arg{a}"), Literal::new(ElementType::F32, shape.to_vec(), Elements::Float(values)))
        })
        .collect();
    write_npz(&path, &arrays).expect("the arguments are written");
    path
}

/// Runs `program` interpreted and compiled (with and without layout assignment) on
/// arguments of `shapes`, and checks that all agree and contain `expected`.
fn same_both_ways(name: &str, shapes: &[&[i64]], program: &str, expected: &str) {
    let mut config = RunConfig::new(&format!("{name}.mlir"));
    config.inputs = vec![arguments(name, shapes)];
    config.interpret = true;
    let interpreted = run(&config, program);
    assert!(interpreted.success, "{name}: the interpreter failed:\n{}", interpreted.stderr);
    assert!(interpreted.stdout.contains(expected), "{name}: the results lack `{expected}`:\n{}", interpreted.stdout);
    config.interpret = false;
    for assign in [true, false] {
        config.assign_layouts = assign;
        let compiled = run(&config, program);
        assert!(compiled.success, "{name} (layout assignment {assign}): the compiled code failed:\n{}", compiled.stderr);
        assert_eq!(compiled.stdout, interpreted.stdout, "{name} (layout assignment {assign}): compiled (left) and interpreted (right) differ");
    }
}

#[test]
fn column_major_parameter_and_result() {
    same_both_ways(
        "column_major",
        &[&[2, 3], &[2, 3]],
        r#"func.func @main(%a: tensor<2x3xf32, {0, 1}>, %b: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<2x3xf32, {0, 1}>) {
  %0 = hlo.add %a, %b : (tensor<2x3xf32, {0, 1}>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = hlo.exponential %0 : tensor<2x3xf32>
  %2 = hlo.transpose %1, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %3 = hlo.multiply %a, %a : (tensor<2x3xf32, {0, 1}>, tensor<2x3xf32, {0, 1}>) -> tensor<2x3xf32>
  %4 = hlo.copy %3 : (tensor<2x3xf32>) -> tensor<2x3xf32, {0, 1}>
  func.return %2, %4 : tensor<3x2xf32>, tensor<2x3xf32, {0, 1}>
}"#,
        "@main result 1: f32[2,3] [[0.25, 1, 2.25], [4, 6.25, 9]]",
    );
}

#[test]
fn rank_three_permuted_layouts() {
    same_both_ways(
        "rank3",
        &[&[4, 5, 6]],
        r#"func.func @main(%a: tensor<4x5x6xf32, {0, 2, 1}>) -> (tensor<6x4x5xf32, {1, 0, 2}>, tensor<4x5x6xf32, {2, 0, 1}>, tensor<f32>) {
  %0 = hlo.transpose %a, dims = [2, 0, 1] : (tensor<4x5x6xf32, {0, 2, 1}>) -> tensor<6x4x5xf32>
  %1 = hlo.copy %0 : (tensor<6x4x5xf32>) -> tensor<6x4x5xf32, {1, 0, 2}>
  %2 = hlo.negate %a : (tensor<4x5x6xf32, {0, 2, 1}>) -> tensor<4x5x6xf32>
  %3 = hlo.copy %2 : (tensor<4x5x6xf32>) -> tensor<4x5x6xf32, {2, 0, 1}>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %4 = hlo.reduce(%a init: %z) dimensions = [0, 1, 2] : (tensor<4x5x6xf32, {0, 2, 1}>, tensor<f32>) -> tensor<f32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = hlo.add %x, %y : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  func.return %1, %3, %4 : tensor<6x4x5xf32, {1, 0, 2}>, tensor<4x5x6xf32, {2, 0, 1}>, tensor<f32>
}"#,
        "@main result 2: f32[] 3630",
    );
}

#[test]
fn padded_layouts_with_padding_values() {
    same_both_ways(
        "padded",
        &[&[3, 5], &[2, 3]],
        r#"func.func @main(%a: tensor<3x5xf32, {1, 0}, padded = [4, 8], padding = zero>, %b: tensor<2x3xf32> {xla.layout = "{0, 1}, padded = [3, 5], padding = zero"})
    -> (tensor<3x5xf32, {0, 1}, padded = [5, 6], padding = lowest>, tensor<2x3xf32> {mhlo.layout_mode = "{0,1}"}) {
  %0 = hlo.sqrt %a : (tensor<3x5xf32, {1, 0}, padded = [4, 8], padding = zero>) -> tensor<3x5xf32>
  %1 = hlo.copy %0 : (tensor<3x5xf32>) -> tensor<3x5xf32, {0, 1}, padded = [5, 6], padding = lowest>
  %2 = hlo.add %b, %b : tensor<2x3xf32>
  func.return %1, %2 : tensor<3x5xf32, {0, 1}, padded = [5, 6], padding = lowest>, tensor<2x3xf32>
}"#,
        "@main result 1: f32[2,3] [[0.6666667, 1.3333334, 2], [2.6666667, 3.3333333, 4]]",
    );
}

#[test]
fn dot_of_column_major_operands() {
    same_both_ways(
        "dot",
        &[&[3, 4], &[4, 2]],
        r#"func.func @main(%a: tensor<3x4xf32, {0, 1}>, %b: tensor<4x2xf32, {0, 1}>) -> tensor<2x3xf32, {0, 1}> {
  %0 = hlo.dot %a, %b : (tensor<3x4xf32, {0, 1}>, tensor<4x2xf32, {0, 1}>) -> tensor<3x2xf32>
  %1 = hlo.transpose %0, dims = [1, 0] : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %2 = hlo.copy %1 : (tensor<2x3xf32>) -> tensor<2x3xf32, {0, 1}>
  func.return %2 : tensor<2x3xf32, {0, 1}>
}"#,
        "@main result 0: f32[2,3]",
    );
}
