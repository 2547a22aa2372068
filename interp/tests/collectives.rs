//! Collectives across replicas: every test runs the same program on 2 or 4 replicas, each in
//! its own thread with its own context, parse and interpreter, meeting at one rendezvous.

mod support;

use std::sync::Arc;

use support::*;
use xla_interp::collectives::{Process, Rendezvous};
use xla_interp::{ElementType, Interpreter, Value};

/// Aborts the rendezvous if its replica's thread unwinds, so that a panicking replica
/// cannot leave the others waiting.
struct AbortOnPanic(Arc<Process>);

impl Drop for AbortOnPanic {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.abort();
        }
    }
}

/// Runs `@main` of `text` on `count` replicas; replica `id` gets the arguments `args(id)`
/// and is set up by `configure(id, interpreter)`. Each replica's results or rendered error,
/// in replica order.
fn run_replicas_with(
    text: &str,
    count: u32,
    args: impl Fn(u32) -> Vec<Value> + Sync,
    configure: impl Fn(u32, &mut Interpreter) + Sync,
) -> Vec<Result<Vec<Value>, String>> {
    let rendezvous = Arc::new(Rendezvous::new(count, 1));
    std::thread::scope(|scope| {
        let threads: Vec<_> = (0..count)
            .map(|id| {
                let (rendezvous, args, configure) = (rendezvous.clone(), &args, &configure);
                scope.spawn(move || {
                    let replica = Arc::new(Process::replica(id, rendezvous));
                    let _guard = AbortOnPanic(replica.clone());
                    let ctx = context();
                    let module = xla_ir::parser::parse_source(&ctx, "test.mlir", text, 1).map_err(|d| d.render(&ctx));
                    let result = module.and_then(|module| {
                        if let Err(errors) = xla_ir::verifier::verify(&module.body, module.op) {
                            return Err(errors.iter().map(|d| d.render(&ctx)).collect());
                        }
                        let mut interp = Interpreter::new(&module.body, module.op);
                        interp.process = replica.clone();
                        configure(id, &mut interp);
                        interp.call("main", args(id)).map_err(|e| e.to_diagnostic(ctx.unknown_loc()).render(&ctx))
                    });
                    if result.is_err() {
                        replica.abort();
                    }
                    result
                })
            })
            .collect();
        threads.into_iter().map(|t| t.join().unwrap_or_else(|_| Err("the replica panicked".into()))).collect()
    })
}

/// [`run_replicas_with`] without setup; every replica must succeed. The first result of
/// each replica.
fn run_replicas(text: &str, count: u32, args: impl Fn(u32) -> Vec<Value> + Sync) -> Vec<Value> {
    run_replicas_with(text, count, args, |_, _| {})
        .into_iter()
        .enumerate()
        .map(|(id, result)| result.unwrap_or_else(|e| panic!("replica {id}: {e}")).remove(0))
        .collect()
}

/// A rank-1 `f32` argument.
fn vector(values: &[f32]) -> Value {
    f32s(&[values.len() as i64], values)
}

#[test]
fn replica_id_is_each_replicas_own() {
    let text = r#"
func.func @main() -> tensor<ui32> {
  %0 = hlo.replica_id : tensor<ui32>
  func.return %0 : tensor<ui32>
}"#;
    for count in [1, 2, 4] {
        let results = run_replicas(text, count, |_| vec![]);
        for (id, value) in results.iter().enumerate() {
            assert_eq!(value.tensor().expect("a tensor").element, ElementType::U32);
            assert_eq!(ints(value), vec![id as i128]);
        }
    }
}

/// An all-reduce of one `tensor<2xf32>` by addition over `groups`.
fn all_reduce_sum(groups: &str) -> String {
    format!(
        r#"
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {{
  %0 = hlo.all_reduce(%x) replica_groups = {groups} : tensor<2xf32> {{
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }}
  func.return %0 : tensor<2xf32>
}}"#
    )
}

#[test]
fn all_reduce_combines_every_replica_or_each_group() {
    let args = |id: u32| vec![vector(&[id as f32, 10.0 * id as f32])];
    for value in run_replicas(&all_reduce_sum("[]"), 2, args) {
        assert_eq!(floats(&value), vec![1.0, 10.0]);
    }
    for value in run_replicas(&all_reduce_sum("[]"), 4, args) {
        assert_eq!(floats(&value), vec![6.0, 60.0]);
    }
    let grouped = run_replicas(&all_reduce_sum("[[0, 2], [1, 3]]"), 4, args);
    let sums: Vec<Vec<f64>> = grouped.iter().map(floats).collect();
    assert_eq!(sums, vec![vec![2.0, 20.0], vec![4.0, 40.0], vec![2.0, 20.0], vec![4.0, 40.0]]);
    let singletons = run_replicas(&all_reduce_sum("[[0], [1]]"), 2, args);
    assert_eq!(singletons.iter().map(floats).collect::<Vec<_>>(), vec![vec![0.0, 0.0], vec![1.0, 10.0]]);
}

