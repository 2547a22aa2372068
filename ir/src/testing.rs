//! A tiny dialect and IR builders for unit tests of passes and rewrite drivers (compiled
//! for this crate's tests and, through the `testing` feature, for other crates' tests).
//!
//! The `test` dialect has a constant materializer and these operations, on `i32` values:
//! - `test.const` (ConstantLike, Pure): the `value` integer attribute; folds to it.
//! - `test.add` (Pure, Commutative): folds constant operands and `x + 0`.
//! - `test.neg` (Pure): folds constants; pattern `double-negation`: `-(-x) == x`.
//! - `test.effect` (no traits, so it has side effects): any operands, one result.
//! - `test.region`: one region that sees values defined outside it; not Pure.
//! - `test.func` (IsolatedFromAbove): one region that sees nothing from outside.
//! - `test.return` (Terminator, ReturnLike, Pure).
//!
//! The `test2` dialect has no materializer: `test2.opaque_const` (ConstantLike, Pure) and
//! `test2.opaque_add` (Pure), which folds constant operands to a constant that cannot be
//! materialized. `builtin.module` and `func.func` stay unregistered: passes match them by
//! name. Invariant: none of this is linked into a compiler binary.

use crate::op_def::{
    Arity, AttrConstraint, AttrDef, DialectDef, FoldResult, OpRef, RegionDef, ShortForm, TypeConstraint,
    ValueDef as OperandDef,
};
use crate::rewrite::{RewritePattern, Rewriter};
use crate::{
    AttrData, Attribute, BlockId, Body, Builder, Context, InsertPoint, Location, OpDef, OpId, OpState, OpTrait, Type,
    ValueId,
};

fn any_type(_: &Context, _: Type) -> bool {
    true
}

fn is_integer_attr(ctx: &Context, attr: Attribute) -> bool {
    matches!(ctx.attr_data(attr), AttrData::Integer { .. })
}

const ANY: TypeConstraint = TypeConstraint { description: "any type", check: any_type };
const ONE_RESULT: &[OperandDef] = &[OperandDef { name: "result", arity: Arity::One, constraint: ANY }];
const VALUE_ATTR: &[AttrDef] = &[AttrDef {
    name: "value",
    optional: false,
    constraint: AttrConstraint {
        description: "integer attribute",
        check: is_integer_attr,
        short_form: ShortForm::Full,
    },
}];
const BINARY: &[OperandDef] = &[
    OperandDef { name: "lhs", arity: Arity::One, constraint: ANY },
    OperandDef { name: "rhs", arity: Arity::One, constraint: ANY },
];
const BODY: &[RegionDef] = &[RegionDef { name: "body", variadic: false }];

const BASE: OpDef = OpDef {
    name: "",
    summary: "",
    description: "",
    traits: &[],
    operands: &[],
    results: &[],
    attributes: &[],
    regions: &[],
    infer: None,
    verify: None,
    fold: None,
    patterns: &[],
    format: None,
    print: None,
    parse: None,
};

/// The integer in an integer attribute.
fn int_value(ctx: &Context, attr: Option<Attribute>) -> Option<i128> {
    match ctx.attr_data(attr?) {
        AttrData::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

fn fold_const(op: OpRef, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    Some(vec![FoldResult::Constant(op.attr("value")?)])
}

fn fold_add(op: OpRef, constants: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let ctx = op.ctx();
    let lhs = int_value(ctx, *constants.first()?);
    let rhs = int_value(ctx, *constants.get(1)?);
    let result = match (lhs, rhs) {
        (Some(a), Some(b)) => FoldResult::Constant(ctx.int_attr(a.wrapping_add(b), op.result_types()[0])),
        (_, Some(0)) => FoldResult::Value(op.operands()[0]),
        (Some(0), _) => FoldResult::Value(op.operands()[1]),
        _ => return None,
    };
    Some(vec![result])
}

fn fold_neg(op: OpRef, constants: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let value = int_value(op.ctx(), *constants.first()?)?;
    Some(vec![FoldResult::Constant(op.ctx().int_attr(-value, op.result_types()[0]))])
}

/// `-(-x) == x`.
struct DoubleNegation;

impl RewritePattern for DoubleNegation {
    fn name(&self) -> &'static str {
        "double-negation"
    }

    fn identity(&self) -> &'static str {
        "-(-x) == x"
    }

    fn root(&self) -> Option<&'static str> {
        Some("test.neg")
    }

    fn match_and_rewrite(&self, rewriter: &mut Rewriter, op: OpId) -> Result<(), &'static str> {
        let body = &rewriter.body;
        let inner = body
            .defining_op(body.operand(op, 0))
            .filter(|inner| body.op_name(*inner) == "test.neg")
            .ok_or("the operand is not a negation")?;
        let x = body.operand(inner, 0);
        rewriter.replace_op(op, &[x]);
        Ok(())
    }
}

