// RUN: xla-run --interpret --split-input-file %s | FileCheck %s
// RUN: xla-run --split-input-file %s | FileCheck %s
// RUN: xla-run --no-vector-math --split-input-file %s | FileCheck %s

// XLA CPU's own approximations of exp, expm1, log, log1p, logistic and tanh on f32, which
// the interpreter and compiled code compute bit for bit (the xla_math crate). Each operand
// is one where XLA's result is not the correctly rounded one; the expected values are
// XLA's, read from StableHLO's testdata (tanh_float32_20_20 and its siblings), and the
// checks compare bits.

// CHECK-LABEL: @tanh result 0: f32[3]
func.func @tanh() -> tensor<3xf32> {
  %x = hlo.constant dense<[-3.0034456e+00, -4.7987e+00, -1.2228116e-01]> : tensor<3xf32>
  %0 = hlo.tanh %x : tensor<3xf32>
  check.expect_eq_const %0, dense<[-9.950888e-01, -9.9986404e-01, -1.2167528e-01]> : tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// CHECK-LABEL: @exp result 0: f32[3]
func.func @exp() -> tensor<3xf32> {
  %x = hlo.constant dense<[-4.250975e+00, -2.986045e+00, -6.469884e+00]> : tensor<3xf32>
  %0 = hlo.exponential %x : tensor<3xf32>
  check.expect_eq_const %0, dense<[1.4250331e-02, 5.048672e-02, 1.5494055e-03]> : tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// CHECK-LABEL: @expm1 result 0: f32[3]
func.func @expm1() -> tensor<3xf32> {
  %x = hlo.constant dense<[-2.9757848e-01, -2.8324902e-01, 2.145637e-01]> : tensor<3xf32>
  %0 = hlo.exponential_minus_one %x : tensor<3xf32>
  check.expect_eq_const %0, dense<[-2.5738564e-01, -2.466678e-01, 2.3932102e-01]> : tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// CHECK-LABEL: @log result 0: f32[3]
func.func @log() -> tensor<3xf32> {
  %x = hlo.constant dense<[4.06805e-01, 6.275271e-01, 6.571245e-01]> : tensor<3xf32>
  %0 = hlo.log %x : tensor<3xf32>
  check.expect_eq_const %0, dense<[-8.9942133e-01, -4.6596837e-01, -4.1988173e-01]> : tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// CHECK-LABEL: @log1p result 0: f32[3]
func.func @log1p() -> tensor<3xf32> {
  %x = hlo.constant dense<[6.0524863e-01, 5.0039846e-01, 2.000849e+00]> : tensor<3xf32>
  %0 = hlo.log_plus_one %x : tensor<3xf32>
  check.expect_eq_const %0, dense<[4.732787e-01, 4.0573066e-01, 1.0988953e+00]> : tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// CHECK-LABEL: @logistic result 0: f32[2]
func.func @logistic() -> tensor<2xf32> {
  %x = hlo.constant dense<[3.4400594e+00, 6.5797305e-01]> : tensor<2xf32>
  %0 = hlo.logistic %x : tensor<2xf32>
  check.expect_eq_const %0, dense<[9.6893334e-01, 6.5880495e-01]> : tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

// Complex magnitude is XLA's max * sqrt(1 + (min/max)^2), one ulp from hypot here
// (abs_complex64_20_20 [3, 0]); sign divides by it in the parts' precision.

// CHECK-LABEL: @complex_abs result 0: f32[1]
func.func @complex_abs() -> tensor<1xf32> {
  %z = hlo.constant dense<[(-1.5462743, 3.5659747)]> : tensor<1xcomplex<f32>>
  %0 = hlo.abs %z : (tensor<1xcomplex<f32>>) -> tensor<1xf32>
  check.expect_eq_const %0, dense<[3.88679]> : tensor<1xf32>
  func.return %0 : tensor<1xf32>
}

// -----

// A complex product is XLA's contracted (fma(a, c, -(b d)), fma(b, c, a d)) in the parts'
// precision: both parts here are an ulp from the plainly rounded product
// (mul_complex64_20_20_complex64_20_20 [0, 0]).

// CHECK-LABEL: @complex_multiply result 0: c64[1]
func.func @complex_multiply() -> tensor<1xcomplex<f32>> {
  %a = hlo.constant dense<[(0.47702602, -1.3793355)]> : tensor<1xcomplex<f32>>
  %b = hlo.constant dense<[(1.954658, 2.2006018)]> : tensor<1xcomplex<f32>>
  %0 = hlo.multiply %a, %b : tensor<1xcomplex<f32>>
  check.expect_eq_const %0, dense<[(3.9677908, -1.6463848)]> : tensor<1xcomplex<f32>>
  func.return %0 : tensor<1xcomplex<f32>>
}

// -----

// Complex expm1 is XLA's (fma(expm1(a), cosm1(b) + 1, cosm1(b)), e^a sin(b)), its real
// part an ulp from the uncontracted sum here (expm1_complex64_20_20).

// CHECK-LABEL: @complex_expm1 result 0: c64[1]
func.func @complex_expm1() -> tensor<1xcomplex<f32>> {
  %z = hlo.constant dense<[(-0.26527426, -0.2951537)]> : tensor<1xcomplex<f32>>
  %0 = hlo.exponential_minus_one %z : tensor<1xcomplex<f32>>
  check.expect_eq_const %0, dense<[(-0.26617125, -0.22310898)]> : tensor<1xcomplex<f32>>
  func.return %0 : tensor<1xcomplex<f32>>
}
