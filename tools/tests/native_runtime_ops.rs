//! The ops compiled into runtime calls (tokens and feeds, send and recv, `rng_uniform` and
//! `rng_normal`, `replica_id`, `partition_id` and the collectives over a grid of replicas
//! and partitions, a sort by JAX's float comparator) give what the reference interpreter
//! gives: each program runs through `xla-run`'s driver interpreted and compiled, on the
//! same number of replicas, and the printed results must be the same text. Each case
//! also names a line the results must contain, so that a program that fails alike both
//! ways, or prints nothing, does not pass.

use xla_tools::run::{run, RunConfig};

/// Runs `program` on `replicas` replicas interpreted and compiled, and checks that both
/// succeed with the same output, which contains `expected`.
fn same_both_ways(name: &str, replicas: u32, program: &str, expected: &str) {
    let mut config = RunConfig::new(&format!("{name}.mlir"));
    config.replicas = replicas;
    config.interpret = true;
    let interpreted = run(&config, program);
    config.interpret = false;
    let compiled = run(&config, program);
    assert!(interpreted.success, "{name}: the interpreter failed:\n{}", interpreted.stderr);
    assert!(compiled.success, "{name}: the compiled code failed:\n{}", compiled.stderr);
    let sorted = |text: &str| {
        let mut lines: Vec<&str> = text.lines().collect();
        lines.sort();
        lines.join("\n")
    };
    assert_eq!(sorted(&compiled.stdout), sorted(&interpreted.stdout), "{name}: compiled (left) and interpreted (right) differ");
    assert!(interpreted.stdout.contains(expected), "{name}: the results lack `{expected}`:\n{}", interpreted.stdout);
}

/// The f32 vector `[id, id + 1, ...]` of this replica, of `n` elements, as `%v`.
fn replica_vector(n: usize) -> String {
    format!(
        r#"  %id = hlo.replica_id : tensor<ui32>
  %f = hlo.convert_element_type %id : (tensor<ui32>) -> tensor<f32>
  %b = hlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<{n}xf32>
  %i = hlo.iota dim = 0 : tensor<{n}xf32>
  %v = hlo.add %b, %i : tensor<{n}xf32>
"#
    )
}

#[test]
fn replica_id_gives_each_replica_its_id() {
    let program = "func.func @main() -> tensor<ui32> {\n  %0 = hlo.replica_id : tensor<ui32>\n  func.return %0 : tensor<ui32>\n}\n";
    same_both_ways("replica_id", 3, program, "replica 2: @main result 0: u32[] 2");
    same_both_ways("replica_id_single", 1, program, "@main result 0: u32[] 0");
}

#[test]
fn all_reduce_combines_in_group_order_with_any_computation() {
    let v = replica_vector(3);
    let sum = format!(
        r#"func.func @main() -> tensor<3xf32> {{
{v}  %r = hlo.all_reduce(%v) replica_groups = [] : tensor<3xf32> {{
  ^bb0(%a: tensor<f32>, %c: tensor<f32>):
    %0 = hlo.add %a, %c : tensor<f32>
    hlo.return %0 : tensor<f32>
  }}
  func.return %r : tensor<3xf32>
}}
"#
    );
    same_both_ways("all_reduce_sum", 4, &sum, "replica 3: @main result 0: f32[3] [6, 10, 14]");
    // A computation that is no known reduction (a - b, so the order shows), in groups,
    // on two operands of an integer type.
    let program = r#"func.func @main() -> (tensor<2xi8>, tensor<i8>) {
  %id = hlo.replica_id : tensor<ui32>
  %s = hlo.convert_element_type %id : (tensor<ui32>) -> tensor<i8>
  %v = hlo.broadcast_in_dim %s, dims = [] : (tensor<i8>) -> tensor<2xi8>
  %r:2 = hlo.all_reduce(%v, %s) replica_groups = [[3, 1], [0, 2]] : tensor<2xi8>, tensor<i8> {
  ^bb0(%a: tensor<i8>, %c: tensor<i8>):
    %two = hlo.constant dense<2> : tensor<i8>
    %0 = hlo.multiply %c, %two : tensor<i8>
    %1 = hlo.subtract %a, %0 : tensor<i8>
    hlo.return %1 : tensor<i8>
  }
  func.return %r#0, %r#1 : tensor<2xi8>, tensor<i8>
}
"#;
    same_both_ways("all_reduce_groups", 4, program, "replica 1: @main result 0: s8[2] [1, 1]");
}

