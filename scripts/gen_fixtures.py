#!/usr/bin/env python3
"""Exports small JAX programs as test fixtures for the HLO and StableHLO readers.

Each case below is one small jitted JAX function with seeded inputs. For a case NAME the
script writes, into fixtures/:
- NAME.stablehlo.mlir: `jax.jit(f).lower(*args).as_text()`;
- NAME.hlo: the same program as HLO text, `.as_text(dialect="hlo")`;
- NAME.inputs.npz (arg0, arg1, ...) and NAME.expected.npz (out0, ...): the inputs and the
  outputs of the jitted function run on XLA CPU; bfloat16 arrays are stored as their
  uint16 bits, like the shared corpus;
- manifest.json: one entry per case (shapes, dtypes, op families, tolerances, the ops used).

Invariants: the output is a pure function of this file and the pinned versions in
scripts/requirements-fixtures.txt (inputs come from a generator seeded by the case name,
and the npz files are written with fixed zip timestamps), so a rerun leaves git clean;
every tensor is small (a few thousand elements at most) so fixtures/ stays well under 2 MB.

Usage (see fixtures/README.md for setting up the venv):
    .venv-fixtures/bin/python scripts/gen_fixtures.py            # all cases
    .venv-fixtures/bin/python scripts/gen_fixtures.py --only softmax --only matmul
    .venv-fixtures/bin/python scripts/gen_fixtures.py --list
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import jax
import jax.numpy as jnp
import jax.scipy.special as jsp
import ml_dtypes
import numpy as np
from jax import lax

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_fixtures import SHARED_FILES, SUFFIXES, hlo_ops, stablehlo_ops  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS = ROOT / "scripts" / "requirements-fixtures.txt"

f32, f16, f64 = np.float32, np.float16, np.float64
bf16 = ml_dtypes.bfloat16
i8, i16, i32, i64 = np.int8, np.int16, np.int32, np.int64
u8, u16, u32, u64 = np.uint8, np.uint16, np.uint32, np.uint64

# IEEE special values that the edge-case fixtures mix into their inputs.
F32_SPECIALS = np.array(
    [np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 1e-45, -1e-45,
     np.finfo(f32).max, np.finfo(f32).min, np.finfo(f32).tiny, 0.5, -2.5, 3.0],
    dtype=f32)


# ---- the case registry --------------------------------------------------------------------

@dataclass
class Case:
    """One fixture: a builder returning (function, inputs), and what the manifest says."""

    name: str
    families: list[str]
    desc: str
    build: Callable[[np.random.Generator], tuple[Callable, list[np.ndarray]]]
    rtol: float = 0.0
    atol: float = 0.0
    x64: bool = False
    donate: tuple[int, ...] = ()
    notes: str = ""


CASES: list[Case] = []


def case(name: str, families: list[str], desc: str, *, rtol: float = 0.0, atol: float = 0.0,
         x64: bool = False, donate: tuple[int, ...] = (), notes: str = ""):
    """Registers the decorated builder as the fixture `name`."""

    def register(build):
        CASES.append(Case(name, families, desc, build, rtol, atol, x64, donate, notes))
        return build

    return register


# Tolerances suggested to consumers, by kind of computation.
EXACT = dict(rtol=0.0, atol=0.0)
ULP = dict(rtol=2e-6, atol=1e-6)          # one or two roundings of f32 elementwise math
TRANS = dict(rtol=1e-5, atol=1e-6)        # f32 transcendentals (implementations differ)
SPECIAL = dict(rtol=1e-4, atol=1e-5)      # chlo special functions (polynomial expansions)
ACCUM = dict(rtol=1e-5, atol=1e-5)        # f32 sums and dot products of small size
HALF = dict(rtol=1e-2, atol=1e-3)         # f16 / bf16 results


# ---- input helpers ------------------------------------------------------------------------

def normal(rng, shape, dtype=f32, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(dtype)


def uniform(rng, shape, lo, hi, dtype=f32):
    return rng.uniform(lo, hi, shape).astype(dtype)


def ints(rng, shape, lo, hi, dtype=i32):
    """Integers in [lo, hi), drawn as int64 then cast (wrapping is the caller's intent)."""
    return rng.integers(lo, hi, shape, dtype=np.int64).astype(dtype)


def with_specials(rng, shape, dtype=f32):
    """A normal sample with the IEEE specials spread over its first elements."""
    x = normal(rng, shape, f32, 3.0).reshape(-1)
    x[: len(F32_SPECIALS)] = F32_SPECIALS
    rng.shuffle(x)
    return x.reshape(shape).astype(dtype)


# ---- elementwise float -------------------------------------------------------------------

@case("ew_arith", ["elementwise"],
      "add/sub/mul/div/neg/abs/max/min/sign/floor/ceil/round/rem on f32", **ULP)
def _(rng):
    def f(x, y):
        return (x + y, x - y, x * y, x / y, -x, jnp.abs(x), jnp.maximum(x, y),
                jnp.minimum(x, y), jnp.sign(x), jnp.floor(x), jnp.ceil(x),
                jnp.round(x),  # round half to even
                lax.round(x, lax.RoundingMethod.AWAY_FROM_ZERO), lax.rem(x, y))
    x = normal(rng, (8, 32), scale=4.0)
    x[0, :8] = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.0, -0.0]  # rounding ties
    return f, [x, uniform(rng, (8, 32), 0.5, 3.0) * rng.choice([-1, 1], (8, 32)).astype(f32)]


@case("ew_exp_log", ["elementwise", "transcendental"],
      "exp, exp2, expm1, log, log1p, log2 on f32", **TRANS)
def _(rng):
    def f(x, p):
        return jnp.exp(x), jnp.exp2(x), jnp.expm1(x), jnp.log(p), jnp.log1p(p), jnp.log2(p)
    return f, [uniform(rng, (16, 32), -10.0, 10.0), uniform(rng, (16, 32), 1e-3, 100.0)]


@case("ew_tanh_logistic", ["elementwise", "transcendental"],
      "tanh, jax.nn.sigmoid (jax 0.10 expands it to 1/(1+exp(-x)): see raw_logistic for "
      "stablehlo.logistic), silu, gelu (tanh approximation), softplus", **TRANS)
def _(rng):
    def f(x):
        return (jnp.tanh(x), jax.nn.sigmoid(x), jax.nn.silu(x),
                jax.nn.gelu(x, approximate=True), jax.nn.softplus(x))
    return f, [uniform(rng, (16, 64), -8.0, 8.0)]


@case("ew_trig", ["elementwise", "transcendental"],
      "sin, cos, tan, atan2 on f32, including large arguments", **TRANS)
def _(rng):
    def f(x, y):
        return jnp.sin(x), jnp.cos(x), jnp.tan(y), jnp.arctan2(x, y)
    x = uniform(rng, (16, 32), -10.0, 10.0)
    x[0, :4] = [100.0, -1000.0, 12345.0, 0.0]
    return f, [x, uniform(rng, (16, 32), -1.5, 1.5)]


@case("ew_erf", ["elementwise", "transcendental"],
      "erf, erfc, exact gelu (erf-based) on f32", **TRANS)
def _(rng):
    def f(x):
        return lax.erf(x), lax.erfc(x), jax.nn.gelu(x, approximate=False)
    return f, [uniform(rng, (16, 64), -5.0, 5.0)]


@case("ew_pow_sqrt", ["elementwise", "transcendental"],
      "pow (float and integer exponents), sqrt, rsqrt, cbrt, integer_pow, square", **TRANS)
