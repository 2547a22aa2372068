// RUN: %python -c "import numpy as np; np.save('%t.f64.npy', np.zeros(3)); np.save('%t.f32.npy', np.zeros(3, np.float32)); open('%t.garbage.npy', 'w').write('garbage')"
// RUN: not xla-run --interpret %s --input %t.f64.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// RUN: not xla-run --interpret %s 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not xla-run --interpret %s --input %t.garbage.npy 2>&1 | FileCheck %s --check-prefix=GARBAGE
// RUN: not xla-run --interpret %s --input %t.f32.npy --entry nope 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: not xla-run %s --input %t.f64.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// RUN: not xla-run %s 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not xla-run %s --input %t.f32.npy --replicas 2 --bench 3 2>&1 | FileCheck %s --check-prefix=REPLICAS
// RUN: not xla-run --interpret %s --input %t.f32.npy --bench 3 2>&1 | FileCheck %s --check-prefix=BENCH

// Inputs that do not fit the entry's signature and unreadable files are errors that say
// what was expected, compiled or interpreted; nothing panics.

// DTYPE: errors.mlir:[[@LINE+7]]:1: error: argument 0 of @main must be f32[3], found f64[3]
// DTYPE-NEXT: func.func @main
// COUNT: xla-run: the entry takes 1 arguments, but --input gave 0 arrays
// GARBAGE: xla-run: input {{.*}}garbage.npy: not a .npy file
// ENTRY: xla-run: --entry names no function: there is no @nope
// REPLICAS: xla-run: --bench times one replica: it does not go with --replicas
// BENCH: xla-run: --bench times compiled code; it does not go with --interpret
func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = hlo.sqrt %x : tensor<3xf32>
  func.return %0 : tensor<3xf32>
}