#[test]
fn all_gather_concatenates_the_group_in_its_order() {
    let v = replica_vector(2);
    let program = format!(
        r#"func.func @main() -> tensor<2x2xf32> {{
{v}  %m = hlo.reshape %v : (tensor<2xf32>) -> tensor<2x1xf32>
  %g = hlo.all_gather %m, all_gather_dimension = 1, replica_groups = [[2, 0], [1, 3]] : (tensor<2x1xf32>) -> tensor<2x2xf32>
  func.return %g : tensor<2x2xf32>
}}
"#
    );
    same_both_ways("all_gather", 4, &program, "replica 0: @main result 0: f32[2,2] [[2, 0], [3, 1]]");
}

#[test]
fn reduce_scatter_gives_each_member_its_block_of_the_reduction() {
    let v = replica_vector(4);
    let program = format!(
        r#"func.func @main() -> tensor<2xf32> {{
{v}  %r = hlo.reduce_scatter %v, scatter_dimension = 0, replica_groups = [[1, 0]] : (tensor<4xf32>) -> tensor<2xf32> {{
  ^bb0(%a: tensor<f32>, %c: tensor<f32>):
    %0 = hlo.maximum %a, %c : tensor<f32>
    hlo.return %0 : tensor<f32>
  }}
  func.return %r : tensor<2xf32>
}}
"#
    );
    same_both_ways("reduce_scatter", 2, &program, "replica 1: @main result 0: f32[2] [1, 2]");
}

#[test]
fn all_to_all_exchanges_blocks() {
    let v = replica_vector(4);
    let program = format!(
        r#"func.func @main() -> tensor<2x2xf32> {{
{v}  %m = hlo.reshape %v : (tensor<4xf32>) -> tensor<1x4xf32>
  %r = hlo.all_to_all %m, split_dimension = 1, concat_dimension = 0, split_count = 2, replica_groups = [[0, 1]] : (tensor<1x4xf32>) -> tensor<2x2xf32>
  func.return %r : tensor<2x2xf32>
}}
"#
    );
    same_both_ways("all_to_all", 2, &program, "replica 1: @main result 0: f32[2,2] [[2, 3], [3, 4]]");
}

#[test]
fn collective_permute_sends_to_targets_and_zeros_the_rest() {
    let v = replica_vector(2);
    let program = format!(
        r#"func.func @main() -> tensor<2xf32> {{
{v}  %r = hlo.collective_permute %v, source_target_pairs = [[0, 2], [2, 1]] : tensor<2xf32>
  func.return %r : tensor<2xf32>
}}
"#
    );
    same_both_ways("collective_permute", 3, &program, "replica 1: @main result 0: f32[2] [2, 3]");
}

#[test]
fn rng_draws_the_interpreters_numbers() {
    let program = r#"func.func @main() -> (tensor<3x5xf32>, tensor<7xi32>, tensor<4xui8>, tensor<2xf16>, tensor<5xf64>, tensor<3xbf16>, tensor<2xf32>) {
  %a = hlo.constant dense<-1.5> : tensor<f32>
  %b = hlo.constant dense<2.0> : tensor<f32>
  %0 = hlo.rng_uniform %a, %b : (tensor<f32>, tensor<f32>) -> tensor<3x5xf32>
  %ia = hlo.constant dense<-100> : tensor<i32>
  %ib = hlo.constant dense<1000> : tensor<i32>
  %1 = hlo.rng_uniform %ia, %ib : (tensor<i32>, tensor<i32>) -> tensor<7xi32>
  %ua = hlo.constant dense<3> : tensor<ui8>
  %ub = hlo.constant dense<250> : tensor<ui8>
  %2 = hlo.rng_uniform %ua, %ub : (tensor<ui8>, tensor<ui8>) -> tensor<4xui8>
  %ha = hlo.constant dense<0.0> : tensor<f16>
  %hb = hlo.constant dense<1.0> : tensor<f16>
  %3 = hlo.rng_uniform %ha, %hb : (tensor<f16>, tensor<f16>) -> tensor<2xf16>
  %mu = hlo.constant dense<10.0> : tensor<f64>
  %sigma = hlo.constant dense<0.5> : tensor<f64>
  %4 = hlo.rng_normal %mu, %sigma : (tensor<f64>, tensor<f64>) -> tensor<5xf64>
  %bmu = hlo.constant dense<0.0> : tensor<bf16>
  %bsigma = hlo.constant dense<1.0> : tensor<bf16>
  %5 = hlo.rng_normal %bmu, %bsigma : (tensor<bf16>, tensor<bf16>) -> tensor<3xbf16>
  %6 = hlo.rng_uniform %b, %a : (tensor<f32>, tensor<f32>) -> tensor<2xf32>
  func.return %0, %1, %2, %3, %4, %5, %6 : tensor<3x5xf32>, tensor<7xi32>, tensor<4xui8>, tensor<2xf16>, tensor<5xf64>, tensor<3xbf16>, tensor<2xf32>
}
"#;
    same_both_ways("rng", 1, program, "@main result 6: f32[2] [2, 2]");
    // Every replica draws the same stream, as in the interpreter.
    same_both_ways("rng_replicas", 2, program, "replica 1: @main result 6: f32[2] [2, 2]");
}

