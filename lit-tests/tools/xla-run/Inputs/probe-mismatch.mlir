// A value compared with a probe's record that differs from it: the check fails.
func.func @main() -> tensor<2xi32> {
  %x = hlo.constant dense<[1, 2]> : tensor<2xi32>
  %y = hlo.constant dense<[1, 3]> : tensor<2xi32>
  %p = interpreter.probe %x, probe_id = "x" : tensor<2xi32>
  check.expect_serialized_eq %y, probe_id = "x" : tensor<2xi32>
  func.return %p : tensor<2xi32>
}
