//! The mapping of every HLO opcode to hlo ops, one small module per opcode family; each
//! result is also printed, parsed back and verified by the helpers.

mod hlo_text_support;

use hlo_text_support::{contains_all, entry, err, ok};

#[test]
fn unary_elementwise_opcodes_map_one_to_one() {
    for (opcode, op) in [
        ("abs", "hlo.abs"),
        ("cbrt", "hlo.cbrt"),
        ("ceil", "hlo.ceil"),
        ("cosine", "hlo.cosine"),
        ("erf", "hlo.erf"),
        ("exponential", "hlo.exponential"),
        ("exponential-minus-one", "hlo.exponential_minus_one"),
        ("floor", "hlo.floor"),
        ("log", "hlo.log"),
        ("log-plus-one", "hlo.log_plus_one"),
        ("logistic", "hlo.logistic"),
        ("negate", "hlo.negate"),
        ("round-nearest-afz", "hlo.round_nearest_afz"),
        ("round-nearest-even", "hlo.round_nearest_even"),
        ("rsqrt", "hlo.rsqrt"),
        ("sign", "hlo.sign"),
        ("sine", "hlo.sine"),
        ("sqrt", "hlo.sqrt"),
        ("tan", "hlo.tan"),
        ("tanh", "hlo.tanh"),
    ] {
        let text = entry(&format!("  p = f32[4]{{0}} parameter(0)\n  ROOT r = f32[4]{{0}} {opcode}(p)"));
        contains_all(&ok(&text), &[&format!("{op} %arg0")]);
    }
    for (opcode, op) in [("not", "hlo.not"), ("popcnt", "hlo.popcnt"), ("count-leading-zeros", "hlo.count_leading_zeros")] {
        let text = entry(&format!("  p = s32[4] parameter(0)\n  ROOT r = s32[4] {opcode}(p)"));
        contains_all(&ok(&text), &[op]);
    }
    let complex = ok(&entry("  p = c64[4] parameter(0)\n  re = f32[4] real(p)\n  im = f32[4] imag(p)\n  ROOT t = (f32[4], f32[4]) tuple(re, im)"));
    contains_all(&complex, &["hlo.real %arg0", "hlo.imag %arg0", "tensor<4xcomplex<f32>>"]);
    let finite = ok(&entry("  p = f32[4] parameter(0)\n  ROOT r = pred[4] is-finite(p)"));
    contains_all(&finite, &["hlo.is_finite %arg0", "tensor<4xi1>"]);
}

#[test]
fn binary_and_ternary_elementwise_opcodes_map_one_to_one() {
    for opcode in ["add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum", "power", "atan2"] {
        let text = entry(&format!("  a = f32[2,3] parameter(0)\n  b = f32[2,3] parameter(1)\n  ROOT r = f32[2,3] {opcode}(a, b)"));
        contains_all(&ok(&text), &[&format!("hlo.{opcode} %arg0, %arg1 : tensor<2x3xf32>")]);
    }
    for opcode in ["and", "or", "xor", "shift-left", "shift-right-arithmetic", "shift-right-logical"] {
        let text = entry(&format!("  a = u8[7] parameter(0)\n  b = u8[7] parameter(1)\n  ROOT r = u8[7] {opcode}(a, b)"));
        contains_all(&ok(&text), &[&format!("hlo.{} %arg0, %arg1 : tensor<7xui8>", opcode.replace('-', "_"))]);
    }
    let complex = ok(&entry("  a = f64[2] parameter(0)\n  b = f64[2] parameter(1)\n  ROOT r = c128[2] complex(a, b)"));
    contains_all(&complex, &["hlo.complex %arg0, %arg1", "tensor<2xcomplex<f64>>"]);
    let select = ok(&entry(
        "  p = pred[3] parameter(0)\n  a = f32[3] parameter(1)\n  b = f32[3] parameter(2)\n  s = f32[3] select(p, a, b)\n  ROOT c = f32[3] clamp(a, s, b)",
    ));
    contains_all(&select, &["hlo.select %arg0, %arg1, %arg2", "hlo.clamp %arg1, %0, %arg2"]);
}

