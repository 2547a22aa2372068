//! The chlo ops JAX emits, read and expanded into hlo ops, as StableHLO's own
//! `chlo-legalize-to-stablehlo` does. Each expansion is a named function whose doc comment
//! states the identity it implements; each has a test (`import/tests/stablehlo_chlo.rs`).
//!
//! Pretty forms read here: unary `chlo.square %x : tensor<4xf32> -> tensor<4xf32>`, binary
//! `chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>`, broadcasting
//! `chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>,
//! tensor<2x4xf32>) -> tensor<2x4xf32>`, `chlo.top_k(%x, k = 2) : tensor<8xf32> ->
//! (tensor<2xf32>, tensor<2xi32>)`. The hooks keep the chlo name; [`expand`] replaces the op
//! after parsing, with the hlo ops inserted before it. Which expansion an op gets is one
//! exhaustive `match` on its [`ChloOpKind`], so a chlo op added to the dialect's list does
//! not compile until it has one (or is marked as having none yet).
//!
//! Families: [`trig`] (hyperbolic and inverse trigonometric functions, square, conj, on real
//! floats), [`complex_trig`] (the same functions and square on complex numbers, as real
//! arithmetic on the parts), [`predicates`] (is_inf and friends), [`special`] (erf, erfc,
//! erf_inv, lgamma, digamma), [`bessel`] (bessel_i1e), [`next_after`], [`broadcast`] (the
//! `broadcast_*` ops), [`top_k`].

pub(crate) mod bessel;
pub(crate) mod broadcast;
pub(crate) mod complex_trig;
pub(crate) mod emit;
pub(crate) mod next_after;
pub(crate) mod predicates;
pub(crate) mod special;
pub(crate) mod top_k;
pub(crate) mod trig;

use xla_dialects::hlo::HloOpKind;
use xla_ir::parser::lexer::TokenKind;
use xla_ir::parser::OpParser;
use xla_ir::{Body, Diagnostic, OpId, OpState, Type, ValueId};

use super::dialect::ChloOpKind;
use super::legalize::{op_error, rename_op};
use super::syntax::{attr_dict, functional_type, operands, resolve, set};
use broadcast::Broadcasting;
use complex_trig::ComplexForm;
use emit::Emitter;

/// `%x attr-dict : type -> type`.
pub(crate) fn parse_unary(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let x = vec![p.parse_operand()?];
    attr_dict(p, state)?;
    p.expect(TokenKind::Colon)?;
    let at = p.loc();
    let operand = p.parse_type()?;
    p.expect(TokenKind::Arrow)?;
    let result = p.parse_type()?;
    resolve(p, state, &x, &[operand], at)?;
    state.result_types = vec![result];
    Ok(())
}

/// `%x, %y attr-dict : type, type -> type`.
pub(crate) fn parse_binary(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let xy = operands(p)?;
    attr_dict(p, state)?;
    p.expect(TokenKind::Colon)?;
    let at = p.loc();
    let lhs = p.parse_type()?;
    p.expect(TokenKind::Comma)?;
    let rhs = p.parse_type()?;
    p.expect(TokenKind::Arrow)?;
    let result = p.parse_type()?;
    resolve(p, state, &xy, &[lhs, rhs], at)?;
    state.result_types = vec![result];
    Ok(())
}

/// `%a, %b attr-dict : (types) -> type` (also `broadcast_select`'s three operands).
pub(crate) fn parse_broadcast(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    let all = operands(p)?;
    attr_dict(p, state)?;
    functional_type(p, state, &all)
}

/// `(%x, k = N) attr-dict : type -> (values, indices)`.
pub(crate) fn parse_top_k(p: &mut OpParser, state: &mut OpState) -> Result<(), Diagnostic> {
    p.expect(TokenKind::LParen)?;
    let x = vec![p.parse_operand()?];
    p.expect(TokenKind::Comma)?;
    p.expect_keyword("k")?;
    p.expect(TokenKind::Equal)?;
    let at = p.loc();
    let k = i64::try_from(p.parse_integer()?).map_err(|_| Diagnostic::error(at, "k does not fit in 64 bits"))?;
    p.expect(TokenKind::RParen)?;
    let ctx = p.ctx();
    set(p, state, "k", ctx.i64_attr(k));
    attr_dict(p, state)?;
    p.expect(TokenKind::Colon)?;
    let at = p.loc();
    let operand = p.parse_type()?;
    p.expect(TokenKind::Arrow)?;
    let results = p.parse_paren_type_list()?;
    resolve(p, state, &x, &[operand], at)?;
    state.result_types = results;
    Ok(())
}

