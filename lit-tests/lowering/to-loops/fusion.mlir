// RUN: xla-opt %s --split-input-file --fusion --lower-to-loops | FileCheck %s
// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s --check-prefix=UNFUSED

// Elementals compose: the inner ops of an hlo.fusion are not materialized, and their
// consumers compute them at the index they need. A chain of elementwise ops, a broadcast
// and a transpose becomes one loop nest and no buffer.

// CHECK-LABEL: func.func @chain
// CHECK-SAME:    (%[[A:[^:]+]]: memref<2x3xf32>, %[[B:[^:]+]]: memref<3xf32>, %[[R:[^:]+]]: memref<3x2xf32>)
// CHECK-NOT:     loop.alloc
// CHECK:         loop.parallel (%[[I:.+]], %[[J:.+]]) =
// CHECK-NEXT:      %[[X:.+]] = loop.load %[[A]][%[[J]], %[[I]]] : memref<2x3xf32>
// CHECK-NEXT:      %[[E:.+]] = loop.math exponential %[[X]] : f32
// CHECK-NEXT:      %[[Y:.+]] = loop.load %[[B]][%[[I]]] : memref<3xf32>
// CHECK-NEXT:      %[[M:.+]] = loop.arith multiply %[[E]], %[[Y]] : f32
// CHECK-NEXT:      loop.store %[[M]], %[[R]][%[[I]], %[[J]]] : memref<3x2xf32>
// CHECK-NEXT:      loop.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return
// UNFUSED-LABEL: func.func @chain
// UNFUSED-COUNT-3: loop.alloc
// UNFUSED-COUNT-4: loop.parallel