#[test]
fn compare_carries_direction_and_type() {
    let text = entry(
        "  a = f32[4] parameter(0)\n  b = f32[4] parameter(1)\n  lt = pred[4] compare(a, b), direction=LT\n  ROOT ge = pred[4] compare(a, b), direction=GE, type=TOTALORDER",
    );
    contains_all(&ok(&text), &["hlo.compare LT, %arg0, %arg1", "hlo.compare GE, %arg0, %arg1, TOTALORDER"]);
    let bad = err(&entry("  a = f32[4] parameter(0)\n  ROOT r = pred[4] compare(a, a), direction=LESS"));
    contains_all(&bad, &["test.hlo:5:45: error: unknown comparison direction 'LESS'"]);
}

#[test]
fn conversions() {
    let text = entry(
        "  a = f32[4] parameter(0)\n  c = s32[4] convert(a)\n  b = s32[4] bitcast-convert(a)\n  r = f32[4] reduce-precision(a), exponent_bits=5, mantissa_bits=10\n  ROOT t = (s32[4], s32[4], f32[4]) tuple(c, b, r)",
    );
    contains_all(&ok(&text), &["hlo.convert_element_type %arg0", "hlo.bitcast_convert_type %arg0", "hlo.reduce_precision %arg0, format = e5m10"]);
}

#[test]
fn broadcast_is_broadcast_in_dim() {
    let text = entry(
        "  s = f32[] parameter(0)\n  v = f32[3] parameter(1)\n  a = f32[2,3] broadcast(s), dimensions={}\n  b = f32[2,3] broadcast(v), dimensions={1}\n  c = f32[2,3] broadcast(s)\n  ROOT t = (f32[2,3], f32[2,3], f32[2,3]) tuple(a, b, c)",
    );
    contains_all(
        &ok(&text),
        &[
            "hlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<2x3xf32>",
            "hlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>",
        ],
    );
}

#[test]
fn shape_ops() {
    let text = entry(
        "  x = f32[4,6]{1,0} parameter(0)\n  r = f32[24] reshape(x)\n  t = f32[6,4]{0,1} transpose(x), dimensions={1,0}\n  v = f32[4,6] reverse(x), dimensions={0,1}\n  s = f32[2,2] slice(x), slice={[0:4:2], [1:5:2]}\n  c = f32[8,6] concatenate(x, x), dimensions={0}\n  ROOT tu = (f32[24], f32[6,4], f32[4,6], f32[2,2], f32[8,6]) tuple(r, t, v, s, c)",
    );
    contains_all(
        &ok(&text),
        &[
            "hlo.reshape %arg0 : (tensor<4x6xf32>) -> tensor<24xf32>",
            "hlo.transpose %arg0, dims = [1, 0]",
            "hlo.rev %arg0",
            "hlo.slice %arg0",
            "hlo.concatenate",
        ],
    );
}

#[test]
fn pad_reads_low_high_and_interior() {
    let text = entry("  x = f32[4,6] parameter(0)\n  z = f32[] constant(0)\n  ROOT p = f32[10,5] pad(x, z), padding=1_2_1x-1_0");
    contains_all(&ok(&text), &["hlo.pad %arg0, %0", "low = [1, -1], high = [2, 0], interior = [1, 0]"]);
}

#[test]
fn dynamic_slices_take_scalar_or_vector_indices() {
    let text = entry(
        "  x = f32[8,8] parameter(0)\n  i = s32[] parameter(1)\n  u = f32[2,2] parameter(2)\n  d = f32[2,2] dynamic-slice(x, i, i), dynamic_slice_sizes={2,2}\n  ROOT e = f32[8,8] dynamic-update-slice(x, u, i, i)",
    );
    contains_all(&ok(&text), &["hlo.dynamic_slice %arg0, %arg1, %arg1, sizes = [2, 2]", "hlo.dynamic_update_slice %arg0, %arg2, %arg1, %arg1"]);
    let vector = ok(&entry("  x = f32[8,8] parameter(0)\n  i = s32[2] parameter(1)\n  ROOT d = f32[2,2] dynamic-slice(x, i), dynamic_slice_sizes={2,2}"));
    contains_all(&vector, &["hlo.slice %arg1", "hlo.reshape", "hlo.dynamic_slice %arg0, %1, %3"]);
}

