// RUN: xla-opt %s --emit=hlo-text --split-input-file | FileCheck %s
// RUN: xla-opt %s --emit=hlo-text --split-input-file | FileCheck %s --check-prefix=SPLIT

// `--emit=hlo-text` writes XLA HLO text: a module header with the entry layout, one
// computation per function and region, XLA's attribute syntax.

// CHECK:       HloModule m, entry_computation_layout={(f32[4,8]{1,0}, f32[8]{0})->f32[4]{0}}
// CHECK:       {{^}}[[BODY:[a-z_.0-9]+]] {
// CHECK:         f32[] parameter(0)
// CHECK:         f32[] parameter(1)
// CHECK:         ROOT {{.*}} = f32[] add(
// CHECK-LABEL: ENTRY main {
// CHECK:         [[X:[A-Za-z_.0-9]+]] = f32[4,8]{1,0} parameter(0)
// CHECK:         [[B:[A-Za-z_.0-9]+]] = f32[8]{0} parameter(1)
// CHECK:         [[BB:[A-Za-z_.0-9]+]] = f32[4,8]{1,0} broadcast([[B]]), dimensions={1}
// CHECK:         [[S:[A-Za-z_.0-9]+]] = f32[4,8]{1,0} add([[X]], [[BB]])
// CHECK:         constant(0)
// CHECK:         ROOT {{.*}} = f32[4]{0} reduce([[S]], {{.*}}), dimensions={1}, to_apply=[[BODY]]
module @m {
  func.func @main(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4xf32> {
    %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
    %s = hlo.add %x, %bb : tensor<4x8xf32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %r = hlo.reduce(%s init: %zero) dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
    ^bb0(%a: tensor<f32>, %c: tensor<f32>):
      %sum = hlo.add %a, %c : tensor<f32>
      hlo.return %sum : tensor<f32>
    }
    return %r : tensor<4xf32>
  }
}

// -----

// Each chunk of a split input is its own HLO module.

// SPLIT: HloModule
// SPLIT: ENTRY main
// SPLIT: ROOT {{.*}} = s32[2]{0} multiply(
func.func @main(%x: tensor<2xi32>) -> tensor<2xi32> {
  %0 = hlo.multiply %x, %x : tensor<2xi32>
  return %0 : tensor<2xi32>
}