def _(rng):
    def f(b, e, n, p):
        return (jnp.power(b, e), lax.pow(n, jnp.round(e)), lax.pow(b, 3), jnp.sqrt(p),
                lax.rsqrt(p), jnp.cbrt(n), lax.integer_pow(n, 5), jnp.square(n),
                lax.pow(b, lax.convert_element_type(jnp.round(e), jnp.int32)))
    return f, [uniform(rng, (16, 32), 0.1, 4.0), uniform(rng, (16, 32), -3.0, 3.0),
               uniform(rng, (16, 32), -3.0, 3.0), uniform(rng, (16, 32), 1e-3, 1e3)]


@case("ew_specials", ["elementwise", "transcendental"],
      "NaN/inf/-0/denormal propagation through exp, log, sqrt, max, min, mul, div, "
      "is_finite, isnan, isinf, nextafter; XLA's max/min propagate NaN", **TRANS,
      notes="NaN outputs: compare as NaN regardless of sign or payload")
def _(rng):
    def f(x, y):
        return (jnp.exp(x), jnp.log(x), jnp.sqrt(x), jnp.maximum(x, y), jnp.minimum(x, y),
                x * y, x / y, lax.is_finite(x), jnp.isnan(x), jnp.isinf(x),
                jnp.nextafter(x, y))
    return f, [with_specials(rng, (4, 64)), with_specials(rng, (4, 64))]


@case("ew_f16", ["elementwise", "transcendental", "f16"],
      "add, mul, div, exp, tanh, sqrt, max on f16 (XLA computes some in f32)", **HALF)
def _(rng):
    def f(x, y):
        return x + y, x * y, x / y, jnp.exp(x), jnp.tanh(x), jnp.sqrt(jnp.abs(y)), \
            jnp.maximum(x, y)
    return f, [normal(rng, (16, 32), f16), uniform(rng, (16, 32), 0.5, 4.0, f16)]


@case("ew_bf16", ["elementwise", "transcendental", "bf16"],
      "add, mul, div, exp, tanh, logistic, max on bf16", **HALF)
def _(rng):
    def f(x, y):
        return x + y, x * y, x / y, jnp.exp(x), jnp.tanh(x), jax.nn.sigmoid(x), \
            jnp.maximum(x, y)
    return f, [normal(rng, (16, 32), bf16), uniform(rng, (16, 32), 0.5, 4.0, bf16)]


@case("ew_f64", ["elementwise", "transcendental", "x64"],
      "exp, log, sin, tanh, pow, sqrt and a small dot on f64 (jax x64 mode)",
      rtol=1e-12, atol=1e-12, x64=True)
def _(rng):
    def f(x, y):
        return jnp.exp(x), jnp.log(y), jnp.sin(x), jnp.tanh(x), jnp.power(y, x), \
            jnp.sqrt(y), x @ y.T
    return f, [normal(rng, (8, 16), f64), uniform(rng, (8, 16), 0.1, 10.0, f64)]


@case("reduce_precision_barrier", ["elementwise", "conversion"],
      "lax.reduce_precision to f16 and bf16 formats, and an optimization_barrier", **EXACT)
def _(rng):
    def f(x):
        a = lax.reduce_precision(x, exponent_bits=5, mantissa_bits=10)
        b = lax.reduce_precision(x, exponent_bits=8, mantissa_bits=7)
        a, b = lax.optimization_barrier((a, b))
        return a, b
    with np.errstate(over="ignore"):  # The largest finite values overflow to inf: wanted.
        return f, [with_specials(rng, (8, 32)) * f32(1000)]


# ---- integer and bit ops -----------------------------------------------------------------

@case("int_bitwise", ["integer", "bitwise"],
      "and/or/xor/not, shift_left, shift_right_logical/arithmetic (amounts incl. >= 32 and "
      "negative), population_count, clz on i32 and u32", **EXACT)
def _(rng):
    def f(a, b, s, u):
        return (a & b, a | b, a ^ b, ~a, lax.shift_left(a, s),
                lax.shift_right_logical(a, s), lax.shift_right_arithmetic(a, s),
                lax.population_count(a), lax.clz(a), lax.population_count(u), lax.clz(u),
                ~u, lax.shift_right_logical(u, s.astype(u32)),
                lax.shift_right_arithmetic(u, s.astype(u32)))
    a = ints(rng, (256,), -2**31, 2**31)
    a[:6] = [0, -1, 1, -2**31, 2**31 - 1, 0x00F0F000]
    s = ints(rng, (256,), 0, 32)
    s[:8] = [0, 31, 32, 33, 40, -1, -32, 100]
    return f, [a, ints(rng, (256,), -2**31, 2**31), s, ints(rng, (256,), 0, 2**32, u32)]


@case("int_divrem", ["integer"],
      "lax.div/lax.rem (C truncation) on i32 incl. negatives, x/0 and INT_MIN/-1 "
      "(XLA-defined results), jnp floor_divide and mod (Python semantics), u32 div/rem",
      **EXACT, notes="x/0 gives -1 (s) or all-ones (u), x%0 gives x, INT_MIN/-1 gives INT_MIN")
def _(rng):
    def f(a, b, ua, ub):
        return lax.div(a, b), lax.rem(a, b), jnp.floor_divide(a, b), jnp.mod(a, b), \
            lax.div(ua, ub), lax.rem(ua, ub)
    a = ints(rng, (128,), -1000, 1000)
    b = ints(rng, (128,), -9, 10)
    a[:8] = [7, -7, 7, -7, 5, -2**31, -2**31, 0]
    b[:8] = [2, 2, -2, -2, 0, -1, 1, 0]
    ua = ints(rng, (128,), 0, 2**32, u32)
    ub = ints(rng, (128,), 0, 20, u32)
    return f, [a, b, ua, ub]


@case("int_narrow", ["integer"],
      "wrapping add/mul/sub, max/min, div, shifts on i8, i16, u8, u16", **EXACT)
def _(rng):
    def f(a8, b8, a16, b16, c8, d8, c16, d16):
        out = []
        for x, y in ((a8, b8), (a16, b16), (c8, d8), (c16, d16)):
            one = jnp.ones_like(y)
            out += [x + y, x * y, x - y, jnp.maximum(x, y), lax.div(x, y | one),
                    lax.shift_left(x, y & 7), lax.shift_right_arithmetic(x, y & 7)]
        return tuple(out)
    return f, [ints(rng, (128,), -128, 128, i8), ints(rng, (128,), -128, 128, i8),
               ints(rng, (128,), -2**15, 2**15, i16), ints(rng, (128,), -2**15, 2**15, i16),
               ints(rng, (128,), 0, 256, u8), ints(rng, (128,), 0, 256, u8),
               ints(rng, (128,), 0, 2**16, u16), ints(rng, (128,), 0, 2**16, u16)]


@case("int_i64", ["integer", "bitwise", "x64"],
      "i64/u64 mul, div, rem, shifts, popcount, clz, and i64 sum (jax x64 mode)",
      **EXACT, x64=True)
def _(rng):
    def f(a, b, u):
        nz = jnp.where(b == 0, 1, b)
        return (a * b, lax.div(a, nz), lax.rem(a, nz), lax.shift_left(a, b & 63),
                lax.shift_right_logical(u, (b & 63).astype(u64)), lax.population_count(a),
                lax.clz(u), jnp.sum(a))
    return f, [ints(rng, (64,), -2**62, 2**62, i64), ints(rng, (64,), -100, 100, i64),
               rng.integers(0, 2**64 - 1, (64,), dtype=np.uint64) | u64(1)]


@case("bool_logic", ["integer", "bitwise", "comparison"],
      "logical and/or/xor/not on pred, and pred reductions (any/all)", **EXACT)
def _(rng):
    def f(p, q):
        return p & q, p | q, p ^ q, ~p, jnp.any(p, axis=1), jnp.all(q, axis=0)
    return f, [rng.random((8, 16)) < 0.5, rng.random((8, 16)) < 0.9]


