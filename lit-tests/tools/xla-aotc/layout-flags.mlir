// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-aotc %s -o %t/x.o --header %t/x.h --arg-layout '0={0,1}' --arg-layout '1={0,2,1}' --result-layout '1={1,0}, padded = [4, 8], padding = one'
// RUN: FileCheck %s --check-prefix=HEADER < %t/x.h
// RUN: not xla-aotc %s -o %t/y.o --arg-layout '0={0,q}' 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not xla-aotc %s -o %t/y.o --result-layout '5={0,1}' 2>&1 | FileCheck %s --check-prefix=POSITION
// RUN: not xla-aotc %s -o %t/y.o --arg-layout '1={0,1}' 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not ls %t/y.o

// `--arg-layout N=LAYOUT` and `--result-layout N=LAYOUT` give the entry's buffers layouts
// (as types print them); the header names each buffer's layout. Bad flags are located
// errors pointing into the flag's text, and nothing is written.

// HEADER: /* Argument 0: f32[2,3] {0,1}. */
// HEADER: /* Argument 1: f32[4,5,6] {0,2,1}. */
// HEADER: /* Result 0: f32[3,2] {1,0} (row-major). */
// HEADER: /* Result 1: f32[3,5] {1,0} padded to [4,8], padding one. */
// HEADER: #define xla_main_RESULT1_BYTES 128

// SYNTAX:      <arg-layout>:1:6: error: --arg-layout: expected a dimension number
// SYNTAX-NEXT: 0={0,q}
// SYNTAX-NEXT: {{^     \^}}
// POSITION: <result-layout>:1:1: error: --result-layout: there is no result 5: the function has 2
// RANK: <arg-layout>:1:1: error: --arg-layout: argument 1 (tensor<4x5x6xf32>): layout minor_to_major [0, 1] has 2 entries, but the shape has rank 3

func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<4x5x6xf32>) -> (tensor<3x2xf32>, tensor<3x5xf32>) {
  %0 = hlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = hlo.abs %arg1 : tensor<4x5x6xf32>
  %2 = hlo.constant dense<1.0> : tensor<3x5xf32>
  return %0, %2 : tensor<3x2xf32>, tensor<3x5xf32>
}
