/* Runs the entry xla-aotc compiled from padding.mlir on result buffers full of a marker,
 * and prints every position of them, padding included. */
#include <stdio.h>
#include <string.h>

#include "padding.h"

int main(void) {
  float x[6] = {1, 2, 3, 4, 5, 6};
  float low[xla_main_RESULT0_BYTES / sizeof(float)];
  int32_t one[xla_main_RESULT1_BYTES / sizeof(int32_t)];
  for (size_t i = 0; i < sizeof low / sizeof *low; ++i) low[i] = -7;
  for (size_t i = 0; i < sizeof one / sizeof *one; ++i) one[i] = -7;
  void *args[xla_main_NUM_ARGS] = {x};
  void *results[xla_main_NUM_RESULTS] = {low, one};
  /* The entry's scratch memory, xla_main_TEMP_BYTES aligned to xla_main_ALIGN. */
  static _Alignas(xla_main_ALIGN) unsigned char temp[xla_main_TEMP_BYTES > 0 ? xla_main_TEMP_BYTES : 1];
  int32_t status = xla_main(args, results, temp, NULL);
  printf("status %d\n", status);
  for (size_t i = 0; i < sizeof low / sizeof *low; ++i) printf("%g ", low[i]);
  printf("\n");
  for (size_t i = 0; i < sizeof one / sizeof *one; ++i) printf("%d ", one[i]);
  printf("\n");
  return status;
}
