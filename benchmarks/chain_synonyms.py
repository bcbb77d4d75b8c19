"""Choose ``SYNONYM_COSINE``: when an id no tool produces by name is fed by a word of its own tool.

    python benchmarks/chain_synonyms.py            # the development registries; prints the choice
    python benchmarks/chain_synonyms.py --heldout  # report only: what it feeds on the held-out ones

The development registries' ids are nearly all fed by name already, so the cases are made
from them: each id a consumer takes by a thing's name (``course_id``) is renamed, one thing
of one registry at a time, to another word for it (``class_id``: a positive, fed right when
the chosen candidate is the original thing) or to a word of an unrelated trade
(``tractor_id``: a negative, any feed is wrong). The words are this benchmark's, written
from the development registries' tool lists; the library has no such list. The needs the
registries leave unfed as they are join as negatives (none of those on the dev registries
is a synonym). The threshold of best F1 is chosen on every registry, and with each left
out. Nothing here reads a held-out registry unless ``--heldout`` is given, and then only
to print what the shipped threshold feeds.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import warnings
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from toolfilter_core import ToolSpec, get_embedder, read_tools_file  # noqa: E402
from toolfilter_core._chain_synonyms import SYNONYM_COSINE, synonyms  # noqa: E402
from toolfilter_core._chains import ChainMap  # noqa: E402
from toolfilter_core._embed_cache import CachingEmbedder  # noqa: E402

DATA = ROOT / "benchmarks" / "data"
DEV = ("dev_chain_music", "dev_chain_code_host_zh", "dev_school_lms", "dev_hotel_pms", "dev_homelab_net",
       "dev_mcp_fleet", "toolkit48")  # fmt: skip
SYNONYM = {
    "artist": "musician", "album": "record", "track": "song", "playlist": "mix", "device": "speaker",
    "user": "member", "team": "group", "release": "version", "course": "class", "student": "pupil",
    "assignment": "homework", "booking": "reservation", "guest": "visitor", "backup": "snapshot",
    "page": "document", "incident": "outage", "channel": "conversation", "instance": "server",
    "customer": "client", "invoice": "bill", "event": "meeting", "charge": "payment", "note": "memo",
    "sprint": "iteration", "monitor": "alert", "schedule": "rota", "subscription": "membership",
}  # fmt: skip
"""Another word for each thing the dev registries' ids name (the positives)."""
UNRELATED = ("tractor", "vaccine", "glacier", "violin", "harbour", "orchid", "furnace", "satellite")
"""Words of trades none of the dev registries serves (the negatives)."""
GRID = tuple(round(0.30 + 0.05 * i, 2) for i in range(12))


def renamed(tools: list[ToolSpec], thing: str, word: str) -> list[ToolSpec]:
    """The registry with every required ``{thing}_id``/``{thing}_ids`` parameter renamed to ``{word}_...``."""
    out = []
    for tool in tools:
        parameters = copy.deepcopy(dict(tool.parameters))
        properties = dict(parameters.get("properties") or {})
        required = list(parameters.get("required") or [])
        for key in [k for k in required if k in (f"{thing}_id", f"{thing}_ids")]:
            new = key.replace(thing, word, 1)
            properties[new] = properties.pop(key, {"type": "string"})
            required[required.index(key)] = new
        parameters.update(properties=properties, required=required)
        out.append(ToolSpec(tool.name, tool.description, parameters, tool.category, annotations=tool.annotations))
    return out


def cases(name: str, embedder: CachingEmbedder) -> list[dict[str, Any]]:
    """One registry's cases: (kind, the best candidate and its cosine, whether it is the right thing)."""
    tools = read_tools_file(DATA / name / "tools.jsonl")
    out = [_case(name, "natural", "", c) for c in _best(tools, embedder)]
    things = sorted({t for n, feeds in ChainMap(tools).feeds.items() for f in feeds for t in f.need.things[:1]})
    for i, thing in enumerate(t for t in things if t in SYNONYM):
        for kind, word in (("positive", SYNONYM[thing]), ("negative", UNRELATED[i % len(UNRELATED)])):
            mutated = renamed(tools, thing, word)
            out.extend(_case(name, kind, thing, c) for c in _best(mutated, embedder) if c["thing"] == word)
    return out