/// An expansion of one value, emitted before the chlo op.
type UnaryFn = fn(&mut Emitter, ValueId) -> Result<ValueId, Diagnostic>;
/// An expansion of two values, emitted before the chlo op.
type BinaryFn = fn(&mut Emitter, ValueId, ValueId) -> Result<ValueId, Diagnostic>;

/// What a chlo op is replaced by.
enum Expansion {
    /// `chlo.constant`: hlo's constant.
    Constant,
    /// The hlo op of the same meaning.
    Renamed(HloOpKind),
    /// hlo ops emitted before the chlo op, whose values replace its results.
    Emitted(Emitted),
}

/// The expansions that emit hlo ops.
enum Emitted {
    /// A function of one operand: `real` on real numbers, `complex` (when it has a
    /// complex form) on complex numbers.
    Unary { real: UnaryFn, complex: Option<ComplexForm> },
    /// A function of two operands.
    Binary(BinaryFn),
    /// An op applied once its operands are broadcast to the result's shape.
    Broadcasting(Broadcasting),
    /// The `k` largest values and their indices.
    TopK,
    /// Not expanded yet: an error once the operands are counted.
    Missing { operands: usize },
}

impl Expansion {
    /// How many operands the op takes (`None` for `chlo.constant`, which has none to
    /// check).
    fn operand_count(&self) -> Option<usize> {
        match self {
            Expansion::Constant => None,
            Expansion::Renamed(_) => Some(1),
            Expansion::Emitted(Emitted::Unary { .. } | Emitted::TopK) => Some(1),
            Expansion::Emitted(Emitted::Binary(_)) => Some(2),
            Expansion::Emitted(Emitted::Broadcasting(Broadcasting::Select)) => Some(3),
            Expansion::Emitted(Emitted::Broadcasting(_)) => Some(2),
            Expansion::Emitted(Emitted::Missing { operands }) => Some(*operands),
        }
    }
}

