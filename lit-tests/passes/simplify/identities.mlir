// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(simplify{stats=true}))' | FileCheck %s
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(simplify{stats=true}))' 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// Rule `divide-one`.
// STATS: remark: simplify @divide_one: {{.*}} divide-one=
// CHECK-LABEL: func.func @divide_one
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    func.return %[[ARG0]] : tensor<4xf32>
func.func @divide_one(%x: tensor<4xf32>) -> tensor<4xf32> {
  %one = hlo.constant dense<1.0> : tensor<4xf32>
  %0 = hlo.divide %x, %one : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Rule `divide-power-of-two`: the reciprocal of 8 (and of 2^-126) is exact in f32; that of
// 3 is not, and 2^-149's reciprocal 2^149 overflows f32: those stay divisions.
// STATS: remark: simplify @divide_power_of_two: {{.*}} divide-power-of-two=
// CHECK-LABEL: func.func @divide_power_of_two
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>)
// CHECK-DAG:     %[[EIGHTH:.+]] = hlo.constant dense<0.125> : tensor<4xf32>
// CHECK-DAG:     %[[BIG:.+]] = hlo.constant dense<8.507059e37> : tensor<4xf32>
// CHECK-DAG:     %[[Q0:.+]] = hlo.multiply %[[ARG0]], %[[EIGHTH]] : tensor<4xf32>
// CHECK-DAG:     %[[Q1:.+]] = hlo.multiply %[[ARG0]], %[[BIG]] : tensor<4xf32>
// CHECK-DAG:     %[[Q2:.+]] = hlo.divide %[[ARG0]], %{{.+}} : tensor<4xf32>
// CHECK-DAG:     %[[Q3:.+]] = hlo.divide %[[ARG0]], %{{.+}} : tensor<4xf32>
// CHECK:         func.return %[[Q0]], %[[Q1]], %[[Q2]], %[[Q3]]
func.func @divide_power_of_two(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %eight = hlo.constant dense<8.0> : tensor<4xf32>
  %tiny = hlo.constant dense<1.17549435E-38> : tensor<4xf32>
  %three = hlo.constant dense<3.0> : tensor<4xf32>
  %smallest = hlo.constant dense<1.40129846E-45> : tensor<4xf32>
  %0 = hlo.divide %x, %eight : tensor<4xf32>
  %1 = hlo.divide %x, %tiny : tensor<4xf32>
  %2 = hlo.divide %x, %three : tensor<4xf32>
  %3 = hlo.divide %x, %smallest : tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Rule `divide-power-of-two` through a broadcast of a scalar constant (attention's
// `scores / sqrt(64)`): the reciprocal is broadcast instead.
// STATS: remark: simplify @divide_broadcast_power_of_two: {{.*}} divide-power-of-two=
// CHECK-LABEL: func.func @divide_broadcast_power_of_two
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<512x512xf32>)
// CHECK:         %[[EIGHTH:.+]] = hlo.constant dense<0.125> : tensor<f32>
// CHECK:         %[[B:.+]] = hlo.broadcast_in_dim %[[EIGHTH]], dims = [] : (tensor<f32>) -> tensor<512x512xf32>
// CHECK:         %[[Q:.+]] = hlo.multiply %[[ARG0]], %[[B]] : tensor<512x512xf32>
// CHECK:         func.return %[[Q]]
func.func @divide_broadcast_power_of_two(%x: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %eight = hlo.constant dense<8.0> : tensor<f32>
  %b = hlo.broadcast_in_dim %eight, dims = [] : (tensor<f32>) -> tensor<512x512xf32>
  %0 = hlo.divide %x, %b : tensor<512x512xf32>
  return %0 : tensor<512x512xf32>
}

// -----

// Rule `multiply-zero-int`.
// STATS: remark: simplify @multiply_zero_int: {{.*}} multiply-zero-int=
// CHECK-LABEL: func.func @multiply_zero_int
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.constant dense<0> : tensor<4xi32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<4xi32>
func.func @multiply_zero_int(%x: tensor<4xi32>) -> tensor<4xi32> {
  %z = hlo.constant dense<0> : tensor<i32>
  %0 = hlo.multiply %x, %z : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Rule `subtract-self-int`.
// STATS: remark: simplify @subtract_self_int: {{.*}} subtract-self-int=
// CHECK-LABEL: func.func @subtract_self_int
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.constant dense<0> : tensor<4xi32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<4xi32>
func.func @subtract_self_int(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = hlo.subtract %x, %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Rule `xor-self`.
// STATS: remark: simplify @xor_self: {{.*}} xor-self=
// CHECK-LABEL: func.func @xor_self
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.constant dense<0> : tensor<4xi32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<4xi32>
func.func @xor_self(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = hlo.xor %x, %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Rule `maximum-self`.
// STATS: remark: simplify @maximum_self: {{.*}} maximum-self=
// CHECK-LABEL: func.func @maximum_self
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    func.return %[[ARG0]] : tensor<4xf32>
func.func @maximum_self(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.maximum %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Rule `minimum-self`.
// STATS: remark: simplify @minimum_self: {{.*}} minimum-self=
// CHECK-LABEL: func.func @minimum_self
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    func.return %[[ARG0]] : tensor<4xf32>
func.func @minimum_self(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.minimum %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Rule `and-self`.
// STATS: remark: simplify @and_self: {{.*}} and-self=
// CHECK-LABEL: func.func @and_self
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xi1>) -> tensor<4xi1>
// CHECK-NEXT:    func.return %[[ARG0]] : tensor<4xi1>
func.func @and_self(%x: tensor<4xi1>) -> tensor<4xi1> {
  %0 = hlo.and %x, %x : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Rule `or-self`.
// STATS: remark: simplify @or_self: {{.*}} or-self=
// CHECK-LABEL: func.func @or_self
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    func.return %[[ARG0]] : tensor<4xi32>
func.func @or_self(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = hlo.or %x, %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Rule `and-constant`, false on either side (`p & true == p` is the `hlo.and` folder's:
// see dialect_rewrites.mlir).
// STATS: remark: simplify @and_constant: {{.*}} and-constant=
// CHECK-LABEL: func.func @and_constant
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>)
// CHECK-NEXT:    %[[V0:.+]] = hlo.constant dense<false> : tensor<4xi1>
// CHECK-NEXT:    func.return %[[V0]], %[[V0]] : tensor<4xi1>, tensor<4xi1>
func.func @and_constant(%x: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>) {
  %f = hlo.constant dense<false> : tensor<4xi1>
  %0 = hlo.and %x, %f : tensor<4xi1>
  %1 = hlo.and %f, %x : tensor<4xi1>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}

// -----

// Rule `or-constant`, true on either side (`p | false == p` is the `hlo.or` folder's:
// see dialect_rewrites.mlir).
// STATS: remark: simplify @or_constant: {{.*}} or-constant=
// CHECK-LABEL: func.func @or_constant
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>)
// CHECK-NEXT:    %[[V0:.+]] = hlo.constant dense<true> : tensor<4xi1>
// CHECK-NEXT:    func.return %[[V0]], %[[V0]] : tensor<4xi1>, tensor<4xi1>
func.func @or_constant(%x: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>) {
  %t = hlo.constant dense<true> : tensor<4xi1>
  %0 = hlo.or %x, %t : tensor<4xi1>
  %1 = hlo.or %t, %x : tensor<4xi1>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}

// -----

// Rule `negate-negate`.
// STATS: remark: simplify @negate_negate: {{.*}} negate-negate=
// CHECK-LABEL: func.func @negate_negate
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    func.return %[[ARG0]] : tensor<4xf32>
func.func @negate_negate(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.negate %x : tensor<4xf32>
  %1 = hlo.negate %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Rule `not-not`.
// STATS: remark: simplify @not_not: {{.*}} not-not=
// CHECK-LABEL: func.func @not_not
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    func.return %[[ARG0]] : tensor<4xi32>
func.func @not_not(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = hlo.not %x : tensor<4xi32>
  %1 = hlo.not %0 : tensor<4xi32>
  return %1 : tensor<4xi32>
}

// -----

// Rule `zero-minus`.
// STATS: remark: simplify @zero_minus: {{.*}} zero-minus=
// CHECK-LABEL: func.func @zero_minus
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.negate %[[ARG0]] : tensor<4xi32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<4xi32>
func.func @zero_minus(%x: tensor<4xi32>) -> tensor<4xi32> {
  %z = hlo.constant dense<0> : tensor<4xi32>
  %0 = hlo.subtract %z, %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Rule `multiply-minus-one`.
// STATS: remark: simplify @multiply_minus_one: {{.*}} multiply-minus-one=
// CHECK-LABEL: func.func @multiply_minus_one
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.negate %[[ARG0]] : tensor<4xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<4xf32>
func.func @multiply_minus_one(%x: tensor<4xf32>) -> tensor<4xf32> {
  %m = hlo.constant dense<-1.0> : tensor<4xf32>
  %0 = hlo.multiply %x, %m : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Rule `negate-product`.
// STATS: remark: simplify @negate_product: {{.*}} negate-product=
// CHECK-LABEL: func.func @negate_product
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>, %[[ARG1:[^:]+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.multiply %[[ARG0]], %[[ARG1]] : tensor<4xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<4xf32>
func.func @negate_product(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.negate %x : tensor<4xf32>
  %1 = hlo.negate %y : tensor<4xf32>
  %2 = hlo.multiply %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// Rule `power-one`.
// STATS: remark: simplify @power_one: {{.*}} power-one=
// CHECK-LABEL: func.func @power_one
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    func.return %[[ARG0]] : tensor<4xf32>
func.func @power_one(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = hlo.constant dense<1.0> : tensor<4xf32>
  %0 = hlo.power %x, %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Rule `power-two`.
// STATS: remark: simplify @power_two: {{.*}} power-two=
// CHECK-LABEL: func.func @power_two
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.multiply %[[ARG0]], %[[ARG0]] : tensor<4xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<4xf32>
func.func @power_two(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = hlo.constant dense<2.0> : tensor<4xf32>
  %0 = hlo.power %x, %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Rule `power-zero`.
// STATS: remark: simplify @power_zero: {{.*}} power-zero=
// CHECK-LABEL: func.func @power_zero
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.constant dense<1.0> : tensor<4xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<4xf32>
func.func @power_zero(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = hlo.constant dense<0.0> : tensor<4xf32>
  %0 = hlo.power %x, %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Rule `compare-self-int`.
// STATS: remark: simplify @compare_self_int: {{.*}} compare-self-int=
// CHECK-LABEL: func.func @compare_self_int
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xi1>)
// CHECK-NEXT:    %[[V0:.+]] = hlo.constant dense<true> : tensor<4xi1>
// CHECK-NEXT:    %[[V1:.+]] = hlo.constant dense<false> : tensor<4xi1>
// CHECK-NEXT:    func.return %[[V0]], %[[V1]] : tensor<4xi1>, tensor<4xi1>
func.func @compare_self_int(%x: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = hlo.compare GE, %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %1 = hlo.compare LT, %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}
