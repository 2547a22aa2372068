//! Translation of llvm-dialect modules to LLVM IR: the IR each construct becomes, and the
//! diagnostics for what cannot be translated.

use inkwell::context::Context as LlvmContext;
use xla_ir::parser::parse_source;
use xla_ir::verifier::verify;
use xla_ir::Context;
use xla_lowering::translate::translate_module;

fn context() -> Context {
    let mut ctx = Context::new();
    xla_dialects::register_all(&mut ctx);
    ctx
}

/// The LLVM IR of `src`, which must parse, verify and translate.
fn translate(src: &str) -> String {
    let ctx = context();
    let module = parse_source(&ctx, "in.mlir", src, 1).unwrap_or_else(|e| panic!("{}", e.render(&ctx)));
    if let Err(errors) = verify(&module.body, module.op) {
        panic!("{}", errors.iter().map(|e| e.render(&ctx)).collect::<String>());
    }
    let llcx = LlvmContext::create();
    let translated = translate_module(&llcx, &module.body, module.op, "test");
    match translated {
        Ok(m) => m.print_to_string().to_string(),
        Err(errors) => panic!("{}", errors.iter().map(|e| e.render(&ctx)).collect::<String>()),
    }
}

/// The rendered diagnostics of translating `src`, which must parse and verify.
fn translation_errors(src: &str) -> String {
    let ctx = context();
    let module = parse_source(&ctx, "in.mlir", src, 1).unwrap_or_else(|e| panic!("{}", e.render(&ctx)));
    if let Err(errors) = verify(&module.body, module.op) {
        panic!("{}", errors.iter().map(|e| e.render(&ctx)).collect::<String>());
    }
    let llcx = LlvmContext::create();
    let translated = translate_module(&llcx, &module.body, module.op, "test");
    match translated {
        Ok(m) => panic!("expected an error, got\n{}", m.print_to_string().to_string()),
        Err(errors) => errors.iter().map(|e| e.render(&ctx)).collect(),
    }
}

fn assert_contains(text: &str, expected: &[&str]) {
    for e in expected {
        assert!(text.contains(e), "missing `{e}` in\n{text}");
    }
}

#[test]
fn arithmetic_and_casts_are_one_instruction_each() {
    let ir = translate(
        "llvm.func @f(%a: i32, %b: i32, %x: f32) -> f64 {
           %0 = llvm.add %a, %b : i32
           %1 = llvm.ashr %0, %b : i32
           %2 = llvm.lshr %1, %b : i32
           %3 = llvm.sitofp %2 : i32 to f32
           %4 = llvm.fmul %3, %x : f32
           %5 = llvm.fneg %4 : f32
           %6 = llvm.fpext %5 : f32 to f64
           llvm.return %6 : f64
         }",
    );
    assert_contains(
        &ir,
        &[
            "define double @f(i32 %0, i32 %1, float %2) {",
            "%4 = add i32 %0, %1",
            "%5 = ashr i32 %4, %1",
            "%6 = lshr i32 %5, %1",
            "%7 = sitofp i32 %6 to float",
            "%8 = fmul float %7, %2",
            "%9 = fneg float %8",
            "%10 = fpext float %9 to double",
            "ret double %10",
        ],
    );
}

#[test]
fn block_arguments_become_phis() {
    let ir = translate(
        "llvm.func @count(%n: i64) -> i64 {
           %zero = llvm.constant 0 : i64
           %one = llvm.constant 1 : i64
           llvm.br ^loop(%zero : i64)
         ^loop(%i: i64):
           %next = llvm.add %i, %one : i64
           %more = llvm.icmp slt %next, %n : i64
           llvm.cond_br %more, ^loop(%next : i64), ^exit
         ^exit:
           llvm.return %next : i64
         }",
    );
    assert_contains(
        &ir,
        &[
            "br label %2",
            "%3 = phi i64 [ 0, %1 ], [ %4, %2 ]",
            "%4 = add i64 %3, 1",
            "%5 = icmp slt i64 %4, %0",
            "br i1 %5, label %2, label %6",
            "ret i64 %4",
        ],
    );
}

#[test]
fn one_target_twice_takes_an_edge_block() {
    let ir = translate(
        "llvm.func @pick(%p: i1, %a: f32, %b: f32) -> f32 {
           llvm.cond_br %p, ^join(%a : f32), ^join(%b : f32)
         ^join(%x: f32):
           llvm.return %x : f32
         }",
    );
    // The false edge goes through a block of its own, so the phi has one entry per block.
    assert_contains(&ir, &["br i1 %0, label %4, label %6", "%5 = phi float [ %1, %3 ], [ %2, %6 ]", "6:", "br label %4"]);
}

#[test]
fn unreachable_blocks_are_left_out() {
    let ir = translate(
        "llvm.func @f(%a: i32) -> i32 {
           llvm.return %a : i32
         ^dead:
           %0 = llvm.mul %a, %a : i32
           llvm.return %0 : i32
         }",
    );
    assert!(!ir.contains("mul"), "{ir}");
}

