"""A misspelt collection is answered with the nearest one the store holds, and all of them (not only "holds no tools").

``--collection schol`` against a store whose collection is ``school``: the error says "did you mean 'school'?" and
lists the store's collections, as for a server (``chroma run``) so for a directory; reading still creates nothing.
"""

from __future__ import annotations

import json

from toolfilter_core.cli import main

TOOLS = [{"name": f"tool_{i}", "description": f"does thing number {i}"} for i in range(3)]


def _store(capsys, tmp_path):
    path = tmp_path / "tools.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in TOOLS), encoding="utf-8")
    store = tmp_path / "store"
    flags = ["--store", str(store), "--collection", "school", "--embedder", "hashing", "--no-progress"]
    assert main(["index", str(path), *flags]) == 0
    capsys.readouterr()
    return store


def test_a_misspelt_collection_is_answered_with_the_nearest(capsys, tmp_path):
    store = _store(capsys, tmp_path)
    code = main(["select", "x", "--store", str(store), "--collection", "schol", "--embedder", "hashing"])
    err = capsys.readouterr().err
    assert code == 2 and "holds no tools; did you mean 'school'? (its collections: school)" in err


def test_another_collection_lists_those_held_without_a_guess(capsys, tmp_path):
    store = _store(capsys, tmp_path)
    code = main(["select", "x", "--store", str(store), "--collection", "zzzzzz", "--embedder", "hashing"])
    err = capsys.readouterr().err
    assert code == 2 and "holds no tools (its collections: school)" in err and "did you mean" not in err
