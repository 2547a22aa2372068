/* Calls the entry xla-aotc compiled from out-of-memory.mlir with a NULL temp: the entry
 * allocates its 512 TiB arena itself, which fails; it must return XLA_RT_OUT_OF_MEMORY and
 * leave xla_rt_last_error() saying what could not be allocated. */
#include <stdio.h>

#include "oom.h"

int main(void) {
  float result = 0;
  void *results[1] = {&result};
  int32_t status = oom(NULL, results, NULL, NULL);
  printf("status %d\n", status);
  printf("message: %s\n", xla_rt_last_error());
  return 0;
}
