// RUN: %python -c "import numpy as np; np.save('%t.npy', np.float32(1))"
// RUN: xla-run %s | FileCheck %s
// RUN: not xla-run %s --entry unlowered --input %t.npy 2>&1 | FileCheck %s --check-prefix=UNLOWERED

// Without @main every function without arguments runs, all compiled into one library; a
// function no entry calls is not compiled. What the lowering does not handle is a
// located error.

// CHECK:      @first result 0: s32[2] [1, 2]
// CHECK-NEXT: @second result 0: f32[] 2.5
// UNLOWERED: native-entries.mlir:[[# @LINE + 12]]:3: error: lower-to-loops does not handle the typed FFI (API_VERSION_TYPED_FFI) of custom call @target yet

func.func @first() -> tensor<2xi32> {
  %0 = hlo.constant dense<[1, 2]> : tensor<2xi32>
  func.return %0 : tensor<2xi32>
}
func.func @second() -> tensor<f32> {
  %0 = hlo.constant dense<1.25> : tensor<f32>
  %1 = hlo.add %0, %0 : tensor<f32>
  func.return %1 : tensor<f32>
}
func.func @unlowered(%a: tensor<f32>) -> tensor<4xf32> {
  %0 = hlo.custom_call @target(%a) {api_version = "API_VERSION_TYPED_FFI"} : (tensor<f32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