# ---- comparisons and selection -----------------------------------------------------------

@case("cmp_float_nan", ["comparison"],
      "eq/ne/lt/le/gt/ge on f32 with NaN, +-0, +-inf, denormals (IEEE partial order)",
      **EXACT)
def _(rng):
    def f(x, y):
        return x == y, x != y, x < y, x <= y, x > y, x >= y
    x, y = with_specials(rng, (4, 32)), with_specials(rng, (4, 32))
    x[0, :len(F32_SPECIALS)] = F32_SPECIALS
    y[0, :len(F32_SPECIALS)] = F32_SPECIALS[::-1]
    y[1, :len(F32_SPECIALS)] = F32_SPECIALS
    return f, [x, y]


def raw_op(name: str, out_avals: Callable, lower: Callable, multiple: bool = False):
    """A jax primitive that lowers straight to the StableHLO op(s) that `lower` builds.

    For ops that StableHLO and HLO have but jax 0.10 never emits from its own API (a
    TOTALORDER compare, logistic, batch norm, cholesky, triangular_solve). `out_avals`
    maps the input avals to the output aval (or list of them when `multiple`); `lower`
    maps the MLIR input values to a list of MLIR result values. XLA CPU runs the result
    like any other program.
    """
    from jax._src.interpreters import mlir
    from jax.extend.core import Primitive

    prim = Primitive(name)
    prim.multiple_results = multiple
    prim.def_abstract_eval(out_avals)
    mlir.register_lowering(prim, lambda ctx, *args: lower(*args))
    return prim.bind


def _aval(shape, dtype):
    return jax.core.ShapedArray(tuple(shape), jnp.dtype(dtype))


def _total_order(direction: str):
    """x `direction` y as stablehlo.compare with comparison type TOTALORDER.

    jax's own comparisons always use FLOAT on floats, so this is the only way to have XLA
    compute (and the fixture record) total-order results: -NaN < -inf < ... < -0 < +0 <
    ... < +inf < +NaN.
    """
    from jax._src.interpreters import mlir

    return raw_op(f"total_order_{direction.lower()}", lambda x, y: _aval(x.shape, jnp.bool_),
                  lambda x, y: [mlir.compare_hlo(x, y, direction, "TOTALORDER")])


@case("cmp_totalorder", ["comparison"],
      "stablehlo.compare with TOTALORDER (LT, EQ, GE, NE) on f32 specials incl. signed NaN "
      "and +-0, next to jnp.isnan", **EXACT)
def _(rng):
    cmps = [_total_order(d) for d in ("LT", "EQ", "GE", "NE")]

    def f(x, y):
        return tuple(cmp(x, y) for cmp in cmps) + (jnp.isnan(x),)
    n = len(F32_SPECIALS)
    x = np.repeat(F32_SPECIALS, n)
    y = np.tile(F32_SPECIALS, n)
    return f, [x, y]


@case("cmp_int", ["comparison", "integer"],
      "signed i32 and unsigned u32 comparisons across the sign bit, and pred ==", **EXACT)
def _(rng):
    def f(a, b, ua, ub):
        return a < b, a >= b, a == b, ua < ub, ua >= ub, (a < b) == (ua < ub)
    a, b = ints(rng, (256,), -2**31, 2**31), ints(rng, (256,), -2**31, 2**31)
    b[:16] = a[:16]
    return f, [a, b, a.astype(u32), b.astype(u32)]


@case("select_clamp", ["select"],
      "jnp.where, lax.select, lax.clamp (scalar and tensor bounds), jnp.clip, relu", **EXACT)
def _(rng):
    def f(p, x, y, lo, hi):
        return (jnp.where(p, x, y), lax.select(x > y, x, y), lax.clamp(f32(-0.5), x, f32(0.5)),
                lax.clamp(lo, x, hi), jnp.clip(x, -1.0, 2.0), jax.nn.relu(x),
                jnp.where(x > 0, 1, -1).astype(jnp.int32),
                lax.clamp(jnp.int32(-3), (x * 4).astype(jnp.int32), jnp.int32(3)))
    x = normal(rng, (8, 32), scale=2.0)
    lo = normal(rng, (8, 32)) - 1.0
    return f, [rng.random((8, 32)) < 0.5, x, normal(rng, (8, 32)), lo, lo + 1.5]


# ---- conversions -------------------------------------------------------------------------

@case("convert_int_float", ["conversion"],
      "f32->i32 (truncation), i32->f32 (rounding above 2^24), f32->u8, u32->f32, i8->f32, "
      "f32->pred, pred->f32, pred->i32, i32->i8 (wrap)", **EXACT)
def _(rng):
    def f(x, n, u, b):
        return (x.astype(jnp.int32), n.astype(jnp.float32), jnp.abs(x).astype(jnp.uint8),
                u.astype(jnp.float32), b.astype(jnp.float32), x.astype(jnp.bool_),
                (x > 0).astype(jnp.float32), (x > 0).astype(jnp.int32), n.astype(jnp.int8))
    x = uniform(rng, (256,), -200.0, 200.0)
    x[:6] = [0.0, -0.0, 0.5, -0.5, 0.99, -0.99]
    n = ints(rng, (256,), -2**31, 2**31)
    n[:4] = [2**24 + 1, -(2**24 + 1), 2**31 - 1, -2**31]
    return f, [x, n, ints(rng, (256,), 0, 2**32, u32), ints(rng, (256,), -128, 128, i8)]


@case("convert_half", ["conversion", "f16", "bf16"],
      "f32->f16->f32, f32->bf16->f32 (round to nearest even, overflow to inf, denormals), "
      "f16<->bf16, bf16->i32, i32->bf16, bf16 inputs", **EXACT)
def _(rng):
    def f(x, h, b, n):
        return (x.astype(jnp.float16), x.astype(jnp.float16).astype(jnp.float32),
                x.astype(jnp.bfloat16), x.astype(jnp.bfloat16).astype(jnp.float32),
                h.astype(jnp.bfloat16), b.astype(jnp.float16), b.astype(jnp.float32),
                b.astype(jnp.int32), n.astype(jnp.bfloat16), n.astype(jnp.float16),
                h.astype(jnp.float32))
    x = normal(rng, (512,), scale=100.0)
    x[:10] = [70000.0, -70000.0, 65504.0, 65520.0, 1e-8, 6e-5, 1.0009765625, 1.00048828125,
              3.4e38, np.nan]
    return f, [x, normal(rng, (512,), f16, 10.0), normal(rng, (512,), bf16, 10.0),
               ints(rng, (512,), -70000, 70000)]


@case("convert_edge", ["conversion"],
      "f32->i32/u32/i8 and f16->i16 of NaN, +-inf and out-of-range values (XLA CPU's "
      "saturating behaviour), f32->u32 of negatives", **EXACT,
      notes="StableHLO leaves these results implementation-defined; they are XLA CPU's")
def _(rng):
    def f(x):
        return x.astype(jnp.int32), x.astype(jnp.uint32), x.astype(jnp.int8), \
            x.astype(jnp.float16).astype(jnp.int16)
    x = np.concatenate([F32_SPECIALS, np.array([3e9, -3e9, 2.2e9, -2.2e9, 300.0, -300.0,
                                                -1.5, 4294967296.0], f32),
                        uniform(rng, (40,), -5e9, 5e9)])
    return f, [x]


@case("bitcast", ["conversion"],
      "bitcast_convert_type f32<->i32, f32->u8[...,4] and u8[...,4]->f32 (shape-changing), "
      "f16->i16, u16->bf16", **EXACT)
