// The header's C++ wrapper around the entry of out-of-memory.mlir: its constructor cannot
// allocate the 512 TiB temp, so Run fails, and error_message() must say why.
#include <cstdio>

#include "oom.h"

int main() {
  Oom computation;
  if (computation.Run()) {
    std::printf("ran\n");
    return 1;
  }
  std::printf("status %d\n", computation.status());
  std::printf("message: %s\n", computation.error_message());
  return 0;
}
