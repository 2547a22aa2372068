// RUN: xla-opt %s --split-input-file | xla-opt --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt --split-input-file | FileCheck %s

// Collectives across replicas. Replica groups and source-target pairs print as nested
// lists in the custom form and as arrays of array<i64> in the generic form.

// hlo.all_gather multiplies the gathered dimension by the group size; with no replica
// groups (one group of every replica) that size is not known, and any result size fits.
// CHECK-LABEL: func.func @all_gather
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2x3xf32>)
// CHECK-NEXT:    %{{.+}} = hlo.all_gather %[[X]], all_gather_dimension = 1, replica_groups = {{\[\[}}0, 2], [1, 3]] : (tensor<2x3xf32>) -> tensor<2x6xf32>
// CHECK-NEXT:    %{{.+}} = hlo.all_gather %[[X]], all_gather_dimension = 0, replica_groups = [] {channel_id = 4, use_global_device_ids} : (tensor<2x3xf32>) -> tensor<16x3xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.all_gather"(%{{.+}}) {all_gather_dimension = 1, replica_groups = [array<i64: 0, 2>, array<i64: 1, 3>]} : (tensor<2x3xf32>) -> tensor<2x6xf32>
// GENERIC-NEXT:    "hlo.all_gather"(%{{.+}}) {all_gather_dimension = 0, channel_id = 4, replica_groups = [], use_global_device_ids} : (tensor<2x3xf32>) -> tensor<16x3xf32>
func.func @all_gather(%x: tensor<2x3xf32>) -> (tensor<2x6xf32>, tensor<16x3xf32>) {
  %0 = hlo.all_gather %x, all_gather_dimension = 1, replica_groups = [[0, 2], [1, 3]] : (tensor<2x3xf32>) -> tensor<2x6xf32>
  %1 = hlo.all_gather %x, all_gather_dimension = 0, replica_groups = [] {channel_id = 4, use_global_device_ids} : (tensor<2x3xf32>) -> tensor<16x3xf32>
  return %0, %1 : tensor<2x6xf32>, tensor<16x3xf32>
}

// -----

// Unknown and bounded dimensions scale too.
// CHECK-LABEL: func.func @all_gather_dynamic
// CHECK:         hlo.all_gather %{{.+}}, all_gather_dimension = 0, replica_groups = {{\[\[}}0, 1]] : (tensor<<=4x?xf32>) -> tensor<<=8x?xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.all_gather"(%{{.+}}) {all_gather_dimension = 0, replica_groups = [array<i64: 0, 1>]} : (tensor<<=4x?xf32>) -> tensor<<=8x?xf32>
func.func @all_gather_dynamic(%x: tensor<<=4x?xf32>) -> tensor<<=8x?xf32> {
  %0 = hlo.all_gather %x, all_gather_dimension = 0, replica_groups = [[0, 1]] : (tensor<<=4x?xf32>) -> tensor<<=8x?xf32>
  return %0 : tensor<<=8x?xf32>
}

// -----

// hlo.all_reduce applies its computation to every operand; results have the operand types.
// CHECK-LABEL: func.func @all_reduce
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<4xf32>, %[[Y:[^:]+]]: tensor<2x2xf32>)
// CHECK-NEXT:    %[[R:.+]]:2 = hlo.all_reduce(%[[X]], %[[Y]]) replica_groups = {{\[\[}}0, 1]] {channel_id = 1} : tensor<4xf32>, tensor<2x2xf32> {
// CHECK-NEXT:    ^bb0(%[[A:[^:]+]]: tensor<f32>, %[[B:[^:]+]]: tensor<f32>):
// CHECK-NEXT:      %[[S:.+]] = hlo.add %[[A]], %[[B]] : tensor<f32>
// CHECK-NEXT:      hlo.return %[[S]] : tensor<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[R]]#0, %[[R]]#1 : tensor<4xf32>, tensor<2x2xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         %{{.+}}:2 = "hlo.all_reduce"(%{{.+}}, %{{.+}}) ({
// GENERIC-NEXT:    ^bb0(%{{.+}}: tensor<f32>, %{{.+}}: tensor<f32>):
// GENERIC:         }) {channel_id = 1, replica_groups = [array<i64: 0, 1>]} : (tensor<4xf32>, tensor<2x2xf32>) -> (tensor<4xf32>, tensor<2x2xf32>)
func.func @all_reduce(%x: tensor<4xf32>, %y: tensor<2x2xf32>) -> (tensor<4xf32>, tensor<2x2xf32>) {
  %0:2 = hlo.all_reduce(%x, %y) replica_groups = [[0, 1]] {channel_id = 1} : tensor<4xf32>, tensor<2x2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0#0, %0#1 : tensor<4xf32>, tensor<2x2xf32>
}

