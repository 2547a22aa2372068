"""Fourier transforms in models: real FFT filtering, a 2-D complex FFT round trip, and
convolution of long signals by FFT.

Invariants: lengths are powers of two and not (both kinds occur in users' programs; the
non-power-of-two case exercises a transform's general path).
"""

import jax.numpy as jnp
import numpy as np

from .case import Case


def spectral_filter(rows, length):
    """Low-pass filtering by rfft, a smooth frequency response and irfft."""

    def build(rng):
        x = rng.standard_normal((rows, length), dtype=np.float32)

        def run(x):
            spectrum = jnp.fft.rfft(x, axis=-1)
            freq = jnp.arange(spectrum.shape[-1], dtype=jnp.float32)
            response = jnp.exp(-jnp.square(freq / (length / 8)))
            return jnp.fft.irfft(spectrum * response, n=length, axis=-1)

        return run, [x]

    return build


def fft2_roundtrip(batch, size):
    """A 2-D complex FFT, a phase shift and the inverse transform (as image registration
    does it)."""

    def build(rng):
        x = (rng.standard_normal((batch, size, size)) + 1j * rng.standard_normal((batch, size, size))).astype(np.complex64)

        def run(x):
            f = jnp.fft.fft2(x)
            k = jnp.arange(size, dtype=jnp.float32)
            shift = jnp.exp(1j * (k[:, None] + 2 * k[None, :]) * (2 * jnp.pi / size)).astype(jnp.complex64)
            return jnp.fft.ifft2(f * shift), jnp.abs(f)

        return run, [x]

    return build


def fft_convolution(batch, length, taps):
    """Linear convolution of `batch` signals with one long filter through rfft."""

    def build(rng):
        x = rng.standard_normal((batch, length), dtype=np.float32)
        h = rng.standard_normal(taps, dtype=np.float32) / np.float32(np.sqrt(taps))

        def run(x, h):
            n = length + taps - 1
            size = 1 << (n - 1).bit_length()
            y = jnp.fft.irfft(jnp.fft.rfft(x, size, axis=-1) * jnp.fft.rfft(h, size), size, axis=-1)
            return y[:, :n]

        return run, [x, h]

    return build


CASES = [
    Case("spectral_filter", "spectral", "small", "rfft low-pass filter irfft, 16 rows of 1000", spectral_filter(16, 1000), depth=64),
    Case("fft2_roundtrip", "spectral", "large", "fft2, phase shift and ifft2 of 8 complex 128x128 images", fft2_roundtrip(8, 128), depth=64),
    Case("fft_convolution", "spectral", "large", "FFT convolution of 16 signals of 4096 with a 4096-tap filter", fft_convolution(16, 4096, 4096), depth=256),
]
