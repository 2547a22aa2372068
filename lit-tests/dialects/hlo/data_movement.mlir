// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// The data-movement ops: hlo.concatenate, hlo.slice, hlo.dynamic_slice,
// hlo.dynamic_update_slice, hlo.pad, hlo.rev, hlo.gather, hlo.scatter, hlo.sort, hlo.tuple,
// hlo.get_tuple_element and hlo.optimization_barrier, in their custom forms, their generic
// forms, and read back from the generic form.

// CHECK-LABEL: func.func @concatenate
// CHECK-SAME:    (%[[A:[^:]+]]: tensor<2x3xf32>, %[[B:[^:]+]]: tensor<1x3xf32>, %[[C:[^:]+]]: tensor<<=4x?xf32>)
// CHECK-NEXT:    hlo.concatenate %[[A]], %[[B]], dim = 0 : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
// CHECK-NEXT:    hlo.concatenate %[[A]], %[[B]], %[[C]], dim = 0 : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<<=4x?xf32>) -> tensor<<=7x3xf32>
// CHECK-NEXT:    hlo.concatenate %[[A]], dim = 1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         "hlo.concatenate"(%{{.+}}, %{{.+}}) {dimension = 0} : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
func.func @concatenate(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>, %c: tensor<<=4x?xf32>) {
  %0 = hlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
  %1 = hlo.concatenate %a, %b, %c, dim = 0 : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<<=4x?xf32>) -> tensor<<=7x3xf32>
  %2 = hlo.concatenate %a, dim = 1 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// A stride of 1 is not printed; a slice keeping the whole of a bounded dimension keeps it
// bounded; a rank-0 slice has an empty list.
// CHECK-LABEL: func.func @slice
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<4x6xf32>, %[[Y:[^:]+]]: tensor<<=8x?xi32>, %[[S:[^:]+]]: tensor<f32>)
// CHECK-NEXT:    hlo.slice %[[X]] [0:2, 1:6:2] : (tensor<4x6xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    hlo.slice %[[X]] [4:4, 0:6:4] : (tensor<4x6xf32>) -> tensor<0x2xf32>
// CHECK-NEXT:    hlo.slice %[[Y]] [0:8, 2:5] : (tensor<<=8x?xi32>) -> tensor<<=8x3xi32>
// CHECK-NEXT:    hlo.slice %[[S]] [] : (tensor<f32>) -> tensor<f32>
// GENERIC:       "hlo.slice"(%{{.+}}) {limit_indices = array<i64: 2, 6>, start_indices = array<i64: 0, 1>, strides = array<i64: 1, 2>} : (tensor<4x6xf32>) -> tensor<2x3xf32>
// GENERIC:       "hlo.slice"(%{{.+}}) {limit_indices = array<i64>, start_indices = array<i64>, strides = array<i64>} : (tensor<f32>) -> tensor<f32>
func.func @slice(%x: tensor<4x6xf32>, %y: tensor<<=8x?xi32>, %s: tensor<f32>) {
  %0 = hlo.slice %x [0:2:1, 1:6:2] : (tensor<4x6xf32>) -> tensor<2x3xf32>
  %1 = hlo.slice %x [4:4, 0:6:4] : (tensor<4x6xf32>) -> tensor<0x2xf32>
  %2 = hlo.slice %y [0:8, 2:5] : (tensor<<=8x?xi32>) -> tensor<<=8x3xi32>
  %3 = hlo.slice %s [] : (tensor<f32>) -> tensor<f32>
  return
}

// -----

