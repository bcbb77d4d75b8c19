"""Conversations replayed as an agent loop, per registry: one request per call against the conversation policy.

    PYTHONPATH=. python benchmarks/conversations_table.py [--data DIR] [--only NAME ...] [--leave-out NAME]
        [--sweep] [--heldout] [--out benchmarks/results/conversations_table.json]

Every registry under ``--data`` with a ``conversations.jsonl`` beside its ``tools.jsonl``
(``dev_*`` only, unless ``--heldout``: the held-out sets are run, never tuned on), with the
shipped preset, without and with the registry's ``profiles.jsonl``. Two replays: ``window``
(one request per model call, sticky tools: how the adapters selected before the policy) and
``policy`` (``ConversationPolicy`` with its defaults). Figures as ``toolfilter eval
--conversations`` prints them; the bill against all tools under Anthropic's and OpenAI's cache
prices. Above them, "perfect picks": exactly each user turn's gold, swapped per turn (the
floor of what a selector can serve, and its bill). ``--sweep`` tries the policy's ``need``,
``budget`` and ``prefetch`` (one at a time from the defaults) on the dev sets (with
``--leave-out NAME``: without that registry) and prints the pooled figures per setting:
the defaults are chosen there.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from toolfilter_core import ToolFilter
from toolfilter_core._cache_bill import PROVIDERS
from toolfilter_core._conversation_eval import chooser, destroyers, read_conversations, replay_conversations
from toolfilter_core._tool_defs import read_tools_file
from toolfilter_core.integration import ConversationPolicy

ROOT = Path(__file__).resolve().parents[1]
KEYS = ("first_served", "later_served", "no_tool_given_none", "dangerous", "later_unasked_destroyer", "later_changed")


def registries(data: Path, only: set[str] | None, heldout: bool) -> list[Path]:
    """The registry folders with conversations, dev ones (or held-out ones with ``heldout``)."""
    prefix = "heldout_" if heldout else "dev_"
    found = sorted(p.parent for p in data.glob(f"{prefix}*/conversations.jsonl"))
    return [p for p in found if only is None or p.name in only]


def replay(folder: Path, tf: ToolFilter, make: Callable[[], Any]) -> dict[str, Any]:
    """The figures of one replay, with the bill under both providers' prices."""
    conversations = read_conversations(folder / "conversations.jsonl", tools={t.name for t in tf.tools})
    schemas = {t.name: t.to_openai() for t in tf.tools}
    figures = replay_conversations(
        conversations, make, schemas, PROVIDERS["anthropic"], also=PROVIDERS, destructive=destroyers(tf)
    ).to_dict()
    under = figures["bill_vs_all_tools_under"]
    return {"figures": figures, "bill_anthropic": under["anthropic"], "bill_openai": under["openai"]}


def perfect(folder: Path, tf: ToolFilter) -> Callable[[], Any]:
    """A chooser offering exactly the last user turn's gold (in registry order): the floor of the bill."""
    gold: dict[str, list[str]] = {}
    for conversation in read_conversations(folder / "conversations.jsonl"):
        for message in conversation.messages:
            if message.get("role") == "user":
                gold[str(message.get("content"))] = list(message.get("gold") or [])
    rank = {t.name: i for i, t in enumerate(tf.tools)}

    def choose(turns: Sequence[Any]) -> list[str]:
        last = next((t.text for t in reversed(turns) if t.role == "user"), "")
        return sorted(gold.get(last, []), key=rank.__getitem__)

    return lambda: choose


def _row(label: str, result: dict[str, Any]) -> str:
    f = result["figures"]
    cells = "".join(f"{f[k] if f[k] is not None else '-':>9}" for k in KEYS)
    return f"  {label:<22}{f['user_turns']:>6}{cells}{result['bill_anthropic']:>9}{result['bill_openai']:>9}"


