"""``eval --misses`` prints each miss's why (rank, score, rule), the words the report's table shows."""

from __future__ import annotations

import json

from toolfilter_core._tool_defs import bundled_tools_path
from toolfilter_core.cli import main


def test_eval_misses_prints_the_why_of_the_report(capsys, tmp_path) -> None:
    queries = tmp_path / "q.jsonl"
    queries.write_text(json.dumps({"id": "q4", "query": "please reply to Ana's email", "gold": ["image_resize"]}))
    argv = ["eval", "--tools", str(bundled_tools_path()), "--queries", str(queries), "--embedder", "hashing"]
    assert main([*argv, "--misses", "--json"]) == 0
    (miss,) = json.loads(capsys.readouterr().out)["misses"]
    assert main([*argv, "--misses"]) == 0
    out = capsys.readouterr().out
    line = next(n for n in out.splitlines() if n.strip().startswith("why:"))
    assert miss["why"].startswith("image_resize: ") and line.strip() == f"why: {miss['why']}"
    assert "status " in miss["why"] and "selection " not in miss["why"]