// CHECK-LABEL: func.func @dynamic_slices
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<4x4xf32>, %[[I:[^:]+]]: tensor<i32>, %[[J:[^:]+]]: tensor<i32>, %[[S:[^:]+]]: tensor<i8>)
// CHECK-NEXT:    %[[D:.+]] = hlo.dynamic_slice %[[X]], %[[I]], %[[J]], sizes = [2, 4] : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
// CHECK-NEXT:    hlo.dynamic_update_slice %[[X]], %[[D]], %[[J]], %[[I]] : (tensor<4x4xf32>, tensor<2x4xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
// CHECK-NEXT:    hlo.dynamic_slice %[[S]], sizes = [] : (tensor<i8>) -> tensor<i8>
// CHECK-NEXT:    hlo.dynamic_update_slice %[[S]], %[[S]] : (tensor<i8>, tensor<i8>) -> tensor<i8>
// GENERIC:       "hlo.dynamic_slice"(%{{.+}}, %{{.+}}, %{{.+}}) {slice_sizes = array<i64: 2, 4>} : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
// GENERIC:       "hlo.dynamic_update_slice"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) : (tensor<4x4xf32>, tensor<2x4xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
func.func @dynamic_slices(%x: tensor<4x4xf32>, %i: tensor<i32>, %j: tensor<i32>, %s: tensor<i8>) {
  %0 = hlo.dynamic_slice %x, %i, %j, sizes = [2, 4] : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
  %1 = hlo.dynamic_update_slice %x, %0, %j, %i : (tensor<4x4xf32>, tensor<2x4xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
  %2 = hlo.dynamic_slice %s, sizes = [] : (tensor<i8>) -> tensor<i8>
  %3 = hlo.dynamic_update_slice %s, %s : (tensor<i8>, tensor<i8>) -> tensor<i8>
  return
}

// -----

// Edge padding may be negative; interior padding goes between elements only.
// CHECK-LABEL: func.func @pad
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2x3xf32>, %[[Z:[^:]+]]: tensor<f32>, %[[Y:[^:]+]]: tensor<<=4x?xf32>)
// CHECK-NEXT:    hlo.pad %[[X]], %[[Z]], low = [1, 0], high = [0, 2], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x7xf32>
// CHECK-NEXT:    hlo.pad %[[X]], %[[Z]], low = [-1, -1], high = [0, -1], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x1xf32>
// CHECK-NEXT:    hlo.pad %[[Y]], %[[Z]], low = [1, 1], high = [1, 1], interior = [1, 1] : (tensor<<=4x?xf32>, tensor<f32>) -> tensor<<=9x?xf32>
// GENERIC:       "hlo.pad"(%{{.+}}, %{{.+}}) {edge_padding_high = array<i64: 0, 2>, edge_padding_low = array<i64: 1, 0>, interior_padding = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x7xf32>
func.func @pad(%x: tensor<2x3xf32>, %zero: tensor<f32>, %y: tensor<<=4x?xf32>) {
  %0 = hlo.pad %x, %zero, low = [1, 0], high = [0, 2], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x7xf32>
  %1 = hlo.pad %x, %zero, low = [-1, -1], high = [0, -1], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x1xf32>
  %2 = hlo.pad %y, %zero, low = [1, 1], high = [1, 1], interior = [1, 1] : (tensor<<=4x?xf32>, tensor<f32>) -> tensor<<=9x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @rev
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2x3xf32>)
// CHECK-NEXT:    hlo.rev %[[X]], dims = [1, 0] : tensor<2x3xf32>
// CHECK-NEXT:    hlo.rev %[[X]], dims = [] : tensor<2x3xf32>
// GENERIC:       "hlo.rev"(%{{.+}}) {dimensions = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @rev(%x: tensor<2x3xf32>) {
  %0 = hlo.rev %x, dims = [1, 0] : tensor<2x3xf32>
  %1 = hlo.rev %x, dims = [] : tensor<2x3xf32>
  return
}

// -----