#[test]
fn calls_declare_externals_and_intrinsics_on_use() {
    let ir = translate(
        "llvm.func @f(%x: f32, %p: !llvm.ptr) -> f32 {
           %0 = llvm.call @llvm.exp.f32(%x) : (f32) -> f32
           %1 = llvm.call @llvm.fma.f32(%0, %x, %x) : (f32, f32, f32) -> f32
           %2 = llvm.call @helper(%1) : (f32) -> f32
           llvm.call @xla_rt_sink(%p) : (!llvm.ptr) -> ()
           %3 = llvm.call @expf(%2) : (f32) -> f32
           llvm.return %3 : f32
         }
         llvm.func @helper(%x: f32) -> f32 attributes {linkage = \"internal\"} {
           llvm.return %x : f32
         }",
    );
    assert_contains(
        &ir,
        &[
            "call float @llvm.exp.f32(float %0)",
            "call float @llvm.fma.f32(float %3, float %0, float %0)",
            "call float @helper(float %4)",
            "call void @xla_rt_sink(ptr %1)",
            "declare float @llvm.exp.f32(float)",
            "declare void @xla_rt_sink(ptr)",
            "declare float @expf(float)",
            "define internal float @helper(float %0)",
        ],
    );
}

#[test]
fn memory_ops_use_the_element_type() {
    let ir = translate(
        "llvm.func @f(%p: !llvm.ptr, %i: i64, %x: f32) {
           %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
           %r = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr
           %s = llvm.load %r {alignment = 16} : !llvm.ptr -> !llvm.ptr
           %y = llvm.load %q : !llvm.ptr -> f32
           %z = llvm.fadd %x, %y : f32
           llvm.store %z, %s {alignment = 4} : f32, !llvm.ptr
           llvm.return
         }",
    );
    assert_contains(
        &ir,
        &[
            "getelementptr inbounds float, ptr %0, i64 %1",
            "getelementptr ptr, ptr %0, i64 %1",
            "load ptr, ptr %5, align 16",
            "load float, ptr %4, align 4",
            "store float %8, ptr %6, align 4",
        ],
    );
}

#[test]
fn constants_compares_and_selects() {
    let ir = translate(
        "llvm.func @f(%x: f32, %p: !llvm.ptr) -> i8 {
           %nan = llvm.constant 0x7FC00000 : f32
           %m = llvm.constant -1 : i8
           %t = llvm.constant 255 : i8
           %b = llvm.constant true : i1
           %c = llvm.fcmp uno %x, %nan : f32
           %d = llvm.icmp eq %p, %p : !llvm.ptr
           %e = llvm.and %c, %d : i1
           %f = llvm.and %e, %b : i1
           %r = llvm.select %f, %m, %t : i8
           llvm.return %r : i8
         }",
    );
    assert_contains(&ir, &["fcmp uno float %0, 0x7FF8000000000000", "icmp eq ptr %1, %1", "and i1 %5, true", "select i1 %6, i8 -1, i8 -1"]);
}

#[test]
fn ops_of_other_levels_are_located_errors() {
    let errors = translation_errors(
        "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
           %0 = hlo.add %a, %a : tensor<2xf32>
           func.return %0 : tensor<2xf32>
         }",
    );
    assert!(errors.starts_with("in.mlir:1:1: error: 'func.func' op is not in the llvm dialect: lower the module to the llvm dialect"), "{errors}");
    let errors = translation_errors(
        "llvm.func @f(%a: i32) -> i32 {
           %0 = \"test.unknown\"(%a) : (i32) -> i32
           llvm.return %0 : i32
         }",
    );
    assert!(errors.contains("in.mlir:2:12: error: 'test.unknown' op is not in the llvm dialect"), "{errors}");
}

#[test]
fn unknown_intrinsics_and_conflicting_calls_are_located_errors() {
    let errors = translation_errors(
        "llvm.func @f(%x: f32) -> f32 {
           %0 = llvm.call @llvm.no_such_thing.f32(%x) : (f32) -> f32
           llvm.return %0 : f32
         }",
    );
    assert!(errors.contains("in.mlir:2:12: error: 'llvm.call' op @llvm.no_such_thing.f32 names no LLVM intrinsic"), "{errors}");
    let errors = translation_errors(
        "llvm.func @f(%x: f32, %y: f64) {
           llvm.call @g(%x) : (f32) -> ()
           llvm.call @g(%y) : (f64) -> ()
           llvm.return
         }",
    );
    assert!(errors.contains("in.mlir:3:12: error: 'llvm.call' op calls @g as 'void (double)', but the module declares it as 'void (float)'"), "{errors}");
}

#[test]
fn llvm_verifier_failures_are_located_at_the_function() {
    // The intrinsic exists, but not with these types: LLVM's verifier says so.
    let errors = translation_errors(
        "llvm.func @ok() {
           llvm.return
         }
         llvm.func @bad(%x: f64) -> f64 {
           %0 = llvm.call @llvm.exp.f32(%x) : (f64) -> f64
           llvm.return %0 : f64
         }",
    );
    assert!(
        errors.starts_with(
            "in.mlir:4:10: error: LLVM's verifier rejects the translated module: Intrinsic name not mangled correctly \
             for type arguments! Should be: llvm.exp.f64; ptr @llvm.exp.f32\n"
        ),
        "{errors}"
    );
}
