//! One test per StableHLO syntax the reader knows: an inline snippet as JAX prints it (pretty
//! form) or as MLIR's generic form writes it, and the hlo it must become (substrings of the
//! printed module, in order). These stand in for lit tests until `xla-opt` reads StableHLO.

mod support;

use support::{assert_contains_in_order, func, import};

#[test]
fn module_and_function_attributes_are_kept() {
    let out = import(
        r#"module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2xf32> {mhlo.sharding = "{replicated}"}) -> (tensor<2xf32> {jax.result_info = "result"}) {
    return %arg0 : tensor<2xf32>
  }
}"#,
    );
    assert_contains_in_order(
        &out,
        &[
            "module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32}",
            "func.func public @main(%arg0: tensor<2xf32> {mhlo.sharding = \"{replicated}\"}) -> (tensor<2xf32> {jax.result_info = \"result\"})",
            "func.return %arg0 : tensor<2xf32>",
        ],
    );
}

#[test]
fn elementwise_unary_and_binary_ops() {
    let out = import(&func(
        "%a: tensor<4xf32>, %b: tensor<4xf32>, %i: tensor<4xi32>",
        "tensor<4xf32>",
        "    %0 = stablehlo.add %a, %b : tensor<4xf32>
    %1 = stablehlo.tanh %0 : tensor<4xf32>
    %2 = stablehlo.exponential_minus_one %1 : (tensor<4xf32>) -> tensor<4xf32>
    %3 = stablehlo.shift_right_logical %i, %i : tensor<4xi32>
    %4 = stablehlo.convert %3 : (tensor<4xi32>) -> tensor<4xf32>
    %5 = stablehlo.atan2 %2, %4 : tensor<4xf32>
    %6 = stablehlo.convert %5 : tensor<4xf32>
    %7 = stablehlo.bitcast_convert %6 : (tensor<4xf32>) -> tensor<4xi32>
    %8 = stablehlo.popcnt %7 : tensor<4xi32>
    %9 = stablehlo.is_finite %6 : (tensor<4xf32>) -> tensor<4xi1>
    return %6 : tensor<4xf32>",
    ));
    assert_contains_in_order(
        &out,
        &[
            "hlo.add %arg0, %arg1 : tensor<4xf32>",
            "hlo.tanh",
            "hlo.exponential_minus_one",
            "hlo.shift_right_logical %arg2, %arg2 : tensor<4xi32>",
            "hlo.convert_element_type %3 : (tensor<4xi32>) -> tensor<4xf32>",
            "hlo.atan2",
            "hlo.convert_element_type %5 : (tensor<4xf32>) -> tensor<4xf32>",
            "hlo.bitcast_convert_type %6 : (tensor<4xf32>) -> tensor<4xi32>",
            "hlo.popcnt",
            "hlo.is_finite",
        ],
    );
}

#[test]
fn complex_real_and_imag() {
    let out = import(&func(
        "%re: tensor<2xf32>, %im: tensor<2xf32>",
        "tensor<2xf32>",
        "    %0 = stablehlo.complex %re, %im : tensor<2xcomplex<f32>>
    %1 = stablehlo.real %0 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
    %2 = stablehlo.imag %0 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
    %3 = stablehlo.abs %0 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
    return %3 : tensor<2xf32>",
    ));
    assert_contains_in_order(&out, &["hlo.complex %arg0, %arg1", "-> tensor<2xcomplex<f32>>", "hlo.real", "hlo.imag", "hlo.abs"]);
}

#[test]
fn compare_select_clamp() {
    let out = import(&func(
        "%a: tensor<4xf32>, %b: tensor<4xf32>, %lo: tensor<f32>, %hi: tensor<f32>",
        "tensor<4xf32>",
        "    %0 = stablehlo.compare GT, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %1 = stablehlo.compare EQ, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %2 = stablehlo.select %0, %a, %b : tensor<4xi1>, tensor<4xf32>
    %3 = stablehlo.select %1, %2, %b : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %4 = stablehlo.clamp %lo, %3, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    %5 = stablehlo.clamp %a, %4, %b : tensor<4xf32>
    return %5 : tensor<4xf32>",
    ));
    assert_contains_in_order(
        &out,
        &[
            "hlo.compare GT, %arg0, %arg1, FLOAT",
            "hlo.compare EQ, %arg0, %arg1 :",
            "hlo.select %0, %arg0, %arg1",
            "hlo.select %1, %2, %arg1",
            "hlo.clamp %arg2, %3, %arg3",
            "hlo.clamp %arg0, %4, %arg1",
        ],
    );
}

