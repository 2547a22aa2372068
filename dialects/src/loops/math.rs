//! `loop.math`: a unary scalar op, `%y = loop.math tanh %x : f32`.
//!
//! The kind is the name of an hlo unary elementwise op without `hlo.` and the semantics are
//! that op's on one element (integer `abs` and `negate` wrap; `sign` keeps `-0.0` and NaN;
//! `not` is bitwise on integers and logical on `i1`). Invariants checked by the verifier: the
//! operand and the result have one type, and the kind is defined on it as the hlo op is.

use xla_ir::constraints::AttrKind;
use xla_ir::parser::OpParser;
use xla_ir::printer::OpPrinter;
use xla_ir::{Context, Diagnostic, Op, OpId, OpRef, OpState, Type};
use xla_macros::op;

use super::forms::{parse_kind_op, print_kind_op};
use super::types::{is_int_or_index, is_pred, is_signed_int_or_index, ScalarType};

xla_ir::enum_attr! {
    /// Which unary op `loop.math` computes: an hlo unary elementwise op's name.
    pub enum MathKind: "a unary scalar op" {
        Abs = "abs",
        Negate = "negate",
        Sign = "sign",
        Not = "not",
        Popcnt = "popcnt",
        CountLeadingZeros = "count_leading_zeros",
        Floor = "floor",
        Ceil = "ceil",
        RoundNearestAfz = "round_nearest_afz",
        RoundNearestEven = "round_nearest_even",
        Exponential = "exponential",
        ExponentialMinusOne = "exponential_minus_one",
        Log = "log",
        LogPlusOne = "log_plus_one",
        Logistic = "logistic",
        Sqrt = "sqrt",
        Rsqrt = "rsqrt",
        Cbrt = "cbrt",
        Sine = "sine",
        Cosine = "cosine",
        Tan = "tan",
        Tanh = "tanh",
        Erf = "erf",
    }
}

impl MathKind {
    /// The hlo op this kind computes one element of.
    pub fn hlo_name(self) -> String {
        format!("hlo.{}", self.name())
    }

    /// The kind computing one element of the hlo op `name` (`hlo.tanh`), if any.
    pub fn of_hlo(name: &str) -> Option<MathKind> {
        name.strip_prefix("hlo.").and_then(MathKind::parse)
    }

    /// Whether the kind is defined on `ty` with a result of the same type, as the hlo op is
    /// (`abs` of a complex number is a float, so it is not a `loop.math`).
    pub fn accepts(self, ctx: &Context, ty: Type) -> bool {
        use MathKind::*;
        let (int, float, complex) = (is_int_or_index(ctx, ty), ctx.is_float(ty), ctx.is_complex(ty));
        match self {
            Abs => is_signed_int_or_index(ctx, ty) || float,
            Negate => int || float || complex,
            Sign => is_signed_int_or_index(ctx, ty) || float || complex,
            Not => int || is_pred(ctx, ty),
            Popcnt | CountLeadingZeros => int,
            Floor | Ceil | RoundNearestAfz | RoundNearestEven | Erf => float,
            Exponential | ExponentialMinusOne | Log | LogPlusOne | Logistic | Sqrt | Rsqrt | Cbrt | Sine | Cosine
            | Tan | Tanh => float || complex,
        }
    }
}

/// A unary scalar op: one element of the hlo unary op its kind names.
///
/// The operand and the result have one type, on which the kind must be defined.
///
/// Example: `%y = loop.math tanh %x : f32`
#[op(name = "loop.math", traits = [Pure], verify = verify_math, print = print_math, parse = parse_math)]
pub struct MathOp {
    /// The op computed.
    #[attr]
    kind: MathKind,
    #[operand]
    operand: ScalarType,
    #[result]
    result: ScalarType,
}

/// Checks `loop.math`: one type for the operand and the result, on which the kind is
/// defined.
pub fn verify_math(op: OpRef) -> Result<(), Diagnostic> {
    let ctx = op.ctx();
    let math = MathOp::from_id_unchecked(op.id);
    let result = op.body.value_type(math.result(op.body));
    let operand = op.body.value_type(math.operand(op.body));
    if operand != result {
        return Err(op.error(format!(
            "operand of type {} must have the result type {}",
            ctx.type_to_string(operand),
            ctx.type_to_string(result)
        )));
    }
    let kind = math.kind(op.body);
    if !kind.accepts(ctx, result) {
        return Err(op.error(format!("{} is not defined on {}", kind.name(), ctx.type_to_string(result))));
    }
    Ok(())
}

/// Prints ` tanh %x {attrs} : f32`; a kind that is no [`MathKind`] stays in the dictionary.
fn print_math(p: &mut OpPrinter, op: OpId) {
    let kind = p.body().attr(op, "kind").and_then(|a| MathKind::get(p.body().ctx(), a));
    print_kind_op(p, op, kind.map(MathKind::name));
}

/// Parses what [`print_math`] prints.
fn parse_math(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    parse_kind_op(p, state, 1, MathKind::parse, MathKind::make, MathKind::CONSTRAINT.description)
}
