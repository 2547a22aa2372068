//! Declares ops with every kind of field, hook and key, builds them and reads them back.

use xla_ir::constraints::*;
use xla_ir::op_def::{verify_declared, Arity, FoldResult, InferContext};
use xla_ir::rewrite::{RewritePattern, Rewriter};
use xla_ir::{Attribute, Body, Builder, Context, Diagnostic, Op, OpId, OpRef, OpTrait, Type};
use xla_macros::op;

/// Negates a tensor.
#[op(name = "test.negate", family = ElementwiseUnary(FloatTensor), traits = [Pure])]
pub struct NegateOp;

/// Adds two integer tensors.
///
/// Wraps around on overflow.
#[op(name = "test.add", family = ElementwiseBinary(IntOrPredTensor), traits = [Commutative], fold = fold_nothing)]
pub struct AddOp;

/// A do-nothing pattern, to show `patterns = [...]`.
pub struct Noop;

impl RewritePattern for Noop {
    fn name(&self) -> &'static str {
        "noop"
    }
    fn identity(&self) -> &'static str {
        "x == x"
    }
    fn root(&self) -> Option<&'static str> {
        Some("test.mixed")
    }
    fn match_and_rewrite(&self, _rewriter: &mut Rewriter, _op: OpId) -> Result<(), &'static str> {
        Err("never applies")
    }
}

pub static NOOP: Noop = Noop;

/// An op with one of everything.
#[op(
    name = "test.mixed",
    traits = [Pure],
    infer = infer_mixed,
    verify = verify_mixed,
    patterns = [NOOP],
    format = "$first `[` $maybe `]` $dims attr-dict `:` functional-type(operands, results) $body"
)]
pub struct MixedOp {
    /// The first value.
    #[operand]
    first: AnyTensor,
    #[operand]
    maybe: Option<AnyTensor>,
    #[attr]
    dims: I64ArrayAttr,
    #[attr]
    label: Option<StrAttr>,
    #[region]
    body: Region,
    #[result]
    out: AnyTensor,
}

fn infer_mixed(cx: &InferContext) -> Result<Vec<Type>, String> {
    Ok(vec![cx.operand_types[0]])
}

fn verify_mixed(op: OpRef) -> Result<(), Diagnostic> {
    let mixed = MixedOp::from_id_unchecked(op.id);
    if mixed.dims(op.body).is_empty() {
        return Err(op.error("dims must not be empty"));
    }
    Ok(())
}

fn fold_nothing(_op: OpRef, _constants: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    None
}

/// Two groups of any number of values, of one size.
#[op(name = "test.pairs", format = "$keys `:` $values attr-dict `:` type(operands) `->` type(results)")]
pub struct PairsOp {
    #[operand]
    keys: Variadic<AnyType>,
    #[operand]
    values: Variadic<AnyType>,
    #[result]
    outputs: Variadic<AnyType>,
}

/// An op whose result type the builder takes.
#[op(name = "test.cast", format = "$input attr-dict `:` type($input) `->` type($output)")]
pub struct CastOp {
    #[operand]
    input: AnyTensor,
    #[result]
    output: AnyTensor,
}

fn main() {
    let ctx = Context::new();
    let mut body = Body::new(&ctx);
    let region = body.create_region();
    let block = body.append_block(region);
    let f32_tensor = ctx.tensor_type(&[2], ctx.f32_type());
    let i32_tensor = ctx.tensor_type(&[2], ctx.int_type(32));
    let x = body.add_block_arg(block, f32_tensor);
    let y = body.add_block_arg(block, f32_tensor);
    let n = body.add_block_arg(block, i32_tensor);
    let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());

    let negate = NegateOp::build(&mut b, x).expect("a float tensor");
    let add = AddOp::build(&mut b, n, n, None).expect("int tensors");
    let mixed = MixedOp::build(&mut b, x, Some(y), &[0], Some("hello")).expect("infers");
    let pairs = PairsOp::build(&mut b, &[x, y], &[n, n], &[f32_tensor]).expect("no inference");
    let error = PairsOp::build(&mut b, &[x, y], &[n], &[]).expect_err("groups of different sizes");
    let cast = CastOp::build(&mut b, x, i32_tensor).expect("no inference");

    assert_eq!(negate.operand(&body), x);
    assert_eq!(body.value_type(negate.result(&body)), f32_tensor);
    assert_eq!((add.lhs(&body), add.rhs(&body)), (n, n));
    assert_eq!(mixed.first(&body), x);
    assert_eq!(mixed.maybe(&body), Some(y));
    assert_eq!((pairs.keys(&body), pairs.values(&body)), (&[x, y][..], &[n, n][..]));
    assert_eq!(pairs.outputs(&body).len(), 1);
    assert_eq!(error.message, "'test.pairs' op needs its variadic operand groups to be the same size, found keys: 2, values: 1");
    assert_eq!(mixed.dims(&body), &[0]);
    assert_eq!(mixed.label(&body), Some("hello"));
    assert_eq!(body.region(mixed.body(&body)).blocks.len(), 0);
    assert_eq!(body.value_type(mixed.out(&body)), f32_tensor);
    assert_eq!(body.value_type(cast.output(&body)), i32_tensor);
    assert_eq!(MixedOp::cast(&body, cast.id()), None);
    assert_eq!(CastOp::cast(&body, cast.id()), Some(cast));

    let def = MixedOp::DEF;
    assert_eq!(def.summary, "An op with one of everything.");
    assert_eq!(def.operands.iter().map(|d| d.arity).collect::<Vec<_>>(), [Arity::One, Arity::Optional]);
    assert_eq!(PairsOp::DEF.results[0].arity, Arity::Variadic);
    assert!(def.attributes[1].optional);
    assert_eq!(def.patterns[0].name(), "noop");
    assert!(NegateOp::DEF.has_trait(OpTrait::Elementwise) && NegateOp::DEF.has_trait(OpTrait::Pure));
    assert_eq!(NegateOp::DEF.traits.len(), 3, "a trait the family already adds is not repeated");
    assert_eq!(AddOp::DEF.description, "Wraps around on overflow.");

    assert!(verify_declared(OpRef::new(&body, mixed.id()), MixedOp::DEF).is_ok());
    let empty_dims = MixedOp::build(&mut Builder::at_end(&mut body, block, ctx.unknown_loc()), x, None, &[], None);
    let empty_dims = empty_dims.expect("infers");
    let error = verify_declared(OpRef::new(&body, empty_dims.id()), MixedOp::DEF).expect_err("empty dims");
    assert_eq!(error.message, "'test.mixed' op dims must not be empty");
    let error = verify_declared(OpRef::new(&body, negate.id()), AddOp::DEF).expect_err("wrong constraint");
    assert_eq!(error.message, "'test.negate' op expected 2 operands, found 1");
}
