"""Attention as language models run it: prefill (causal self-attention over a prompt with
its projections) and single-token decode against a KV cache updated in place
(`dynamic_update_slice` at a runtime position).

Invariants: the cache position is an argument, not a constant, so the update and the mask
are computed at run time as a serving loop does.
"""

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from .case import Case


def projections(rng, d):
    return tuple(rng.standard_normal((d, d), dtype=np.float32) / np.float32(np.sqrt(d)) for _ in range(4))


def prefill(batch, seq, heads, dim):
    """Q/K/V projections, causal softmax attention and the output projection."""

    def build(rng):
        d = heads * dim
        x = rng.standard_normal((batch, seq, d), dtype=np.float32)

        def run(ws, x):
            wq, wk, wv, wo = ws
            split = lambda t: t.reshape(batch, seq, heads, dim)
            q, k, v = split(x @ wq), split(x @ wk), split(x @ wv)
            s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.float32(np.sqrt(dim))
            s = jnp.where(jnp.tril(jnp.ones((seq, seq), bool)), s, np.float32(-1e30))
            a = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s, -1), v)
            return a.reshape(batch, seq, d) @ wo

        return run, [projections(rng, d), x]

    return build


def decode(batch, cache_len, heads, dim, position):
    """One token: project it, write its key and value into the cache at `position`, attend
    over the cache's first `position + 1` entries, project out; returns the output and
    the updated cache."""

    def build(rng):
        d = heads * dim
        x = rng.standard_normal((batch, 1, d), dtype=np.float32)
        k_cache = rng.standard_normal((batch, cache_len, heads, dim), dtype=np.float32)
        v_cache = rng.standard_normal((batch, cache_len, heads, dim), dtype=np.float32)

        def run(ws, x, k_cache, v_cache, pos):
            wq, wk, wv, wo = ws
            split = lambda t: t.reshape(batch, 1, heads, dim)
            q, k, v = split(x @ wq), split(x @ wk), split(x @ wv)
            k_cache = lax.dynamic_update_slice(k_cache, k, (0, pos, 0, 0))
            v_cache = lax.dynamic_update_slice(v_cache, v, (0, pos, 0, 0))
            s = jnp.einsum("bqhd,bkhd->bhqk", q, k_cache) / np.float32(np.sqrt(dim))
            s = jnp.where(jnp.arange(cache_len) <= pos, s, np.float32(-1e30))
            a = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s, -1), v_cache)
            return a.reshape(batch, 1, d) @ wo, k_cache, v_cache

        return run, [projections(rng, d), x, k_cache, v_cache, np.int32(position)]

    return build


CASES = [
    Case("attention_prefill_small", "attention", "small", "causal prefill with projections, batch 1, seq 64, 4 heads of 32", prefill(1, 64, 4, 32), depth=128),
    Case("attention_prefill_large", "attention", "large", "causal prefill with projections, batch 2, seq 512, 8 heads of 64", prefill(2, 512, 8, 64), depth=512),
    Case("kv_decode_small", "attention", "small", "one-token decode over a 256-entry KV cache, batch 1, 4 heads of 32", decode(1, 256, 4, 32, 100), depth=256),
    Case("kv_decode_large", "attention", "large", "one-token decode over a 2048-entry KV cache, batch 8, 8 heads of 64", decode(8, 2048, 8, 64, 1500), depth=2048),
]