// Gathering rows; the empty batching dimension lists are left out of the custom form and
// are empty arrays in the generic form.
// CHECK-LABEL: func.func @gather_rows
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<5x3xf32>, %[[I:[^:]+]]: tensor<2x1xi32>)
// CHECK-NEXT:    hlo.gather %[[X]][%[[I]]], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] {indices_are_sorted = true} : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
// GENERIC:       "hlo.gather"(%{{.+}}, %{{.+}}) {collapsed_slice_dims = array<i64: 0>, index_vector_dim = 1, indices_are_sorted = true, offset_dims = array<i64: 1>, operand_batching_dims = array<i64>, slice_sizes = array<i64: 1, 3>, start_index_map = array<i64: 0>, start_indices_batching_dims = array<i64>} : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
func.func @gather_rows(%x: tensor<5x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  %0 = hlo.gather %x[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 3] {indices_are_sorted = true} : (tensor<5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Operation semantics' example: slices of [8, 6] from a [16, 11] operand at 5 positions,
// with the offset dimensions around the batch dimension; then an implicit index vector
// dimension (index_vector_dim = rank of the indices), the keywords in another order.
// CHECK-LABEL: func.func @gather_windows
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<16x11xf32>, %[[I:[^:]+]]: tensor<5x2xi64>, %[[J:[^:]+]]: tensor<4x5xi32>)
// CHECK-NEXT:    hlo.gather %[[X]][%[[I]]], offset_dims = [0, 2], collapsed_slice_dims = [], start_index_map = [0, 1], index_vector_dim = 1, slice_sizes = [8, 6] : (tensor<16x11xf32>, tensor<5x2xi64>) -> tensor<8x5x6xf32>
// CHECK-NEXT:    hlo.gather %[[X]][%[[J]]], offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2, slice_sizes = [1, 11] : (tensor<16x11xf32>, tensor<4x5xi32>) -> tensor<4x5x11xf32>
func.func @gather_windows(%x: tensor<16x11xf32>, %i: tensor<5x2xi64>, %j: tensor<4x5xi32>) {
  %0 = hlo.gather %x[%i], offset_dims = [0, 2], collapsed_slice_dims = [], start_index_map = [0, 1], index_vector_dim = 1, slice_sizes = [8, 6] : (tensor<16x11xf32>, tensor<5x2xi64>) -> tensor<8x5x6xf32>
  %1 = hlo.gather %x[%j], slice_sizes = [1, 11], index_vector_dim = 2, start_index_map = [0], collapsed_slice_dims = [0], offset_dims = [2] : (tensor<16x11xf32>, tensor<4x5xi32>) -> tensor<4x5x11xf32>
  return
}

// -----

// Batching dimensions: operand dimension 0 goes with dimension 1 of the indices.
// CHECK-LABEL: func.func @gather_batched
// CHECK-NEXT:    hlo.gather %{{.+}}[%{{.+}}], offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 2, slice_sizes = [1, 1, 7] : (tensor<3x5x7xf32>, tensor<4x3x1xi32>) -> tensor<4x3x7xf32>
// GENERIC:       operand_batching_dims = array<i64: 0>
// GENERIC-SAME:  start_indices_batching_dims = array<i64: 1>
func.func @gather_batched(%x: tensor<3x5x7xf32>, %i: tensor<4x3x1xi32>) {
  %0 = hlo.gather %x[%i], offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 2, slice_sizes = [1, 1, 7] : (tensor<3x5x7xf32>, tensor<4x3x1xi32>) -> tensor<4x3x7xf32>
  return
}

// -----

// A scatter of two inputs: the update computation takes the two input elements, then the
// two update elements, and returns the two new elements.
// CHECK-LABEL: func.func @scatter_pair
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<5x3xf32>, %[[Y:[^:]+]]: tensor<5x3xi32>, %[[I:[^:]+]]: tensor<2x1xi32>, %[[U:[^:]+]]: tensor<2x3xf32>, %[[V:[^:]+]]: tensor<2x3xi32>)
// CHECK-NEXT:    %[[R:.+]]:2 = hlo.scatter(%[[X]], %[[Y]])[%[[I]]] updates(%[[U]], %[[V]]), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 {unique_indices = true} : (tensor<5x3xf32>, tensor<5x3xi32>, tensor<2x1xi32>, tensor<2x3xf32>, tensor<2x3xi32>) -> (tensor<5x3xf32>, tensor<5x3xi32>) {
// CHECK-NEXT:    ^bb0(%[[A:[^:]+]]: tensor<f32>, %[[B:[^:]+]]: tensor<i32>, %[[C:[^:]+]]: tensor<f32>, %[[D:[^:]+]]: tensor<i32>):
// CHECK-NEXT:      %[[S:.+]] = hlo.add %[[A]], %[[C]] : tensor<f32>
// CHECK-NEXT:      %[[T:.+]] = hlo.add %[[B]], %[[D]] : tensor<i32>
// CHECK-NEXT:      hlo.return %[[S]], %[[T]] : tensor<f32>, tensor<i32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[R]]#0, %[[R]]#1
// GENERIC:       %{{.+}}:2 = "hlo.scatter"(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) ({
// GENERIC:       }) {index_vector_dim = 1, input_batching_dims = array<i64>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64>, unique_indices = true, update_window_dims = array<i64: 1>} : (tensor<5x3xf32>, tensor<5x3xi32>, tensor<2x1xi32>, tensor<2x3xf32>, tensor<2x3xi32>) -> (tensor<5x3xf32>, tensor<5x3xi32>)
func.func @scatter_pair(%x: tensor<5x3xf32>, %y: tensor<5x3xi32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>, %v: tensor<2x3xi32>) -> (tensor<5x3xf32>, tensor<5x3xi32>) {
  %0:2 = hlo.scatter(%x, %y)[%i] updates(%u, %v), update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 {unique_indices = true} : (tensor<5x3xf32>, tensor<5x3xi32>, tensor<2x1xi32>, tensor<2x3xf32>, tensor<2x3xi32>) -> (tensor<5x3xf32>, tensor<5x3xi32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
    %s = hlo.add %a, %c : tensor<f32>
    %t = hlo.add %b, %d : tensor<i32>
    hlo.return %s, %t : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<5x3xf32>, tensor<5x3xi32>
}

// -----

// Batching dimensions, and a window smaller than the input's dimension.
// CHECK-LABEL: func.func @scatter_batched
// CHECK:         hlo.scatter(%{{.+}})[%{{.+}}] updates(%{{.+}}), update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 2 : (tensor<3x5x7xf32>, tensor<4x3x1xi32>, tensor<4x3x6xf32>) -> tensor<3x5x7xf32> {
// GENERIC:       input_batching_dims = array<i64: 0>
// GENERIC-SAME:  scatter_indices_batching_dims = array<i64: 1>
func.func @scatter_batched(%x: tensor<3x5x7xf32>, %i: tensor<4x3x1xi32>, %u: tensor<4x3x6xf32>) {
  %0 = hlo.scatter(%x)[%i] updates(%u), update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [1], index_vector_dim = 2 : (tensor<3x5x7xf32>, tensor<4x3x1xi32>, tensor<4x3x6xf32>) -> tensor<3x5x7xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %b : tensor<f32>
  }
  return
}