// -----

// hlo.all_to_all divides the split dimension and multiplies the concat dimension by
// split_count; XLA's example: f32[4,16] split along 1 into 4, concatenated along 0.
// CHECK-LABEL: func.func @all_to_all
// CHECK:         hlo.all_to_all %{{.+}}, split_dimension = 1, concat_dimension = 0, split_count = 4, replica_groups = {{\[\[}}0, 1, 2, 3]] : (tensor<4x16xf32>) -> tensor<16x4xf32>
// CHECK:         hlo.all_to_all %{{.+}}, split_dimension = 0, concat_dimension = 0, split_count = 2, replica_groups = [] {channel_id = 2} : (tensor<4x16xf32>) -> tensor<4x16xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.all_to_all"(%{{.+}}) {concat_dimension = 0, replica_groups = [array<i64: 0, 1, 2, 3>], split_count = 4, split_dimension = 1} : (tensor<4x16xf32>) -> tensor<16x4xf32>
func.func @all_to_all(%x: tensor<4x16xf32>) -> (tensor<16x4xf32>, tensor<4x16xf32>) {
  %0 = hlo.all_to_all %x, split_dimension = 1, concat_dimension = 0, split_count = 4, replica_groups = [[0, 1, 2, 3]] : (tensor<4x16xf32>) -> tensor<16x4xf32>
  %1 = hlo.all_to_all %x, split_dimension = 0, concat_dimension = 0, split_count = 2, replica_groups = [] {channel_id = 2} : (tensor<4x16xf32>) -> tensor<4x16xf32>
  return %0, %1 : tensor<16x4xf32>, tensor<4x16xf32>
}

// -----

// hlo.collective_broadcast keeps the operand type; its result type is inferred.
// CHECK-LABEL: func.func @collective_broadcast
// CHECK-NEXT:    %[[R:.+]] = hlo.collective_broadcast %{{.+}}, replica_groups = {{\[\[}}2, 1], [0, 3]] : tensor<4xi32>
// CHECK-NEXT:    %{{.+}} = hlo.collective_broadcast %[[R]], replica_groups = [] {channel_id = 3} : tensor<4xi32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.collective_broadcast"(%{{.+}}) {replica_groups = [array<i64: 2, 1>, array<i64: 0, 3>]} : (tensor<4xi32>) -> tensor<4xi32>
func.func @collective_broadcast(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = hlo.collective_broadcast %x, replica_groups = [[2, 1], [0, 3]] : tensor<4xi32>
  %1 = hlo.collective_broadcast %0, replica_groups = [] {channel_id = 3} : tensor<4xi32>
  return %1 : tensor<4xi32>
}

// -----

