"""Cumulative operations along long axes (`jnp.cumsum`, `cumprod`, `lax.cummax`,
`lax.cumlogsumexp`), inside small models that use them: a running normalisation and the
log-space scan of a sequence model.

Invariants: the scanned axis is long (512 to 8192), where an n^2 window costs far more than
the scan it means.
"""

import jax.numpy as jnp
import numpy as np
from jax import lax

from .case import Case


def running_stats(rows, length):
    """Running sum, product of ratios, maximum and minimum along each row, combined into
    a normalised signal: what a streaming feature extractor computes."""

    def build(rng):
        x = rng.standard_normal((rows, length), dtype=np.float32)
        r = np.float32(1.0) + np.float32(0.001) * rng.standard_normal((rows, length), dtype=np.float32)

        def run(x, r):
            total = jnp.cumsum(x, axis=1)
            growth = jnp.cumprod(r, axis=1)
            peak = lax.cummax(x, axis=1)
            trough = lax.cummin(x, axis=1)
            return (total * growth) / (peak - trough + 1.0)

        return run, [x, r]

    return build


def log_space_scan(batch, length, features):
    """A log-space linear recurrence (the core of log-domain sequence models): a
    `cumlogsumexp` over time of scores plus a running sum of log decays."""

    def build(rng):
        scores = rng.standard_normal((batch, length, features), dtype=np.float32)
        decay = -np.abs(rng.standard_normal((batch, length, features), dtype=np.float32)) * np.float32(0.01)

        def run(scores, decay):
            log_a = jnp.cumsum(decay, axis=1)
            return lax.cumlogsumexp(scores - log_a, axis=1) + log_a

        return run, [scores, decay]

    return build


CASES = [
    Case("cumulative_rows", "cumulative", "small", "cumsum, cumprod, cummax and cummin along 512 over 64 rows", running_stats(64, 512), depth=512),
    Case("cumulative_long", "cumulative", "large", "cumsum, cumprod, cummax and cummin along 8192 over 32 rows", running_stats(32, 8192), depth=8192),
    Case("logcumsumexp_scan", "cumulative", "large", "cumlogsumexp over 2048 steps of batch 4 x 64 features, with a running log decay", log_space_scan(4, 2048, 64), depth=2048),
]