def _(rng):
    def f(x, n, h, w):
        return (lax.bitcast_convert_type(x, jnp.int32), lax.bitcast_convert_type(n, jnp.float32),
                lax.bitcast_convert_type(x, jnp.uint8),
                lax.bitcast_convert_type(lax.bitcast_convert_type(x, jnp.uint8), jnp.float32),
                lax.bitcast_convert_type(h, jnp.int16), lax.bitcast_convert_type(w, jnp.bfloat16))
    return f, [with_specials(rng, (4, 16)), ints(rng, (4, 16), 0, 0x7F800000),
               normal(rng, (4, 16), f16), ints(rng, (4, 16), 0, 0x7F80, u16)]


@case("convert_x64", ["conversion", "x64"],
      "f64<->f32, i64<->i32 (wrap), f64->i64, i64->f64, u64->f32, f64->bf16 (jax x64 mode)",
      **EXACT, x64=True)
def _(rng):
    def f(d, n, u):
        return (d.astype(jnp.float32), d.astype(jnp.float32).astype(jnp.float64),
                n.astype(jnp.int32), n.astype(jnp.int32).astype(jnp.int64), d.astype(jnp.int64),
                n.astype(jnp.float64), u.astype(jnp.float32), d.astype(jnp.bfloat16))
    return f, [normal(rng, (64,), f64, 1e6), ints(rng, (64,), -2**40, 2**40, i64),
               rng.integers(0, 2**64 - 1, (64,), dtype=np.uint64)]


# ---- complex -----------------------------------------------------------------------------

@case("complex_ops", ["complex"],
      "complex64: lax.complex, real/imag, add/mul/div, abs, conj, exp, log, sqrt, angle, "
      "a complex matmul and a complex sum", **TRANS)
def _(rng):
    def f(re, im, z):
        c = lax.complex(re, im)
        return (c + z, c * z, c / z, jnp.abs(z), jnp.conj(z), jnp.exp(z), jnp.log(z),
                jnp.sqrt(z), jnp.angle(z), jnp.real(c * z), jnp.imag(c * z),
                c @ z.T, jnp.sum(z, axis=0))
    z = (normal(rng, (8, 8)) + 1j * normal(rng, (8, 8))).astype(np.complex64)
    return f, [normal(rng, (8, 8)), normal(rng, (8, 8)), z]


def complex_edge_values(dtype):
    """Parts that exercise the special paths of XLA's complex exp/log/log1p/sqrt: zeros of
    both signs, infinities, NaN, the overflow edge of exp, the unit circle and -1 (where log
    and log1p cancel), huge and tiny magnitudes, and equal parts (sqrt's closed forms)."""
    finfo = np.finfo(np.float32 if dtype == np.complex64 else np.float64)
    parts = [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.0, 1e-3, -1e-7, 90.0, 100.0, 710.0,
             float(finfo.max), float(finfo.tiny), float(np.sqrt(finfo.max)), np.inf, -np.inf, np.nan]
    re, im = np.meshgrid(np.array(parts), np.array(parts))
    near = np.array([0.6 + 0.8j, 0.8 - 0.6j, -0.9999 + 0.01j, -1 + 1e-5j, 1e-4 - 1e-4j,
                     0.9999 + 0.0141j, 0.99995 + 0j, -0.5 + 0.8660254j])
    grid = np.zeros(re.shape, dtype)
    grid.real, grid.imag = re, im  # not re + 1j * im, which makes inf * 0 = NaN parts
    return np.concatenate([grid.ravel(), near.astype(dtype)])


@case("complex_math", ["complex", "transcendental", "x64"],
      "complex exp, log, log1p and sqrt on complex64 and complex128 over edge values (zeros, "
      "infinities, NaN, overflow of exp, the unit circle, -1, huge and tiny parts), which XLA "
      "writes as real arithmetic on the parts", rtol=1e-5, atol=1e-6, x64=True)
def _(rng):
    def f(z64, z128):
        return (jnp.exp(z64), jnp.log(z64), jnp.log1p(z64), jnp.sqrt(z64),
                jnp.exp(z128), jnp.log(z128), jnp.log1p(z128), jnp.sqrt(z128))
    return f, [complex_edge_values(np.complex64), complex_edge_values(np.complex128)]


@case("complex_chlo", ["complex", "transcendental", "x64"],
      "complex sinh, cosh, arcsin, arccos, arctan, arcsinh, arccosh, arctanh and square on "
      "complex64 and complex128 over edge values, which JAX emits as chlo ops and XLA expands "
      "into real arithmetic on the parts", rtol=1e-5, atol=1e-6, x64=True)
def _(rng):
    def f(z64, z128):
        return tuple(g(z) for z in (z64, z128)
                     for g in (jnp.sinh, jnp.cosh, jnp.arcsin, jnp.arccos, jnp.arctan,
                               jnp.arcsinh, jnp.arccosh, jnp.arctanh, jnp.square))
    return f, [complex_edge_values(np.complex64), complex_edge_values(np.complex128)]


@case("fft", ["complex", "fft"],
      "fft and ifft on complex64, rfft and irfft on f32 (stablehlo.fft)", **ACCUM)
def _(rng):
    def f(z, x):
        return jnp.fft.fft(z), jnp.fft.ifft(z), jnp.fft.rfft(x), jnp.fft.irfft(jnp.fft.rfft(x))
    z = (normal(rng, (4, 16)) + 1j * normal(rng, (4, 16))).astype(np.complex64)
    return f, [z, normal(rng, (4, 16))]


# ---- reductions ----------------------------------------------------------------------------

@case("reduce_rows_cols", ["reduction"],
      "sum/max/min/prod/mean over rows, columns and everything on f32[16,32]", **ACCUM)
def _(rng):
    def f(x):
        return (jnp.sum(x, axis=0), jnp.sum(x, axis=1), jnp.max(x, axis=0), jnp.max(x, axis=1),
                jnp.min(x, axis=0), jnp.min(x, axis=1), jnp.prod(x, axis=1), jnp.mean(x),
                jnp.sum(x))
    return f, [uniform(rng, (16, 32), 0.5, 1.5) * rng.choice([-1, 1], (16, 32)).astype(f32)]


@case("reduce_argmax", ["reduction"],
      "argmax/argmin over rows and columns (a two-operand reduce), with ties and a NaN row",
      **EXACT)
def _(rng):
    def f(x):
        return jnp.argmax(x, axis=0), jnp.argmax(x, axis=1), jnp.argmin(x, axis=0), \
            jnp.argmin(x, axis=1)
    x = np.round(normal(rng, (16, 24), scale=2.0))  # rounding makes ties
    x[3, 5] = np.nan
    return f, [x.astype(f32)]


@case("reduce_int_multi", ["reduction", "integer"],
      "integer sum/max/min over axes of i32[8,16,4], a 3-D reduce over two axes, and a "
      "variadic (sum, max) reduce via lax.reduce", **EXACT)
def _(rng):
    def f(n):
        pair = lax.reduce((n, n), (jnp.int32(0), jnp.int32(-2**31)),
                          lambda a, b: (a[0] + b[0], jnp.maximum(a[1], b[1])), (1,))
        return jnp.sum(n, axis=(0, 2)), jnp.max(n, axis=1), jnp.min(n, axis=(1, 2)), *pair
    return f, [ints(rng, (8, 16, 4), -1000, 1000)]


# ---- neural-network building blocks --------------------------------------------------------

@case("softmax", ["reduction", "nn", "transcendental"],
      "jax.nn.softmax and log_softmax over the last axis of f32[8,64]", **TRANS)
def _(rng):
    def f(x):
        return jax.nn.softmax(x, axis=-1), jax.nn.log_softmax(x, axis=-1)
    return f, [normal(rng, (8, 64), scale=3.0)]


