"""The doctor's figures in the docs: the pairs, speed and duplicates tables, from benchmarks/results.

    python benchmarks/doctor_doc.py     # fills the <!-- doctor:NAME --> blocks of docs/doctor.md, docs/benchmarks.md
                                        # and the benchmarks/notes/ sections that hold one

make_report.py writes the benchmarks page's section (``section_lines``) and fills it too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import report_notes
from profiles_doc import fill_block

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
ROLES = {"dev": "dev", "heldout": "held out"}
PROXY = {"toolkit48", "dev_photo_studio"}


def _load(name: str) -> dict[str, Any] | None:
    path = RESULTS / name
    return json.loads(path.read_text("utf-8")) if path.exists() else None


def _f(value: Any) -> str:
    return "–" if value is None else f"{value:.2f}"


def pairs_table() -> str:
    data = _load("doctor_pairs.json")
    if data is None:
        return "(not run: `python benchmarks/doctor_pairs.py --dev --heldout --out results/doctor_pairs.json`)"
    lines = [
        "| registry | role | true pairs | flagged | precision | recall | top-N recall |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for part in ("dev", "heldout"):
        for name, row in (data.get(part) or {}).items():
            label = f"{name} (proxy)" if name in PROXY else name
            bold = "**" if part == "heldout" else ""
            lines.append(
                f"| {bold}{label}{bold} | {ROLES[part]} | {row['truth']} | {row['flagged']} | "
                f"{bold}{_f(row['precision'])}{bold} | {bold}{_f(row['recall'])}{bold} | {_f(row['top_n_recall'])} |"
            )
    return "\n".join(lines)


def speed_table() -> str:
    data = _load("doctor_speed.json")
    if data is None:
        return "(not run: `python benchmarks/doctor_speed.py --all --out benchmarks/results/doctor_speed.json`)"
    lines = [
        "| tools | embedder | profile requests a tool | seconds | CPU seconds | peak memory (MB, model included) |",
        "|---:|---|---:|---:|---:|---:|",
    ]
    for row in data["rows"]:
        cpu, peak = row.get("cpu_seconds"), row.get("peak_rss_mb")
        lines.append(
            f"| {row['tools']:,} | {row['embedder']} | {row['requests']} | {row['seconds']:.1f} | "
            f"{'' if cpu is None else f'{cpu:.1f}'} | {'' if peak is None else f'{peak:,}'} |"
        )
    return "\n".join(lines)


def duplicates_table() -> str:
    data = _load("doctor_duplicates.json")
    if data is None or "after" not in data:
        return "(not run: `python benchmarks/doctor_duplicates.py --doctor --out results/doctor_duplicates.json`)"
    before = data.get("before", {})
    lines = [
        "| registry | made duplicates | found as `near_duplicate` (before → after) "
        "| told as a crowded pair instead (before → after) | listed siblings named a duplicate | other pairs named |",
        "|---|---:|---:|---:|---|---|",
    ]
    for name, row in data["after"].items():
        old = before.get(name, {})
        named = [
            ", ".join(f"`{p.replace('/', '` / `')}`" for p in row[k]) or "none"
            for k in ("siblings_named", "others_named")
        ]
        label = f"{name} (its user's own duplicate)" if name == "school" else name
        lines.append(
            f"| {label} | {row['duplicates']} | {old.get('found', '–')} → {row['found']} | "
            f"{old.get('missed_as_crowded_pair', '–')} → {row['missed_as_crowded_pair']} | {named[0]} | {named[1]} |"
        )
    return "\n".join(lines)


def section_lines() -> list[str]:
    """The benchmarks page's section on the doctor (filled by ``fill_all``)."""
    return [
        "## The doctor's crowded pairs",
        "",
        "`python benchmarks/doctor_pairs.py --dev --heldout`: the pairs `toolfilter doctor` flags as crowded "
        "(default embedder, the registries' own profiles) against the confusable pairs the held-out "
        "registries' authors listed in NOTES.md; every threshold was chosen on the kit and `dev_*` first "
        "(their PAIRS.md, or a proxy from their labelled queries), the held-out rows were run once after. "
        "What the doctor does and why it misses what it misses: [the doctor](doctor.md).",
        "",
        "<!-- doctor:pairs -->",
        "<!-- /doctor:pairs -->",
        "",
        "`python benchmarks/doctor_speed.py` (synthesized tools, 8 profile requests a tool; hashing = no model "
        "at all; each row's command is in `benchmarks/results/doctor_speed.json`; CPU seconds are steadier than "
        "the wall clock on the shared machine):",
        "",
        "<!-- doctor:speed -->",
        "<!-- /doctor:speed -->",
        "",
        "The doctor's rewrites, proposed by a model through `--export-rewrites`/`--import-rewrites` (written by a "
        "language model from the prompts alone) and applied to every flagged tool of the two held-out "
        "registries: recall without profiles on their evaluation requests .806 -> .861 (billing) and "
        ".907 -> .898 (lab, Chinese); on their own profile requests .913 -> .902 and .934 -> .895 "
        "(`python benchmarks/doctor_rewrites.py`; [what that means](doctor.md#what-the-rewrites-did-measured)).",
        "",
    ]


def fill(path: Path, name: str, text: str) -> None:
    fill_block(path, f"doctor:{name}", text, required=False)


def fill_all(doc: Path) -> None:
    """Fill every doctor block of one page (a page without a block is left as it is)."""
    fill(doc, "pairs", pairs_table())
    fill(doc, "speed", speed_table())
    fill(doc, "duplicates", duplicates_table())


def main() -> int:
    for doc in (ROOT / "docs" / "doctor.md", ROOT / "docs" / "benchmarks.md", *report_notes.section_files()):
        fill_all(doc)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