static DOUBLE_NEGATION: DoubleNegation = DoubleNegation;

static CONST: OpDef = OpDef {
    name: "test.const",
    traits: &[OpTrait::ConstantLike, OpTrait::Pure],
    results: ONE_RESULT,
    attributes: VALUE_ATTR,
    fold: Some(fold_const),
    ..BASE
};
static ADD: OpDef = OpDef {
    name: "test.add",
    traits: &[OpTrait::Pure, OpTrait::Commutative],
    operands: BINARY,
    results: ONE_RESULT,
    fold: Some(fold_add),
    ..BASE
};
static NEG: OpDef = OpDef {
    name: "test.neg",
    traits: &[OpTrait::Pure],
    operands: &[OperandDef { name: "operand", arity: Arity::One, constraint: ANY }],
    results: ONE_RESULT,
    fold: Some(fold_neg),
    patterns: &[&DOUBLE_NEGATION],
    ..BASE
};
static EFFECT: OpDef = OpDef {
    name: "test.effect",
    operands: &[OperandDef { name: "inputs", arity: Arity::Variadic, constraint: ANY }],
    results: ONE_RESULT,
    ..BASE
};
static REGION: OpDef = OpDef { name: "test.region", regions: BODY, ..BASE };
static FUNC: OpDef = OpDef { name: "test.func", traits: &[OpTrait::IsolatedFromAbove], regions: BODY, ..BASE };
static RETURN: OpDef = OpDef {
    name: "test.return",
    traits: &[OpTrait::Terminator, OpTrait::ReturnLike, OpTrait::Pure],
    operands: &[OperandDef { name: "results", arity: Arity::Variadic, constraint: ANY }],
    ..BASE
};

fn materialize(builder: &mut Builder, value: Attribute, ty: Type, location: Location) -> Option<ValueId> {
    if !is_integer_attr(builder.ctx(), value) {
        return None;
    }
    let ctx = builder.ctx();
    let mut state = OpState::new(ctx.symbol("test.const"), location);
    state.set_attr(ctx.symbol("value"), value);
    state.result_types.push(ty);
    let op = builder.create(state);
    Some(builder.result(op))
}

/// The `test` dialect.
pub static TEST_DIALECT: DialectDef = DialectDef {
    name: "test",
    summary: "Operations for unit tests",
    ops: &[&CONST, &ADD, &NEG, &EFFECT, &REGION, &FUNC, &RETURN],
    materialize_constant: Some(materialize),
};

static OPAQUE_CONST: OpDef = OpDef {
    name: "test2.opaque_const",
    traits: &[OpTrait::ConstantLike, OpTrait::Pure],
    results: ONE_RESULT,
    attributes: VALUE_ATTR,
    ..BASE
};
static OPAQUE_ADD: OpDef = OpDef {
    name: "test2.opaque_add",
    traits: &[OpTrait::Pure],
    operands: BINARY,
    results: ONE_RESULT,
    fold: Some(fold_add),
    ..BASE
};

/// The `test2` dialect, which cannot materialize constants.
pub static TEST2_DIALECT: DialectDef = DialectDef {
    name: "test2",
    summary: "Operations for unit tests, without a constant materializer",
    ops: &[&OPAQUE_CONST, &OPAQUE_ADD],
    materialize_constant: None,
};

/// A context with both test dialects registered.
pub fn context() -> Context {
    let mut ctx = Context::new();
    ctx.register_dialect(&TEST_DIALECT);
    ctx.register_dialect(&TEST2_DIALECT);
    ctx
}

/// Every pattern of every registered operation, as canonicalization collects them.
pub fn all_patterns(ctx: &Context) -> Vec<&'static dyn RewritePattern> {
    ctx.registered_ops().iter().flat_map(|def| def.patterns.iter().map(|p| *p as &'static dyn RewritePattern)).collect()
}

/// The names of the operations of `block`, in order.
pub fn op_names<'c>(body: &Body<'c>, block: BlockId) -> Vec<&'c str> {
    body.block_ops(block).map(|op| body.op_name(op)).collect()
}

/// The integer a `test.const` produces for `v`.
pub fn constant_of(body: &Body<'_>, v: ValueId) -> Option<i64> {
    let op = body.defining_op(v)?;
    if body.op_name(op) != "test.const" {
        return None;
    }
    int_value(body.ctx(), body.attr(op, "value")).and_then(|v| i64::try_from(v).ok())
}

