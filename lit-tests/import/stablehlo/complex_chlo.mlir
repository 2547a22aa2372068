// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %S/../../../fixtures/complex_chlo.stablehlo.mlir | FileCheck %s --check-prefix=FIXTURE

// JAX's export of the complex hyperbolic and inverse trigonometric functions imports whole.
// FIXTURE-LABEL: module @jit_complex_chlo
// FIXTURE-NOT:   chlo.
// FIXTURE:       func.return
// FIXTURE-NOT:   chlo.

// chlo's hyperbolic and inverse trigonometric functions and square on complex numbers become
// real arithmetic on the parts, as XLA writes them when it reads StableHLO (the numbers are
// checked against XLA CPU by fixtures/complex_chlo and import/tests/stablehlo_chlo.rs).

// square: (x - y)(x + y), exactly 0 where |x| = |y| and x is finite, and 2(xy).
// CHECK-LABEL: func.func @square
// CHECK-SAME:    (%[[Z:.*]]: tensor<complex<f64>>)
// CHECK:         %[[X:.*]] = hlo.real %[[Z]]
// CHECK:         %[[Y:.*]] = hlo.imag %[[Z]]
// CHECK:         %[[FINITE:.*]] = hlo.is_finite %[[X]]
// CHECK:         %[[DIFF:.*]] = hlo.subtract %[[X]], %[[Y]] : tensor<f64>
// CHECK:         %[[SUM:.*]] = hlo.add %[[X]], %[[Y]] : tensor<f64>
// CHECK:         %[[PRODUCT:.*]] = hlo.multiply %[[DIFF]], %[[SUM]] : tensor<f64>
// CHECK:         %[[RE:.*]] = hlo.select %{{.*}}, %{{.*}}, %[[PRODUCT]]
// CHECK:         %[[XY:.*]] = hlo.multiply %[[X]], %[[Y]] : tensor<f64>
// CHECK:         %[[TWO:.*]] = hlo.constant dense<2.0> : tensor<f64>
// CHECK:         %[[IM:.*]] = hlo.multiply %[[XY]], %[[TWO]] : tensor<f64>
// CHECK:         %[[C:.*]] = hlo.complex %[[RE]], %[[IM]]
// CHECK:         func.return %[[C]]
func.func @square(%z: tensor<complex<f64>>) -> tensor<complex<f64>> {
  %0 = chlo.square %z : tensor<complex<f64>> -> tensor<complex<f64>>
  return %0 : tensor<complex<f64>>
}

// -----

// sinh and cosh: exp(z + log(1/2)) -/+ exp(log(1/2) - z) with the complex log and exp written
// as real arithmetic (Dekker's splitter 2^12 + 1 for f32 parts), the sum of complex values
// kept.
// CHECK-LABEL: func.func @sinh_cosh
// CHECK:         hlo.constant dense<(0.5, 0.0)> : tensor<complex<f32>>
// CHECK:         hlo.constant dense<4097.0> : tensor<f32>
// CHECK:         hlo.log_plus_one
// CHECK:         hlo.atan2
// CHECK:         %[[LOG_HALF:.*]] = hlo.complex
// CHECK:         hlo.add %{{.*}}, %[[LOG_HALF]] : tensor<4xcomplex<f32>>
// CHECK:         hlo.exponential {{.*}} : tensor<4xf32>
// CHECK:         %[[UP:.*]] = hlo.complex
// CHECK:         hlo.subtract %[[LOG_HALF]], %{{.*}} : tensor<4xcomplex<f32>>
// CHECK:         %[[DOWN:.*]] = hlo.complex
// CHECK:         %[[SINH:.*]] = hlo.subtract %[[UP]], %[[DOWN]] : tensor<4xcomplex<f32>>
// CHECK:         hlo.add {{.*}} : tensor<4xcomplex<f32>>
// CHECK-NOT:     hlo.exponential {{.*}}complex
// CHECK-NOT:     hlo.log {{.*}}complex
// CHECK:         func.return
func.func @sinh_cosh(%z: tensor<4xcomplex<f32>>) -> (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) {
  %0 = chlo.sinh %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %1 = chlo.cosh %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return %0, %1 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>
}

// -----