#[test]
fn all_reduce_runs_other_computations_on_every_operand() {
    // The computation is a maximum spelled with compare and select, which runs as a region.
    let text = r#"
func.func @main(%x: tensor<2xi32>, %y: tensor<3xi32>) -> (tensor<2xi32>, tensor<3xi32>) {
  %0:2 = hlo.all_reduce(%x, %y) replica_groups = [] : tensor<2xi32>, tensor<3xi32> {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %gt = hlo.compare GT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %m = hlo.select %gt, %a, %b : tensor<i1>, tensor<i32>
    hlo.return %m : tensor<i32>
  }
  func.return %0#0, %0#1 : tensor<2xi32>, tensor<3xi32>
}"#;
    for count in [2, 4] {
        let results = run_replicas_with(
            text,
            count,
            |id| {
                let id = id as i32;
                vec![s32s(&[2], &[id, -id]), s32s(&[3], &[3 - id, 0, id * id])]
            },
            |_, _| {},
        );
        let top = count as i128 - 1;
        for result in results {
            let values = result.expect("runs");
            assert_eq!(ints(&values[0]), vec![top, 0]);
            assert_eq!(ints(&values[1]), vec![3, 0, top * top]);
        }
    }
}

#[test]
fn all_gather_concatenates_in_group_order() {
    let gather = |groups: &str, result: &str, dim: i64| {
        format!(
            r#"
func.func @main(%x: tensor<1x2xf32>) -> {result} {{
  %0 = hlo.all_gather %x, all_gather_dimension = {dim}, replica_groups = {groups} : (tensor<1x2xf32>) -> {result}
  func.return %0 : {result}
}}"#
        )
    };
    let args = |id: u32| vec![f32s(&[1, 2], &[id as f32, id as f32 + 0.5])];
    for value in run_replicas(&gather("[]", "tensor<2x2xf32>", 0), 2, args) {
        assert_eq!(floats(&value), vec![0.0, 0.5, 1.0, 1.5]);
    }
    for value in run_replicas(&gather("[[1, 0]]", "tensor<1x4xf32>", 1), 2, args) {
        assert_eq!(floats(&value), vec![1.0, 1.5, 0.0, 0.5]);
    }
    for value in run_replicas(&gather("[]", "tensor<?x2xf32>", 0), 4, args) {
        assert_eq!(value.tensor().expect("a tensor").shape, vec![4, 2]);
        assert_eq!(floats(&value), vec![0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5]);
    }
    let grouped = run_replicas(&gather("[[0, 2], [3, 1]]", "tensor<2x2xf32>", 0), 4, args);
    let gathered: Vec<Vec<f64>> = grouped.iter().map(floats).collect();
    let (even, odd) = (vec![0.0, 0.5, 2.0, 2.5], vec![3.0, 3.5, 1.0, 1.5]);
    assert_eq!(gathered, vec![even.clone(), odd.clone(), even, odd]);
}

#[test]
fn reduce_scatter_gives_each_position_its_block() {
    let scatter = |groups: &str, result: &str| {
        format!(
            r#"
func.func @main(%x: tensor<4xf32>) -> {result} {{
  %0 = hlo.reduce_scatter %x, scatter_dimension = 0, replica_groups = {groups} : (tensor<4xf32>) -> {result} {{
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }}
  func.return %0 : {result}
}}"#
        )
    };
    let args = |id: u32| {
        let base = 4.0 * id as f32;
        vec![vector(&[base, base + 1.0, base + 2.0, base + 3.0])]
    };
    let two = run_replicas(&scatter("[]", "tensor<2xf32>"), 2, args);
    assert_eq!(two.iter().map(floats).collect::<Vec<_>>(), vec![vec![4.0, 6.0], vec![8.0, 10.0]]);
    let reversed = run_replicas(&scatter("[[1, 0]]", "tensor<2xf32>"), 2, args);
    assert_eq!(reversed.iter().map(floats).collect::<Vec<_>>(), vec![vec![8.0, 10.0], vec![4.0, 6.0]]);
    // Sums over four replicas: [24, 28, 32, 36].
    let four = run_replicas(&scatter("[]", "tensor<?xf32>"), 4, args);
    assert_eq!(four.iter().map(floats).collect::<Vec<_>>(), vec![vec![24.0], vec![28.0], vec![32.0], vec![36.0]]);
    // Groups {0, 1}: [4, 6, 8, 10]; groups {2, 3}: [20, 22, 24, 26].
    let grouped = run_replicas(&scatter("[[0, 1], [2, 3]]", "tensor<2xf32>"), 4, args);
    assert_eq!(
        grouped.iter().map(floats).collect::<Vec<_>>(),
        vec![vec![4.0, 6.0], vec![8.0, 10.0], vec![20.0, 22.0], vec![24.0, 26.0]]
    );
}

