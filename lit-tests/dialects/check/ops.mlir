// RUN: xla-opt %s --split-input-file | xla-opt --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt --split-input-file | FileCheck %s

// The check ops in their custom forms (StableHLO's): a pair of operands and one type, or an
// operand and a literal; the options of the approximate checks follow as `, name = value`
// and are printed only when set.

// CHECK-LABEL: func.func @exact
// CHECK-SAME:    (%[[A:[^:]+]]: tensor<2xi32>, %[[B:[^:]+]]: tensor<2xi32>, %[[F:[^:]+]]: tensor<2xf32>)
// CHECK-NEXT:    check.expect_eq %[[A]], %[[B]] : tensor<2xi32>
// CHECK-NEXT:    check.expect_eq_const %[[A]], dense<[1, 2]> : tensor<2xi32>
// CHECK-NEXT:    check.expect_eq_const %[[F]], dense<0x7FC00000> : tensor<2xf32>
// CHECK-NEXT:    check.expect_eq %[[F]], %[[F]] {note = "kept"} : tensor<2xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "check.expect_eq"(%{{.+}}, %{{.+}}) : (tensor<2xi32>, tensor<2xi32>) -> ()
// GENERIC-NEXT:    "check.expect_eq_const"(%{{.+}}) {value = dense<[1, 2]> : tensor<2xi32>} : (tensor<2xi32>) -> ()
func.func @exact(%a: tensor<2xi32>, %b: tensor<2xi32>, %f: tensor<2xf32>) {
  check.expect_eq %a, %b : tensor<2xi32>
  check.expect_eq_const %a, dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const %f, dense<0x7FC00000> : tensor<2xf32>
  check.expect_eq %f, %f {note = "kept"} : tensor<2xf32>
  return
}

// -----

// CHECK-LABEL: func.func @approximate
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2xf32>, %[[Y:[^:]+]]: tensor<2xf32>, %[[Z:[^:]+]]: tensor<complex<f64>>)
// CHECK-NEXT:    check.expect_almost_eq %[[X]], %[[Y]] : tensor<2xf32>
// CHECK-NEXT:    check.expect_almost_eq %[[X]], %[[Y]], tolerance = 0.001 : tensor<2xf32>
// CHECK-NEXT:    check.expect_almost_eq_const %[[X]], dense<[1.0, 2.0]> : tensor<2xf32>
// CHECK-NEXT:    check.expect_almost_eq_const %[[X]], dense<0.5> : tensor<2xf32>, tolerance = 0.5
// CHECK-NEXT:    check.expect_almost_eq %[[Z]], %[[Z]] : tensor<complex<f64>>
// CHECK-NEXT:    check.expect_close %[[X]], %[[Y]] : tensor<2xf32>
// CHECK-NEXT:    check.expect_close %[[X]], %[[Y]], max_ulp_difference = 3 : tensor<2xf32>
// CHECK-NEXT:    check.expect_close %[[X]], %[[Y]], max_ulp_difference = 3, min_ulp_difference = 1 : tensor<2xf32>
// CHECK-NEXT:    check.expect_close %[[X]], %[[Y]], max_ulp_difference = 3 : tensor<2xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "check.expect_almost_eq"(%{{.+}}, %{{.+}}) : (tensor<2xf32>, tensor<2xf32>) -> ()
// GENERIC-NEXT:    "check.expect_almost_eq"(%{{.+}}, %{{.+}}) {tolerance = 0.001} : (tensor<2xf32>, tensor<2xf32>) -> ()
// GENERIC:         "check.expect_close"(%{{.+}}, %{{.+}}) {max_ulp_difference = 3, min_ulp_difference = 1} : (tensor<2xf32>, tensor<2xf32>) -> ()
func.func @approximate(%x: tensor<2xf32>, %y: tensor<2xf32>, %z: tensor<complex<f64>>) {
  check.expect_almost_eq %x, %y : tensor<2xf32>
  check.expect_almost_eq %x, %y, tolerance = 1.0e-3 : tensor<2xf32>
  check.expect_almost_eq_const %x, dense<[1.0, 2.0]> : tensor<2xf32>
  check.expect_almost_eq_const %x, dense<0.5> : tensor<2xf32>, tolerance = 0.5
  check.expect_almost_eq %z, %z : tensor<complex<f64>>
  check.expect_close %x, %y : tensor<2xf32>
  check.expect_close %x, %y, max_ulp_difference = 3 : tensor<2xf32>
  check.expect_close %x, %y, min_ulp_difference = 1, max_ulp_difference = 3 : tensor<2xf32>
  // StableHLO's printer writes both operands' types.
  check.expect_close %x, %y, max_ulp_difference = 3 : tensor<2xf32>, tensor<2xf32>
  return
}