def run_tables(folders: Sequence[Path]) -> dict[str, Any]:
    """Every registry without and with profiles, window against policy; printed and returned."""
    print(f"  {'':<22}{'turns':>6}" + "".join(f"{k[:8]:>9}" for k in KEYS) + f"{'bill A':>9}{'bill O':>9}")
    report: dict[str, Any] = {}
    for folder in folders:
        print(folder.name, flush=True)
        tools = read_tools_file(folder / "tools.jsonl")
        floor = ToolFilter(tools)
        result = replay(folder, floor, perfect(folder, floor))
        report.setdefault(folder.name, {})["perfect picks (swap per turn)"] = result
        print(_row("perfect picks", result), flush=True)
        for profiled in (False, True):
            profiles = folder / "profiles.jsonl" if profiled and (folder / "profiles.jsonl").exists() else None
            tf = ToolFilter(tools, profiles=profiles)
            tf.select("warm up")
            for name, make in (
                ("window", lambda tf=tf: chooser(tf)),
                ("policy", lambda tf=tf: chooser(tf, policy=ConversationPolicy())),
            ):
                label = f"{name}, {'with' if profiled else 'without'} profiles"
                result = replay(folder, tf, make)
                report.setdefault(folder.name, {})[label] = result
                print(_row(label, result), flush=True)
    return report


def _pooled(results: Sequence[dict[str, Any]]) -> dict[str, float]:
    """Figures pooled over registries, each weighted by its turns."""
    out: dict[str, float] = {}
    for key in (*KEYS, "bill_vs_all_tools"):
        pairs = [(r[key], r["user_turns"]) for r in results if r[key] is not None]
        weight = sum(w for _, w in pairs)
        out[key] = round(sum(v * w for v, w in pairs) / weight, 4) if weight else 0.0
    return out


def run_sweep(folders: Sequence[Path]) -> dict[str, Any]:
    """The policy's settings, one changed at a time, on the given (dev) registries with profiles, pooled."""
    filters = []
    for folder in folders:
        profiles = folder / "profiles.jsonl" if (folder / "profiles.jsonl").exists() else None
        tf = ToolFilter(read_tools_file(folder / "tools.jsonl"), profiles=profiles)
        tf.select("warm up")
        filters.append((folder, tf))
    out: dict[str, Any] = {}
    defaults = {"need": 1, "budget": 12, "prefetch": 8}
    grid = [{**defaults, "need": 0}, {**defaults, "budget": 6}, {**defaults, "budget": 20}]
    grid += [{**defaults, "prefetch": p} for p in (0, 4, 12)] + [defaults]
    for setting in grid:  # one setting changed from the defaults at a time
        results = []
        for folder, tf in filters:

            def make(tf: ToolFilter = tf, setting: dict[str, int] = setting) -> Any:
                return chooser(tf, policy=ConversationPolicy("anthropic", **setting))

            results.append(replay(folder, tf, make)["figures"])
        pooled = _pooled(results)
        label = " ".join(f"{k}={v}" for k, v in setting.items())
        out[label] = pooled
        print(f"{label:<28}" + "  ".join(f"{k} {v}" for k, v in pooled.items()), flush=True)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default=str(ROOT / "benchmarks" / "data"), help="folder of registries")
    parser.add_argument("--only", nargs="*", help="registry names to run (default: all with conversations)")
    parser.add_argument("--leave-out", metavar="NAME", help="leave this registry out (of the sweep, too)")
    parser.add_argument("--sweep", action="store_true", help="sweep the policy's need and budget (dev sets only)")
    parser.add_argument("--heldout", action="store_true", help="the held-out sets instead (never with --sweep)")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "conversations_table.json"))
    args = parser.parse_args()
    if args.sweep and args.heldout:
        parser.error("--sweep chooses numbers: dev sets only")
    folders = [
        f
        for f in registries(Path(args.data), set(args.only) if args.only else None, args.heldout)
        if f.name != args.leave_out
    ]
    if not folders:
        parser.error(f"no registry with conversations.jsonl under {args.data}")
    report = run_sweep(folders) if args.sweep else run_tables(folders)
    Path(args.out).write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
