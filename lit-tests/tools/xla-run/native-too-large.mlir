// RUN: ulimit -v 33554432
// RUN: not xla-run %s 2>&1 | FileCheck %s --check-prefix=NATIVE
// RUN: not xla-run --interpret %s 2>&1 | FileCheck %s --check-prefix=INTERPRET

// A result that does not fit in memory (150000 x 150000 f32 values, 90 GB) is an error
// naming it and a non-zero exit status, compiled or interpreted; nothing aborts.
//
// Why the failure is certain on any machine: the address space is limited to 32 GiB
// (`ulimit -v`, RLIMIT_AS), so no allocation of 90 GB can succeed whatever the kernel's
// overcommit policy (`vm.overcommit_memory = 1` would otherwise grant it and kill the
// process once the buffer is written) and however much memory the machine has. Without
// the limit, xla-run still refuses a buffer larger than the machine's memory and swap
// together before allocating it (AlignedBuffer::try_zeroed), and allocates the rest with
// calloc's allocator, which neither writes nor aborts; the interpreter refuses results
// over its size limit before computing them.

// NATIVE: xla-run: cannot allocate 90.0 GB (90000000000 bytes) for result 0 of @main
// NATIVE-NOT: result 0:
// INTERPRET: native-too-large.mlir:[[@LINE+4]]:{{[0-9]+}}: error: a result of type tensor<150000x150000xf32> needs 90000000000 bytes, more than the interpreter's limit of 4294967296 bytes
// INTERPRET-NOT: result 0:
func.func @main() -> tensor<150000x150000xf32> {
  %c = hlo.constant dense<1.0> : tensor<f32>
  %0 = hlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<150000x150000xf32>
  func.return %0 : tensor<150000x150000xf32>
}
