// RUN: xla-opt %s --split-input-file --fusion | FileCheck %s

// Input fusion (kind = input): producers computed inside a reduction's loops.

// CHECK-LABEL: func.func @sum_of_squares
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK-NEXT:    %[[F:.+]] = hlo.fusion(%[[X]]) kind = input : (tensor<4x8xf32>) -> tensor<4xf32> {
// CHECK-NEXT:    ^bb0(%[[A:[^:]+]]: tensor<4x8xf32>):
// CHECK-NEXT:      %[[Z:.+]] = hlo.constant dense<0.0{{.*}}> : tensor<f32>
// CHECK-NEXT:      %[[SQ:.+]] = hlo.multiply %[[A]], %[[A]]
// CHECK-NEXT:      %[[R:.+]] = hlo.reduce(%[[SQ]] init : %[[Z]]) dimensions = [1]
// CHECK:           hlo.return %[[R]] : tensor<4xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[F]]
func.func @sum_of_squares(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sq = hlo.multiply %x, %x : tensor<4x8xf32>
  %r = hlo.reduce(%sq init: %zero) dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %r : tensor<4xf32>
}

// -----

// Softmax: each reduction reads an unfused value, so it stays a plain reduce (a reduce
// with its init constant is no fusion); the exponential, which two groups read, is the
// root of a loop fusion with the subtract and the broadcast; the divide a loop fusion.
// CHECK-LABEL: func.func @softmax
// CHECK-SAME:    (%[[X:[^:]+]]: tensor<4x8xf32>)
// CHECK:         %[[MAX:.+]] = hlo.reduce(%[[X]] init : %{{.+}}) dimensions = [1]
// CHECK:         %[[E:.+]] = hlo.fusion(%[[MAX]], %[[X]]) kind = loop
// CHECK:           hlo.exponential
// CHECK:         %[[SUM:.+]] = hlo.reduce(%[[E]] init : %{{.+}}) dimensions = [1]
// CHECK:         %[[R:.+]] = hlo.fusion(%[[SUM]], %[[E]]) kind = loop
// CHECK:           hlo.divide
// CHECK:         func.return %[[R]]
func.func @softmax(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce(%x init: %ninf) dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = hlo.maximum %a, %b : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  %bmax = hlo.broadcast_in_dim %max, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %d = hlo.subtract %x, %bmax : tensor<4x8xf32>
  %e = hlo.exponential %d : tensor<4x8xf32>
  %sum = hlo.reduce(%e init: %zero) dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %bsum = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %r = hlo.divide %e, %bsum : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
