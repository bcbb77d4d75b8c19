"""``toolfilter eval --report FILE.html|.md``: the evaluation's figures as tables, and pictures in HTML."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .._conversation_eval import FIGURES
from .._evaluate import EvalResult
from .._exceptions import ConfigError
from .._miss_why import miss_fields
from .page import html_page, html_table, image, md_table

__all__ = ["conversation_report", "eval_report", "report_format"]

FORMATS = {".html": "html", ".htm": "html", ".md": "md"}
SUMMARY_KEYS = (
    "queries",
    "tool_queries",
    "no_tool_queries",
    "recall",
    "recall_mean",
    "dangerous_misselect",
    "false_abstain",
    "no_tool_rejection",
    "destructive_on_read",
    "wrong_destroyer",
    "mean_selected",
    "cost_ratio",
    "fallback_rate",
)
_GROUP_KEYS = ("queries", "recall", "dangerous_misselect", "false_abstain", "no_tool_rejection", "mean_selected")
PERCENTILES = (50, 90, 95, 99)


def report_format(path: str | Path) -> str:
    """``html`` or ``md`` by the file's suffix.

    Raises:
        ConfigError: another suffix (the message names the allowed ones).
    """
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        msg = f"--report {str(path)!r}: suffix {suffix or '(none)'!r} not allowed; allowed: .html, .htm, .md"
        raise ConfigError(msg)
    return FORMATS[suffix]


MAX_MISSES = 200
"""Misses listed in a report (the rest counted)."""


_SWEEP = "Recall against tools sent as top_k varies"
_IDLE = "Recall against top_k: top_k does not move the selection"
"""The sweep's heading when ``top_k`` moves the tools sent by less than one (``plots.top_k_idle``): its plot
draws recall against top_k, titled "top_k does not move the selection", and the heading says the same."""


def _sweep_heading(sweep: Sequence[Mapping[str, Any]]) -> str:
    from .plots import top_k_idle  # matplotlib only inside the plots' functions

    return _IDLE if sweep and top_k_idle(sweep) else _SWEEP


def _tables(
    result: EvalResult, sweep: Sequence[Mapping[str, Any]], setup: Mapping[str, Any]
) -> list[tuple[str, list[str], list[list[Any]]]]:
    figures = result.to_dict()
    out: list[tuple[str, list[str], list[list[Any]]]] = []
    if setup:
        out.append(("Set-up", ["what", "value"], [[k, v] for k, v in setup.items()]))
    out.append(("Summary", ["metric", "value"], [[k, figures.get(k)] for k in SUMMARY_KEYS]))
    for axis, title in (("by_kind", "By kind"), ("by_lang", "By language")):
        groups = result.breakdown.get(axis) or {}
        if groups:
            rows = [[label, *(row.get(k) for k in _GROUP_KEYS)] for label, row in groups.items()]
            out.append((title, [axis[3:], *_GROUP_KEYS], rows))
    wrong = result.breakdown.get("wrong_sent_most") or []
    if wrong:
        out.append(
            (
                "Wrong tools sent most",
                ["tool", "requests it was sent to wrongly"],
                [[w["tool"], w["queries"]] for w in wrong],
            )
        )
    counts = Counter(result.sent)
    out.append(("Tools sent per request", ["tools sent", "requests"], [[k, counts[k]] for k in sorted(counts)]))
    if sweep:
        widened = all("widened" in p for p in sweep)
        rows = [
            [
                p["top_k"],
                p["recall"],
                p["mean_selected"],
                p["dangerous_misselect"],
                *([p["widened"]] if widened else []),
            ]
            for p in sweep
        ]
        headers = ["top_k", "recall", "mean tools sent", "dangerous", *(["share widened"] if widened else [])]
        out.append((_sweep_heading(sweep), headers, rows))
    lat = result.latencies
    rows = [[f"p{q}", float(np.percentile(lat, q)) if lat else None] for q in PERCENTILES]
    out.append(("Latency (ms per select)", ["percentile", "ms"], rows))
    if result.misses:
        out.append(_misses(result.misses))
    if result.wrong_destroyers:
        out.append(_wrong_destroyers(result.wrong_destroyers))
    if result.destroyers_on_reads:
        out.append(_wrong_destroyers(result.destroyers_on_reads, "Destructive tools sent to reads"))
    return out


def _wrong_destroyers(
    found: Sequence[Mapping[str, Any]], title: str = "Wrong destroyers sent"
) -> tuple[str, list[str], list[list[Any]]]:
    """The requests sent a destructive tool their gold does not hold: request, gold, sent, which."""
    rows: list[list[Any]] = [[*miss_fields(m)[:4], ", ".join(m.get("wrong") or [])] for m in found[:MAX_MISSES]]
    more = f" (the first {MAX_MISSES} of {len(found)})" if len(found) > MAX_MISSES else f" ({len(found)})"
    return (title + more, ["id", "request", "gold", "sent", "destructive tool not in the gold"], rows)


def _misses(misses: Sequence[Mapping[str, Any]]) -> tuple[str, list[str], list[list[Any]]]:
    """The requests not fully served (or given tools they did not need): request, gold, sent, why."""
    rows: list[list[Any]] = [list(miss_fields(m)) for m in misses[:MAX_MISSES]]
    more = f" (the first {MAX_MISSES} of {len(misses)})" if len(misses) > MAX_MISSES else f" ({len(misses)})"
    return ("Misses" + more, ["id", "request", "gold", "sent", "why"], rows)


def _plots(result: EvalResult, sweep: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    from . import plots

    pictures = {"Tools sent per request": plots.sent_histogram(result.sent)}
    if sweep:
        pictures[_sweep_heading(sweep)] = plots.recall_vs_sent(sweep)
    pictures["Latency (ms per select)"] = plots.latency_plot(result.latencies)
    groups = plots.groups_plot(result.breakdown)
    if groups:
        pictures["By kind" if result.breakdown.get("by_kind") else "By language"] = groups
    return pictures


def eval_report(
    path: str | Path,
    result: EvalResult,
    sweep: Sequence[Mapping[str, Any]] = (),
    *,
    title: str = "",
    setup: Mapping[str, Any] | None = None,
) -> Path:
    """Write the report: one self-contained HTML page with plots, or Markdown tables (by the suffix).

    Args:
        path: ``.html`` (tables and base64 PNG plots, no other file) or ``.md`` (tables).
        result: The evaluation.
        sweep: ``{"top_k", "recall", "mean_selected", "dangerous_misselect"}`` per top_k tried
            (and ``widened``, the share of widened selections, when known).
        title: The heading (default: "toolfilter eval").
        setup: What was evaluated (tools, profiles, embedder, config, version), shown first.

    Raises:
        ConfigError: a suffix other than .html, .htm or .md.
        ImportError: HTML without matplotlib (the message names the ``report`` extra).
    """
    kind = report_format(path)
    title = title or "toolfilter eval"
    tables = _tables(result, sweep, setup or {})
    path = Path(path)
    if kind == "md":
        parts = [f"# {title}"]
        note = _idle_note(sweep)
        parts += [
            f"## {heading}\n\n{md_table(headers, rows)}{note.get(heading, '')}" for heading, headers, rows in tables
        ]
        path.write_text("\n\n".join(parts) + "\n", encoding="utf-8")
        return path
    pictures = _plots(result, sweep)
    sections = []
    for heading, headers, rows in tables:
        content = html_table(headers, rows)
        if heading in pictures:
            content += "\n" + image(pictures[heading], heading)
        sections.append((heading, content))
    intro = f"{result.queries} requests; figures as toolfilter eval --json prints them."
    path.write_text(html_page(title, sections, intro=intro), encoding="utf-8")
    return path


def _idle_note(sweep: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """Under the sweep's Markdown table: why ``top_k`` moves the tools sent by less than one (the HTML plot says it)."""
    from .plots import top_k_idle, why_idle  # matplotlib only inside the plots' functions

    if not sweep or not top_k_idle(sweep):
        return {}
    return {_IDLE: f"\n\ntop_k does not move the selection: {' '.join(why_idle(sweep).split())}."}


