"""Random damage to chroma.sqlite3: every command fails cleanly, and --rebuild recovers (issue 14, defect 1).

Each command runs in its own process: before the fix, some of these files made chromadb's
Rust code abort the whole process (exit 134, no Python code runs after it), others raised a
``PanicException`` past ``except Exception`` (exit 1 and a traceback).
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys

import pytest

from toolfilter_core._tool_defs import bundled_tools_path

pytestmark = pytest.mark.integration

TOOLS = str(bundled_tools_path())
SEEDS = range(6)


def toolfilter(*argv):
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false", "RUST_BACKTRACE": "0"}
    return subprocess.run(
        [sys.executable, "-m", "toolfilter_core.cli", *map(str, argv)],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )


def flip_bytes(database, seed, count=200):
    """Overwrite ``count`` random bytes past offset 100 (the header stays, so sqlite still opens it)."""
    data = bytearray(database.read_bytes())
    rng = random.Random(seed)
    for _ in range(count):
        data[rng.randrange(100, len(data))] = rng.randrange(256)
    database.write_bytes(bytes(data))


@pytest.fixture(scope="module")
def clean_store(tmp_path_factory):
    store = tmp_path_factory.mktemp("clean") / "store"
    done = toolfilter("index", TOOLS, "--store", store, "--embedder", "hashing", "--no-progress")
    assert done.returncode == 0, done.stderr
    return store


@pytest.mark.parametrize("seed", SEEDS)
def test_flipped_bytes_in_the_store_are_a_clean_error_and_rebuild_recovers(tmp_path, clean_store, seed):
    store = tmp_path / "store"
    shutil.copytree(clean_store, store)
    flip_bytes(store / "chroma.sqlite3", seed)

    select = toolfilter("select", "run the tests", "--store", store, "--embedder", "hashing")
    assert select.returncode == 2, select.stderr[-2000:]
    assert "Traceback" not in select.stderr and "panicked" not in select.stderr
    assert str(store) in select.stderr and f"toolfilter index TOOLS --store {store} --rebuild" in select.stderr

    rebuild = toolfilter("index", TOOLS, "--store", store, "--embedder", "hashing", "--no-progress", "--rebuild")
    assert rebuild.returncode == 0, rebuild.stderr[-2000:]
    (aside,) = tmp_path.glob("store.broken-*")
    assert f"moved the unreadable store {str(store)!r} to {str(aside)!r}" in rebuild.stdout
    assert "48 added" in rebuild.stdout

    after = toolfilter("select", "run_tests", "--store", store, "--embedder", "hashing")
    assert after.returncode == 0 and after.stdout.split() == ["run_tests"]
