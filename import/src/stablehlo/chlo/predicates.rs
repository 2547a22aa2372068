//! Expansions of chlo's infinity predicates, each one comparison with an infinite constant
//! of the operand's type (floats compare by IEEE 754, so NaN is never infinite).

use xla_dialects::hlo::HloOpKind;
use xla_ir::{Diagnostic, ValueId};

use super::emit::Emitter;

/// `is_inf(x) = |x| == +inf`.
pub(crate) fn is_inf(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    em.float_kind(x)?;
    let abs = em.unary(HloOpKind::Abs, x)?;
    let inf = em.float(f64::INFINITY, x)?;
    em.compare("EQ", abs, inf, Some("FLOAT"))
}

/// `is_pos_inf(x) = x == +inf`.
pub(crate) fn is_pos_inf(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    em.float_kind(x)?;
    let inf = em.float(f64::INFINITY, x)?;
    em.compare("EQ", x, inf, Some("FLOAT"))
}

/// `is_neg_inf(x) = x == -inf`.
pub(crate) fn is_neg_inf(em: &mut Emitter, x: ValueId) -> Result<ValueId, Diagnostic> {
    em.float_kind(x)?;
    let inf = em.float(f64::NEG_INFINITY, x)?;
    em.compare("EQ", x, inf, Some("FLOAT"))
}
