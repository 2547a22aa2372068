"""Recurrent models scanned over time with `lax.scan`: LSTM and GRU forward passes that
return the whole output sequence and the final state.

Invariants: the input projection of every step is inside the scan (as a user writes it), so
a scan body holds dots of a batch by the hidden size: small dots in a loop, where per-step
costs (allocation, copies of the carried state, dispatch) show.
"""

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from .case import Case


def weights(rng, fan_in, fan_out):
    return rng.standard_normal((fan_in, fan_out), dtype=np.float32) / np.float32(np.sqrt(fan_in))


def lstm(steps, batch, features, hidden):
    """An LSTM cell scanned over `steps` inputs of `batch` x `features`."""

    def build(rng):
        params = (weights(rng, features, 4 * hidden), weights(rng, hidden, 4 * hidden), np.zeros(4 * hidden, np.float32))
        xs = rng.standard_normal((steps, batch, features), dtype=np.float32)
        h0 = np.zeros((batch, hidden), np.float32)

        def run(params, xs, h0):
            wx, wh, b = params

            def cell(carry, x):
                h, c = carry
                gates = x @ wx + h @ wh + b
                i, f, g, o = jnp.split(gates, 4, axis=-1)
                c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
                h = jax.nn.sigmoid(o) * jnp.tanh(c)
                return (h, c), h

            (h, c), hs = lax.scan(cell, (h0, h0), xs)
            return hs, h, c

        return run, [params, xs, h0]

    return build


def gru(steps, batch, features, hidden):
    """A GRU cell scanned over `steps` inputs of `batch` x `features`."""

    def build(rng):
        params = (weights(rng, features, 3 * hidden), weights(rng, hidden, 3 * hidden), np.zeros(3 * hidden, np.float32))
        xs = rng.standard_normal((steps, batch, features), dtype=np.float32)
        h0 = np.zeros((batch, hidden), np.float32)

        def run(params, xs, h0):
            wx, wh, b = params

            def cell(h, x):
                gx = x @ wx + b
                gh = h @ wh
                rx, zx, nx = jnp.split(gx, 3, axis=-1)
                rh, zh, nh = jnp.split(gh, 3, axis=-1)
                r = jax.nn.sigmoid(rx + rh)
                z = jax.nn.sigmoid(zx + zh)
                n = jnp.tanh(nx + r * nh)
                h = (1 - z) * n + z * h
                return h, h

            h, hs = lax.scan(cell, h0, xs)
            return hs, h

        return run, [params, xs, h0]

    return build


CASES = [
    Case("lstm_small", "recurrent", "small", "LSTM, 64 steps, batch 1, 32 features, hidden 64", lstm(64, 1, 32, 64), depth=512),
    Case("lstm_large", "recurrent", "large", "LSTM, 64 steps, batch 32, 128 features, hidden 256", lstm(64, 32, 128, 256), depth=2048),
    Case("gru_small", "recurrent", "small", "GRU, 128 steps, batch 4, 32 features, hidden 64", gru(128, 4, 32, 64), depth=512),
    Case("gru_large", "recurrent", "large", "GRU, 32 steps, batch 16, 256 features, hidden 512", gru(32, 16, 256, 512), depth=2048),
]
