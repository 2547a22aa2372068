// RUN: rm -rf %t && mkdir -p %t
// RUN: not xla-aotc %s -o %t/x.o --target-cpu pentium 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: not xla-aotc %s -o %t/x.o --entry absent 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: not xla-aotc %s -o %t/x.o --entry draws 2>&1 | FileCheck %s --check-prefix=OP
// RUN: not xla-aotc %s -o %t/x.o --name 9lives 2>&1 | FileCheck %s --check-prefix=NAME
// RUN: not ls %t/x.o
// RUN: xla-aotc %s -o %t/x.o --entry twice --header %t/x.h 2>&1 | FileCheck %s --allow-empty --check-prefix=OK
// RUN: FileCheck %s --check-prefix=HEADER < %t/x.h

// Errors are located diagnostics and write nothing: an unknown CPU, an entry that is not
// there, an op the lowering does not handle yet, a name that is no C identifier.

// CPU: errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: unknown target CPU 'pentium'
// ENTRY: errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: there is no function @absent to compile as the entry
// OP: errors.mlir:[[# @LINE + 12]]:5: error: lower-to-loops does not handle the typed FFI (API_VERSION_TYPED_FFI) of custom call @target yet
// NAME: xla-aotc: --name '9lives' is not a C identifier
// OK-NOT: error
// HEADER: #define xla_twice_NUM_ARGS 1
// HEADER: int32_t xla_twice(

module {
  func.func @twice(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = hlo.add %a, %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func @draws(%a: tensor<f32>) -> tensor<4xf32> {
    %0 = hlo.custom_call @target(%a) {api_version = "API_VERSION_TYPED_FFI"} : (tensor<f32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
