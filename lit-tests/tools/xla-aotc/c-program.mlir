// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-aotc %s -o %t/softmax.o --header %t/softmax.h
// RUN: cc -std=c11 -Wall -Werror -I %t %S/Inputs/softmax_main.c %t/softmax.o %xla_runtime_lib -lm -lpthread -ldl -o %t/softmax
// RUN: %t/softmax | FileCheck %s
// RUN: FileCheck %s --check-prefix=HEADER < %t/softmax.h
// RUN: xla-aotc %s -o %t/bundled.o --header %t/bundled.h --name xla_main --static-lib %t/libsoftmax.a
// RUN: cp %t/bundled.h %t/softmax.h
// RUN: cc -std=c11 -Wall -Werror -I %t %S/Inputs/softmax_main.c %t/libsoftmax.a -lm -lpthread -ldl -o %t/softmax-bundled
// RUN: %t/softmax-bundled | FileCheck %s

// xla-aotc compiles a StableHLO program's @main to an object and a header; a C program
// includes the header, links the object with libxla_runtime.a and calls the entry with
// the AOT ABI. With --static-lib the object and the runtime come as one library. The
// softmax's temporaries (each row's maximum, the exponentials, then each row's sum in the
// maximum's bytes, 64-byte slots) are the entry's arena, temp: the driver passes one, then
// NULL, with the same results.

// CHECK:      args 2 results 2 temp 128 align 64
// CHECK-NEXT: status 0
// CHECK-NEXT: same without temp 1
// CHECK-NEXT: p[0] = 0.090031
// CHECK-NEXT: p[1] = 0.244728
// CHECK-NEXT: p[2] = 0.665241
// CHECK-NEXT: p[3] = 0.333333
// CHECK-NEXT: p[4] = 0.333333
// CHECK-NEXT: p[5] = 0.333333
// CHECK-NEXT: total = 100

// HEADER:      #ifndef XLA_MAIN_H_
// HEADER:      #define xla_main_NUM_ARGS 2
// HEADER-NEXT: #define xla_main_NUM_RESULTS 2
// HEADER-NEXT: #define xla_main_TEMP_BYTES 128
// HEADER-NEXT: #define xla_main_ALIGN 64
// HEADER:      /* Argument 0: f32[2,3] {1,0} (row-major). */
// HEADER-NEXT: #define xla_main_ARG0_BYTES 24
// HEADER-NEXT: /* Argument 1: s32[4] {0} (row-major). */
// HEADER-NEXT: #define xla_main_ARG1_BYTES 16
// HEADER-NEXT: /* Result 0: f32[2,3] {1,0} (row-major). */
// HEADER-NEXT: #define xla_main_RESULT0_BYTES 24
// HEADER-NEXT: /* Result 1: s32[] {} (row-major). */
// HEADER-NEXT: #define xla_main_RESULT1_BYTES 4
// HEADER:      int32_t xla_main(void *const *args, void *const *results, void *temp, const XlaRunOptions *opts);
// HEADER:      #ifdef __cplusplus
// HEADER:      class XlaMain {
// HEADER:        float *arg0_data()
// HEADER:        int32_t *arg1_data()
// HEADER:        float *result0_data()
// HEADER:        int32_t *result1_data()

module @jit_softmax {
  func.func public @main(%arg0: tensor<2x3xf32>, %arg1: tensor<4xi32>) -> (tensor<2x3xf32>, tensor<i32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
    %2 = stablehlo.subtract %arg0, %1 : tensor<2x3xf32>
    %3 = stablehlo.exponential %2 : tensor<2x3xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
    %6 = stablehlo.divide %3, %5 : tensor<2x3xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.reduce(%arg1 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
    return %6, %7 : tensor<2x3xf32>, tensor<i32>
  }
}
