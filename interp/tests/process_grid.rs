//! `interpreter.run_parallel` over grids of replicas and partitions: process groups by
//! mode, variadic collectives, dynamic roots, the grid's infeed, and a runner that takes
//! the programs elsewhere. Each test runs `@main`, whose programs run in threads.

mod support;

use std::sync::{Arc, Mutex};

use support::*;
use xla_interp::{Interpreter, ProgramGrid, ProgramOutcome, ProgramRunner, Value};

/// The integer elements of each result.
fn all_ints(values: &[Value]) -> Vec<Vec<i128>> {
    values.iter().map(ints).collect()
}

#[test]
fn modes_form_process_groups_across_a_grid_of_two_by_two() {
    // Process (r, p) starts from 1 + 2r + p. A broadcast from partition 1 of each
    // replica (channel 1: partition ids), differences over replica ids taking every
    // partition (channel 1), products over the flattened groups [[0, 3], [1, 2]], and
    // gathers over the replica groups [[1, 0]] of each partition (no channel).
    let text = r#"
func.func @process(%x: tensor<i64>) -> (tensor<ui32>, tensor<ui32>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<2xi64>) {
  %r = hlo.replica_id : tensor<ui32>
  %p = hlo.partition_id : tensor<ui32>
  %across = hlo.collective_broadcast %x, replica_groups = [[1, 0]] {channel_id = 1} : tensor<i64>
  %everyone = hlo.all_reduce(%x) replica_groups = [[1, 0]] {channel_id = 1} : tensor<i64> {
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = hlo.subtract %a, %b : tensor<i64>
    hlo.return %s : tensor<i64>
  }
  %flat = hlo.all_reduce(%x) replica_groups = [[0, 3], [1, 2]] {channel_id = 1, use_global_device_ids} : tensor<i64> {
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = hlo.multiply %a, %b : tensor<i64>
    hlo.return %s : tensor<i64>
  }
  %xs = hlo.reshape %x : (tensor<i64>) -> tensor<1xi64>
  %gathered = hlo.all_gather %xs, all_gather_dimension = 0, replica_groups = [[1, 0]] : (tensor<1xi64>) -> tensor<2xi64>
  func.return %r, %p, %across, %everyone, %flat, %gathered : tensor<ui32>, tensor<ui32>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<2xi64>
}

func.func @main() -> (tensor<ui32>, tensor<ui32>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<2xi64>,
                      tensor<ui32>, tensor<ui32>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<2xi64>,
                      tensor<ui32>, tensor<ui32>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<2xi64>,
                      tensor<ui32>, tensor<ui32>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<2xi64>) {
  %a = hlo.constant dense<1> : tensor<i64>
  %b = hlo.constant dense<2> : tensor<i64>
  %c = hlo.constant dense<3> : tensor<i64>
  %d = hlo.constant dense<4> : tensor<i64>
  %r:24 = "interpreter.run_parallel"(%a, %b, %c, %d) {programs = [[@process, @process], [@process, @process]]}
      : (tensor<i64>, tensor<i64>, tensor<i64>, tensor<i64>)
     -> (tensor<ui32>, tensor<ui32>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<2xi64>,
         tensor<ui32>, tensor<ui32>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<2xi64>,
         tensor<ui32>, tensor<ui32>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<2xi64>,
         tensor<ui32>, tensor<ui32>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<2xi64>)
  func.return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10, %r#11,
              %r#12, %r#13, %r#14, %r#15, %r#16, %r#17, %r#18, %r#19, %r#20, %r#21, %r#22, %r#23
      : tensor<ui32>, tensor<ui32>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<2xi64>,
        tensor<ui32>, tensor<ui32>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<2xi64>,
        tensor<ui32>, tensor<ui32>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<2xi64>,
        tensor<ui32>, tensor<ui32>, tensor<i64>, tensor<i64>, tensor<i64>, tensor<2xi64>
}
"#;
    let results = run(text, Vec::new()).expect("runs");
    // The cross_replica_and_partition group [[1, 0]] is (1,0), (0,0), (1,1), (0,1):
    // ((3 - 1) - 4) - 2 = -4 on every process.
    let per_process: Vec<Vec<Vec<i128>>> = results.chunks(6).map(all_ints).collect();
    assert_eq!(per_process[0], [vec![0], vec![0], vec![2], vec![-4], vec![4], vec![3, 1]]);
    assert_eq!(per_process[1], [vec![0], vec![1], vec![2], vec![-4], vec![6], vec![4, 2]]);
    assert_eq!(per_process[2], [vec![1], vec![0], vec![4], vec![-4], vec![6], vec![3, 1]]);
    assert_eq!(per_process[3], [vec![1], vec![1], vec![4], vec![-4], vec![4], vec![4, 2]]);
}

