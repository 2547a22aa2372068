// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s

// reduce_precision is XLA's bit manipulation on the element's bits as an unsigned integer:
// round the mantissa to nearest even, flush exponents out of range, keep NaN.
// CHECK-LABEL: func.func @reduce_precision
// CHECK:         loop.parallel
// CHECK:           %[[B:.+]] = loop.bitcast %{{.+}} : f32 -> ui32
// CHECK:           loop.arith and %[[B]], %{{.+}} : ui32
// CHECK:           loop.arith shift_right_logical
// CHECK:           loop.compare GT, %{{.+}}, %{{.+}} : ui32
// CHECK:           loop.compare LE, %{{.+}}, %{{.+}} : ui32
// CHECK:           %[[R:.+]] = loop.bitcast %{{.+}} : ui32 -> f32
// CHECK:           %[[NAN:.+]] = loop.compare NE, %[[X:.+]], %[[X]], FLOAT : f32
// CHECK:           loop.select %[[NAN]], %[[X]], %[[R]] : f32

func.func @reduce_precision(%a: tensor<8xf32>) -> tensor<8xf32> {
  %0 = hlo.reduce_precision %a, format = e5m10 : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A narrower float is reduced on the bits of an f32 and converted back.
// CHECK-LABEL: func.func @reduce_precision_bf16
// CHECK:         loop.convert %{{.+}} : bf16 -> f32
// CHECK:         loop.bitcast %{{.+}} : f32 -> ui32
// CHECK:         loop.convert %{{.+}} : f32 -> bf16

func.func @reduce_precision_bf16(%a: tensor<8xbf16>) -> tensor<8xbf16> {
  %0 = hlo.reduce_precision %a, format = e5m2 : tensor<8xbf16>
  return %0 : tensor<8xbf16>
}

// -----

// The parts of a complex<f32> are the halves of its 64 bits, the real part low.
// CHECK-LABEL: func.func @parts
// CHECK-DAG:     %[[C32:.+]] = loop.constant 32 : ui64
// CHECK:         loop.parallel (%[[I:.+]]) =
// CHECK-NEXT:      %[[Z:.+]] = loop.load %arg0[%[[I]]] : memref<4xcomplex<f32>>
// CHECK-NEXT:      %[[B:.+]] = loop.bitcast %[[Z]] : complex<f32> -> ui64
// CHECK-NEXT:      %[[L:.+]] = loop.convert %[[B]] : ui64 -> ui32
// CHECK-NEXT:      %[[RE:.+]] = loop.bitcast %[[L]] : ui32 -> f32
// CHECK-NEXT:      loop.store %[[RE]], %arg1[%[[I]]] : memref<4xf32>
// CHECK:         loop.parallel (%[[J:.+]]) =
// CHECK:           %[[H:.+]] = loop.arith shift_right_logical %{{.+}}, %[[C32]] : ui64
// CHECK-NEXT:      %[[HL:.+]] = loop.convert %[[H]] : ui64 -> ui32
// CHECK-NEXT:      %[[IM:.+]] = loop.bitcast %[[HL]] : ui32 -> f32
// CHECK-NEXT:      loop.store %[[IM]], %arg2[%[[J]]] : memref<4xf32>

func.func @parts(%z: tensor<4xcomplex<f32>>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = hlo.real %z : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %1 = hlo.imag %z : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// complex joins the halves; abs is sqrt(re^2 + im^2) in f64; a complex constant is its
// bits, bitcast once at the top of the function; complex arithmetic is loop.arith.
// CHECK-LABEL: func.func @build
// CHECK:         %[[K:.+]] = loop.constant 4611686019492741120 : ui64
// CHECK-NEXT:    %[[ONE:.+]] = loop.bitcast %[[K]] : ui64 -> complex<f32>
// CHECK:         loop.parallel
// CHECK:           loop.arith shift_left %{{.+}}, %{{.+}} : ui64
// CHECK:           loop.arith or
// CHECK:           loop.bitcast %{{.+}} : ui64 -> complex<f32>
// CHECK:           loop.arith add %{{.+}}, %[[ONE]] : complex<f32>
// CHECK:         loop.parallel
// CHECK:           loop.convert %{{.+}} : f32 -> f64
// CHECK:           loop.math sqrt %{{.+}} : f64
// CHECK:           loop.convert %{{.+}} : f64 -> f32

func.func @build(%re: tensor<4xf32>, %im: tensor<4xf32>, %z: tensor<4xcomplex<f32>>) -> (tensor<4xcomplex<f32>>, tensor<4xf32>) {
  %c = hlo.constant dense<(1.0, 2.0)> : tensor<4xcomplex<f32>>
  %0 = hlo.complex %re, %im : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f32>>
  %1 = hlo.add %0, %c : tensor<4xcomplex<f32>>
  %2 = hlo.abs %z : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  return %1, %2 : tensor<4xcomplex<f32>>, tensor<4xf32>
}