#[test]
fn iota_and_dimension_sizes() {
    let text = entry(
        "  i = s32[4,8] iota(), iota_dimension=1\n  x = f32[<=8] parameter(0)\n  n = s32[] get-dimension-size(x), dimensions={0}\n  y = f32[<=8] set-dimension-size(x, n), dimensions={0}\n  ROOT t = (s32[4,8], f32[<=8]) tuple(i, y)",
    );
    contains_all(&ok(&text), &["hlo.iota dim = 1 : tensor<4x8xi32>", "hlo.get_dimension_size", "hlo.set_dimension_size", "tensor<<=8xf32>"]);
}

#[test]
fn gather_and_scatter() {
    let text = "HloModule m

add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

ENTRY main {
  x = f32[5,3] parameter(0)
  i = s32[2,1] parameter(1)
  u = f32[2,3] parameter(2)
  g = f32[2,3] gather(x, i), offset_dims={1}, collapsed_slice_dims={0}, start_index_map={0}, index_vector_dim=1, slice_sizes={1,3}, indices_are_sorted=true
  s = f32[5,3] scatter(x, i, u), update_window_dims={1}, inserted_window_dims={0}, scatter_dims_to_operand_dims={0}, index_vector_dim=1, unique_indices=true, to_apply=add
  ROOT t = (f32[2,3], f32[5,3]) tuple(g, s)
}
";
    contains_all(&ok(text), &["hlo.gather %arg0[%arg1], offset_dims = [1], collapsed_slice_dims = [0]", "hlo.scatter(%arg0)[%arg1] updates(%arg2)", "hlo.add"]);
}

#[test]
fn copy_is_hlo_copy_and_bitcast_follows_layouts() {
    let copy = ok(&entry("  x = f32[4,6]{1,0} parameter(0)\n  ROOT c = f32[4,6]{0,1} copy(x)"));
    contains_all(&copy, &["hlo.copy %arg0 : (tensor<4x6xf32>) -> tensor<4x6xf32>"]);
    // A row-major reshape in disguise.
    let plain = ok(&entry("  x = f32[4,6]{1,0} parameter(0)\n  ROOT b = f32[24]{0} bitcast(x)"));
    contains_all(&plain, &["hlo.reshape %arg0 : (tensor<4x6xf32>) -> tensor<24xf32>"]);
    assert!(!plain.contains("hlo.transpose"), "{plain}");
    // A column-major operand read as its transpose.
    let transposed = ok(&entry("  x = f32[4,6]{0,1} parameter(0)\n  ROOT b = f32[6,4]{1,0} bitcast(x)"));
    contains_all(&transposed, &["hlo.transpose %0, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>"]);
}

#[test]
fn tuples_stay_virtual_until_needed() {
    let text = entry("  a = f32[2] parameter(0)\n  b = s32[] parameter(1)\n  t = (f32[2], s32[]) tuple(a, b)\n  ROOT g = s32[] get-tuple-element(t), index=1");
    let printed = ok(&text);
    assert!(!printed.contains("hlo.tuple"), "{printed}");
    contains_all(&printed, &["func.return %arg1 : tensor<i32>"]);
    let param = ok(&entry("  t = (f32[2], s32[]) parameter(0)\n  ROOT g = f32[2] get-tuple-element(t), index=0"));
    contains_all(&param, &["hlo.get_tuple_element %arg0[0]"]);
}

#[test]
fn while_carries_tuple_elements() {
    let text = "HloModule m

cond {
  p = (s32[], f32[4]) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  n = s32[] constant(10)
  ROOT lt = pred[] compare(i, n), direction=LT
}

body {
  p = (s32[], f32[4]) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  x = f32[4] get-tuple-element(p), index=1
  one = s32[] constant(1)
  j = s32[] add(i, one)
  y = f32[4] add(x, x)
  ROOT t = (s32[], f32[4]) tuple(j, y)
}

ENTRY main {
  x = f32[4] parameter(0)
  zero = s32[] constant(0)
  init = (s32[], f32[4]) tuple(zero, x)
  w = (s32[], f32[4]) while(init), condition=cond, body=body
  ROOT r = f32[4] get-tuple-element(w), index=1
}
";
    let printed = ok(text);
    contains_all(&printed, &["hlo.while(%0, %arg0) : tensor<i32>, tensor<4xf32> cond", "func.return %1#1"]);
    assert!(!printed.contains("hlo.tuple"), "{printed}");
}

