/* Runs the entry xla-aotc compiled from custom-call.mlir, whose program calls the custom
 * call target "axpy": before the target is registered, after, and with the target
 * reporting a failure through its status. */
#include <stdio.h>
#include <string.h>

#include "xla_runtime.h"
#include "custom_call.h"

/* Whether the target reports a failure. */
static int fail = 0;

/* results[0][i] = a * x[i] + y[i], with a parsed from the backend config. */
static void axpy(void *const *results, const void *const *args, const char *opaque, size_t opaque_len,
                 XlaCustomCallStatus *status) {
  (void)opaque_len;
  float a = 0;
  if (fail || sscanf(opaque, "%f", &a) != 1) {
    const char *message = "asked to fail";
    xla_rt_custom_call_status_set_failure(status, message, strlen(message));
    return;
  }
  const float *x = args[0], *y = args[1];
  float *out = results[0];
  for (int i = 0; i < 4; ++i) out[i] = a * x[i] + y[i];
}

static int run(void) {
  float x[4] = {1, 2, 3, 4}, y[4] = {10, 20, 30, 40}, out[4] = {0};
  void *args[xla_main_NUM_ARGS] = {x, y};
  void *results[xla_main_NUM_RESULTS] = {out};
  /* The entry's scratch memory, xla_main_TEMP_BYTES aligned to xla_main_ALIGN. */
  static _Alignas(xla_main_ALIGN) unsigned char temp[xla_main_TEMP_BYTES > 0 ? xla_main_TEMP_BYTES : 1];
  int32_t status = xla_main(args, results, temp, NULL);
  printf("status %d\n", status);
  if (status != 0) {
    printf("error: %s\n", xla_rt_last_error());
    return status;
  }
  for (int i = 0; i < 4; ++i) printf("out[%d] = %g\n", i, out[i]);
  return 0;
}

int main(void) {
  /* Before registration the target is not found. */
  run();
  if (xla_rt_register_custom_call("axpy", axpy) != 0) return 1;
  if (run() != 0) return 1;
  /* A failing target's message is the entry's error. */
  fail = 1;
  run();
  return 0;
}
