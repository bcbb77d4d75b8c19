"""Destructive tools that ride along, and destroy requests not served, on the dev registries.

    python benchmarks/destructive_ridealong.py [--heldout] [--out benchmarks/results/destructive_ridealong.json]

Every ``dev_*`` registry (``profile_rows.rows()``), with the shipped preset
(``recommended_config()``), without and with its tool profiles. Which tools are destructive:
the guard's own notion (``says_destructive``: MCP hints, else a destructive verb in the name
or at the start of the description). A request asks for a destructive act when its gold
holds a destructive tool. Per request, the tools sent are ``Selection.names`` (a
``NOT_SURE`` selection's ranked tools counted as sent: an adapter without the search sends
them). Counted:

* *ride-along*: requests that ask for no destructive act but are sent a destructive tool;
* *extra*: requests sent a destructive tool their gold does not hold (ride-along, plus a
  destroy request sent another destructive tool beside its own);
* *destroy unserved*: destroy requests not sent every destructive tool of their gold;
* *served*: tool requests sent every gold tool (the overall recall), and ``recall_mean``;
* *held empty*: selections (selected or not sure) left empty where the guard held a
  destructive tool back and another candidate passed the score gates but was routed out:
  the held top's relative cut left the rest out (before the cut was taken from the best
  tool not held back).

Beside each ``dev_*`` registry, its terse requests (``benchmarks/data/<registry>_terse.jsonl``,
an id and a word or two) and its requests for destructive tools' acts that are not destroying
(``<registry>_acts.jsonl``: archive, refund, execute, restore...) run as rows of their own,
``<registry>_terse`` and ``<registry>_acts``, pooled with the rest.

``--heldout`` reports the ``heldout_*`` registries instead: a figure to report, never to
choose by. ``--only NAME`` limits the run to registries whose name holds NAME.
``--rule-before`` runs the guard as it was before issue #32 item 12 (any destructive
candidate of a request that asks to destroy; the guard in confident selections only with
profiles; no tool's own verb; a destructive tool that scores like a confident pick let in;
no users' words, no act phrases, no verb in the other language, no object read), the grid points
``choose_asked_rank.BEFORE`` and ``choose_guard_words.BEFORE``. ``--folder DIR`` runs one registry kept elsewhere (its
``tools.jsonl``, ``queries.jsonl``, ``profiles.jsonl``): a user's own, to look at, written
to ``--out`` only. ``--set questions`` runs each registry's ``<name>_questions.jsonl`` instead of
its ``queries.jsonl`` (reads that name a destructive act in a question, destroy requests in
question, polite and terse form; registries without one are left out), with the counts per
``kind`` too. ``--reports off`` reads a request's reports of acts done ("手术取消了") as asks, as before
``reports.REPORTS_HOLD``. ``--refusals off`` reads a destroy word under a negation ("don't refund T-1, just
void it", "先别取消") as an ask, as before ``_negated.REFUSALS_HOLD``. ``--several-records off`` lets a
prefix that fits destroyers of several records give the id to each (``id_nouns.SEVERAL_RECORDS``).
``--everyday-takedowns off`` reads 撤下, 扣回, 下线 as no tool's act, as before ``_hints.EVERYDAY_TAKEDOWNS``.
``--quiet-asks off`` lets an ask's best enter for a destroy request whose ask asks none (``ask_acts.QUIET_ASKS``);
``--sent-elsewhere off`` lets a tool whose description sends the act to a better-ranked one enter as meant
(``ask_acts.SENT_ELSEWHERE``).
``--refund-states off`` reads a refund as the subject of a state ("my refund hasn't arrived yet, can you check?") as
an ask, as before ``ask_form.REFUND_STATES``; ``--lifted-pauses off`` reads lifting a pause ("帮我把停卡解除") by its
words and the act phrases, as before ``ask_form.LIFTED_PAUSES``.
``--unsaid-reads every|elsewhere|sure|none`` runs ``state_reads.UNSAID_READS`` at that point (``every``: as before it).
``--mention-margin X`` runs ``mentioned.MENTION_MARGIN`` at X (``off``: mentions not read).
``--max-tools N`` caps every selection as a caller's ``select(max_tools=N)`` does (the tools past the cap
are not sent).
"""

from __future__ import annotations

import argparse
import importlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from profile_rows import DATA, ROOT, Row, build, rows

