// RUN: xla-run --interpret %s | FileCheck %s
// RUN: xla-run %s | FileCheck %s
// RUN: not xla-run --interpret %s --entry=fails 2>&1 | FileCheck %s --check-prefix=FAILS
// RUN: not xla-run %s --entry=fails 2>&1 | FileCheck %s --check-prefix=FAILS-NATIVE
// RUN: xla-run --interpret %s --entry=partitions | FileCheck %s --check-prefix=PARTITIONS
// RUN: xla-run %s --entry=partitions | FileCheck %s --check-prefix=PARTITIONS
// RUN: xla-run --interpret %s --entry=send_recv | FileCheck %s --check-prefix=SEND
// RUN: xla-run %s --entry=send_recv | FileCheck %s --check-prefix=SEND
// RUN: not xla-run --interpret %s --entry=unsent 2>&1 | FileCheck %s --check-prefix=UNSENT
// RUN: not xla-run %s --entry=unsent 2>&1 | FileCheck %s --check-prefix=UNSENT
// RUN: xla-run --interpret %s --entry=infeed | FileCheck %s --check-prefix=INFEED
// RUN: xla-run %s --entry=infeed | FileCheck %s --check-prefix=INFEED
// RUN: not xla-run %s --entry=infeed_of_two 2>&1 | FileCheck %s --check-prefix=INFEED-OF-TWO
// RUN: not xla-run %s --replicas 2 2>&1 | FileCheck %s --check-prefix=REPLICAS

// interpreter.run_parallel, StableHLO's harness for collectives: each program runs as one
// process of a grid of replicas (rows) and partitions (columns), in its own thread, and
// their collectives meet across them; the operands go to the programs in row-major order
// and the results come back in that order. Without --interpret the programs are compiled
// code, called on the grid's threads, while the harness around them is interpreted.

// CHECK: @main result 0: s64[4] [6, 8, 10, 12]
// CHECK: @main result 1: s64[4] [6, 8, 10, 12]
func.func @all_reduce(%operand: tensor<4xi64>) -> tensor<4xi64> {
  %sum = hlo.all_reduce(%operand) replica_groups = [[0, 1]] : tensor<4xi64> {
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %0 = hlo.add %a, %b : tensor<i64>
    hlo.return %0 : tensor<i64>
  }
  func.return %sum : tensor<4xi64>
}

func.func @main() -> (tensor<4xi64>, tensor<4xi64>) {
  %x = hlo.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
  %y = hlo.constant dense<[5, 6, 7, 8]> : tensor<4xi64>
  %r:2 = "interpreter.run_parallel"(%x, %y) {programs = [[@all_reduce], [@all_reduce]]} : (tensor<4xi64>, tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>)
  check.expect_eq_const %r#0, dense<[6, 8, 10, 12]> : tensor<4xi64>
  func.return %r#0, %r#1 : tensor<4xi64>, tensor<4xi64>
}

// A check that fails in a program is a failure of the run, naming the program and replica.
// Interpreted, the program goes on and the check fails the run_parallel; compiled code
// stops at the check, so the program fails with the check's message.
// FAILS: error: in @checked of replica 1: check.expect_eq_const failed
// FAILS-NATIVE: error: @checked of replica 1 failed: {{.*}}run-parallel.mlir:[[@LINE+2]]:3: check.expect_eq_const failed: 1 of 1 elements differ (actual != expected); the first at []
func.func @checked(%operand: tensor<i64>) -> tensor<i64> {
  check.expect_eq_const %operand, dense<7> : tensor<i64>
  func.return %operand : tensor<i64>
}

func.func @fails() -> (tensor<i64>, tensor<i64>) {
  %a = hlo.constant dense<7> : tensor<i64>
  %b = hlo.constant dense<8> : tensor<i64>
  %r:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@checked], [@checked]]} : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)
  func.return %r#0, %r#1 : tensor<i64>, tensor<i64>
}

