"""One benchmark model: a builder of (function, example arguments) and how to judge it.

Invariants: a builder is a pure function of the generator it is given (seeded by the
case's name), so every export of a case writes the same program and the same inputs;
`depth` is the longest chain of roundings one output element goes through (a dot's
contraction length, a scan's step count times the work per step), from which the case's
tolerance is derived: `rtol = depth * eps(format)` of the narrowest float format the
outputs pass through (`rounded_through` when a program rounds to a narrower format than
it returns, as bf16 attention with f32 outputs does; else the outputs' own), so a
reassociated sum passes and a wrong element does not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

# Machine epsilon (2^-mantissa bits) per output format the models use.
EPSILON = {"float32": 2.0**-23, "float16": 2.0**-10, "bfloat16": 2.0**-7, "complex64": 2.0**-23, "float64": 2.0**-52}


@dataclass
class Case:
    """A whole-model benchmark program.

    `build(rng)` returns `(fn, args)`: a function JAX can jit and its numpy arguments.
    `family` groups the cases in tables (training, recurrent, ...); `size` is "small" for
    a latency case (microseconds, dispatch and fixed costs matter) or "large" for a
    throughput case (milliseconds, the roofline matters)."""

    name: str
    family: str
    size: str
    desc: str
    build: Callable
    depth: int = 64
    rounded_through: str | None = None

    def tolerance(self, output_dtypes: list[str]) -> dict:
        """The manifest's tolerance: `depth` roundings of the narrowest format the outputs
        pass through."""
        formats = output_dtypes + ([self.rounded_through] if self.rounded_through else [])
        eps = max(EPSILON.get(d, 0.0) for d in formats) if formats else 0.0
        if eps == 0.0:  # Integer and predicate outputs must match exactly.
            return {"rtol": 0.0, "atol": 0.0}
        return {"rtol": self.depth * eps, "atol": self.depth * eps}