#[test]
fn reduce_precision_format() {
    let out = import(&func(
        "%a: tensor<4xf32>",
        "tensor<4xf32>",
        "    %0 = stablehlo.reduce_precision %a, format = e5m10 : tensor<4xf32>
    return %0 : tensor<4xf32>",
    ));
    assert_contains_in_order(&out, &["hlo.reduce_precision %arg0, format = e5m10"]);
}

#[test]
fn shape_ops() {
    let out = import(&func(
        "%x: tensor<2x3xf32>, %s: tensor<f32>, %i: tensor<i32>",
        "tensor<3x2xf32>",
        "    %0 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %1 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %2 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
    %3 = stablehlo.slice %x [0:2, 1:3] : (tensor<2x3xf32>) -> tensor<2x2xf32>
    %4 = stablehlo.slice %2 [1:6:2] : (tensor<6xf32>) -> tensor<3xf32>
    %5 = stablehlo.pad %x, %s, low = [0, 1], high = [1, 0], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x6xf32>
    %6 = stablehlo.concatenate %x, %0, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
    %7 = stablehlo.dynamic_slice %x, %i, %i, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
    %8 = stablehlo.dynamic_update_slice %x, %7, %i, %i : (tensor<2x3xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
    %9 = stablehlo.iota dim = 1 : tensor<2x3xi32>
    %10 = stablehlo.reverse %x, dims = [0] : tensor<2x3xf32>
    %11 = stablehlo.broadcast %s, sizes = [4] : (tensor<f32>) -> tensor<4xf32>
    %12 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
    return %1 : tensor<3x2xf32>",
    ));
    assert_contains_in_order(
        &out,
        &[
            "hlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x3xf32>",
            "hlo.transpose %arg0, dims = [1, 0]",
            "hlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>",
            "hlo.slice %arg0 [0:2, 1:3]",
            "hlo.slice %2 [1:6:2]",
            "hlo.pad %arg0, %arg1, low = [0, 1], high = [1, 0], interior = [0, 1]",
            "hlo.concatenate %arg0, %0, dim = 0",
            "hlo.dynamic_slice %arg0, %arg2, %arg2, sizes = [1, 2]",
            "hlo.dynamic_update_slice %arg0, %7, %arg2, %arg2",
            "hlo.iota dim = 1 : tensor<2x3xi32>",
            "hlo.rev %arg0, dims = [0]",
            "hlo.broadcast %arg1, sizes = [4]",
            "hlo.get_dimension_size %arg0, dim = 1",
        ],
    );
}

#[test]
fn dense_literals_in_every_element_type() {
    let out = import(&func(
        "",
        "tensor<2xbf16>",
        "    %0 = stablehlo.constant dense<[1.000000e+00, -2.500000e+00]> : tensor<2xf32>
    %1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %2 = stablehlo.constant dense<[1.5, 0x7FC0]> : tensor<2xbf16>
    %3 = stablehlo.constant dense<0x7C00> : tensor<f16>
    %4 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf8E4M3FN>
    %5 = stablehlo.constant dense<[true, false]> : tensor<2xi1>
    %6 = stablehlo.constant dense<[-1, 2]> : tensor<2xi8>
    %7 = stablehlo.constant dense<4294967295> : tensor<ui32>
    %8 = stablehlo.constant dense<(1.0, -2.0)> : tensor<complex<f64>>
    %9 = stablehlo.constant dense<\"0x0000803F\"> : tensor<f32>
    %10 = stablehlo.constant dense<1.0> : tensor<2x2xf64>
    %11 = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
    return %2 : tensor<2xbf16>",
    ));
    assert_contains_in_order(
        &out,
        &[
            "hlo.constant dense<[1.0, -2.5]> : tensor<2xf32>",
            "hlo.constant dense<0xFF800000> : tensor<f32>",
            ": tensor<2xbf16>",
            ": tensor<f16>",
            ": tensor<2xf8E4M3FN>",
            "dense<[true, false]> : tensor<2xi1>",
            "dense<[-1, 2]> : tensor<2xi8>",
            "dense<4294967295> : tensor<ui32>",
            ": tensor<complex<f64>>",
            "hlo.constant dense<1.0> : tensor<f32>",
            "dense<1.0> : tensor<2x2xf64>",
            "dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>",
        ],
    );
}

#[test]
fn dot_general_with_and_without_batching_dims() {
    let out = import(&func(
        "%a: tensor<4x2x3xf32>, %b: tensor<4x3x5xf32>, %m: tensor<2x3xf32>, %n: tensor<3x5xf32>",
        "tensor<4x2x5xf32>",
        "    %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : (tensor<4x2x3xf32>, tensor<4x3x5xf32>) -> tensor<4x2x5xf32>
    %1 = stablehlo.dot_general %m, %n, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
    %2 = stablehlo.dot %m, %n, precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
    %3 = stablehlo.dot %m, %n : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
    return %0 : tensor<4x2x5xf32>",
    ));
    assert_contains_in_order(
        &out,
        &[
            "hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1]",
            "precision_config = [\"DEFAULT\", \"HIGHEST\"]",
            "hlo.dot_general %arg2, %arg3, batching_dims = [] x [], contracting_dims = [1] x [0]",
            "hlo.dot %arg2, %arg3",
            "hlo.dot %arg2, %arg3 :",
        ],
    );
}

#[test]
fn mixed_precision_dots_convert_their_operands() {
    let out = import(&func(
        "%a: tensor<2x3xbf16>, %b: tensor<3x4xbf16>",
        "tensor<2x4xf32>",
        "    %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xbf16>, tensor<3x4xbf16>) -> tensor<2x4xf32>
    return %0 : tensor<2x4xf32>",
    ));
    assert_contains_in_order(
        &out,
        &[
            "hlo.convert_element_type %arg0 : (tensor<2x3xbf16>) -> tensor<2x3xf32>",
            "hlo.convert_element_type %arg1 : (tensor<3x4xbf16>) -> tensor<3x4xf32>",
            "hlo.dot_general %0, %1",
        ],
    );
}

#[test]
fn convolution_dimension_numbers_and_window() {
    let out = import(&func(
        "%x: tensor<8x32x32x16xf32>, %w: tensor<3x3x16x32xf32>",
        "tensor<8x16x16x32xf32>",
        "    %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x32x32x16xf32>, tensor<3x3x16x32xf32>) -> tensor<8x16x16x32xf32>
    return %0 : tensor<8x16x16x32xf32>",
    ));
    assert_contains_in_order(
        &out,
        &["hlo.convolution %arg0, %arg1, dim_labels = b01f_01io->b01f", "stride = [2, 2]", "pad = [[1, 1], [1, 1]]"],
    );
}

#[test]
fn convolution_in_generic_form() {
    let out = import(&func(
        "%x: tensor<1x4x4x1xf32>, %w: tensor<3x3x1x1xf32>",
        "tensor<1x2x2x1xf32>",
        "    %0 = \"stablehlo.convolution\"(%x, %w) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
    return %0 : tensor<1x2x2x1xf32>",
    ));
    assert_contains_in_order(&out, &["hlo.convolution %arg0, %arg1, dim_labels = b01f_01io->b01f", "pad = [[0, 0], [0, 0]]"]);
}

#[test]
fn reduce_in_compact_and_region_forms() {
    let out = import(&func(
        "%x: tensor<4x8xf32>, %y: tensor<4x8xi32>, %c: tensor<f32>, %d: tensor<i32>",
        "tensor<4xf32>",
        "    %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %1:2 = stablehlo.reduce(%x init: %c), (%y init: %d) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
     reducer(%a: tensor<f32>, %b: tensor<f32>) (%e: tensor<i32>, %f: tensor<i32>)  {
      %2 = stablehlo.maximum %a, %b : tensor<f32>
      %3 = stablehlo.add %e, %f : tensor<i32>
      stablehlo.return %2, %3 : tensor<f32>, tensor<i32>
    }
    return %0 : tensor<4xf32>",
    ));
    assert_contains_in_order(
        &out,
        &[
            "hlo.reduce(%arg0 init : %arg2) dimensions = [1]",
            "hlo.add %arg4, %arg5 : tensor<f32>",
            "hlo.return",
            "hlo.reduce(%arg0, %arg1 init : %arg2, %arg3) dimensions = [1]",
            "^bb0(%arg6: tensor<f32>, %arg7: tensor<i32>, %arg8: tensor<f32>, %arg9: tensor<i32>):",
            "hlo.maximum %arg6, %arg8",
            "hlo.add %arg7, %arg9",
        ],
    );
}

#[test]
fn reduce_in_generic_form_with_dense_dimensions() {
    let out = import(&func(
        "%x: tensor<1x6xi64>, %c: tensor<i64>",
        "tensor<1xi64>",
        "    %0 = \"stablehlo.reduce\"(%x, %c) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %1 = \"stablehlo.add\"(%a, %b) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      \"stablehlo.return\"(%1) : (tensor<i64>) -> ()
    }) {dimensions = dense<1> : tensor<1xi64>} : (tensor<1x6xi64>, tensor<i64>) -> tensor<1xi64>
    return %0 : tensor<1xi64>",
    ));
    assert_contains_in_order(&out, &["hlo.reduce(%arg0 init : %arg1) dimensions = [1]", "hlo.add", "hlo.return"]);
}

