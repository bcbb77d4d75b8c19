"""The doctor's rewrites applied: recall without profiles, before and after, on two held-out registries.

    python benchmarks/doctor_rewrites.py

The rewrites in ``benchmarks/results/doctor_rewrites/`` were proposed by a model (Claude, a
language model that saw only the prompts ``toolfilter doctor --export-rewrites`` wrote) and
read back by ``toolfilter doctor --import-rewrites``, which wrote ``*_tools.rewritten.jsonl``.
Two measures, the shipped preset without tool profiles: the registry's own profile requests
(what ``--import-rewrites`` reports) and the registry's held-out evaluation requests
(``queries.jsonl``, written by people who never saw the rewrites). Nothing here chose a number.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from toolfilter_core import ToolFilter, evaluate, read_queries, read_tools_file  # noqa: E402

REGISTRIES = ("saas_billing", "clinic_lab_zh")


def main() -> int:
    for name in REGISTRIES:
        queries = read_queries(ROOT / "benchmarks" / "data" / f"heldout_{name}" / "queries.jsonl")
        for label, path in (
            ("before", ROOT / "benchmarks" / "data" / f"heldout_{name}" / "tools.jsonl"),
            ("after", ROOT / "benchmarks" / "results" / "doctor_rewrites" / f"{name}_tools.rewritten.jsonl"),
        ):
            figures = evaluate(ToolFilter(read_tools_file(path)).select, queries).to_dict()
            print(
                f"heldout_{name:<16}{label:<8}recall {figures['recall_mean']:.3f}  dangerous "
                f"{figures['dangerous_misselect']:.3f}  no-tool rejected {figures['no_tool_rejection']:.3f}  "
                f"tools {figures['mean_selected']:.2f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
