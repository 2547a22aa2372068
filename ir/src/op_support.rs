//! Runtime support for the code `#[op]` generates: reading an operation's operand and result
//! groups and attributes through its typed view, and filling an [`OpState`] from a typed
//! builder's arguments.
//!
//! Keeping this logic here, as plain functions, keeps each macro expansion a short list of
//! calls that a reader can follow.
//!
//! Invariant: the readers assume the operation satisfies its declaration (run
//! [`verify_declared`](crate::op_def::verify_declared) first, as the verifier does for every
//! operation); on an operation that does not, they panic with a message naming the operation
//! and the operand, result or attribute, because reading a malformed operation through its
//! typed view is a bug in the caller.

use std::ops::Range;

use crate::constraints::AttrKind;
use crate::op_def::{Arity, OpDef, ValueDef};
use crate::{Body, Context, Diagnostic, OpId, OpState, ValueId};

/// The range of group `index` of `defs` among `total` values, as
/// [`value_segments`](crate::op_def::value_segments) splits them, without allocating.
pub fn value_segment(defs: &[ValueDef], total: usize, index: usize) -> Option<Range<usize>> {
    let fixed = defs.iter().filter(|d| d.arity == Arity::One).count();
    if fixed == defs.len() {
        return (total == fixed && index < fixed).then(|| index..index + 1);
    }
    crate::op_def::value_segments(defs, total)?.get(index).cloned()
}

/// Whether a group is among an operation's operands or its results.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Side {
    Operands,
    Results,
}

/// Group `index` of `op`'s operands or results, as `def` declares them.
///
/// Panics when the operation does not fit `def` (an unverified operation).
fn group<'b>(body: &'b Body, op: OpId, def: &OpDef, side: Side, index: usize) -> &'b [ValueId] {
    let (defs, values, what) = match side {
        Side::Operands => (def.operands, body.op(op).operands.as_slice(), "operand"),
        Side::Results => (def.results, body.op(op).results.as_slice(), "result"),
    };
    match value_segment(defs, values.len(), index) {
        Some(range) => &values[range],
        None => panic!(
            "'{}' has {} {what}s, which do not fit its declaration of {what} '{}'; verify the operation before reading it",
            def.name,
            values.len(),
            defs.get(index).map_or("?", |d| d.name),
        ),
    }
}

/// The single value of a group of arity one.
fn single(body: &Body, op: OpId, def: &OpDef, side: Side, index: usize) -> ValueId {
    match group(body, op, def, side, index) {
        [v] => *v,
        _ => panic!("'{}' does not have exactly one value in group #{index}", def.name),
    }
}

/// Operand `index` of `op`, declared with arity one.
pub fn operand(body: &Body, op: OpId, def: &OpDef, index: usize) -> ValueId {
    single(body, op, def, Side::Operands, index)
}

/// Optional operand `index` of `op`, if present.
pub fn optional_operand(body: &Body, op: OpId, def: &OpDef, index: usize) -> Option<ValueId> {
    group(body, op, def, Side::Operands, index).first().copied()
}

/// The values of variadic operand group `index` of `op`.
pub fn operand_group<'b>(body: &'b Body, op: OpId, def: &OpDef, index: usize) -> &'b [ValueId] {
    group(body, op, def, Side::Operands, index)
}

/// Result `index` of `op`, declared with arity one.
pub fn result(body: &Body, op: OpId, def: &OpDef, index: usize) -> ValueId {
    single(body, op, def, Side::Results, index)
}

/// Optional result `index` of `op`, if present.
pub fn optional_result(body: &Body, op: OpId, def: &OpDef, index: usize) -> Option<ValueId> {
    group(body, op, def, Side::Results, index).first().copied()
}

/// The values of variadic result group `index` of `op`.
pub fn result_group<'b>(body: &'b Body, op: OpId, def: &OpDef, index: usize) -> &'b [ValueId] {
    group(body, op, def, Side::Results, index)
}

/// The value of the required attribute `name` of `op`, read as `A`.
///
/// Panics when the attribute is missing or of another kind (an unverified operation).
pub fn required_attr<'c, A: AttrKind>(body: &Body<'c>, op: OpId, name: &str) -> A::Value<'c> {
    match optional_attr::<A>(body, op, name) {
        Some(value) => value,
        None => panic!(
            "'{}' lacks attribute '{name}' of kind {}; verify the operation before reading it",
            body.op_name(op),
            A::CONSTRAINT.description
        ),
    }
}

/// The value of the optional attribute `name` of `op`, read as `A`.
pub fn optional_attr<'c, A: AttrKind>(body: &Body<'c>, op: OpId, name: &str) -> Option<A::Value<'c>> {
    body.attr(op, name).and_then(|attr| A::get(body.ctx(), attr))
}

