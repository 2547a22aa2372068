// RUN: %python -c "import numpy as np; np.savez('%t.in.npz', np.arange(6, dtype=np.float32).reshape(2, 3), np.int32(-3), np.array([1.5, -0.5], np.float16))"
// RUN: xla-run %s --input %t.in.npz | FileCheck %s
// RUN: xla-run --interpret %s --input %t.in.npz | FileCheck %s
// RUN: xla-run %s --input %t.in.npz --output %t.out.npz
// RUN: xla-run --interpret %s --input %t.in.npz --check %t.out.npz --max-ulps 0
// RUN: xla-run %s --input %t.in.npz --bench 3 | FileCheck %s --check-prefix=BENCH

// Without --interpret, xla-run compiles the entry to native code (lower-to-loops,
// lower-to-llvm, LLVM for the host), links it into a shared library, loads it and calls
// it on the inputs; tuple results are rebuilt from their buffers, and the results print,
// save and check exactly as interpreted ones: the interpreter reproduces the compiled
// results bit for bit. --bench N calls the entry N more times and prints the median time.

// CHECK:      @main result 0: f32[2,3] {{\[\[}}-3, -2, -1], [0, 1, 2]]
// CHECK-NEXT: @main result 1: (s32[] 3, pred[2,3] {{\[\[}}true, true, true], [false, false, false]])
// CHECK-NEXT: @main result 2: f16[2] [2.25, 0.25]
// CHECK-NOT:  median

// BENCH:      @main result 0
// BENCH:      @main: median {{[0-9.]+}} {{ns|us|ms}} per call over 3 calls

func.func @main(%x: tensor<2x3xf32>, %n: tensor<i32>, %h: tensor<2xf16>) -> (tensor<2x3xf32>, tuple<tensor<i32>, tensor<2x3xi1>>, tensor<2xf16>) {
  %f = hlo.convert_element_type %n : (tensor<i32>) -> tensor<f32>
  %0 = hlo.add %x, %f : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %a = hlo.abs %n : tensor<i32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %1 = hlo.compare LT, %0, %zero, FLOAT : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
  %t = hlo.tuple %a, %1 : tuple<tensor<i32>, tensor<2x3xi1>>
  %2 = hlo.multiply %h, %h : tensor<2xf16>
  func.return %0, %t, %2 : tensor<2x3xf32>, tuple<tensor<i32>, tensor<2x3xi1>>, tensor<2xf16>
}