#[test]
fn conditional_with_predicate_and_branch_index() {
    let text = "HloModule m

neg { p = f32[2] parameter(0)
  ROOT n = f32[2] negate(p) }
id { p = f32[2] parameter(0)
  ROOT c = f32[2] copy(p) }

ENTRY main {
  b = pred[] parameter(0)
  i = s32[] parameter(1)
  x = f32[2] parameter(2)
  c1 = f32[2] conditional(b, x, x), true_computation=neg, false_computation=id
  ROOT c2 = f32[2] conditional(i, c1, x, x), branch_computations={neg, id, neg}
}
";
    let printed = ok(text);
    contains_all(&printed, &["hlo.conditional %arg0, %arg2, %arg2", "hlo.conditional %arg1, %0, %arg2, %arg2"]);
}

#[test]
fn call_and_fusion_become_hlo_call() {
    let text = "HloModule m

%fused (p0: f32[4], p1: f32[4]) -> f32[4] {
  %p0 = f32[4]{0} parameter(0)
  %p1 = f32[4]{0} parameter(1)
  ROOT %m = f32[4]{0} multiply(%p0, %p1)
}

ENTRY %main (x: f32[4]) -> f32[4] {
  %x = f32[4]{0} parameter(0)
  %f = f32[4]{0} fusion(%x, %x), kind=kLoop, calls=%fused
  ROOT %c = f32[4]{0} call(%f, %x), to_apply=%fused
}
";
    contains_all(
        &ok(text),
        &["hlo.call @fused(%arg0, %arg0) {xla.fusion_kind = \"kLoop\"}", "hlo.call @fused(%0, %arg0) :", "func.func private @fused"],
    );
}

#[test]
fn custom_call_attributes() {
    let text = "HloModule m

helper { p = f32[] parameter(0)
  ROOT n = f32[] negate(p) }

ENTRY main {
  x = f32[2,3] parameter(0)
  ROOT c = (f32[2,3]{0,1}, s32[]) custom-call(x), custom_call_target=\"my_target\", api_version=API_VERSION_TYPED_FFI, backend_config={\"k\": 1}, custom_call_has_side_effect=true, operand_layout_constraints={f32[2,3]{0,1}}, output_to_operand_aliasing={{0}: (0, {})}, called_computations={helper}, schedule=SCHEDULE_LATEST
}
";
    let printed = ok(text);
    contains_all(
        &printed,
        &[
            "hlo.custom_call @my_target(%arg0)",
            "api_version = \"API_VERSION_TYPED_FFI\"",
            "backend_config = \"{\\\"k\\\": 1}\"",
            "has_side_effect = true",
            "operand_layouts = [array<i64: 0, 1>]",
            "result_layouts = [array<i64: 0, 1>, array<i64>]",
            "called_computations = [@helper]",
            "operand_index = 0",
            "-> (tensor<2x3xf32>, tensor<i32>)",
        ],
    );
}

#[test]
fn dot_becomes_dot_general() {
    let text = entry(
        "  a = f32[4,2,3] parameter(0)\n  b = f32[4,3,5] parameter(1)\n  ROOT d = f32[4,2,5] dot(a, b), lhs_batch_dims={0}, rhs_batch_dims={0}, lhs_contracting_dims={2}, rhs_contracting_dims={1}, operand_precision={highest,default}",
    );
    contains_all(&ok(&text), &["hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1]", "precision_config = [\"HIGHEST\", \"DEFAULT\"]"]);
}

