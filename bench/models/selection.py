"""Sorting and selection on rows: a sampler's top-k over a vocabulary, argmax decoding, and
a sort with its permutation (ranking).

Invariants: the inputs are random normals, so ties (where XLA's and another sort's order
could differ) have probability zero; integer outputs are compared exactly.
"""

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from .case import Case


def sampler(rows, vocab, k):
    """Greedy token (argmax), the top-k logits and their indices, and the top-k softmax:
    what a decoder's sampling step computes from its logits."""

    def build(rng):
        logits = rng.standard_normal((rows, vocab), dtype=np.float32) * np.float32(3.0)

        def run(logits):
            greedy = jnp.argmax(logits, axis=-1)
            values, indices = lax.top_k(logits, k)
            return greedy, indices, jax.nn.softmax(values, -1)

        return run, [logits]

    return build


def ranking(rows, length):
    """Sorted scores, their argsort, and each item's rank (an argsort of the argsort)."""

    def build(rng):
        scores = rng.standard_normal((rows, length), dtype=np.float32)

        def run(scores):
            order = jnp.argsort(scores, axis=-1)
            ranks = jnp.argsort(order, axis=-1)
            return jnp.sort(scores, axis=-1), order, ranks

        return run, [scores]

    return build


CASES = [
    Case("sampler_small", "selection", "small", "argmax, top-8 and its softmax over 4 rows of 32000 logits", sampler(4, 32000, 8), depth=8),
    Case("sampler_large", "selection", "large", "argmax, top-40 and its softmax over 128 rows of 4096 logits", sampler(128, 4096, 40), depth=8),
    Case("ranking", "selection", "large", "sort, argsort and ranks of 64 rows of 2048 scores", ranking(64, 2048), depth=1),
]
