// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s
// RUN: xla-opt %s --split-input-file --lower-to-loops=runtime-kernels=false | FileCheck %s --check-prefix=LOOP

// Convolutions of at least 2^17 multiply-adds call the runtime: an i64 geometry buffer
// (15 + 12 * S values: S, the group counts, a (size, stride) pair per input, kernel and
// output dimension in the roles the dimension numbers give them, then per spatial
// dimension stride, padding low and high, lhs and rhs dilation, reversal), its length,
// and the operands' and the result's buffers.

// CHECK-LABEL: func.func @nhwc
// CHECK-SAME:    (%[[X:.+]]: memref<2x12x12x16xf32>, %[[W:.+]]: memref<3x3x16x16xf32>, %[[Y:.+]]: memref<2x6x6x16xf32>)
// CHECK-DAG:     %[[S:.+]] = loop.constant 2 : i64
// CHECK-DAG:     %[[ONE:.+]] = loop.constant 1 : i64
// CHECK-DAG:     %[[BATCH_STRIDE:.+]] = loop.constant 2304 : i64
// CHECK-DAG:     %[[I0:.+]] = loop.constant 0 : index
// CHECK-DAG:     %[[I1:.+]] = loop.constant 1 : index
// CHECK-DAG:     %[[I2:.+]] = loop.constant 2 : index
// CHECK-DAG:     %[[I3:.+]] = loop.constant 3 : index
// CHECK-DAG:     %[[I4:.+]] = loop.constant 4 : index
// CHECK-DAG:     %[[LEN:.+]] = loop.constant 39 : index
// CHECK:         %[[G:.+]] = loop.alloc : memref<39xi64>
// CHECK-NEXT:    loop.store %[[S]], %[[G]][%[[I0]]] : memref<39xi64>
// CHECK-NEXT:    loop.store %[[ONE]], %[[G]][%[[I1]]] : memref<39xi64>
// CHECK-NEXT:    loop.store %[[ONE]], %[[G]][%[[I2]]] : memref<39xi64>
// CHECK-NEXT:    loop.store %[[S]], %[[G]][%[[I3]]] : memref<39xi64>
// CHECK-NEXT:    loop.store %[[BATCH_STRIDE]], %[[G]][%[[I4]]] : memref<39xi64>
// CHECK:         loop.call_runtime @xla_rt_conv_f32(%[[G]], %[[LEN]], %[[X]], %[[W]], %[[Y]]) : (memref<39xi64>, index, memref<2x12x12x16xf32>, memref<3x3x16x16xf32>, memref<2x6x6x16xf32>) -> ()
// CHECK-NEXT:    func.return

// LOOP-LABEL: func.func @nhwc
// LOOP-NOT:     loop.call_runtime
// LOOP:         loop.parallel

func.func @nhwc(%x: tensor<2x12x12x16xf32>, %w: tensor<3x3x16x16xf32>) -> tensor<2x6x6x16xf32> {
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, window = {stride = [2, 2], pad = [[1, 0], [1, 0]]}, feature_group_count = 1, batch_group_count = 1 : (tensor<2x12x12x16xf32>, tensor<3x3x16x16xf32>) -> tensor<2x6x6x16xf32>
  return %0 : tensor<2x6x6x16xf32>
}

// -----

// f16 goes through f32: dense f32 copies of the operands, an f32 temporary for the
// result, rounded once into it.
// CHECK-LABEL: func.func @half
// CHECK:         %[[XF:.+]] = loop.alloc : memref<2x12x12x8xf32>
// CHECK:           loop.convert %{{.+}} : f16 -> f32
// CHECK:         %[[WF:.+]] = loop.alloc : memref<3x3x8x16xf32>
// CHECK:         %[[T:.+]] = loop.alloc : memref<2x12x12x16xf32>
// CHECK:         loop.call_runtime @xla_rt_conv_f32(%{{.+}}, %{{.+}}, %[[XF]], %[[WF]], %[[T]])
// CHECK:         loop.parallel
// CHECK:           %[[V:.+]] = loop.load %[[T]]
// CHECK-NEXT:      loop.convert %[[V]] : f32 -> f16
func.func @half(%x: tensor<2x12x12x8xf16>, %w: tensor<3x3x8x16xf16>) -> tensor<2x12x12x16xf16> {
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, window = {pad = [[1, 1], [1, 1]]}, feature_group_count = 1, batch_group_count = 1 : (tensor<2x12x12x8xf16>, tensor<3x3x8x16xf16>) -> tensor<2x12x12x16xf16>
  return %0 : tensor<2x12x12x16xf16>
}

// -----

// Small convolutions stay the loop.
// CHECK-LABEL: func.func @small
// CHECK-NOT:     loop.call_runtime
// CHECK:         loop.parallel
func.func @small(%x: tensor<1x5x2xf32>, %w: tensor<3x2x4xf32>) -> tensor<1x5x4xf32> {
  %0 = hlo.convolution %x, %w, dim_labels = b0f_0io->b0f, window = {stride = [1], pad = [[1, 1]]}, feature_group_count = 1, batch_group_count = 1 : (tensor<1x5x2xf32>, tensor<3x2x4xf32>) -> tensor<1x5x4xf32>
  return %0 : tensor<1x5x4xf32>
}

// -----

// A depthwise convolution (one output feature per group) stays the loop however big it
// is: im2col would pack every patch for a one-column product per group.
// CHECK-LABEL: func.func @depthwise
// CHECK-NOT:     xla_rt_conv
// CHECK:         loop.parallel
// CHECK-NOT:     xla_rt_conv
// CHECK:         func.return
func.func @depthwise(%x: tensor<4x32x32x64xf32>, %w: tensor<3x3x1x64xf32>) -> tensor<4x32x32x64xf32> {
  %0 = hlo.convolution %x, %w, dim_labels = b01f_01io->b01f, window = {stride = [1, 1], pad = [[1, 1], [1, 1]]}, feature_group_count = 64, batch_group_count = 1 : (tensor<4x32x32x64xf32>, tensor<3x3x1x64xf32>) -> tensor<4x32x32x64xf32>
  return %0 : tensor<4x32x32x64xf32>
}
