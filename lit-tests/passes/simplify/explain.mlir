// RUN: xla-opt %s --simplify-explain --simplify-stats 2>&1 >/dev/null | FileCheck %s
// RUN: xla-opt %s --pass-pipeline='builtin.module(func.func(simplify{explain=true}))' 2>&1 >/dev/null | FileCheck %s --check-prefix=PIPE
// RUN: not xla-opt %s --pass-pipeline='builtin.module(func.func(simplify{disable-rules=no-such-rule}))' 2>&1 | FileCheck %s --check-prefix=BAD

// `explain` prints, for each value simplify replaced, the located op and the chain of
// named rules that proves the replacement equal (egg's flat explanation), one step a line.
// A step the op's own folder proves (here `x * 1 == x` and `x + (-0.0) == x`) is named
// `folder`.

// CHECK: explain.mlir:[[@LINE+13]]:1: remark: simplify @f: 2 iterations (saturated), {{[0-9]+}} e-nodes, {{[0-9]+}} e-classes, cost {{[0-9.]+}} -> 0, rules: folder=2 negate-negate=1
// CHECK: explain.mlir:[[@LINE+18]]:3: remark: simplify replaced value of 'hlo.negate' by %arg0
// CHECK-NEXT:  negate-negate: (negate (negate (multiply (add %arg0 dense<-0.0> : tensor<f32>) dense<1.0> : tensor<4xf32>))) => (multiply (add %arg0 dense<-0.0> : tensor<f32>) dense<1.0> : tensor<4xf32>)
// CHECK-NEXT:  folder: (multiply (add %arg0 dense<-0.0> : tensor<f32>) dense<1.0> : tensor<4xf32>) => (add %arg0 dense<-0.0> : tensor<f32>)
// CHECK-NEXT:  folder: (add %arg0 dense<-0.0> : tensor<f32>) => %arg0
// CHECK-NEXT:  %4 = hlo.negate %3 : tensor<4xf32>
// CHECK-NEXT:  ^

// PIPE: remark: simplify replaced value of 'hlo.negate' by %arg0
// PIPE-NOT: remark: simplify @f

// BAD: invalid options for pass 'simplify': no simplify rule is named 'no-such-rule'

func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %z = hlo.constant dense<-0.0> : tensor<f32>
  %one = hlo.constant dense<1.0> : tensor<4xf32>
  %0 = hlo.add %arg0, %z : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = hlo.multiply %0, %one : tensor<4xf32>
  %3 = hlo.negate %1 : tensor<4xf32>
  %4 = hlo.negate %3 : tensor<4xf32>
  return %4 : tensor<4xf32>
}
