"""Mixture-of-experts routing: a router's softmax and top-k, capacity-limited dispatch of
tokens to experts as a one-hot einsum (Switch Transformer's formulation), the experts'
MLPs and the weighted combine.

Invariants: the dispatch tensor is built from cumulative sums of the one-hot choices (each
token's slot in its expert's buffer), as GShard computes it, so the program holds
cumulative ops, comparisons and dots of one-hot matrices.
"""

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from .case import Case


def moe_layer(tokens, d, experts, hidden, k, capacity):
    """A top-`k` MoE layer over `tokens` tokens of width `d`."""

    def build(rng):
        x = rng.standard_normal((tokens, d), dtype=np.float32)
        router = rng.standard_normal((d, experts), dtype=np.float32) / np.float32(np.sqrt(d))
        w_in = rng.standard_normal((experts, d, hidden), dtype=np.float32) / np.float32(np.sqrt(d))
        w_out = rng.standard_normal((experts, hidden, d), dtype=np.float32) / np.float32(np.sqrt(hidden))

        def run(x, router, w_in, w_out):
            probs = jax.nn.softmax(x @ router, -1)
            gate, expert = lax.top_k(probs, k)
            choice = jax.nn.one_hot(expert, experts, dtype=jnp.float32)  # tokens, k, experts
            flat = choice.transpose(1, 0, 2).reshape(k * tokens, experts)
            slot = (jnp.cumsum(flat, axis=0) - 1.0) * flat
            keep = flat * (slot < capacity)
            slot = slot.reshape(k, tokens, experts).transpose(1, 0, 2)
            keep = keep.reshape(k, tokens, experts).transpose(1, 0, 2)
            dispatch = keep[..., None] * jax.nn.one_hot(jnp.sum(slot, -1).astype(jnp.int32), capacity)[:, :, None, :]
            dispatch = jnp.sum(dispatch, axis=1)  # tokens, experts, capacity
            combine = jnp.einsum("tk,tkec->tec", gate, keep[..., None] * jax.nn.one_hot(jnp.sum(slot, -1).astype(jnp.int32), capacity)[:, :, None, :])
            expert_in = jnp.einsum("tec,td->ecd", dispatch, x)
            h = jax.nn.gelu(jnp.einsum("ecd,edh->ech", expert_in, w_in))
            expert_out = jnp.einsum("ech,ehd->ecd", h, w_out)
            return jnp.einsum("tec,ecd->td", combine, expert_out)

        return run, [x, router, w_in, w_out]

    return build


CASES = [
    Case("moe_small", "routing", "small", "top-2 MoE layer, 64 tokens of 64, 4 experts of hidden 128, capacity 40", moe_layer(64, 64, 4, 128, 2, 40), depth=256),
    Case("moe_large", "routing", "large", "top-2 MoE layer, 512 tokens of 256, 8 experts of hidden 512, capacity 160", moe_layer(512, 256, 8, 512, 2, 160), depth=1024),
]
