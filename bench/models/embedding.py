"""Embedding tables: lookups (gathers of rows by token id) and the gradient of a loss with
respect to the table (a scatter-add of rows, with repeated ids accumulating).

Invariants: ids are drawn from a Zipf-like distribution, so frequent tokens repeat within
a batch and the scatter's combining of duplicates is exercised as in real text.
"""

import jax
import jax.numpy as jnp
import numpy as np

from .case import Case


def zipf_ids(rng, shape, vocab):
    """Token ids with a Zipf(1.2)-like skew, clipped to the vocabulary."""
    return np.minimum(rng.zipf(1.2, size=shape) - 1, vocab - 1).astype(np.int32)


def bag_of_embeddings(batch, length, vocab, dim, classes):
    """Mean of a sentence's token embeddings, a linear classifier, cross-entropy; returns
    the loss and the gradients of the table and the classifier."""

    def build(rng):
        table = rng.standard_normal((vocab, dim), dtype=np.float32) * np.float32(0.1)
        w = rng.standard_normal((dim, classes), dtype=np.float32) / np.float32(np.sqrt(dim))
        ids = zipf_ids(rng, (batch, length), vocab)
        labels = rng.integers(0, classes, batch).astype(np.int32)

        def loss(params, ids, labels):
            table, w = params
            h = jnp.mean(table[ids], axis=1)
            logp = jax.nn.log_softmax(h @ w)
            return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))

        return jax.value_and_grad(loss), [(table, w), ids, labels]

    return build


def token_and_position(batch, length, vocab, dim):
    """Token plus position embeddings and a layer norm: a language model's input layer."""

    def build(rng):
        table = rng.standard_normal((vocab, dim), dtype=np.float32) * np.float32(0.02)
        positions = rng.standard_normal((length, dim), dtype=np.float32) * np.float32(0.02)
        ids = zipf_ids(rng, (batch, length), vocab)

        def run(table, positions, ids):
            x = table[ids] + positions[None]
            mean = jnp.mean(x, -1, keepdims=True)
            var = jnp.var(x, -1, keepdims=True)
            return (x - mean) / jnp.sqrt(var + 1e-5)

        return run, [table, positions, ids]

    return build


CASES = [
    Case("embedding_lookup", "embedding", "small", "token + position embeddings and layer norm, batch 4 x 128 tokens, vocab 32000 x 256", token_and_position(4, 128, 32000, 256), depth=256),
    Case("embedding_grad_small", "embedding", "small", "loss and table gradient of a bag of embeddings, batch 8 x 32, vocab 1000 x 64", bag_of_embeddings(8, 32, 1000, 64, 4), depth=256),
    Case("embedding_grad_large", "embedding", "large", "loss and table gradient of a bag of embeddings, batch 64 x 128, vocab 32000 x 256", bag_of_embeddings(64, 128, 32000, 256, 16), depth=1024),
]
