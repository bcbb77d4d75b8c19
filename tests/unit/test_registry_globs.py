"""Benchmark scripts that list registry folders by name skip the top-level query files beside them.

``benchmarks/data`` holds ``<registry>_<x>.jsonl`` files next to the ``<registry>/`` folders (more
queries for a folder's tools, e.g. ``heldout_chain_shop_questions.jsonl``); a ``glob("heldout_*")`` that
does not keep folders only reads ``<file>.jsonl/queries.jsonl`` and fails.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GLOB = re.compile(r"""\.glob\(\s*["'](dev|heldout)_[^"'/]*["']\s*\)""")


def test_registry_globs_keep_folders_only():
    loose = []
    for path in sorted((ROOT / "benchmarks").glob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if GLOB.search(line) and "is_dir()" not in line and ".exists()" not in line:
                loose.append(f"{path.name}:{number}: {line.strip()}")
    assert not loose, "registry globs that also match top-level .jsonl files:\n" + "\n".join(loose)


def test_data_holds_top_level_question_files():
    """The case the globs must survive is real: such files sit beside the registry folders."""
    data = ROOT / "benchmarks" / "data"
    files = [p for p in data.glob("heldout_*") if p.is_file()]
    assert files and all((data / p.name.removesuffix("_questions.jsonl")).is_dir() for p in files)