// -----

// Sorting keys and values together: the comparator takes an lhs and an rhs element of each
// operand in turn. (These keys are predicates, so that the comparator can return one of
// its arguments.)
// CHECK-LABEL: func.func @sort
// CHECK-SAME:    (%[[K:[^:]+]]: tensor<4x2xi1>, %[[V:[^:]+]]: tensor<4x2xf32>)
// CHECK-NEXT:    %[[R:.+]]:2 = hlo.sort(%[[K]], %[[V]]) dim = 0 {is_stable = true} : (tensor<4x2xi1>, tensor<4x2xf32>) -> (tensor<4x2xi1>, tensor<4x2xf32>) {
// CHECK-NEXT:    ^bb0(%[[A:[^:]+]]: tensor<i1>, %[[B:[^:]+]]: tensor<i1>, %{{[^:]+}}: tensor<f32>, %{{[^:]+}}: tensor<f32>):
// CHECK-NEXT:      %[[M:.+]] = hlo.maximum %[[A]], %[[B]] : tensor<i1>
// CHECK-NEXT:      hlo.return %[[M]] : tensor<i1>
// CHECK-NEXT:    }
// GENERIC:       "hlo.sort"(%{{.+}}, %{{.+}}) ({
// GENERIC:       }) {dimension = 0, is_stable = true} : (tensor<4x2xi1>, tensor<4x2xf32>) -> (tensor<4x2xi1>, tensor<4x2xf32>)
func.func @sort(%keys: tensor<4x2xi1>, %values: tensor<4x2xf32>) {
  %0:2 = hlo.sort(%keys, %values) dim = 0 {is_stable = true} : (tensor<4x2xi1>, tensor<4x2xf32>) -> (tensor<4x2xi1>, tensor<4x2xf32>) {
  ^bb0(%a: tensor<i1>, %b: tensor<i1>, %c: tensor<f32>, %d: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<i1>
    hlo.return %m : tensor<i1>
  }
  return
}

// -----

// CHECK-LABEL: func.func @tuples
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2xf32>, %[[I:[^:]+]]: tensor<i32>, %[[T:[^:]+]]: !hlo.token)
// CHECK-NEXT:    %[[TUP:.+]] = hlo.tuple %[[X]], %[[I]], %[[T]] : tuple<tensor<2xf32>, tensor<i32>, !hlo.token>
// CHECK-NEXT:    %[[NEST:.+]] = hlo.tuple %[[TUP]] : tuple<tuple<tensor<2xf32>, tensor<i32>, !hlo.token>>
// CHECK-NEXT:    %[[EMPTY:.+]] = hlo.tuple : tuple<>
// CHECK-NEXT:    %[[INNER:.+]] = hlo.get_tuple_element %[[NEST]][0] : tuple<tuple<tensor<2xf32>, tensor<i32>, !hlo.token>>
// CHECK-NEXT:    %[[E:.+]] = hlo.get_tuple_element %[[INNER]][1] : tuple<tensor<2xf32>, tensor<i32>, !hlo.token>
// CHECK-NEXT:    func.return %[[E]], %[[EMPTY]] : tensor<i32>, tuple<>
// GENERIC:       "hlo.tuple"(%{{.+}}, %{{.+}}, %{{.+}}) : (tensor<2xf32>, tensor<i32>, !hlo.token) -> tuple<tensor<2xf32>, tensor<i32>, !hlo.token>
// GENERIC:       "hlo.tuple"() : () -> tuple<>
// GENERIC:       "hlo.get_tuple_element"(%{{.+}}) {index = 0} : (tuple<tuple<tensor<2xf32>, tensor<i32>, !hlo.token>>) -> tuple<tensor<2xf32>, tensor<i32>, !hlo.token>
func.func @tuples(%x: tensor<2xf32>, %i: tensor<i32>, %t: !hlo.token) -> (tensor<i32>, tuple<>) {
  %0 = hlo.tuple %x, %i, %t : tuple<tensor<2xf32>, tensor<i32>, !hlo.token>
  %1 = hlo.tuple %0 : tuple<tuple<tensor<2xf32>, tensor<i32>, !hlo.token>>
  %2 = hlo.tuple : tuple<>
  %3 = hlo.get_tuple_element %1[0] : tuple<tuple<tensor<2xf32>, tensor<i32>, !hlo.token>>
  %4 = hlo.get_tuple_element %3[1] : tuple<tensor<2xf32>, tensor<i32>, !hlo.token>
  return %4, %2 : tensor<i32>, tuple<>
}