// hlo.collective_permute keeps the operand type; its result type is inferred.
// CHECK-LABEL: func.func @collective_permute
// CHECK-NEXT:    %[[R:.+]] = hlo.collective_permute %{{.+}}, source_target_pairs = {{\[\[}}0, 1], [1, 2], [2, 0]] : tensor<4xi32>
// CHECK-NEXT:    %{{.+}} = hlo.collective_permute %[[R]], source_target_pairs = [] {channel_id = 3} : tensor<4xi32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.collective_permute"(%{{.+}}) {source_target_pairs = [array<i64: 0, 1>, array<i64: 1, 2>, array<i64: 2, 0>]} : (tensor<4xi32>) -> tensor<4xi32>
func.func @collective_permute(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = hlo.collective_permute %x, source_target_pairs = [[0, 1], [1, 2], [2, 0]] : tensor<4xi32>
  %1 = hlo.collective_permute %0, source_target_pairs = [] {channel_id = 3} : tensor<4xi32>
  return %1 : tensor<4xi32>
}

// -----

// hlo.reduce_scatter divides the scatter dimension by the group size; with no replica
// groups the inferred size is unknown, so any size fits.
// CHECK-LABEL: func.func @reduce_scatter
// CHECK:         hlo.reduce_scatter %{{.+}}, scatter_dimension = 1, replica_groups = {{\[\[}}0, 1], [2, 3]] : (tensor<2x8xf32>) -> tensor<2x4xf32> {
// CHECK-NEXT:    ^bb0(%{{.+}}: tensor<f32>, %{{.+}}: tensor<f32>):
// CHECK:         hlo.reduce_scatter %{{.+}}, scatter_dimension = 0, replica_groups = [] {channel_id = 1, use_global_device_ids} : (tensor<2x8xf32>) -> tensor<1x8xf32> {
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.reduce_scatter"(%{{.+}}) ({
// GENERIC:         }) {replica_groups = [array<i64: 0, 1>, array<i64: 2, 3>], scatter_dimension = 1} : (tensor<2x8xf32>) -> tensor<2x4xf32>
func.func @reduce_scatter(%x: tensor<2x8xf32>) -> (tensor<2x4xf32>, tensor<1x8xf32>) {
  %0 = hlo.reduce_scatter %x, scatter_dimension = 1, replica_groups = [[0, 1], [2, 3]] : (tensor<2x8xf32>) -> tensor<2x4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.maximum %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %1 = hlo.reduce_scatter %x, scatter_dimension = 0, replica_groups = [] {channel_id = 1, use_global_device_ids} : (tensor<2x8xf32>) -> tensor<1x8xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0, %1 : tensor<2x4xf32>, tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @replica_id
// CHECK-NEXT:    %[[ID:.+]] = hlo.replica_id : tensor<ui32>
// CHECK-NEXT:    func.return %[[ID]] : tensor<ui32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.replica_id"() : () -> tensor<ui32>
func.func @replica_id() -> tensor<ui32> {
  %0 = hlo.replica_id : tensor<ui32>
  return %0 : tensor<ui32>
}

// -----

// Variadic gathers and all-to-alls type each operand on its own; a positive channel makes
// an all-gather's groups take every partition, so its result is some multiple of the
// operand times the group size (16 = 2 x 2 x 4 partitions).
// CHECK-LABEL: func.func @variadic_collectives
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2x4xi64>, %[[Y:[^:]+]]: tensor<3x4xi32>)
// CHECK-NEXT:    %{{.+}}:2 = hlo.all_gather %[[X]], %[[Y]], all_gather_dimension = 1, replica_groups = {{\[\[}}0, 1]] : (tensor<2x4xi64>, tensor<3x4xi32>) -> (tensor<2x8xi64>, tensor<3x8xi32>)
// CHECK-NEXT:    %{{.+}}:2 = hlo.all_to_all %[[X]], %[[Y]], split_dimension = 1, concat_dimension = 0, split_count = 2, replica_groups = {{\[\[}}0, 1]] : (tensor<2x4xi64>, tensor<3x4xi32>) -> (tensor<4x2xi64>, tensor<6x2xi32>)
// CHECK-NEXT:    %{{.+}} = hlo.all_gather %[[X]], all_gather_dimension = 0, replica_groups = {{\[\[}}0, 1]] {channel_id = 1} : (tensor<2x4xi64>) -> tensor<16x4xi64>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.all_gather"(%{{.+}}, %{{.+}}) {all_gather_dimension = 1, replica_groups = [array<i64: 0, 1>]} : (tensor<2x4xi64>, tensor<3x4xi32>) -> (tensor<2x8xi64>, tensor<3x8xi32>)
func.func @variadic_collectives(%x: tensor<2x4xi64>, %y: tensor<3x4xi32>) -> (tensor<2x8xi64>, tensor<6x2xi32>, tensor<16x4xi64>) {
  %0:2 = hlo.all_gather %x, %y, all_gather_dimension = 1, replica_groups = [[0, 1]] : (tensor<2x4xi64>, tensor<3x4xi32>) -> (tensor<2x8xi64>, tensor<3x8xi32>)
  %1:2 = hlo.all_to_all %x, %y, split_dimension = 1, concat_dimension = 0, split_count = 2, replica_groups = [[0, 1]] : (tensor<2x4xi64>, tensor<3x4xi32>) -> (tensor<4x2xi64>, tensor<6x2xi32>)
  %2 = hlo.all_gather %x, all_gather_dimension = 0, replica_groups = [[0, 1]] {channel_id = 1} : (tensor<2x4xi64>) -> tensor<16x4xi64>
  return %0#0, %1#1, %2 : tensor<2x8xi64>, tensor<6x2xi32>, tensor<16x4xi64>
}

