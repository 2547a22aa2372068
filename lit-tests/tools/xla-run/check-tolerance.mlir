// --rtol is allowed in ulps of each result's own format: 1e-5 is 83 ulps of f32 but one
// ulp of bf16, so one program's outputs of both formats are each held to their own.
// RUN: %python -c "import numpy as np; np.savez('%t.exact.npz', np.float32([1, 3]), np.uint16([0x3f80, 0x4040]))"
// RUN: xla-run --interpret %s --check %t.exact.npz --rtol 1e-5 --atol 0 --max-ulps 1
//
// f32 off by 40 ulps passes; bf16 off by 2 ulps does not, whatever the f32 output allows.
// RUN: %python -c "import numpy as np; f = np.float32([1, 3]).view(np.uint32) + 40; np.savez('%t.f32.npz', f.view(np.float32), np.uint16([0x3f80, 0x4040]))"
// RUN: xla-run --interpret %s --check %t.f32.npz --rtol 1e-5 --atol 0 --max-ulps 1
// RUN: %python -c "import numpy as np; np.savez('%t.bf16.npz', np.float32([1, 3]), np.uint16([0x3f80, 0x4042]))"
// RUN: not xla-run --interpret %s --check %t.bf16.npz --rtol 1e-5 --atol 0 --max-ulps 1 2>&1 | FileCheck %s --check-prefix=BF16
// BF16: xla-run: @main result 1 differs from 'arr_1': 1 of 2 elements differ beyond 1 ulps
// BF16-SAME: at [1]: 3.0 (expected 3.0{{[0-9]+}})
//
// f32 off by a relative 1e-3 fails.
// RUN: %python -c "import numpy as np; np.savez('%t.far.npz', np.float32([1, 3.003]), np.uint16([0x3f80, 0x4040]))"
// RUN: not xla-run --interpret %s --check %t.far.npz --rtol 1e-5 --atol 0 --max-ulps 1 2>&1 | FileCheck %s --check-prefix=FAR
// FAR: xla-run: @main result 0 differs from 'arr_0': 1 of 2 elements differ beyond 83 ulps
//
// RUN: not xla-run --interpret %s --check %t.exact.npz --rtol=-1 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: xla-run: --rtol must be a finite number of at least 0

func.func @main() -> (tensor<2xf32>, tensor<2xbf16>) {
  %0 = hlo.constant dense<[1.0, 3.0]> : tensor<2xf32>
  %1 = hlo.constant dense<[1.0, 3.0]> : tensor<2xbf16>
  func.return %0, %1 : tensor<2xf32>, tensor<2xbf16>
}
