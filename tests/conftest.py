"""Shared test set-up: offline always, and the user's cache directory in a temporary one.

``TOOLFILTER_CACHE_DIR`` (where ``select --tools`` keeps which files' warnings it said) is a
temporary directory for the whole run, and another one for each test, so that no test writes
to the real home's ``~/.cache/toolfilter`` and no test sees what another one left there.
Subprocesses the tests start inherit it.

What the library says once a process (the profiles for tools a registry lacks, what indexing
finds of the same tools and profiles) is forgotten
before each test, so that each test sees a process of its own.
"""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile
from collections.abc import Generator
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

CACHE_ENV = "TOOLFILTER_CACHE_DIR"
_BASE = Path(tempfile.mkdtemp(prefix="toolfilter-test-cache-"))
_COUNT = itertools.count()
os.environ[CACHE_ENV] = str(_BASE / "run")  # set before any test module is imported


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, object, object]:
    """Each test (its set-up, call and tear-down) with a cache directory of its own, made when written."""
    before = os.environ.get(CACHE_ENV)
    os.environ[CACHE_ENV] = str(_BASE / f"test-{next(_COUNT)}")
    from toolfilter_core._said_once import forget
    from toolfilter_core._tool_profiles.sidecar import unknown_said

    unknown_said.clear()
    forget()
    try:
        return (yield)
    finally:
        if before is None:
            os.environ.pop(CACHE_ENV, None)
        else:
            os.environ[CACHE_ENV] = before


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_BASE, ignore_errors=True)
