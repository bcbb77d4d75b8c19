"""Every ``Selection`` for fixed inputs, as JSON: proof that a refactor changed no selection.

Dumps, for each request, the selected names in order, their scores (to 1e-4), the rejected
names with their reasons, ``fallback``, ``domains``, ``status``, the notes (but those that
only said the status in words) and the prompt characters, for:

- the kit (toolkit48): its queries and both paraphrase sets, without and with its profiles,
  and each query again with the previous one as context and its first pick as sticky;
- samples of four public sets (``--limit`` tool queries and as many no-tool queries each);
- a store built on disk and reopened: the reopening must embed nothing.

Run it before and after a change and compare the two files: names, order, reasons, flags,
notes and characters must be equal, scores within 1e-4 (a score a hair from a rounding
boundary may round either way from one run to the next)::

    python benchmarks/selection_snapshot.py --out /tmp/before.json
    python benchmarks/selection_snapshot.py --out /tmp/after.json
    python benchmarks/selection_snapshot.py --compare /tmp/before.json /tmp/after.json

The default embedder is used (``--embedder`` to choose another; ``fake`` for the unit tests'
deterministic hashing embedder when no model is at hand).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from threadpoolctl import threadpool_limits  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.harness.data import DATA_DIR, discover_datasets, load_dataset  # noqa: E402
from toolfilter_core import (  # noqa: E402
    Embedder,
    HashingEmbedder,
    Selection,
    ToolFilter,
    ToolSpec,
    get_embedder,
    recommended_config,
)

KIT = "toolkit48"
KIT_QUERY_SETS = ("toolkit48", "toolkit48_paraphrase_tune", "toolkit48_paraphrase_check")
PUBLIC_SETS = ("metatool", "acebench_zh", "bfcl", "toolbench_stable")
SCORE_TOLERANCE = 1e-4
"""Two scores rounded to 4 places may differ by one unit in the last one (a float on the boundary)."""
STATUS_KINDS = frozenset({"no_ask", "exact_name", "no_tool_needed", "no_tool_fits", "widened", "no_text", "failed"})
"""Note kinds that said a selection's status in words (the status is recorded instead)."""


def selection_row(selection: Selection) -> dict[str, Any]:
    """What must not change about one selection."""
    return {
        "selected": [[s.name, round(s.score, 4)] for s in selection.selected],
        "rejected": [[s.name, round(s.score, 4), s.reason.value if s.reason else None] for s in selection.rejected],
        "fallback": selection.fallback,
        "domains": list(selection.domains),
        "status": selection.status.value,
        "notes": [
            str(n) for n in selection.notes if getattr(getattr(n, "kind", None), "value", None) not in STATUS_KINDS
        ],
        "chars": [selection.selected_chars, selection.total_chars],
    }


def kit_rows(tools: tuple[ToolSpec, ...], embedder: Embedder, profiles: Path | None) -> dict[str, Any]:
    """The kit's three query sets, alone and as a conversation (previous query as context)."""
    tf = ToolFilter(tools, config=recommended_config(embedder=embedder.id), embedder=embedder, profiles=profiles)
    out: dict[str, Any] = {}
    sources = discover_datasets(DATA_DIR, None)
    for name in KIT_QUERY_SETS:
        queries = load_dataset(sources[name]).queries
        rows: list[Any] = []
        previous: tuple[str, list[str]] | None = None
        for item in queries:
            rows.append([item.query, selection_row(tf.select(item.query))])
            if previous is not None:
                turn = tf.select(item.query, context=[previous[0]], sticky=previous[1][:1])
                rows.append(["(turn) " + item.query, selection_row(turn)])
            previous = (item.query, tf.select(item.query).names)
        out[name] = rows
    return out


def public_rows(name: str, embedder: Embedder, limit: int) -> list[Any]:
    """A sample of a public set: ``limit`` tool queries (and no-tool ones where labelled)."""
    data = load_dataset(discover_datasets(DATA_DIR, None)[name], limit=limit)
    tf = ToolFilter(data.tools, config=recommended_config(embedder=embedder.id), embedder=embedder)
    return [[item.query, selection_row(tf.select(item.query))] for item in data.queries]


