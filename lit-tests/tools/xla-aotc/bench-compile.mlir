// RUN: xla-aotc %s -o %t.o --bench-compile 3 | FileCheck %s
// RUN: test -s %t.o
// RUN: not xla-aotc %S/Inputs/does-not-exist.mlir -o %t2.o --bench-compile 3 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not xla-aotc %s -o %t3.o --bench-compile 3 --entry nope 2>&1 | FileCheck %s --check-prefix=NO-ENTRY

// --bench-compile N compiles the program N more times after the first in the same
// process, each from the text with a fresh context, and prints the median: the time a
// compiler kept in memory takes (as XLA's is in a JAX process), apart from the process's
// cold start, which the first pays. The object is still written.

// CHECK: compile: median {{[0-9]+\.[0-9]+}} ms over 3 compilations (the first {{[0-9]+\.[0-9]+}} ms)

// A program that does not compile fails before anything is timed or written.
// MISSING: does-not-exist.mlir
// NO-ENTRY: error: {{.*}}@nope

func.func @main(%x: tensor<64xf32>) -> tensor<64xf32> {
  %y = hlo.exponential %x : (tensor<64xf32>) -> tensor<64xf32>
  return %y : tensor<64xf32>
}
