// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-aotc %s -o %t/padding.o --header %t/padding.h
// RUN: cc -std=c11 -Wall -Werror -I %t %S/Inputs/padding_main.c %t/padding.o %xla_runtime_lib -lm -lpthread -ldl -o %t/padding
// RUN: %t/padding | FileCheck %s
// RUN: xla-opt %s --lower-to-loops | FileCheck %s --check-prefix=LOOPS

// A padded result layout's padding holds its padding value after the call, whatever the
// caller's buffer held: the f32[2,3] result, row-major in 3 rows of 4 positions, has -inf
// (lowest) in its padding; the column-major s32[2,3] result, in 3 columns of 4 positions,
// has 1 (one).

// CHECK:      status 0
// CHECK-NEXT: 2 4 6 -inf 8 10 12 -inf -inf -inf -inf -inf
// CHECK-NEXT: 1 4 1 1 2 5 1 1 3 6 1 1

// LOOPS-LABEL: func.func @main
// LOOPS:         loop.call_runtime @xla_rt_fill_padding(%arg1,
// LOOPS:         loop.call_runtime @xla_rt_fill_padding(%arg2,
func.func @main(%x: tensor<2x3xf32>) -> (tensor<2x3xf32, {1, 0}, padded = [3, 4], padding = lowest>, tensor<2x3xi32, {0, 1}, padded = [4, 3], padding = one>) {
  %0 = hlo.add %x, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32, {1, 0}, padded = [3, 4], padding = lowest>
  %1 = hlo.convert_element_type %x : (tensor<2x3xf32>) -> tensor<2x3xi32, {0, 1}, padded = [4, 3], padding = one>
  func.return %0, %1 : tensor<2x3xf32, {1, 0}, padded = [3, 4], padding = lowest>, tensor<2x3xi32, {0, 1}, padded = [4, 3], padding = one>
}
