"""Pooling layers and their gradients: max pooling (whose gradient is a select-and-scatter)
and average pooling (whose gradient is a padded reduce_window), NHWC and NCHW.

Invariants: inputs are random normals, so a max-pool window has one maximum and the
gradient's routing is unambiguous.
"""

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from .case import Case


def pool_grads(shape, window_dims, strides):
    """Both pools of `x` and the gradient of a loss of both with respect to `x`."""

    def build(rng):
        x = rng.standard_normal(shape, dtype=np.float32)

        def pools(x):
            mx = lax.reduce_window(x, -jnp.inf, lax.max, window_dims, strides, "SAME")
            avg = lax.reduce_window(x, 0.0, lax.add, window_dims, strides, "SAME") / np.float32(np.prod(window_dims))
            return mx, avg

        def loss(x):
            mx, avg = pools(x)
            return jnp.sum(jnp.square(mx)) + jnp.sum(avg * mx)

        def run(x):
            mx, avg = pools(x)
            return mx, avg, jax.grad(loss)(x)

        return run, [x]

    return build


CASES = [
    Case("pool_grads_nhwc", "pooling", "large", "3x3/2 max and average pools of NHWC 16x56x56x64 and their gradient", pool_grads((16, 56, 56, 64), (1, 3, 3, 1), (1, 2, 2, 1)), depth=18),
    Case("pool_grads_nchw", "pooling", "small", "2x2/2 max and average pools of NCHW 4x16x32x32 and their gradient", pool_grads((4, 16, 32, 32), (1, 1, 2, 2), (1, 1, 2, 2)), depth=8),
]