// A grid of 2 replicas x 2 partitions; process (r, p) starts from x = [1, 2], [3, 4],
// [5, 6], [7, 8] in row-major order. Per process: its partition id; a sum over the
// flattened groups [[0, 1], [2, 3]] (the partitions of each replica); a gather over the
// replica groups [[1, 0]] of its partition (no channel: cross_replica); and the x of the
// other partition of its replica (a channel: partition ids).
// PARTITIONS:      @partitions result 0: u32[] 0
// PARTITIONS-NEXT: @partitions result 1: s64[2] [4, 6]
// PARTITIONS-NEXT: @partitions result 2: s64[4] [5, 6, 1, 2]
// PARTITIONS-NEXT: @partitions result 3: s64[2] [3, 4]
// PARTITIONS-NEXT: @partitions result 4: u32[] 1
// PARTITIONS-NEXT: @partitions result 5: s64[2] [4, 6]
// PARTITIONS-NEXT: @partitions result 6: s64[4] [7, 8, 3, 4]
// PARTITIONS-NEXT: @partitions result 7: s64[2] [1, 2]
// PARTITIONS-NEXT: @partitions result 8: u32[] 0
// PARTITIONS-NEXT: @partitions result 9: s64[2] [12, 14]
// PARTITIONS-NEXT: @partitions result 10: s64[4] [5, 6, 1, 2]
// PARTITIONS-NEXT: @partitions result 11: s64[2] [7, 8]
// PARTITIONS-NEXT: @partitions result 12: u32[] 1
// PARTITIONS-NEXT: @partitions result 13: s64[2] [12, 14]
// PARTITIONS-NEXT: @partitions result 14: s64[4] [7, 8, 3, 4]
// PARTITIONS-NEXT: @partitions result 15: s64[2] [5, 6]
func.func @process(%x: tensor<2xi64>) -> (tensor<ui32>, tensor<2xi64>, tensor<4xi64>, tensor<2xi64>) {
  %p = hlo.partition_id : tensor<ui32>
  %sum = hlo.all_reduce(%x) replica_groups = [[0, 1], [2, 3]] {channel_id = 1, use_global_device_ids} : tensor<2xi64> {
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %0 = hlo.add %a, %b : tensor<i64>
    hlo.return %0 : tensor<i64>
  }
  %gathered = hlo.all_gather %x, all_gather_dimension = 0, replica_groups = [[1, 0]] : (tensor<2xi64>) -> tensor<4xi64>
  %swapped = hlo.collective_permute %x, source_target_pairs = [[0, 1], [1, 0]] {channel_id = 2} : tensor<2xi64>
  func.return %p, %sum, %gathered, %swapped : tensor<ui32>, tensor<2xi64>, tensor<4xi64>, tensor<2xi64>
}

func.func @partitions() -> (tensor<ui32>, tensor<2xi64>, tensor<4xi64>, tensor<2xi64>, tensor<ui32>, tensor<2xi64>, tensor<4xi64>, tensor<2xi64>,
                            tensor<ui32>, tensor<2xi64>, tensor<4xi64>, tensor<2xi64>, tensor<ui32>, tensor<2xi64>, tensor<4xi64>, tensor<2xi64>) {
  %a = hlo.constant dense<[1, 2]> : tensor<2xi64>
  %b = hlo.constant dense<[3, 4]> : tensor<2xi64>
  %c = hlo.constant dense<[5, 6]> : tensor<2xi64>
  %d = hlo.constant dense<[7, 8]> : tensor<2xi64>
  %r:16 = "interpreter.run_parallel"(%a, %b, %c, %d) {programs = [[@process, @process], [@process, @process]]}
      : (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>)
     -> (tensor<ui32>, tensor<2xi64>, tensor<4xi64>, tensor<2xi64>, tensor<ui32>, tensor<2xi64>, tensor<4xi64>, tensor<2xi64>,
         tensor<ui32>, tensor<2xi64>, tensor<4xi64>, tensor<2xi64>, tensor<ui32>, tensor<2xi64>, tensor<4xi64>, tensor<2xi64>)
  func.return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8, %r#9, %r#10, %r#11, %r#12, %r#13, %r#14, %r#15
      : tensor<ui32>, tensor<2xi64>, tensor<4xi64>, tensor<2xi64>, tensor<ui32>, tensor<2xi64>, tensor<4xi64>, tensor<2xi64>,
        tensor<ui32>, tensor<2xi64>, tensor<4xi64>, tensor<2xi64>, tensor<ui32>, tensor<2xi64>, tensor<4xi64>, tensor<2xi64>
}

