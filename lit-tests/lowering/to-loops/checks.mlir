// RUN: xla-opt %s --split-input-file --lower-to-loops | FileCheck %s

// A check is a sequential nest counting the elements that differ and remembering the first
// (in a memref<2xi64>); when some do, it calls xla_rt_check_failed with its description
// (as bytes), the counters and the dimensions, and the runtime's status ends the function.
// CHECK-LABEL: func.func @bits
// CHECK:         %[[COUNTERS:.+]] = loop.alloc : memref<2xi64>
// CHECK:         loop.for %[[I:.+]] =
// CHECK:           %[[A:.+]] = loop.bitcast %{{.+}} : f32 -> ui32
// CHECK:           %[[B:.+]] = loop.bitcast %{{.+}} : f32 -> ui32
// CHECK:           loop.compare EQ, %[[A]], %[[B]] : ui32
// CHECK:           loop.store %{{.+}}, %[[COUNTERS]]
// CHECK:           loop.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[COUNT:.+]] = loop.load %[[COUNTERS]]
// CHECK:         %[[FAILED:.+]] = loop.compare GT, %[[COUNT]], %{{.+}} : i64
// CHECK:         loop.if %[[FAILED]] {
// CHECK:           %[[TEXT:.+]] = loop.alloc : memref<{{[0-9]+}}xui8>
// CHECK:           loop.call_runtime @xla_rt_check_failed(%[[TEXT]], %{{.+}}, %[[COUNTERS]], %{{.+}}, %{{.+}})
func.func @bits(%a: tensor<2xf32>, %b: tensor<2xf32>) {
  check.expect_eq %a, %b : tensor<2xf32>
  return
}

// -----

// expect_almost_eq compares in f64: both NaN, equal, or finite within the tolerance.
// CHECK-LABEL: func.func @absolute
// CHECK:         loop.for
// CHECK:           %[[X:.+]] = loop.convert %{{.+}} : f32 -> f64
// CHECK:           %[[Y:.+]] = loop.convert %{{.+}} : f32 -> f64
// CHECK:           %[[D:.+]] = loop.arith subtract %[[X]], %[[Y]] : f64
// CHECK:           %[[M:.+]] = loop.math abs %[[D]] : f64
// CHECK:           loop.compare LE, %[[M]], %{{.+}} : f64
func.func @absolute(%a: tensor<2xf32>) {
  check.expect_almost_eq_const %a, dense<[1.0, 2.0]> : tensor<2xf32>, tolerance = 1.0e-3
  return
}

// -----

// expect_close measures ulps on the element's bits; complex numbers part by part.
// CHECK-LABEL: func.func @ulps
// CHECK:         loop.for
// CHECK:           loop.real %{{.+}} : complex<f32> -> f32
// CHECK:           loop.imag %{{.+}} : complex<f32> -> f32
// CHECK:           loop.bitcast %{{.+}} : f32 -> ui32
// CHECK:           loop.bitcast %{{.+}} : ui64 -> i64
// CHECK:           loop.compare LE, %{{.+}}, %{{.+}} : ui64
func.func @ulps(%a: tensor<3xcomplex<f32>>, %b: tensor<3xcomplex<f32>>) {
  check.expect_close %a, %b, max_ulp_difference = 4 : tensor<3xcomplex<f32>>
  return
}