#[test]
fn variadic_collectives_and_dynamic_roots_take_each_operand_on_its_own() {
    let text = r#"
func.func @program(%x: tensor<2xi64>, %y: tensor<1xi32>, %root: tensor<2xi32>) -> (tensor<4xi64>, tensor<2xi32>, tensor<2xi64>, tensor<1xi32>, tensor<2xi64>, tensor<2xi32>) {
  %g:2 = hlo.all_gather %x, %y, all_gather_dimension = 0, replica_groups = [] : (tensor<2xi64>, tensor<1xi32>) -> (tensor<4xi64>, tensor<2xi32>)
  %b:2 = hlo.collective_broadcast %x, %y, %root, replica_groups = [[0, 1]] {has_dynamic_root} : tensor<2xi64>, tensor<1xi32>, tensor<2xi32>
  %a:2 = hlo.all_to_all %x, %g#1, split_dimension = 0, concat_dimension = 0, split_count = 2, replica_groups = [[0, 1]] : (tensor<2xi64>, tensor<2xi32>) -> (tensor<2xi64>, tensor<2xi32>)
  func.return %g#0, %g#1, %b#0, %b#1, %a#0, %a#1 : tensor<4xi64>, tensor<2xi32>, tensor<2xi64>, tensor<1xi32>, tensor<2xi64>, tensor<2xi32>
}

func.func @main() -> (tensor<4xi64>, tensor<2xi32>, tensor<2xi64>, tensor<1xi32>, tensor<2xi64>, tensor<2xi32>,
                      tensor<4xi64>, tensor<2xi32>, tensor<2xi64>, tensor<1xi32>, tensor<2xi64>, tensor<2xi32>) {
  %x0 = hlo.constant dense<[1, 2]> : tensor<2xi64>
  %y0 = hlo.constant dense<[10]> : tensor<1xi32>
  %x1 = hlo.constant dense<[3, 4]> : tensor<2xi64>
  %y1 = hlo.constant dense<[20]> : tensor<1xi32>
  %root = hlo.constant dense<[1, 0]> : tensor<2xi32>
  %r:12 = "interpreter.run_parallel"(%x0, %y0, %root, %x1, %y1, %root) {programs = [[@program], [@program]]}
      : (tensor<2xi64>, tensor<1xi32>, tensor<2xi32>, tensor<2xi64>, tensor<1xi32>, tensor<2xi32>)
     -> (tensor<4xi64>, tensor<2xi32>, tensor<2xi64>, tensor<1xi32>, tensor<2xi64>, tensor<2xi32>,
         tensor<4xi64>, tensor<2xi32>, tensor<2xi64>, tensor<1xi32>, tensor<2xi64>, tensor<2xi32>)
  func.return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10, %r#11
      : tensor<4xi64>, tensor<2xi32>, tensor<2xi64>, tensor<1xi32>, tensor<2xi64>, tensor<2xi32>,
        tensor<4xi64>, tensor<2xi32>, tensor<2xi64>, tensor<1xi32>, tensor<2xi64>, tensor<2xi32>
}
"#;
    let results = all_ints(&run(text, Vec::new()).expect("runs"));
    // Roots [1, 0]: operand 0 from replica 1, operand 1 from replica 0, on both.
    assert_eq!(results[..6], [vec![1, 2, 3, 4], vec![10, 20], vec![3, 4], vec![10], vec![1, 3], vec![10, 10]]);
    assert_eq!(results[6..], [vec![1, 2, 3, 4], vec![10, 20], vec![3, 4], vec![10], vec![2, 4], vec![20, 20]]);
}

