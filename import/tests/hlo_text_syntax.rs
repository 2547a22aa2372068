//! The HLO text grammar around the opcodes: module headers, computations, names, shapes,
//! literals, attribute values and the attributes that are read and dropped.

mod hlo_text_support;

use hlo_text_support::{contains_all, entry, err, ok, op_counts};
use xla_import::hlo_text::attrs::{read_dim_labels, read_replica_groups, read_slice, read_window, Window};
use xla_import::hlo_text::cursor::Cursor;
use xla_import::hlo_text::source::Source;

#[test]
fn header_attributes_are_kept_or_skipped() {
    let text = "HloModule jit_f, is_scheduled=true, replica_count=2, num_partitions=1, input_output_alias={ {0}: (0, {}, may-alias) }, entry_computation_layout={(f32[2,3]{0,1})->f32[2,3]{0,1}}, allow_spmd_sharding_propagation_to_output={true}, frontend_attributes={attr=\"x\"}

ENTRY %main.1 (p: f32[2,3]) -> f32[2,3] {
  %p = f32[2,3]{1,0} parameter(0)
  ROOT %n = f32[2,3]{1,0} negate(%p)
}
";
    contains_all(
        &ok(text),
        &[
            "module @jit_f attributes {xla.input_output_alias = \"{ {0}: (0, {}, may-alias) }\", xla.num_partitions = 1, xla.replica_count = 2}",
            // The entry layout is the interface: kept on the types, bridged by identities.
            "func.func @main(%arg0: tensor<2x3xf32, {0, 1}>) -> tensor<2x3xf32, {0, 1}>",
            "hlo.copy %arg0 : (tensor<2x3xf32, {0, 1}>) -> tensor<2x3xf32>",
            "hlo.copy %1 : (tensor<2x3xf32>) -> tensor<2x3xf32, {0, 1}>",
        ],
    );
}

#[test]
fn default_layouts_leave_the_types_plain() {
    let text = "HloModule m, entry_computation_layout={(f32[2,3]{1,0})->(f32[2,3]{1,0}, s32[])}

ENTRY e {
  p = f32[2,3]{1,0} parameter(0)
  c = s32[] constant(7)
  ROOT t = (f32[2,3]{1,0}, s32[]) tuple(p, c)
}
";
    contains_all(&ok(text), &["func.func @main(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<i32>)", "func.return %arg0, %0"]);
}

#[test]
fn entry_is_main_unless_main_is_taken_and_others_are_private() {
    let text = "HloModule m\n\nmain { p = f32[] parameter(0)\n ROOT r = f32[] negate(p) }\n\nENTRY e { p = f32[] parameter(0)\n ROOT c = f32[] call(p), to_apply=main }\n";
    contains_all(&ok(text), &["func.func private @main(", "func.func @e(", "hlo.call @main(%arg0)"]);
    // Without ENTRY the last computation is the entry.
    let last = "HloModule m\n\nf { p = f32[] parameter(0)\n ROOT r = f32[] negate(p) }\n\ng { p = f32[] parameter(0)\n ROOT r = f32[] abs(p) }\n";
    contains_all(&ok(last), &["func.func private @f(", "func.func @main(", "hlo.abs"]);
}

#[test]
fn names_with_and_without_percent_roots_and_comments() {
    // No ROOT: the last instruction is the root. Operands may carry their shapes.
    let text = "HloModule m

ENTRY %e (a: f32[2], b: f32[2]) -> (f32[2], f32[2]) {
  %a = f32[2]{0} parameter(0) // a comment
  b = f32[2]{0} parameter(1) /* another */
  %sum-1.2 = f32[2]{0} add(f32[2]{0} %a, f32[2]{0} b)
  t = (f32[2], /*index=1*/f32[2]) tuple(%sum-1.2, a)
}
";
    contains_all(&ok(text), &["hlo.add %arg0, %arg1", "func.return %0, %arg0"]);
}

