"""``toolfilter eval --conversations FILE``: replaying conversations as an agent loop."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ._common import UsageError, max_tools_of, open_filter

__all__ = ["cmd_eval_conversations"]


def _prices(args: argparse.Namespace) -> Any:
    from toolfilter_core._cache_bill import cache_prices
    from toolfilter_core._exceptions import ConfigError

    try:
        return cache_prices(args.cache, write=args.cache_write, read=args.cache_read)
    except ConfigError as error:
        raise UsageError(f"--cache/--cache-write/--cache-read: {error}") from None


def _print(figures: dict[str, Any], misses: bool) -> None:
    from toolfilter_core._conversation_eval import FIGURES

    print(f"{'metric':<22} value")
    for key in FIGURES:
        print(f"{key:<22} {figures[key]}")
    print(f"{'cache_prices':<22} {figures['cache_prices']}")
    columns = ("turns", "served", "given_none", "dangerous", "unasked_destroyer", "changed")
    for axis, name in (("by_kind", "kind"), ("by_lang", "language")):
        groups = figures.get(axis) or {}
        if groups:
            print(f"\nby {name}: turns, served, given none, dangerous, unasked destroyer, changed")
        for value, row in groups.items():
            values = ", ".join(str(row[k]) for k in columns)
            print(f"  {value or '(none)':<14} {values}")
    each = figures.get("bill_by_conversation") or {}
    if each:
        print("\nbill vs all tools, by conversation:")
    for conversation, bill in each.items():
        print(f"  {conversation:<20} {bill}")
    if misses:
        rows = figures.get("misses", [])
        print("\nmisses:" if rows else "\nmisses: none")
        for row in rows:
            print(
                f"  {row['conversation']} [{row['kind']}] {row['query']!r} gold={row['gold']} offered={row['offered']}"
            )
            print(f"    why: {row['why']}")


def _write_report(args: argparse.Namespace, tf: Any, figures: dict[str, Any]) -> None:
    """The report: its set-up (files, replay), the figures (the cache prices a table of their own), the misses."""
    import sys

    from toolfilter_core._report.eval_report import conversation_report

    from ._setup import report_setup

    setup = {**report_setup(args, tf), "replay": str(args.replay)}
    written = conversation_report(args.report, figures, setup=setup)
    print(f"wrote {written}", file=sys.stderr)


def cmd_eval_conversations(args: argparse.Namespace) -> int:
    """Replay ``--conversations`` with a selection before every model call; print the figures."""
    from toolfilter_core._conversation_eval import (
        chooser,
        destroyers,
        policy_for,
        read_conversations,
        replay_conversations,
    )

    if args.queries or args.log:
        raise UsageError("--conversations: give it alone, without --queries or --log")
    prices = _prices(args)
    cap = max_tools_of(args)
    if args.report:
        from toolfilter_core._report.eval_report import report_format

        report_format(args.report)  # a wrong suffix fails before the replay runs
    tf = open_filter(args, tools_path=args.tools)
    conversations = read_conversations(args.conversations, tools={t.name for t in tf.tools})
    if args.limit:
        conversations = conversations[: args.limit]
    schemas = {t.name: t.to_openai() for t in tf.tools}

    def make() -> Any:
        policy = policy_for(prices, cap) if args.replay == "conversation" else None
        return chooser(tf, policy=policy, max_tools=cap)

    result = replay_conversations(conversations, make, schemas, prices, destructive=destroyers(tf))
    figures = result.to_dict(with_misses=args.misses)
    if args.report:
        _write_report(args, tf, result.to_dict(with_misses=True))
    if args.json:
        print(json.dumps(figures, ensure_ascii=False))
    else:
        _print(figures, args.misses)
    return 0
