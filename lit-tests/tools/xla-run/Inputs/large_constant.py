"""Writes a program with a 300x300 f32 constant (90,000 elements, more than a store per
element could hold) and the expected result of transposing it and adding 1."""
import sys

import numpy as np

program, expected = sys.argv[1], sys.argv[2]
c = (np.arange(300 * 300, dtype=np.float32) * 0.25 - 7).reshape(300, 300)
text = f'''func.func @main() -> tensor<300x300xf32> {{
  %c = hlo.constant dense<"0x{c.tobytes().hex().upper()}"> : tensor<300x300xf32>
  %one = hlo.constant dense<1.0> : tensor<300x300xf32>
  %t = hlo.transpose %c, dims = [1, 0] : (tensor<300x300xf32>) -> tensor<300x300xf32>
  %y = hlo.add %t, %one : tensor<300x300xf32>
  func.return %y : tensor<300x300xf32>
}}
'''
with open(program, "w") as f:
    f.write(text)
np.savez(expected, c.T + 1)