// -----

// A broadcast of several operands, from roots the last operand gives under
// has_dynamic_root; an all-reduce over groups of different sizes.
// CHECK-LABEL: func.func @rooted_broadcast_and_ragged_groups
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<1x2xi64>, %[[Y:[^:]+]]: tensor<3xf32>, %[[ROOT:[^:]+]]: tensor<2xi32>)
// CHECK-NEXT:    %{{.+}}:2 = hlo.collective_broadcast %[[X]], %[[Y]], %[[ROOT]], replica_groups = {{\[\[}}0, 1]] {has_dynamic_root} : tensor<1x2xi64>, tensor<3xf32>, tensor<2xi32>
// CHECK-NEXT:    %{{.+}} = hlo.all_reduce(%[[Y]]) replica_groups = {{\[\[}}0, 1], [2]] : tensor<3xf32> {
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.collective_broadcast"(%{{.+}}, %{{.+}}, %{{.+}}) {has_dynamic_root, replica_groups = [array<i64: 0, 1>]} : (tensor<1x2xi64>, tensor<3xf32>, tensor<2xi32>) -> (tensor<1x2xi64>, tensor<3xf32>)
func.func @rooted_broadcast_and_ragged_groups(%x: tensor<1x2xi64>, %y: tensor<3xf32>, %root: tensor<2xi32>) -> (tensor<1x2xi64>, tensor<3xf32>) {
  %0:2 = hlo.collective_broadcast %x, %y, %root, replica_groups = [[0, 1]] {has_dynamic_root} : tensor<1x2xi64>, tensor<3xf32>, tensor<2xi32>
  %1 = hlo.all_reduce(%y) replica_groups = [[0, 1], [2]] : tensor<3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0#0, %1 : tensor<1x2xi64>, tensor<3xf32>
}

// -----

// The ids of the process a program runs as.
// CHECK-LABEL: func.func @process_ids
// CHECK-NEXT:    %{{.+}} = hlo.replica_id : tensor<ui32>
// CHECK-NEXT:    %{{.+}} = hlo.partition_id : tensor<ui32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.partition_id"() : () -> tensor<ui32>
func.func @process_ids() -> (tensor<ui32>, tensor<ui32>) {
  %0 = hlo.replica_id : tensor<ui32>
  %1 = hlo.partition_id : tensor<ui32>
  return %0, %1 : tensor<ui32>, tensor<ui32>
}