from toolfilter_core import (
    Reason,
    Selection,
    Status,
    ToolFilter,
    get_embedder,
    read_profiles,
    read_queries,
    read_tools_file,
    recommended_config,
)
from toolfilter_core._embed_cache import CachingEmbedder
from toolfilter_core._hints import says_destructive


@dataclass(frozen=True)
class Outcome:
    """One request's selection, as this benchmark counts it."""

    id: str
    query: str
    gold: tuple[str, ...]
    sent: tuple[str, ...]
    destructive_sent: tuple[str, ...]
    destroy_gold: tuple[str, ...]
    """The destructive tools of the gold: the request asks for a destructive act when any."""
    kind: str = ""
    held_empty: bool = False
    """Sent nothing though a candidate passed the score gates, a destructive one held back by the guard."""

    @property
    def asks_to_destroy(self) -> bool:
        """The gold holds a destructive tool."""
        return bool(self.destroy_gold)


def outcomes(row: Row, tf: ToolFilter, max_tools: int | None = None) -> list[Outcome]:
    """Every request of ``row`` through ``tf.select`` (capped at ``max_tools``)."""
    harmful = {t.name for t in row.tools if says_destructive(t)}
    out = []
    for q in row.queries:
        selection = tf.select(q.query, max_tools=max_tools)
        sent = tuple(selection.names)
        out.append(
            Outcome(
                str(q.id),
                q.query,
                tuple(q.gold),
                sent,
                tuple(n for n in sent if n in harmful),
                tuple(g for g in q.gold if g in harmful),
                (row.kinds or {}).get(str(q.id), ""),
                held_empty(selection),
            )
        )
    return out


PASSED_GATES = frozenset({Reason.BELOW_RELATIVE_CUT, Reason.BELOW_TOP_K, Reason.OTHER_DOMAIN})
"""The reasons of a candidate that passed the score gates and that routing left out."""


def held_empty(selection: Selection) -> bool:
    """``selection`` (selected or not sure) sends nothing, the guard held a candidate, routing left another out."""
    if selection.names or selection.status not in (Status.SELECTED, Status.NOT_SURE):
        return False
    reasons = {s.reason for s in selection.rejected}
    return Reason.DESTRUCTIVE_GUARD in reasons and bool(reasons & PASSED_GATES)


def figures(found: list[Outcome]) -> dict[str, Any]:
    """The counts of the module docstring, with the requests behind the ride-alongs."""
    tool = [o for o in found if o.gold]
    destroy = [o for o in found if o.asks_to_destroy]
    ride = [o for o in found if not o.asks_to_destroy and o.destructive_sent]
    extra = [o for o in found if set(o.destructive_sent) - set(o.gold)]
    unserved = [o for o in destroy if not set(o.destroy_gold) <= set(o.sent)]
    served = [o for o in tool if set(o.gold) <= set(o.sent)]
    held = [o for o in found if o.held_empty]
    recall = [len(set(o.gold) & set(o.sent)) / len(set(o.gold)) for o in tool]
    return {
        "requests": len(found),
        "tool_requests": len(tool),
        "destroy_requests": len(destroy),
        "ride_along": len(ride),
        "extra": len(extra),
        "destroy_unserved": len(unserved),
        "served": len(served),
        "recall_mean": round(sum(recall) / len(recall), 4) if recall else None,
        "held_empty": len(held),
        "ride_along_requests": [[o.id, o.query, list(o.destructive_sent)] for o in ride],
        "extra_requests": [[o.id, o.query, list(o.destructive_sent)] for o in extra if o.asks_to_destroy],
        "destroy_unserved_requests": [[o.id, o.query, list(o.gold), list(o.sent)] for o in unserved],
        "held_empty_requests": [[o.id, o.query, list(o.gold)] for o in held],
    }


def by_kind(found: list[Outcome]) -> dict[str, dict[str, Any]]:
    """``figures`` per request kind, where the requests carry one."""
    kinds = sorted({o.kind for o in found if o.kind})
    return {k: figures([o for o in found if o.kind == k]) for k in kinds}


def question_rows(selected: list[Row]) -> list[Row]:
    """The registries of ``selected`` that have a ``<name>_questions.jsonl``, with its requests and kinds."""
    out = []
    for row in selected:
        path = DATA / f"{row.name}_questions.jsonl"
        if path.exists():
            kinds = {
                str(r["id"]): str(r["kind"]) for r in map(json.loads, path.read_text(encoding="utf-8").splitlines())
            }
            out.append(Row(row.name, row.role, row.tools, read_queries(path), row.profiles, row.lenient, kinds))
    return out


