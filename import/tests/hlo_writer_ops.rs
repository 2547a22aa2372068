//! The HLO writer's spelling of each op family, snapshot style: small modules and the
//! instruction lines (or their significant parts) they must write, in order.

mod hlo_writer_support;

use hlo_writer_support::{assert_lines, write, write_error};

/// A module whose `main` takes `args` and runs `body` (which returns with `ret`).
fn module(args: &str, results: &str, body: &str) -> String {
    format!("func.func @main({args}) -> ({results}) {{\n{body}\n}}")
}

#[test]
fn elementwise_ops_take_xla_opcodes() {
    let text = write(&module(
        "%x: tensor<2xf32>, %i: tensor<2xi32>",
        "tensor<2xf32>, tensor<2xi32>, tensor<2xi1>",
        r#"  %0 = hlo.exponential_minus_one %x : tensor<2xf32>
  %1 = hlo.shift_right_logical %i, %i : tensor<2xi32>
  %2 = hlo.count_leading_zeros %1 : tensor<2xi32>
  %3 = hlo.is_finite %0 : (tensor<2xf32>) -> tensor<2xi1>
  return %0, %2, %3 : tensor<2xf32>, tensor<2xi32>, tensor<2xi1>"#,
    ));
    assert_lines(
        &text,
        &[
            "exponential-minus-one.3 = f32[2]{0} exponential-minus-one(Arg_0.1)",
            "shift-right-logical.4 = s32[2]{0} shift-right-logical(Arg_1.2, Arg_1.2)",
            "count-leading-zeros.5 = s32[2]{0} count-leading-zeros(shift-right-logical.4)",
            "is-finite.6 = pred[2]{0} is-finite(exponential-minus-one.3)",
        ],
    );
}

#[test]
fn implicit_broadcasts_become_broadcast_instructions() {
    let text = write(&module(
        "%m: tensor<2x3xf32>, %s: tensor<f32>, %row: tensor<1x3xf32>, %col: tensor<2xf32>",
        "tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>",
        r#"  %0 = hlo.add %m, %s : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %1 = hlo.multiply %row, %m : (tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = hlo.compare GT, %m, %col {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xi1>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>"#,
    ));
    assert_lines(
        &text,
        &[
            "broadcast.5 = f32[2,3]{1,0} broadcast(Arg_1.2), dimensions={}",
            "add.6 = f32[2,3]{1,0} add(Arg_0.1, broadcast.5)",
            "reshape.7 = f32[3]{0} reshape(Arg_2.3)",
            "broadcast.8 = f32[2,3]{1,0} broadcast(reshape.7), dimensions={1}",
            "multiply.9 = f32[2,3]{1,0} multiply(broadcast.8, Arg_0.1)",
            "broadcast.10 = f32[2,3]{1,0} broadcast(Arg_3.4), dimensions={0}",
            "compare.11 = pred[2,3]{1,0} compare(Arg_0.1, broadcast.10), direction=GT",
        ],
    );
}

#[test]
fn compare_writes_its_direction_and_type() {
    let text = write(&module(
        "%a: tensor<2xf32>, %u: tensor<2xui8>",
        "tensor<2xi1>, tensor<2xi1>, tensor<2xi1>",
        r#"  %0 = hlo.compare GE, %a, %a, TOTALORDER : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %1 = hlo.compare NE, %a, %a, NOTYPE : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %2 = hlo.compare LT, %u, %u, UNSIGNED : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xi1>
  return %0, %1, %2 : tensor<2xi1>, tensor<2xi1>, tensor<2xi1>"#,
    ));
    assert_lines(
        &text,
        &[
            "compare(Arg_0.1, Arg_0.1), direction=GE, type=TOTALORDER\n",
            "compare(Arg_0.1, Arg_0.1), direction=NE\n",
            "compare(Arg_1.2, Arg_1.2), direction=LT, type=UNSIGNED\n",
        ],
    );
}

