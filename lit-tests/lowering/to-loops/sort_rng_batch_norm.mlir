// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s

// sort copies its operands into the results, then merges runs of width 1, 2, ... per line
// (a loop.parallel over the lines), carrying the two read positions; the comparator is
// inlined on (right, left) and the right element is taken only when it sorts strictly first.
// Each pass merges the results into temporaries and copies the line back, in a loop.for
// carrying the width: three passes for 5 elements.
// CHECK-LABEL: func.func @sort
// CHECK-DAG:     %[[ONE:.+]] = loop.constant 1 : index
// CHECK-DAG:     %[[PASSES:.+]] = loop.constant 3 : index
// CHECK:         %[[T:.+]] = loop.alloc : memref<5xf32>
// CHECK:         %[[T2:.+]] = loop.alloc : memref<5xi32>
// CHECK:         loop.for %{{.+}} = %{{.+}} to %[[PASSES]] step %{{.+}} iter_args(%[[W:.+]] = %[[ONE]]) -> (index) {
// CHECK:           loop.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK:             %{{.+}}:2 = loop.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[I:.+]] = %{{.+}}, %[[J:.+]] = %{{.+}}) -> (index, index) {
// CHECK:               %[[L:.+]] = loop.load %arg2[%{{.+}}] : memref<5xf32>
// CHECK:               %[[R:.+]] = loop.load %arg2[%{{.+}}] : memref<5xf32>
// CHECK:               loop.compare LT, %[[R]], %[[L]] : f32
// CHECK:               loop.store %{{.+}}, %[[T]][%[[K]]] : memref<5xf32>
// CHECK:               loop.store %{{.+}}, %[[T2]][%[[K]]] : memref<5xi32>
// CHECK:             loop.load %[[T]]
// CHECK:             loop.store %{{.+}}, %arg2[%{{.+}}] : memref<5xf32>

func.func @sort(%keys: tensor<5xf32>, %values: tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>) {
  %0:2 = hlo.sort(%keys, %values) dim = 0 : (tensor<5xf32>, tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %1 = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %1 : tensor<i1>
  }
  return %0#0, %0#1 : tensor<5xf32>, tensor<5xi32>
}

// -----

// rng_bit_generator unrolls the generator as integer scalar ops per output element.
// CHECK-LABEL: func.func @three_fry
// CHECK:         loop.parallel
// CHECK-COUNT-20:  loop.arith xor %{{.+}}, %{{.+}} : ui32
// CHECK:         loop.store %{{.+}}, %arg1[%{{.+}}] : memref<2xui64>

func.func @three_fry(%state: tensor<2xui64>) -> (tensor<2xui64>, tensor<4x4xui32>) {
  %0:2 = hlo.rng_bit_generator THREE_FRY, %state : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x4xui32>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<4x4xui32>
}

// -----

// Philox multiplies 32-bit words into 64-bit products.
// CHECK-LABEL: func.func @philox
// CHECK:         loop.parallel
// CHECK:           loop.arith multiply %{{.+}}, %{{.+}} : ui64

func.func @philox(%state: tensor<3xui64>) -> (tensor<3xui64>, tensor<8xui64>) {
  %0:2 = hlo.rng_bit_generator PHILOX, %state : (tensor<3xui64>) -> (tensor<3xui64>, tensor<8xui64>)
  return %0#0, %0#1 : tensor<3xui64>, tensor<8xui64>
}

// -----

// Batch norm: per-feature sums in f64 into temporaries, then an elementwise nest.
// CHECK-LABEL: func.func @batch_norm_training
// CHECK:         %[[MEAN:.+]] = loop.alloc : memref<4xf64>
// CHECK:         loop.for %{{.+}} iter_args
// CHECK:           loop.arith add %{{.+}}, %{{.+}} : f64
// CHECK:         loop.arith divide %{{.+}}, %{{.+}} : f64
// CHECK:         %[[VAR:.+]] = loop.alloc : memref<4xf64>
// CHECK:         loop.parallel
// CHECK:           loop.math sqrt %{{.+}} : f64
// CHECK:           loop.convert %{{.+}} : f64 -> f32

func.func @batch_norm_training(%x: tensor<8x4xf32>, %scale: tensor<4xf32>, %offset: tensor<4xf32>) -> (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0:3 = hlo.batch_norm_training %x, %scale, %offset, epsilon = 1.000000e-03, feature_index = 1 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1, %0#2 : tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @batch_norm_grad
// CHECK:         loop.alloc : memref<4xf64>
// CHECK:         loop.alloc : memref<4xf64>
// CHECK:         loop.parallel
// CHECK:           loop.arith divide %{{.+}}, %{{.+}} : f64

func.func @batch_norm_grad(%x: tensor<8x4xf32>, %scale: tensor<4xf32>, %mean: tensor<4xf32>, %var: tensor<4xf32>, %dy: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0:3 = hlo.batch_norm_grad %x, %scale, %mean, %var, %dy, epsilon = 1.000000e-03, feature_index = 1 : (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>)
  return %0#0, %0#1, %0#2 : tensor<8x4xf32>, tensor<4xf32>, tensor<4xf32>
}
