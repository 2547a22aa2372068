// RUN: xla-run --interpret %s | FileCheck %s
// RUN: not xla-run --interpret %s --entry=fails 2>&1 | FileCheck %s --check-prefix=FAILS
// RUN: not xla-run --interpret %s --entry=partitions 2>&1 | FileCheck %s --check-prefix=PARTITIONS

// interpreter.run_parallel, StableHLO's harness for collectives: each program runs as one
// replica, in its own thread, and their all_reduce meets across them; the operands go to
// the programs in order and the results come back in order.

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
// FAILS: error: in @checked of replica 1: check.expect_eq_const failed
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

// A grid of several partitions is an error (the interpreter runs replicas only, yet).
// PARTITIONS: error: interpreter.run_parallel of 2 partitions: the interpreter runs replicas, not partitions, yet
func.func @partitions() -> (tensor<i64>, tensor<i64>) {
  %a = hlo.constant dense<7> : tensor<i64>
  %r:2 = "interpreter.run_parallel"(%a, %a) {programs = [[@checked, @checked]]} : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)
  func.return %r#0, %r#1 : tensor<i64>, tensor<i64>
}
