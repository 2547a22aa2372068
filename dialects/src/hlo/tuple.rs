//! `hlo.tuple` and `hlo.get_tuple_element`: XLA's `Tuple` and `GetTupleElement`, which
//! group values into a tuple and take one back out.

use xla_ir::constraints::{AnyTuple, AnyType, I64Attr, Variadic};
use xla_ir::op_def::InferContext;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::{Diagnostic, OpId, OpState, Type, TypeData};
use xla_macros::op;

use super::shape_checks::{i64_attr, parse_attr_dict_into};

/// Groups values of any types into a tuple.
///
/// XLA's `Tuple`: the result's type is `tuple<...>` of the operands' types, in order. The
/// custom form names the result type, which gives the operand types (and keeps an empty
/// tuple, `hlo.tuple : tuple<>`, from running into the next line).
///
/// Example: `%0 = hlo.tuple %a, %b : tuple<tensor<2xf32>, tensor<i32>>`
#[op(name = "hlo.tuple", traits = [Pure], infer = infer_tuple, print = print_tuple, parse = parse_tuple)]
pub struct TupleOp {
    /// The values grouped, in order.
    #[operand]
    elements: Variadic<AnyType>,
    #[result]
    result: AnyTuple,
}

/// The shape function of `hlo.tuple`: the tuple of the operand types.
pub fn infer_tuple(cx: &InferContext) -> Result<Vec<Type>, String> {
    Ok(vec![cx.ctx.ty(TypeData::Tuple(cx.operand_types.to_vec()))])
}

/// Prints ` %a, %b : tuple<...>`.
fn print_tuple(p: &mut OpPrinter, op: OpId) {
    let body = p.body();
    let data = body.op(op);
    if !data.operands.is_empty() {
        p.print(" ");
        p.print_operands(&data.operands.clone());
    }
    p.print_attr_dict(&data.attributes, &[]);
    p.print(" : ");
    for &result in &data.results {
        p.print_type(body.value_type(result));
    }
}

fn parse_tuple(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let operands = p.parse_optional_operand_list()?;
    parse_attr_dict_into(p, state)?;
    p.expect(TokenKind::Colon)?;
    let at = p.loc();
    let ty = p.parse_type()?;
    let TypeData::Tuple(elements) = p.ctx().type_data(ty).clone() else {
        return Err(Diagnostic::error(at, format!("expected a tuple type, found {}", p.ctx().type_to_string(ty))));
    };
    if elements.len() != operands.len() {
        return Err(Diagnostic::error(at, format!("expected a tuple of {} elements, found {}", operands.len(), elements.len())));
    }
    state.operands = p.resolve_operands(&operands, &elements)?;
    state.result_types = vec![ty];
    Ok(())
}

/// Takes element `index` out of a tuple.
///
/// XLA's `GetTupleElement`: `index` is in `[0, number of elements)`, and the result has that
/// element's type.
///
/// Example: `%0 = hlo.get_tuple_element %t[1] : tuple<tensor<2xf32>, tensor<i32>>`
#[op(
    name = "hlo.get_tuple_element",
    traits = [Pure],
    infer = infer_get_tuple_element,
    format = "$operand `[` $index `]` attr-dict `:` type($operand)"
)]
pub struct GetTupleElementOp {
    /// The tuple.
    #[operand]
    operand: AnyType,
    /// The position of the element taken.
    #[attr]
    index: I64Attr,
    #[result]
    result: AnyType,
}

/// The shape function of `hlo.get_tuple_element`: the type of element `index`.
pub fn infer_get_tuple_element(cx: &InferContext) -> Result<Vec<Type>, String> {
    let ty = *cx.operand_types.first().ok_or("missing operand #0")?;
    let TypeData::Tuple(elements) = cx.ctx.type_data(ty) else {
        return Err(format!("operand must be a tuple, found {}", cx.ctx.type_to_string(ty)));
    };
    let index = i64_attr(cx, "index")?;
    let element = usize::try_from(index).ok().and_then(|i| elements.get(i)).ok_or_else(|| {
        format!("index {index} is out of range for a tuple of {} elements", elements.len())
    })?;
    Ok(vec![*element])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hlo::test_support::{block_with_args, context, verify};
    use crate::hlo::token_type;
    use xla_ir::{Body, Builder};

    #[test]
    fn tuples_round_trip_their_elements() {
        let ctx = context();
        let (a, c) = (ctx.tensor_type(&[2], ctx.f32_type()), ctx.tensor_type(&[], ctx.int_type(32)));
        let token = token_type(&ctx);
        let mut body = Body::new(&ctx);
        let (block, args) = block_with_args(&mut body, &[a, c, token]);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let tuple = TupleOp::build(&mut b, &args).expect("any types");
        let t = tuple.result(b.body);
        let nested = TupleOp::build(&mut b, &[t]).expect("any types");
        let empty = TupleOp::build(&mut b, &[]).expect("any types");
        let second = GetTupleElementOp::build(&mut b, t, 1).expect("in range");
        let third = GetTupleElementOp::build(&mut b, t, 2).expect("in range");
        let mut error = |x, i| GetTupleElementOp::build(&mut b, x, i).expect_err("invalid").message;
        assert_eq!(error(t, 3), "'hlo.get_tuple_element' op index 3 is out of range for a tuple of 3 elements");
        assert_eq!(error(t, -1), "'hlo.get_tuple_element' op index -1 is out of range for a tuple of 3 elements");
        assert_eq!(error(args[0], 0), "'hlo.get_tuple_element' op operand must be a tuple, found tensor<2xf32>");
        assert_eq!(ctx.type_to_string(body.value_type(t)), "tuple<tensor<2xf32>, tensor<i32>, !hlo.token>");
        assert_eq!(ctx.type_to_string(body.value_type(nested.result(&body))), "tuple<tuple<tensor<2xf32>, tensor<i32>, !hlo.token>>");
        assert_eq!(ctx.type_to_string(body.value_type(empty.result(&body))), "tuple<>");
        assert_eq!(body.value_type(second.result(&body)), c);
        assert_eq!(body.value_type(third.result(&body)), token);
        assert_eq!((second.operand(&body), second.index(&body)), (t, 1));
        assert_eq!(tuple.elements(&body), &args[..]);
        assert!(verify(&body, tuple).is_ok() && verify(&body, second).is_ok() && verify(&body, empty).is_ok());
    }
}
