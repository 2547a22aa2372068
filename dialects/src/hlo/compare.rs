//! `hlo.compare`: XLA's elementwise comparisons (`Eq`, `Ne`, `Ge`, `Gt`, `Le`, `Lt` and their
//! total-order variants), one op with a direction and an optional comparison type.
//!
//! Shape rule: the operands broadcast as for the other binary ops (XLA's implicit
//! broadcasting); the result has the broadcast shape and `i1` (XLA's `pred`) elements.
//! The comparison type says how elements compare and must fit their type (XLA's
//! `Comparison::Type`): `FLOAT` (IEEE 754 partial order) or `TOTALORDER`
//! (`-NaN < -Inf < -finite < -0 < +0 < +finite < +Inf < +NaN`) for floats, `FLOAT` for complex
//! numbers, `SIGNED` for signed integers, `UNSIGNED` for unsigned integers and predicates;
//! `NOTYPE` and an absent type mean the default of the element type.
//!
//! Custom form, StableHLO's:
//! `%0 = hlo.compare GT, %a, %b, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>`,
//! where `, FLOAT` may be left out (the default comparison of the element type).

use xla_ir::constraints::{AttrKind, I64ArrayAttr, NumericTensor, PredTensor};
use xla_ir::families::infer_broadcasting_compare;
use xla_ir::op_def::OpRef;
use xla_ir::parser::{lexer::TokenKind, OpParser, UnresolvedOperand};
use xla_ir::printer::OpPrinter;
use xla_ir::{Context, Diagnostic, Op, OpId, OpState, Type};
use xla_macros::op;

use super::elementwise_support::{
    is_pred, is_signed_int, is_unsigned_int, parse_attr_dict_into, parse_functional_type,
};

xla_ir::enum_attr! {
    /// How `hlo.compare` relates `lhs` to `rhs`.
    pub enum ComparisonDirection: "a comparison direction" {
        Eq = "EQ",
        Ne = "NE",
        Ge = "GE",
        Gt = "GT",
        Le = "LE",
        Lt = "LT",
    }
}

xla_ir::enum_attr! {
    /// What order `hlo.compare` uses (XLA's `Comparison::Type`).
    pub enum ComparisonType: "a comparison type" {
        Float = "FLOAT",
        TotalOrder = "TOTALORDER",
        Signed = "SIGNED",
        Unsigned = "UNSIGNED",
        NoType = "NOTYPE",
    }
}

/// Compares two tensors elementwise, giving a tensor of predicates.
///
/// XLA's `Eq`, `Ne`, `Ge`, `Gt`, `Le` and `Lt` (`comparison_direction`), and their
/// total-order variants (`compare_type = TOTALORDER`). Floats compare by IEEE 754 unless the
/// order is total; complex numbers compare only for (in)equality. The operands broadcast as
/// for `hlo.add`; the result has `i1` elements.
///
/// Example: `%0 = hlo.compare LT, %a, %b, TOTALORDER : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>`
#[op(
    name = "hlo.compare",
    traits = [Pure, Elementwise, Broadcasting],
    infer = infer_broadcasting_compare,
    verify = verify_compare,
    patterns = [
        super::compare_patterns::COMPARE_OF_CONSTANTS,
        super::compare_patterns::COMPARE_OF_PREDICATE_AND_CONSTANT,
        super::compare_patterns::COMPARE_DEFAULT_TYPE
    ],
    print = print_compare,
    parse = parse_compare
)]
pub struct CompareOp {
    #[operand]
    lhs: NumericTensor,
    #[operand]
    rhs: NumericTensor,
    /// The relation tested.
    #[attr]
    comparison_direction: ComparisonDirection,
    /// The order used; the element type's default when absent.
    #[attr]
    compare_type: Option<ComparisonType>,
    /// Maps each dimension of the lower-rank operand to one of the other's (XLA's implicit
    /// broadcasting).
    #[attr]
    broadcast_dimensions: Option<I64ArrayAttr>,
    #[result]
    result: PredTensor,
}

/// The comparison types that fit elements of type `element`.
pub fn comparison_types_for(ctx: &Context, element: Type) -> &'static [ComparisonType] {
    use ComparisonType::*;
    if ctx.is_float(element) {
        &[Float, TotalOrder, NoType]
    } else if ctx.is_complex(element) {
        &[Float, NoType]
    } else if is_signed_int(ctx, element) {
        &[Signed, NoType]
    } else if is_unsigned_int(ctx, element) || is_pred(ctx, element) {
        &[Unsigned, NoType]
    } else {
        &[NoType]
    }
}

