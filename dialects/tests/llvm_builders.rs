//! The llvm dialect's builders make verified IR: a loop summing an array, built op by op
//! (branches with block arguments through `BrOp::build_to` and `CondBrOp::build_to`), prints
//! as the custom forms docs/lowering.md writes.

use xla_dialects::llvm::{self, BrOp, CondBrOp, IcmpPredicate};
use xla_ir::printer::{print_op, PrintOptions};
use xla_ir::verifier::verify;
use xla_ir::{Body, Builder, Context, InsertPoint, Op, OpState};

fn context() -> Context {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    ctx
}

#[test]
fn a_summing_loop_builds_and_verifies() {
    let ctx = context();
    let mut body = Body::new(&ctx);
    let loc = ctx.unknown_loc();
    let (ptr, i64t, f32t) = (llvm::ptr_type(&ctx), ctx.int_type(64), ctx.f32_type());

    // module { llvm.func @sum(%p: !llvm.ptr, %n: i64) -> f32 { ... } }
    let module_region = body.create_region();
    let module_block = body.append_block(module_region);
    let mut module = OpState::new(ctx.symbol("builtin.module"), loc);
    module.regions.push(module_region);
    let module = body.create_op(module);
    let mut b = Builder::at_end(&mut body, module_block, loc);
    let func = llvm::FuncOp::build(&mut b, "sum", ctx.function_type(vec![ptr, i64t], vec![f32t]), None).expect("llvm.func");
    let region = func.body(b.body);
    let entry = b.body.append_block(region);
    let loop_block = b.body.append_block(region);
    let exit = b.body.append_block(region);
    let p = b.body.add_block_arg(entry, ptr);
    let n = b.body.add_block_arg(entry, i64t);
    let i = b.body.add_block_arg(loop_block, i64t);
    let acc = b.body.add_block_arg(loop_block, f32t);
    let total = b.body.add_block_arg(exit, f32t);

    b.set_insert_point(InsertPoint::BlockEnd(entry));
    let zero = constant(&mut b, ctx.int_attr(0, i64t), i64t);
    let one = constant(&mut b, ctx.int_attr(1, i64t), i64t);
    let fzero = constant(&mut b, ctx.float_attr(0.0, f32t), f32t);
    BrOp::build_to(&mut b, loop_block, &[zero, fzero]);

    b.set_insert_point(InsertPoint::BlockEnd(loop_block));
    let addr = llvm::GetElementPtrOp::build(&mut b, p, i, f32t, Some(()), ptr).expect("gep").0;
    let addr = b.result(addr);
    let x = llvm::LoadOp::build(&mut b, addr, None, f32t).expect("load").0;
    let x = b.result(x);
    let sum = llvm::FAddOp::build(&mut b, acc, x).expect("fadd").0;
    let sum = b.result(sum);
    let next = llvm::AddOp::build(&mut b, i, one).expect("add").0;
    let next = b.result(next);
    let more = llvm::ICmpOp::build(&mut b, next, n, IcmpPredicate::Slt).expect("icmp").0;
    let more = b.result(more);
    CondBrOp::build_to(&mut b, more, (loop_block, &[next, sum]), (exit, &[sum]));

    b.set_insert_point(InsertPoint::BlockEnd(exit));
    llvm::ReturnOp::build(&mut b, Some(total)).expect("return");

    if let Err(errors) = verify(&body, module) {
        panic!("{}", errors.iter().map(|e| e.render(&ctx)).collect::<String>());
    }
    let text = print_op(&body, module, &PrintOptions::default());
    for expected in [
        "llvm.func @sum(%arg0: !llvm.ptr, %arg1: i64) -> f32 {",
        "llvm.br ^bb1(%0, %2 : i64, f32)",
        "^bb1(%3: i64, %4: f32):",
        "%5 = llvm.getelementptr inbounds %arg0[%3] : (!llvm.ptr, i64) -> !llvm.ptr, f32",
        "%6 = llvm.load %5 : !llvm.ptr -> f32",
        "%7 = llvm.fadd %4, %6 : f32",
        "%9 = llvm.icmp slt %8, %arg1 : i64",
        "llvm.cond_br %9, ^bb1(%8, %7 : i64, f32), ^bb2(%7 : f32)",
        "^bb2(%10: f32):",
        "llvm.return %10 : f32",
    ] {
        assert!(text.contains(expected), "missing `{expected}` in\n{text}");
    }
    let cond_br = body.block_ops(loop_block).last().and_then(|op| CondBrOp::cast(&body, op)).expect("a cond_br ends the loop");
    assert_eq!(cond_br.true_dest(&body), loop_block);
    assert_eq!(cond_br.false_dest(&body), exit);
    assert_eq!(body.successor_operands(cond_br.0, 1), &[sum]);
}

/// `llvm.constant` of `value` and type `ty` at the builder's cursor.
fn constant(b: &mut Builder, value: xla_ir::Attribute, ty: xla_ir::Type) -> xla_ir::ValueId {
    let op = llvm::ConstantOp::build(b, value, ty).expect("llvm.constant");
    b.result(op.0)
}
