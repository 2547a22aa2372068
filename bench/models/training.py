"""Training steps: a loss and its gradients (`jax.value_and_grad`) of whole models, and the
Adam update that follows them.

Invariants: parameters are initialised at the scale their fan-in asks for (so activations
and gradients stay near 1 and the tolerance of `Case.depth` means what it says); every
program returns the loss and every gradient, so nothing is dead code XLA could drop.
"""

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from .case import Case


def dense_params(rng, sizes):
    """Weights and biases of a stack of dense layers, scaled by 1/sqrt(fan_in)."""
    params = []
    for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
        w = rng.standard_normal((fan_in, fan_out), dtype=np.float32) / np.float32(np.sqrt(fan_in))
        params.append((w, np.zeros(fan_out, np.float32)))
    return params


def cross_entropy(logits, labels):
    """Mean softmax cross-entropy against integer labels."""
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


def mlp_train(batch, sizes):
    """value_and_grad of a ReLU MLP's cross-entropy."""

    def build(rng):
        params = dense_params(rng, sizes)
        x = rng.standard_normal((batch, sizes[0]), dtype=np.float32)
        y = rng.integers(0, sizes[-1], batch).astype(np.int32)

        def loss(params, x, y):
            h = x
            for w, b in params[:-1]:
                h = jax.nn.relu(h @ w + b)
            w, b = params[-1]
            return cross_entropy(h @ w + b, y)

        return jax.value_and_grad(loss), [params, x, y]

    return build


def layer_norm(x, g, b):
    mean = jnp.mean(x, -1, keepdims=True)
    var = jnp.mean(jnp.square(x - mean), -1, keepdims=True)
    return (x - mean) * lax.rsqrt(var + 1e-5) * g + b


def transformer_train(batch, seq, d, heads):
    """value_and_grad of a pre-LN transformer block (causal attention and a GELU MLP) under
    a mean-square loss."""

    def build(rng):
        def w(*shape):
            return rng.standard_normal(shape, dtype=np.float32) / np.float32(np.sqrt(shape[0]))

        params = {
            "ln1": (np.ones(d, np.float32), np.zeros(d, np.float32)),
            "qkv": w(d, 3 * d),
            "out": w(d, d),
            "ln2": (np.ones(d, np.float32), np.zeros(d, np.float32)),
            "up": w(d, 4 * d),
            "down": w(4 * d, d),
        }
        x = rng.standard_normal((batch, seq, d), dtype=np.float32)
        target = rng.standard_normal((batch, seq, d), dtype=np.float32)

        def block(p, x):
            h = layer_norm(x, *p["ln1"])
            q, k, v = jnp.split(h @ p["qkv"], 3, axis=-1)
            split = lambda t: t.reshape(batch, seq, heads, d // heads)
            q, k, v = split(q), split(k), split(v)
            s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.float32(np.sqrt(d // heads))
            mask = jnp.tril(jnp.ones((seq, seq), bool))
            s = jnp.where(mask, s, np.float32(-1e9))
            a = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s, -1), v).reshape(batch, seq, d)
            x = x + a @ p["out"]
            h = layer_norm(x, *p["ln2"])
            return x + jax.nn.gelu(h @ p["up"]) @ p["down"]

        def loss(p, x, t):
            return jnp.mean(jnp.square(block(p, x) - t))

        return jax.value_and_grad(loss), [params, x, target]

    return build


def cnn_train(batch, size, channels, classes):
    """value_and_grad of a small NHWC CNN: two 3x3 convolutions with ReLU, a 2x2 max pool,
    a global average pool and a dense classifier."""

    def build(rng):
        c1, c2 = channels
        params = {
            "conv1": rng.standard_normal((3, 3, 3, c1), dtype=np.float32) / np.float32(np.sqrt(27)),
            "conv2": rng.standard_normal((3, 3, c1, c2), dtype=np.float32) / np.float32(np.sqrt(9 * c1)),
            "dense": rng.standard_normal((c2, classes), dtype=np.float32) / np.float32(np.sqrt(c2)),
        }
        x = rng.standard_normal((batch, size, size, 3), dtype=np.float32)
        y = rng.integers(0, classes, batch).astype(np.int32)
        dn = ("NHWC", "HWIO", "NHWC")

        def loss(p, x, y):
            h = jax.nn.relu(lax.conv_general_dilated(x, p["conv1"], (1, 1), "SAME", dimension_numbers=dn))
            h = lax.reduce_window(h, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
            h = jax.nn.relu(lax.conv_general_dilated(h, p["conv2"], (1, 1), "SAME", dimension_numbers=dn))
            h = jnp.mean(h, axis=(1, 2))
            return cross_entropy(h @ p["dense"], y)

        return jax.value_and_grad(loss), [params, x, y]

    return build


def adam_update(shapes):
    """One Adam step over a parameter pytree: moments, bias correction and the update."""

    def build(rng):
        params = [rng.standard_normal(s, dtype=np.float32) for s in shapes]
        grads = [rng.standard_normal(s, dtype=np.float32) for s in shapes]
        m = [np.zeros(s, np.float32) + np.float32(0.01) * rng.standard_normal(s, dtype=np.float32) for s in shapes]
        v = [np.abs(rng.standard_normal(s, dtype=np.float32)) * np.float32(0.01) for s in shapes]
        step = np.int32(10)

        def update(params, grads, m, v, step):
            b1, b2, lr, eps = 0.9, 0.999, 1e-3, 1e-8
            t = (step + 1).astype(jnp.float32)
            m = [b1 * mi + (1 - b1) * g for mi, g in zip(m, grads)]
            v = [b2 * vi + (1 - b2) * g * g for vi, g in zip(v, grads)]
            scale = lr * jnp.sqrt(1 - b2**t) / (1 - b1**t)
            params = [p - scale * mi / (jnp.sqrt(vi) + eps) for p, mi, vi in zip(params, m, v)]
            return params, m, v

        return update, [params, grads, m, v, step]

    return build


CASES = [
    Case("mlp_train_small", "training", "small", "value_and_grad of a 784-128-128-10 ReLU MLP, batch 16", mlp_train(16, [784, 128, 128, 10]), depth=784),
    Case("mlp_train_large", "training", "large", "value_and_grad of a 1024-2048-2048-1024 ReLU MLP, batch 256", mlp_train(256, [1024, 2048, 2048, 1024]), depth=2048),
    Case("transformer_train_small", "training", "small", "value_and_grad of a pre-LN transformer block, batch 1, seq 32, d 64, 4 heads", transformer_train(1, 32, 64, 4), depth=512),
    Case("transformer_train_large", "training", "large", "value_and_grad of a pre-LN transformer block, batch 4, seq 128, d 256, 8 heads", transformer_train(4, 128, 256, 8), depth=2048),
    Case("cnn_train", "training", "large", "value_and_grad of a two-conv NHWC CNN with pooling, batch 16, 32x32x3, 32/64 channels", cnn_train(16, 32, (32, 64), 10), depth=1024),
    Case("adam_small", "training", "small", "one Adam step over 4 tensors of 8K parameters in all", adam_update([(64, 64), (64,), (64, 64), (64,)]), depth=8),
    Case("adam_large", "training", "large", "one Adam step over 6 tensors of 4.7M parameters in all", adam_update([(1024, 1024), (1024,), (1024, 2048), (2048,), (2048, 512), (512,)]), depth=8),
]
