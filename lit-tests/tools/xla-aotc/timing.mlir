// RUN: xla-aotc %s -o %t.o --timing 2>&1 | FileCheck %s
// RUN: test -s %t.o
// RUN: xla-aotc %s -o %t2.o 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty

// --timing prints the wall time of each phase of the compilation to standard error, in
// the order the phases ran, as xla-opt --timing prints its passes: reading, each pass of
// the pipeline (the verifier after them one row), translation to LLVM IR, LLVM's
// optimization, the object's emission and writing the outputs. The object is written as
// without it.

// CHECK:       ... Execution time report ...
// CHECK:       Total Execution Time: {{[0-9]+\.[0-9]+}} seconds
// CHECK:       ----Wall Time----  ----Name----
// CHECK-NEXT:  {{[0-9]+\.[0-9]+}} ({{ *[0-9]+\.[0-9]}}%)  reading
// CHECK-NEXT:  Verifier
// CHECK-NEXT:  inline
// CHECK-NEXT:  hoist-scanned-dots
// CHECK-NEXT:  layout-assignment
// CHECK-NEXT:  fusion
// CHECK-NEXT:  lower-to-loops
// CHECK-NEXT:  buffer-assignment
// CHECK-NEXT:  lower-to-llvm
// CHECK-NEXT:  translation to LLVM IR
// CHECK-NEXT:  LLVM optimization
// CHECK-NEXT:  object emission
// CHECK-NEXT:  writing the outputs
// CHECK-NEXT:  {{[0-9]+\.[0-9]+}} (100.0%)  Total

// QUIET-NOT: Execution time report

func.func @main(%x: tensor<64xf32>) -> tensor<64xf32> {
  %y = hlo.exponential %x : (tensor<64xf32>) -> tensor<64xf32>
  return %y : tensor<64xf32>
}