#[test]
fn all_to_all_exchanges_blocks() {
    let text = |groups: &str, count: u32| {
        format!(
            r#"
func.func @main(%x: tensor<1x4xi32>) -> tensor<{count}x{block}xi32> {{
  %0 = hlo.all_to_all %x, split_dimension = 1, concat_dimension = 0, split_count = {count}, replica_groups = {groups} : (tensor<1x4xi32>) -> tensor<{count}x{block}xi32>
  func.return %0 : tensor<{count}x{block}xi32>
}}"#,
            block = 4 / count
        )
    };
    let args = |id: u32| {
        let base = 10 * id as i32;
        vec![s32s(&[1, 4], &[base, base + 1, base + 2, base + 3])]
    };
    // Replica j gets block j of every replica, stacked in replica order.
    let two = run_replicas(&text("[]", 2), 2, args);
    assert_eq!(two.iter().map(ints).collect::<Vec<_>>(), vec![vec![0, 1, 10, 11], vec![2, 3, 12, 13]]);
    let four = run_replicas(&text("[[0, 1, 2, 3]]", 4), 4, args);
    assert_eq!(
        four.iter().map(ints).collect::<Vec<_>>(),
        vec![vec![0, 10, 20, 30], vec![1, 11, 21, 31], vec![2, 12, 22, 32], vec![3, 13, 23, 33]]
    );
    let grouped = run_replicas(&text("[[3, 0], [1, 2]]", 2), 4, args);
    assert_eq!(
        grouped.iter().map(ints).collect::<Vec<_>>(),
        vec![vec![32, 33, 2, 3], vec![10, 11, 20, 21], vec![12, 13, 22, 23], vec![30, 31, 0, 1]]
    );
}

#[test]
fn collective_permute_sends_to_targets_and_zeros_the_rest() {
    let text = |pairs: &str| {
        format!(
            r#"
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {{
  %0 = hlo.collective_permute %x, source_target_pairs = {pairs} : tensor<2xf32>
  func.return %0 : tensor<2xf32>
}}"#
        )
    };
    let args = |id: u32| vec![vector(&[id as f32 + 1.0, -(id as f32) - 1.0])];
    let swapped = run_replicas(&text("[[0, 1], [1, 0]]"), 2, args);
    assert_eq!(swapped.iter().map(floats).collect::<Vec<_>>(), vec![vec![2.0, -2.0], vec![1.0, -1.0]]);
    let shifted = run_replicas(&text("[[0, 1], [1, 2], [2, 3]]"), 4, args);
    assert_eq!(
        shifted.iter().map(floats).collect::<Vec<_>>(),
        vec![vec![0.0, 0.0], vec![1.0, -1.0], vec![2.0, -2.0], vec![3.0, -3.0]]
    );
}

#[test]
fn a_replica_outside_every_group_fails_without_blocking_the_others() {
    let results = run_replicas_with(&all_reduce_sum("[[0, 1]]"), 4, |id| vec![vector(&[id as f32, 0.0])], |_, _| {});
    assert_eq!(floats(&results[0].as_ref().expect("replica 0 runs")[0]), vec![1.0, 0.0]);
    assert_eq!(floats(&results[1].as_ref().expect("replica 1 runs")[0]), vec![1.0, 0.0]);
    for (id, result) in results.iter().enumerate().skip(2) {
        let error = result.as_ref().expect_err("outside every group");
        assert!(error.contains(&format!("replica {id} is in none of the replica_groups")), "{error}");
    }
}

#[test]
fn a_failing_replica_releases_the_others() {
    // Replica 1 finds its infeed empty before the all-reduce; replica 0 must not wait for it.
    let text = r#"
func.func @main() -> tensor<2xf32> {
  %t = hlo.after_all()
  %0:2 = hlo.infeed %t : tensor<2xf32>
  %1 = hlo.all_reduce(%0#0) replica_groups = [] : tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  func.return %1 : tensor<2xf32>
}"#;
    let results = run_replicas_with(text, 2, |_| vec![], |id, interp| {
        if id == 0 {
            interp.infeed.push_back(vector(&[1.0, 2.0]));
        }
    });
    let first = results[0].as_ref().expect_err("replica 1 never arrives");
    assert!(first.contains("another process failed before reaching this collective"), "{first}");
    let second = results[1].as_ref().expect_err("the infeed is empty");
    assert!(second.contains("the infeed queue is empty"), "{second}");
}