@case("layernorm", ["reduction", "nn"],
      "layer normalization with gamma and beta over the last axis of f32[16,64]", **ACCUM)
def _(rng):
    def f(x, g, b):
        mu = jnp.mean(x, axis=-1, keepdims=True)
        var = jnp.mean(jnp.square(x - mu), axis=-1, keepdims=True)
        return (x - mu) * lax.rsqrt(var + 1e-5) * g + b
    return f, [normal(rng, (16, 64), scale=2.0), normal(rng, (64,)), normal(rng, (64,))]


@case("matmul", ["dot"], "f32[32,48] @ f32[48,24], matrix-vector and vector-vector dots",
      **ACCUM)
def _(rng):
    def f(a, b, v):
        return a @ b, a @ v, jnp.dot(v, v)
    return f, [normal(rng, (32, 48)), normal(rng, (48, 24)), normal(rng, (48,))]


@case("mlp2", ["dot", "nn"],
      "2-layer MLP: relu(x@w1+b1)@w2+b2 on x f32[16,64], hidden 128, 10 classes", **ACCUM)
def _(rng):
    def f(x, w1, b1, w2, b2):
        return jax.nn.relu(x @ w1 + b1) @ w2 + b2
    return f, [normal(rng, (16, 64)), normal(rng, (64, 128), scale=0.125), normal(rng, (128,)),
               normal(rng, (128, 10), scale=0.09), normal(rng, (10,))]


@case("dot_general", ["dot"],
      "batched dot_general: bij,bjk->bik; bij,bkj->bik; bij,cij->bc (two contracting dims); "
      "bf16 x bf16 -> f32 with preferred_element_type; i32 dot", **ACCUM)
def _(rng):
    def f(a, b, c, h, n):
        two = (((1, 2), (1, 2)), ((), ()))
        return (jnp.einsum("bij,bjk->bik", a, b), jnp.einsum("bij,bkj->bik", a, c),
                lax.dot_general(a, c, two),
                lax.dot_general(h, h, (((1,), (1,)), ((), ())),
                                preferred_element_type=jnp.float32),
                n @ n.T)
    return f, [normal(rng, (4, 8, 16)), normal(rng, (4, 16, 8)), normal(rng, (4, 8, 16)),
               normal(rng, (8, 16), bf16), ints(rng, (6, 10), -50, 50)]


@case("attention", ["dot", "nn", "reduction", "transcendental"],
      "single-head scaled dot-product attention with a causal mask, f32[2,16,32]", **ACCUM)
def _(rng):
    def f(q, k, v):
        s = jnp.einsum("bqd,bkd->bqk", q, k) / np.sqrt(32).astype(f32)
        mask = jnp.tril(jnp.ones((16, 16), bool))
        s = jnp.where(mask, s, -1e9)
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(s, axis=-1), v)
    return f, [normal(rng, (2, 16, 32)) for _ in range(3)]


# ---- convolution ---------------------------------------------------------------------------

NHWC = ("NHWC", "HWIO", "NHWC")


@case("conv2d_nhwc", ["conv"], "conv2d NHWC 3x3, stride 1, SAME padding, plus bias and relu",
      **ACCUM)
def _(rng):
    def f(x, w, b):
        y = lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=NHWC)
        return jax.nn.relu(y + b)
    return f, [normal(rng, (2, 8, 8, 4)), normal(rng, (3, 3, 4, 8), scale=0.3),
               normal(rng, (8,))]


@case("conv2d_stride_pad", ["conv"],
      "conv2d NHWC 3x3, stride 2, explicit asymmetric padding, rhs dilation 2; and one "
      "with lhs dilation 2 and explicit padding (a transposed convolution)", **ACCUM)
def _(rng):
    def f(x, w):
        a = lax.conv_general_dilated(x, w, (2, 2), ((1, 2), (0, 1)), rhs_dilation=(2, 2),
                                     dimension_numbers=NHWC)
        b = lax.conv_general_dilated(x, w, (1, 1), ((2, 2), (1, 1)), lhs_dilation=(2, 2),
                                     dimension_numbers=NHWC)
        return a, b
    return f, [normal(rng, (1, 9, 10, 3)), normal(rng, (3, 3, 3, 4), scale=0.3)]


@case("conv2d_grouped", ["conv"],
      "grouped conv2d (feature_group_count=2) and depthwise conv2d (groups=channels)",
      **ACCUM)
def _(rng):
    def f(x, w, dw):
        a = lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=NHWC,
                                     feature_group_count=2)
        b = lax.conv_general_dilated(x, dw, (2, 2), "SAME", dimension_numbers=NHWC,
                                     feature_group_count=4)
        return a, b
    return f, [normal(rng, (2, 6, 6, 4)), normal(rng, (3, 3, 2, 6), scale=0.3),
               normal(rng, (3, 3, 1, 8), scale=0.3)]


@case("conv2d_grad", ["conv", "autodiff"],
      "gradients of a strided grouped conv2d wrt input and weights (jax.grad: convolutions "
      "with lhs dilation, reversed kernels, batch_group_count)", **ACCUM)
def _(rng):
    def f(x, w, g):
        def loss(x, w):
            y = lax.conv_general_dilated(x, w, (2, 2), "SAME", dimension_numbers=NHWC,
                                         feature_group_count=2)
            return jnp.sum(y * g)
        return jax.grad(loss, argnums=(0, 1))(x, w)
    return f, [normal(rng, (2, 8, 8, 4)), normal(rng, (3, 3, 2, 6), scale=0.3),
               normal(rng, (2, 4, 4, 6))]


# ---- gather and scatter --------------------------------------------------------------------

@case("gather_embedding", ["gather"],
      "embedding lookup table[ids] (jnp.take, clip mode and the default fill mode with "
      "out-of-range ids)", **EXACT)
def _(rng):
    def f(table, ids):
        return jnp.take(table, ids, axis=0, mode="clip"), jnp.take(table, ids, axis=0), \
            table[ids[:4]]
    ids = ints(rng, (5, 4), 0, 64)
    ids[0, :3] = [-1, 64, 1000]
    return f, [normal(rng, (64, 16)), ids]


@case("gather_along_axis", ["gather"],
      "take_along_axis over columns and rows, x[:, idx], x[rows, cols] point gather, "
      "and a sliced gather x[i:i+4] with a dynamic start", **EXACT)
def _(rng):
    def f(x, idx, rows, cols, i):
        return (jnp.take_along_axis(x, idx, axis=1), jnp.take_along_axis(x.T, idx.T[:, :8],
                                                                           axis=0),
                x[:, idx[0]], x[rows, cols], lax.dynamic_slice_in_dim(x, i, 4, axis=0))
    return f, [normal(rng, (8, 16)), ints(rng, (8, 5), 0, 16), ints(rng, (6,), 0, 8),
               ints(rng, (6,), 0, 16), np.array(3, i32)]


@case("scatter", ["scatter"],
      ".at[idx].add with duplicate indices, .at[].set with unique ones, .at[].max, .at[].mul, "
      "a row scatter into f32[16,8], and an out-of-range index that is dropped", **ACCUM)
def _(rng):
    def f(x, idx, uidx, v, rows, r):
        return (x.at[idx].add(v), x.at[uidx].set(v[:6]), x.at[idx].max(v), x.at[idx].mul(v),
                jnp.zeros((16, 8), jnp.float32).at[rows].add(r),
                x.at[jnp.array([2, 40])].set(jnp.array([7.0, 9.0], jnp.float32)))
    idx = ints(rng, (12,), 0, 10)
    idx[:3] = [4, 4, 4]
    return f, [normal(rng, (32,)), idx, rng.permutation(32)[:6].astype(i32), normal(rng, (12,)),
               ints(rng, (10,), 0, 16), normal(rng, (10, 8))]