#[test]
fn convolution_reads_window_and_dim_labels() {
    let text = entry(
        "  x = f32[1,8,8,3] parameter(0)\n  w = f32[3,3,3,16] parameter(1)\n  ROOT c = f32[1,4,4,16] convolution(x, w), window={size=3x3 stride=2x2 pad=1_1x1_1 lhs_dilate=1x1 rhs_dilate=1x1}, dim_labels=b01f_01io->b01f, feature_group_count=1",
    );
    contains_all(&ok(&text), &["hlo.convolution %arg0, %arg1, dim_labels = b01f_01io->b01f", "stride = [2, 2]", "pad = [[1, 1], [1, 1]]"]);
    let grouped = entry(
        "  x = f32[2,6,10] parameter(0)\n  w = f32[3,2,6] parameter(1)\n  ROOT c = f32[2,6,8] convolution(x, w), window={size=3 rhs_reversal=1}, dim_labels=bf0_0io->bf0, feature_group_count=3",
    );
    contains_all(&ok(&grouped), &["feature_group_count = 3"]);
}

#[test]
fn linear_algebra_opcodes() {
    let text = entry(
        "  a = f32[3,3] parameter(0)\n  b = f32[3,4] parameter(1)\n  l = f32[3,3] cholesky(a), lower=true\n  s = f32[3,4] triangular-solve(a, b), left_side=true, lower=true, unit_diagonal=false, transpose_a=TRANSPOSE\n  x = f32[4,16] parameter(2)\n  f = c64[4,9] fft(x), fft_type=RFFT, fft_length={16}\n  ROOT t = (f32[3,3], f32[3,4], c64[4,9]) tuple(l, s, f)",
    );
    contains_all(&ok(&text), &["hlo.cholesky %arg0, lower = true", "hlo.triangular_solve %arg0, %arg1, left_side = true, lower = true, unit_diagonal = false, transpose_a = TRANSPOSE", "hlo.fft %arg2, type = RFFT, length = [16]"]);
}

#[test]
fn batch_norm_family() {
    let text = entry(
        "  x = f32[8,4] parameter(0)\n  s = f32[4] parameter(1)\n  o = f32[4] parameter(2)\n  tr = (f32[8,4], f32[4], f32[4]) batch-norm-training(x, s, o), epsilon=0.001, feature_index=1\n  m = f32[4] get-tuple-element(tr), index=1\n  v = f32[4] get-tuple-element(tr), index=2\n  inf = f32[8,4] batch-norm-inference(x, s, o, m, v), epsilon=0.001, feature_index=1\n  gr = (f32[8,4], f32[4], f32[4]) batch-norm-grad(x, s, m, v, inf), epsilon=0.001, feature_index=1\n  ROOT g = f32[8,4] get-tuple-element(gr), index=0",
    );
    contains_all(&ok(&text), &["hlo.batch_norm_training", "hlo.batch_norm_inference", "hlo.batch_norm_grad", "epsilon = 0.001, feature_index = 1"]);
}

#[test]
fn reductions_windows_sorts_and_maps() {
    let text = "HloModule m

max {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT m = f32[] maximum(a, b)
}

argmax {
  a = f32[] parameter(0)
  ai = s32[] parameter(1)
  b = f32[] parameter(2)
  bi = s32[] parameter(3)
  gt = pred[] compare(a, b), direction=GT
  v = f32[] select(gt, a, b)
  i = s32[] select(gt, ai, bi)
  ROOT t = (f32[], s32[]) tuple(v, i)
}

less {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ai = s32[] parameter(2)
  bi = s32[] parameter(3)
  ROOT lt = pred[] compare(a, b), direction=LT
}

ge {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT r = pred[] compare(a, b), direction=GE
}

ENTRY main {
  x = f32[4,6] parameter(0)
  idx = s32[4,6] iota(), iota_dimension=1
  ninf = f32[] constant(-inf)
  zero = s32[] constant(0)
  r = (f32[4], s32[4]) reduce(x, idx, ninf, zero), dimensions={1}, to_apply=argmax
  rw = f32[2,3] reduce-window(x, ninf), window={size=2x2 stride=2x2}, to_apply=max
  pw = f32[4,6] reduce-window(x, ninf), window={size=3x3 pad=1_1x1_1 lhs_dilate=1x1 rhs_dilate=1x1}, to_apply=max
  src = f32[2,3] parameter(1)
  fz = f32[] constant(0)
  ss = f32[4,6] select-and-scatter(x, src, fz), window={size=2x2 stride=2x2}, select=ge, scatter=max
  so = (f32[4,6], s32[4,6]) sort(x, idx), dimensions={1}, is_stable=true, to_apply=less
  mp = f32[4,6] map(x, x), dimensions={0,1}, to_apply=max
  ROOT t = ((f32[4], s32[4]), f32[2,3], f32[4,6], f32[4,6], (f32[4,6], s32[4,6]), f32[4,6]) tuple(r, rw, pw, ss, so, mp)
}
";
    let printed = ok(text);
    contains_all(
        &printed,
        &["hlo.reduce(%arg0, %0 init : %1, %2) dimensions = [1]", "hlo.reduce_window", "hlo.select_and_scatter", "hlo.sort", "hlo.map", "-> (tensor<4xf32>, tensor<4xi32>)"],
    );
}