#[test]
fn constants_print_every_element_exactly() {
    let text = write(&module(
        "",
        "tensor<2x2xbf16>, tensor<3xf16>, tensor<2xf8E4M3FN>, tensor<complex<f64>>, tensor<3xi1>, tensor<2xui64>, tensor<4xi8>, tensor<f64>",
        r#"  %0 = hlo.constant dense<[[1.5, -2.0], [0x7F80, 0x7FC1]]> : tensor<2x2xbf16>
  %1 = hlo.constant dense<[0.1, 65504.0, 0xFC00]> : tensor<3xf16>
  %2 = hlo.constant dense<[448.0, -0.5]> : tensor<2xf8E4M3FN>
  %3 = hlo.constant dense<(1.0, -2.5)> : tensor<complex<f64>>
  %4 = hlo.constant dense<[true, false, true]> : tensor<3xi1>
  %5 = hlo.constant dense<[0, 18446744073709551615]> : tensor<2xui64>
  %6 = hlo.constant dense<-7> : tensor<4xi8>
  %7 = hlo.constant dense<1.0e+300> : tensor<f64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2x2xbf16>, tensor<3xf16>, tensor<2xf8E4M3FN>, tensor<complex<f64>>, tensor<3xi1>, tensor<2xui64>, tensor<4xi8>, tensor<f64>"#,
    ));
    assert_lines(
        &text,
        &[
            "bf16[2,2]{1,0} constant({ { 1.5, -2 }, { inf, nan(0x41) } })",
            "f16[3]{0} constant({0.1, 65500, -inf})",
            "f8e4m3fn[2]{0} constant({450, -0.5})",
            "c128[] constant((1, -2.5))",
            "pred[3]{0} constant({true, false, true})",
            "u64[2]{0} constant({0, 18446744073709551615})",
            "s8[4]{0} constant({-7, -7, -7, -7})",
            "f64[] constant(1e+300)",
        ],
    );
}

#[test]
fn shape_ops_use_xla_attribute_syntax() {
    let text = write(&module(
        "%x: tensor<4x6xf32>, %z: tensor<f32>, %i: tensor<i32>, %v: tensor<6xf32>",
        "tensor<2x3xf32>, tensor<5x13xf32>, tensor<6x4xf32>, tensor<3x6xf32>, tensor<4xf32>, tensor<2x4x6xf32>",
        r#"  %0 = hlo.slice %x [0:4:2, 1:6:2] : (tensor<4x6xf32>) -> tensor<2x3xf32>
  %1 = hlo.pad %x, %z, low = [1, -1], high = [0, 2], interior = [0, 1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<5x12xf32>
  %2 = hlo.pad %x, %z, low = [1, 0], high = [0, 7], interior = [0, 0] : (tensor<4x6xf32>, tensor<f32>) -> tensor<5x13xf32>
  %3 = hlo.transpose %x, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>
  %4 = hlo.dynamic_slice %x, %i, %i, sizes = [3, 6] : (tensor<4x6xf32>, tensor<i32>, tensor<i32>) -> tensor<3x6xf32>
  %5 = hlo.collapse %x, dims = [0, 1] : (tensor<4x6xf32>) -> tensor<24xf32>
  %6 = hlo.slice %5 [0:4] : (tensor<24xf32>) -> tensor<4xf32>
  %7 = hlo.rev %6, dims = [0] : tensor<4xf32>
  %8 = hlo.broadcast %v, sizes = [2, 4] : (tensor<6xf32>) -> tensor<2x4x6xf32>
  return %0, %2, %3, %4, %7, %8 : tensor<2x3xf32>, tensor<5x13xf32>, tensor<6x4xf32>, tensor<3x6xf32>, tensor<4xf32>, tensor<2x4x6xf32>"#,
    ));
    assert_lines(
        &text,
        &[
            "slice(Arg_0.1), slice={[0:4:2], [1:6:2]}",
            "pad(Arg_0.1, Arg_1.2), padding=1_0_0x-1_2_1",
            "pad(Arg_0.1, Arg_1.2), padding=1_0x0_7",
            "transpose(Arg_0.1), dimensions={1,0}",
            "dynamic-slice(Arg_0.1, Arg_2.3, Arg_2.3), dynamic_slice_sizes={3,6}",
            "f32[24]{0} reshape(Arg_0.1)",
            "reverse(slice.",
            "), dimensions={0}",
            "f32[2,4,6]{2,1,0} broadcast(Arg_3.4), dimensions={2}",
        ],
    );
}

#[test]
fn gather_scatter_and_sort() {
    let text = write(&module(
        "%x: tensor<3x5x7xf32>, %i: tensor<4x3x1xi32>, %u: tensor<4x3x7xf32>",
        "tensor<4x3x7xf32>, tensor<3x5x7xf32>, tensor<3x5x7xf32>",
        r#"  %0 = hlo.gather %x[%i], offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 2, slice_sizes = [1, 1, 7] : (tensor<3x5x7xf32>, tensor<4x3x1xi32>) -> tensor<4x3x7xf32>
  %1 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 2 {indices_are_sorted = true} : (tensor<3x5x7xf32>, tensor<4x3x1xi32>, tensor<4x3x7xf32>) -> tensor<3x5x7xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %b : tensor<f32>
  }
  %2 = hlo.sort(%1) dim = 2 : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }
  return %0, %1, %2 : tensor<4x3x7xf32>, tensor<3x5x7xf32>, tensor<3x5x7xf32>"#,
    ));
    assert_lines(
        &text,
        &[
            "scatter_update_computation.",
            "ROOT Arg_1.",
            "sort_comparator.",
            "ROOT compare.",
            "ENTRY main {",
            "gather(Arg_0.1, Arg_1.2), offset_dims={2}, collapsed_slice_dims={1}, start_index_map={1}, operand_batching_dims={0}, start_indices_batching_dims={1}, index_vector_dim=2, slice_sizes={1,1,7}",
            "scatter(Arg_0.1, Arg_1.2, Arg_2.3), update_window_dims={2}, inserted_window_dims={1}, scatter_dims_to_operand_dims={1}, input_batching_dims={0}, scatter_indices_batching_dims={1}, index_vector_dim=2, indices_are_sorted=true, to_apply=scatter_update_computation.",
            "sort(scatter.",
            "), dimensions={2}, to_apply=sort_comparator.",
        ],
    );
}