#[test]
fn while_with_iteration_arguments() {
    let out = import(&func(
        "%x: tensor<4xf32>",
        "tensor<4xf32>",
        "    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %x) : tensor<i32>, tensor<4xf32>
    cond {
      %c_1 = stablehlo.constant dense<10> : tensor<i32>
      %1 = stablehlo.compare LT, %iterArg, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %c_1 = stablehlo.constant dense<1> : tensor<i32>
      %1 = stablehlo.add %iterArg, %c_1 : tensor<i32>
      %2 = stablehlo.add %iterArg_0, %iterArg_0 : tensor<4xf32>
      stablehlo.return %1, %2 : tensor<i32>, tensor<4xf32>
    }
    return %0#1 : tensor<4xf32>",
    ));
    assert_contains_in_order(
        &out,
        &["hlo.while(%0, %arg0) : tensor<i32>, tensor<4xf32> cond", "hlo.compare LT", "hlo.return", "do", "hlo.add", "hlo.return", "func.return %1#1"],
    );
}

#[test]
fn case_passes_each_branch_a_tuple_of_its_captures() {
    let out = import(&func(
        "%i: tensor<i32>, %a: tensor<2xf32>, %b: tensor<2xf32>",
        "tensor<2xf32>",
        "    %0 = \"stablehlo.case\"(%i) ({
      %1 = stablehlo.add %a, %b : tensor<2xf32>
      stablehlo.return %1 : tensor<2xf32>
    }, {
      stablehlo.return %b : tensor<2xf32>
    }, {
      %c = stablehlo.constant dense<1.0> : tensor<2xf32>
      stablehlo.return %c : tensor<2xf32>
    }) : (tensor<i32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>",
    ));
    assert_contains_in_order(
        &out,
        &[
            "hlo.tuple %arg1, %arg2 : tuple<tensor<2xf32>, tensor<2xf32>>",
            "hlo.tuple %arg2 : tuple<tensor<2xf32>>",
            "hlo.tuple : tuple<>",
            "hlo.conditional %arg0, %0, %1, %2",
            "hlo.get_tuple_element",
            "[0]",
            "hlo.get_tuple_element",
            "[1]",
            "hlo.add",
        ],
    );
}