#[test]
fn topk_expands_to_sort_and_slice() {
    let text = entry("  x = f32[3,10] parameter(0)\n  ROOT t = (f32[3,4], s32[3,4]) topk(x), k=4, largest=true");
    let printed = ok(&text);
    contains_all(&printed, &["hlo.iota dim = 1 : tensor<3x10xi32>", "hlo.sort", "hlo.compare GT", "hlo.slice"]);
}

#[test]
fn tokens_and_feeds() {
    let text = entry(
        "  t0 = token[] after-all()\n  in = ((f32[2], s32[]), token[]) infeed(t0), infeed_config=\"cfg\"\n  d = (f32[2], s32[]) get-tuple-element(in), index=0\n  t1 = token[] get-tuple-element(in), index=1\n  t2 = token[] outfeed(d, t1), outfeed_config=\"\"\n  x = f32[2] get-tuple-element(d), index=0\n  s = (f32[2], u32[], token[]) send(x, t2), channel_id=3\n  sd = token[] send-done(s), channel_id=3\n  r = (f32[2], u32[], token[]) recv(sd), channel_id=4\n  rd = (f32[2], token[]) recv-done(r), channel_id=4\n  ROOT y = f32[2] get-tuple-element(rd), index=0",
    );
    contains_all(&ok(&text), &["hlo.after_all", "hlo.infeed", "hlo.outfeed", "hlo.send", "hlo.recv"]);
}

