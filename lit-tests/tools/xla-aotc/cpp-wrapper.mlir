// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-aotc %S/Inputs/scale.hlo -o %t/scale.o --header %t/scale.h --name scale --target-cpu x86-64-v3
// RUN: c++ -std=c++17 -Wall -Werror -I %t %S/Inputs/scale_main.cc %t/scale.o %xla_runtime_lib -lm -lpthread -ldl -o %t/scale
// RUN: %t/scale | FileCheck %s
// RUN: FileCheck %s --check-prefix=HEADER < %t/scale.h

// An XLA HLO text program compiled for x86-64-v3 with --name, called through
// the header's C++ wrapper class (owned buffers, set_arg_data, typed accessors, Run). The
// entry's tuple result is two result buffers.

// CHECK:      sizes 16 4 16 4
// CHECK-NEXT: 4.5 true
// CHECK-NEXT: -6 false
// CHECK-NEXT: 0 false
// CHECK-NEXT: 12 true

// HEADER:      compiled ahead of time by xla-aotc from {{.*}}scale.hlo (@main) for CPU x86-64-v3
// HEADER:      #define scale_NUM_ARGS 2
// HEADER:      /* Result 1: pred[4] {0} (row-major). */
// HEADER:      int32_t scale(void *const *args
// HEADER:      class Scale {
// HEADER:        bool *result1_data()
