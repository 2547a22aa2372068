// RUN: xla-opt %s --split-input-file | FileCheck %s

// Complex exp, log, log1p and sqrt become real arithmetic on the parts, as XLA writes them
// when it reads StableHLO (fixtures/complex_math checks the values against XLA CPU).

// CHECK-LABEL: func.func @exp
// CHECK-SAME:    (%[[Z:.*]]: tensor<4xcomplex<f32>>)
// CHECK-DAG:     %[[X:.*]] = hlo.real %[[Z]]
// CHECK-DAG:     %[[Y:.*]] = hlo.imag %[[Z]]
// CHECK:         %[[E:.*]] = hlo.exponential %[[X]] : tensor<4xf32>
// CHECK:         %[[OVERFLOWS:.*]] = hlo.compare EQ, %[[E]]
// CHECK:         hlo.cosine %[[Y]]
// CHECK:         hlo.sine %[[Y]]
// CHECK:         %[[C:.*]] = hlo.complex
// CHECK:         func.return %[[C]]
// CHECK-NOT:     hlo.exponential {{.*}}complex
func.func @exp(%z: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = stablehlo.exponential %z : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// log's real part near the unit circle uses Dekker's splitter 2^27 + 1 for f64 parts.
// CHECK-LABEL: func.func @log
// CHECK:         hlo.constant dense<134217729.0> : tensor<f64>
// CHECK:         hlo.log_plus_one {{.*}} : tensor<4xf64>
// CHECK:         %[[IM:.*]] = hlo.atan2
// CHECK:         hlo.complex {{.*}}, %[[IM]] : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xcomplex<f64>>
func.func @log(%z: tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>> {
  %0 = stablehlo.log %z : tensor<4xcomplex<f64>>
  return %0 : tensor<4xcomplex<f64>>
}

// -----

// CHECK-LABEL: func.func @log_plus_one_and_sqrt
// CHECK:         hlo.atan2
// CHECK:         hlo.sqrt {{.*}} : tensor<f32>
// CHECK-NOT:     hlo.sqrt {{.*}}complex
// CHECK-NOT:     hlo.log_plus_one {{.*}}complex
func.func @log_plus_one_and_sqrt(%z: tensor<complex<f32>>) -> tensor<complex<f32>> {
  %0 = stablehlo.log_plus_one %z : tensor<complex<f32>>
  %1 = stablehlo.sqrt %0 : tensor<complex<f32>>
  return %1 : tensor<complex<f32>>
}

// -----

// Real operands keep their one op.
// CHECK-LABEL: func.func @real_operands
// CHECK-NEXT:    hlo.exponential
// CHECK-NEXT:    hlo.log
// CHECK-NEXT:    hlo.sqrt
// CHECK-NEXT:    func.return
func.func @real_operands(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.exponential %x : tensor<4xf32>
  %1 = stablehlo.log %0 : tensor<4xf32>
  %2 = stablehlo.sqrt %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}
