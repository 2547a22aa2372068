/* Calls the entry xla-aotc compiled from c-program.mlir (a softmax over rows and the
 * integer sum of a tensor) and prints its results, for FileCheck. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "softmax.h"

int main(void) {
  float x[xla_main_ARG0_BYTES / sizeof(float)] = {1, 2, 3, 0, 0, 0};
  int32_t n[xla_main_ARG1_BYTES / sizeof(int32_t)] = {7, -8, 100, 1};
  float probabilities[xla_main_RESULT0_BYTES / sizeof(float)];
  int32_t total = 0;
  void *args[xla_main_NUM_ARGS] = {x, n};
  void *results[xla_main_NUM_RESULTS] = {probabilities, &total};
  printf("args %d results %d temp %d align %d\n", xla_main_NUM_ARGS, xla_main_NUM_RESULTS, xla_main_TEMP_BYTES, xla_main_ALIGN);
  /* The entry's scratch memory: xla_main_TEMP_BYTES (a multiple of the alignment). */
  void *temp = xla_main_TEMP_BYTES > 0 ? aligned_alloc(xla_main_ALIGN, xla_main_TEMP_BYTES) : NULL;
  if (xla_main_TEMP_BYTES > 0 && temp == NULL) return 1;
  int32_t status = xla_main(args, results, temp, NULL);
  printf("status %d\n", status);
  /* NULL temp: the entry allocates its own for the call, with the same results. */
  float again[xla_main_RESULT0_BYTES / sizeof(float)];
  int32_t total_again = 0;
  void *results_again[xla_main_NUM_RESULTS] = {again, &total_again};
  printf("same without temp %d\n", xla_main(args, results_again, NULL, NULL) == 0 && memcmp(again, probabilities, sizeof again) == 0 && total_again == total);
  free(temp);
  for (int i = 0; i < 6; ++i) printf("p[%d] = %.6f\n", i, probabilities[i]);
  printf("total = %d\n", total);
  return status;
}
