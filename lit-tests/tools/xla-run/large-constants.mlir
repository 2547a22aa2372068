// RUN: %python %S/Inputs/large_constant.py %t.mlir %t.npz
// RUN: xla-run --interpret %t.mlir --check %t.npz --max-ulps 0 | FileCheck %s
// RUN: xla-run %t.mlir --check %t.npz --max-ulps 0 | FileCheck %s
// RUN: xla-run %t.mlir --timing 2>&1 | FileCheck %s --check-prefix=TIMING
// RUN: %python -c "import numpy as np; a = np.load('%t.npz')['arr_0']; a[0, 1] += 0.25; np.savez('%t.bad.npz', a)"
// RUN: not xla-run %t.mlir --check %t.bad.npz --max-ulps 0 2>&1 | FileCheck %s --check-prefix=PERTURBED

// A constant of 90,000 elements (Inputs/large_constant.py) compiles and runs: its bytes are
// read-only data of the object (loop.literal, llvm.global_constant), copied into its
// buffer, so neither the code nor the compile time grows with it. An expected value
// perturbed by one step of the constant fails the check.

// CHECK: @main result 0: f32[300,300] {{\[\[}}-6, 69, 144,
// TIMING: LLVM optimization
// PERTURBED: 1 of 90000 elements differ
