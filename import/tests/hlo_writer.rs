//! The HLO writer's module structure: the header and entry layout, which function is the
//! ENTRY, calls and the order of computations, parameters and ROOTs, multi-result values,
//! names, and the located errors for what HLO cannot express.

mod hlo_writer_support;

use hlo_writer_support::{assert_lines, write, write_error};

#[test]
fn a_function_becomes_the_entry_computation() {
    let text = write(
        r#"module @jit_f {
  func.func public @main(%x: tensor<2x3xf32>, %y: tensor<f32>) -> tensor<2x3xf32> {
    %0 = hlo.add %x, %x : tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}"#,
    );
    assert_eq!(
        text,
        "HloModule jit_f, entry_computation_layout={(f32[2,3]{1,0}, f32[])->f32[2,3]{1,0}}\n\
         \n\
         ENTRY main {\n\
         \x20 Arg_0.1 = f32[2,3]{1,0} parameter(0)\n\
         \x20 Arg_1.2 = f32[] parameter(1)\n\
         \x20 ROOT add.3 = f32[2,3]{1,0} add(Arg_0.1, Arg_0.1)\n\
         }\n"
    );
}

#[test]
fn several_results_are_a_tuple_root() {
    let text = write(
        r#"func.func @main(%x: tensor<4xf32>, %n: tensor<i32>) -> (tensor<4xf32>, tensor<i32>, tensor<4xf32>) {
  return %x, %n, %x : tensor<4xf32>, tensor<i32>, tensor<4xf32>
}"#,
    );
    assert_lines(
        &text,
        &[
            "HloModule module, entry_computation_layout={(f32[4]{0}, s32[])->(f32[4]{0}, s32[], f32[4]{0})}",
            "ENTRY main {",
            "ROOT tuple.3 = (f32[4]{0}, s32[], f32[4]{0}) tuple(Arg_0.1, Arg_1.2, Arg_0.1)",
        ],
    );
}

#[test]
fn a_returned_parameter_is_the_root() {
    let text = write("func.func @main(%x: tensor<f32>) -> tensor<f32> {\n  return %x : tensor<f32>\n}");
    assert_lines(&text, &["ROOT Arg_0.1 = f32[] parameter(0)"]);
    let text = write("func.func @main() {\n  return\n}");
    assert_lines(&text, &["entry_computation_layout={()->()}", "ROOT tuple.1 = () tuple()"]);
}

#[test]
fn callees_come_before_their_callers() {
    let text = write(
        r#"func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0:2 = func.call @split(%x) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  %1 = hlo.call @twice(%0#1) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @twice(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0:2 = func.call @split(%x) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  %1 = hlo.add %0#0, %0#1 : tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func private @split(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0 = hlo.negate %x : tensor<2xf32>
  return %x, %0 : tensor<2xf32>, tensor<2xf32>
}"#,
    );
    assert_lines(
        &text,
        &[
            "split {",
            "ROOT tuple.",
            "twice {",
            "call.",
            " = (f32[2]{0}, f32[2]{0}) call(Arg_0.",
            "), to_apply=split",
            "get-tuple-element(call.",
            "), index=0",
            "), index=1",
            "ENTRY main {",
            "to_apply=split",
            "call(get-tuple-element.",
            "), to_apply=twice",
        ],
    );
    assert_eq!(text.matches("split {").count(), 1, "each function is written once:\n{text}");
}

#[test]
fn a_region_equal_to_a_function_names_its_computation() {
    let text = write(
        r#"func.func @main(%x: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
  %0 = hlo.reduce(%x init: %z) dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<f32>
}
func.func private @region_0.1(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %s = hlo.add %a, %b : tensor<f32>
  return %s : tensor<f32>
}"#,
    );
    assert_lines(&text, &["region_0.1 {", "ENTRY main {", "reduce(Arg_0.", "), dimensions={0}, to_apply=region_0.1\n"]);
    assert!(!text.contains("reduce_body"), "the reducer is not written twice:\n{text}");
}

#[test]
fn the_entry_is_main_or_the_only_public_function() {
    let text = write(
        "func.func private @helper() {\n  return\n}\nfunc.func public @run(%x: tensor<f32>) -> tensor<f32> {\n  return %x : tensor<f32>\n}",
    );
    assert_lines(&text, &["helper {", "ENTRY run {"]);
    let error = write_error("func.func @a() {\n  return\n}\nfunc.func @b() {\n  return\n}");
    assert!(error.contains("has no entry function: name it @main or make it the only public function (public: @a, @b)"), "{error}");
}

#[test]
fn names_are_valid_hlo_identifiers() {
    let text = write(
        r#"func.func @main(%x: tensor<f32>) -> tensor<f32> {
  %0 = func.call @"my func!"(%x) : (tensor<f32>) -> tensor<f32>
  %1 = func.call @f32(%0) : (tensor<f32>) -> tensor<f32>
  return %1 : tensor<f32>
}
func.func private @"my func!"(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
func.func private @f32(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}"#,
    );
    assert_lines(&text, &["my_func_ {", "f32.", " {", "to_apply=my_func_", "to_apply=f32."]);
}

