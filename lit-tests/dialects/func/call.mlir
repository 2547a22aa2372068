// RUN: xla-opt %s --split-input-file | FileCheck %s
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: xla-opt %s --split-input-file --mlir-print-op-generic | xla-opt - --split-input-file | FileCheck %s

// func.call names a function of the enclosing module, which may be defined before or
// after the call, or only declared; the callee is a symbol reference attribute.

// CHECK-LABEL: func.func @caller
// CHECK-SAME:    (%[[X:.+]]: tensor<2xf32>) -> tensor<2xf32> {
// CHECK-NEXT:    %[[R:.+]] = func.call @callee(%[[X]], %[[X]]) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    func.return %[[R]] : tensor<2xf32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         %[[R:.+]] = "func.call"(%{{.+}}, %{{.+}}) {callee = @callee} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// GENERIC-NEXT:    "func.return"(%[[R]]) : (tensor<2xf32>) -> ()
// GENERIC-NEXT:  }) {function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = "caller"} : () -> ()
func.func @caller(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = func.call @callee(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func private @callee(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = hlo.add %a, %b : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Several results, no results, and a call to a declaration.
// CHECK-LABEL: func.func @multi
// CHECK:         %[[R:.+]]:2 = func.call @pair() : () -> (tensor<f32>, tensor<i32>)
// CHECK-NEXT:    func.call @sink(%[[R]]#0) : (tensor<f32>) -> (){{$}}
// CHECK-NEXT:    func.return %[[R]]#1, %[[R]]#0 : tensor<i32>, tensor<f32>
// GENERIC-LABEL: "builtin.module"() ({
// GENERIC:         %[[R:.+]]:2 = "func.call"() {callee = @pair} : () -> (tensor<f32>, tensor<i32>)
// GENERIC-NEXT:    "func.call"(%[[R]]#0) {callee = @sink} : (tensor<f32>) -> ()
func.func private @pair() -> (tensor<f32>, tensor<i32>)
func.func private @sink(tensor<f32>)
func.func @multi() -> (tensor<i32>, tensor<f32>) {
  %0:2 = func.call @pair() : () -> (tensor<f32>, tensor<i32>)
  func.call @sink(%0#0) : (tensor<f32>) -> ()
  return %0#1, %0#0 : tensor<i32>, tensor<f32>
}

// -----

// A function may call itself.
// CHECK-LABEL: func.func @recursive
// CHECK-SAME:    (%[[X:.+]]: tensor<i32>) -> tensor<i32> {
// CHECK-NEXT:    %[[R:.+]] = func.call @recursive(%[[X]]) : (tensor<i32>) -> tensor<i32>
func.func @recursive(%x: tensor<i32>) -> tensor<i32> {
  %0 = func.call @recursive(%x) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// Calls resolve in the nearest enclosing module: the same name in two modules.
// CHECK-LABEL: module @a {
// CHECK:         func.call @f() : () -> tensor<f32>
// CHECK-LABEL: module @b {
// CHECK:         func.call @f() : () -> tensor<i32>
module @a {
  func.func private @f() -> tensor<f32>
  func.func @g() -> tensor<f32> {
    %0 = func.call @f() : () -> tensor<f32>
    return %0 : tensor<f32>
  }
}
module @b {
  func.func private @f() -> tensor<i32>
  func.func @g() -> tensor<i32> {
    %0 = func.call @f() : () -> tensor<i32>
    return %0 : tensor<i32>
  }
}
