//! `loop.arith`: a binary scalar op, `%z = loop.arith add %x, %y : f32`.
//!
//! The kind is the name of an hlo binary elementwise op without `hlo.` and the semantics
//! are that op's on one element, XLA's integer edge cases included (wrapping arithmetic,
//! division by zero giving -1, shifts past the width giving 0 or the sign); it also
//! computes on `index`, as a signed 64-bit integer. Invariants checked by the verifier: both
//! operands and the result have one type, and the kind is defined on it as the hlo op is
//! (`and` on integers and predicates, `atan2` on floats and complex numbers, ...).

use xla_ir::constraints::AttrKind;
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::{Context, Diagnostic, Op, OpId, OpRef, OpState, Type};
use xla_macros::op;

use super::forms::{parse_kind_op, print_kind_op};
use super::types::{is_int_or_index, is_pred, ScalarType};

xla_ir::enum_attr! {
    /// Which binary op `loop.arith` computes: an hlo binary elementwise op's name.
    pub enum ArithKind: "a binary scalar op" {
        Add = "add",
        Subtract = "subtract",
        Multiply = "multiply",
        Divide = "divide",
        Remainder = "remainder",
        Maximum = "maximum",
        Minimum = "minimum",
        Power = "power",
        Atan2 = "atan2",
        And = "and",
        Or = "or",
        Xor = "xor",
        ShiftLeft = "shift_left",
        ShiftRightArithmetic = "shift_right_arithmetic",
        ShiftRightLogical = "shift_right_logical",
    }
}

impl ArithKind {
    /// The hlo op this kind computes one element of.
    pub fn hlo_name(self) -> String {
        format!("hlo.{}", self.name())
    }

    /// The kind computing one element of the hlo op `name` (`hlo.add`), if any.
    pub fn of_hlo(name: &str) -> Option<ArithKind> {
        name.strip_prefix("hlo.").and_then(ArithKind::parse)
    }

    /// Whether the kind is defined on `ty`, as the hlo op is on elements of that type.
    pub fn accepts(self, ctx: &Context, ty: Type) -> bool {
        use ArithKind::*;
        let (int, pred, float, complex) = (is_int_or_index(ctx, ty), is_pred(ctx, ty), ctx.is_float(ty), ctx.is_complex(ty));
        match self {
            Add | Multiply | Maximum | Minimum => int || pred || float || complex,
            Subtract | Divide | Power => int || float || complex,
            Remainder => int || float,
            Atan2 => float || complex,
            And | Or | Xor => int || pred,
            ShiftLeft | ShiftRightArithmetic | ShiftRightLogical => int,
        }
    }
}

/// A binary scalar op: one element of the hlo binary op its kind names.
///
/// Both operands and the result have one type, on which the kind must be defined; integer
/// kinds also compute on `index`.
///
/// Example: `%z = loop.arith add %x, %y : f32`
#[op(name = "loop.arith", traits = [Pure], verify = verify_arith, print = print_arith, parse = parse_arith)]
pub struct ArithOp {
    /// The op computed.
    #[attr]
    kind: ArithKind,
    #[operand]
    lhs: ScalarType,
    #[operand]
    rhs: ScalarType,
    #[result]
    result: ScalarType,
}

/// Checks `loop.arith`: one type for operands and result, on which the kind is defined.
pub fn verify_arith(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let arith = ArithOp::from_id_unchecked(op.id);
    let result = op.body.value_type(arith.result(op.body));
    let (lhs, rhs) = (op.body.value_type(arith.lhs(op.body)), op.body.value_type(arith.rhs(op.body)));
    if lhs != result || rhs != result {
        return Err(op.error(format!(
            "operands of types {} and {} must both have the result type {}",
            ctx.type_to_string(lhs),
            ctx.type_to_string(rhs),
            ctx.type_to_string(result)
        )));
    }
    let kind = arith.kind(op.body);
    if !kind.accepts(ctx, result) {
        return Err(op.error(format!("{} is not defined on {}", kind.name(), ctx.type_to_string(result))));
    }
    Ok(())
}

/// Prints ` add %x, %y {attrs} : f32`; a kind that is no [`ArithKind`] stays in the
/// dictionary.
fn print_arith(p: &mut OpPrinter, op: OpId) {
    let kind = p.body().attr(op, "kind").and_then(|a| ArithKind::get(p.body().ctx(), a));
    print_kind_op(p, op, kind.map(ArithKind::name));
}

/// Parses what [`print_arith`] prints.
fn parse_arith(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    parse_kind_op(p, state, 2, ArithKind::parse, ArithKind::make, ArithKind::CONSTRAINT.description)
}