func.func @chain(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<3x2xf32> {
  %0 = hlo.exponential %a : tensor<2x3xf32>
  %1 = hlo.broadcast_in_dim %b, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %2 = hlo.multiply %0, %1 : tensor<2x3xf32>
  %3 = hlo.transpose %2, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %3 : tensor<3x2xf32>
}

// -----

// A producer fuses into a reduction's loop (an input fusion); a producer two ops of one
// loop fusion read is computed once per index.
// CHECK-LABEL: func.func @into_reduce
// CHECK-SAME:    (%[[A:[^:]+]]: memref<4x5xf32>, %[[R0:[^:]+]]: memref<5xf32>, %[[R1:[^:]+]]: memref<4x5xf32>)
// CHECK-NOT:     loop.alloc
// CHECK:         loop.parallel (%[[J:.+]]) =
// CHECK-NEXT:      %[[S:.+]] = loop.for %[[I:[^ ]+]] = {{.+}} iter_args(%[[ACC:.+]] = %{{.+}}) -> (f32) {
// CHECK-NEXT:        %[[X:.+]] = loop.load %[[A]][%[[I]], %[[J]]] : memref<4x5xf32>
// CHECK-NEXT:        %[[SQ:.+]] = loop.arith multiply %[[X]], %[[X]] : f32
// CHECK-NEXT:        %[[NEXT:.+]] = loop.arith add %[[ACC]], %[[SQ]] : f32
// CHECK-NEXT:        loop.yield %[[NEXT]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      loop.store %[[S]], %[[R0]][%[[J]]] : memref<5xf32>
// CHECK:         loop.parallel (%[[K:.+]], %[[L:.+]]) =
// CHECK-NEXT:      %[[AV:.+]] = loop.load %[[A]][%[[K]], %[[L]]] : memref<4x5xf32>
// CHECK-NEXT:      %[[EV:.+]] = loop.math exponential %[[AV]] : f32
// CHECK-NEXT:      %[[N:.+]] = loop.math negate %[[EV]] : f32
// CHECK-NEXT:      %[[SUM:.+]] = loop.arith add %[[N]], %[[EV]] : f32
// CHECK-NEXT:      loop.store %[[SUM]], %[[R1]][%[[K]], %[[L]]] : memref<4x5xf32>

func.func @into_reduce(%a: tensor<4x5xf32>) -> (tensor<5xf32>, tensor<4x5xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sq = hlo.multiply %a, %a : tensor<4x5xf32>
  %e = hlo.exponential %a : tensor<4x5xf32>
  %0 = hlo.reduce(%sq init: %zero) dimensions = [0] : (tensor<4x5xf32>, tensor<f32>) -> tensor<5xf32> {
  ^bb0(%acc: tensor<f32>, %x: tensor<f32>):
    %1 = hlo.add %acc, %x : tensor<f32>
    hlo.return %1 : tensor<f32>
  }
  %n = hlo.negate %e : tensor<4x5xf32>
  %m = hlo.add %n, %e : tensor<4x5xf32>
  return %0, %m : tensor<5xf32>, tensor<4x5xf32>
}

// -----

// A multi-output loop fusion is one loop nest storing both results.
// CHECK-LABEL: func.func @siblings
// CHECK-SAME:    (%[[X:[^:]+]]: memref<16xf32>, %[[R0:[^:]+]]: memref<16xf32>, %[[R1:[^:]+]]: memref<16xf32>)
// CHECK:         loop.parallel (%[[I:.+]]) =
// CHECK-NEXT:      %[[V:.+]] = loop.load %[[X]][%[[I]]] : memref<16xf32>
// CHECK-NEXT:      %[[E:.+]] = loop.math exponential %[[V]] : f32
// CHECK-NEXT:      loop.store %[[E]], %[[R0]][%[[I]]] : memref<16xf32>
// CHECK-NEXT:      %[[L:.+]] = loop.math log %[[V]] : f32
// CHECK-NEXT:      loop.store %[[L]], %[[R1]][%[[I]]] : memref<16xf32>
// CHECK-NEXT:      loop.yield
// CHECK-NEXT:    }
// CHECK-NOT:     loop.parallel
func.func @siblings(%x: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = hlo.exponential %x : tensor<16xf32>
  %l = hlo.log %x : tensor<16xf32>
  return %e, %l : tensor<16xf32>, tensor<16xf32>
}

// -----

// An output fusion whose dot is big enough for the runtime: the bias is stored into the
// result, gemm accumulates into it (beta = 1), and the activation runs in place.
// CHECK-LABEL: func.func @dense_relu
// CHECK-SAME:    (%[[X:[^:]+]]: memref<64x64xf32>, %[[W:[^:]+]]: memref<64x64xf32>, %[[B:[^:]+]]: memref<64xf32>, %[[R:[^:]+]]: memref<64x64xf32>)
// CHECK-DAG:     %[[ONE:.+]] = loop.constant 1.0 : f32
// CHECK:         loop.parallel (%[[I:.+]], %[[J:.+]]) =
// CHECK-NEXT:      %[[BV:.+]] = loop.load %[[B]][%[[J]]] : memref<64xf32>
// CHECK-NEXT:      loop.store %[[BV]], %[[R]][%[[I]], %[[J]]] : memref<64x64xf32>
// CHECK:         loop.call_runtime @xla_rt_matmul_f32({{.+}}, %[[ONE]], %[[X]], {{.+}}, %[[W]], {{.+}}, %[[ONE]], %[[R]], {{.+}})
// CHECK:         loop.parallel (%[[K:.+]], %[[L:.+]]) =
// CHECK-NEXT:      %[[S:.+]] = loop.load %[[R]][%[[K]], %[[L]]] : memref<64x64xf32>
// CHECK-NEXT:      %[[M:.+]] = loop.arith maximum %[[S]], %{{.+}} : f32
// CHECK-NEXT:      loop.store %[[M]], %[[R]][%[[K]], %[[L]]] : memref<64x64xf32>
// UNFUSED-LABEL: func.func @dense_relu
func.func @dense_relu(%x: tensor<64x64xf32>, %w: tensor<64x64xf32>, %b: tensor<64xf32>) -> tensor<64x64xf32> {
  %zero = hlo.constant dense<0.0> : tensor<64x64xf32>
  %d = hlo.dot_general %x, %w, batching_dims = [] x [], contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<64xf32>) -> tensor<64x64xf32>
  %a = hlo.add %d, %bb : tensor<64x64xf32>
  %r = hlo.maximum %a, %zero : tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
