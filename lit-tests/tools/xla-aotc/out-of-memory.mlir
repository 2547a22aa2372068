// RUN: rm -rf %t && mkdir -p %t
// RUN: xla-aotc %s -o %t/oom.o --header %t/oom.h --name oom
// RUN: cc -std=c11 -Wall -Werror -I %t %S/Inputs/out_of_memory_main.c %t/oom.o %xla_runtime_lib -lm -lpthread -ldl -o %t/oom-c
// RUN: %t/oom-c | FileCheck %s --check-prefix=C
// RUN: c++ -std=c++17 -Wall -Werror -I %t %S/Inputs/out_of_memory_main.cc %t/oom.o %xla_runtime_lib -lm -lpthread -ldl -o %t/oom-cpp
// RUN: %t/oom-cpp | FileCheck %s --check-prefix=CPP
//
// Without the runtime the object still links: the out-of-memory hook is a weak symbol.
// RUN: cc -std=c11 -shared -fPIC %t/oom.o -o %t/oom.so
// RUN: llvm-nm %t/oom.so | FileCheck %s --check-prefix=WEAK

// Out of memory inside a compiled entry (a 256 TiB temporary, more than any address
// space, so that no overcommitting kernel grants it) returns XLA_RT_OUT_OF_MEMORY, and the
// runtime's last error says what could not be allocated: through the C API, and through
// the C++ wrapper's error_message(). The sort's result must be materialized, so its
// buffer lands in the entry's arena, which the entry allocates itself when temp is NULL.

// C: status 2
// C-NEXT: message: compiled code: out of memory: could not allocate 512.0 TiB (562949953421312 bytes)

// CPP: status 2
// CPP-NEXT: message: compiled code: out of memory: could not allocate 512.0 TiB (562949953421312 bytes)

// WEAK: w xla_rt_out_of_memory

func.func @main() -> tensor<f32> {
  %i = hlo.iota dim = 0 : tensor<70368744177664xf32>
  %e = hlo.exponential %i : tensor<70368744177664xf32>
  %s = hlo.sort(%e) dim = 0 : (tensor<70368744177664xf32>) -> tensor<70368744177664xf32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %p = hlo.compare LT, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  }
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %r = hlo.reduce(%s init: %zero) dimensions = [0] : (tensor<70368744177664xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %t = hlo.add %x, %y : tensor<f32>
    hlo.return %t : tensor<f32>
  }
  func.return %r : tensor<f32>
}
