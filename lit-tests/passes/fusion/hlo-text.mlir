// RUN: xla-opt %s --fusion --emit=hlo-text | FileCheck %s
// RUN: xla-opt %s --fusion --emit=hlo-text | xla-opt | FileCheck %s --check-prefix=READ

// The HLO writer prints a fusion as XLA does: `fusion(...), kind=kLoop, calls=C`, the
// region as the fused computation C, a multi-output fusion's root a tuple. The HLO reader
// reads it back as a call of the fused computation, keeping the kind.

// CHECK:      fusion_computation.[[C:[0-9]+]] {
// CHECK-NEXT:   Arg_0.{{[0-9]+}} = f32[16]{0} parameter(0)
// CHECK-NEXT:   exponential.{{[0-9]+}} = f32[16]{0} exponential(Arg_0.{{[0-9]+}})
// CHECK-NEXT:   log.{{[0-9]+}} = f32[16]{0} log(Arg_0.{{[0-9]+}})
// CHECK-NEXT:   ROOT tuple.{{[0-9]+}} = (f32[16]{0}, f32[16]{0}) tuple(
// CHECK-NEXT: }
// CHECK:      ENTRY siblings {
// CHECK:        fusion.{{[0-9]+}} = (f32[16]{0}, f32[16]{0}) fusion(Arg_0.1), kind=kLoop, calls=fusion_computation.[[C]]

// READ: hlo.call @fusion_computation.{{[0-9]+}}(%arg0) {xla.fusion_kind = "kLoop"}
func.func @siblings(%x: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = hlo.exponential %x : tensor<16xf32>
  %l = hlo.log %x : tensor<16xf32>
  return %e, %l : tensor<16xf32>, tensor<16xf32>
}
