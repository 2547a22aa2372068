//! Folders of elementwise arithmetic: constant folding of two dense literals and the
//! algebraic identities that return an operand unchanged.
//!
//! Identities (each exact for every value, NaNs and signed zeros included):
//! - `x + 0 == x` for integers and predicates (`0` on either side);
//! - `x + (-0.0) == x` for floats (`x + 0.0` is not: `-0.0 + 0.0 == +0.0`);
//! - `x * 1 == x` for integers, predicates and floats;
//! - `x - 0 == x` for integers and `x - (+0.0) == x` for floats (the zero on the right only:
//!   `-0.0 - (+0.0) == -0.0`, while `x - (-0.0) == x + 0.0` is not `x` for `x = -0.0`);
//! - `x | 0 == x` and `x & ~0 == x` (all bits set) for integers and predicates.
//!
//! The identity may also be a constant broadcast by `hlo.broadcast_in_dim` (the same literal
//! spelled as two ops, which both readers produce: XLA's HLO broadcasts every scalar
//! constant). A broadcast only repeats the constant's elements, so each identity holds
//! through it unchanged; folding sees it here, so no separate pattern spells it again.
//!
//! Constant folding computes integers with wrap-around at the element width and floats in
//! `f64`, rounded once to the element type (exact for `+`, `-` and `*`, since `f64` has more
//! than twice the precision of every narrower format); `and` and `or` are bitwise, on
//! integers and predicates alike; other arithmetic on predicates, and complex numbers, are
//! left to the interpreter.
//!
//! Invariants: a folder returns an operand only when its type equals the result type, and a
//! constant only of the result type; a fold touches at most [`FOLD_ELEMENT_LIMIT`] elements
//! unless both literals are splats.

use xla_ir::dense::ElementKind;
use xla_ir::op_def::FoldResult;
use xla_ir::rewrite::constant_value;
use xla_ir::{Attribute, Body, Context, DenseElements, OpRef, Scalar, Type, ValueId};

use super::HloOp;

/// The largest number of elements a folder computes one by one.
pub const FOLD_ELEMENT_LIMIT: usize = 1 << 16;

/// The arithmetic of a foldable binary op.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Arithmetic {
    Add,
    Multiply,
    Subtract,
    And,
    Or,
}

impl Arithmetic {
    /// Whether the identity may stand on the left as well as on the right.
    pub(super) fn commutes(self) -> bool {
        self != Arithmetic::Subtract
    }
}

/// Folds `hlo.add`: two literals, `x + 0` (integers) and `x + (-0.0)` (floats).
pub fn fold_add(op: OpRef, constants: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    fold_binary(op, constants, Arithmetic::Add)
}

/// Folds `hlo.multiply`: two literals and `x * 1`.
pub fn fold_multiply(op: OpRef, constants: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    fold_binary(op, constants, Arithmetic::Multiply)
}

/// Folds `hlo.and`: two literals and `x & ~0`.
pub fn fold_and(op: OpRef, constants: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    fold_binary(op, constants, Arithmetic::And)
}

/// Folds `hlo.or`: two literals and `x | 0`.
pub fn fold_or(op: OpRef, constants: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    fold_binary(op, constants, Arithmetic::Or)
}

/// Folds `hlo.subtract`: two literals, `x - 0` (integers) and `x - (+0.0)` (floats).
pub fn fold_subtract(op: OpRef, constants: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    fold_binary(op, constants, Arithmetic::Subtract)
}

fn fold_binary(op: OpRef, constants: &[Option<Attribute>], arithmetic: Arithmetic) -> Option<Vec<FoldResult>> {
    let ctx = op.ctx();
    let (&[lhs, rhs], &[result]) = (op.operands(), op.results()) else { return None };
    let result_type = op.body.value_type(result);
    let constant = |i: usize| constants.get(i).copied().flatten().and_then(|a| ctx.as_dense(a));
    if let (Some(a), Some(b)) = (constant(0), constant(1)) {
        if let Some(folded) = fold_literals(ctx, a, b, result_type, arithmetic) {
            return Some(vec![FoldResult::Constant(ctx.dense_attr(folded))]);
        }
    }
    let sides = if arithmetic.commutes() { 2 } else { 1 };
    for (i, other) in [(1, lhs), (0, rhs)].into_iter().take(sides) {
        let literal = constant(i).or_else(|| broadcast_constant(op.body, op.operands()[i]));
        let is_identity = literal.is_some_and(|l| is_identity(ctx, l, arithmetic));
        if is_identity && op.body.value_type(other) == result_type {
            return Some(vec![FoldResult::Value(other)]);
        }
    }
    None
}