/// Checks `hlo.compare`: the comparison type fits the element type, and complex numbers are
/// compared only with `EQ` or `NE` (they have no order).
pub fn verify_compare(op: OpRef) -> Result<(), Diagnostic> {
    let compare = CompareOp::from_id_unchecked(op.id);
    let element = op.ctx().element_type(op.body.value_type(compare.lhs(op.body)));
    verify_comparison(op, element, compare.comparison_direction(op.body), compare.compare_type(op.body))
}

/// The checks every comparison op shares (`hlo.compare`, `loop.compare`): `compare_type`
/// fits elements of type `element`, and complex numbers compare only with `EQ` or `NE`.
pub fn verify_comparison(
    op: OpRef,
    element: Type,
    direction: ComparisonDirection,
    compare_type: Option<ComparisonType>,
) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    if let Some(ty) = compare_type {
        let fitting = comparison_types_for(ctx, element);
        if !fitting.contains(&ty) {
            let names: Vec<&str> = fitting.iter().filter(|t| **t != ComparisonType::NoType).map(|t| t.name()).collect();
            let expected = if names.is_empty() { "none".to_string() } else { names.join(" or ") };
            return Err(op.error(format!(
                "compare_type {} does not fit elements of type {}; expected {expected}",
                ty.name(),
                ctx.type_to_string(element)
            )));
        }
    }
    if ctx.is_complex(element) && !matches!(direction, ComparisonDirection::Eq | ComparisonDirection::Ne) {
        return Err(op.error(format!(
            "complex numbers have no order: comparison_direction must be EQ or NE, found {}",
            direction.name()
        )));
    }
    Ok(())
}

/// Prints ` GT, %a, %b, FLOAT {attrs} : (A, B) -> R`.
fn print_compare(p: &mut OpPrinter, op: OpId) {
    print_comparison_head(p, op);
    let body = p.body();
    let ctx = body.ctx();
    let data = body.op(op);
    p.print(" : ");
    let inputs: Vec<Type> = data.operands.iter().map(|v| body.value_type(*v)).collect();
    let results: Vec<Type> = data.results.iter().map(|v| body.value_type(*v)).collect();
    p.print_type(ctx.function_type(inputs, results));
}

/// Prints what every comparison op writes before its types (`hlo.compare`,
/// `loop.compare`): ` GT, %a, %b, FLOAT {attrs}`. A direction or type that is no value of
/// its enumeration (which the verifier rejects) stays in the attribute dictionary, so that
/// even invalid IR prints in a form that reads back.
pub fn print_comparison_head(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let ctx = body.ctx();
    let data = body.op(op);
    let direction = body.attr(op, "comparison_direction").and_then(|a| ComparisonDirection::get(ctx, a));
    let compare_type = body.attr(op, "compare_type").and_then(|a| ComparisonType::get(ctx, a));
    let mut elided = Vec::new();
    p.print(" ");
    if let Some(direction) = direction {
        p.print(direction.name());
        p.print(", ");
        elided.push("comparison_direction");
    }
    p.print_operands(&data.operands);
    if let Some(compare_type) = compare_type {
        p.print(", ");
        p.print(compare_type.name());
        elided.push("compare_type");
    }
    p.print_attr_dict(&data.attributes, &elided);
}

/// Parses what [`print_comparison_head`] prints, through the attribute dictionary, and
/// returns the two operands; the direction and type are checked as they are read. Without
/// a direction keyword, the direction comes from the attribute dictionary.
pub fn parse_comparison_head(p: &mut OpParser, state: &mut OpState) -> Result<[UnresolvedOperand; 2], Diagnostic> {
    let ctx = p.ctx();
    if !p.is(TokenKind::PercentIdent) {
        let direction = parse_keyword(p, ComparisonDirection::parse, ComparisonDirection::CONSTRAINT.description)?;
        state.set_attr(ctx.symbol("comparison_direction"), ComparisonDirection::make(ctx, direction));
        p.expect(TokenKind::Comma)?;
    }
    let lhs = p.parse_operand()?;
    p.expect(TokenKind::Comma)?;
    let rhs = p.parse_operand()?;
    if p.accept(TokenKind::Comma) {
        let compare_type = parse_keyword(p, ComparisonType::parse, ComparisonType::CONSTRAINT.description)?;
        state.set_attr(ctx.symbol("compare_type"), ComparisonType::make(ctx, compare_type));
    }
    parse_attr_dict_into(p, state)?;
    Ok([lhs, rhs])
}

/// Parses what [`print_compare`] prints.
fn parse_compare(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let operands = parse_comparison_head(p, state)?;
    p.expect(TokenKind::Colon)?;
    parse_functional_type(p, state, &operands)
}