def _best(tools: list[ToolSpec], embedder: CachingEmbedder) -> list[dict[str, Any]]:
    chains = ChainMap(tools)
    unfed, produced = chains.unfed_by_words(tools)
    found = synonyms(unfed, produced, embedder, least=-1.0)
    things = {(c, p): t for c, p, t, _ in unfed}
    return [
        {"consumer": c, "parameter": p, "thing": things[(c, p)], "word": w, "cosine": round(s, 4)}
        for (c, p), (w, s) in sorted(found.items())
    ]


def _case(registry: str, kind: str, original: str, best: dict[str, Any]) -> dict[str, Any]:
    return {"registry": registry, "kind": kind, "right": kind == "positive" and best["word"] == original, **best}


def f1(rows: list[dict[str, Any]], least: float, positives: int) -> float:
    """F1 of the feeds at ``least``: right ones over every feed made and every positive."""
    fed = [r for r in rows if r["cosine"] >= least]
    right = sum(1 for r in fed if r["right"])
    return 2 * right / (len(fed) + positives) if fed or positives else 1.0


def choose(rows: list[dict[str, Any]], names: list[str]) -> float:
    """The threshold of best F1 over ``names``' cases (ties: the higher, fewer feeds)."""
    mine = [r for r in rows if r["registry"] in names]
    positives = sum(1 for r in mine if r["kind"] == "positive")
    return max(GRID, key=lambda t: (round(f1(mine, t, positives), 6), t))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--heldout", action="store_true", help="print what the shipped threshold feeds there")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "chain_synonyms.json")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    embedder = CachingEmbedder(get_embedder("default"))
    rows = [row for name in DEV for row in cases(name, embedder)]
    result: dict[str, Any] = {"in_force": SYNONYM_COSINE, "cases": rows}
    names = list(DEV)
    chosen = result["chosen"] = choose(rows, names)
    positives = sum(1 for r in rows if r["kind"] == "positive")
    print(f"{len(rows)} cases ({positives} positive); in force {SYNONYM_COSINE}, chosen on every dev registry {chosen}")
    for t in GRID:
        fed = [r for r in rows if r["cosine"] >= t]
        right = sum(1 for r in fed if r["right"])
        print(f"  {t:.2f}: fed {len(fed)}, right {right}, F1 {f1(rows, t, positives):.3f}")
    result["left_out"] = {}
    for left in names:
        t = choose(rows, [n for n in names if n != left])
        mine = [r for r in rows if r["registry"] == left]
        score = f1(mine, t, sum(1 for r in mine if r["kind"] == "positive"))
        result["left_out"][left] = {"chosen": t, "f1": round(score, 3)}
        print(f"left out {left}: chosen {t:.2f}, its F1 {score:.3f} ({len(mine)} cases)")
    if args.heldout:
        result["heldout"] = held_out(embedder)
    args.out.write_text(json.dumps(result, indent=1) + "\n", "utf-8")
    return 0


def held_out(embedder: CachingEmbedder) -> list[dict[str, Any]]:
    """What the shipped threshold feeds by meaning on the held-out registries (report only)."""
    out = []
    for folder in sorted(f for f in DATA.glob("heldout_*") if f.is_dir()):
        tools = read_tools_file(folder / "tools.jsonl")
        chains = ChainMap(tools, embedder=embedder)
        for (consumer, parameter), (word, cosine) in sorted(chains.synonyms.items()):
            feed = next(f for f in chains.feeds[consumer] if f.need.parameter == parameter)
            row = {"registry": folder.name, "consumer": consumer, "parameter": parameter, "word": word,
                   "cosine": round(cosine, 4), "producers": list(feed.producers[:3])}  # fmt: skip
            out.append(row)
            print("held out:", json.dumps(row))
    return out


if __name__ == "__main__":
    raise SystemExit(main())