#[test]
fn reductions_and_windows() {
    let text = write(&module(
        "%x: tensor<5x4xf32>, %y: tensor<5x4xi32>, %f0: tensor<f32>, %i0: tensor<i32>",
        "tensor<5xf32>, tensor<5xi32>, tensor<3x5xf32>",
        r#"  %0:2 = hlo.reduce(%x, %y init: %f0, %i0) dimensions = [1] : (tensor<5x4xf32>, tensor<5x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
    %s = hlo.add %a, %c : tensor<f32>
    %t = hlo.add %b, %d : tensor<i32>
    hlo.return %s, %t : tensor<f32>, tensor<i32>
  }
  %1 = hlo.reduce_window(%x init: %f0) window = {window_dilate = [1, 2], pad = [[1, 1], [0, 0]], size = [3, 2], base_dilate = [1, 2], stride = [2, 1]} : (tensor<5x4xf32>, tensor<f32>) -> tensor<3x5xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0#0, %0#1, %1 : tensor<5xf32>, tensor<5xi32>, tensor<3x5xf32>"#,
    ));
    assert_lines(
        &text,
        &[
            "reduce_body.",
            "ROOT tuple.",
            " = (f32[], s32[]) tuple(add.",
            "ENTRY main {",
            " = (f32[5]{0}, s32[5]{0}) reduce(Arg_0.1, Arg_1.2, Arg_2.3, Arg_3.4), dimensions={1}, to_apply=reduce_body.",
            "get-tuple-element(reduce.",
            "), index=0",
            "), index=1",
            "f32[3,5]{1,0} reduce-window(Arg_0.1, Arg_2.3), window={size=3x2 stride=2x1 pad=1_1x0_0 lhs_dilate=1x2 rhs_dilate=1x2}, to_apply=reduce_window_body.",
        ],
    );
}

