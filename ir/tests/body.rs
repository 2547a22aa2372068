//! The arena: use lists stay exact through edits, block order is a linked list, erasure
//! drops uses, walkers see nested operations, and the verifier reports dominance errors
//! and types too large to exist.

use xla_ir::verifier::verify;
use xla_ir::{Body, Builder, Context, InsertPoint, OpState, WalkOrder};

fn op(ctx: &Context, name: &str, operands: Vec<xla_ir::ValueId>, results: usize) -> OpState {
    let mut s = OpState::new(ctx.symbol(name), ctx.unknown_loc());
    s.operands = operands;
    s.result_types = vec![ctx.int_type(32); results];
    s
}

#[test]
fn use_lists_follow_every_edit() {
    let ctx = Context::new();
    let mut body = Body::new(&ctx);
    let region = body.create_region();
    let block = body.append_block(region);
    let mut b = Builder::at_end(&mut body, block, ctx.unknown_loc());
    let a = b.create(op(&ctx, "t.a", vec![], 1));
    let a = b.result(a);
    let c = b.create(op(&ctx, "t.c", vec![], 1));
    let c = b.result(c);
    let user = b.create(op(&ctx, "t.use", vec![a, a, c], 0));
    assert_eq!(body.value(a).uses.len(), 2);
    body.set_operand(user, 1, c);
    assert_eq!(body.value(a).uses.len(), 1);
    assert_eq!(body.value(c).uses.len(), 2);
    body.replace_all_uses(c, a);
    assert!(body.is_unused(c));
    assert_eq!(body.op(user).operands, vec![a, a, a]);
    assert_eq!(body.value(a).uses.len(), 3);
    body.erase_op(user);
    assert!(body.is_unused(a));
    assert!(body.is_erased(user));
}

#[test]
fn block_order_is_a_linked_list() {
    let ctx = Context::new();
    let mut body = Body::new(&ctx);
    let region = body.create_region();
    let block = body.append_block(region);
    let first = body.create_op(op(&ctx, "t.1", vec![], 0));
    body.insert_op(first, InsertPoint::BlockEnd(block));
    let third = body.create_op(op(&ctx, "t.3", vec![], 0));
    body.insert_op(third, InsertPoint::BlockEnd(block));
    let second = body.create_op(op(&ctx, "t.2", vec![], 0));
    body.insert_op(second, InsertPoint::Before(third));
    let zeroth = body.create_op(op(&ctx, "t.0", vec![], 0));
    body.insert_op(zeroth, InsertPoint::BlockStart(block));
    let names: Vec<&str> = body.block_ops(block).map(|o| body.op_name(o)).collect();
    assert_eq!(names, ["t.0", "t.1", "t.2", "t.3"]);
    body.move_op(zeroth, InsertPoint::After(third));
    let names: Vec<&str> = body.block_ops(block).map(|o| body.op_name(o)).collect();
    assert_eq!(names, ["t.1", "t.2", "t.3", "t.0"]);
    assert_eq!(body.last_op(block), Some(zeroth));
    assert_eq!(body.prev_op(zeroth), Some(third));
}

#[test]
fn walks_visit_nested_operations_in_order() {
    let ctx = Context::new();
    let mut body = Body::new(&ctx);
    let inner_region = body.create_region();
    let inner_block = body.append_block(inner_region);
    let leaf = body.create_op(op(&ctx, "t.leaf", vec![], 0));
    body.insert_op(leaf, InsertPoint::BlockEnd(inner_block));
    let mut holder = op(&ctx, "t.holder", vec![], 0);
    holder.regions.push(inner_region);
    let holder = body.create_op(holder);
    let outer_region = body.create_region();
    let outer_block = body.append_block(outer_region);
    body.insert_op(holder, InsertPoint::BlockEnd(outer_block));
    let mut root = op(&ctx, "t.root", vec![], 0);
    root.regions.push(outer_region);
    let root = body.create_op(root);
    let names = |order| body.nested_ops(root, order).into_iter().map(|o| body.op_name(o)).collect::<Vec<_>>();
    assert_eq!(names(WalkOrder::PreOrder), ["t.holder", "t.leaf"]);
    assert_eq!(names(WalkOrder::PostOrder), ["t.leaf", "t.holder"]);
    assert_eq!(body.parent_op(leaf), Some(holder));
    assert!(body.is_ancestor(root, leaf));
}

#[test]
fn verifier_reports_a_use_before_its_definition() {
    let ctx = Context::new();
    let mut body = Body::new(&ctx);
    let region = body.create_region();
    let block = body.append_block(region);
    let def = body.create_op(op(&ctx, "t.def", vec![], 1));
    let value = body.result(def, 0);
    let user = body.create_op(op(&ctx, "t.use", vec![value], 0));
    body.insert_op(user, InsertPoint::BlockEnd(block));
    body.insert_op(def, InsertPoint::BlockEnd(block));
    let mut root = op(&ctx, "t.root", vec![], 0);
    root.regions.push(region);
    let root = body.create_op(root);
    let errors = verify(&body, root).expect_err("the use comes first");
    assert_eq!(errors[0].message, "'t.use' op operand #0 does not dominate this use");
    assert_eq!(errors[0].notes[0].message, "operand defined here");
}

#[test]
fn verifier_reports_a_type_too_large_to_exist() {
    let ctx = Context::new();
    let mut body = Body::new(&ctx);
    let huge = ctx.tensor_type(&[4294967296, 4294967296], ctx.f32_type());
    let mut state = op(&ctx, "t.def", vec![], 1);
    state.result_types = vec![huge];
    let def = body.create_op(state);
    let errors = verify(&body, def).expect_err("the result type overflows");
    assert_eq!(
        errors[0].message,
        "'t.def' op result #0: the type tensor<4294967296x4294967296xf32> is too large: the product of its dimension sizes overflows i64"
    );
}