// -----

// CHECK-LABEL: func.func @barrier
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<2xf32>, %[[T:[^:]+]]: tuple<tensor<i32>>)
// CHECK-NEXT:    %[[B:.+]]:2 = hlo.optimization_barrier %[[X]], %[[T]] : tensor<2xf32>, tuple<tensor<i32>>
// CHECK-NEXT:    hlo.optimization_barrier : ()
// CHECK-NEXT:    hlo.optimization_barrier %[[X]] {xla.note = "one"} : tensor<2xf32>
// CHECK-NEXT:    func.return %[[B]]#0, %[[B]]#1
// GENERIC:       "hlo.optimization_barrier"(%{{.+}}, %{{.+}}) : (tensor<2xf32>, tuple<tensor<i32>>) -> (tensor<2xf32>, tuple<tensor<i32>>)
func.func @barrier(%x: tensor<2xf32>, %t: tuple<tensor<i32>>) -> (tensor<2xf32>, tuple<tensor<i32>>) {
  %0:2 = hlo.optimization_barrier %x, %t : tensor<2xf32>, tuple<tensor<i32>>
  hlo.optimization_barrier : ()
  %1 = hlo.optimization_barrier %x {xla.note = "one"} : tensor<2xf32>
  return %0#0, %0#1 : tensor<2xf32>, tuple<tensor<i32>>
}