#[test]
fn convolution_and_dots() {
    let text = write(&module(
        "%x: tensor<1x4x4x6xf32>, %w: tensor<3x3x3x8xf32>, %a: tensor<4x2x3xf32>, %b: tensor<4x3x5xf32>, %v: tensor<3xf32>",
        "tensor<1x5x3x8xf32>, tensor<4x2x5xf32>, tensor<f32>",
        r#"  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, window = {stride = [1, 2], pad = [[1, 1], [1, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [1, 0]}, feature_group_count = 2, batch_group_count = 1 {precision_config = ["DEFAULT", "HIGHEST"]} : (tensor<1x4x4x6xf32>, tensor<3x3x3x8xf32>) -> tensor<1x4x2x8xf32>
  %1 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x2x3xf32>, tensor<4x3x5xf32>) -> tensor<4x2x5xf32>
  %2 = hlo.dot %v, %v : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0, %1, %2 : tensor<1x4x2x8xf32>, tensor<4x2x5xf32>, tensor<f32>"#,
    ).replace("tensor<1x5x3x8xf32>, tensor<4x2x5xf32>, tensor<f32>)", "tensor<1x4x2x8xf32>, tensor<4x2x5xf32>, tensor<f32>)"));
    assert_lines(
        &text,
        &[
            "f32[1,4,2,8]{3,2,1,0} convolution(Arg_0.1, Arg_1.2), window={size=3x3 stride=1x2 pad=1_1x1_0 rhs_reversal=1x0}, dim_labels=b01f_01io->b01f, feature_group_count=2, operand_precision={default,highest}",
            "f32[4,2,5]{2,1,0} dot(Arg_2.3, Arg_3.4), lhs_batch_dims={0}, lhs_contracting_dims={2}, rhs_batch_dims={0}, rhs_contracting_dims={1}",
            "f32[] dot(Arg_4.5, Arg_4.5), lhs_contracting_dims={0}, rhs_contracting_dims={0}",
        ],
    );
}

#[test]
fn linear_algebra_options() {
    let text = write(&module(
        "%a: tensor<3x3xf32>, %c: tensor<4x16xf32>, %x: tensor<8x4xf32>, %s: tensor<4xf32>",
        "tensor<3x3xf32>, tensor<4x9xcomplex<f32>>, tensor<8x4xf32>, tensor<4xf32>",
        r#"  %0 = hlo.cholesky %a, lower = false : tensor<3x3xf32>
  %1 = hlo.triangular_solve %0, %a, left_side = false, lower = true, unit_diagonal = true, transpose_a = ADJOINT : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  %2 = hlo.fft %c, type = RFFT, length = [16] : (tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>>
  %3:3 = hlo.batch_norm_training %x, %s, %s, epsilon = 1.0e-05, feature_index = 1 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %1, %2, %3#0, %3#2 : tensor<3x3xf32>, tensor<4x9xcomplex<f32>>, tensor<8x4xf32>, tensor<4xf32>"#,
    ));
    assert_lines(
        &text,
        &[
            "cholesky(Arg_0.1), lower=false",
            "triangular-solve(cholesky.",
            "), left_side=false, lower=true, unit_diagonal=true, transpose_a=ADJOINT",
            "c64[4,9]{1,0} fft(Arg_1.2), fft_type=RFFT, fft_length={16}",
            "(f32[8,4]{1,0}, f32[4]{0}, f32[4]{0}) batch-norm-training(Arg_2.3, Arg_3.4, Arg_3.4), epsilon=1e-05, feature_index=1",
        ],
    );
}

#[test]
fn control_flow_and_custom_calls() {
    let text = write(
        r#"func.func @main(%i: tensor<i32>, %x: tensor<2x3xf32>, %t: tuple<tensor<4xi32>>) -> (tensor<i32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = hlo.while(%i) : tensor<i32> cond {
  ^bb0(%a: tensor<i32>):
    %c = hlo.constant dense<8> : tensor<i32>
    %p = hlo.compare LT, %a, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%a: tensor<i32>):
    %b = hlo.add %a, %a : tensor<i32>
    hlo.return %b : tensor<i32>
  }
  %1 = hlo.conditional %0, %x, %x, %x : (tensor<i32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    hlo.return %a : tensor<2x3xf32>
  }, {
  ^bb0(%a: tensor<2x3xf32>):
    %n = hlo.negate %a : tensor<2x3xf32>
    hlo.return %n : tensor<2x3xf32>
  }, {
  ^bb0(%a: tensor<2x3xf32>):
    %e = hlo.exponential %a : tensor<2x3xf32>
    hlo.return %e : tensor<2x3xf32>
  }
  %2:2 = hlo.custom_call @target(%x, %t) {
    backend_config = "a \"quoted\"\nline",
    called_computations = [@helper],
    operand_layouts = [array<i64: 0, 1>, array<i64>],
    result_layouts = [array<i64: 0, 1>, array<i64: 0>],
    output_operand_aliases = [{operand_index = 1, operand_tuple_indices = array<i64: 0>, output_tuple_indices = array<i64: 1>}]
  } : (tensor<2x3xf32>, tuple<tensor<4xi32>>) -> (tensor<2x3xf32>, tensor<4xi32>)
  return %0, %1, %2#0 : tensor<i32>, tensor<2x3xf32>, tensor<2x3xf32>
}
func.func private @helper(%x: tensor<f32>) -> tensor<f32> {
  return %x : tensor<f32>
}"#,
    );
    assert_lines(
        &text,
        &[
            "helper {",
            "while_cond.",
            " = s32[] parameter(0)",
            "while_body.",
            "ENTRY main {",
            "s32[] while(Arg_0.",
            "), condition=while_cond.",
            ", body=while_body.",
            "f32[2,3]{1,0} conditional(while.",
            "), branch_computations={conditional_branch0.",
            ", conditional_branch1.",
            ", conditional_branch2.",
            "(f32[2,3]{0,1}, s32[4]{0}) custom-call(Arg_1.",
            "custom_call_target=\"target\", backend_config=\"a \\\"quoted\\\"\\nline\", called_computations={helper}, operand_layout_constraints={f32[2,3]{0,1}, (s32[4]{0})}, output_to_operand_aliasing={{1}: (1, {0})}",
        ],
    );
}

