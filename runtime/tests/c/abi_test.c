/* A C program against include/xla_runtime.h and libxla_runtime.a: what compiled code and
 * C drivers do. Run by runtime/tests/c_abi.rs; prints "ok" and exits 0 when every check
 * passes, and names the first failing check otherwise. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "xla_runtime.h"

#define CHECK(cond)                                              \
  do {                                                           \
    if (!(cond)) {                                               \
      fprintf(stderr, "check failed at line %d: %s\n", __LINE__, #cond); \
      return 1;                                                  \
    }                                                            \
  } while (0)

static void add_range(int64_t begin, int64_t end, void *ctx) {
  int64_t *slots = (int64_t *)ctx;
  for (int64_t i = begin; i < end; ++i) slots[i] = i * i;
}

static bool less_int(const void *const *lhs, const void *const *rhs, void *ctx) {
  (void)ctx;
  return *(const int32_t *)lhs[0] < *(const int32_t *)rhs[0];
}

static void failing_target(void *const *results, const void *const *args, const char *opaque, size_t opaque_len,
                           XlaCustomCallStatus *status) {
  (void)results;
  (void)args;
  (void)opaque;
  (void)opaque_len;
  xla_rt_custom_call_status_set_failure(status, "from C", 6);
}

int main(void) {
  CHECK(strcmp(xla_rt_version(), "0.1.0") == 0);

  /* C = A^T . B with A stored row-major as 3 x 2 (so A is read with swapped strides). */
  const float a_t[6] = {1, 4, 2, 5, 3, 6}; /* A = [[1, 2, 3], [4, 5, 6]] */
  const float b[6] = {1, 0, 0, 1, 1, 1};   /* 3 x 2 */
  float c[4] = {0};
  XlaRunOptions opts = {0};
  CHECK(xla_rt_matmul_f32(2, 2, 3, 1.0f, a_t, 1, 2, b, 2, 1, 0.0f, c, 2, 1, &opts) == XLA_RT_OK);
  CHECK(c[0] == 4 && c[1] == 5 && c[2] == 10 && c[3] == 11);

  /* Errors come back as codes and messages, never as crashes. */
  CHECK(xla_rt_matmul_f32(-1, 2, 3, 1.0f, a_t, 1, 2, b, 2, 1, 0.0f, c, 2, 1, NULL) == XLA_RT_INVALID_ARGUMENT);
  CHECK(strcmp(xla_rt_last_error(), "xla_rt_matmul_f32: m = -1 is negative") == 0);
  CHECK(xla_rt_matmul_f32(2, 2, 3, 1.0f, NULL, 1, 2, b, 2, 1, 0.0f, c, 2, 1, NULL) == XLA_RT_INVALID_ARGUMENT);
  CHECK(strcmp(xla_rt_last_error(), "xla_rt_matmul_f32: a is null") == 0);
  CHECK(strcmp(xla_rt_status_name(XLA_RT_INVALID_ARGUMENT), "INVALID_ARGUMENT") == 0);

  /* parallel_for with a C body. */
  int64_t slots[1000];
  memset(slots, 0, sizeof slots);
  CHECK(xla_rt_parallel_for(1000, add_range, slots, NULL) == XLA_RT_OK);
  for (int64_t i = 0; i < 1000; ++i) CHECK(slots[i] == i * i);

  /* A key-value sort with a C comparator. */
  int32_t keys[5] = {3, 1, 2, 1, 0};
  double values[5] = {0, 1, 2, 3, 4};
  void *operands[2] = {keys, values};
  const int64_t sizes[2] = {sizeof(int32_t), sizeof(double)};
  const int64_t dims[1] = {5};
  CHECK(xla_rt_sort(2, operands, sizes, dims, 1, 0, less_int, NULL, NULL) == XLA_RT_OK);
  CHECK(keys[0] == 0 && keys[1] == 1 && keys[2] == 1 && keys[4] == 3);
  CHECK(values[0] == 4 && values[1] == 1 && values[2] == 3 && values[3] == 2);

  /* A custom call registered and failing from C. */
  CHECK(xla_rt_register_custom_call("c.fails", failing_target) == XLA_RT_OK);
  CHECK(xla_rt_custom_call("c.fails", NULL, NULL, NULL, 0) == XLA_RT_CUSTOM_CALL_FAILED);
  CHECK(strcmp(xla_rt_last_error(), "xla_rt_custom_call: 'c.fails' failed: from C") == 0);

  /* An FFT round trip in complex64. */
  float signal[8] = {1, 0, 2, 0, 3, 0, 4, 0};
  const int64_t fft_dims[1] = {4};
  CHECK(xla_rt_fft_c64(XLA_RT_FFT, signal, signal, fft_dims, 1, fft_dims, 1, NULL) == XLA_RT_OK);
  CHECK(fabsf(signal[0] - 10.0f) < 1e-5f && fabsf(signal[2] + 2.0f) < 1e-5f && fabsf(signal[3] - 2.0f) < 1e-5f);
  CHECK(xla_rt_fft_c64(XLA_RT_IFFT, signal, signal, fft_dims, 1, fft_dims, 1, NULL) == XLA_RT_OK);
  CHECK(fabsf(signal[6] - 4.0f) < 1e-5f);

  printf("ok\n");
  return 0;
}
