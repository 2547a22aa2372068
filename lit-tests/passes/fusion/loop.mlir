// RUN: xla-opt %s --split-input-file --fusion | FileCheck %s
// RUN: xla-opt %s --split-input-file --fusion --fusion | FileCheck %s

// Loop fusion (kind = loop): elementwise ops and data movement into their consumers.
// Running the pass twice changes nothing.

// Loop fusion: an elementwise chain is one fusion.
// CHECK-LABEL: func.func @elementwise_chain
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<4x8xf32>, %[[Y:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT:    %[[F:.+]] = hlo.fusion(%[[X]], %[[Y]]) kind = loop : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32> {
// CHECK-NEXT:    ^bb0(%[[A:[^:]+]]: tensor<4x8xf32>, %[[B:[^:]+]]: tensor<4x8xf32>):
// CHECK-NEXT:      %[[S:.+]] = hlo.add %[[A]], %[[B]]
// CHECK-NEXT:      %[[M:.+]] = hlo.multiply %[[S]], %[[A]]
// CHECK-NEXT:      %[[N:.+]] = hlo.negate %[[M]]
// CHECK-NEXT:      hlo.return %[[N]] : tensor<4x8xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[F]]
func.func @elementwise_chain(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = hlo.add %x, %y : tensor<4x8xf32>
  %1 = hlo.multiply %0, %x : tensor<4x8xf32>
  %2 = hlo.negate %1 : tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}

// -----

// A broadcast and a splat constant fuse into their consumers (the constant is cloned in).
// CHECK-LABEL: func.func @broadcast_bias
// CHECK-NEXT:    hlo.fusion(%{{.+}}, %{{.+}}) kind = loop
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      hlo.constant dense<0.0{{.*}}> : tensor<4x8xf32>
// CHECK-NEXT:      hlo.broadcast_in_dim
// CHECK-NEXT:      hlo.add
// CHECK-NEXT:      hlo.maximum
// CHECK-NEXT:      hlo.return
func.func @broadcast_bias(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %zero = hlo.constant dense<0.0> : tensor<4x8xf32>
  %0 = hlo.broadcast_in_dim %b, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %1 = hlo.add %x, %0 : tensor<4x8xf32>
  %2 = hlo.maximum %1, %zero : tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}

// -----

// Transposes, slices, concatenations, pads and iotas fuse into their consumers.
// CHECK-LABEL: func.func @data_movement
// CHECK-NEXT:    hlo.fusion(%{{.+}}, %{{.+}}) kind = loop
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      hlo.transpose
// CHECK-NEXT:      hlo.slice
// CHECK-NEXT:      hlo.transpose
// CHECK-NEXT:      hlo.concatenate
// CHECK-NEXT:      hlo.constant
// CHECK-NEXT:      hlo.pad
// CHECK-NEXT:      hlo.iota
// CHECK-NEXT:      hlo.add
// CHECK-NEXT:      hlo.return
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
func.func @data_movement(%x: tensor<8x4xf32>, %y: tensor<2x4xf32>) -> tensor<4x12xf32> {
  %t = hlo.transpose %x, dims = [1, 0] : (tensor<8x4xf32>) -> tensor<4x8xf32>
  %s = hlo.slice %t [0:4, 2:6] : (tensor<4x8xf32>) -> tensor<4x4xf32>
  %u = hlo.transpose %y, dims = [1, 0] : (tensor<2x4xf32>) -> tensor<4x2xf32>
  %c = hlo.concatenate %s, %u, dim = 1 : (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x6xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %p = hlo.pad %c, %zero, low = [0, 3], high = [0, 3], interior = [0, 0] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x12xf32>
  %i = hlo.iota dim = 1 : tensor<4x12xf32>
  %r = hlo.add %p, %i : tensor<4x12xf32>
  return %r : tensor<4x12xf32>
}

// -----

// Heuristic NEVER_DUPLICATE_EXPENSIVE: the exponential two groups read stays unfused; its
// two consumers, siblings reading it, merge into one multi-output fusion.
// CHECK-LABEL: func.func @expensive_producer_is_not_duplicated
// CHECK-NEXT:    %[[E:.+]] = hlo.exponential
// CHECK-NEXT:    %[[F:.+]]:2 = hlo.fusion(%[[E]], %{{.+}}) kind = loop
// CHECK-NOT:       hlo.exponential
// CHECK:           hlo.return
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[F]]#0, %[[F]]#1
func.func @expensive_producer_is_not_duplicated(%x: tensor<16xf32>, %y: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = hlo.exponential %x : tensor<16xf32>
  %a = hlo.add %e, %y : tensor<16xf32>
  %t = hlo.tanh %y : tensor<16xf32>
  %m = hlo.multiply %e, %t : tensor<16xf32>
  return %a, %m : tensor<16xf32>, tensor<16xf32>
}

// -----

// Heuristic DUPLICATE_CHEAP_PRODUCERS: the negate two fusions read is computed in each and
// the original erased.
// CHECK-LABEL: func.func @cheap_producer_is_duplicated
// CHECK-NEXT:    hlo.fusion(%{{.+}}) kind = loop
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      hlo.negate
// CHECK-NEXT:      hlo.exponential
// CHECK-NEXT:      hlo.return
// CHECK-NEXT:    }
// CHECK-NEXT:    hlo.fusion(%{{.+}}) kind = loop
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      hlo.negate
// CHECK-NEXT:      hlo.broadcast_in_dim
// CHECK-NEXT:      hlo.abs
// CHECK-NEXT:      hlo.return
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
func.func @cheap_producer_is_duplicated(%x: tensor<16xf32>, %y: tensor<16xf32>) -> (tensor<16xf32>, tensor<4x16xf32>) {
  %n = hlo.negate %x : tensor<16xf32>
  %e = hlo.exponential %n : tensor<16xf32>
  %b = hlo.broadcast_in_dim %n, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %c = hlo.abs %b : tensor<4x16xf32>
  return %e, %c : tensor<16xf32>, tensor<4x16xf32>
}

// -----

// Heuristic NO_RECOMPUTATION_UNDER_BROADCAST: an exponential under a broadcast would be
// computed four times per element; it stays out, the broadcast fuses.
// CHECK-LABEL: func.func @no_recomputation_under_broadcast
// CHECK-NEXT:    %[[E:.+]] = hlo.exponential
// CHECK-NEXT:    hlo.fusion(%[[E]], %{{.+}}) kind = loop
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      hlo.broadcast_in_dim
// CHECK-NEXT:      hlo.add
func.func @no_recomputation_under_broadcast(%x: tensor<16xf32>, %y: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %e = hlo.exponential %x : tensor<16xf32>
  %b = hlo.broadcast_in_dim %e, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %a = hlo.add %b, %y : tensor<4x16xf32>
  return %a : tensor<4x16xf32>
}

// -----

// Ops with regions other than reducers (a sort) stay unfused, and single ops around them
// are no fusions.
// CHECK-LABEL: func.func @unfusible_ops_stay
// CHECK-NOT:     hlo.fusion
// CHECK:         func.return
func.func @unfusible_ops_stay(%x: tensor<16xf32>) -> tensor<16xf32> {
  %n = hlo.negate %x : tensor<16xf32>
  %s = hlo.sort(%n) dim = 0 : (tensor<16xf32>) -> tensor<16xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }
  %r = hlo.abs %s : tensor<16xf32>
  return %r : tensor<16xf32>
}

// -----

// Heuristic DIVISION_BY_POWER_OF_TWO_IS_CHEAP: a division by a constant power of two is a
// multiplication by its exact reciprocal, so it counts as cheap: read by two reductions
// (attention's `scores / 8.0` read by the softmax), it fuses into their input fusion (the
// siblings merge) instead of being written out. A division by 3.0 stays expensive:
// computed once, outside the fusion that reads it.
// CHECK-LABEL: func.func @division_by_a_power_of_two_is_duplicated
// CHECK-NEXT:    hlo.fusion(%{{.+}}) kind = input
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      hlo.constant dense<8.0>
// CHECK-NEXT:      hlo.broadcast_in_dim
// CHECK-NEXT:      hlo.divide
// CHECK:           hlo.reduce
// CHECK:           hlo.reduce
// CHECK-LABEL: func.func @division_by_three_is_not_duplicated
// CHECK-NEXT:    hlo.constant
// CHECK-NEXT:    hlo.divide
// CHECK-NEXT:    hlo.fusion(%{{.+}}) kind = input
// CHECK-NOT:       hlo.divide
func.func @division_by_a_power_of_two_is_duplicated(%x: tensor<4x16xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = hlo.constant dense<8.0> : tensor<f32>
  %eight = hlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
  %s = hlo.divide %x, %eight : tensor<4x16xf32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %m = hlo.reduce(%s init: %ninf) dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = hlo.maximum %a, %b : tensor<f32>
    hlo.return %r : tensor<f32>
  }
  %t = hlo.reduce(%s init: %zero) dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = hlo.add %a, %b : tensor<f32>
    hlo.return %r : tensor<f32>
  }
  return %m, %t : tensor<4xf32>, tensor<4xf32>
}

func.func @division_by_three_is_not_duplicated(%x: tensor<4x16xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %three = hlo.constant dense<3.0> : tensor<4x16xf32>
  %s = hlo.divide %x, %three : tensor<4x16xf32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %m = hlo.reduce(%s init: %ninf) dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = hlo.maximum %a, %b : tensor<f32>
    hlo.return %r : tensor<f32>
  }
  %t = hlo.reduce(%s init: %zero) dimensions = [1] : (tensor<4x16xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = hlo.add %a, %b : tensor<f32>
    hlo.return %r : tensor<f32>
  }
  return %m, %t : tensor<4xf32>, tensor<4xf32>
}
