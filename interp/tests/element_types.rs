//! Every kind of element type through whole programs: sub-byte integers wrap at their
//! width, narrow floats round once per op, complex numbers follow complex arithmetic, and
//! bitcasts see little-endian bits. Expected values are XLA CPU's (jax 0.10.2) where the
//! rounding is not obvious.

mod support;

use support::*;
use xla_interp::{Elements, ElementType, Literal, Value};
use xla_ir::FloatKind;

fn literal(element: ElementType, shape: &[i64], elements: Elements) -> Value {
    Literal::new(element, shape.to_vec(), elements).into()
}

#[test]
fn four_bit_and_two_bit_integers_wrap_at_their_width() {
    let text = r#"
func.func @main(%a: tensor<3xi4>, %b: tensor<3xi4>, %c: tensor<2xui2>) -> (tensor<3xi4>, tensor<3xi4>, tensor<2xui2>) {
  %0 = hlo.add %a, %b : tensor<3xi4>
  %1 = hlo.multiply %a, %b : tensor<3xi4>
  %2 = hlo.add %c, %c : tensor<2xui2>
  func.return %0, %1, %2 : tensor<3xi4>, tensor<3xi4>, tensor<2xui2>
}"#;
    let s4 = ElementType::Int { bits: 4, signed: true };
    let u2 = ElementType::Int { bits: 2, signed: false };
    let args = vec![
        literal(s4, &[3], Elements::Int(vec![7, -8, 3])),
        literal(s4, &[3], Elements::Int(vec![1, -1, 3])),
        literal(u2, &[2], Elements::Int(vec![2, 3])),
    ];
    let results = run(text, args).expect("runs");
    assert_eq!(ints(&results[0]), vec![-8, 7, 6]);
    assert_eq!(ints(&results[1]), vec![7, -8, -7]);
    assert_eq!(ints(&results[2]), vec![0, 2]);
}

#[test]
fn narrow_floats_round_once_per_op() {
    let text = r#"
func.func @main(%a: tensor<2xbf16>, %b: tensor<2xbf16>, %x: tensor<2xf8E4M3FN>) -> (tensor<2xbf16>, tensor<2xf8E4M3FN>) {
  %0 = hlo.add %a, %b : tensor<2xbf16>
  %1 = hlo.multiply %x, %x : tensor<2xf8E4M3FN>
  func.return %0, %1 : tensor<2xbf16>, tensor<2xf8E4M3FN>
}"#;
    let bf16 = ElementType::Float(FloatKind::BF16);
    let e4m3 = ElementType::Float(FloatKind::F8E4M3FN);
    let args = vec![
        literal(bf16, &[2], Elements::Float(vec![1.0, 256.0])),
        literal(bf16, &[2], Elements::Float(vec![0.00390625, 1.0])),
        literal(e4m3, &[2], Elements::Float(vec![1.125, 20.0])),
    ];
    let results = run(text, args).expect("runs");
    // 1 + 2^-8 is halfway between bf16 neighbours and rounds to even; 257 rounds to 256.
    assert_eq!(floats(&results[0]), vec![1.0, 256.0]);
    // 1.125^2 = 1.265625 rounds to 1.25 in e4m3fn; 400 is halfway between 384 and 416 and
    // rounds to the even code, 384 (XLA CPU gives the same).
    assert_eq!(floats(&results[1]), vec![1.25, 384.0]);
}

#[test]
fn complex_numbers_follow_complex_arithmetic() {
    let text = r#"
func.func @main(%re: tensor<2xf32>, %im: tensor<2xf32>) -> (tensor<2xcomplex<f32>>, tensor<2xf32>, tensor<2xf32>) {
  %z = hlo.complex %re, %im : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>
  %0 = hlo.multiply %z, %z : tensor<2xcomplex<f32>>
  %1 = hlo.abs %z : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %2 = hlo.imag %0 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  func.return %0, %1, %2 : tensor<2xcomplex<f32>>, tensor<2xf32>, tensor<2xf32>
}"#;
    let results = run(text, vec![f32s(&[2], &[3.0, 0.0]), f32s(&[2], &[4.0, 1.0])]).expect("runs");
    let squared = results[0].tensor().expect("a tensor");
    assert_eq!(squared.get(0), xla_ir::Scalar::Complex(-7.0, 24.0));
    assert_eq!(squared.get(1), xla_ir::Scalar::Complex(-1.0, 0.0));
    assert_eq!(floats(&results[1]), vec![5.0, 1.0]);
    assert_eq!(floats(&results[2]), vec![24.0, 0.0]);
}

#[test]
fn bitcasts_see_little_endian_bits() {
    let text = r#"
func.func @main(%x: tensor<2xf32>) -> (tensor<2xi32>, tensor<2x2xi16>, tensor<2xf32>) {
  %0 = hlo.bitcast_convert_type %x : (tensor<2xf32>) -> tensor<2xi32>
  %1 = hlo.bitcast_convert_type %x : (tensor<2xf32>) -> tensor<2x2xi16>
  %2 = hlo.bitcast_convert_type %1 : (tensor<2x2xi16>) -> tensor<2xf32>
  func.return %0, %1, %2 : tensor<2xi32>, tensor<2x2xi16>, tensor<2xf32>
}"#;
    let results = run(text, vec![f32s(&[2], &[1.0, -2.0])]).expect("runs");
    assert_eq!(ints(&results[0]), vec![0x3F80_0000, 0xC000_0000u32 as i32 as i128]);
    // The low half comes first.
    assert_eq!(ints(&results[1]), vec![0, 0x3F80, 0, 0xC000u16 as i16 as i128]);
    assert_eq!(floats(&results[2]), vec![1.0, -2.0]);
}

#[test]
fn conditionals_pick_a_branch_and_map_applies_its_computation() {
    let text = r#"
func.func @main(%p: tensor<i1>, %i: tensor<i32>, %x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0 = hlo.conditional %p, %x, %x : (tensor<i1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<3xf32>):
    %n = hlo.negate %a : tensor<3xf32>
    hlo.return %n : tensor<3xf32>
  }, {
  ^bb0(%b: tensor<3xf32>):
    hlo.return %b : tensor<3xf32>
  }
  %1 = hlo.conditional %i, %x, %x : (tensor<i32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<3xf32>):
    hlo.return %a : tensor<3xf32>
  }, {
  ^bb0(%b: tensor<3xf32>):
    %s = hlo.multiply %b, %b : tensor<3xf32>
    hlo.return %s : tensor<3xf32>
  }
  %2 = hlo.map(%x, %x) dimensions = [0] : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    %s = hlo.add %m, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  func.return %0, %1, %2 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}"#;
    let pred = literal(ElementType::Pred, &[], Elements::Int(vec![1]));
    // An index out of range runs the last branch.
    let results = run(text, vec![pred, s32s(&[], &[7]), f32s(&[3], &[1.0, -2.0, 3.0])]).expect("runs");
    assert_eq!(floats(&results[0]), vec![-1.0, 2.0, -3.0]);
    assert_eq!(floats(&results[1]), vec![1.0, 4.0, 9.0]);
    assert_eq!(floats(&results[2]), vec![2.0, -4.0, 6.0]);
}