// send and recv meet across replicas: one program sends twice on channel 1, the other
// receives both, in order, waiting for them.
// SEND: @send_recv result 0: s64[2] [5, 6]
// SEND: @send_recv result 1: s64[2] [7, 8]
func.func @sender(%x: tensor<2xi64>, %t: !hlo.token) -> !hlo.token {
  %0 = hlo.send %x, %t, channel_id = 1 : tensor<2xi64>
  %y = hlo.constant dense<[7, 8]> : tensor<2xi64>
  %1 = hlo.send %y, %0, channel_id = 1 : tensor<2xi64>
  func.return %1 : !hlo.token
}

func.func @receiver(%t: !hlo.token) -> (tensor<2xi64>, tensor<2xi64>) {
  %a:2 = hlo.recv %t, channel_id = 1 : tensor<2xi64>
  %b:2 = hlo.recv %a#1, channel_id = 1 : tensor<2xi64>
  func.return %a#0, %b#0 : tensor<2xi64>, tensor<2xi64>
}

func.func @send_recv() -> (tensor<2xi64>, tensor<2xi64>) {
  %x = hlo.constant dense<[5, 6]> : tensor<2xi64>
  %t = hlo.after_all()
  %r:3 = "interpreter.run_parallel"(%x, %t, %t) {programs = [[@sender], [@receiver]]} : (tensor<2xi64>, !hlo.token, !hlo.token) -> (!hlo.token, tensor<2xi64>, tensor<2xi64>)
  func.return %r#1, %r#2 : tensor<2xi64>, tensor<2xi64>
}

// A recv that nothing will ever answer fails once no other process is left to send; it
// never hangs.
// UNSENT: error: @receiver of replica 1 failed: {{.*}}nothing was sent on channel 1, and no other process is left to send
func.func @idle(%t: !hlo.token) -> !hlo.token {
  func.return %t : !hlo.token
}

func.func @unsent() -> (tensor<2xi64>, tensor<2xi64>) {
  %t = hlo.after_all()
  %r:3 = "interpreter.run_parallel"(%t, %t) {programs = [[@idle], [@receiver]]} : (!hlo.token, !hlo.token) -> (!hlo.token, tensor<2xi64>, tensor<2xi64>)
  func.return %r#1, %r#2 : tensor<2xi64>, tensor<2xi64>
}

// The functions `infeed` names give the grid's infeed queue, in order.
// INFEED: @infeed result 0: s64[2] [1, 2]
// INFEED: @infeed result 1: s64[2] [3, 4]
func.func @reader(%t: !hlo.token) -> (tensor<2xi64>, tensor<2xi64>) {
  %a:2 = hlo.infeed %t : tensor<2xi64>
  %b:2 = hlo.infeed %a#1 : tensor<2xi64>
  func.return %a#0, %b#0 : tensor<2xi64>, tensor<2xi64>
}

func.func @queue0() -> tensor<2xi64> {
  %0 = hlo.constant dense<[1, 2]> : tensor<2xi64>
  func.return %0 : tensor<2xi64>
}

func.func @queue1() -> tensor<2xi64> {
  %0 = hlo.constant dense<[3, 4]> : tensor<2xi64>
  func.return %0 : tensor<2xi64>
}

func.func @infeed() -> (tensor<2xi64>, tensor<2xi64>) {
  %t = hlo.after_all()
  %r:2 = "interpreter.run_parallel"(%t) {infeed = [@queue0, @queue1], programs = [[@reader]]} : (!hlo.token) -> (tensor<2xi64>, tensor<2xi64>)
  func.return %r#0, %r#1 : tensor<2xi64>, tensor<2xi64>
}

// Compiled, the runtime keeps an infeed per replica, not one per grid: the infeed of a
// grid of several processes is an error.
// INFEED-OF-TWO: error: @reader of replica 0 failed: compiled run_parallel feeds the infeed of a grid of one process, but this grid has 2
func.func @infeed_of_two() -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) {
  %t = hlo.after_all()
  %r:4 = "interpreter.run_parallel"(%t, %t) {infeed = [@queue0, @queue1], programs = [[@reader], [@reader]]} : (!hlo.token, !hlo.token) -> (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>)
  func.return %r#0, %r#1, %r#2, %r#3 : tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>
}

// The programs name their own grid, so a harness does not run under --replicas.
// REPLICAS: xla-run: --replicas does not go with interpreter.run_parallel, whose programs name their own grid
