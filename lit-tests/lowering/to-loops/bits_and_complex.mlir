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

// The parts of a complex number are loop.real and loop.imag, for either part format.
// CHECK-LABEL: func.func @parts
// CHECK:         loop.parallel (%[[I:.+]]) =
// CHECK-NEXT:      %[[Z:.+]] = loop.load %arg0[%[[I]]] : memref<4xcomplex<f32>>
// CHECK-NEXT:      %[[RE:.+]] = loop.real %[[Z]] : complex<f32> -> f32
// CHECK-NEXT:      loop.store %[[RE]], %arg2[%[[I]]] : memref<4xf32>
// CHECK:         loop.parallel (%[[J:.+]]) =
// CHECK-NEXT:      %[[W:.+]] = loop.load %arg1[%[[J]]] : memref<4xcomplex<f64>>
// CHECK-NEXT:      %[[IM:.+]] = loop.imag %[[W]] : complex<f64> -> f64
// CHECK-NEXT:      loop.store %[[IM]], %arg3[%[[J]]] : memref<4xf64>

func.func @parts(%z: tensor<4xcomplex<f32>>, %w: tensor<4xcomplex<f64>>) -> (tensor<4xf32>, tensor<4xf64>) {
  %0 = hlo.real %z : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %1 = hlo.imag %w : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  return %0, %1 : tensor<4xf32>, tensor<4xf64>
}

// -----

// complex is loop.complex; abs is loop.complex_abs; a complex constant is loop.complex of
// two float constants, once at the top of the function; complex arithmetic is loop.arith.
// CHECK-LABEL: func.func @build
// CHECK-DAG:     %[[ONE:.+]] = loop.constant 1.0 : f64
// CHECK-DAG:     %[[TWO:.+]] = loop.constant 2.0 : f64
// CHECK:         %[[K:.+]] = loop.complex %[[ONE]], %[[TWO]] : (f64, f64) -> complex<f64>
// CHECK:         loop.parallel
// CHECK:           loop.complex %{{.+}}, %{{.+}} : (f64, f64) -> complex<f64>
// CHECK:         loop.parallel
// CHECK:           loop.arith add %{{.+}}, %[[K]] : complex<f64>
// CHECK:         loop.parallel
// CHECK:           loop.complex_abs %{{.+}} : complex<f64> -> f64

func.func @build(%re: tensor<4xf64>, %im: tensor<4xf64>, %z: tensor<4xcomplex<f64>>) -> (tensor<4xcomplex<f64>>, tensor<4xf64>) {
  %c = hlo.constant dense<(1.0, 2.0)> : tensor<4xcomplex<f64>>
  %0 = hlo.complex %re, %im : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xcomplex<f64>>
  %1 = hlo.add %0, %c : tensor<4xcomplex<f64>>
  %2 = hlo.abs %z : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  return %1, %2 : tensor<4xcomplex<f64>>, tensor<4xf64>
}
