// RUN: rm -rf %t && mkdir -p %t
// RUN: not xla-aotc %s -o %t/x.o 2>&1 | FileCheck %s
// RUN: not xla-aotc %S/../../import/hlo_text/errors-too-large.hlo -o %t/x.o 2>&1 | FileCheck %s --check-prefix=HLO
// RUN: not xla-aotc %S/../../import/stablehlo/type-too-large.mlir -o %t/x.o 2>&1 | FileCheck %s --check-prefix=STABLEHLO
// RUN: not ls %t/x.o

// A program with a type too large to exist (in our syntax, HLO text, StableHLO) is a
// located error of the reader, and xla-aotc exits non-zero without writing anything.

// HLO: errors-too-large.hlo:{{[0-9]+}}:12: error: the shape f32[9223372036854775807,4] is too large: the product of its dimension sizes overflows i64
// STABLEHLO: type-too-large.mlir:{{[0-9]+}}:{{[0-9]+}}: error: the type tensor<4294967296x4294967296xf32> is too large: the product of its dimension sizes overflows i64

// CHECK: type-too-large.mlir:[[# @LINE + 5]]:65: error: the type tensor<4294967296x4294967296xf32> is too large: the product of its dimension sizes overflows i64
// CHECK-NEXT: {{^}}  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<2xf32>) -> tensor<4294967296x4294967296xf32>
// CHECK-NEXT: {{^}}                                                                ^{{$}}
// CHECK-NOT: result
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<2xf32>) -> tensor<4294967296x4294967296xf32>
  func.return %x : tensor<2xf32>
}