def reopen_row(tools: tuple[ToolSpec, ...], embedder: Embedder) -> dict[str, Any]:
    """Index the kit into a store on disk, reopen it: the second sync embeds nothing."""
    config = recommended_config(embedder=embedder.id)
    with tempfile.TemporaryDirectory() as tmp:
        ToolFilter(tools, config=config, embedder=embedder, store=tmp)
        again = ToolFilter(tools, config=config, embedder=embedder, store=tmp)
        report = again.last_report
        opened = ToolFilter.open(store=tmp, config=config, embedder=embedder)
        picked = selection_row(opened.select("read the file notes.txt"))
    return {"unchanged": report.unchanged, "texts_embedded": report.texts_embedded, "open_select": picked}


def snapshot(embedder: Embedder, limit: int) -> dict[str, Any]:
    """Every selection this script pins."""
    sources = discover_datasets(DATA_DIR, None)
    tools = load_dataset(sources[KIT]).tools
    return {
        "embedder": embedder.id,
        "kit": kit_rows(tools, embedder, None),
        "kit_with_profiles": kit_rows(tools, embedder, DATA_DIR / KIT / "profiles.jsonl"),
        "public": {name: public_rows(name, embedder, limit) for name in PUBLIC_SETS},
        "reopen": reopen_row(tools, embedder),
    }


def differences(before: Any, after: Any, where: str = "") -> list[str]:
    """Where two snapshots differ: anything but a score more than 1e-4 apart."""
    if isinstance(before, float) and isinstance(after, float):
        return [] if abs(before - after) <= SCORE_TOLERANCE + 1e-9 else [f"{where}: {before} != {after}"]
    if isinstance(before, dict) and isinstance(after, dict):
        if before.keys() != after.keys():
            return [f"{where}: keys {sorted(before)} != {sorted(after)}"]
        return [d for key in before for d in differences(before[key], after[key], f"{where}.{key}")]
    if isinstance(before, list) and isinstance(after, list):
        if len(before) != len(after):
            return [f"{where}: {len(before)} items != {len(after)}"]
        pairs = enumerate(zip(before, after, strict=True))
        return [d for i, (b, a) in pairs for d in differences(b, a, f"{where}[{i}]")]
    return [] if before == after else [f"{where}: {before!r} != {after!r}"]


def compare(before_path: str, after_path: str) -> int:
    """0 when the two snapshot files agree, else 1 with the first differences printed."""
    before = json.loads(Path(before_path).read_text(encoding="utf-8"))
    after = json.loads(Path(after_path).read_text(encoding="utf-8"))
    found = differences(before, after)
    for line in found[:20]:
        print(line)
    print(f"{len(found)} difference(s)" if found else "identical (scores within 1e-4)")
    return 1 if found else 0


def main(argv: list[str] | None = None) -> int:
    """Write the snapshot to ``--out``, or ``--compare`` two."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", help="the JSON file to write")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"), help="compare two snapshot files")
    parser.add_argument("--embedder", help="embedder name (default: the recommended preset's); fake: hashing")
    parser.add_argument("--limit", type=int, default=150, help="tool queries per public set (default 150)")
    args = parser.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    if not args.out:
        parser.error("--out or --compare is required")
    if args.embedder == "fake":
        embedder: Embedder = HashingEmbedder(64)
    else:
        embedder = get_embedder(args.embedder or recommended_config().embedder)
    with threadpool_limits(limits=1):  # one thread: the same sums in the same order, run after run
        result = snapshot(embedder, args.limit)
    Path(args.out).write_text(json.dumps(result, ensure_ascii=False, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    counts = {name: len(rows) for name, rows in result["kit"].items()}
    print(f"wrote {args.out}: kit {counts}, public {[len(r) for r in result['public'].values()]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
