// RUN: xla-run --interpret %s | FileCheck %s
// RUN: not xla-run --interpret %s --entry=fails 2>&1 | FileCheck %s --check-prefix=FAILS
// RUN: not xla-run --interpret %s --entry=partitions 2>&1 | FileCheck %s --check-prefix=PARTITIONS
// RUN: xla-run --interpret %s --entry=send_recv | FileCheck %s --check-prefix=SEND
// RUN: not xla-run --interpret %s --entry=unsent 2>&1 | FileCheck %s --check-prefix=UNSENT

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

// A recv that nothing will ever answer fails once no other replica is left to send; it
// never hangs.
// UNSENT: error: @receiver of replica 1 failed: nothing was sent on channel 1, and no other replica is left to send
func.func @idle(%t: !hlo.token) -> !hlo.token {
  func.return %t : !hlo.token
}

func.func @unsent() -> (tensor<2xi64>, tensor<2xi64>) {
  %t = hlo.after_all()
  %r:3 = "interpreter.run_parallel"(%t, %t) {programs = [[@idle], [@receiver]]} : (!hlo.token, !hlo.token) -> (!hlo.token, tensor<2xi64>, tensor<2xi64>)
  func.return %r#1, %r#2 : tensor<2xi64>, tensor<2xi64>
}
