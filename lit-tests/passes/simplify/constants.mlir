// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(simplify{stats=true}))' | FileCheck %s
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(simplify{stats=true}))' 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS

// Constant folding (the analysis, rule name `constant-fold`): any modeled op whose operands
// are constants is evaluated by the interpreter, up to max-fold-elements elements.

// STATS: remark: simplify @fold_chain: {{.*}} constant-fold=
// CHECK-LABEL: func.func @fold_chain
// CHECK-SAME:    () -> tensor<3xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.constant dense<[1.4142135, 2.0, 2.4494898]> : tensor<3xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<3xf32>
func.func @fold_chain() -> tensor<3xf32> {
  %a = hlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = hlo.constant dense<2.0> : tensor<3xf32>
  %0 = hlo.multiply %a, %b : tensor<3xf32>
  %1 = hlo.sqrt %0 : tensor<3xf32>
  return %1 : tensor<3xf32>
}

// -----

// Iota and compare fold together: iota < 2 is a known mask, and the select picks.
// STATS: remark: simplify @iota_compare: {{.*}} constant-fold=
// CHECK-LABEL: func.func @iota_compare
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>, %[[ARG1:[^:]+]]: tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:    %[[V0:.+]] = hlo.constant dense<[true, true, false, false]> : tensor<4xi1>
// CHECK-NEXT:    func.return %[[V0]] : tensor<4xi1>
func.func @iota_compare(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xi1> {
  %i = hlo.iota dim = 0 : tensor<4xi32>
  %c = hlo.constant dense<2> : tensor<4xi32>
  %0 = hlo.compare LT, %i, %c : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Results beyond the bound are not folded: nothing is cheaper, so nothing changes.
// STATS: remark: simplify @too_large: {{.*}} cost [[C:[0-9.]+]] -> [[C]], rules: none
// CHECK-LABEL: func.func @too_large
// CHECK-SAME:    () -> tensor<2048xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.iota dim = 0 : tensor<2048xf32>
// CHECK-NEXT:    %[[V1:.+]] = hlo.exponential %[[V0]] : tensor<2048xf32>
// CHECK-NEXT:    func.return %[[V1]] : tensor<2048xf32>
func.func @too_large() -> tensor<2048xf32> {
  %i = hlo.iota dim = 0 : tensor<2048xf32>
  %0 = hlo.exponential %i : tensor<2048xf32>
  return %0 : tensor<2048xf32>
}

// -----

// Without fast-math, x + 0.0 stays (it is -0.0 + 0.0 = +0.0 for x = -0.0), and so does
// x * 0.0; the function is left as written.
// STATS: remark: simplify @not_exact: {{.*}} rules: none
// CHECK-LABEL: func.func @not_exact
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// CHECK-NEXT:    %[[V0:.+]] = hlo.constant dense<0.0> : tensor<4xf32>
// CHECK-NEXT:    %[[V1:.+]] = hlo.add %[[ARG0]], %[[V0]] : tensor<4xf32>
// CHECK-NEXT:    %[[V2:.+]] = hlo.multiply %[[ARG0]], %[[V0]] : tensor<4xf32>
// CHECK-NEXT:    func.return %[[V1]], %[[V2]] : tensor<4xf32>, tensor<4xf32>
func.func @not_exact(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %z = hlo.constant dense<0.0> : tensor<4xf32>
  %0 = hlo.add %x, %z : tensor<4xf32>
  %1 = hlo.multiply %x, %z : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Ops the e-graph does not model (regions, effects) are leaves: their operands are roots
// simplified before them, their results are used as they are.
// STATS: remark: simplify @opaque: {{.*}} negate-negate=2
// CHECK-LABEL: func.func @opaque
// CHECK-SAME:    (%[[ARG0:[^:]+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[V0:.+]] = hlo.custom_call @foo(%[[ARG0]]) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    func.return %[[V0]] : tensor<4xf32>
func.func @opaque(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.negate %x : tensor<4xf32>
  %1 = hlo.negate %0 : tensor<4xf32>
  %2 = hlo.custom_call @foo(%1) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = hlo.negate %2 : tensor<4xf32>
  %4 = hlo.negate %3 : tensor<4xf32>
  return %4 : tensor<4xf32>
}
