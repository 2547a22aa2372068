//! `hlo.custom_call`: a call to a function the backend provides by name, which the
//! interpreter cannot run in general.
//!
//! Semantics:
//! - a call to any target is an error naming it ("the interpreter has no implementation
//!   of custom call @foo"), since the interpreter cannot know what the function computes;
//! - except the custom-call spellings of the checks, `@check.expect_eq`,
//!   `@check.expect_almost_eq` and `@check.expect_close`, which canonicalization normally
//!   turns into check ops (see `xla_dialects::check::custom_call_spelling`) but which run
//!   here as those checks when a program reaches the interpreter uncanonicalized: two
//!   operands of one type, no results, and the options as `name=value` pairs separated by
//!   commas in `backend_config` (`tolerance`, `max_ulp_difference`, `min_ulp_difference`),
//!   with the check ops' defaults.

use std::rc::Rc;

use xla_dialects::check::{spelled_check, spelled_options, CheckOpKind, DEFAULT_MAX_ULP_DIFFERENCE, DEFAULT_TOLERANCE};
use xla_dialects::hlo::CustomCallOp;

use crate::error::EvalResult;
use crate::interpreter::OpCx;
use crate::ops::checks::{almost_equal, bits_equal, record, ulps_close};
use crate::ops::support::tensor;
use crate::value::Value;

pub(super) fn custom_call(cx: &mut OpCx, op: CustomCallOp, operands: &[Rc<Value>]) -> EvalResult<Vec<Value>> {
    let target = op.call_target_name(cx.body());
    let Some(kind) = spelled_check(target) else {
        return Err(format!("the interpreter has no implementation of custom call @{target}").into());
    };
    let check = kind.name();
    if operands.len() != 2 || !cx.body().op(cx.op).results.is_empty() {
        return Err(format!("custom call @{check} must have two operands and no results, as the check it spells").into());
    }
    let (actual, expected) = (tensor(operands, 0)?, tensor(operands, 1)?);
    if actual.element != expected.element {
        return Err(format!("custom call @{check} compares {} with {}", actual.shape_string(), expected.shape_string()).into());
    }
    let options = read_options(op.backend_config(cx.body()).unwrap_or(""), check, &spelled_options(kind))?;
    let option = |name: &str| options.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    let element = actual.element;
    match kind {
        CheckOpKind::ExpectEq => record(cx, check, actual, expected, |a, b| bits_equal(element, a, b)),
        CheckOpKind::ExpectAlmostEq => {
            let tolerance = option("tolerance").unwrap_or(DEFAULT_TOLERANCE);
            record(cx, check, actual, expected, |a, b| almost_equal(a, b, tolerance));
        }
        CheckOpKind::ExpectClose => {
            let max = option("max_ulp_difference").map_or(DEFAULT_MAX_ULP_DIFFERENCE, |v| v as i64);
            let min = option("min_ulp_difference").map_or(0, |v| v as i64);
            if min > max {
                return Err(format!("custom call @{check}: min_ulp_difference {min} exceeds max_ulp_difference {max}").into());
            }
            record(cx, check, actual, expected, |a, b| ulps_close(element, min, max, a, b));
        }
        CheckOpKind::ExpectEqConst | CheckOpKind::ExpectAlmostEqConst => {
            return Err(format!("custom call @{target} spells no check: the _const checks have no custom-call spelling").into());
        }
        CheckOpKind::ExpectSerializedEq => {
            return Err(format!("custom call @{target} spells no check: probes have no custom-call spelling").into());
        }
    }
    Ok(vec![])
}

/// The options `config` (`name=value,...`) sets, each one of `allowed` with a finite
/// non-negative value (a whole number for the ulp differences).
fn read_options<'a>(config: &'a str, check: &str, allowed: &[&str]) -> Result<Vec<(&'a str, f64)>, String> {
    let mut options: Vec<(&str, f64)> = Vec::new();
    for entry in config.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let (name, text) = entry.split_once('=').map(|(n, v)| (n.trim(), v.trim())).ok_or_else(|| {
            format!("custom call @{check}: backend_config entry `{entry}` is not name=value")
        })?;
        if !allowed.contains(&name) {
            return Err(format!("custom call @{check} has no option `{name}`"));
        }
        if options.iter().any(|(n, _)| *n == name) {
            return Err(format!("custom call @{check}: option `{name}` is given twice"));
        }
        let whole = name != "tolerance";
        let value = if whole { text.parse::<i64>().ok().map(|v| v as f64) } else { text.parse::<f64>().ok() };
        let value = value.filter(|v| v.is_finite() && *v >= 0.0).ok_or_else(|| {
            let kind = if whole { "a non-negative integer" } else { "a non-negative number" };
            format!("custom call @{check}: option `{name}` must be {kind}, found `{text}`")
        })?;
        options.push((name, value));
    }
    Ok(options)
}
