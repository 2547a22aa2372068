// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %S/../../../fixtures/chlo_special.stablehlo.mlir | FileCheck %s --check-prefix=FIXTURE

// JAX's export of erf_inv, lgamma, digamma, i0e, i1e and next_after imports whole.
// FIXTURE-LABEL: module @jit_chlo_special
// FIXTURE-NOT:   chlo.
// FIXTURE:       hlo.sign
// FIXTURE-NOT:   chlo.
// FIXTURE:       func.return

// chlo ops expand into hlo ops (no chlo op survives); the numbers of each expansion are
// checked by import/tests/stablehlo_chlo.rs, these tests check the hlo ops it produces.

// square is a multiply; erf and tan are hlo ops; erfc of f64 is 1 - erf. Constants of a
// shape are 0-d constants broadcast, as XLA's HLO and JAX's StableHLO write them.

// CHECK-LABEL: func.func @simple_expansions
// CHECK-SAME:    (%[[X:.*]]: tensor<4xf64>)
// CHECK:         %[[SQ:.*]] = hlo.multiply %[[X]], %[[X]] : tensor<4xf64>
// CHECK:         %[[ERF:.*]] = hlo.erf %[[SQ]] : tensor<4xf64>
// CHECK:         %[[TAN:.*]] = hlo.tan %[[ERF]] : tensor<4xf64>
// CHECK:         %[[ERF2:.*]] = hlo.erf %[[TAN]] : tensor<4xf64>
// CHECK:         %[[ONE:.*]] = hlo.constant dense<1.0> : tensor<f64>
// CHECK:         %[[ONES:.*]] = hlo.broadcast_in_dim %[[ONE]], dims = [] : (tensor<f64>) -> tensor<4xf64>
// CHECK:         %[[ERFC:.*]] = hlo.subtract %[[ONES]], %[[ERF2]] : tensor<4xf64>
// CHECK:         func.return %[[ERFC]]
// CHECK-NOT:     chlo.
func.func @simple_expansions(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = chlo.square %x : tensor<4xf64> -> tensor<4xf64>
  %1 = chlo.erf %0 : tensor<4xf64> -> tensor<4xf64>
  %2 = chlo.tan %1 : tensor<4xf64> -> tensor<4xf64>
  %3 = chlo.erfc %2 : tensor<4xf64> -> tensor<4xf64>
  return %3 : tensor<4xf64>
}

// -----

// erfc of f32: XLA's approximation, 1 - x p(x^2) below |x| = 1, exp(-x^2) / |x| times a
// polynomial in 1 / x^2 (one below 2, one beyond) above, 0 where exp(-x^2) underflows, and
// 2 - erfc(|x|) for negative x.

// CHECK-LABEL: func.func @erfc_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<4xf32>)
// CHECK:         %[[ABS:.*]] = hlo.abs %[[X]]
// CHECK:         %[[SMALL:.*]] = hlo.compare LT, %[[ABS]]
// CHECK:         hlo.constant dense<7.8538615e-5> : tensor<f32>
// CHECK:         %[[NEG:.*]] = hlo.compare LT, %[[X]]
// CHECK:         hlo.constant dense<-88.72284> : tensor<f32>
// CHECK:         hlo.exponential
// CHECK:         %[[MEDIUM:.*]] = hlo.compare LT, %[[ABS]]
// CHECK:         hlo.constant dense<0.0232682> : tensor<f32>
// CHECK:         hlo.constant dense<-10.477664> : tensor<f32>
// CHECK:         hlo.select %[[MEDIUM]]
// CHECK:         hlo.select %[[NEG]]
// CHECK:         %[[R:.*]] = hlo.select %[[SMALL]]
// CHECK-NEXT:    func.return %[[R]]
func.func @erfc_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.erfc %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// is_inf compares |x| with the format's infinity (f16: 0x7C00).