// asin: Hull et al.'s kernel, with sqrt(max) / 8 and 4 sqrt(smallest normal) of f32, the
// hypotenuses of (|x| + 1, |y|) and (|x| - 1, |y|), and Re = atan2(x, q).
// CHECK-LABEL: func.func @asin
// CHECK-SAME:    (%[[Z:.*]]: tensor<4xcomplex<f32>>)
// CHECK:         %[[X:.*]] = hlo.real %[[Z]]
// CHECK:         %[[Y:.*]] = hlo.imag %[[Z]]
// CHECK:         hlo.constant dense<2.3058429e18> : tensor<f32>
// CHECK:         hlo.constant dense<1.4142135> : tensor<f32>
// CHECK:         hlo.constant dense<2.3058428e30> : tensor<f32>
// CHECK:         hlo.constant dense<2305842700000.0> : tensor<f32>
// CHECK:         hlo.constant dense<2.3058428e20> : tensor<f32>
// CHECK:         hlo.constant dense<0.6931472> : tensor<f32>
// CHECK:         hlo.log_plus_one
// CHECK:         hlo.constant dense<4.3368087e-19> : tensor<f32>
// CHECK:         hlo.constant dense<1.5> : tensor<f32>
// CHECK:         hlo.log_plus_one
// CHECK:         %[[RE:.*]] = hlo.atan2 %[[X]], %[[Q:.*]] : tensor<4xf32>
// CHECK:         %[[NEGATIVE:.*]] = hlo.compare LT, %[[Y]]
// CHECK:         %[[MINUS:.*]] = hlo.negate %[[MAGNITUDE:.*]] : tensor<4xf32>
// CHECK:         %[[IM:.*]] = hlo.select %[[NEGATIVE]], %[[MINUS]], %[[MAGNITUDE]]
// CHECK:         %[[C:.*]] = hlo.complex %[[RE]], %[[IM]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f32>>
// CHECK:         func.return %[[C]]
func.func @asin(%z: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = chlo.asin %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// acos: the same kernel with f64's thresholds; Re = atan2(q, x), Im = asin's negated.
// CHECK-LABEL: func.func @acos
// CHECK-SAME:    (%[[Z:.*]]: tensor<complex<f64>>)
// CHECK:         %[[X:.*]] = hlo.real %[[Z]]
// CHECK:         %[[Y:.*]] = hlo.imag %[[Z]]
// CHECK:         hlo.constant dense<1.6759759912428245e153> : tensor<f64>
// CHECK:         hlo.constant dense<5.966672584960166e-154> : tensor<f64>
// CHECK:         %[[RE:.*]] = hlo.atan2 %{{.*}}, %[[X]] : tensor<f64>
// CHECK:         %[[NEGATIVE:.*]] = hlo.compare LT, %[[Y]]
// CHECK:         %[[MINUS:.*]] = hlo.negate %[[MAGNITUDE:.*]] : tensor<f64>
// CHECK:         %[[IM:.*]] = hlo.select %[[NEGATIVE]], %[[MAGNITUDE]], %[[MINUS]]
// CHECK:         hlo.complex %[[RE]], %[[IM]]
func.func @acos(%z: tensor<complex<f64>>) -> tensor<complex<f64>> {
  %0 = chlo.acos %z : tensor<complex<f64>> -> tensor<complex<f64>>
  return %0 : tensor<complex<f64>>
}

// -----

// asinh: the kernel on |-y| and |x| (asin of iz); Im = atan2(y, q).
// CHECK-LABEL: func.func @asinh
// CHECK-SAME:    (%[[Z:.*]]: tensor<complex<f64>>)
// CHECK:         %[[X:.*]] = hlo.real %[[Z]]
// CHECK:         %[[Y:.*]] = hlo.imag %[[Z]]
// CHECK:         %[[X_NEGATIVE:.*]] = hlo.compare LT, %[[X]]
// CHECK:         %[[AX:.*]] = hlo.abs %[[X]]
// CHECK:         %[[MINUS_Y:.*]] = hlo.negate %[[Y]]
// CHECK:         %[[AY:.*]] = hlo.abs %[[MINUS_Y]]
// CHECK:         hlo.maximum %[[AY]], %[[AX]]
// CHECK:         %[[RE:.*]] = hlo.select %[[X_NEGATIVE]], %{{.*}}, %{{.*}} : tensor<i1>, tensor<f64>
// CHECK:         %[[IM:.*]] = hlo.atan2 %[[Y]], %{{.*}} : tensor<f64>
// CHECK:         hlo.complex %[[RE]], %[[IM]]
func.func @asinh(%z: tensor<complex<f64>>) -> tensor<complex<f64>> {
  %0 = chlo.asinh %z : tensor<complex<f64>> -> tensor<complex<f64>>
  return %0 : tensor<complex<f64>>
}

// -----

// acosh: Re is the kernel's log term, Im = sign(y) atan2(q, x).
// CHECK-LABEL: func.func @acosh
// CHECK-SAME:    (%[[Z:.*]]: tensor<2xcomplex<f32>>)
// CHECK:         %[[X:.*]] = hlo.real %[[Z]]
// CHECK:         %[[Y:.*]] = hlo.imag %[[Z]]
// CHECK:         hlo.log_plus_one
// CHECK:         %[[NEGATIVE:.*]] = hlo.compare LT, %[[Y]]
// CHECK:         %[[ANGLE:.*]] = hlo.atan2 %{{.*}}, %[[X]] : tensor<2xf32>
// CHECK:         %[[MINUS:.*]] = hlo.negate %[[ANGLE]]
// CHECK:         %[[IM:.*]] = hlo.select %[[NEGATIVE]], %[[MINUS]], %[[ANGLE]]
// CHECK:         hlo.complex %{{.*}}, %[[IM]]
func.func @acosh(%z: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %0 = chlo.acosh %z : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

// atanh: log1p(4t) / 4 signed by x and atan2(2y, (1 - |x|)(1 + |x|) - y^2) / 2 inside the safe
// region |x|, |y| < (2^53 + 2)^2 for f64, sign(y) pi / 2 outside it.
// CHECK-LABEL: func.func @atanh
// CHECK-SAME:    (%[[Z:.*]]: tensor<complex<f64>>)
// CHECK:         hlo.constant dense<8.112963841460672e31> : tensor<f64>
// CHECK:         hlo.constant dense<9007199254740994.0> : tensor<f64>
// CHECK:         hlo.log_plus_one
// CHECK:         %[[QUARTER:.*]] = hlo.constant dense<0.25> : tensor<f64>
// CHECK:         %[[RE:.*]] = hlo.multiply %{{.*}}, %[[QUARTER]]
// CHECK:         hlo.atan2
// CHECK:         hlo.constant dense<3.141592653589793> : tensor<f64>
// CHECK:         %[[HALF:.*]] = hlo.constant dense<0.5> : tensor<f64>
// CHECK:         %[[IM:.*]] = hlo.multiply %{{.*}}, %[[HALF]]
// CHECK:         hlo.complex %[[RE]], %[[IM]]
func.func @atanh(%z: tensor<complex<f64>>) -> tensor<complex<f64>> {
  %0 = chlo.atanh %z : tensor<complex<f64>> -> tensor<complex<f64>>
  return %0 : tensor<complex<f64>>
}

// -----

// atan: atanh of iz = -y + ix (2^24 + 2 for f32), turned back as (Im, -Re).
// CHECK-LABEL: func.func @atan
// CHECK-SAME:    (%[[Z:.*]]: tensor<complex<f32>>)
// CHECK:         %[[X:.*]] = hlo.real %[[Z]]
// CHECK:         %[[Y:.*]] = hlo.imag %[[Z]]
// CHECK:         %[[MINUS_Y:.*]] = hlo.negate %[[Y]]
// CHECK:         hlo.compare GE, %[[MINUS_Y]]
// CHECK:         hlo.constant dense<16777218.0> : tensor<f32>
// CHECK:         hlo.atan2 %{{.*}}, %{{.*}} : tensor<f32>
// CHECK:         %[[HALF:.*]] = hlo.constant dense<0.5> : tensor<f32>
// CHECK:         %[[V:.*]] = hlo.multiply %{{.*}}, %[[HALF]] : tensor<f32>
// CHECK:         %[[MINUS_U:.*]] = hlo.negate %{{.*}} : tensor<f32>
// CHECK-NEXT:    hlo.complex %[[V]], %[[MINUS_U]]
func.func @atan(%z: tensor<complex<f32>>) -> tensor<complex<f32>> {
  %0 = chlo.atan %z : tensor<complex<f32>> -> tensor<complex<f32>>
  return %0 : tensor<complex<f32>>
}

// -----

// Real operands keep the real expansions: asin(x) = 2 atan2(x, 1 + sqrt((1 - x)(1 + x))).
// CHECK-LABEL: func.func @real_asin
// CHECK-NOT:     hlo.real
// CHECK:         %[[ANGLE:.*]] = hlo.atan2
// CHECK:         hlo.add %[[ANGLE]], %[[ANGLE]] : tensor<4xf32>
// CHECK-NOT:     hlo.complex
func.func @real_asin(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.asin %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
