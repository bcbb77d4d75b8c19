"""Does a request that asks for an act get "no tool needed" from a no-tool example that asks for none?

    python benchmarks/near_miss_asks.py [--out benchmarks/results/near_miss_asks.json]

With tool profiles, a request closer to a registry's near miss (or a bundled no-tool phrase)
than to any tool's profile is given no tool (``decide.no_tool``, rule ``profiles``). A study
of one rule: such a verdict is not given when the request asks someone to do something (the
request markers of ``ask_form``: "can you", "please", "帮我", "麻烦", "能不能"...) and the
closest no-tool example asks for nothing ("怎么给暖气片放气？", a how-to question). On every
registry that may choose (``profile_rows.rows()`` role ``chose``), with the shipped preset: per
registry, the no-tool verdicts the rule would take back, split by whether the request needs a
tool (a gain: it would be served as usual) or needs none (a loss). Nothing is chosen here.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
from pathlib import Path
from typing import Any

from profile_rows import ROOT, build, rows

from toolfilter_core import Status, get_embedder, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder
from toolfilter_core._pipeline.ask_form import says_request_marker

_EXAMPLE = re.compile(r"closer to a request no tool serves \((?P<example>'.*'|\".*\")\) than to any")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "near_miss_asks.json"))
    args = parser.parse_args()
    base = recommended_config()
    inner = get_embedder(base.embedder)
    report: dict[str, Any] = {}
    print(f"{'registry':<30}{'none(tool)':>11}{'none(no)':>9}{'taken back: gain':>18}{'loss':>6}")
    for row in rows():
        if row.role != "chose":
            continue
        tf = build(row, base, CachingEmbedder(inner), profiled=True)
        out: dict[str, Any] = {"none_tool_rows": 0, "none_no_tool_rows": 0, "gains": [], "losses": []}
        for q in row.queries:
            s = tf.select(q.query)
            if s.status is not Status.NO_TOOL_NEEDED:
                continue
            out["none_tool_rows" if q.gold else "none_no_tool_rows"] += 1
            found = _EXAMPLE.search(s.detail or "")
            if found is None:
                continue
            example = ast.literal_eval(found["example"])
            if says_request_marker(q.query) and not says_request_marker(example):
                out["gains" if q.gold else "losses"].append({"query": q.query, "example": example})
        report[row.name] = out
        print(
            f"{row.name:<30}{out['none_tool_rows']:>11}{out['none_no_tool_rows']:>9}"
            f"{len(out['gains']):>18}{len(out['losses']):>6}"
        )
    Path(args.out).write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