#[test]
fn instructions_may_come_in_any_order() {
    let text = entry("  ROOT r = f32[2] add(n, p)\n  n = f32[2] negate(p)\n  p = f32[2] parameter(0)");
    contains_all(&ok(&text), &["%0 = hlo.negate %arg0", "%1 = hlo.add %0, %arg0"]);
}

#[test]
fn nested_instructions_and_inline_computations() {
    let text = "HloModule m

ENTRY e {
  x = f32[4] parameter(0)
  z = f32[] constant(0)
  ROOT r = f32[] reduce(f32[4] negate(f32[4] abs(x)), z), dimensions={0}, to_apply={
    a = f32[] parameter(0)
    b = f32[] parameter(1)
    ROOT s = f32[] add(a, b)
  }
}
";
    let printed = ok(text);
    contains_all(&printed, &["hlo.abs %arg0", "hlo.negate %1", "hlo.reduce(%2 init : %0)", "func.func private @to_apply.inline"]);
}

#[test]
fn stack_frame_tables_execution_threads_and_dropped_attributes() {
    let text = "HloModule m, is_scheduled=true

FileNames
1 \"/tmp/x.py\"

FunctionNames
1 \"f\"

FileLocations
1 {file_name_id=1 function_name_id=1 line=3 end_line=3 column=1 end_column=9}

StackFrames
1 {file_location_id=1 parent_frame_id=1}


%c (p: f32[2]) -> f32[2] {
  %p = f32[2]{0} parameter(0), sharding={replicated}, metadata={op_name=\"p\" source_file=\"x.py\" source_line=3}
  %t = token[] after-all(), control-predecessors={%p}
  ROOT %n = f32[2]{0} negate(%p), metadata={op_name=\"jit(f)/neg\" stack_frame_id=1}, backend_config={\"outer_dimension_partitions\":[\"2\"]}, frontend_attributes={_xla_stream_annotation=\"1\"}, statistics={visualizing_index=1,stat-1=33.0}, origin={{\"n\"}}, sharding={devices=[2,1]0,1}
}, execution_thread=\"main\"
";
    contains_all(&ok(text), &["hlo.negate %arg0"]);
}

#[test]
fn shapes_of_every_element_type() {
    for (hlo, ir) in [
        ("pred", "i1"),
        ("s2", "i2"),
        ("s4", "i4"),
        ("s8", "i8"),
        ("s16", "i16"),
        ("s32", "i32"),
        ("s64", "i64"),
        ("u2", "ui2"),
        ("u4", "ui4"),
        ("u8", "ui8"),
        ("u16", "ui16"),
        ("u32", "ui32"),
        ("u64", "ui64"),
        ("f16", "f16"),
        ("bf16", "bf16"),
        ("f32", "f32"),
        ("f64", "f64"),
        ("f8e4m3fn", "f8E4M3FN"),
        ("f8e5m2", "f8E5M2"),
        ("f8e4m3", "f8E4M3"),
        ("f8e4m3fnuz", "f8E4M3FNUZ"),
        ("f8e5m2fnuz", "f8E5M2FNUZ"),
        ("f8e4m3b11fnuz", "f8E4M3B11FNUZ"),
        ("f8e3m4", "f8E3M4"),
        ("f8e8m0fnu", "f8E8M0FNU"),
        ("f4e2m1fn", "f4E2M1FN"),
        ("c64", "complex<f32>"),
        ("c128", "complex<f64>"),
    ] {
        let text = entry(&format!("  ROOT p = {hlo}[3,2]{{1,0}} parameter(0)"));
        contains_all(&ok(&text), &[&format!("tensor<3x2x{ir}>")]);
    }
}

#[test]
fn dynamic_and_bounded_dimensions_tuples_tokens_and_tiled_layouts() {
    let text = entry(
        "  a = f32[<=8,?]{1,0} parameter(0)\n  t = (f32[2], (s32[], token[])) parameter(1)\n  b = f32[8,128]{1,0:T(8,128)(2,1)S(1)} parameter(2)\n  ROOT r = f32[<=8,?] negate(a)",
    );
    contains_all(&ok(&text), &["%arg0: tensor<<=8x?xf32>", "%arg1: tuple<tensor<2xf32>, tuple<tensor<i32>, !hlo.token>>", "%arg2: tensor<8x128xf32>"]);
}

#[test]
fn literals() {
    let text = entry(
        "  a = f32[] constant(1e-05)\n  b = f32[2,2] constant({ {1, 2}, {3, -4.5} })\n  c = pred[3] constant({true, false, 1})\n  d = f32[4] constant({inf, -inf, nan, -nan})\n  e = f32[2] constant({nan(0x1), -nan(0x400000)})\n  f = c64[2] constant({(1, 2), (-0.5, inf)})\n  g = u64[2] constant({18446744073709551615, 0})\n  h = s8[2] constant({-128, 127})\n  i = bf16[2] constant({1.5, -2})\n  j = f8e4m3fn[2] constant({448, -0.5})\n  k = (f32[], s32[2]) constant((2.5, {7, 8}))\n  l = f32[0] constant({})\n  ROOT t = (f32[], f32[2,2], pred[3], f32[4], f32[2], c64[2], u64[2], s8[2], bf16[2], f8e4m3fn[2], (f32[], s32[2]), f32[0]) tuple(a, b, c, d, e, f, g, h, i, j, k, l)",
    );
    contains_all(
        &ok(&text),
        &[
            "dense<1.0e-5> : tensor<f32>",
            "dense<[[1.0, 2.0], [3.0, -4.5]]> : tensor<2x2xf32>",
            "dense<[true, false, true]> : tensor<3xi1>",
            "dense<[0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000]> : tensor<4xf32>",
            "dense<[0x7F800001, 0xFFC00000]> : tensor<2xf32>",
            "dense<[(1.0, 2.0), (-0.5, 0x7F800000)]> : tensor<2xcomplex<f32>>",
            "dense<[18446744073709551615, 0]> : tensor<2xui64>",
            "dense<[-128, 127]> : tensor<2xi8>",
            "dense<[1.5, -2.0]> : tensor<2xbf16>",
            "dense<[448.0, -0.5]> : tensor<2xf8E4M3FN>",
            "dense<2.5> : tensor<f32>",
            "dense<[7, 8]> : tensor<2xi32>",
            "tensor<0xf32>",
        ],
    );
}

#[test]
fn literal_errors_are_located() {
    let partly_elided = err(&entry("  ROOT c = f32[3] constant({1, ...})"));
    contains_all(&partly_elided, &["error: '...' may only stand for a whole literal, as `{...}`"]);
    let range = err(&entry("  ROOT c = s8[2] constant({1, 200})"));
    contains_all(&range, &["test.hlo:4:31: error: value 200 is out of range for s8 [-128, 127]"]);
    let count = err(&entry("  ROOT c = f32[2,2] constant({ {1, 2}, {3} })"));
    contains_all(&count, &["test.hlo:4:42: error: expected 2 elements in dimension 1, found 1"]);
    let float = err(&entry("  ROOT c = s32[] constant(1.5)"));
    contains_all(&float, &["error: expected an integer for element type s32, found '1.5'"]);
    let overflow = err(&entry("  ROOT c = f16[] constant(1e10)"));
    contains_all(&overflow, &["error: value 1e10 is out of range for element type f16"]);
    let payload = err(&entry("  ROOT c = f16[] constant(nan(0x400))"));
    contains_all(&payload, &["NaN payload 0x400 does not fit in the 10 mantissa bits"]);
}

/// A cursor over the tokens of `text` for the attribute readers.
fn with_cursor<T>(text: &str, read: impl FnOnce(&mut Cursor) -> T) -> T {
    let ctx = hlo_text_support::context();
    let src = Source::new(&ctx, "attr.txt", text, 1);
    let mut c = Cursor::new(&src);
    read(&mut c)
}

#[test]
fn window_syntax() {
    let w = with_cursor("{size=3x3 stride=2x1 pad=1_-1x0_2 lhs_dilate=1x2 rhs_dilate=2x1 rhs_reversal=1x0}", |c| read_window(c).ok());
    assert_eq!(
        w,
        Some(Window {
            size: vec![3, 3],
            stride: vec![2, 1],
            pad: vec![[1, -1], [0, 2]],
            lhs_dilate: vec![1, 2],
            rhs_dilate: vec![2, 1],
            rhs_reversal: vec![1, 0],
        })
    );
    let one = with_cursor("{size=5 pad=2_2}", |c| read_window(c).ok());
    assert_eq!(one.map(|w| (w.size, w.pad)), Some((vec![5], vec![[2, 2]])));
    let ctx = hlo_text_support::context();
    let src = Source::new(&ctx, "attr.txt", "{stride=2}", 1);
    let e = read_window(&mut Cursor::new(&src)).err().map(|d| d.render(&ctx));
    assert!(e.is_some_and(|e| e.contains("attr.txt:1:1: error: the window needs a 'size' field")));
}

#[test]
fn dim_labels_syntax() {
    let ctx = hlo_text_support::context();
    let src = Source::new(&ctx, "attr.txt", "", 1);
    let c = Cursor::new(&src);
    let d = read_dim_labels(&c, "b01f_01io->b01f", 0).unwrap_or_else(|e| panic!("{}", e.message));
    assert_eq!((d.input_batch, d.input_feature, d.input_spatial.clone()), (0, 3, vec![1, 2]));
    assert_eq!((d.kernel_input_feature, d.kernel_output_feature, d.kernel_spatial.clone()), (2, 3, vec![0, 1]));
    assert_eq!((d.output_batch, d.output_feature, d.output_spatial.clone()), (0, 3, vec![1, 2]));
    let d = read_dim_labels(&c, "f10b_io01->?bf01", 0).unwrap_or_else(|e| panic!("{}", e.message));
    assert_eq!((d.input_batch, d.input_feature, d.input_spatial), (3, 0, vec![2, 1]));
    assert_eq!((d.output_batch, d.output_feature, d.output_spatial), (1, 2, vec![3, 4]));
    assert!(read_dim_labels(&c, "b0f_0io->b00f", 0).is_err());
    assert!(read_dim_labels(&c, "b0f_0io", 0).is_err());
}

#[test]
fn slice_and_replica_group_syntax() {
    assert_eq!(with_cursor("{[0:4:2], [1:3]}", |c| read_slice(c).ok()), Some((vec![0, 1], vec![4, 3], vec![2, 1])));
    assert_eq!(with_cursor("{}", |c| read_slice(c).ok()), Some((vec![], vec![], vec![])));
    assert_eq!(with_cursor("{{0,1},{2,3}}", |c| read_replica_groups(c).ok()), Some(vec![vec![0, 1], vec![2, 3]]));
    assert_eq!(with_cursor("{}", |c| read_replica_groups(c).ok()), Some(vec![]));
    assert_eq!(with_cursor("[2,2]<=[4]", |c| read_replica_groups(c).ok()), Some(vec![vec![0, 1], vec![2, 3]]));
    assert_eq!(with_cursor("[2,2]<=[2,2]T(1,0)", |c| read_replica_groups(c).ok()), Some(vec![vec![0, 2], vec![1, 3]]));
    assert_eq!(
        with_cursor("[1,8]<=[2,2,2]T(2,1,0)", |c| read_replica_groups(c).ok()),
        Some(vec![vec![0, 4, 2, 6, 1, 5, 3, 7]])
    );
    assert!(with_cursor("[2,3]<=[4]", |c| read_replica_groups(c).is_err()));
}

#[test]
fn op_counts_of_a_small_module() {
    let text = "HloModule m

add { a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b) }

ENTRY e {
  x = f32[8,4] parameter(0)
  z = f32[] constant(0)
  r = f32[8] reduce(x, z), dimensions={1}, to_apply=add
  ROOT n = f32[8] negate(r)
}
";
    let counts = op_counts(text);
    let expected = [
        ("func.func", 2),
        ("func.return", 2),
        ("hlo.add", 2),
        ("hlo.constant", 1),
        ("hlo.negate", 1),
        ("hlo.reduce", 1),
        ("hlo.return", 1),
    ];
    assert_eq!(counts, expected.iter().map(|(n, c)| (n.to_string(), *c)).collect::<Vec<_>>());
}

#[test]
fn shapes_may_be_left_out_where_they_can_be_inferred() {
    let text = entry("  a = f32[2,3] parameter(0)\n  b = add(a, a)\n  n = negate(b)\n  t = tuple(n, a)\n  ROOT g = get-tuple-element(t), index=0");
    contains_all(&ok(&text), &["%0 = hlo.add %arg0, %arg0 : tensor<2x3xf32>", "hlo.negate %0", "func.return %1 : tensor<2x3xf32>"]);
    let missing = err(&entry("  a = f32[6] parameter(0)\n  ROOT r = reshape(a)"));
    contains_all(&missing, &["test.hlo:5:8: error: the result type of 'hlo.reshape' cannot be inferred; write the instruction's shape"]);
}

#[test]
fn padding_precision_and_aliasing_syntax() {
    use xla_import::hlo_text::attrs::{read_aliasing, read_padding_config, read_precisions};
    assert_eq!(with_cursor("1_2_3x-1_0", |c| read_padding_config(c).ok()), Some(vec![[1, 2, 3], [-1, 0, 0]]));
    assert_eq!(with_cursor("0_0", |c| read_padding_config(c).ok()), Some(vec![[0, 0, 0]]));
    assert!(with_cursor("1_2_-3", |c| read_padding_config(c).is_err()));
    assert!(with_cursor("1x2", |c| read_padding_config(c).is_err()));
    assert_eq!(with_cursor("{default,HIGH,highest}", |c| read_precisions(c).ok()), Some(vec!["DEFAULT", "HIGH", "HIGHEST"]));
    assert!(with_cursor("{fast}", |c| read_precisions(c).is_err()));
    assert_eq!(
        with_cursor("{{0}: (1, {}), {1, 2}: (0, {3}, may-alias)}", |c| read_aliasing(c).ok()),
        Some(vec![(vec![0], 1, vec![]), (vec![1, 2], 0, vec![3])])
    );
    let text = entry("  a = f32[2,2] parameter(0)\n  ROOT d = f32[2,2] dot(a, a), lhs_contracting_dims={1}, rhs_contracting_dims={0}, precision_config={high,high}");
    contains_all(&ok(&text), &["precision_config = [\"HIGH\", \"HIGH\"]"]);
}

#[test]
fn chunks_of_a_split_file_report_the_file_s_lines() {
    let ctx = hlo_text_support::context();
    let chunk = "HloModule m\nENTRY e {\n  ROOT r = f32[] frobnicate()\n}\n";
    let d = xla_import::hlo_text::parse_hlo_text_at(&ctx, "split.hlo", chunk, 40).err().expect("an error");
    assert!(d.render(&ctx).starts_with("split.hlo:42:18: error: unknown HLO opcode 'frobnicate'\n  ROOT r = f32[] frobnicate()\n"), "{}", d.render(&ctx));
}

#[test]
fn the_dialects_must_be_registered() {
    let ctx = xla_ir::Context::new();
    let d = xla_import::hlo_text::parse_hlo_text(&ctx, "bare.hlo", "HloModule m\nENTRY e {\n ROOT c = f32[] constant(1)\n}\n").err();
    assert!(d.is_some_and(|d| d.message.contains("xla_dialects::register_all")));
}