#[test]
fn if_keeps_its_branch_order() {
    let out = import(&func(
        "%p: tensor<i1>, %a: tensor<f32>",
        "tensor<f32>",
        "    %0 = \"stablehlo.if\"(%p) ({
      stablehlo.return %a : tensor<f32>
    }, {
      %1 = stablehlo.negate %a : tensor<f32>
      stablehlo.return %1 : tensor<f32>
    }) : (tensor<i1>) -> tensor<f32>
    return %0 : tensor<f32>",
    ));
    assert_contains_in_order(&out, &["hlo.conditional %arg0", "hlo.return", "hlo.negate", "hlo.return"]);
}

#[test]
fn tuples_tokens_and_barriers() {
    let out = import(&func(
        "%a: tensor<2xf32>, %t: !stablehlo.token",
        "!stablehlo.token",
        "    %0 = stablehlo.tuple %a, %a : tuple<tensor<2xf32>, tensor<2xf32>>
    %1 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<2xf32>, tensor<2xf32>>) -> tensor<2xf32>
    %2 = stablehlo.create_token : !stablehlo.token
    %3 = stablehlo.after_all %t, %2 : !stablehlo.token
    %4:2 = stablehlo.optimization_barrier %1, %3 : tensor<2xf32>, !stablehlo.token
    %5:2 = \"stablehlo.infeed\"(%4#1) {infeed_config = \"\", layout = [[0]]} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
    %6 = \"stablehlo.outfeed\"(%5#0, %5#1) {outfeed_config = \"\"} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
    return %6 : !stablehlo.token",
    ));
    assert_contains_in_order(
        &out,
        &[
            "func.func @main(%arg0: tensor<2xf32>, %arg1: !hlo.token) -> !hlo.token",
            "hlo.tuple %arg0, %arg0",
            "hlo.get_tuple_element %0[1]",
            "hlo.after_all()",
            "hlo.after_all(%arg1, %2)",
            "hlo.optimization_barrier %1, %3",
            "hlo.infeed",
            "hlo.outfeed",
        ],
    );
}