KEYS = (
    "requests",
    "destroy_requests",
    "ride_along",
    "extra",
    "destroy_unserved",
    "served",
    "recall_mean",
    "held_empty",
)


def run(selected: list[Row], embedder: CachingEmbedder, max_tools: int | None = None) -> dict[str, Any]:
    """Per registry and pooled, without and with profiles."""
    base = recommended_config()
    report: dict[str, Any] = {"registries": {}, "pooled": {}}
    pooled: dict[str, list[Outcome]] = {"without": [], "with": []}
    print(f"{'registry':<26}{'profiles':<9}" + "".join(f"{k:>18}" for k in KEYS))
    for row in selected:
        report["registries"][row.name] = {}
        for label, profiled in (("without", False), ("with", True)):
            found = outcomes(row, build(row, base, embedder, profiled=profiled), max_tools)
            pooled[label] += found
            out = report["registries"][row.name][label] = figures(found)
            print(f"{row.name:<26}{label:<9}" + "".join(f"{out[k]!s:>18}" for k in KEYS), flush=True)
    for label, found in pooled.items():
        out = report["pooled"][label] = figures(found)
        print(f"{'pooled':<26}{label:<9}" + "".join(f"{out[k]!s:>18}" for k in KEYS))
    for label, found in pooled.items():
        for kind, out in by_kind(found).items():
            report.setdefault("pooled_by_kind", {}).setdefault(label, {})[kind] = out
            print(f"{kind:<26}{label:<9}" + "".join(f"{out[k]!s:>18}" for k in KEYS))
    return report


EXTRA_SETS = ("terse", "acts")
"""The extra request sets a registry may have beside it: ``<name>_terse.jsonl``, ``<name>_acts.jsonl``."""


def with_terse(selected: list[Row]) -> list[Row]:
    """``selected``, each registry followed by its extra request sets (``EXTRA_SETS``) where it has them."""
    out = []
    for row in selected:
        out.append(row)
        for kind in EXTRA_SETS:
            extra = DATA / f"{row.name}_{kind}.jsonl"
            if extra.exists():
                out.append(Row(f"{row.name}_{kind}", row.role, row.tools, read_queries(extra), row.profiles))
    return out


def _folder(folder: Path) -> Row:
    """A registry folder outside ``benchmarks/data``."""
    queries = read_queries(folder / "queries.jsonl")
    profiles = read_profiles(folder / "profiles.jsonl")
    return Row(folder.name, "look", read_tools_file(folder / "tools.jsonl"), queries, profiles)