# ---- data movement -------------------------------------------------------------------------

@case("slice_concat_pad", ["slice", "concat", "pad"],
      "strided slices, concatenate along both axes, lax.pad with positive, negative and "
      "interior padding", **EXACT)
def _(rng):
    def f(a, b):
        return (a[1:7:2, ::3], jnp.concatenate([a, b], axis=0), jnp.concatenate([a, a[:, :3]],
                                                                                 axis=1),
                lax.pad(a, f32(-1), ((1, 2, 0), (0, 0, 1))),
                lax.pad(a, f32(0), ((-2, 1, 0), (3, -4, 2))), jnp.pad(a, ((0, 1), (2, 0)),
                                                                  mode="edge"))
    return f, [normal(rng, (8, 12)), normal(rng, (3, 12))]


@case("dynamic_slice_update", ["dynamic_slice"],
      "dynamic_slice and dynamic_update_slice with start indices from inputs, including "
      "out-of-range starts that XLA clamps", **EXACT)
def _(rng):
    def f(x, u, i, j):
        return (lax.dynamic_slice(x, (i, j), (4, 5)), lax.dynamic_slice(x, (j, -i), (3, 3)),
                lax.dynamic_update_slice(x, u, (i, j)),
                lax.dynamic_update_slice(x, u, (jnp.int32(100), j)))
    return f, [normal(rng, (10, 12)), normal(rng, (3, 4)), np.array(2, i32), np.array(9, i32)]


@case("reverse_transpose_reshape", ["reverse", "transpose", "reshape", "broadcast"],
      "reverse (jnp.flip) on one and two axes, 3-D transpose, reshape, squeeze, "
      "broadcast_in_dim, expand_dims", **EXACT)
def _(rng):
    def f(x, v):
        return (jnp.flip(x, axis=1), jnp.flip(x, axis=(0, 2)), jnp.transpose(x, (2, 0, 1)),
                x.reshape(6, 20), x.reshape(-1)[None, :], jnp.squeeze(x[:1]),
                jnp.broadcast_to(v, (3, 4, 5)), x + v, v[:, None] * v[None, :])
    return f, [normal(rng, (4, 6, 5)), normal(rng, (5,))]


@case("iota", ["iota", "broadcast", "comparison"],
      "jnp.arange, broadcasted_iota on each axis, eye, tril mask, one_hot", **EXACT)
def _(rng):
    def f(labels):
        return (jnp.arange(10, dtype=jnp.int32), jnp.arange(0.5, 4.0, 0.5, dtype=jnp.float32),
                lax.broadcasted_iota(jnp.int32, (3, 5), 0), lax.broadcasted_iota(jnp.uint8, (3, 5),
                                                                                 1),
                jnp.eye(4, 6, k=1, dtype=jnp.float32), jnp.tril(jnp.ones((5, 5), jnp.int32)),
                jax.nn.one_hot(labels, 6))
    return f, [ints(rng, (7,), -1, 7)]


@case("sort_1d", ["sort"],
      "jnp.sort of f32 with NaN, -0, inf (NaNs last), descending sort, argsort (stable), "
      "i32 and u8 sort", **EXACT)
def _(rng):
    def f(x, n, b):
        return jnp.sort(x), -jnp.sort(-x), jnp.argsort(x, stable=True), jnp.sort(n), jnp.sort(b)
    x = np.round(with_specials(rng, (64,)))
    return f, [x, ints(rng, (64,), -100, 100), ints(rng, (64,), 0, 256, u8)]


@case("sort_multi", ["sort"],
      "lax.sort with several operands: (keys, values) with num_keys=1, two keys, and a "
      "row-wise sort of a 2-D array along axis 0", **EXACT)
def _(rng):
    def f(k1, k2, v, m):
        a = lax.sort((k1, v), num_keys=1)
        b = lax.sort((k1, k2, v), num_keys=2, is_stable=True)
        return (*a, *b, lax.sort(m, dimension=0))
    return f, [ints(rng, (48,), 0, 6), ints(rng, (48,), 0, 6), normal(rng, (48,)),
               normal(rng, (6, 10))]


@case("cumulative", ["reduce_window", "reduction"],
      "jnp.cumsum (a reduce_window on CPU) over each axis, cumprod, cummax, and a "
      "hand-written lax.reduce_window prefix sum", **ACCUM)
def _(rng):
    def f(x, n):
        rw = lax.reduce_window(x, f32(0), lax.add, (1, 12), (1, 1), ((0, 0), (11, 0)))
        return (jnp.cumsum(x, axis=1), jnp.cumsum(x, axis=0), jnp.cumprod(x, axis=1),
                lax.cummax(x, axis=1), jnp.cumsum(n), rw)
    return f, [uniform(rng, (6, 12), 0.5, 1.5), ints(rng, (20,), -5, 5)]


@case("max_pool", ["reduce_window"],
      "NHWC max pool 2x2 stride 2 (VALID), 3x3 stride 2 SAME max pool, and a 3x3 SAME "
      "average pool", **ACCUM)
def _(rng):
    def f(x):
        a = lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
        b = lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")
        c = lax.reduce_window(x, 0.0, lax.add, (1, 3, 3, 1), (1, 1, 1, 1), "SAME") / 9.0
        return a, b, c
    return f, [normal(rng, (2, 8, 8, 3))]


@case("max_pool_grad", ["reduce_window", "select_and_scatter", "autodiff"],
      "jax.grad of a weighted sum of a 2x2 stride-2 and an overlapping 3x3 stride-2 max pool "
      "(stablehlo.select_and_scatter)", **ACCUM)
def _(rng):
    def f(x, g1, g2):
        def loss(x):
            a = lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
            b = lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")
            return jnp.sum(a * g1) + jnp.sum(b * g2)
        return jax.grad(loss)(x)
    return f, [normal(rng, (2, 8, 8, 3)), normal(rng, (2, 4, 4, 3)), normal(rng, (2, 4, 4, 3))]


# ---- control flow --------------------------------------------------------------------------

@case("fori_loop", ["control_flow"],
      "lax.fori_loop with a trip count from an input (a while loop) and with a static one",
      **ACCUM)
def _(rng):
    def f(x, n):
        dyn = lax.fori_loop(0, n, lambda i, c: c * 0.9 + jnp.sin(c + i.astype(jnp.float32)), x)
        static = lax.fori_loop(0, 5, lambda i, c: (c[0] + c[1], c[1] * 2), (x, x))
        return dyn, *static
    return f, [normal(rng, (16,)), np.array(7, i32)]


@case("while_loop", ["control_flow"],
      "data-dependent lax.while_loop: Collatz step counts for a vector, and Newton's "
      "iteration for sqrt until convergence", **ULP)
