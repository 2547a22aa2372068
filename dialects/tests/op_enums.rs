//! The op enums `xla_ir::dialect!` generates: `of` gives every registered op of a dialect
//! its own variant (the enum's order is the registration order), and nothing for an op of
//! another dialect or an unregistered one.

use xla_dialects::builtin::BuiltinOp;
use xla_dialects::check::CheckOp;
use xla_dialects::func::FuncDialectOp;
use xla_dialects::hlo::{AddOp, HloOp};
use xla_dialects::interpreter::InterpreterOp;
use xla_dialects::llvm::LlvmOp;
use xla_dialects::loops::LoopOp;
use xla_ir::op_def::OpDef;
use xla_ir::{Body, Context, OpId, OpState};

fn context() -> Context {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    ctx
}

/// A bare op named as `def` says (no operands: `of` looks at the name only).
fn bare_op(body: &mut Body, def: &OpDef) -> OpId {
    let ctx = body.ctx();
    body.create_op(OpState::new(ctx.symbol(def.name), ctx.unknown_loc()))
}

/// Checks that `of` gives each op of `defs` the variant whose definition it is.
fn each_op_has_its_variant<E: Copy>(defs: &[&'static OpDef], of: fn(&Body, OpId) -> Option<E>, def_of: fn(E) -> &'static OpDef, id_of: fn(E) -> OpId) {
    let ctx = context();
    let mut body = Body::new(&ctx);
    for def in defs {
        let op = bare_op(&mut body, def);
        let kind = of(&body, op).unwrap_or_else(|| panic!("{} has no variant", def.name));
        assert_eq!(def_of(kind).name, def.name);
        assert_eq!(id_of(kind), op);
    }
}

#[test]
fn every_op_of_every_dialect_has_its_variant() {
    each_op_has_its_variant(HloOp::ALL_DEFS, HloOp::of, HloOp::def, HloOp::id);
    each_op_has_its_variant(LoopOp::ALL_DEFS, LoopOp::of, LoopOp::def, LoopOp::id);
    each_op_has_its_variant(LlvmOp::ALL_DEFS, LlvmOp::of, LlvmOp::def, LlvmOp::id);
    each_op_has_its_variant(CheckOp::ALL_DEFS, CheckOp::of, CheckOp::def, CheckOp::id);
    each_op_has_its_variant(FuncDialectOp::ALL_DEFS, FuncDialectOp::of, FuncDialectOp::def, FuncDialectOp::id);
    each_op_has_its_variant(BuiltinOp::ALL_DEFS, BuiltinOp::of, BuiltinOp::def, BuiltinOp::id);
    each_op_has_its_variant(InterpreterOp::ALL_DEFS, InterpreterOp::of, InterpreterOp::def, InterpreterOp::id);
}

#[test]
fn ops_of_other_dialects_and_unregistered_ops_have_none() {
    let ctx = context();
    let mut body = Body::new(&ctx);
    let add = bare_op(&mut body, <AddOp as xla_ir::Op>::DEF);
    assert!(matches!(HloOp::of(&body, add), Some(HloOp::Add(view)) if xla_ir::Op::id(view) == add));
    assert_eq!(LlvmOp::of(&body, add), None);
    assert_eq!(LoopOp::of(&body, add), None);
    let unknown = body.create_op(OpState::new(ctx.symbol("hlo.no_such_op"), ctx.unknown_loc()));
    assert_eq!(HloOp::of(&body, unknown), None);
}

#[test]
fn kinds_are_found_by_their_full_and_short_names() {
    use xla_dialects::hlo::HloOpKind;
    use xla_dialects::loops::LoopOpKind;
    assert_eq!(HloOpKind::ALL.len(), HloOp::ALL_DEFS.len());
    for &kind in HloOpKind::ALL {
        assert_eq!(HloOpKind::from_name(kind.name()), Some(kind));
        assert_eq!(HloOpKind::from_short_name(kind.short_name()), Some(kind));
        assert_eq!(format!("hlo.{}", kind.short_name()), kind.name());
    }
    assert_eq!(HloOpKind::from_short_name("dynamic_update_slice"), Some(HloOpKind::DynamicUpdateSlice));
    assert_eq!(LoopOpKind::from_name("loop.for"), Some(LoopOpKind::For));
    assert_eq!(HloOpKind::from_name("loop.for"), None);
    assert_eq!(HloOpKind::from_short_name("no_such_op"), None);
}
