"""Convolutional layers as models use them: a ResNet stem (NCHW, 7x7 stride 2), a
MobileNet block (NHWC depthwise then pointwise), a WaveNet-style stack of dilated grouped
1-D convolutions, and the gradients of a convolution layer (backward data and filter).

Invariants: every convolution is written with `lax.conv_general_dilated`, as Flax and
Haiku emit it; weights are scaled by 1/sqrt(fan_in) so activations stay near 1.
"""

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from .case import Case


def filt(rng, shape, fan_in):
    return rng.standard_normal(shape, dtype=np.float32) / np.float32(np.sqrt(fan_in))


def resnet_stem(batch, size):
    """Conv 7x7/2 (NCHW, OIHW) with ReLU and a 3x3/2 max pool: the first layer of a ResNet."""

    def build(rng):
        x = rng.standard_normal((batch, 3, size, size), dtype=np.float32)
        w = filt(rng, (64, 3, 7, 7), 147)

        def run(x, w):
            y = lax.conv_general_dilated(x, w, (2, 2), ((3, 3), (3, 3)), dimension_numbers=("NCHW", "OIHW", "NCHW"))
            y = jax.nn.relu(y)
            return lax.reduce_window(y, -jnp.inf, lax.max, (1, 1, 3, 3), (1, 1, 2, 2), ((0, 0), (0, 0), (1, 1), (1, 1)))

        return run, [x, w]

    return build


def mobilenet_block(batch, size, channels, expand):
    """An inverted residual block (NHWC): 1x1 expansion, 3x3 depthwise, 1x1 projection,
    ReLU6 between, and the residual."""

    def build(rng):
        hidden = channels * expand
        x = rng.standard_normal((batch, size, size, channels), dtype=np.float32)
        ws = (filt(rng, (1, 1, channels, hidden), channels), filt(rng, (3, 3, 1, hidden), 9), filt(rng, (1, 1, hidden, channels), hidden))
        dn = ("NHWC", "HWIO", "NHWC")

        def run(x, ws):
            w1, wd, w2 = ws
            h = jnp.clip(lax.conv_general_dilated(x, w1, (1, 1), "SAME", dimension_numbers=dn), 0, 6)
            h = jnp.clip(lax.conv_general_dilated(h, wd, (1, 1), "SAME", dimension_numbers=dn, feature_group_count=hidden), 0, 6)
            return x + lax.conv_general_dilated(h, w2, (1, 1), "SAME", dimension_numbers=dn)

        return run, [x, ws]

    return build


def tcn(batch, length, channels, groups, dilations):
    """A temporal convolution stack (NWC): per layer a causal kernel-3 convolution with
    the layer's dilation and `groups` feature groups, a gated activation and a residual."""

    def build(rng):
        x = rng.standard_normal((batch, length, channels), dtype=np.float32)
        ws = [filt(rng, (3, channels // groups, 2 * channels), 3 * channels // groups) for _ in dilations]
        dn = ("NWC", "WIO", "NWC")

        def run(x, ws):
            for w, d in zip(ws, dilations):
                y = lax.conv_general_dilated(x, w, (1,), ((2 * d, 0),), rhs_dilation=(d,), dimension_numbers=dn, feature_group_count=groups)
                a, b = jnp.split(y, 2, axis=-1)
                x = x + jnp.tanh(a) * jax.nn.sigmoid(b)
            return x

        return run, [x, ws]

    return build


def conv_layer_grads(batch, size, cin, cout, stride):
    """Gradients of a mean-square loss through one NHWC 3x3 convolution with ReLU, with
    respect to its input and its filter: the backward-data and backward-filter forms."""

    def build(rng):
        x = rng.standard_normal((batch, size, size, cin), dtype=np.float32)
        w = filt(rng, (3, 3, cin, cout), 9 * cin)
        out = size // stride
        t = rng.standard_normal((batch, out, out, cout), dtype=np.float32)
        dn = ("NHWC", "HWIO", "NHWC")

        def loss(x, w, t):
            y = lax.conv_general_dilated(x, w, (stride, stride), "SAME", dimension_numbers=dn)
            return jnp.mean(jnp.square(jax.nn.relu(y) - t))

        return jax.grad(loss, argnums=(0, 1)), [x, w, t]

    return build


CASES = [
    Case("resnet_stem", "convolution", "large", "NCHW conv 7x7/2 3->64, ReLU, max pool 3x3/2, batch 4, 112x112", resnet_stem(4, 112), depth=147),
    Case("mobilenet_block", "convolution", "large", "NHWC inverted residual (1x1, depthwise 3x3, 1x1), batch 8, 28x28x32, expansion 6", mobilenet_block(8, 28, 32, 6), depth=192),
    Case("tcn_small", "convolution", "small", "dilated grouped causal 1-D conv stack (NWC), batch 1, 256 steps, 32 channels, 4 groups, dilations 1-8", tcn(1, 256, 32, 4, (1, 2, 4, 8)), depth=128),
    Case("tcn_large", "convolution", "large", "dilated grouped causal 1-D conv stack (NWC), batch 8, 2048 steps, 64 channels, 8 groups, dilations 1-32", tcn(8, 2048, 64, 8, (1, 2, 4, 8, 16, 32)), depth=256),
    Case("conv_grads", "convolution", "large", "input and filter gradients of an NHWC 3x3 conv + ReLU, batch 8, 32x32, 32->64", conv_layer_grads(8, 32, 32, 64, 1), depth=8192),
    Case("conv_grads_strided", "convolution", "large", "input and filter gradients of an NHWC 3x3/2 conv + ReLU, batch 8, 64x64, 16->32", conv_layer_grads(8, 64, 16, 32, 2), depth=8192),
]
