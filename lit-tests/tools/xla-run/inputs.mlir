// RUN: %python -c "import numpy as np; np.save('%t.x.npy', np.arange(6, dtype=np.float32).reshape(2, 3)); np.save('%t.y.npy', np.float32(10))"
// RUN: xla-run --interpret %s --input %t.x.npy --input %t.y.npy | FileCheck %s
// RUN: %python -c "import numpy as np; np.savez('%t.in.npz', np.arange(6, dtype=np.float32).reshape(2, 3), np.float32(10))"
// RUN: xla-run --interpret %s --input %t.in.npz --output %t.out.npz
// RUN: %python -c "import numpy as np; d = np.load('%t.out.npz'); print(sorted(d.keys()), d['out0'].dtype, d['out0'].tolist(), d['out1'].dtype, d['out1'].tolist())" | FileCheck %s --check-prefix=SAVED
// RUN: xla-run --interpret %s --input %t.in.npz --check %t.out.npz
// RUN: %python -c "import numpy as np; np.savez('%t.wrong.npz', np.zeros((2, 3), np.float32), np.zeros((2, 3), np.bool_))"
// RUN: not xla-run --interpret %s --input %t.in.npz --check %t.wrong.npz 2>&1 | FileCheck %s --check-prefix=WRONG

// Arguments come from one .npy per argument or from one .npz, in order; results print,
// save to a .npz as out0, out1, ..., and compare with a .npz through --check.

// CHECK: @main result 0: f32[2,3] {{\[\[}}10, 11, 12], [13, 14, 15]]
// CHECK: @main result 1: pred[2,3] {{\[\[}}false, false, true], [true, true, true]]

// SAVED: ['out0', 'out1'] float32 {{\[\[}}10.0, 11.0, 12.0], [13.0, 14.0, 15.0]] bool {{\[\[}}False, False, True], [True, True, True]]

// WRONG: xla-run: @main result 0 differs from 'arr_0': 6 of 6 elements differ beyond 4 ulps and 1e-6 absolute: at [0, 0]: 10.0 (expected 0.0)
// WRONG: xla-run: @main result 1 differs from 'arr_1': 4 of 6 elements differ

func.func @main(%x: tensor<2x3xf32>, %y: tensor<f32>) -> (tensor<2x3xf32>, tensor<2x3xi1>) {
  %0 = hlo.add %x, %y : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %two = hlo.constant dense<12.0> : tensor<f32>
  %1 = hlo.compare GE, %0, %two, FLOAT : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
  func.return %0, %1 : tensor<2x3xf32>, tensor<2x3xi1>
}
