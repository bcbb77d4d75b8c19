"""How many ``unfed_id`` findings are right? The chains' unfed ids before and after the doctor's rule.

    python benchmarks/doctor_unfed.py --out benchmarks/results/doctor_unfed.txt

Every id the chains call unfed (``ChainMap.unfed``, with the default embedder's feeds by
meaning, as the doctor reads them) on the dev registries (the kit and every ``dev_*``), each
judged in ``benchmarks/data/doctor_unfed/judged.jsonl`` (right: no tool of the registry finds,
lists or returns it); then the ones the doctor tells (``definitions._told_unfed``: the tool
speaks of the thing, and no other tool is named for it). Dev data only.
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's library, whichever one is installed

from toolfilter_core import get_embedder, read_tools_file  # noqa: E402
from toolfilter_core._chains import ChainMap, singular, words  # noqa: E402
from toolfilter_core._doctor.definitions import _told_unfed  # noqa: E402
from toolfilter_core._embed_cache import CachingEmbedder  # noqa: E402

DATA = ROOT / "benchmarks" / "data"
JUDGED = DATA / "doctor_unfed" / "judged.jsonl"
DEV = (
    "toolkit48",
    "dev_hotel_pms",
    "dev_school_lms",
    "dev_homelab_net",
    "dev_photo_studio",
    "dev_mcp_fleet",
    "dev_chain_music",
    "dev_chain_code_host_zh",
)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--out", type=Path, help="also write the printed lines here")
    args = parser.parse_args()
    judged: dict[tuple[str, str, str], dict[str, object]] = {}
    for line in JUDGED.read_text("utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            judged[(row["registry"], row["tool"], row["parameter"])] = row
    embedder = CachingEmbedder(get_embedder("default"))
    lines = ["$ python benchmarks/doctor_unfed.py   (default embedder; dev registries only)"]
    totals: Counter[str] = Counter()
    for name in DEV:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tools = read_tools_file(DATA / name / "tools.jsonl")
        by_name = {t.name: t for t in tools}
        names = Counter(singular(w) for t in tools for w in set(words(t.name)))
        for tool, need in ChainMap(tools, embedder=embedder).unfed():
            thing = need.things[0] if need.things else need.parameter
            row = judged.get((name, tool, need.parameter))
            verdict = "unjudged" if row is None else ("right" if row["right"] else "noise")
            told = _told_unfed(by_name[tool], thing, names)
            totals[f"before_{verdict}"] += 1
            totals[f"after_{verdict}"] += told
            why = "" if row is None else f" ({row['why']})"
            lines.append(f"{name}: {tool}({need.parameter}) a {thing} id: {verdict}{why}; told after: {told}")
    lines.append(
        "; ".join(
            f"{when}: {totals[when + '_right']} right, {totals[when + '_noise']} noise, "
            f"{totals[when + '_unjudged']} unjudged"
            for when in ("before", "after")
        )
    )
    print("\n".join(lines))
    if args.out:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
