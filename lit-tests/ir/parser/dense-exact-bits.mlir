// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file | xla-opt --split-input-file | FileCheck %s

// Dense literals keep their exact bits: integers up to 128 bits wide and NaN payloads.

// CHECK-LABEL: "test.wide_integers"
// CHECK-SAME:    a = dense<[170141183460469231731687303715884105727, -170141183460469231731687303715884105728]> : tensor<2xi128>
// CHECK-SAME:    b = dense<-5> : tensor<3xi96>
"test.wide_integers"() {a = dense<[170141183460469231731687303715884105727, -170141183460469231731687303715884105728]> : tensor<2xi128>, b = dense<-5> : tensor<3xi96>} : () -> ()

// -----

// A signaling NaN with a payload, the f8E4M3FN NaN with its sign bit set, and the f8E5M2
// NaN whose mantissa is 3 print as the bits they were written with.

// CHECK-LABEL: "test.nan_payloads"
// CHECK-SAME:    a = dense<[0x7F800001, 1.0]> : tensor<2xf32>
// CHECK-SAME:    b = dense<0xFF> : tensor<f8E4M3FN>
// CHECK-SAME:    c = dense<0x7F> : tensor<f8E5M2>
// CHECK-SAME:    d = dense<(0x7FC00000, 1.0)> : tensor<complex<f32>>
"test.nan_payloads"() {a = dense<[0x7F800001, 1.0]> : tensor<2xf32>, b = dense<0xFF> : tensor<f8E4M3FN>, c = dense<0x7F> : tensor<f8E5M2>, d = dense<(0x7FC00000, 1.0)> : tensor<complex<f32>>} : () -> ()