#[test]
fn layouts_bounds_and_tokens_are_part_of_shapes() {
    let text = write(
        r#"func.func @main(%x: tensor<2x3xf32, {0, 1}>, %y: tensor<2x<=8xi8>, %t: !hlo.token, %u: tuple<tensor<ui16>, tensor<1xi1>>) -> tensor<2x3xf32, {0, 1}> {
  return %x : tensor<2x3xf32, {0, 1}>
}"#,
    );
    assert_lines(
        &text,
        &["entry_computation_layout={(f32[2,3]{0,1}, s8[2,<=8]{1,0}, token[], (u16[], pred[1]{0}))->f32[2,3]{0,1}}"],
    );
}

#[test]
fn regions_get_the_outer_values_they_use() {
    let text = write(
        r#"func.func @main(%x: tensor<f32>, %i: tensor<i32>) -> tensor<i32> {
  %limit = hlo.constant dense<10> : tensor<i32>
  %0 = hlo.while(%i) : tensor<i32> cond {
  ^bb0(%a: tensor<i32>):
    %p = hlo.compare LT, %a, %limit : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%a: tensor<i32>):
    %c = hlo.convert_element_type %x : (tensor<f32>) -> tensor<i32>
    %s = hlo.add %a, %c : tensor<i32>
    hlo.return %s : tensor<i32>
  }
  return %0 : tensor<i32>
}"#,
    );
    assert_lines(
        &text,
        &[
            "while_cond.",
            "arg_tuple.",
            " = (s32[], f32[]) parameter(0)",
            "constant.",
            " = s32[] constant(10)",
            "compare(",
            "while_body.",
            " = (s32[], f32[]) parameter(0)",
            "convert(get-tuple-element.",
            "ROOT tuple.",
            " = (s32[], f32[]) tuple(add.",
            "ENTRY main {",
            " = (s32[], f32[]) tuple(Arg_1.",
            ", Arg_0.",
            " = (s32[], f32[]) while(tuple.",
            "ROOT get-tuple-element.",
            " = s32[] get-tuple-element(while.",
            "), index=0",
        ],
    );
    let text = write(
        r#"func.func @main(%p: tensor<i1>, %x: tensor<2xf32>, %y: tensor<f32>) -> tensor<2xf32> {
  %0 = hlo.conditional %p, %x, %y : (tensor<i1>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<2xf32>):
    hlo.return %a : tensor<2xf32>
  }, {
  ^bb0(%b: tensor<f32>):
    hlo.return %x : tensor<2xf32>
  }
  return %0 : tensor<2xf32>
}"#,
    );
    assert_lines(
        &text,
        &[
            "conditional_branch0.",
            " = f32[2]{0} parameter(0)",
            "conditional_branch1.",
            " = (f32[], f32[2]{0}) parameter(0)",
            "ROOT get-tuple-element.",
            "), index=1",
            "ENTRY main {",
            " = (f32[], f32[2]{0}) tuple(Arg_2.",
            ", Arg_1.",
            "ROOT conditional.",
            " = f32[2]{0} conditional(Arg_0.",
            ", Arg_1.",
            ", tuple.",
            "), true_computation=conditional_branch0.",
            ", false_computation=conditional_branch1.",
        ],
    );
}

#[test]
fn what_hlo_cannot_say_is_a_located_error() {
    let capture = write_error(
        r#"func.func @main(%x: tensor<4xf32>, %k: tensor<f32>) -> tensor<f32> {
  %0 = hlo.reduce(%x init: %k) dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %k : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<f32>
}"#,
    );
    assert!(capture.starts_with("test.mlir:4:5: error: 'hlo.add' op uses a value defined outside its region"), "{capture}");

    let recursion = write_error(
        r#"func.func @main(%x: tensor<f32>) -> tensor<f32> {
  %0 = func.call @f(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func private @f(%x: tensor<f32>) -> tensor<f32> {
  %0 = func.call @f(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}"#,
    );
    assert!(recursion.contains("test.mlir:6:3: error: 'func.call' op calls @f recursively; HLO computations cannot recurse"), "{recursion}");

    let entry_called = write_error(
        r#"func.func @main(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}
func.func private @g(%x: tensor<f32>) -> tensor<f32> {
  %0 = func.call @main(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}"#,
    );
    assert!(entry_called.contains("'func.call' op calls the entry function @main"), "{entry_called}");

    let declaration = write_error("func.func private @ext(tensor<f32>) -> tensor<f32>\nfunc.func @main() {\n  return\n}");
    assert!(declaration.contains("test.mlir:1:1: error: 'func.func' op is a declaration; HLO has no external functions"), "{declaration}");

    let foreign = write_error("func.func @main() {\n  \"other.op\"() : () -> ()\n  return\n}");
    assert!(foreign.contains("test.mlir:2:3: error: 'other.op' op has no HLO text form: only hlo, func and check ops do"), "{foreign}");

    let no_shape = write_error("func.func @main(%x: tensor<2xi3>) {\n  return\n}");
    assert!(no_shape.contains("'func.func' op element type i3 has no HLO equivalent"), "{no_shape}");

    let padded = write_error(
        "func.func @main(%x: tensor<2xf32, {0}, padded = [4]>) -> tensor<2xf32, {0}, padded = [4]> {\n  return %x : tensor<2xf32, {0}, padded = [4]>\n}",
    );
    assert!(padded.contains("padded layouts have no HLO text form"), "{padded}");
}
