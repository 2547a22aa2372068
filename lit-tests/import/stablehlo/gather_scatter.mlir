// RUN: xla-opt %s --split-input-file | FileCheck %s

// gather and scatter exist only in the generic form; their `#stablehlo.gather<...>` and
// `#stablehlo.scatter<...>` dimension numbers (fields left out are empty) become hlo's
// flat attributes.

// CHECK-LABEL: func.func @embedding_lookup_and_update
// CHECK-SAME:    (%[[X:.*]]: tensor<100x64xf32>, %[[I:.*]]: tensor<8x1xi32>, %[[U:.*]]: tensor<8x64xf32>)
// CHECK:         hlo.gather %[[X]][%[[I]]], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 64]
// CHECK-SAME:      {indices_are_sorted = false} : (tensor<100x64xf32>, tensor<8x1xi32>) -> tensor<8x64xf32>
// CHECK:         %[[S:.*]] = hlo.scatter(%[[X]])[%[[I]]] updates(%[[U]]), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1
// CHECK-SAME:      {indices_are_sorted = false, unique_indices = false}
// CHECK-NEXT:    ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// CHECK-NEXT:      %[[SUM:.*]] = hlo.add %[[A]], %[[B]] : tensor<f32>
// CHECK-NEXT:      hlo.return %[[SUM]]
// CHECK:         func.return %[[S]]
func.func @embedding_lookup_and_update(%x: tensor<100x64xf32>, %i: tensor<8x1xi32>, %u: tensor<8x64xf32>) -> tensor<100x64xf32> {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<100x64xf32>, tensor<8x1xi32>) -> tensor<8x64xf32>
  %1 = "stablehlo.scatter"(%x, %i, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %2 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<100x64xf32>, tensor<8x1xi32>, tensor<8x64xf32>) -> tensor<100x64xf32>
  return %1 : tensor<100x64xf32>
}

// -----

// Batching dimensions (what `vmap` of an indexing op exports).

// CHECK-LABEL: func.func @batched_gather_and_scatter
// CHECK-SAME:    (%[[X:.*]]: tensor<8x16xf32>, %[[I:.*]]: tensor<8x5x1xi32>, %[[U:.*]]: tensor<8x5xf32>)
// CHECK:         hlo.gather %[[X]][%[[I]]], offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0],
// CHECK-SAME:      start_index_map = [1], index_vector_dim = 2, slice_sizes = [1, 1]
// CHECK:         hlo.scatter(%[[X]])[%[[I]]] updates(%[[U]]), update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0],
// CHECK-SAME:      scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2 {indices_are_sorted = true, unique_indices = true}
// CHECK-NEXT:    ^bb0(%{{.*}}: tensor<f32>, %[[NEW:.*]]: tensor<f32>):
// CHECK-NEXT:      hlo.return %[[NEW]] : tensor<f32>
func.func @batched_gather_and_scatter(%x: tensor<8x16xf32>, %i: tensor<8x5x1xi32>, %u: tensor<8x5xf32>) -> tensor<8x16xf32> {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<8x16xf32>, tensor<8x5x1xi32>) -> tensor<8x5xf32>
  %1 = "stablehlo.scatter"(%x, %i, %u) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<8x16xf32>, tensor<8x5x1xi32>, tensor<8x5xf32>) -> tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// StableHLO prints no `index_vector_dim` when it is 0, its default (JAX's exports of a
// scalar index leave it out): the reader takes 0.

// CHECK-LABEL: func.func @index_vector_dim_defaults_to_zero
// CHECK:         hlo.gather %{{.*}}[%{{.*}}], offset_dims = [0, 1], collapsed_slice_dims = [2], start_index_map = [2], index_vector_dim = 0, slice_sizes = [10, 10, 1]
// CHECK:         hlo.scatter(%{{.*}})[%{{.*}}] updates(%{{.*}}), update_window_dims = [0], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 0
func.func @index_vector_dim_defaults_to_zero(%x: tensor<10x10x10xf32>, %i: tensor<1xi64>, %v: tensor<1x1xf32>, %j: tensor<1xi64>, %u: tensor<1xf32>) -> (tensor<10x10xf32>, tensor<1x1xf32>) {
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], collapsed_slice_dims = [2], start_index_map = [2]>, slice_sizes = array<i64: 10, 10, 1>}> : (tensor<10x10x10xf32>, tensor<1xi64>) -> tensor<10x10xf32>
  %1 = "stablehlo.scatter"(%v, %j, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %2 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<1x1xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<1x1xf32>
  return %0, %1 : tensor<10x10xf32>, tensor<1x1xf32>
}
