// RUN: xla-opt %s --split-input-file | xla-opt --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt --split-input-file | FileCheck %s

// hlo.custom_call names its target as a symbol in the custom form and stores it as the
// string attribute call_target_name; every other attribute is in the dictionary.

// CHECK-LABEL: func.func @calls
// CHECK-SAME:    (%[[A:[^:]+]]: tensor<2xf32>, %[[B:[^:]+]]: tensor<2x3xf32>)
// CHECK-NEXT:    %[[R:.+]] = hlo.custom_call @myfunc(%[[A]], %[[B]]) {backend_config = "opaque"} : (tensor<2xf32>, tensor<2x3xf32>) -> tensor<3x3xf32>
// CHECK-NEXT:    hlo.custom_call @my.effect() {has_side_effect = true} : () -> ()
// CHECK-NEXT:    hlo.custom_call @"a target with spaces"(%[[A]]) : (tensor<2xf32>) -> ()
// CHECK-NEXT:    %[[M:.+]]:2 = hlo.custom_call @split(%[[R]]) {api_version = "API_VERSION_TYPED_FFI"} : (tensor<3x3xf32>) -> (tensor<3xf32>, tensor<3xi32>)
// CHECK-NEXT:    func.return %[[M]]#0 : tensor<3xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.custom_call"(%{{.+}}, %{{.+}}) {backend_config = "opaque", call_target_name = "myfunc"} : (tensor<2xf32>, tensor<2x3xf32>) -> tensor<3x3xf32>
// GENERIC-NEXT:    "hlo.custom_call"() {call_target_name = "my.effect", has_side_effect = true} : () -> ()
// GENERIC-NEXT:    "hlo.custom_call"(%{{.+}}) {call_target_name = "a target with spaces"} : (tensor<2xf32>) -> ()
// GENERIC-NEXT:    "hlo.custom_call"(%{{.+}}) {api_version = "API_VERSION_TYPED_FFI", call_target_name = "split"} : (tensor<3x3xf32>) -> (tensor<3xf32>, tensor<3xi32>)
func.func @calls(%a: tensor<2xf32>, %b: tensor<2x3xf32>) -> tensor<3xf32> {
  %0 = hlo.custom_call @myfunc(%a, %b) {backend_config = "opaque"} : (tensor<2xf32>, tensor<2x3xf32>) -> tensor<3x3xf32>
  hlo.custom_call @"my.effect"() {has_side_effect = true} : () -> ()
  hlo.custom_call @"a target with spaces"(%a) : (tensor<2xf32>) -> ()
  %1:2 = hlo.custom_call @split(%0) {api_version = "API_VERSION_TYPED_FFI"} : (tensor<3x3xf32>) -> (tensor<3xf32>, tensor<3xi32>)
  return %1#0 : tensor<3xf32>
}

// -----

// Layouts (one minor-to-major permutation per value, [] for a non-tensor), called
// computations and output-operand aliases.
// CHECK-LABEL: func.func @everything
// CHECK-NEXT:    hlo.custom_call @target(%{{.+}}, %{{.+}}) {api_version = "API_VERSION_STATUS_RETURNING", called_computations = [@helper], operand_layouts = [array<i64: 0, 1>, array<i64>], output_operand_aliases = [{operand_index = 1, operand_tuple_indices = array<i64: 0>, output_tuple_indices = array<i64: 1>}], result_layouts = [array<i64: 1, 0>, array<i64: 0>]} : (tensor<2x3xf32>, tuple<tensor<4xi32>>) -> (tensor<2x3xf32>, tensor<4xi32>)
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.custom_call"(%{{.+}}, %{{.+}}) {api_version = "API_VERSION_STATUS_RETURNING", call_target_name = "target", called_computations = [@helper], {{.*}}} : (tensor<2x3xf32>, tuple<tensor<4xi32>>) -> (tensor<2x3xf32>, tensor<4xi32>)
func.func @everything(%x: tensor<2x3xf32>, %t: tuple<tensor<4xi32>>) {
  %0:2 = hlo.custom_call @target(%x, %t) {
    api_version = "API_VERSION_STATUS_RETURNING",
    called_computations = [@helper],
    operand_layouts = [array<i64: 0, 1>, array<i64>],
    result_layouts = [array<i64: 1, 0>, array<i64: 0>],
    output_operand_aliases = [{output_tuple_indices = array<i64: 1>, operand_index = 1, operand_tuple_indices = array<i64: 0>}]
  } : (tensor<2x3xf32>, tuple<tensor<4xi32>>) -> (tensor<2x3xf32>, tensor<4xi32>)
  return
}
func.func private @helper(tensor<f32>) -> tensor<f32>

// -----

// With a single result, output_tuple_indices index into it (empty: the result itself).
// CHECK-LABEL: func.func @in_place
// CHECK:         hlo.custom_call @update(%{{.+}}) {output_operand_aliases = [{operand_index = 0, operand_tuple_indices = array<i64>, output_tuple_indices = array<i64>}]} : (tensor<8xf32>) -> tensor<8xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.custom_call"(%{{.+}}) {call_target_name = "update", output_operand_aliases = [{{.*}}]} : (tensor<8xf32>) -> tensor<8xf32>
func.func @in_place(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = hlo.custom_call @update(%x) {output_operand_aliases = [{output_tuple_indices = array<i64>, operand_index = 0, operand_tuple_indices = array<i64>}]} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