#[test]
fn random_numbers() {
    let out = import(&func(
        "%a: tensor<f32>, %b: tensor<f32>, %s: tensor<2xui64>",
        "tensor<3x3xf32>",
        "    %shape = stablehlo.constant dense<3> : tensor<2xi64>
    %0 = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
    %1 = stablehlo.rng %a, %b, %shape, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
    %2:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
    return %0 : tensor<3x3xf32>",
    ));
    assert_contains_in_order(
        &out,
        &["hlo.rng_uniform %arg0, %arg1 : (tensor<f32>, tensor<f32>) -> tensor<3x3xf32>", "hlo.rng_normal %arg0, %arg1", "hlo.rng_bit_generator THREE_FRY, %arg2"],
    );
}

#[test]
fn custom_calls_and_check_ops() {
    let out = import(&func(
        "%a: tensor<2xf32>, %b: tensor<2xf32>",
        "tensor<2xf32>",
        "    %0 = stablehlo.custom_call @my_target(%a, %b) {api_version = 2 : i32, backend_config = \"cfg\", has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    stablehlo.custom_call @check.expect_eq(%0, %b) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
    stablehlo.custom_call @check.expect_almost_eq(%0, %b) : (tensor<2xf32>, tensor<2xf32>) -> ()
    %1 = \"stablehlo.custom_call\"(%a) {call_target_name = \"other\", backend_config = {x = 1 : i32}, api_version = 4 : i32} : (tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>",
    ));
    assert_contains_in_order(
        &out,
        &[
            "hlo.custom_call @my_target(%arg0, %arg1)",
            "api_version = \"API_VERSION_STATUS_RETURNING\"",
            "check.expect_eq %0, %arg1 : tensor<2xf32>",
            "check.expect_almost_eq %0, %arg1 : tensor<2xf32>",
            "hlo.custom_call @other(%arg0)",
            "API_VERSION_TYPED_FFI",
            "backend_config = \"{x = 1 : i32}\"",
        ],
    );
}

#[test]
fn composite_becomes_a_call_of_its_decomposition() {
    let out = import(
        "module {
  func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.composite \"my.op\" %a {composite_attributes = {alpha = 1.0 : f32}, decomposition = @my.op.impl, version = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func private @my.op.impl(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.negate %x : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}",
    );
    assert_contains_in_order(&out, &["func.call @my.op.impl(%arg0) : (tensor<4xf32>) -> tensor<4xf32>", "hlo.negate"]);
}

#[test]
fn gather_and_scatter_in_generic_form() {
    let out = import(&func(
        "%x: tensor<100x64xf32>, %i: tensor<8x1xi32>, %u: tensor<8x64xf32>",
        "tensor<100x64xf32>",
        "    %0 = \"stablehlo.gather\"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<100x64xf32>, tensor<8x1xi32>) -> tensor<8x64xf32>
    %1 = \"stablehlo.scatter\"(%x, %i, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %2 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<100x64xf32>, tensor<8x1xi32>, tensor<8x64xf32>) -> tensor<100x64xf32>
    return %1 : tensor<100x64xf32>",
    ));
    assert_contains_in_order(
        &out,
        &[
            "hlo.gather %arg0[%arg1], offset_dims = [1], collapsed_slice_dims = [0]",
            "start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 64]",
            "hlo.scatter(%arg0)[%arg1] updates(%arg2), update_window_dims = [1], inserted_window_dims = [0]",
            "hlo.add",
        ],
    );
}