#[test]
fn collectives() {
    let text = "HloModule m, replica_count=4

sum {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

ENTRY main {
  x = f32[4,8] parameter(0)
  ar = f32[4,8] all-reduce(x), replica_groups={{0,1},{2,3}}, to_apply=sum, channel_id=1, use_global_device_ids=true
  ag = f32[8,8] all-gather(ar), replica_groups={{0,1},{2,3}}, dimensions={0}
  aa = f32[8,8] all-to-all(ag), replica_groups=[2,2]<=[4], dimensions={1}
  cp = f32[8,8] collective-permute(aa), source_target_pairs={{0,1},{1,0}}
  rs = f32[4,8] reduce-scatter(cp), replica_groups=[2,2]<=[2,2]T(1,0), dimensions={0}, to_apply=sum
  id = u32[] replica-id()
  ROOT t = (f32[4,8], u32[]) tuple(rs, id)
}
";
    let printed = ok(text);
    contains_all(
        &printed,
        &[
            "xla.replica_count = 4",
            "hlo.all_reduce(%arg0) replica_groups = [[0, 1], [2, 3]]",
            "use_global_device_ids",
            "hlo.all_gather",
            "hlo.all_to_all %2, split_dimension = 1, concat_dimension = 1, split_count = 2, replica_groups = [[0, 1], [2, 3]]",
            "hlo.collective_permute",
            "hlo.reduce_scatter",
            "replica_groups = [[0, 2], [1, 3]]",
            "hlo.replica_id : tensor<ui32>",
        ],
    );
}

#[test]
fn partition_ids_and_variadic_collectives() {
    let text = "HloModule m

ENTRY main {
  x = f32[2,4] parameter(0)
  y = s32[3] parameter(1)
  ag = (f32[4,4], s32[6]) all-gather(x, y), replica_groups={{0,1}}, dimensions={0}
  cb = (f32[2,4], s32[3]) collective-broadcast(x, y), replica_groups={{1,0}}, channel_id=2
  pid = u32[] partition-id()
  ROOT t = ((f32[4,4], s32[6]), (f32[2,4], s32[3]), u32[]) tuple(ag, cb, pid)
}
";
    let printed = ok(text);
    contains_all(
        &printed,
        &[
            "hlo.all_gather %arg0, %arg1, all_gather_dimension = 0, replica_groups = [[0, 1]] : (tensor<2x4xf32>, tensor<3xi32>) -> (tensor<4x4xf32>, tensor<6xi32>)",
            "hlo.collective_broadcast %arg0, %arg1, replica_groups = [[1, 0]] {channel_id = 2} : tensor<2x4xf32>, tensor<3xi32>",
            "hlo.partition_id : tensor<ui32>",
        ],
    );
}

#[test]
fn asynchronous_pairs_are_read_as_synchronous_ops() {
    let text = "HloModule m

sum {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

wrapped {
  p = f32[4] parameter(0)
  ROOT n = f32[4] negate(p)
}

ENTRY main {
  x = f32[4] parameter(0)
  ars = f32[4] all-reduce-start(x), to_apply=sum
  ar = f32[4] all-reduce-done(ars)
  ags = (f32[4], f32[8]) all-gather-start(ar), dimensions={0}, replica_groups={{0,1}}
  ag = f32[8] all-gather-done(ags)
  cps = (f32[8], f32[8], u32[], u32[]) collective-permute-start(ag), source_target_pairs={{0,1},{1,0}}
  cp = f32[8] collective-permute-done(cps)
  as = ((f32[4]), f32[4], s32[]) async-start(x), calls=wrapped
  au = ((f32[4]), f32[4], s32[]) async-update(as)
  ad = f32[4] async-done(au)
  cs = (f32[4], f32[4], u32[]) copy-start(ad)
  cd = f32[4] copy-done(cs)
  ccs = ((f32[4]), f32[4], s32[]) custom-call-start(cd), custom_call_target=\"foo\"
  ROOT ccd = f32[4] custom-call-done(ccs)
}
";
    let printed = ok(text);
    contains_all(&printed, &["hlo.all_reduce", "hlo.all_gather", "hlo.collective_permute", "hlo.call @wrapped", "hlo.custom_call @foo"]);
}

#[test]
fn random_numbers() {
    let text = entry(
        "  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  u = f32[2,3] rng(a, b), distribution=rng_uniform\n  n = f32[2,3] rng(a, b), distribution=rng_normal\n  s = u64[2] parameter(2)\n  g = (u64[2], u32[4,4]) rng-bit-generator(s), algorithm=rng_three_fry\n  o = u32[4,4] get-tuple-element(g), index=1\n  ROOT t = (f32[2,3], f32[2,3], u32[4,4]) tuple(u, n, o)",
    );
    contains_all(&ok(&text), &["hlo.rng_uniform %arg0, %arg1", "hlo.rng_normal %arg0, %arg1", "hlo.rng_bit_generator THREE_FRY, %arg2"]);
}

#[test]
fn barriers_domains_and_dependencies_forward_values() {
    let text = entry(
        "  x = f32[2] parameter(0)\n  t = token[] after-all()\n  d = f32[2] add-dependency(x, t)\n  b = (f32[2], f32[2]) opt-barrier((f32[2], f32[2]) tuple(d, x))\n  ROOT g = f32[2] get-tuple-element(b), index=1",
    );
    contains_all(&ok(&text), &["hlo.optimization_barrier %arg0, %arg0"]);
}

#[test]
fn bitcast_of_an_entry_parameter_follows_the_entry_layout() {
    let text = "HloModule m, entry_computation_layout={(f32[4,6]{0,1})->f32[6,4]{1,0}}\n\nENTRY e {\n  x = f32[4,6] parameter(0)\n  ROOT b = f32[6,4]{1,0} bitcast(x)\n}\n";
    contains_all(&ok(text), &["hlo.transpose %0, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>"]);
}
