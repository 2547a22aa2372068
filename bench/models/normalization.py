"""Normalisation layers in training mode with their gradients: batch norm (statistics over
batch and space, NHWC) and layer norm (over features), each with its scale and shift.

Invariants: the loss is a weighted sum of the normalised output, so the gradients go
through the statistics (the terms a naive backward pass gets wrong).
"""

import jax
import jax.numpy as jnp
import numpy as np

from .case import Case


def norm_grads(shape, axes):
    """Output and the gradients of input, scale and shift of a normalisation over `axes`."""

    def build(rng):
        x = rng.standard_normal(shape, dtype=np.float32) * np.float32(2.0) + np.float32(0.5)
        features = shape[-1]
        scale = np.ones(features, np.float32) + np.float32(0.1) * rng.standard_normal(features, dtype=np.float32)
        shift = np.float32(0.1) * rng.standard_normal(features, dtype=np.float32)
        weight = rng.standard_normal(shape, dtype=np.float32)

        def forward(x, scale, shift):
            mean = jnp.mean(x, axis=axes, keepdims=True)
            var = jnp.mean(jnp.square(x - mean), axis=axes, keepdims=True)
            return (x - mean) * jax.lax.rsqrt(var + 1e-5) * scale + shift

        def loss(x, scale, shift, weight):
            return jnp.sum(forward(x, scale, shift) * weight)

        def run(x, scale, shift, weight):
            return forward(x, scale, shift), jax.grad(loss, argnums=(0, 1, 2))(x, scale, shift, weight)

        return run, [x, scale, shift, weight]

    return build


CASES = [
    Case("batchnorm_train", "normalization", "large", "batch norm over N, H, W with gradients, NHWC 32x16x16x64", norm_grads((32, 16, 16, 64), (0, 1, 2)), depth=8192),
    Case("layernorm_train_small", "normalization", "small", "layer norm over features with gradients, 32 x 256", norm_grads((32, 256), (1,)), depth=256),
    Case("layernorm_train_large", "normalization", "large", "layer norm over features with gradients, 2048 x 768", norm_grads((2048, 768), (1,)), depth=2048),
]
