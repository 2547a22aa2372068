// RUN: xla-opt %s --split-input-file --verify-diagnostics

// interpreter.run_parallel's programs are a grid of flat symbol references: one row per
// replica, one column per partition, every row as long as the first.

func.func @f(%x: tensor<i64>) -> tensor<i64> {
  func.return %x : tensor<i64>
}

func.func @ragged(%x: tensor<i64>) {
  // expected-error @+1 {{'interpreter.run_parallel' op programs[1] names 2 partitions, but programs[0] names 1}}
  %r:3 = "interpreter.run_parallel"(%x, %x, %x) {programs = [[@f], [@f, @f]]} : (tensor<i64>, tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>, tensor<i64>)
  return
}

// -----

func.func @not_symbols(%x: tensor<i64>) {
  // expected-error @+1 {{'interpreter.run_parallel' op programs[0][0] must be a flat symbol reference, found "f"}}
  %r = "interpreter.run_parallel"(%x) {programs = [["f"]]} : (tensor<i64>) -> tensor<i64>
  return
}

// -----

func.func @empty() {
  // expected-error @+1 {{'interpreter.run_parallel' op programs must name at least one replica of at least one partition}}
  "interpreter.run_parallel"() {programs = []} : () -> ()
  return
}

// -----

// A probe gives its operand back: the result has the operand's type.
func.func @probe_changes_type(%x: tensor<2xf32>) {
  // expected-error @+1 {{'interpreter.probe' op the result's type tensor<2xf64> differs from the operand's tensor<2xf32>}}
  %p = "interpreter.probe"(%x) {probe_id = "p"} : (tensor<2xf32>) -> tensor<2xf64>
  return
}