#[test]
fn tokens_feeds_and_channels() {
    let text = write(&module(
        "%t: !hlo.token, %x: tensor<2xf32>, %n: tensor<i32>",
        "!hlo.token, tensor<2xf32>",
        r#"  %0:3 = hlo.infeed %t {infeed_config = "q"} : tensor<2xf32>, tensor<i32>
  %1 = hlo.outfeed %0#0, %0#1, %0#2 : tensor<2xf32>, tensor<i32>
  %2 = hlo.send %x, %1, channel_id = 3 {is_host_transfer = true} : tensor<2xf32>
  %3:2 = hlo.recv %2, channel_id = 4 : tensor<2xf32>
  %4 = hlo.after_all(%3#1, %t)
  return %4, %3#0 : !hlo.token, tensor<2xf32>"#,
    ));
    assert_lines(
        &text,
        &[
            "((f32[2]{0}, s32[]), token[]) infeed(Arg_0.1), infeed_config=\"q\"",
            "(f32[2]{0}, s32[]) get-tuple-element(infeed.",
            "), index=0",
            "f32[2]{0} get-tuple-element(get-tuple-element.",
            "token[] get-tuple-element(infeed.",
            "), index=1",
            "(f32[2]{0}, s32[]) tuple(",
            "token[] outfeed(tuple.",
            "(f32[2]{0}, u32[], token[]) send(Arg_1.2, outfeed.",
            "), channel_id=3, is_host_transfer=true",
            "token[] send-done(send.",
            "), channel_id=3, is_host_transfer=true",
            "(f32[2]{0}, u32[], token[]) recv(send-done.",
            "), channel_id=4",
            "(f32[2]{0}, token[]) recv-done(recv.",
            "token[] after-all(get-tuple-element.",
            ", Arg_0.1)",
        ],
    );
}

#[test]
fn collectives_and_random_numbers() {
    let text = write(&module(
        "%x: tensor<4x8xf32>, %lo: tensor<f32>, %s: tensor<2xui64>",
        "tensor<8x8xf32>, tensor<4x8xf32>, tensor<2x8xf32>, tensor<4x8xf32>, tensor<ui32>, tensor<3xf32>, tensor<4xui32>, tensor<ui32>, tensor<8x8xf32>, tensor<8xui32>",
        r#"  %0 = hlo.all_gather %x, all_gather_dimension = 0, replica_groups = [[0, 1]] {channel_id = 5, use_global_device_ids} : (tensor<4x8xf32>) -> tensor<8x8xf32>
  %1 = hlo.all_reduce(%x) replica_groups = [[0, 1], [2, 3]] : tensor<4x8xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  %2 = hlo.reduce_scatter %x, scatter_dimension = 0, replica_groups = [[0, 1]] : (tensor<4x8xf32>) -> tensor<2x8xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.add %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  %3 = hlo.collective_permute %x, source_target_pairs = [[0, 1], [1, 0]] {channel_id = 2} : tensor<4x8xf32>
  %4 = hlo.replica_id : tensor<ui32>
  %5 = hlo.rng_normal %lo, %lo : (tensor<f32>, tensor<f32>) -> tensor<3xf32>
  %6:2 = hlo.rng_bit_generator PHILOX, %s : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  %7 = hlo.partition_id : tensor<ui32>
  %8:2 = hlo.all_gather %x, %6#1, all_gather_dimension = 0, replica_groups = [[0, 1]] : (tensor<4x8xf32>, tensor<4xui32>) -> (tensor<8x8xf32>, tensor<8xui32>)
  return %0, %1, %2, %3, %4, %5, %6#1, %7, %8#0, %8#1 : tensor<8x8xf32>, tensor<4x8xf32>, tensor<2x8xf32>, tensor<4x8xf32>, tensor<ui32>, tensor<3xf32>, tensor<4xui32>, tensor<ui32>, tensor<8x8xf32>, tensor<8xui32>"#,
    ));
    assert_lines(
        &text,
        &[
            "all_reduce_computation.",
            "reduce_scatter_computation.",
            "ENTRY main {",
            "f32[8,8]{1,0} all-gather(Arg_0.1), channel_id=5, replica_groups={{0,1}}, dimensions={0}, use_global_device_ids=true",
            "f32[4,8]{1,0} all-reduce(Arg_0.1), replica_groups={{0,1},{2,3}}, to_apply=all_reduce_computation.",
            "f32[2,8]{1,0} reduce-scatter(Arg_0.1), replica_groups={{0,1}}, dimensions={0}, to_apply=reduce_scatter_computation.",
            "f32[4,8]{1,0} collective-permute(Arg_0.1), channel_id=2, source_target_pairs={{0,1},{1,0}}",
            "u32[] replica-id()",
            "f32[3]{0} rng(Arg_1.2, Arg_1.2), distribution=rng_normal",
            "(u64[2]{0}, u32[4]{0}) rng-bit-generator(Arg_2.3), algorithm=rng_philox",
            "u32[] partition-id()",
            "(f32[8,8]{1,0}, u32[8]{0}) all-gather(Arg_0.1, get-tuple-element.",
            "replica_groups={{0,1}}, dimensions={0}",
        ],
    );
}

#[test]
fn checks_are_custom_calls_the_canonicalizer_reads_back() {
    let text = write(&module(
        "%x: tensor<2xf32>",
        "",
        r#"  check.expect_almost_eq %x, %x, tolerance = 0.5 : tensor<2xf32>
  check.expect_eq_const %x, dense<[1.0, 2.0]> : tensor<2xf32>
  check.expect_close %x, %x, max_ulp_difference = 4, min_ulp_difference = 1 : tensor<2xf32>
  return"#,
    ));
    assert_lines(
        &text,
        &[
            "() custom-call(Arg_0.1, Arg_0.1), custom_call_target=\"check.expect_almost_eq\", custom_call_has_side_effect=true, backend_config=\"tolerance=0.5\"",
            "f32[2]{0} constant({1, 2})",
            "() custom-call(Arg_0.1, constant.",
            "), custom_call_target=\"check.expect_eq\", custom_call_has_side_effect=true\n",
            "custom_call_target=\"check.expect_close\", custom_call_has_side_effect=true, backend_config=\"max_ulp_difference=4,min_ulp_difference=1\"",
        ],
    );
}

#[test]
fn ops_without_an_hlo_spelling_are_errors() {
    let all_to_all = write_error(&module(
        "%x: tensor<4x16xf32>",
        "tensor<16x4xf32>",
        r#"  %0 = hlo.all_to_all %x, split_dimension = 1, concat_dimension = 0, split_count = 4, replica_groups = [[0, 1, 2, 3]] : (tensor<4x16xf32>) -> tensor<16x4xf32>
  return %0 : tensor<16x4xf32>"#,
    ));
    assert!(all_to_all.contains("test.mlir:2:3: error: 'hlo.all_to_all' op has no HLO text form: XLA's all-to-all splits and concatenates along one dimension"), "{all_to_all}");
    let pad = write_error(&module(
        "%x: tensor<f32>",
        "tensor<f32>",
        "  %0 = hlo.pad %x, %x, low = [], high = [], interior = [] : (tensor<f32>, tensor<f32>) -> tensor<f32>\n  return %0 : tensor<f32>",
    ));
    assert!(pad.contains("'hlo.pad' op pads a 0-d tensor"), "{pad}");
}
