//! The custom-call spelling of checks: `hlo.custom_call @check.expect_eq(%a, %b)`, as JAX's
//! and StableHLO's test files write assertions, canonicalizes to `check.expect_eq %a, %b`
//! (likewise `@check.expect_almost_eq` and `@check.expect_close`), so programs written
//! either way read as check ops.
//!
//! The options of the approximate checks travel in `backend_config` as
//! `name=value` pairs separated by commas (`tolerance=0.001`,
//! `max_ulp_difference=3,min_ulp_difference=1`); [`backend_config`] writes that text for a
//! check op and the pattern reads it, so the HLO text writer's spelling of a check comes back
//! as the same check.
//!
//! Invariant: the pattern only creates check ops that verify: it declines (and says why) when
//! the call has results, operands of different or unsuitable types, attributes a check would
//! drop, or options out of range.

use xla_ir::rewrite::{RewritePattern, Rewriter};
use xla_ir::{AttrData, Body, Context, FloatKind, NamedAttribute, OpId, OpState, TypeData};

use super::{CheckOp, CheckOpKind, DEFAULT_MAX_ULP_DIFFERENCE, DEFAULT_TOLERANCE};

/// `hlo.custom_call @check.expect_eq(%a, %b) : (T, T) -> () == check.expect_eq %a, %b : T`,
/// and the same for `check.expect_almost_eq` and `check.expect_close` with their options
/// read from `backend_config`.
pub struct CustomCallToCheck;

/// The pattern's instance, registered with `check.expect_eq`.
pub static CUSTOM_CALL_TO_CHECK: CustomCallToCheck = CustomCallToCheck;

/// The checks that have a custom-call spelling, and the options each takes.
/// The target of each is the check op's name.
const SPELLED: [(CheckOpKind, &[(&str, Number)]); 3] = [
    (CheckOpKind::ExpectEq, &[]),
    (CheckOpKind::ExpectAlmostEq, &[("tolerance", Number::Float)]),
    (CheckOpKind::ExpectClose, &[("max_ulp_difference", Number::Integer), ("min_ulp_difference", Number::Integer)]),
];

/// The check a custom call to `target` spells (`check.expect_eq`), if any.
pub fn spelled_check(target: &str) -> Option<CheckOpKind> {
    SPELLED.iter().map(|(kind, _)| *kind).find(|kind| kind.name() == target)
}

/// The options the custom-call spelling of `check` may set in its `backend_config`; empty
/// for a check without one.
pub fn spelled_options(check: CheckOpKind) -> Vec<&'static str> {
    SPELLED.iter().filter(|(kind, _)| *kind == check).flat_map(|(_, options)| options.iter().map(|(name, _)| *name)).collect()
}

/// The attributes of a custom call that a check may drop: they say nothing a check keeps.
const DROPPABLE: [&str; 4] = ["call_target_name", "backend_config", "has_side_effect", "api_version"];

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Number {
    Float,
    Integer,
}

impl RewritePattern for CustomCallToCheck {
    fn name(&self) -> &'static str {
        "custom-call-to-check"
    }

    fn identity(&self) -> &'static str {
        "hlo.custom_call @check.expect_eq(%a, %b) == check.expect_eq %a, %b"
    }

    fn root(&self) -> Option<&'static str> {
        Some("hlo.custom_call")
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let state = check_for(rewriter.body, op)?;
        rewriter.create_before(op, state);
        rewriter.erase(op);
        Ok(())
    }
}

/// The check op that the custom call `op` spells, or why it spells none.
fn check_for(body: &Body, op: OpId) -> Result<OpState, &'static str> {
    let ctx = body.ctx();
    let data = body.op(op);
    let target = body.attr(op, "call_target_name").and_then(|a| ctx.as_string(a)).ok_or("the call has no target name")?;
    let (kind, options) = SPELLED.iter().find(|(kind, _)| kind.name() == target).ok_or("the target is not a check")?;
    if !data.results.is_empty() {
        return Err("the call has results, which a check does not");
    }
    let [lhs, rhs] = data.operands[..] else { return Err("a check takes two operands") };
    let ty = body.value_type(lhs);
    if body.value_type(rhs) != ty {
        return Err("the operands' types differ");
    }
    let element = ctx.tensor_element(ty).ok_or("the operands are not tensors")?;
    let float_or_complex = matches!(ctx.type_data(element), TypeData::Float(_) | TypeData::Complex(_));
    if !options.is_empty() && !float_or_complex {
        return Err("an approximate check needs float or complex operands");
    }
    if data.attributes.iter().any(|a| !DROPPABLE.contains(&ctx.symbol_str(a.name))) {
        return Err("the call has attributes a check would drop");
    }
    let config = body.attr(op, "backend_config").and_then(|a| ctx.as_string(a)).unwrap_or("");
    let attributes = read_options(ctx, config, options)?;
    let mut state = OpState::new(ctx.symbol(kind.name()), data.location);
    state.operands = vec![lhs, rhs];
    state.attributes = attributes;
    Ok(state)
}

