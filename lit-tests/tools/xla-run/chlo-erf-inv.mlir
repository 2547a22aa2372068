// RUN: xla-run --interpret %s | FileCheck %s
// RUN: xla-run %s | FileCheck %s

// chlo.erf_inv of f64 is Giles' double-precision form (three polynomials in w = -log(1 - x^2)),
// as StableHLO's decomposition writes it: within a few ulps of the true values here (from
// scipy.special.erfinv), where the single-precision form is off by about 1e-8 relative
// (some 10^7 ulps).

// CHECK: @main result 0: f64[4]
func.func @main() -> tensor<4xf64> {
  %x = stablehlo.constant dense<[0.5, -0.9, 0.999, 1.0e-3]> : tensor<4xf64>
  %0 = chlo.erf_inv %x : tensor<4xf64> -> tensor<4xf64>
  %expected = stablehlo.constant dense<[0.4769362762044699, -1.1630871536766743, 2.326753765513524, 0.000886227157466552]> : tensor<4xf64>
  stablehlo.custom_call @check.expect_close(%0, %expected) {backend_config = "max_ulp_difference=32", has_side_effect = true} : (tensor<4xf64>, tensor<4xf64>) -> ()
  return %0 : tensor<4xf64>
}