/// Sets attribute `name` of `state` to `value`.
pub fn set_attr<A: AttrKind>(ctx: &Context, state: &mut OpState, name: &str, value: A::Value<'_>) {
    state.set_attr(ctx.symbol(name), A::make(ctx, value));
}

/// Checks that a typed builder got groups of one size for an op with several variadic
/// operand groups (which [`value_segments`](crate::op_def::value_segments) splits equally).
/// `sizes` lists each variadic group's name and size in declaration order.
pub fn check_equal_group_sizes(def: &OpDef, state: &OpState, sizes: &[(&str, usize)]) -> Result<(), Diagnostic> {
    let Some((_, first)) = sizes.first() else { return Ok(()) };
    if sizes.iter().all(|(_, n)| n == first) {
        return Ok(());
    }
    let listed: Vec<String> = sizes.iter().map(|(name, n)| format!("{name}: {n}")).collect();
    Err(Diagnostic::error(
        state.location,
        format!("'{}' op needs its variadic operand groups to be the same size, found {}", def.name, listed.join(", ")),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::{attr_def, value_def, AnyTensor, I64ArrayAttr, Variadic};
    use crate::op_def::{AttrDef, RegionDef};

    const ONE_ONE: [ValueDef; 2] = [value_def::<AnyTensor>("a"), value_def::<AnyTensor>("b")];
    const VARIADIC_PAIR: [ValueDef; 2] = [value_def::<Variadic<AnyTensor>>("xs"), value_def::<Variadic<AnyTensor>>("ys")];
    const ONE_OPTIONAL: [ValueDef; 2] = [value_def::<AnyTensor>("a"), value_def::<Option<AnyTensor>>("b")];
    const NO_REGIONS: [RegionDef; 0] = [];
    const DIMS: [AttrDef; 1] = [attr_def::<I64ArrayAttr>("dims")];

    static TEST_OP: OpDef = OpDef {
        name: "test.op",
        summary: "",
        description: "",
        traits: &[],
        operands: &VARIADIC_PAIR,
        results: &ONE_OPTIONAL,
        attributes: &DIMS,
        regions: &NO_REGIONS,
        infer: None,
        verify: None,
        fold: None,
        patterns: &[],
        format: None,
        print: None,
        parse: None,
    };

    #[test]
    fn segments_follow_value_segments() {
        assert_eq!(value_segment(&ONE_ONE, 2, 1), Some(1..2));
        assert_eq!(value_segment(&ONE_ONE, 3, 1), None);
        assert_eq!(value_segment(&ONE_ONE, 2, 2), None);
        assert_eq!(value_segment(&VARIADIC_PAIR, 4, 1), Some(2..4));
        assert_eq!(value_segment(&VARIADIC_PAIR, 3, 0), None);
        assert_eq!(value_segment(&ONE_OPTIONAL, 1, 1), Some(1..1));
        assert_eq!(value_segment(&ONE_OPTIONAL, 2, 1), Some(1..2));
    }

    #[test]
    fn groups_and_attributes_are_read_through_the_declaration() {
        let ctx = Context::new();
        let mut body = Body::new(&ctx);
        let ty = ctx.tensor_type(&[2], ctx.f32_type());
        let mut source = OpState::new(ctx.symbol("test.source"), ctx.unknown_loc());
        source.result_types = vec![ty; 4];
        let source = body.create_op(source);
        let values = body.op(source).results.clone();

        let mut state = OpState::new(ctx.symbol("test.op"), ctx.unknown_loc());
        state.operands = values.clone();
        state.result_types = vec![ty];
        set_attr::<I64ArrayAttr>(&ctx, &mut state, "dims", &[1, 2]);
        let op = body.create_op(state);

        assert_eq!(operand_group(&body, op, &TEST_OP, 0), &values[..2]);
        assert_eq!(operand_group(&body, op, &TEST_OP, 1), &values[2..]);
        assert_eq!(result(&body, op, &TEST_OP, 0), body.result(op, 0));
        assert_eq!(optional_result(&body, op, &TEST_OP, 1), None);
        assert_eq!(required_attr::<I64ArrayAttr>(&body, op, "dims"), &[1, 2]);
        assert_eq!(optional_attr::<I64ArrayAttr>(&body, op, "other"), None);
    }

    #[test]
    fn unequal_variadic_groups_are_reported_by_name() {
        let ctx = Context::new();
        let state = OpState::new(ctx.symbol("test.op"), ctx.unknown_loc());
        assert!(check_equal_group_sizes(&TEST_OP, &state, &[("xs", 2), ("ys", 2)]).is_ok());
        let error = check_equal_group_sizes(&TEST_OP, &state, &[("xs", 2), ("ys", 1)]).expect_err("sizes differ");
        assert_eq!(error.message, "'test.op' op needs its variadic operand groups to be the same size, found xs: 2, ys: 1");
    }
}