/// The option attributes of check `check` that the `backend_config` text `config` of its
/// custom-call spelling sets, or why it is not a list of the check's options with values
/// in range (for readers that build the check op directly).
pub fn check_options(ctx: &Context, check: CheckOpKind, config: &str) -> Result<Vec<NamedAttribute>, &'static str> {
    let options = SPELLED.iter().find(|(kind, _)| *kind == check).map_or(&[][..], |(_, options)| *options);
    read_options(ctx, config, options)
}

/// The option attributes that `config` (`name=value,...`) sets, or why it is not a list of
/// the check's options with values in range.
fn read_options(ctx: &Context, config: &str, options: &[(&str, Number)]) -> Result<Vec<NamedAttribute>, &'static str> {
    let mut attributes: Vec<NamedAttribute> = Vec::new();
    for entry in config.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let (key, value) = entry.split_once('=').ok_or("backend_config is not a list of name=value options")?;
        let (key, value) = (key.trim(), value.trim());
        let (name, number) = options.iter().find(|(n, _)| *n == key).ok_or("backend_config names an option the check does not have")?;
        let name = ctx.symbol(name);
        if attributes.iter().any(|a| a.name == name) {
            return Err("backend_config gives an option twice");
        }
        let value = match number {
            Number::Float => {
                let v: f64 = value.parse().map_err(|_| "an option's value is not a number")?;
                if !(v.is_finite() && v >= 0.0) {
                    return Err("the tolerance is negative or not finite");
                }
                ctx.float_attr(v, ctx.float_type(FloatKind::F64))
            }
            Number::Integer => {
                let v: i64 = value.parse().map_err(|_| "an option's value is not an integer")?;
                if v < 0 {
                    return Err("an ulp difference is negative");
                }
                ctx.i64_attr(v)
            }
        };
        attributes.push(NamedAttribute { name, value });
    }
    let int = |key: &str, default: i64| {
        let name = ctx.symbol(key);
        attributes.iter().find(|a| a.name == name).map_or(Some(default), |a| match ctx.attr_data(a.value) {
            AttrData::Integer { value, .. } => i64::try_from(*value).ok(),
            _ => None,
        })
    };
    if let (Some(min), Some(max)) = (int("min_ulp_difference", 0), int("max_ulp_difference", DEFAULT_MAX_ULP_DIFFERENCE)) {
        if min > max {
            return Err("min_ulp_difference exceeds max_ulp_difference");
        }
    }
    Ok(attributes)
}

