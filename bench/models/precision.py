"""Inference in 16-bit formats with f32 accumulation: dots and convolutions whose operands
are bf16 or f16 and whose `preferred_element_type` is f32, as mixed-precision serving
writes them.

Invariants: weights and activations are stored in the narrow format; every contraction
accumulates in f32 and only the activations between layers are rounded back.
"""

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
from jax import lax

from .case import Case


def mlp_inference(dtype, batch, sizes):
    """A GELU MLP whose layers take `dtype` operands and accumulate in f32."""

    def build(rng):
        np_dtype = {"bfloat16": ml_dtypes.bfloat16, "float16": np.float16}[dtype]
        ws = [(rng.standard_normal((a, b), dtype=np.float32) / np.float32(np.sqrt(a))).astype(np_dtype) for a, b in zip(sizes[:-1], sizes[1:])]
        x = rng.standard_normal((batch, sizes[0]), dtype=np.float32).astype(np_dtype)

        def run(ws, x):
            h = x
            for i, w in enumerate(ws):
                acc = lax.dot_general(h, w, (((1,), (0,)), ((), ())), preferred_element_type=jnp.float32)
                h = (jax.nn.gelu(acc) if i + 1 < len(ws) else acc).astype(x.dtype)
            return h

        return run, [ws, x]

    return build


def attention_bf16(batch, seq, heads, dim):
    """Attention scores and weighted values in bf16 with f32 accumulation and an f32
    softmax."""

    def build(rng):
        q, k, v = (rng.standard_normal((batch, seq, heads, dim), dtype=np.float32).astype(ml_dtypes.bfloat16) for _ in range(3))

        def run(q, k, v):
            s = jnp.einsum("bqhd,bkhd->bhqk", q, k, preferred_element_type=jnp.float32) / np.float32(np.sqrt(dim))
            p = jax.nn.softmax(s, -1).astype(jnp.bfloat16)
            return jnp.einsum("bhqk,bkhd->bqhd", p, v, preferred_element_type=jnp.float32)

        return run, [q, k, v]

    return build


CASES = [
    Case("bf16_mlp_small", "precision", "small", "bf16 GELU MLP 256-512-256 with f32 accumulation, batch 8", mlp_inference("bfloat16", 8, [256, 512, 256]), depth=4),
    Case("bf16_mlp_large", "precision", "large", "bf16 GELU MLP 1024-4096-1024 with f32 accumulation, batch 128", mlp_inference("bfloat16", 128, [1024, 4096, 1024]), depth=4),
    Case("f16_mlp_large", "precision", "large", "f16 GELU MLP 1024-4096-1024 with f32 accumulation, batch 64", mlp_inference("float16", 64, [1024, 4096, 1024]), depth=4),
    Case("bf16_attention", "precision", "large", "bf16 attention with f32 accumulation and softmax, batch 2, seq 256, 8 heads of 64", attention_bf16(2, 256, 8, 64), depth=4, rounded_through="bfloat16"),
]