#[test]
fn sort_reduce_window_select_and_scatter_map_in_generic_form() {
    let out = import(&func(
        "%x: tensor<4x4xf32>, %k: tensor<4xi32>, %z: tensor<f32>, %g: tensor<2x2xf32>",
        "tensor<4x4xf32>",
        "    %0:2 = \"stablehlo.sort\"(%x, %x) <{dimension = -1 : i64, is_stable = true}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
      %1 = stablehlo.compare GT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    }) : (tensor<4x4xf32>, tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>)
    %2 = \"stablehlo.reduce_window\"(%x, %z) <{padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %3 = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %3 : tensor<f32>
    }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<2x3xf32>
    %4 = \"stablehlo.select_and_scatter\"(%x, %g, %z) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %5 = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %5 : tensor<i1>
    }, {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %5 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %5 : tensor<f32>
    }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
    %6 = \"stablehlo.map\"(%x, %x) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %7 = stablehlo.multiply %a, %b : tensor<f32>
      stablehlo.return %7 : tensor<f32>
    }) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    return %4 : tensor<4x4xf32>",
    ));
    assert_contains_in_order(
        &out,
        &["hlo.sort(%arg0, %arg0) dim = 1", "hlo.compare GT", "hlo.reduce_window(%arg0 init : %arg2)", "hlo.select_and_scatter", "hlo.map(%arg0, %arg0) dimensions = [0, 1]"],
    );
}

#[test]
fn generic_forms_of_attribute_free_and_enum_ops() {
    let out = import(&func(
        "%a: tensor<4xf32>, %b: tensor<4xf32>",
        "tensor<4xi1>",
        "    %0 = \"stablehlo.add\"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %1 = \"stablehlo.compare\"(%0, %b) <{comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type FLOAT>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %2 = \"stablehlo.transpose\"(%a) <{permutation = array<i64: 0>}> : (tensor<4xf32>) -> tensor<4xf32>
    %3 = \"stablehlo.dot_general\"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
    %4 = \"stablehlo.constant\"() <{value = dense<1.0> : tensor<4xf32>}> : () -> tensor<4xf32>
    return %1 : tensor<4xi1>",
    ));
    assert_contains_in_order(
        &out,
        &["hlo.add %arg0, %arg1", "hlo.compare LT, %0, %arg1, FLOAT", "hlo.transpose %arg0, dims = [0]", "hlo.dot_general %arg0, %arg1, batching_dims = [] x [], contracting_dims = [0] x [0]", "hlo.constant dense<1.0> : tensor<4xf32>"],
    );
}

#[test]
fn cholesky_fft_and_triangular_solve() {
    let out = import(&func(
        "%a: tensor<3x3xf32>, %b: tensor<3x4xf32>, %z: tensor<8xcomplex<f32>>",
        "tensor<3x3xf32>",
        "    %0 = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
    %1 = stablehlo.fft %z, type = FFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
    %2 = \"stablehlo.triangular_solve\"(%a, %b) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x3xf32>",
    ));
    assert_contains_in_order(&out, &["hlo.cholesky %arg0, lower = true", "hlo.fft %arg2, type = FFT, length = [8]", "hlo.triangular_solve"]);
}

#[test]
fn calls_between_functions_stay_func_calls() {
    let out = import(
        "module {
  func.func public @main(%a: tensor<2xf32>) -> tensor<2xf32> {
    %0 = call @relu(%a) : (tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
  func.func private @relu(%x: tensor<2xf32>) -> tensor<2xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %1 = stablehlo.maximum %x, %0 : tensor<2xf32>
    return %1 : tensor<2xf32>
  }
}",
    );
    assert_contains_in_order(&out, &["func.call @relu(%arg0)", "func.func private @relu", "hlo.maximum"]);
}

