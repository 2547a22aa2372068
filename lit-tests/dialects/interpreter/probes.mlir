// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt --split-input-file | FileCheck %s

// interpreter.probe, interpreter.print and check.expect_serialized_eq print in StableHLO's
// custom forms and read back: the probe id as a string, `iter` only when set.

// CHECK-LABEL: func.func @probe
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2xf32>)
// CHECK-NEXT:    %[[P:.+]] = interpreter.probe %[[X]], probe_id = "probe/0" : tensor<2xf32>
// CHECK-NEXT:    interpreter.print %[[P]] : tensor<2xf32>
// CHECK-NEXT:    check.expect_serialized_eq %[[P]], probe_id = "probe/0" : tensor<2xf32>
// CHECK-NEXT:    check.expect_serialized_eq %[[X]], probe_id = "probe/0", iter = 3 : tensor<2xf32>
func.func @probe(%x: tensor<2xf32>) {
  %p = interpreter.probe %x, probe_id = "probe/0" : tensor<2xf32>
  interpreter.print %p : tensor<2xf32>
  check.expect_serialized_eq %p, probe_id = "probe/0" : tensor<2xf32>
  check.expect_serialized_eq %x, probe_id = "probe/0", iter = 3 : tensor<2xf32>
  func.return
}