/// The custom-call spelling of check op `op`: the target name and the `backend_config` text
/// holding its options (empty when it has none). The `_const` forms are spelled as their
/// two-operand checks with the literal as the second operand; `None` for any other op and
/// for `check.expect_serialized_eq`, which compares with the interpreter's probes.
pub fn backend_config(body: &Body, op: OpId) -> Option<(&'static str, String)> {
    let ctx = body.ctx();
    let target = match CheckOp::of(body, op)? {
        CheckOp::ExpectEq(_) | CheckOp::ExpectEqConst(_) => CheckOpKind::ExpectEq,
        CheckOp::ExpectAlmostEq(_) | CheckOp::ExpectAlmostEqConst(_) => CheckOpKind::ExpectAlmostEq,
        CheckOp::ExpectClose(_) => CheckOpKind::ExpectClose,
        // Probes are the interpreter's; HLO has no spelling of them.
        CheckOp::ExpectSerializedEq(_) => return None,
    }
    .name();
    let mut entries = Vec::new();
    for key in ["tolerance", "max_ulp_difference", "min_ulp_difference"] {
        match body.attr(op, key).map(|a| ctx.attr_data(a)) {
            Some(AttrData::Float { bits, .. }) if f64::from_bits(*bits) != DEFAULT_TOLERANCE => {
                entries.push(format!("{key}={:?}", f64::from_bits(*bits)));
            }
            Some(AttrData::Integer { value, .. }) => entries.push(format!("{key}={value}")),
            _ => {}
        }
    }
    Some((target, entries.join(",")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use xla_ir::{Builder, Context, Op};

    use crate::check::{ExpectAlmostEqOp, ExpectCloseOp};
    use crate::hlo::CustomCallOp;

    /// A body with one block taking two `tensor<2xf32>` and one `tensor<2xi32>` arguments.
    fn setup(ctx: &Context) -> (Body<'_>, xla_ir::BlockId, Vec<xla_ir::ValueId>) {
        let mut body = Body::new(ctx);
        let region = body.create_region();
        let block = body.append_block(region);
        let floats = ctx.tensor_type(&[2], ctx.f32_type());
        let ints = ctx.tensor_type(&[2], ctx.int_type(32));
        let args = vec![body.add_block_arg(block, floats), body.add_block_arg(block, floats), body.add_block_arg(block, ints)];
        (body, block, args)
    }

    #[test]
    fn calls_spell_checks_with_their_options() {
        let mut ctx = Context::new();
        crate::register_all(&mut ctx);
        let (mut body, block, args) = setup(&ctx);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let mut call = |target: &str, operands: &[xla_ir::ValueId], config: Option<&str>| {
            CustomCallOp::build(&mut b, operands, target, config, Some(true), None, None, None, None, None, &[]).expect("no inference").id()
        };
        let eq = call("check.expect_eq", &args[..2], None);
        let almost = call("check.expect_almost_eq", &args[..2], Some("tolerance=0.5"));
        let close = call("check.expect_close", &args[..2], Some("max_ulp_difference=3, min_ulp_difference=1"));
        let mixed = call("check.expect_eq", &[args[0], args[2]], None);
        let int_almost = call("check.expect_almost_eq", &[args[2], args[2]], None);
        let bad_config = call("check.expect_almost_eq", &args[..2], Some("tolerance=-1"));
        let unknown_option = call("check.expect_eq", &args[..2], Some("tolerance=1"));
        let inverted = call("check.expect_close", &args[..2], Some("min_ulp_difference=5"));
        let other = call("my.target", &args[..2], None);
        assert_eq!(body.op_name(eq), "hlo.custom_call");
        let state = check_for(&body, eq).expect("spells a check");
        assert_eq!(ctx.symbol_str(state.name), "check.expect_eq");
        let state = check_for(&body, almost).expect("spells a check");
        assert_eq!(state.attributes.len(), 1);
        assert_eq!(ctx.attr_to_string(state.attributes[0].value), "0.5");
        let state = check_for(&body, close).expect("spells a check");
        assert_eq!(state.attributes.len(), 2);
        assert_eq!(check_for(&body, mixed).err(), Some("the operands' types differ"));
        assert_eq!(check_for(&body, int_almost).err(), Some("an approximate check needs float or complex operands"));
        assert_eq!(check_for(&body, bad_config).err(), Some("the tolerance is negative or not finite"));
        assert_eq!(check_for(&body, unknown_option).err(), Some("backend_config names an option the check does not have"));
        assert_eq!(check_for(&body, inverted).err(), Some("min_ulp_difference exceeds max_ulp_difference"));
        assert_eq!(check_for(&body, other).err(), Some("the target is not a check"));
    }

    #[test]
    fn backend_config_is_what_the_pattern_reads() {
        let mut ctx = Context::new();
        crate::register_all(&mut ctx);
        let (mut body, block, args) = setup(&ctx);
        let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
        let almost = ExpectAlmostEqOp::build(&mut b, args[0], args[1], Some(0.25)).expect("no inference");
        let default = ExpectAlmostEqOp::build(&mut b, args[0], args[1], None).expect("no inference");
        let close = ExpectCloseOp::build(&mut b, args[0], args[1], Some(4), Some(2)).expect("no inference");
        assert_eq!(backend_config(&body, almost.id()), Some(("check.expect_almost_eq", "tolerance=0.25".to_string())));
        assert_eq!(backend_config(&body, default.id()), Some(("check.expect_almost_eq", String::new())));
        assert_eq!(
            backend_config(&body, close.id()),
            Some(("check.expect_close", "max_ulp_difference=4,min_ulp_difference=2".to_string()))
        );
        let options = [("max_ulp_difference", Number::Integer), ("min_ulp_difference", Number::Integer)];
        let read = read_options(body.ctx(), "max_ulp_difference=4,min_ulp_difference=2", &options).expect("valid");
        assert_eq!(read.len(), 2);
    }
}