#[test]
fn rng_into_a_column_major_result_keeps_row_major_order() {
    let program = r#"func.func @main() -> tensor<2x3xf32, {0, 1}> {
  %a = hlo.constant dense<0.0> : tensor<f32>
  %b = hlo.constant dense<1.0> : tensor<f32>
  %0 = hlo.rng_uniform %a, %b : (tensor<f32>, tensor<f32>) -> tensor<2x3xf32, {0, 1}>
  func.return %0 : tensor<2x3xf32, {0, 1}>
}
"#;
    same_both_ways("rng_layout", 1, program, "@main result 0: f32[2,3]");
}

#[test]
fn tokens_order_sends_receives_and_outfeeds() {
    let program = r#"func.func @main(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<i32>) {
  %t0 = hlo.after_all()
  %c = hlo.constant dense<7> : tensor<i32>
  %t1 = hlo.send %x, %c, %t0, channel_id = 5 : tensor<3xf32>, tensor<i32>
  %t2 = hlo.outfeed %x, %t1 : tensor<3xf32>
  %r:3 = hlo.recv %t2, channel_id = 5 : tensor<3xf32>, tensor<i32>
  %t3 = hlo.after_all(%t2, %r#2)
  func.return %r#0, %r#1 : tensor<3xf32>, tensor<i32>
}
"#;
    let dir = std::env::temp_dir().join(format!("native_runtime_ops_{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let input = dir.join("x.npy");
    let literal = xla_interp::Literal::new(
        xla_interp::ElementType::F32,
        vec![3],
        xla_interp::literal::Elements::Float(vec![1.0, 2.5, -3.0]),
    );
    xla_interp::arrays::write_npy(&literal, std::fs::File::create(&input).expect("creates x.npy")).expect("writes x.npy");
    let mut config = RunConfig::new("tokens.mlir");
    config.inputs = vec![input];
    for interpret in [true, false] {
        config.interpret = interpret;
        let output = run(&config, program);
        assert!(output.success, "interpret = {interpret}:\n{}", output.stderr);
        assert_eq!(output.stdout, "@main result 0: f32[3] [1, 2.5, -3]\n@main result 1: s32[] 7\n", "interpret = {interpret}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn receiving_before_sending_and_an_empty_infeed_fail_both_ways() {
    let recv = "func.func @main() -> tensor<2xf32> {\n  %t = hlo.after_all()\n  %r:2 = hlo.recv %t, channel_id = 1 : tensor<2xf32>\n  func.return %r#0 : tensor<2xf32>\n}\n";
    let infeed = "func.func @main() -> tensor<2xf32> {\n  %t = hlo.after_all()\n  %r:2 = hlo.infeed %t : tensor<2xf32>\n  func.return %r#0 : tensor<2xf32>\n}\n";
    for (name, program, interpreted_says, compiled_says) in [
        ("recv", recv, "nothing was sent on channel 1 before this recv", "xla_rt_recv: nothing was sent on channel 1 before this recv"),
        ("infeed", infeed, "the infeed queue is empty", "xla_rt_infeed_dequeue: no buffer for replica 0 within the timeout"),
    ] {
        let mut config = RunConfig::new(&format!("{name}.mlir"));
        config.interpret = true;
        let interpreted = run(&config, program);
        config.interpret = false;
        let compiled = run(&config, program);
        assert!(!interpreted.success && interpreted.stderr.contains(interpreted_says), "{name}: {}", interpreted.stderr);
        assert!(!compiled.success && compiled.stderr.contains(compiled_says), "{name}: {}", compiled.stderr);
    }
}

#[test]
fn jax_float_sort_through_the_runtime_orders_as_the_merge_sort() {
    // JAX's comparator: zeros of both signs equal (subnormals too, flushed as the entry
    // reads them), NaNs of both signs equal and last; the sort is stable and moves
    // elements without rewriting them. Compiled, it is a call of the runtime's sort.
    let program = r#"func.func @main() -> tensor<2x6xf32> {
  %x = hlo.constant dense<[[3.0, -0.0, 0x7FC00000, 1.0e-45, 0.0, 0xFF800000], [0xFFC00000, 2.0, -0.0, 0.0, -1.0e-45, 2.0]]> : tensor<2x6xf32>
  %0 = hlo.sort(%x) dim = 1 : (tensor<2x6xf32>) -> tensor<2x6xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %nan = hlo.constant dense<0x7FC00000> : tensor<f32>
    %az = hlo.compare EQ, %a, %zero, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %a1 = hlo.select %az, %zero, %a : tensor<i1>, tensor<f32>
    %an = hlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %a2 = hlo.select %an, %nan, %a1 : tensor<i1>, tensor<f32>
    %bz = hlo.compare EQ, %b, %zero, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %b1 = hlo.select %bz, %zero, %b : tensor<i1>, tensor<f32>
    %bn = hlo.compare NE, %b, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %b2 = hlo.select %bn, %nan, %b1 : tensor<i1>, tensor<f32>
    %lt = hlo.compare LT, %a2, %b2, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }
  return %0 : tensor<2x6xf32>
}
"#;
    same_both_ways("jax_sort", 1, program, "[[-inf, -0, 1e-45, 0, 3, nan], [-0, 0, -1e-45, 2, 2, nan]]");
}

#[test]
fn a_run_parallel_grid_of_partitions_runs_compiled_as_interpreted() {
    // 2 replicas x 2 partitions, process (r, p) starting from 4 (2r + p) + [0, 1, 2, 3]:
    // an all-to-all across partitions, a gather over flattened ids, a reduce-scatter over
    // replica ids taking every partition, and a broadcast a process outside its group
    // receives zeros from.
    let outputs = "tensor<ui32>, tensor<4xf32>, tensor<8xf32>, tensor<1xf32>, tensor<4xf32>";
    let all_outputs = [outputs; 4].join(", ");
    let results: Vec<String> = (0..20).map(|i| format!("%r#{i}")).collect();
    let program = format!(
        r#"func.func @program(%x: tensor<4xf32>) -> ({outputs}) {{
  %p = hlo.partition_id : tensor<ui32>
  %a = hlo.all_to_all %x, split_dimension = 0, concat_dimension = 0, split_count = 2, replica_groups = [[0, 1]] {{channel_id = 1}} : (tensor<4xf32>) -> tensor<4xf32>
  %g = hlo.all_gather %x, all_gather_dimension = 0, replica_groups = [[3, 0], [1, 2]] {{channel_id = 1, use_global_device_ids}} : (tensor<4xf32>) -> tensor<8xf32>
  %s = hlo.reduce_scatter %x, scatter_dimension = 0, replica_groups = [[0, 1]] {{channel_id = 1}} : (tensor<4xf32>) -> tensor<1xf32> {{
  ^bb0(%l: tensor<f32>, %m: tensor<f32>):
    %0 = hlo.add %l, %m : tensor<f32>
    hlo.return %0 : tensor<f32>
  }}
  %b = hlo.collective_broadcast %x, replica_groups = [[1]] : tensor<4xf32>
  func.return %p, %a, %g, %s, %b : {outputs}
}}

func.func @main() -> ({all_outputs}) {{
  %i = hlo.iota dim = 0 : tensor<4xf32>
  %c4 = hlo.constant dense<4.0> : tensor<4xf32>
  %x1 = hlo.add %i, %c4 : tensor<4xf32>
  %x2 = hlo.add %x1, %c4 : tensor<4xf32>
  %x3 = hlo.add %x2, %c4 : tensor<4xf32>
  %r:20 = "interpreter.run_parallel"(%i, %x1, %x2, %x3) {{programs = [[@program, @program], [@program, @program]]}}
      : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> ({all_outputs})
  func.return {results} : {all_outputs}
}}
"#,
        results = results.join(", ")
    );
    // Process (0, 1) gets blocks 1 of partitions 0 and 1 of replica 0; process (1, 1)
    // gathers the flattened group [3, 0], itself first; its reduce-scatter block, the
    // fourth, sums element 3 of all four; replica 0 is in no broadcast group.
    same_both_ways("run_parallel_partitions", 1, &program, "@main result 6: f32[4] [2, 3, 6, 7]");
    let mut config = RunConfig::new("run_parallel_partitions.mlir");
    config.interpret = true;
    let interpreted = run(&config, &program).stdout;
    for expected in ["@main result 17: f32[8] [12, 13, 14, ..., 1, 2, 3]", "@main result 18: f32[1] [36]", "@main result 4: f32[4] [0, 0, 0, 0]"] {
        assert!(interpreted.contains(expected), "the results lack `{expected}`:\n{interpreted}");
    }
}
