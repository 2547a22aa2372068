// RUN: xla-opt %s --lower-to-loops | FileCheck %s

// convolution: per result element, a loop.for per kernel spatial dimension, then one over
// the group's input features, carrying the accumulator; a window element on padding is
// skipped by a loop.if that keeps the accumulator.

// CHECK-LABEL: func.func @conv1d
// CHECK-SAME:    (%[[X:[^:]+]]: memref<1x5x2xf32>, %[[W:[^:]+]]: memref<3x2x4xf32>, %[[R:[^:]+]]: memref<1x5x4xf32>)
// CHECK-DAG:     %[[C0:.+]] = loop.constant 0 : index
// CHECK-DAG:     %[[C5:.+]] = loop.constant 5 : index
// CHECK-DAG:     %[[ZERO:.+]] = loop.constant 0.0 : f32
// CHECK-DAG:     %[[LOW:.+]] = loop.constant -1 : index
// CHECK:         loop.parallel (%[[B:.+]], %[[S:.+]], %[[O:.+]]) =
// CHECK-NEXT:      %[[SUM:.+]] = loop.for %[[K:[^ ]+]] = {{.+}} iter_args(%[[ACC:.+]] = %[[ZERO]]) -> (f32) {
// CHECK-NEXT:        %[[P:.+]] = loop.arith add %[[S]], %[[K]] : index
// CHECK-NEXT:        %[[I:.+]] = loop.arith add %[[P]], %[[LOW]] : index
// CHECK-NEXT:        %[[GE:.+]] = loop.compare GE, %[[I]], %[[C0]] : index
// CHECK-NEXT:        %[[LT:.+]] = loop.compare LT, %[[I]], %[[C5]] : index
// CHECK-NEXT:        %[[IN:.+]] = loop.arith and %[[GE]], %[[LT]] : i1
// CHECK-NEXT:        %[[NEXT:.+]] = loop.if %[[IN]] -> (f32) {
// CHECK-NEXT:          %[[F:.+]] = loop.for %[[C:[^ ]+]] = {{.+}} iter_args(%[[A:.+]] = %[[ACC]]) -> (f32) {
// CHECK-NEXT:            %[[XE:.+]] = loop.load %[[X]][%[[C0]], %[[I]], %[[C]]] : memref<1x5x2xf32>
// CHECK-NEXT:            %[[WE:.+]] = loop.load %[[W]][%[[K]], %[[C]], %[[O]]] : memref<3x2x4xf32>
// CHECK-NEXT:            %[[M:.+]] = loop.arith multiply %[[XE]], %[[WE]] : f32
// CHECK-NEXT:            %[[T:.+]] = loop.arith add %[[A]], %[[M]] : f32
// CHECK-NEXT:            loop.yield %[[T]] : f32
// CHECK-NEXT:          }
// CHECK-NEXT:          loop.yield %[[F]] : f32
// CHECK-NEXT:        } else {
// CHECK-NEXT:          loop.yield %[[ACC]] : f32
// CHECK-NEXT:        }
// CHECK-NEXT:        loop.yield %[[NEXT]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:      loop.store %[[SUM]], %[[R]][%[[C0]], %[[S]], %[[O]]] : memref<1x5x4xf32>
func.func @conv1d(%x: tensor<1x5x2xf32>, %w: tensor<3x2x4xf32>) -> tensor<1x5x4xf32> {
  %0 = hlo.convolution %x, %w, dim_labels = b0f_0io->b0f, window = {stride = [1], pad = [[1, 1]]}, feature_group_count = 1, batch_group_count = 1 : (tensor<1x5x2xf32>, tensor<3x2x4xf32>) -> tensor<1x5x4xf32>
  return %0 : tensor<1x5x4xf32>
}
