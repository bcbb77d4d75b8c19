"""Tool names as benchmarks compare them."""

from __future__ import annotations

import re

__all__ = ["lenient_name"]

_VERSION_SUFFIX = re.compile(r"__v\d+$")


def lenient_name(name: str) -> str:
    """``name`` without a ``__vN`` rename suffix (bfcl, acebench): ``f__v2`` -> ``f``.

    Only a final ``__v`` followed by digits is a rename: ``a__vx`` stays as it is.
    """
    return _VERSION_SUFFIX.sub("", name)