_CONVERSATION_GROUP = ("turns", "served", "given_none", "dangerous", "changed")


def conversation_report(
    path: str | Path, figures: Mapping[str, Any], *, title: str = "", setup: Mapping[str, Any] | None = None
) -> Path:
    """Write ``eval --conversations``'s figures as tables: HTML (one page) or Markdown, by the suffix.

    ``setup``: what was replayed (files, replay, embedder, config, version), shown first, the cache prices in
    their own table after the summary;
    ``figures["misses"]``: every turn not served, or given tools it did not need, listed last.

    Raises:
        ConfigError: a suffix other than .html, .htm or .md.
    """
    kind = report_format(path)
    title = title or "toolfilter eval: conversations"
    prices = figures.get("cache_prices") or {}
    tables: list[tuple[str, list[str], list[list[Any]]]] = [
        *([("Set-up", ["what", "value"], [[k, v] for k, v in setup.items()])] if setup else []),
        ("Summary", ["metric", "value"], [[k, figures.get(k)] for k in FIGURES]),
        ("Cache prices (times the input price)", ["price", "value"], [[k, v] for k, v in prices.items()]),
    ]
    for axis, heading in (("by_kind", "By kind of user turn"), ("by_lang", "By language")):
        groups = figures.get(axis) or {}
        rows = [[label or "(none)", *(row.get(k) for k in _CONVERSATION_GROUP)] for label, row in groups.items()]
        tables.append((heading, [axis[3:], *_CONVERSATION_GROUP], rows))
    misses = figures.get("misses") or []
    if misses:
        rows = [
            [m["conversation"], m["kind"], m["query"][:80], ", ".join(m["gold"]), ", ".join(m["offered"]), m.get("why")]
            for m in misses
        ]
        tables.append(("Turns missed", ["conversation", "kind", "user turn", "gold", "offered", "why"], rows))
    path = Path(path)
    if kind == "md":
        parts = [f"# {title}", *(f"## {h}\n\n{md_table(cols, rows)}" for h, cols, rows in tables)]
        path.write_text("\n\n".join(parts) + "\n", encoding="utf-8")
        return path
    sections = [(h, html_table(cols, rows)) for h, cols, rows in tables]
    intro = (
        f"{figures.get('user_turns')} user turns, {figures.get('model_calls')} model calls; a selection before each."
    )
    path.write_text(html_page(title, sections, intro=intro), encoding="utf-8")
    return path
