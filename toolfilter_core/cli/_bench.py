"""``toolfilter bench``: the benchmark harness of a source checkout."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ._common import UsageError

__all__ = ["BENCH_NEEDS_CHECKOUT", "cmd_bench", "find_bench_harness"]


BENCH_NEEDS_CHECKOUT = (
    "the benchmark harness is not part of the installed package; from a source checkout's root, "
    "run python -m benchmarks.harness [flags] (or toolfilter bench there)"
)


def find_bench_harness() -> Any | None:
    """The benchmark harness of a source checkout (``benchmarks.harness``), or None without one.

    The harness is not in the wheel. It is importable when the checkout's root is on
    ``sys.path`` (an editable install, ``python -m`` from the root); otherwise it is looked
    for in the current directory, so that ``toolfilter bench`` runs from a checkout's root.
    """
    import importlib
    from pathlib import Path

    def load() -> Any | None:
        try:
            return importlib.import_module("benchmarks.harness")
        except ModuleNotFoundError as error:
            if error.name not in {"benchmarks", "benchmarks.harness"}:
                raise
            return None

    harness = load()
    root = Path.cwd()
    if harness is None and (root / "benchmarks" / "harness" / "__init__.py").is_file():
        sys.path.insert(0, str(root))
        harness = load()
    return harness


def cmd_bench(args: argparse.Namespace) -> int:
    harness = find_bench_harness()
    if harness is None:
        raise UsageError(BENCH_NEEDS_CHECKOUT)
    try:
        return int(harness.run_bench_command(args))
    except harness.BenchUsageError as error:
        raise UsageError(str(error)) from None