/// The expansion of each chlo op: an exhaustive `match`, so a chlo op added to the
/// dialect's list does not compile until it is decided here.
fn expansion(kind: ChloOpKind) -> Expansion {
    type K = ChloOpKind;
    let unary = |real: UnaryFn| Expansion::Emitted(Emitted::Unary { real, complex: None });
    let with_complex = |real: UnaryFn, complex: ComplexForm| Expansion::Emitted(Emitted::Unary { real, complex: Some(complex) });
    let broadcasting = |applied: Broadcasting| Expansion::Emitted(Emitted::Broadcasting(applied));
    let binary = |kind: HloOpKind| broadcasting(Broadcasting::Binary(kind));
    match kind {
        K::Constant => Expansion::Constant,
        // hlo has these ops.
        K::Erf => Expansion::Renamed(HloOpKind::Erf),
        K::Tan => Expansion::Renamed(HloOpKind::Tan),
        K::Square => with_complex(trig::square, ComplexForm::OnParts(complex_trig::square)),
        K::Conj => unary(trig::conj),
        K::Sinh => with_complex(trig::sinh, ComplexForm::Whole(complex_trig::sinh)),
        K::Cosh => with_complex(trig::cosh, ComplexForm::Whole(complex_trig::cosh)),
        K::Asin => with_complex(trig::asin, ComplexForm::OnParts(complex_trig::asin)),
        K::Acos => with_complex(trig::acos, ComplexForm::OnParts(complex_trig::acos)),
        K::Atan => with_complex(trig::atan, ComplexForm::OnParts(complex_trig::atan)),
        K::Asinh => with_complex(trig::asinh, ComplexForm::OnParts(complex_trig::asinh)),
        K::Acosh => with_complex(trig::acosh, ComplexForm::OnParts(complex_trig::acosh)),
        K::Atanh => with_complex(trig::atanh, ComplexForm::OnParts(complex_trig::atanh)),
        K::IsInf => unary(predicates::is_inf),
        K::IsPosInf => unary(predicates::is_pos_inf),
        K::IsNegInf => unary(predicates::is_neg_inf),
        K::Erfc => unary(special::erfc),
        K::ErfInv => unary(special::erf_inv),
        K::Lgamma => unary(special::lgamma),
        K::Digamma => unary(special::digamma),
        K::BesselI1e => unary(bessel::bessel_i1e),
        K::NextAfter => Expansion::Emitted(Emitted::Binary(next_after::next_after)),
        K::TopK => Expansion::Emitted(Emitted::TopK),
        K::BroadcastAdd => binary(HloOpKind::Add),
        K::BroadcastAtan2 => binary(HloOpKind::Atan2),
        K::BroadcastComplex => binary(HloOpKind::Complex),
        K::BroadcastDivide => binary(HloOpKind::Divide),
        K::BroadcastMaximum => binary(HloOpKind::Maximum),
        K::BroadcastMinimum => binary(HloOpKind::Minimum),
        K::BroadcastMultiply => binary(HloOpKind::Multiply),
        K::BroadcastPower => binary(HloOpKind::Power),
        K::BroadcastRemainder => binary(HloOpKind::Remainder),
        K::BroadcastShiftLeft => binary(HloOpKind::ShiftLeft),
        K::BroadcastShiftRightArithmetic => binary(HloOpKind::ShiftRightArithmetic),
        K::BroadcastShiftRightLogical => binary(HloOpKind::ShiftRightLogical),
        K::BroadcastSubtract => binary(HloOpKind::Subtract),
        K::BroadcastAnd => binary(HloOpKind::And),
        K::BroadcastOr => binary(HloOpKind::Or),
        K::BroadcastXor => binary(HloOpKind::Xor),
        K::BroadcastNextAfter => broadcasting(Broadcasting::NextAfter),
        K::BroadcastCompare => broadcasting(Broadcasting::Compare),
        K::BroadcastSelect => broadcasting(Broadcasting::Select),
        K::Polygamma | K::Zeta => Expansion::Emitted(Emitted::Missing { operands: 2 }),
        K::ConstantLike => Expansion::Emitted(Emitted::Missing { operands: 1 }),
    }
}

/// Replaces chlo op `op`, of `kind`, by its expansion.
pub(crate) fn expand(body: &mut Body, op: OpId, kind: ChloOpKind) -> Result<(), Diagnostic> {
    let expansion = expansion(kind);
    let operands = body.op(op).operands.clone();
    if let Some(count) = expansion.operand_count() {
        if operands.len() != count {
            return Err(op_error(body, op, format!("takes {count} operand(s), found {}", operands.len())));
        }
    }
    let emitted = match expansion {
        Expansion::Constant => return super::misc_ops::convert_constant(body, op),
        Expansion::Renamed(hlo) => {
            rename_op(body, op, hlo);
            return Ok(());
        }
        Expansion::Emitted(emitted) => emitted,
    };
    let expected: Vec<Type> = body.op(op).results.iter().map(|v| body.value_type(*v)).collect();
    let values: Vec<ValueId> = {
        let mut em = Emitter::new(body, op);
        match emitted {
            Emitted::Unary { real, complex } => {
                let x = operands[0];
                let on_complex = match complex {
                    Some(form) => complex_trig::expand(&mut em, form, x)?,
                    None => None,
                };
                match on_complex {
                    Some(value) => vec![value],
                    None => vec![real(&mut em, x)?],
                }
            }
            Emitted::Binary(function) => vec![function(&mut em, operands[0], operands[1])?],
            Emitted::Broadcasting(applied) => vec![broadcast::broadcast(&mut em, applied, &operands, &expected)?],
            Emitted::TopK => top_k::top_k(&mut em, operands[0], &expected)?,
            Emitted::Missing { .. } => return Err(em.error("has no expansion into hlo in the StableHLO reader")),
        }
    };
    let found: Vec<Type> = values.iter().map(|v| body.value_type(*v)).collect();
    if found != expected {
        let ctx = body.ctx();
        let show = |types: &[Type]| types.iter().map(|t| ctx.type_to_string(*t)).collect::<Vec<_>>().join(", ");
        return Err(op_error(body, op, format!("expands to values of type {} but has results of type {}", show(&found), show(&expected))));
    }
    body.replace_op(op, &values);
    Ok(())
}
