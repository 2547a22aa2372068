"""The whole-model benchmark (issue [4/7]): realistic JAX programs, grouped by family, that
`bench/make_programs.py` exports next to the bench programs and `bench/compare.py` times
side by side with XLA CPU.

Invariants: every case's name is unique across the families; the order of `CASES` is the
order of the tables (families in the order below, small before large within a family).
"""

from . import attention, convolution, cumulative, embedding, normalization, pooling, precision, recurrent, routing, selection, spectral, training
from .case import Case

FAMILIES = [training, recurrent, precision, cumulative, selection, spectral, convolution, pooling, attention, routing, embedding, normalization]
CASES: list[Case] = [case for family in FAMILIES for case in family.CASES]

assert len({c.name for c in CASES}) == len(CASES), "bench/models: two cases share a name"
