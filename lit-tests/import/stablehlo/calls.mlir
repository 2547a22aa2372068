// RUN: xla-opt %s --split-input-file | FileCheck %s

// custom_call in the pretty and generic forms (the api_version number becomes hlo's enum
// name; a dictionary backend_config is kept as its text); the `check.*` targets of JAX's
// test exports become check ops, the options in their backend_config (`max_ulp_difference=3`)
// the check's attributes; a composite becomes a call of its decomposition.

// CHECK-LABEL: func.func @custom_calls
// CHECK-SAME:    (%[[A:.*]]: tensor<2xf32>, %[[B:.*]]: tensor<2xf32>)
// CHECK:         %[[R:.*]] = hlo.custom_call @my_target(%[[A]], %[[B]])
// CHECK-SAME:      {api_version = "API_VERSION_STATUS_RETURNING", backend_config = "cfg", has_side_effect = true}
// CHECK-SAME:      : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK:         check.expect_eq %[[R]], %[[B]] : tensor<2xf32>
// CHECK:         check.expect_almost_eq %[[R]], %[[B]] : tensor<2xf32>
// CHECK:         check.expect_close %[[R]], %[[B]], max_ulp_difference = 3 : tensor<2xf32>
// CHECK:         check.expect_almost_eq %[[R]], %[[B]], tolerance = 0.001 : tensor<2xf32>
// CHECK:         hlo.custom_call @other(%[[A]]) {api_version = "API_VERSION_TYPED_FFI", backend_config = "{x = 1 : i32}"}
// CHECK:         %{{.*}}:2 = hlo.custom_call @two(%[[A]]) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>)
// CHECK:         hlo.custom_call @Sharding(%[[A]]) {mhlo.sharding = "{replicated}"}
// CHECK:         func.return %[[R]]
func.func @custom_calls(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.custom_call @my_target(%a, %b) {api_version = 2 : i32, backend_config = "cfg", has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  stablehlo.custom_call @check.expect_eq(%0, %b) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  stablehlo.custom_call @check.expect_almost_eq(%0, %b) : (tensor<2xf32>, tensor<2xf32>) -> ()
  stablehlo.custom_call @check.expect_close(%0, %b) {backend_config = "max_ulp_difference=3", has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  stablehlo.custom_call @check.expect_almost_eq(%0, %b) {backend_config = "tolerance=0.001"} : (tensor<2xf32>, tensor<2xf32>) -> ()
  %1 = "stablehlo.custom_call"(%a) {call_target_name = "other", backend_config = {x = 1 : i32}, api_version = 4 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  %2:2 = stablehlo.custom_call @two(%a) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>)
  %3 = stablehlo.custom_call @Sharding(%a) {mhlo.sharding = "{replicated}"} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @main
// CHECK-SAME:    (%[[A:.*]]: tensor<4xf32>)
// CHECK:         %[[R:.*]] = func.call @my.op.impl(%[[A]]) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK:         %[[S:.*]] = func.call @my.op.impl(%[[R]]) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK:         func.return %[[S]]
// CHECK-LABEL: func.func private @my.op.impl
// CHECK:         hlo.negate
module {
  func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.composite "my.op" %a {composite_attributes = {alpha = 1.0 : f32}, decomposition = @my.op.impl, version = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
    %1 = "stablehlo.composite"(%0) <{composite_attributes = {}, decomposition = @my.op.impl, name = "my.op"}> : (tensor<4xf32>) -> tensor<4xf32>
    return %1 : tensor<4xf32>
  }
  func.func private @my.op.impl(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.negate %x : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