/// Builds test IR: each method appends one operation to the end of a block.
pub struct TestIr<'b, 'c> {
    pub body: &'b mut Body<'c>,
    i32: Type,
    location: Location,
}

impl<'b, 'c> TestIr<'b, 'c> {
    pub fn new(body: &'b mut Body<'c>) -> Self {
        let ctx = body.ctx();
        TestIr { i32: ctx.int_type(32), location: ctx.unknown_loc(), body }
    }

    /// A detached `builtin.module` with one empty block.
    pub fn module(&mut self) -> (OpId, BlockId) {
        self.region_holder(None, "builtin.module", None)
    }

    /// A detached `func.func @name` with one empty block.
    pub fn func(&mut self, name: &str) -> (OpId, BlockId) {
        self.region_holder(None, "func.func", Some(name))
    }

    /// A `func.func @name` at the end of `block`.
    pub fn func_in(&mut self, block: BlockId, name: &str) -> (OpId, BlockId) {
        self.region_holder(Some(block), "func.func", Some(name))
    }

    /// An operation `name` with one region of one block, at the end of `block`
    /// (`test.region`, `test.func`, or any unregistered name).
    pub fn nested(&mut self, block: BlockId, name: &str) -> (OpId, BlockId) {
        self.region_holder(Some(block), name, None)
    }

    fn region_holder(&mut self, parent: Option<BlockId>, name: &str, symbol: Option<&str>) -> (OpId, BlockId) {
        let ctx = self.body.ctx();
        let region = self.body.create_region();
        let inner = self.body.append_block(region);
        let mut state = OpState::new(ctx.symbol(name), self.location);
        state.regions.push(region);
        if let Some(symbol) = symbol {
            state.set_attr(ctx.symbol("sym_name"), ctx.string_attr(symbol));
        }
        let op = self.body.create_op(state);
        if let Some(parent) = parent {
            self.body.insert_op(op, InsertPoint::BlockEnd(parent));
        }
        (op, inner)
    }

    /// A new `i32` argument of `block`.
    pub fn arg(&mut self, block: BlockId) -> ValueId {
        self.body.add_block_arg(block, self.i32)
    }

    fn append(&mut self, block: BlockId, name: &str, operands: &[ValueId], results: usize) -> OpId {
        let ctx = self.body.ctx();
        let mut state = OpState::new(ctx.symbol(name), self.location);
        state.operands = operands.to_vec();
        state.result_types = vec![self.i32; results];
        Builder::at_end(self.body, block, self.location).create(state)
    }

    /// `test.const` of `value`.
    pub fn constant(&mut self, block: BlockId, value: i64) -> ValueId {
        let op = self.append(block, "test.const", &[], 1);
        let attr = self.body.ctx().int_attr(value.into(), self.i32);
        self.body.set_attr(op, "value", attr);
        self.body.result(op, 0)
    }

    pub fn add(&mut self, block: BlockId, lhs: ValueId, rhs: ValueId) -> ValueId {
        let op = self.append(block, "test.add", &[lhs, rhs], 1);
        self.body.result(op, 0)
    }

    pub fn neg(&mut self, block: BlockId, x: ValueId) -> ValueId {
        let op = self.append(block, "test.neg", &[x], 1);
        self.body.result(op, 0)
    }

    /// `test.effect`, which has side effects.
    pub fn effect(&mut self, block: BlockId, operands: &[ValueId]) -> ValueId {
        let op = self.append(block, "test.effect", operands, 1);
        self.body.result(op, 0)
    }

    /// An operation no dialect registers, without operands or results.
    pub fn unregistered(&mut self, block: BlockId, name: &str) -> OpId {
        self.append(block, name, &[], 0)
    }

    pub fn ret(&mut self, block: BlockId, operands: &[ValueId]) -> OpId {
        self.append(block, "test.return", operands, 0)
    }

    /// `test2.opaque_const` of `value`.
    pub fn opaque_constant(&mut self, block: BlockId, value: i64) -> ValueId {
        let op = self.append(block, "test2.opaque_const", &[], 1);
        let attr = self.body.ctx().int_attr(value.into(), self.i32);
        self.body.set_attr(op, "value", attr);
        self.body.result(op, 0)
    }

    pub fn opaque_add(&mut self, block: BlockId, lhs: ValueId, rhs: ValueId) -> ValueId {
        let op = self.append(block, "test2.opaque_add", &[lhs, rhs], 1);
        self.body.result(op, 0)
    }
}
