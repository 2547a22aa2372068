// RUN: xla-opt %s --symbol-dce | FileCheck %s

// symbol-dce erases private functions nothing refers to, transitively, and keeps public
// ones and everything that is called.

// CHECK-LABEL: func.func @main
// CHECK:         func.call @used
// CHECK-LABEL: func.func private @used
// CHECK:         hlo.call @used_by_used
// CHECK-LABEL: func.func private @used_by_used
// CHECK-NOT:     @unused
// CHECK-NOT:     @only_used_by_unused
// CHECK-LABEL: func.func public @public_unused
module {
  func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
    %0 = func.call @used(%x) : (tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
  func.func private @used(%x: tensor<2xf32>) -> tensor<2xf32> {
    %0 = hlo.call @used_by_used(%x) : (tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
  func.func private @used_by_used(%x: tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
  func.func private @unused(%x: tensor<2xf32>) -> tensor<2xf32> {
    %0 = func.call @only_used_by_unused(%x) : (tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
  func.func private @only_used_by_unused(%x: tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
  func.func public @public_unused(%x: tensor<2xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
}