def _set_readings(args: argparse.Namespace) -> None:
    """Set the pipeline's module constants the options name (``--rule-before``, ``--reports``...)."""
    if args.rule_before:
        decide = importlib.import_module("toolfilter_core._pipeline.decide")  # the module, not its function
        decide.ASKED_RANK, decide.GUARD_CONFIDENT_WITHOUT_PROFILES, decide.ASKED_BY_ITS_VERB = 10**6, False, False
        decide.SCORE_UNLOCKS = True
        importlib.import_module("toolfilter_core._pipeline.act_words").SAID_IN = 0
        importlib.import_module("toolfilter_core._pipeline.destroy_ask").PHRASE_MARGIN = None
        decide.ASKED_ACROSS_LANGUAGES = False
        importlib.import_module("toolfilter_core._pipeline.objects").OBJECT_FROM = "off"
    if args.rule_before or args.opening_word == "off":
        importlib.import_module("toolfilter_core._pipeline.decide").ASKED_BY_ITS_OPENING_WORD = False
    importlib.import_module("toolfilter_core._pipeline.reports").REPORTS_HOLD = args.reports == "on"
    importlib.import_module("toolfilter_core._negated").REFUSALS_HOLD = args.refusals == "on"
    importlib.import_module("toolfilter_core._pipeline.id_nouns").SEVERAL_RECORDS = args.several_records == "on"
    importlib.import_module("toolfilter_core._hints").EVERYDAY_TAKEDOWNS = args.everyday_takedowns == "on"
    ask_form = importlib.import_module("toolfilter_core._pipeline.ask_form")
    ask_form.REFUND_STATES, ask_form.LIFTED_PAUSES = args.refund_states == "on", args.lifted_pauses == "on"
    ask_acts = importlib.import_module("toolfilter_core._pipeline.ask_acts")
    ask_acts.QUIET_ASKS, ask_acts.SENT_ELSEWHERE = args.quiet_asks == "on", args.sent_elsewhere == "on"
    if args.neighbour_lean is not None:
        importlib.import_module("toolfilter_core._pipeline.destroy_ask").NEIGHBOUR_LEAN = args.neighbour_lean
    if args.unsaid_reads is not None:
        importlib.import_module("toolfilter_core._pipeline.state_reads").UNSAID_READS = args.unsaid_reads
    if args.mention_margin is not None:
        margin = None if args.mention_margin == "off" else float(args.mention_margin)
        importlib.import_module("toolfilter_core._pipeline.mentioned").MENTION_MARGIN = margin


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--heldout", action="store_true", help="the heldout_* registries (report only)")
    parser.add_argument("--only", default="", help="registries whose name holds this")
    parser.add_argument("--rule-before", action="store_true", help="the guard's rule before issue #32 item 12")
    parser.add_argument(
        "--opening-word", choices=("on", "off"), default="on", help="read a tool's opening word as its act (decide.py)"
    )
    parser.add_argument("--neighbour-lean", type=float, default=None, help="destroy_ask.NEIGHBOUR_LEAN to run")
    parser.add_argument("--reports", choices=("on", "off"), default="on", help="reports.REPORTS_HOLD: acts reported")
    parser.add_argument("--refusals", choices=("on", "off"), default="on", help="_negated.REFUSALS_HOLD: acts refused")
    parser.add_argument(
        "--several-records", choices=("on", "off"), default="on", help="id_nouns.SEVERAL_RECORDS: ambiguous prefixes"
    )
    parser.add_argument(
        "--everyday-takedowns", choices=("on", "off"), default="on", help="_hints.EVERYDAY_TAKEDOWNS: 撤下, 扣回, 下线"
    )
    parser.add_argument("--refund-states", choices=("on", "off"), default="on", help="ask_form.REFUND_STATES")
    parser.add_argument("--lifted-pauses", choices=("on", "off"), default="on", help="ask_form.LIFTED_PAUSES")
    parser.add_argument("--quiet-asks", choices=("on", "off"), default="on", help="ask_acts.QUIET_ASKS")
    parser.add_argument("--sent-elsewhere", choices=("on", "off"), default="on", help="ask_acts.SENT_ELSEWHERE")
    parser.add_argument(
        "--unsaid-reads",
        choices=("every", "elsewhere", "sure", "none"),
        default=None,
        help="state_reads.UNSAID_READS to run",
    )
    parser.add_argument("--mention-margin", default=None, help="mentioned.MENTION_MARGIN to run (a number, or off)")
    parser.add_argument("--folder", default="", help="one registry kept elsewhere (a user's own)")
    parser.add_argument("--set", choices=("queries", "questions"), default="queries", help="which requests to run")
    parser.add_argument("--max-tools", type=int, default=None, help="cap every selection (select(max_tools=N))")
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    _set_readings(args)
    prefix = "heldout_" if args.heldout else "dev_"
    selected = with_terse([r for r in rows() if r.name.startswith(prefix) and args.only in r.name])
    if args.set == "questions":
        selected = question_rows(selected)
    if args.folder:
        selected = [_folder(Path(args.folder))]
    embedder = CachingEmbedder(get_embedder(recommended_config().embedder))
    report = run(selected, embedder, args.max_tools)
    if args.folder and not args.out:
        return 0
    name = "destructive_ridealong" + ("_questions" if args.set == "questions" else "")
    name += ("_heldout" if args.heldout else "") + ("_before" if args.rule_before else "")
    name += "_no_opening_word" if args.opening_word == "off" and not args.rule_before else ""
    name += "_no_reports" if args.reports == "off" else ""
    name += "_no_refusals" if args.refusals == "off" else ""
    name += "_no_several_records" if args.several_records == "off" else ""
    name += "_no_everyday_takedowns" if args.everyday_takedowns == "off" else ""
    name += "_no_quiet_asks" if args.quiet_asks == "off" else ""
    name += "_no_refund_states" if args.refund_states == "off" else ""
    name += "_no_lifted_pauses" if args.lifted_pauses == "off" else ""
    name += "_no_sent_elsewhere" if args.sent_elsewhere == "off" else ""
    name += f"_unsaid_reads_{args.unsaid_reads}" if args.unsaid_reads else ""
    name += f"_mention_margin_{args.mention_margin}" if args.mention_margin is not None else ""
    name += (f"_max_tools{args.max_tools}" if args.max_tools else "") + ".json"
    out = Path(args.out) if args.out else ROOT / "benchmarks" / "results" / name
    out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
