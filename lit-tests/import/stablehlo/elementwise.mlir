// RUN: xla-opt %s --split-input-file | FileCheck %s

// Elementwise ops in StableHLO's pretty forms (one type, or a functional type) and in the
// generic form become the hlo ops of the same meaning.

// CHECK-LABEL: func.func @unary_and_binary
// CHECK-SAME:    (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>, %[[I:.*]]: tensor<4xi32>)
// CHECK:         %[[SUM:.*]] = hlo.add %[[A]], %[[B]] : tensor<4xf32>
// CHECK:         %[[TANH:.*]] = hlo.tanh %[[SUM]] : tensor<4xf32>
// CHECK:         %[[EXPM1:.*]] = hlo.exponential_minus_one %[[TANH]] : tensor<4xf32>
// CHECK:         %[[SHR:.*]] = hlo.shift_right_logical %[[I]], %[[I]] : tensor<4xi32>
// CHECK:         %[[CVT:.*]] = hlo.convert_element_type %[[SHR]] : (tensor<4xi32>) -> tensor<4xf32>
// CHECK:         %[[ATAN2:.*]] = hlo.atan2 %[[EXPM1]], %[[CVT]] : tensor<4xf32>
// CHECK:         %[[BITS:.*]] = hlo.bitcast_convert_type %[[ATAN2]] : (tensor<4xf32>) -> tensor<4xi32>
// CHECK:         %[[POP:.*]] = hlo.popcnt %[[BITS]]
// CHECK:         %[[CLZ:.*]] = hlo.count_leading_zeros %[[POP]]
// CHECK:         %[[RNE:.*]] = hlo.round_nearest_even %[[ATAN2]]
// CHECK:         %[[LOGISTIC:.*]] = hlo.logistic %[[RNE]]
// CHECK:         %[[NOT:.*]] = hlo.not %[[CLZ]] : tensor<4xi32>
// CHECK:         %[[REM:.*]] = hlo.remainder %[[NOT]], %[[I]] : tensor<4xi32>
// CHECK:         hlo.power %[[LOGISTIC]], %[[LOGISTIC]] : tensor<4xf32>
// CHECK:         func.return %[[REM]]
func.func @unary_and_binary(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  %1 = stablehlo.tanh %0 : tensor<4xf32>
  %2 = stablehlo.exponential_minus_one %1 : (tensor<4xf32>) -> tensor<4xf32>
  %3 = stablehlo.shift_right_logical %i, %i : tensor<4xi32>
  %4 = stablehlo.convert %3 : (tensor<4xi32>) -> tensor<4xf32>
  %5 = stablehlo.atan2 %2, %4 : tensor<4xf32>
  %6 = stablehlo.bitcast_convert %5 : (tensor<4xf32>) -> tensor<4xi32>
  %7 = stablehlo.popcnt %6 : tensor<4xi32>
  %8 = stablehlo.count_leading_zeros %7 : tensor<4xi32>
  %9 = stablehlo.round_nearest_even %5 : tensor<4xf32>
  %10 = stablehlo.logistic %9 : tensor<4xf32>
  %11 = stablehlo.not %8 : tensor<4xi32>
  %12 = stablehlo.remainder %11, %i : tensor<4xi32>
  %13 = stablehlo.power %10, %10 : tensor<4xf32>
  return %12 : tensor<4xi32>
}

// -----

// `compare` keeps its direction and its comparison type (absent stays absent); the
// generic form's `#stablehlo<comparison_direction ...>` attributes read the same.

// CHECK-LABEL: func.func @compare
// CHECK-SAME:    (%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>, %[[I:.*]]: tensor<4xi32>, %[[U:.*]]: tensor<4xui32>)
// CHECK:         %[[GT:.*]] = hlo.compare GT, %[[A]], %[[B]], FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK:         %[[EQ:.*]] = hlo.compare EQ, %[[A]], %[[B]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK:         hlo.compare LT, %[[A]], %[[B]], TOTALORDER
// CHECK:         hlo.compare GE, %[[I]], %[[I]], SIGNED
// CHECK:         hlo.compare NE, %[[U]], %[[U]], UNSIGNED
// CHECK:         hlo.compare LE, %[[A]], %[[B]], FLOAT
// CHECK:         hlo.and %[[GT]], %[[EQ]] : tensor<4xi1>
func.func @compare(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: tensor<4xi32>, %u: tensor<4xui32>) -> tensor<4xi1> {
  %0 = stablehlo.compare GT, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = stablehlo.compare EQ, %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %2 = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %3 = stablehlo.compare GE, %i, %i, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %4 = stablehlo.compare NE, %u, %u, UNSIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  %5 = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction LE>, compare_type = #stablehlo<comparison_type FLOAT>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %6 = stablehlo.and %0, %1 : tensor<4xi1>
  return %6 : tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @select_clamp_reduce_precision
// CHECK-SAME:    (%[[P:.*]]: tensor<4xi1>, %[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>, %[[LO:.*]]: tensor<f32>, %[[HI:.*]]: tensor<f32>)
// CHECK:         %[[S0:.*]] = hlo.select %[[P]], %[[A]], %[[B]] : tensor<4xi1>, tensor<4xf32>
// CHECK:         %[[S1:.*]] = hlo.select %[[P]], %[[S0]], %[[B]] : tensor<4xi1>, tensor<4xf32>
// CHECK:         %[[C0:.*]] = hlo.clamp %[[LO]], %[[S1]], %[[HI]] : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK:         %[[C1:.*]] = hlo.clamp %[[A]], %[[C0]], %[[B]] : tensor<4xf32>
// CHECK:         hlo.reduce_precision %[[C1]], format = e5m10 : tensor<4xf32>
func.func @select_clamp_reduce_precision(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>, %lo: tensor<f32>, %hi: tensor<f32>) -> tensor<4xf32> {
  %0 = stablehlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>
  %1 = stablehlo.select %p, %0, %b : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = stablehlo.clamp %lo, %1, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %3 = stablehlo.clamp %a, %2, %b : tensor<4xf32>
  %4 = stablehlo.reduce_precision %3, format = e5m10 : tensor<4xf32>
  return %4 : tensor<4xf32>
}

// -----

// real and imag of a complex are its operands, as XLA folds them when it reads StableHLO.
// CHECK-LABEL: func.func @complex_parts
// CHECK-SAME:    (%[[RE:.*]]: tensor<2xf32>, %[[IM:.*]]: tensor<2xf32>)
// CHECK:         %[[Z:.*]] = hlo.complex %[[RE]], %[[IM]] : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>
// CHECK-NOT:     hlo.real
// CHECK-NOT:     hlo.imag
// CHECK:         hlo.abs %[[Z]] : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
// CHECK:         hlo.add %[[RE]], %[[IM]] : tensor<2xf32>
func.func @complex_parts(%re: tensor<2xf32>, %im: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.complex %re, %im : tensor<2xcomplex<f32>>
  %1 = stablehlo.real %0 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %2 = stablehlo.imag %0 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %3 = stablehlo.abs %0 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %4 = "stablehlo.add"(%1, %2) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %4 : tensor<2xf32>
}