#[test]
fn debug_info_locations_are_read_including_aliases_defined_after_use() {
    let text = r#"#loc1 = loc("f.py":3:0)
module @jit_f attributes {mhlo.num_partitions = 1 : i32} {
  func.func public @main(%arg0: tensor<2xf32> loc("x"), %arg1: tensor<f32> loc("y")) -> (tensor<2xf32> {jax.result_info = ""}) {
    %0 = stablehlo.sine %arg0 : tensor<2xf32> loc(#loc2)
    %1 = "stablehlo.reduce"(%0, %arg1) ({
    ^bb0(%a: tensor<f32> loc(unknown), %b: tensor<f32> loc(unknown)):
      %2 = stablehlo.add %a, %b : tensor<f32> loc(#loc2)
      stablehlo.return %2 : tensor<f32> loc(#loc2)
    }) {dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<f32>) -> tensor<f32> loc(#loc2)
    %3 = stablehlo.reduce(%0 init: %arg1) across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
     reducer(%c: tensor<f32> loc(unknown), %d: tensor<f32> loc(unknown))  {
      %4 = stablehlo.add %c, %d : tensor<f32> loc(#loc2)
      stablehlo.return %4 : tensor<f32> loc(#loc2)
    } loc(#loc2)
    return %0 : tensor<2xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc2 = loc("jit(f)/sin"(#loc1))
"#;
    let out = import(text);
    assert_contains_in_order(&out, &["hlo.sine %arg0", "hlo.reduce(%0 init : %arg1) dimensions = [0]", "hlo.add", "hlo.reduce", "func.return %0"]);
    let ctx = support::context();
    let module = xla_import::stablehlo::parse_stablehlo(&ctx, "f.mlir", text).expect("imports");
    let printed = xla_ir::printer::print_op(&module.body, module.op, &xla_ir::printer::PrintOptions { debug_info: true, ..Default::default() });
    assert!(printed.contains("hlo.sine %arg0 : tensor<2xf32> loc(\"jit(f)/sin\"(\"f.py\":3:0))"), "{printed}");
}

#[test]
fn while_bodies_may_use_values_of_the_function() {
    let out = import(&func(
        "%x: tensor<f32>, %step: tensor<f32>",
        "tensor<f32>",
        "    %0 = stablehlo.while(%iterArg = %x) : tensor<f32>
    cond {
      %1 = stablehlo.compare LT, %iterArg, %step : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %1 = stablehlo.add %iterArg, %step : tensor<f32>
      stablehlo.return %1 : tensor<f32>
    }
    return %0 : tensor<f32>",
    ));
    assert_contains_in_order(&out, &["hlo.while(%arg0) : tensor<f32> cond", "hlo.compare LT, %arg2, %arg1", "hlo.add %arg3, %arg1"]);
}

#[test]
fn collectives_batch_norm_and_channels_in_generic_form() {
    let out = import(&func(
        "%x: tensor<4x2xf32>, %s: tensor<2xf32>, %t: !stablehlo.token",
        "tensor<4x2xf32>",
        "    %0 = \"stablehlo.all_reduce\"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %1 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %1 : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>} : (tensor<4x2xf32>) -> tensor<4x2xf32>
    %2 = \"stablehlo.all_gather\"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf32>) -> tensor<8x2xf32>
    %3 = \"stablehlo.collective_permute\"(%x) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<4x2xf32>) -> tensor<4x2xf32>
    %4 = \"stablehlo.batch_norm_inference\"(%x, %s, %s, %s, %s) {epsilon = 1.0E-3 : f32, feature_index = 1 : i64} : (tensor<4x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<4x2xf32>
    %5 = \"stablehlo.send\"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true} : (tensor<4x2xf32>, !stablehlo.token) -> !stablehlo.token
    %6:2 = \"stablehlo.recv\"(%5) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<4x2xf32>, !stablehlo.token)
    return %4 : tensor<4x2xf32>",
    ));
    assert_contains_in_order(
        &out,
        &[
            "hlo.all_reduce(%arg0) replica_groups = [[0, 1]]",
            "channel_id = 3",
            "hlo.all_gather %arg0, all_gather_dimension = 0, replica_groups = [[0, 1]]",
            "hlo.collective_permute %arg0, source_target_pairs = [[0, 1], [1, 0]]",
            "hlo.batch_norm_inference",
            "hlo.send",
            "channel_id = 5",
            "hlo.recv",
        ],
    );
}
