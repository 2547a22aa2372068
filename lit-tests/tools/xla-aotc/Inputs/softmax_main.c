/* Calls the entry xla-aotc compiled from c-program.mlir (a softmax over rows and the
 * integer sum of a tensor) and prints its results, for FileCheck. */
#include <stdio.h>
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
  int32_t status = xla_main(args, results, NULL, NULL);
  printf("status %d\n", status);
  for (int i = 0; i < 6; ++i) printf("p[%d] = %.6f\n", i, probabilities[i]);
  printf("total = %d\n", total);
  return status;
}