/// The constant literal `v` broadcasts, when `v` is an `hlo.broadcast_in_dim` of one.
fn broadcast_constant<'c>(body: &Body<'c>, v: ValueId) -> Option<&'c DenseElements> {
    let Some(HloOp::BroadcastInDim(broadcast)) = HloOp::of(body, body.defining_op(v)?) else { return None };
    constant_value(body, broadcast.operand(body)).and_then(|a| body.ctx().as_dense(a))
}

/// Whether every element of `literal` is the identity of `arithmetic` (see the module).
pub(super) fn is_identity(ctx: &Context, literal: &DenseElements, arithmetic: Arithmetic) -> bool {
    let Some(kind) = ctx.as_tensor(literal.ty).and_then(|t| ElementKind::of(ctx, t.element)) else { return false };
    if kind.byte_width() == 0 {
        return false;
    }
    let identity = |value: Scalar| match (arithmetic, value) {
        (Arithmetic::Add, Scalar::Int(v)) => v == 0,
        (Arithmetic::Add, Scalar::Float(v)) => v.to_bits() == (-0.0f64).to_bits(),
        (Arithmetic::Multiply, Scalar::Int(v)) => v == 1,
        (Arithmetic::Multiply, Scalar::Float(v)) => v == 1.0,
        (Arithmetic::Subtract, Scalar::Int(v)) => v == 0,
        (Arithmetic::Subtract, Scalar::Float(v)) => v.to_bits() == 0.0f64.to_bits(),
        (Arithmetic::Or, Scalar::Int(v)) => v == 0,
        (Arithmetic::And, Scalar::Int(v)) => match kind {
            ElementKind::Int { width, .. } => wrap(v, width, false) == wrap(-1, width, false),
            _ => false,
        },
        (Arithmetic::And | Arithmetic::Or, _) => false,
        (_, Scalar::Complex(..)) => false,
    };
    // A literal without elements is vacuously all identities, but its op's result has no
    // elements either and is better the constant `zero-element-result-to-constant` makes
    // of it, which depends on nothing, than an operand.
    if literal.data.is_empty() {
        return false;
    }
    // A splat stores one element, so this loop covers splats and full literals alike.
    literal.data.chunks_exact(kind.byte_width()).all(|bytes| identity(kind.decode(bytes)))
}

/// `a op b` elementwise, when both literals have the result type and their elements are
/// integers or floats.
fn fold_literals(
    ctx: &Context,
    a: &DenseElements,
    b: &DenseElements,
    result_type: Type,
    arithmetic: Arithmetic,
) -> Option<DenseElements> {
    if a.ty != result_type || b.ty != result_type {
        return None;
    }
    let kind = ElementKind::of(ctx, ctx.as_tensor(result_type)?.element)?;
    let count = if a.splat && b.splat { 1 } else { a.len(ctx) };
    if count > FOLD_ELEMENT_LIMIT {
        return None;
    }
    let width = kind.byte_width();
    let element = |literal: &DenseElements, i: usize| {
        let start = if literal.splat { 0 } else { i * width };
        literal.data.get(start..start + width).map(|bytes| kind.decode(bytes))
    };
    let values = (0..count)
        .map(|i| combine(kind, element(a, i)?, element(b, i)?, arithmetic))
        .collect::<Option<Vec<Scalar>>>()?;
    DenseElements::from_scalars(ctx, result_type, &values).ok()
}

/// One element of the result, or `None` for element kinds left unfolded.
fn combine(kind: ElementKind, a: Scalar, b: Scalar, arithmetic: Arithmetic) -> Option<Scalar> {
    match (kind, a, b) {
        (ElementKind::Int { width, signedness }, Scalar::Int(x), Scalar::Int(y))
            if matches!(arithmetic, Arithmetic::And | Arithmetic::Or) =>
        {
            let bits = if arithmetic == Arithmetic::And { x & y } else { x | y };
            Some(Scalar::Int(wrap(bits, width, signedness != xla_ir::Signedness::Unsigned && width > 1)))
        }
        (ElementKind::Int { width, signedness }, Scalar::Int(x), Scalar::Int(y)) if width > 1 => {
            let signed = signedness != xla_ir::Signedness::Unsigned;
            let exact = match arithmetic {
                Arithmetic::Add => x.wrapping_add(y),
                Arithmetic::Multiply => x.wrapping_mul(y),
                Arithmetic::Subtract => x.wrapping_sub(y),
                Arithmetic::And | Arithmetic::Or => return None,
            };
            Some(Scalar::Int(wrap(exact, width, signed)))
        }
        (ElementKind::Float(_), Scalar::Float(x), Scalar::Float(y)) => Some(Scalar::Float(match arithmetic {
            Arithmetic::Add => x + y,
            Arithmetic::Multiply => x * y,
            Arithmetic::Subtract => x - y,
            Arithmetic::And | Arithmetic::Or => return None,
        })),
        _ => None,
    }
}

