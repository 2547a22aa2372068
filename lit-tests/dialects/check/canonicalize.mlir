// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize))' | FileCheck %s
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize{disable-patterns=custom-call-to-check}))' | FileCheck %s --check-prefix=DISABLED

// The pattern custom-call-to-check (dialects/src/check/custom_call_spelling.rs):
// hlo.custom_call @check.expect_eq(%a, %b) == check.expect_eq %a, %b, and likewise for
// @check.expect_almost_eq and @check.expect_close, whose options come from backend_config
// (`name=value,...`). Calls it cannot turn into a valid check are left alone.

// CHECK-LABEL: func.func @spelled_as_calls
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2xf32>, %[[Y:[^:]+]]: tensor<2xf32>)
// CHECK-NEXT:    check.expect_eq %[[X]], %[[Y]] : tensor<2xf32>
// CHECK-NEXT:    check.expect_almost_eq %[[X]], %[[Y]] : tensor<2xf32>
// CHECK-NEXT:    check.expect_almost_eq %[[X]], %[[Y]], tolerance = 0.01 : tensor<2xf32>
// CHECK-NEXT:    check.expect_close %[[X]], %[[Y]] : tensor<2xf32>
// CHECK-NEXT:    check.expect_close %[[X]], %[[Y]], max_ulp_difference = 4, min_ulp_difference = 1 : tensor<2xf32>
// CHECK-NEXT:    func.return
// DISABLED-LABEL: func.func @spelled_as_calls
// DISABLED-COUNT-5: hlo.custom_call @check.
// DISABLED-NOT:   {{^ *}}check.expect
func.func @spelled_as_calls(%x: tensor<2xf32>, %y: tensor<2xf32>) {
  hlo.custom_call @check.expect_eq(%x, %y) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  hlo.custom_call @check.expect_almost_eq(%x, %y) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  hlo.custom_call @check.expect_almost_eq(%x, %y) {backend_config = "tolerance=0.01"} : (tensor<2xf32>, tensor<2xf32>) -> ()
  hlo.custom_call @check.expect_close(%x, %y) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  hlo.custom_call @check.expect_close(%x, %y) {backend_config = "max_ulp_difference=4,min_ulp_difference=1"} : (tensor<2xf32>, tensor<2xf32>) -> ()
  return
}

// -----

// Left alone: a call with a result, operands of different types, an approximate check of
// integers, an unknown option, a negative tolerance, attributes a check would drop, and a
// target that is not a check.
// CHECK-LABEL: func.func @not_checks
// CHECK-COUNT-7: hlo.custom_call
// CHECK-NOT:     {{^ *}}check.expect
func.func @not_checks(%x: tensor<2xf32>, %n: tensor<2xi32>) -> tensor<i1> {
  %0 = hlo.custom_call @check.expect_eq(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<i1>
  hlo.custom_call @check.expect_eq(%x, %n) : (tensor<2xf32>, tensor<2xi32>) -> ()
  hlo.custom_call @check.expect_almost_eq(%n, %n) : (tensor<2xi32>, tensor<2xi32>) -> ()
  hlo.custom_call @check.expect_eq(%x, %x) {backend_config = "tolerance=1"} : (tensor<2xf32>, tensor<2xf32>) -> ()
  hlo.custom_call @check.expect_almost_eq(%x, %x) {backend_config = "tolerance=-1"} : (tensor<2xf32>, tensor<2xf32>) -> ()
  hlo.custom_call @check.expect_eq(%x, %x) {operand_layouts = [array<i64: 0>, array<i64: 0>], result_layouts = []} : (tensor<2xf32>, tensor<2xf32>) -> ()
  hlo.custom_call @my.check(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> ()
  return %0 : tensor<i1>
}