/// Parses a bare keyword naming a value of an enumerated attribute described as `what`.
fn parse_keyword<E>(p: &mut OpParser, parse: fn(&str) -> Option<E>, what: &str) -> Result<E, Diagnostic> {
    let at = p.loc();
    let word = p.parse_identifier()?;
    parse(word).ok_or_else(|| Diagnostic::error(at, format!("expected {what}, found '{word}'")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify, verify_error};
    use xla_ir::{Body, Builder, TypeData};

    #[test]
    fn compare_gives_predicates_of_the_broadcast_shape() {
        let ctx = context();
        let f32 = ctx.f32_type();
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[ctx.tensor_type(&[2, 3], f32), ctx.tensor_type(&[3], f32)]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let compare = CompareOp::build(
            &mut b,
            args[0],
            args[1],
            ComparisonDirection::Ge,
            Some(ComparisonType::TotalOrder),
            Some(&[1]),
        )
        .expect("broadcastable operands");
        assert_eq!(body.value_type(compare.result(&body)), ctx.tensor_type(&[2, 3], ctx.int_type(1)));
        assert_eq!(compare.comparison_direction(&body), ComparisonDirection::Ge);
        assert_eq!(compare.compare_type(&body), Some(ComparisonType::TotalOrder));
        assert!(verify(&body, compare).is_ok());
    }

    #[test]
    fn compare_types_fit_element_types() {
        let ctx = context();
        use ComparisonType::*;
        let complex = ctx.ty(TypeData::Complex(ctx.f32_type()));
        assert_eq!(comparison_types_for(&ctx, ctx.f32_type()), [Float, TotalOrder, NoType]);
        assert_eq!(comparison_types_for(&ctx, complex), [Float, NoType]);
        assert_eq!(comparison_types_for(&ctx, ctx.int_type(32)), [Signed, NoType]);
        assert_eq!(comparison_types_for(&ctx, ctx.uint_type(8)), [Unsigned, NoType]);
        assert_eq!(comparison_types_for(&ctx, ctx.int_type(1)), [Unsigned, NoType]);
        assert_eq!(comparison_types_for(&ctx, ctx.index_type()), [NoType]);

        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(
            &mut body,
            &[
                ctx.tensor_type(&[2], ctx.int_type(32)),
                ctx.tensor_type(&[2], complex),
                ctx.tensor_type(&[2], ctx.int_type(1)),
            ],
        );
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut compare =
            |v, direction, ty| CompareOp::build(&mut b, v, v, direction, ty, None).expect("inference passes");
        let float_ints = compare(args[0], ComparisonDirection::Lt, Some(Float));
        let ordered_complex = compare(args[1], ComparisonDirection::Gt, None);
        let equal_complex = compare(args[1], ComparisonDirection::Eq, Some(Float));
        let unsigned_preds = compare(args[2], ComparisonDirection::Ne, Some(Unsigned));
        let signed_preds = compare(args[2], ComparisonDirection::Ne, Some(Signed));
        let default = compare(args[0], ComparisonDirection::Le, Some(NoType));
        assert_eq!(
            verify_error(&body, float_ints),
            "compare_type FLOAT does not fit elements of type i32; expected SIGNED"
        );
        assert_eq!(
            verify_error(&body, ordered_complex),
            "complex numbers have no order: comparison_direction must be EQ or NE, found GT"
        );
        assert_eq!(
            verify_error(&body, signed_preds),
            "compare_type SIGNED does not fit elements of type i1; expected UNSIGNED"
        );
        for ok in [equal_complex, unsigned_preds, default] {
            assert!(verify(&body, ok).is_ok());
        }
    }

    #[test]
    fn invalid_directions_print_in_a_form_that_reads_back() {
        use xla_ir::parser::parse_source;
        use xla_ir::printer::{print_op, PrintOptions};
        let ctx = context();
        let src = r#"func.func @f(%x: tensor<2xf32>) {
  %0 = "hlo.compare"(%x, %x) {comparison_direction = "gt", compare_type = "float"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return
}"#;
        let module = parse_source(&ctx, "in.mlir", src, 1).expect("the generic form parses");
        let printed = print_op(&module.body, module.op, &PrintOptions::default());
        assert!(printed.contains(r#"hlo.compare %arg0, %arg0 {compare_type = "float", comparison_direction = "gt"} : "#), "{printed}");
        let again = parse_source(&ctx, "out.mlir", &printed, 1).expect("the custom form reads back");
        assert_eq!(print_op(&again.body, again.op, &PrintOptions::default()), printed);
    }
}