// CHECK-LABEL: func.func @infinity_predicates
// CHECK-SAME:    (%[[X:.*]]: tensor<2xf16>)
// CHECK:         %[[ABS:.*]] = hlo.abs %[[X]] : tensor<2xf16>
// CHECK:         %[[INF0:.*]] = hlo.constant dense<0x7C00> : tensor<f16>
// CHECK:         %[[INF:.*]] = hlo.broadcast_in_dim %[[INF0]], dims = [] : (tensor<f16>) -> tensor<2xf16>
// CHECK:         %[[IS_INF:.*]] = hlo.compare EQ, %[[ABS]], %[[INF]], FLOAT : (tensor<2xf16>, tensor<2xf16>) -> tensor<2xi1>
// CHECK:         %[[POS_INF0:.*]] = hlo.constant dense<0x7C00> : tensor<f16>
// CHECK:         %[[POS_INF:.*]] = hlo.broadcast_in_dim %[[POS_INF0]]
// CHECK:         hlo.compare EQ, %[[X]], %[[POS_INF]], FLOAT
// CHECK:         func.return %[[IS_INF]]
func.func @infinity_predicates(%x: tensor<2xf16>) -> tensor<2xi1> {
  %0 = chlo.is_inf %x : tensor<2xf16> -> tensor<2xi1>
  %1 = chlo.is_pos_inf %x : tensor<2xf16> -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// sinh: a Taylor-accurate form for |x| < 1, (e^(x + log 1/2) - e^(log 1/2 - x)) otherwise.

// CHECK-LABEL: func.func @sinh
// CHECK-SAME:    (%[[X:.*]]: tensor<4xf32>)
// CHECK:         hlo.exponential_minus_one %[[X]]
// CHECK:         hlo.exponential
// CHECK:         hlo.subtract %{{.*}}, %[[X]]
// CHECK:         hlo.exponential
// CHECK:         %[[ABS:.*]] = hlo.abs %[[X]]
// CHECK:         %[[SMALL:.*]] = hlo.compare LT, %[[ABS]]
// CHECK:         %[[R:.*]] = hlo.select %[[SMALL]]
// CHECK:         func.return %[[R]]
func.func @sinh(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.sinh %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// sinh and cosh of f16 and bf16 compute in f32, as XLA's chlo legalization upcasts them;
// asinh of f16 runs op by op in f16 (XLA does not upcast it), of bf16 in f32.

// CHECK-LABEL: func.func @narrow
// CHECK-SAME:    (%[[H:.*]]: tensor<4xf16>, %[[B:.*]]: tensor<4xbf16>)
// CHECK:         %[[W:.*]] = hlo.convert_element_type %[[H]] : (tensor<4xf16>) -> tensor<4xf32>
// CHECK:         hlo.exponential_minus_one %[[W]] : tensor<4xf32>
// CHECK:         %[[S:.*]] = hlo.select
// CHECK-SAME:      tensor<4xf32>
// CHECK:         hlo.convert_element_type %[[S]] : (tensor<4xf32>) -> tensor<4xf16>
// CHECK:         %[[WB:.*]] = hlo.convert_element_type %[[B]] : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK:         hlo.exponential %{{.*}} : tensor<4xf32>
// CHECK:         hlo.convert_element_type %{{.*}} : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK-NOT:     hlo.convert_element_type %[[H]]
// CHECK:         hlo.log_plus_one %{{.*}} : tensor<4xf16>
// CHECK:         func.return
func.func @narrow(%h: tensor<4xf16>, %b: tensor<4xbf16>) -> (tensor<4xf16>, tensor<4xbf16>, tensor<4xf16>) {
  %0 = chlo.sinh %h : tensor<4xf16> -> tensor<4xf16>
  %1 = chlo.cosh %b : tensor<4xbf16> -> tensor<4xbf16>
  %2 = chlo.asinh %h : tensor<4xf16> -> tensor<4xf16>
  return %0, %1, %2 : tensor<4xf16>, tensor<4xbf16>, tensor<4xf16>
}

// -----

// bessel_i1e: Cephes' Chebyshev series (single precision for f32: 17 and 7 terms) in
// z/2 - 2 for z = |x| <= 8 and in 32/z - 2 beyond, divided by sqrt(z); odd symmetry via
// sign(x).

// CHECK-LABEL: func.func @bessel_i1e_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<8x32xf32>)
// CHECK:         %[[Z:.*]] = hlo.abs %[[X]] : tensor<8x32xf32>
// CHECK:         %[[EIGHT0:.*]] = hlo.constant dense<8.0> : tensor<f32>
// CHECK:         %[[EIGHT:.*]] = hlo.broadcast_in_dim %[[EIGHT0]], dims = [] : (tensor<f32>) -> tensor<8x32xf32>
// CHECK:         hlo.constant dense<9.381537e-9> : tensor<f32>
// CHECK:         hlo.constant dense<0.2525872> : tensor<f32>
// CHECK:         %[[SMALL:.*]] = hlo.multiply %[[Z]], %{{.*}} : tensor<8x32xf32>
// CHECK-NEXT:    hlo.divide %{{.*}}, %[[Z]] : tensor<8x32xf32>
// CHECK:         hlo.constant dense<-3.8353805e-9> : tensor<f32>
// CHECK:         hlo.constant dense<0.77857625> : tensor<f32>
// CHECK:         %[[ROOT:.*]] = hlo.sqrt %[[Z]] : tensor<8x32xf32>
// CHECK-NEXT:    %[[LARGE:.*]] = hlo.divide %{{.*}}, %[[ROOT]] : tensor<8x32xf32>
// CHECK-NEXT:    %[[LE:.*]] = hlo.compare LE, %[[Z]], %[[EIGHT]] : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xi1>
// CHECK-NEXT:    %[[MAG:.*]] = hlo.select %[[LE]], %[[SMALL]], %[[LARGE]] : tensor<8x32xi1>, tensor<8x32xf32>
// CHECK-NEXT:    %[[SIGN:.*]] = hlo.sign %[[X]] : tensor<8x32xf32>
// CHECK-NEXT:    %[[R:.*]] = hlo.multiply %[[SIGN]], %[[MAG]] : tensor<8x32xf32>
// CHECK-NEXT:    func.return %[[R]]
func.func @bessel_i1e_f32(%x: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %0 = chlo.bessel_i1e %x : tensor<8x32xf32> -> tensor<8x32xf32>
  return %0 : tensor<8x32xf32>
}

// -----

// f64 uses the double-precision series (29 and 25 terms).

// CHECK-LABEL: func.func @bessel_i1e_f64
// CHECK:         hlo.constant dense<2.7779141127610464e-18> : tensor<f64>
// CHECK:         hlo.constant dense<0.25258718644363365> : tensor<f64>
// CHECK:         hlo.constant dense<7.517296310842105e-18> : tensor<f64>
// CHECK:         hlo.constant dense<0.7785762350182801> : tensor<f64>
// CHECK:         hlo.sign
func.func @bessel_i1e_f64(%x: tensor<2xf64>) -> tensor<2xf64> {
  %0 = chlo.bessel_i1e %x : tensor<2xf64> -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// Narrow floats are computed in f32 and converted back, as XLA does.

// CHECK-LABEL: func.func @bessel_i1e_bf16
// CHECK-SAME:    (%[[X:.*]]: tensor<3xbf16>)
// CHECK:         %[[WIDE:.*]] = hlo.convert_element_type %[[X]] : (tensor<3xbf16>) -> tensor<3xf32>
// CHECK-NEXT:    hlo.abs %[[WIDE]] : tensor<3xf32>
// CHECK:         hlo.constant dense<9.381537e-9> : tensor<f32>
// CHECK:         hlo.sign
// CHECK-NEXT:    %[[R:.*]] = hlo.multiply %{{.*}}, %{{.*}} : tensor<3xf32>
// CHECK-NEXT:    %[[NARROW:.*]] = hlo.convert_element_type %[[R]] : (tensor<3xf32>) -> tensor<3xbf16>
// CHECK-NEXT:    func.return %[[NARROW]] : tensor<3xbf16>
func.func @bessel_i1e_bf16(%x: tensor<3xbf16>) -> tensor<3xbf16> {
  %0 = chlo.bessel_i1e %x : tensor<3xbf16> -> tensor<3xbf16>
  return %0 : tensor<3xbf16>
}

// -----

// CHECK-LABEL: func.func @lgamma_bf16
// CHECK-SAME:    (%[[X:.*]]: tensor<4xbf16>)
// CHECK:         hlo.convert_element_type %[[X]] : (tensor<4xbf16>) -> tensor<4xf32>
// CHECK:         hlo.log_plus_one
// CHECK:         hlo.sine
// CHECK:         hlo.is_finite
// CHECK:         %[[NARROW:.*]] = hlo.convert_element_type %{{.*}} : (tensor<4xf32>) -> tensor<4xbf16>
// CHECK-NEXT:    func.return %[[NARROW]]
func.func @lgamma_bf16(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = chlo.lgamma %x : tensor<4xbf16> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// top_k: a stable descending sort (TOTALORDER) of the values with an iota, then slices.

// CHECK-LABEL: func.func @top_k
// CHECK-SAME:    (%[[X:.*]]: tensor<4x8xf32>)
// CHECK:         %[[IOTA:.*]] = hlo.iota dim = 1 : tensor<4x8xi32>
// CHECK:         %[[S:.*]]:2 = hlo.sort(%[[X]], %[[IOTA]]) dim = 1 {is_stable = true}
// CHECK:           hlo.compare GT, %{{.*}}, %{{.*}}, TOTALORDER
// CHECK:         %[[V:.*]] = hlo.slice %[[S]]#0 [0:4, 0:2] : (tensor<4x8xf32>) -> tensor<4x2xf32>
// CHECK:         %[[I:.*]] = hlo.slice %[[S]]#1 [0:4, 0:2] : (tensor<4x8xi32>) -> tensor<4x2xi32>
// CHECK:         func.return %[[V]], %[[I]]
func.func @top_k(%x: tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>) {
  %0:2 = chlo.top_k(%x, k = 2) : tensor<4x8xf32> -> (tensor<4x2xf32>, tensor<4x2xi32>)
  return %0#0, %0#1 : tensor<4x2xf32>, tensor<4x2xi32>
}

// -----

// The broadcast_* ops broadcast explicitly (numpy rules, or broadcast_dimensions).

// CHECK-LABEL: func.func @broadcasting_ops
// CHECK-SAME:    (%[[A:.*]]: tensor<3xf32>, %[[B:.*]]: tensor<2x3xf32>, %[[P:.*]]: tensor<2x1xi1>)
// CHECK:         %[[A0:.*]] = hlo.broadcast_in_dim %[[A]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK:         %[[SUM:.*]] = hlo.add %[[A0]], %[[B]] : tensor<2x3xf32>
// CHECK:         %[[A1:.*]] = hlo.broadcast_in_dim %[[A]], dims = [1]
// CHECK:         %[[PROD:.*]] = hlo.multiply %[[A1]], %[[B]]
// CHECK:         %[[A2:.*]] = hlo.broadcast_in_dim %[[A]], dims = [1]
// CHECK:         hlo.compare LT, %[[A2]], %[[B]] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK:         %[[PB:.*]] = hlo.broadcast_in_dim %[[P]], dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x3xi1>
// CHECK:         %[[SEL:.*]] = hlo.select %[[PB]], %[[SUM]], %[[PROD]]
// CHECK:         %[[A3:.*]] = hlo.broadcast_in_dim %[[A]], dims = [1]
// CHECK:         hlo.bitcast_convert_type %[[A3]] : (tensor<2x3xf32>) -> tensor<2x3xi32>
// CHECK:         func.return %[[SEL]]
func.func @broadcasting_ops(%a: tensor<3xf32>, %b: tensor<2x3xf32>, %p: tensor<2x1xi1>) -> tensor<2x3xf32> {
  %0 = chlo.broadcast_add %a, %b : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = chlo.broadcast_multiply %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>} : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %3 = chlo.broadcast_select %p, %0, %1 : (tensor<2x1xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = chlo.broadcast_next_after %a, %b : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %3 : tensor<2x3xf32>
}

// -----

// next_after works on the bit patterns.

// CHECK-LABEL: func.func @next_after
// CHECK-SAME:    (%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>)
// CHECK:         hlo.bitcast_convert_type %[[X]] : (tensor<4xf32>) -> tensor<4xi32>
// CHECK:         hlo.bitcast_convert_type %[[Y]] : (tensor<4xf32>) -> tensor<4xi32>
// CHECK:         %[[R:.*]] = hlo.bitcast_convert_type %{{.*}} : (tensor<4xi32>) -> tensor<4xf32>
// CHECK-NEXT:    func.return %[[R]]
func.func @next_after(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Generic forms of chlo ops expand too; chlo.constant is a constant.

// CHECK-LABEL: func.func @generic_chlo
// CHECK:         %[[C:.*]] = hlo.constant dense<2.0> : tensor<2xf32>
// CHECK:         hlo.multiply %[[C]], %[[C]]
func.func @generic_chlo() -> tensor<2xf32> {
  %0 = "chlo.constant"() {value = dense<2.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %1 = "chlo.square"(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// conj negates the imaginary part.

// CHECK-LABEL: func.func @conj
// CHECK-SAME:    (%[[Z:.*]]: tensor<2xcomplex<f32>>)
// CHECK:         %[[RE:.*]] = hlo.real %[[Z]]
// CHECK:         %[[IM:.*]] = hlo.imag %[[Z]]
// CHECK:         %[[NEG:.*]] = hlo.negate %[[IM]]
// CHECK:         %[[R:.*]] = hlo.complex %[[RE]], %[[NEG]] : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>
// CHECK:         func.return %[[R]]
func.func @conj(%z: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %0 = chlo.conj %z : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}