#[test]
fn the_grids_infeed_is_one_queue_the_infeed_functions_fill() {
    let text = r#"
func.func @reader(%t: !hlo.token) -> (tensor<i64>, tensor<i64>) {
  %a:2 = hlo.infeed %t : tensor<i64>
  %b:2 = hlo.infeed %a#1 : tensor<i64>
  func.return %a#0, %b#0 : tensor<i64>, tensor<i64>
}

func.func @first() -> tensor<i64> {
  %0 = hlo.constant dense<5> : tensor<i64>
  func.return %0 : tensor<i64>
}

func.func @second() -> tensor<i64> {
  %0 = hlo.constant dense<7> : tensor<i64>
  func.return %0 : tensor<i64>
}

func.func @main() -> (tensor<i64>, tensor<i64>) {
  %t = hlo.after_all()
  %r:2 = "interpreter.run_parallel"(%t) {infeed = [@first, @second], programs = [[@reader]]} : (!hlo.token) -> (tensor<i64>, tensor<i64>)
  func.return %r#0, %r#1 : tensor<i64>, tensor<i64>
}
"#;
    assert_eq!(all_ints(&run(text, Vec::new()).expect("runs")), [vec![5], vec![7]]);
}

#[test]
fn groups_that_name_no_process_or_miss_one_fail_on_every_process() {
    let program = |groups: &str, channel: &str| {
        format!(
            r#"
func.func @program(%x: tensor<i64>) -> tensor<i64> {{
  %0 = hlo.all_reduce(%x) replica_groups = {groups} {channel} : tensor<i64> {{
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = hlo.add %a, %b : tensor<i64>
    hlo.return %s : tensor<i64>
  }}
  func.return %0 : tensor<i64>
}}

func.func @main() -> (tensor<i64>, tensor<i64>) {{
  %x = hlo.constant dense<1> : tensor<i64>
  %r:2 = "interpreter.run_parallel"(%x, %x) {{programs = [[@program, @program]]}} : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)
  func.return %r#0, %r#1 : tensor<i64>, tensor<i64>
}}
"#
        )
    };
    let error = run(&program("[[0, 2]]", "{channel_id = 1, use_global_device_ids}"), Vec::new()).expect_err("fails");
    assert!(error.contains("@program of process (0, 0) failed: replica_groups name process 2, but there are 2 processes"), "{error}");
    let error = run(&program("[[0]]", "{channel_id = 1, use_global_device_ids}"), Vec::new()).expect_err("fails");
    assert!(error.contains("process 1 is in none of the replica_groups"), "{error}");
    // One replica: its groups of replica ids take both partitions.
    assert_eq!(all_ints(&run(&program("[[0]]", "{channel_id = 1}"), Vec::new()).expect("runs")), [vec![2], vec![2]]);
}

/// A runner that records the grids it was given and answers every process with its own
/// arguments.
#[derive(Default)]
struct Echo(Mutex<Vec<(Vec<Vec<String>>, usize, usize)>>);

impl ProgramRunner for Echo {
    fn run_grid(&self, grid: ProgramGrid) -> Vec<ProgramOutcome> {
        let names = grid.programs.iter().map(|row| row.iter().map(|n| n.to_string()).collect()).collect();
        self.0.lock().expect("unpoisoned").push((names, grid.arguments.len(), grid.infeed.len()));
        grid.arguments.into_iter().map(|args| ProgramOutcome { results: Ok(args), check_failures: Vec::new() }).collect()
    }
}

#[test]
fn a_program_runner_takes_the_grid_instead_of_the_interpreters_threads() {
    let text = r#"
func.func @id(%x: tensor<i64>) -> tensor<i64> {
  func.return %x : tensor<i64>
}

func.func @one() -> tensor<i64> {
  %0 = hlo.constant dense<1> : tensor<i64>
  func.return %0 : tensor<i64>
}

func.func @main() -> (tensor<i64>, tensor<i64>) {
  %a = hlo.constant dense<3> : tensor<i64>
  %b = hlo.constant dense<4> : tensor<i64>
  %r:2 = "interpreter.run_parallel"(%a, %b) {infeed = [@one], programs = [[@id, @id]]} : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)
  func.return %r#0, %r#1 : tensor<i64>, tensor<i64>
}
"#;
    let ctx = context();
    let module = xla_ir::parser::parse_source(&ctx, "test.mlir", text, 1).expect("parses");
    let echo = Arc::new(Echo::default());
    let mut interp = Interpreter::new(&module.body, module.op);
    interp.program_runner = Some(echo.clone());
    let results = interp.call("main", Vec::new()).expect("runs");
    assert_eq!(all_ints(&results), [vec![3], vec![4]]);
    let grids = echo.0.lock().expect("unpoisoned").clone();
    assert_eq!(grids, [(vec![vec!["id".to_string(), "id".to_string()]], 2, 1)]);
}
