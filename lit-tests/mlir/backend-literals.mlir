// REQUIRES: mlir
// RUN: %python %S/../tools/xla-run/Inputs/large_constant.py %t.mlir %t.npz
// RUN: xla-run %t.mlir --backend=mlir --check %t.npz --max-ulps 0 | FileCheck %s
// RUN: xla-opt %s --split-input-file --emit=mlir-upstream | FileCheck %s --check-prefix=EXPORT
// RUN: xla-opt %s --split-input-file --emit=mlir-upstream | mlir-opt --verify-each | FileCheck %s --check-prefix=EXPORT

// A large constant's loop.literal is a private constant memref.global holding its bytes,
// read with memref.get_global (a predicate's as true/false, whose hex form MLIR packs);
// through MLIR's lowering the 90,000-element constant of Inputs/large_constant.py gives
// our own path's result, bit for bit.

// CHECK: @main result 0: f32[300,300] {{\[\[}}-6, 69, 144,

// EXPORT-LABEL: func.func @literals(
// EXPORT:       memref.get_global @literal_0 : memref<3xi16>
// EXPORT:       memref.get_global @literal_1 : memref<2x2xi1>
// EXPORT:     memref.global "private" constant @literal_0 : memref<3xi16> = dense<[1, 2, 3]> {alignment = 64 : i64}
// EXPORT:     memref.global "private" constant @literal_1 : memref<2x2xi1> = dense<{{\[}}[true, false], [false, true]]> {alignment = 64 : i64}
func.func @literals(%out: memref<i16>, %flag: memref<i1>) {
  %i = loop.constant 1 : index
  %l = loop.literal dense<[1, 2, 3]> : tensor<3xi16> -> memref<3xi16>
  %p = loop.literal dense<[[true, false], [false, true]]> : tensor<2x2xi1> -> memref<2x2xi1>
  %x = loop.load %l[%i] : memref<3xi16>
  %b = loop.load %p[%i, %i] : memref<2x2xi1>
  loop.store %x, %out[] : memref<i16>
  loop.store %b, %flag[] : memref<i1>
  return
}