/// `value` reduced to `width` bits, read back as signed or unsigned.
pub(super) fn wrap(value: i128, width: u32, signed: bool) -> i128 {
    if width >= 128 {
        return value;
    }
    let low = value & ((1i128 << width) - 1);
    if signed && low >= 1i128 << (width - 1) {
        low - (1i128 << width)
    } else {
        low
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context};
    use crate::hlo::{AddOp, ConstantOp, MultiplyOp};
    use xla_ir::{Body, Builder, FloatKind, Op};

    /// Builds `op(lhs, rhs)` over two block arguments of type `ty` and folds it with the
    /// given constant operands.
    fn fold<O: Op>(
        ctx: &Context,
        ty: Type,
        build: fn(&mut Builder, xla_ir::ValueId, xla_ir::ValueId) -> O,
        constants: [Option<&DenseElements>; 2],
    ) -> (Option<Vec<FoldResult>>, [xla_ir::ValueId; 2]) {
        let mut body = Body::new(ctx);
        let (block, args) = block_with_args(&mut body, &[ty, ty]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let op = build(&mut b, args[0], args[1]);
        let def = O::DEF.fold.expect("the op has a folder");
        let attrs = constants.map(|c| c.map(|d| ctx.dense_attr(d.clone())));
        (def(OpRef::new(&body, op.id()), &attrs), [args[0], args[1]])
    }

    fn add(b: &mut Builder, x: xla_ir::ValueId, y: xla_ir::ValueId) -> AddOp {
        AddOp::build(b, x, y, None).expect("same types")
    }

    fn multiply(b: &mut Builder, x: xla_ir::ValueId, y: xla_ir::ValueId) -> MultiplyOp {
        MultiplyOp::build(b, x, y, None).expect("same types")
    }

    fn literal(ctx: &Context, ty: Type, values: &[Scalar]) -> DenseElements {
        DenseElements::from_scalars(ctx, ty, values).expect("the values fit the type")
    }

    fn folded_constant(ctx: &Context, result: Option<Vec<FoldResult>>) -> DenseElements {
        match result.as_deref() {
            Some([FoldResult::Constant(attr)]) => ctx.as_dense(*attr).expect("a dense literal").clone(),
            other => panic!("expected a folded constant, found {other:?}"),
        }
    }

    #[test]
    fn integer_literals_fold_with_wrap_around() {
        let ctx = context();
        let ty = ctx.tensor_type(&[3], ctx.int_type(8));
        let a = literal(&ctx, ty, &[Scalar::Int(100), Scalar::Int(-1), Scalar::Int(3)]);
        let b = literal(&ctx, ty, &[Scalar::Int(100), Scalar::Int(1), Scalar::Int(4)]);
        let (sum, _) = fold(&ctx, ty, add, [Some(&a), Some(&b)]);
        assert_eq!(folded_constant(&ctx, sum), literal(&ctx, ty, &[Scalar::Int(-56), Scalar::Int(0), Scalar::Int(7)]));
        let (product, _) = fold(&ctx, ty, multiply, [Some(&a), Some(&b)]);
        assert_eq!(
            folded_constant(&ctx, product),
            literal(&ctx, ty, &[Scalar::Int(16), Scalar::Int(-1), Scalar::Int(12)])
        );
        let unsigned = ctx.tensor_type(&[1], ctx.uint_type(8));
        let big = literal(&ctx, unsigned, &[Scalar::Int(200)]);
        let (sum, _) = fold(&ctx, unsigned, add, [Some(&big), Some(&big)]);
        assert_eq!(folded_constant(&ctx, sum), literal(&ctx, unsigned, &[Scalar::Int(144)]));
    }

    #[test]
    fn float_literals_fold_rounded_to_the_element_type() {
        let ctx = context();
        let ty = ctx.tensor_type(&[2], ctx.f32_type());
        let a = literal(&ctx, ty, &[Scalar::Float(0.1), Scalar::Float(1.5)]);
        let b = literal(&ctx, ty, &[Scalar::Float(0.2), Scalar::Float(-2.0)]);
        let (sum, _) = fold(&ctx, ty, add, [Some(&a), Some(&b)]);
        let expected = [Scalar::Float(f64::from(0.1f32 + 0.2f32)), Scalar::Float(-0.5)];
        assert_eq!(folded_constant(&ctx, sum), literal(&ctx, ty, &expected));

        let half = ctx.tensor_type(&[4], ctx.float_type(FloatKind::F16));
        let splat_a = literal(&ctx, half, &[Scalar::Float(3.0)]);
        let splat_b = literal(&ctx, half, &[Scalar::Float(0.5)]);
        let (product, _) = fold(&ctx, half, multiply, [Some(&splat_a), Some(&splat_b)]);
        let product = folded_constant(&ctx, product);
        assert!(product.splat);
        assert_eq!(product, literal(&ctx, half, &[Scalar::Float(1.5)]));
    }

    #[test]
    fn identities_return_the_other_operand() {
        let ctx = context();
        let ints = ctx.tensor_type(&[2], ctx.int_type(32));
        let zeros = literal(&ctx, ints, &[Scalar::Int(0)]);
        let ones = literal(&ctx, ints, &[Scalar::Int(1), Scalar::Int(1)]);
        let (result, [x, _]) = fold(&ctx, ints, add, [None, Some(&zeros)]);
        assert_eq!(result, Some(vec![FoldResult::Value(x)]));
        let (result, [_, y]) = fold(&ctx, ints, add, [Some(&zeros), None]);
        assert_eq!(result, Some(vec![FoldResult::Value(y)]));
        let (result, [x, _]) = fold(&ctx, ints, multiply, [None, Some(&ones)]);
        assert_eq!(result, Some(vec![FoldResult::Value(x)]));
        let (result, _) = fold(&ctx, ints, multiply, [None, Some(&zeros)]);
        assert_eq!(result, None, "x * 0 is not an identity");

        let floats = ctx.tensor_type(&[2], ctx.f32_type());
        let negative_zero = literal(&ctx, floats, &[Scalar::Float(-0.0)]);
        let positive_zero = literal(&ctx, floats, &[Scalar::Float(0.0)]);
        let one = literal(&ctx, floats, &[Scalar::Float(1.0)]);
        let (result, [x, _]) = fold(&ctx, floats, add, [None, Some(&negative_zero)]);
        assert_eq!(result, Some(vec![FoldResult::Value(x)]));
        let (result, _) = fold(&ctx, floats, add, [None, Some(&positive_zero)]);
        assert_eq!(result, None, "x + 0.0 is not x when x is -0.0");
        let (result, [x, _]) = fold(&ctx, floats, multiply, [None, Some(&one)]);
        assert_eq!(result, Some(vec![FoldResult::Value(x)]));
    }

    #[test]
    fn predicates_complex_and_large_literals_are_left_alone() {
        let ctx = context();
        let preds = ctx.tensor_type(&[2], ctx.int_type(1));
        let t = literal(&ctx, preds, &[Scalar::Int(1), Scalar::Int(0)]);
        assert_eq!(fold(&ctx, preds, add, [Some(&t), Some(&t)]).0, None);

        let complex = ctx.ty(xla_ir::TypeData::Complex(ctx.f32_type()));
        let complex_tensor = ctx.tensor_type(&[1], complex);
        let c = literal(&ctx, complex_tensor, &[Scalar::Complex(1.0, 0.0)]);
        assert_eq!(fold(&ctx, complex_tensor, multiply, [Some(&c), Some(&c)]).0, None);

        let large = ctx.tensor_type(&[FOLD_ELEMENT_LIMIT as i64 + 1], ctx.int_type(32));
        let values: Vec<Scalar> = (0..=FOLD_ELEMENT_LIMIT as i128).map(Scalar::Int).collect();
        let big = literal(&ctx, large, &values);
        assert_eq!(fold(&ctx, large, add, [Some(&big), Some(&big)]).0, None);
        let splat = literal(&ctx, large, &[Scalar::Int(2)]);
        let (sum, _) = fold(&ctx, large, add, [Some(&splat), Some(&splat)]);
        assert_eq!(folded_constant(&ctx, sum), literal(&ctx, large, &[Scalar::Int(4)]));
    }

    #[test]
    fn wrap_reduces_to_the_element_width() {
        assert_eq!(wrap(128, 8, true), -128);
        assert_eq!(wrap(-1, 8, false), 255);
        assert_eq!(wrap(1 << 64, 64, true), 0);
        assert_eq!(wrap(-5, 128, true), -5);
    }

    #[test]
    fn constants_materialize_as_hlo_constant() {
        let ctx = context();
        let mut body = Body::new(&ctx);
        let (block, _) = block_with_args(&mut body, &[]);
        let ty = ctx.tensor_type(&[2], ctx.f32_type());
        let value = ctx.dense_attr(literal(&ctx, ty, &[Scalar::Float(1.0)]));
        let location = ctx.file_loc("x.mlir", 3, 4);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let materialize = crate::hlo::HLO_DIALECT.materialize_constant.expect("hlo materializes constants");
        let v = materialize(&mut b, value, ty, location).expect("a dense literal of the right type");
        assert_eq!(materialize(&mut b, value, ctx.tensor_type(&[3], ctx.f32_type()), location), None);
        assert_eq!(b.location, ctx.unknown_loc());
        let op = body.defining_op(v).expect("a constant op");
        let constant = ConstantOp::cast(&body, op).expect("hlo.constant");
        assert_eq!(body.op(constant.id()).location, location);
        assert_eq!(body.attr(op, "value"), Some(value));
    }
}
