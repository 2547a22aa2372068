// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(layout-assignment{vector-bytes=32 stats=true})' 2>/dev/null | FileCheck %s
// RUN: xla-opt %s --split-input-file --pass-pipeline='builtin.module(layout-assignment{vector-bytes=32 stats=true})' 2>&1 >/dev/null | FileCheck %s --check-prefix=STATS
// RUN: %python -c "import numpy as np; np.save('%t.npy', (np.arange(6 * 30, dtype=np.float32) / 64).reshape(6, 30))"
// RUN: xla-run --vector-bytes 32 %s --input %t.npy --output %t.native.npz
// RUN: xla-run --interpret %s --input %t.npy --check %t.native.npz --max-ulps 4 --atol 0

// With vector-bytes=32 (AVX2), the intermediate f32[6,30] values (30 is not a multiple of
// the 8 lanes, and rows of 32 cost a fifteenth more) are laid out in rows of 32; the
// argument and the result keep their layouts, and the compiled values are the
// interpreter's (within the 4 ulps by which vector exp may differ from libm's).
// STATS: remark: layout-assignment @main: 0 copies inserted, 0 transposes made bitcasts, 0 layout changes of the input dropped, 3 values padded to the vector width
// STATS: remark: layout-assignment @unpadded: {{.*}}, 0 values padded to the vector width
// CHECK-LABEL: func.func @main
// CHECK:         %[[N:.+]] = hlo.negate %{{.+}} : (tensor<6x30xf32>) -> tensor<6x30xf32, {1, 0}, padded = [6, 32]>
// CHECK:         %[[E:.+]] = hlo.exponential %{{.+}} : tensor<6x30xf32, {1, 0}, padded = [6, 32]>
// CHECK:         hlo.add %[[E]], %[[E]] : (tensor<6x30xf32, {1, 0}, padded = [6, 32]>, tensor<6x30xf32, {1, 0}, padded = [6, 32]>) -> tensor<6x30xf32>
func.func @main(%x: tensor<6x30xf32>) -> tensor<6x30xf32> {
  %0 = hlo.negate %x : tensor<6x30xf32>
  %1 = hlo.multiply %0, %0 : tensor<6x30xf32>
  %2 = hlo.exponential %1 : tensor<6x30xf32>
  %3 = hlo.add %2, %2 : tensor<6x30xf32>
  func.return %3 : tensor<6x30xf32>
}

// -----

// Where it does not pay, nothing is padded: a minor dimension below one vector, one that is
// a multiple already, a single row, or one that would grow by more than a quarter.
// CHECK-LABEL: func.func @unpadded
// CHECK-NOT:     padded
func.func @unpadded(%a: tensor<6x5xf32>, %b: tensor<6x16xf32>, %c: tensor<1x30xf32>, %d: tensor<4x9xf32>) -> (tensor<6x5xf32>, tensor<6x16xf32>, tensor<1x30xf32>, tensor<4x9xf32>) {
  %0 = hlo.negate %a : tensor<6x5xf32>
  %1 = hlo.negate %b : tensor<6x16xf32>
  %2 = hlo.negate %c : tensor<1x30xf32>
  %3 = hlo.negate %d : tensor<4x9xf32>
  %4 = hlo.negate %0 : tensor<6x5xf32>
  %5 = hlo.negate %1 : tensor<6x16xf32>
  %6 = hlo.negate %2 : tensor<1x30xf32>
  %7 = hlo.negate %3 : tensor<4x9xf32>
  func.return %4, %5, %6, %7 : tensor<6x5xf32>, tensor<6x16xf32>, tensor<1x30xf32>, tensor<4x9xf32>
}