def _(rng):
    def f(n, a):
        def cond(s):
            return jnp.any(s[0] != 1)

        def body(s):
            m, steps = s
            nxt = jnp.where(m % 2 == 0, m // 2, 3 * m + 1)
            done = m == 1
            return jnp.where(done, m, nxt), steps + jnp.where(done, 0, 1)

        counts = lax.while_loop(cond, body, (n, jnp.zeros_like(n)))[1]

        def ncond(s):
            return (s[2] < 50) & (jnp.max(jnp.abs(s[0] - s[1])) > 1e-6)

        def nbody(s):
            x = s[0]
            return 0.5 * (x + a / x), x, s[2] + 1

        root = lax.while_loop(ncond, nbody, (a, jnp.zeros_like(a), 0))
        return counts, root[0], root[2]
    return f, [ints(rng, (16,), 1, 100), uniform(rng, (16,), 0.5, 100.0)]


@case("cond_switch", ["control_flow"],
      "lax.cond on a predicate input (stablehlo.case with 2 branches), lax.switch with 3 "
      "branches and indices in and out of range (clamped)", **ULP)
def _(rng):
    def f(p, i, j, x):
        branches = [lambda x: jnp.sin(x), lambda x: x * x, lambda x: -x + 1.0]
        return (lax.cond(p, lambda x: x + 1.0, lambda x: x * 2.0, x),
                lax.switch(i, branches, x), lax.switch(j, branches, x))
    return f, [np.array(True), np.array(1, i32), np.array(7, i32), normal(rng, (16,))]


@case("scan_rnn", ["control_flow", "dot"],
      "lax.scan over 8 steps of an Elman RNN h = tanh(x@W + h@U + b), returning the final "
      "state and the stacked states", **ACCUM)
def _(rng):
    def f(xs, w, u, b, h0):
        def step(h, x):
            h = jnp.tanh(x @ w + h @ u + b)
            return h, h
        return lax.scan(step, h0, xs)
    return f, [normal(rng, (8, 2, 6)), normal(rng, (6, 12), scale=0.4),
               normal(rng, (12, 12), scale=0.3), normal(rng, (12,)), normal(rng, (2, 12))]


@case("nested_call", ["control_flow", "call"],
      "a jitted helper called twice from the main function (func.call / HLO call)", **ULP)
def _(rng):
    @jax.jit
    def helper(x, y):
        return jnp.tanh(x) * y + 1.0

    def f(x, y):
        return helper(x, y) + helper(y, x)
    return f, [normal(rng, (8, 8)), normal(rng, (8, 8))]


# ---- random numbers ------------------------------------------------------------------------

@case("rng_threefry", ["rng"],
      "jax.random with the threefry2x32 key (uint32[2] input): split, uniform, normal, bits, "
      "randint, bernoulli", **TRANS)
def _(rng):
    def f(k):
        key = jax.random.wrap_key_data(k, impl="threefry2x32")
        k1, k2, k3, k4, k5 = jax.random.split(key, 5)
        return (jax.random.uniform(k1, (4, 16)), jax.random.normal(k2, (64,)),
                jax.random.bits(k3, (32,), jnp.uint32),
                jax.random.randint(k4, (32,), -10, 10), jax.random.bernoulli(k5, 0.3, (32,)),
                jax.random.key_data(k1))
    return f, [np.array([0, 42], u32)]


@case("rng_bit_generator", ["rng"],
      "lax.rng_bit_generator with the THREE_FRY and PHILOX algorithms (u32 and u64 output)",
      **EXACT)
def _(rng):
    def f(k):
        out = []
        for alg in (lax.RandomAlgorithm.RNG_THREE_FRY, lax.RandomAlgorithm.RNG_PHILOX):
            state, bits = lax.rng_bit_generator(k, (8, 4), dtype=jnp.uint32, algorithm=alg)
            out += [state, bits]
        return tuple(out)
    return f, [np.array([1, 2, 3, 4], u32)]


# ---- top_k and chlo ------------------------------------------------------------------------

@case("top_k", ["top_k"], "lax.top_k (chlo.top_k / HLO topk) on f32[8,32] k=5 and on a 1-D "
      "i32 vector with ties", **EXACT)
def _(rng):
    def f(x, n):
        return (*lax.top_k(x, 5), *lax.top_k(n, 3))
    return f, [normal(rng, (8, 32)), ints(rng, (20,), 0, 5)]


@case("chlo_trig_hyperbolic", ["chlo", "transcendental"],
      "jnp.tan, sinh, cosh, arcsin, arccos, arctan, arcsinh, arccosh, arctanh", **SPECIAL)
def _(rng):
    def f(x, u, g):
        return (jnp.tan(u), jnp.sinh(x), jnp.cosh(x), jnp.arcsin(u * 0.6), jnp.arccos(u * 0.6),
                jnp.arctan(x), jnp.arcsinh(x), jnp.arccosh(g), jnp.arctanh(u * 0.6))
    return f, [uniform(rng, (8, 32), -4.0, 4.0), uniform(rng, (8, 32), -1.5, 1.5),
               uniform(rng, (8, 32), 1.0, 20.0)]


@case("chlo_special", ["chlo", "transcendental"],
      "chlo.erf_inv (jax.scipy.special.erfinv and lax.erf_inv), chlo.lgamma (gammaln), "
      "chlo.digamma, chlo.bessel_i1e, chlo.next_after, and bessel_i0e (which jax expands)",
      **SPECIAL)
def _(rng):
    def f(p, g, x):
        return (jsp.erfinv(p), jsp.gammaln(g), jsp.digamma(g), lax.bessel_i0e(x),
                lax.bessel_i1e(x), jnp.nextafter(x, jnp.float32(0)), lax.erf_inv(p * 0.5))
    return f, [uniform(rng, (8, 32), -0.99, 0.99), uniform(rng, (8, 32), 0.1, 20.0),
               uniform(rng, (8, 32), -10.0, 10.0)]


# ---- ops jax does not emit by itself (see raw_op) ----------------------------------------

@case("raw_logistic", ["elementwise", "transcendental", "raw_op"],
      "stablehlo.logistic on f32 and bf16 (jax 0.10 expands jax.nn.sigmoid to "
      "1/(1+exp(-x)), so the op is emitted through a raw primitive)", **TRANS)
def _(rng):
    from jax._src.lib.mlir.dialects import hlo

    logistic = raw_op("raw_logistic", lambda x: _aval(x.shape, x.dtype),
                      lambda x: [hlo.LogisticOp(x).result])

    def f(x, h):
        return logistic(x), logistic(h)
    x = uniform(rng, (16, 32), -20.0, 20.0)
    x[0, :4] = [0.0, -0.0, 100.0, -100.0]
    return f, [x, normal(rng, (8, 16), bf16, 4.0)]


@case("raw_batch_norm", ["nn", "reduction", "raw_op"],
      "stablehlo.batch_norm_training (3 results) and batch_norm_inference on NHWC "
      "f32[2,4,4,3], feature_index 3", **ACCUM)
def _(rng):
    from jax._src.lib.mlir.dialects import hlo

    def train_avals(x, scale, offset):
        return [_aval(x.shape, x.dtype), _aval(scale.shape, x.dtype),
                _aval(scale.shape, x.dtype)]

    train = raw_op("raw_batch_norm_training", train_avals,
                   lambda x, s, o: list(hlo.BatchNormTrainingOp(x, s, o, 1e-3, 3).results),
                   multiple=True)
    infer = raw_op("raw_batch_norm_inference", lambda x, *rest: _aval(x.shape, x.dtype),
                   lambda x, s, o, m, v: [hlo.BatchNormInferenceOp(x, s, o, m, v, 1e-3,
                                                                   3).result])

    def f(x, scale, offset, mean, var):
        return (*train(x, scale, offset), infer(x, scale, offset, mean, var))
    return f, [normal(rng, (2, 4, 4, 3), scale=2.0), normal(rng, (3,)), normal(rng, (3,)),
               normal(rng, (3,)), uniform(rng, (3,), 0.5, 2.0)]


@case("raw_linalg", ["linalg", "raw_op"],
      "stablehlo.cholesky (lower) and triangular_solve (left side, lower, no transpose; "
      "right side, upper, transposed, unit diagonal) on f32 (jax's own linalg calls LAPACK "
      "custom calls on CPU)", **ACCUM,
      notes="the strictly upper triangle of a lower cholesky is implementation-defined "
            "(XLA CPU writes zeros)")
def _(rng):
    from jax._src.lib.mlir.dialects import hlo

    chol = raw_op("raw_cholesky", lambda a: _aval(a.shape, a.dtype),
                  lambda a: [hlo.CholeskyOp(a, lower=True).result])

    def solver(name, left, lower, unit, transpose):
        def build(a, b):
            attr = hlo.TransposeAttr.get(transpose)
            return [hlo.TriangularSolveOp(a, b, left, lower, unit, attr).result]
        return raw_op(name, lambda a, b: _aval(b.shape, b.dtype), build)

    solve_l = solver("raw_trsm_left", True, True, False, "NO_TRANSPOSE")
    solve_r = solver("raw_trsm_right", False, False, True, "TRANSPOSE")

    def f(spd, b, c):
        low = chol(spd)
        return low, solve_l(low, b), solve_r(jnp.transpose(low), c)
    m = normal(rng, (6, 6))
    spd = (m @ m.T + 6.0 * np.eye(6)).astype(f32)
    return f, [spd, normal(rng, (6, 3)), normal(rng, (4, 6))]


# ---- module-level edge cases ---------------------------------------------------------------

@case("donated_alias", ["alias"],
      "donate_argnums=(0,): the input buffer aliases the output (tf.aliasing_output / "
      "input_output_alias)", **ULP, donate=(0,))
def _(rng):
    def f(state, delta):
        return state * 0.5 + delta, jnp.sum(delta)
    return f, [normal(rng, (16, 16)), normal(rng, (16, 16))]


@case("scalars_empty", ["scalar", "reshape", "concat"],
      "0-d inputs and outputs, a zero-size dimension, and concatenation with an empty "
      "operand", **ULP)
def _(rng):
    def f(s, t, e, v):
        return s * t + 1.0, jnp.sum(e), e * 2.0, jnp.concatenate([v, e[0]]), \
            jnp.reshape(s, (1, 1)), (s > t)
    return f, [np.array(1.5, f32), np.array(-2.0, f32), np.zeros((3, 0), f32), normal(rng, (4,))]


# ---- driver --------------------------------------------------------------------------------

def write_npz(path: Path, arrays: dict[str, np.ndarray]) -> None:
    """Writes a deflate-compressed npz with fixed timestamps, so reruns are byte-identical."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for key, arr in arrays.items():
            info = zipfile.ZipInfo(f"{key}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            npy = io.BytesIO()
            # ascontiguousarray would turn a 0-d array into shape (1,).
            np.lib.format.write_array(npy, np.require(arr, requirements="C"),
                                      allow_pickle=False)
            zf.writestr(info, npy.getvalue(), compresslevel=9)
    path.write_bytes(buf.getvalue())


def storable(arr: np.ndarray) -> tuple[np.ndarray, str]:
    """Returns the array as stored in an npz (bf16 as uint16 bits) and its real dtype name."""
    arr = np.asarray(arr)
    if arr.dtype == bf16:
        return arr.view(np.uint16), "bfloat16"
    if arr.dtype.kind == "V" or arr.dtype not in (np.bool_, f16, f32, f64, i8, i16, i32, i64,
                                                   u8, u16, u32, u64, np.complex64,
                                                   np.complex128):
        raise TypeError(f"cannot store dtype {arr.dtype}")
    return arr, str(arr.dtype)


def export(c: Case, out_dir: Path) -> dict:
    """Lowers, runs and writes one case; returns its manifest entry."""
    seed = zlib.crc32(c.name.encode())
    rng = np.random.default_rng(seed)
    with jax.enable_x64(c.x64):
        fn, args = c.build(rng)
        fn.__name__ = fn.__qualname__ = c.name  # names the module `jit_<name>`
        jitted = jax.jit(fn, donate_argnums=c.donate)
        lowered = jitted.lower(*args)
        mlir_text = lowered.as_text()
        hlo_text = lowered.as_text(dialect="hlo")
        outs = jax.tree_util.tree_leaves(jitted(*args))

    inputs, outputs = {}, {}
    in_specs, out_specs = [], []
    for prefix, values, store, specs in (("arg", args, inputs, in_specs),
                                         ("out", outs, outputs, out_specs)):
        for i, value in enumerate(values):
            arr, dtype = storable(np.asarray(value))
            store[f"{prefix}{i}"] = arr
            specs.append({"shape": list(arr.shape), "dtype": dtype})

    (out_dir / f"{c.name}.stablehlo.mlir").write_text(mlir_text)
    (out_dir / f"{c.name}.hlo").write_text(hlo_text)
    write_npz(out_dir / f"{c.name}.inputs.npz", inputs)
    write_npz(out_dir / f"{c.name}.expected.npz", outputs)

    entry = {
        "name": c.name,
        "desc": c.desc,
        "families": c.families,
        "seed": seed,
        "x64": c.x64,
        "inputs": in_specs,
        "outputs": out_specs,
        "tol": {"rtol": c.rtol, "atol": c.atol},
        "stablehlo_ops": stablehlo_ops(mlir_text),
        "hlo_ops": hlo_ops(hlo_text),
    }
    if c.notes:
        entry["notes"] = c.notes
    return entry


def check_versions() -> None:
    """Refuses to run with other jax/jaxlib/numpy versions than the pinned ones."""
    import importlib.metadata as md

    wanted = {}
    for line in REQUIREMENTS.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            pkg, ver = line.split("==", 1)
            wanted[pkg.strip()] = ver.strip()
    wrong = [f"{p} {md.version(p)} (pinned {v})" for p, v in wanted.items()
             if md.version(p) != v]
    if wrong:
        sys.exit("gen_fixtures: versions differ from scripts/requirements-fixtures.txt: "
                 + ", ".join(wrong) + " (use --any-version to go on anyway)")


def main() -> int:
    parser = argparse.ArgumentParser(description="Export the JAX fixtures into fixtures/.")
    parser.add_argument("--out", type=Path, default=ROOT / "fixtures")
    parser.add_argument("--only", action="append", default=[], help="case name (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the cases and exit")
    parser.add_argument("--any-version", action="store_true",
                        help="do not insist on the pinned package versions")
    args = parser.parse_args()

    names = [c.name for c in CASES]
    if len(set(names)) != len(names):
        sys.exit("gen_fixtures: duplicate case names")
    if args.list:
        for c in CASES:
            print(f"{c.name:28} {','.join(c.families)}")
        return 0
    unknown = [n for n in args.only if n not in names]
    if unknown:
        sys.exit(f"gen_fixtures: unknown case(s): {', '.join(unknown)}")
    if not args.any_version:
        check_versions()
    jax.config.update("jax_platforms", "cpu")

    args.out.mkdir(parents=True, exist_ok=True)
    manifest_path = args.out / "manifest.json"
    old = {}
    if args.only and manifest_path.exists():
        old = {e["name"]: e for e in json.loads(manifest_path.read_text())}

    entries = []
    for c in CASES:
        if args.only and c.name not in args.only:
            if c.name in old:
                entries.append(old[c.name])
            continue
        entries.append(export(c, args.out))
        print(f"  {c.name}", file=sys.stderr)

    if not args.only:  # A full run removes the files of cases that no longer exist.
        keep = set(SHARED_FILES) | {f"{n}{s}" for n in names for s in SUFFIXES}
        for path in args.out.iterdir():
            if path.is_file() and path.name not in keep:
                path.unlink()
                print(f"  removed stale {path.name}", file=sys.stderr)

    manifest_path.write_text(json.dumps(entries, indent=1) + "\n")
    total = sum(p.stat().st_size for p in args.out.iterdir() if p.is_file())
    print(f"gen_fixtures: {len(entries)} fixtures, {total} bytes in {args.out} "
          f"(jax {jax.__version__})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
