// Runs the entry xla-aotc compiled from Inputs/scale.hlo through the header's C++ wrapper
// class: arguments in the owned buffers and from the caller's data, typed accessors, Run.
#include <cstdio>

#include "scale.h"

int main() {
  Scale computation;
  float *x = computation.arg0_data();
  x[0] = 1.5f;
  x[1] = -2.0f;
  x[2] = 0.0f;
  x[3] = 4.0f;
  alignas(64) int32_t factor = 3;
  computation.set_arg_data(1, &factor);
  if (!computation.Run()) {
    std::printf("failed: %d %s\n", computation.status(), computation.error_message());
    return 1;
  }
  std::printf("sizes %zu %zu %zu %zu\n", Scale::arg_size(0), Scale::arg_size(1), Scale::result_size(0), Scale::result_size(1));
  for (int i = 0; i < 4; ++i) {
    std::printf("%g %s\n", computation.result0_data()[i], computation.result1_data()[i] ? "true" : "false");
  }
  return 0;
}
