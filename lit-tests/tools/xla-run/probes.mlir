// RUN: xla-run --interpret --split-input-file %s | FileCheck %s
// RUN: xla-run --split-input-file %s | FileCheck %s
// RUN: not xla-run --interpret %S/Inputs/probe-mismatch.mlir 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: not xla-run %S/Inputs/probe-mismatch.mlir 2>&1 | FileCheck %s --check-prefix=MISMATCH

// interpreter.probe records its operand on every execution; check.expect_serialized_eq
// compares a value with the record of a given iteration, bit for bit. Interpreted and
// compiled alike.

// CHECK-LABEL: @probe_in_a_loop result 0: s64[] 2
func.func @probe_in_a_loop() -> tensor<i64> {
  %zero = hlo.constant dense<0> : tensor<i64>
  %one = hlo.constant dense<1> : tensor<i64>
  %two = hlo.constant dense<2> : tensor<i64>
  %r:2 = hlo.while(%zero, %zero) : tensor<i64>, tensor<i64> cond {
  ^bb0(%i: tensor<i64>, %sum: tensor<i64>):
    %lt = hlo.compare LT, %i, %two : (tensor<i64>, tensor<i64>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  } do {
  ^bb0(%i: tensor<i64>, %sum: tensor<i64>):
    %next_sum = hlo.add %sum, %one : tensor<i64>
    %probed = interpreter.probe %next_sum, probe_id = "sum" : tensor<i64>
    %next_i = hlo.add %i, %one : tensor<i64>
    hlo.return %next_i, %probed : tensor<i64>, tensor<i64>
  }
  check.expect_serialized_eq %one, probe_id = "sum", iter = 0 : tensor<i64>
  check.expect_serialized_eq %two, probe_id = "sum", iter = 1 : tensor<i64>
  func.return %r#1 : tensor<i64>
}

// -----

// Floats compare by their bits: the probe of -0.0 is not 0.0's, and a NaN is its own.
// CHECK-LABEL: @probe_floats result 0: f32[3]
func.func @probe_floats() -> tensor<3xf32> {
  %x = hlo.constant dense<[-0.0, 0x7FC00000, 1.5]> : tensor<3xf32>
  %p = interpreter.probe %x, probe_id = "floats" : tensor<3xf32>
  check.expect_serialized_eq %x, probe_id = "floats" : tensor<3xf32>
  func.return %p : tensor<3xf32>
}

// MISMATCH: probe-mismatch.mlir:{{[0-9]+}}:{{[0-9]+}}: error: check.expect_serialized_eq failed
