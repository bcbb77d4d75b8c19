"""The argument parser of every ``toolfilter`` subcommand."""

from __future__ import annotations

import argparse
import os
from typing import Any

from .._types import MAX_TOOLS
from ._common import collection_name, embedder_flag, store_flag
from ._doctor import add_doctor_parser
from ._profiles import add_profiles_parser
from ._strict_parser import StrictParser

__all__ = ["build_parser"]


def _add_store_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--store", metavar="DIR", type=store_flag, help="embedded Chroma store directory")
    parser.add_argument("--chroma-host", metavar="H", help="Chroma server host (chroma run)")
    parser.add_argument("--chroma-port", metavar="P", type=int, default=8000, help="Chroma server port (default 8000)")
    parser.add_argument(
        "--collection",
        metavar="NAME",
        type=collection_name,
        help="Chroma collection (default from the config: toolfilter; 3-512 characters of a-z A-Z 0-9 . _ -)",
    )
    parser.add_argument(
        "--chroma-token",
        metavar="TOKEN",
        default=os.environ.get("TOOLFILTER_CHROMA_TOKEN") or None,
        help="token for the Chroma server (default: $TOOLFILTER_CHROMA_TOKEN; the variable keeps it out of ps)",
    )
    parser.add_argument(
        "--chroma-token-header",
        choices=["Authorization", "X-Chroma-Token"],
        help="send the token as 'Authorization: Bearer ...' (default) or 'X-Chroma-Token: ...'",
    )
    parser.add_argument(
        "--chroma-basic-auth",
        metavar="USER:PASSWORD",
        default=os.environ.get("TOOLFILTER_CHROMA_BASIC_AUTH") or None,
        help="HTTP basic authentication for the Chroma server (default: $TOOLFILTER_CHROMA_BASIC_AUTH)",
    )
    parser.add_argument("--chroma-ssl", action="store_true", help="HTTPS to the Chroma server (a TLS proxy)")


def _add_config_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--config",
        metavar="FILE",
        help="YAML or JSON config laid over the recommended preset (over the plain one, embedding top-k and no "
        "routing, when it says base: plain)",
    )
    parser.add_argument(
        "--set",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        dest="set_fields",
        help="set one field over the config, value in YAML (top_k=3, weights.bm25=0, base=plain); repeatable",
    )
    parser.add_argument(
        "--embedder", metavar="NAME", type=embedder_flag, help="embedder name or model path (overrides the config)"
    )
    parser.add_argument("--top-k", metavar="N", type=int, help=TOP_K_HELP)


QUERIES_HELP = (
    'labelled requests: JSON Lines (or one JSON array) of {"query": TEXT, "gold": [TOOL, ...]} objects, '
    "gold [] for a request that needs no tool; optional id, lang, kind"
)

TOP_K_HELP = (
    f"at most N tools in a confident selection (1-{MAX_TOOLS}); a widened one may hold up to "
    "fallback_top_k, and chains and each ask's best tool may add: --max-tools is the hard cap"
)


def _add_max_tools(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--max-tools",
        metavar="N",
        type=int,
        help=f"hard cap: never more than N tools, widened, chained or not (1-{MAX_TOOLS}; default: no cap)",
    )


def _add_profiles_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--profiles",
        metavar="FILE",
        help="tool profiles (JSON Lines, toolfilter profiles import): requests a model wrote for each tool",
    )


def build_parser(bench_harness: Any | None = None) -> argparse.ArgumentParser:
    """The argument parser of every subcommand.

    Args:
        bench_harness: The checkout's ``benchmarks.harness`` module, which defines the flags
            of ``bench`` (``main`` finds it); without it ``bench`` takes none.
    """
    from .._version import __version__

    parser = StrictParser(
        prog="toolfilter",
        description="Pick the few tools an LLM agent needs for a request.",
        epilog="Start with: toolfilter demo. With your own tools: toolfilter doctor TOOLS (what crowds), "
        'toolfilter index TOOLS --store DIR, toolfilter select "REQUEST" --store DIR, toolfilter eval --store '
        "DIR --queries FILE (how well it picks). Each command's options: toolfilter COMMAND --help "
        "(docs/cli.md has them all).",
    )
    parser.add_argument("--version", action="version", version=f"toolfilter {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add_command in (_add_demo, _add_index, _add_select, _add_eval, _add_fit, _add_record, _add_config):
        add_command(sub)
    add_profiles_parser(sub)
    add_doctor_parser(sub)
    bench = sub.add_parser("bench", help="compare selectors on labelled datasets (docs/benchmarks.md)")
    if bench_harness is not None:
        bench_harness.add_bench_arguments(bench)
    return parser


def _add_demo(sub: Any) -> None:
    """``demo``: the bundled kit and a few selections (``sub``: the subparsers)."""
    demo = sub.add_parser("demo", help="index the bundled 48-tool kit and show selections")
    demo.add_argument(
        "--store",
        metavar="DIR",
        type=store_flag,
        default=".toolfilter/demo",
        help="store directory (default .toolfilter/demo)",
    )
    demo.add_argument("--embedder", metavar="NAME", type=embedder_flag, help="embedder (default: the recommended one)")
    demo.add_argument("queries", metavar="QUERY", nargs="*", help="your own requests instead of the built-in ones")


def _add_index(sub: Any) -> None:
    """``index``: a tools file into a store."""
    index = sub.add_parser("index", help="index a tools file into a store")
    index.add_argument("tools", metavar="TOOLS", help="tools file: JSON Lines, JSON list, or MCP tools/list result")
    _add_store_flags(index)
    _add_config_flags(index)
    _add_profiles_flag(index)
    index.add_argument("--no-progress", action="store_true", help="no progress bar")
    _add_every_warning(index)
    index.add_argument(
        "--rebuild",
        action="store_true",
        help="drop the collection and embed every tool again (an unreadable store directory is moved aside)",
    )
    index.add_argument(
        "--allow-shrink",
        action="store_true",
        help="write an empty registry, or one that removes more than half of the stored tools (refused otherwise)",
    )


def _add_every_warning(parser: Any) -> None:
    """``--verbose`` of ``index``, ``eval`` and ``fit``: the files' warnings on every run, not once for the files."""
    parser.add_argument(
        "--verbose",
        dest="every_warning",
        action="store_true",
        help="say each warning about the tools and profiles files on every run (otherwise once for the same files, "
        "by this command or another)",
    )


def _add_select(sub: Any) -> None:
    """``select``: the tools for one request."""
    select = sub.add_parser(
        "select",
        help="select tools for one request",
        epilog="Prints the selected tools' names, one a line. A selection of no tools prints no name and says "
        "its verdict and why on stderr (no_tool_needed: no tools: ...); --json carries them as status and detail.",
    )
    select.add_argument(
        "query",
        metavar="QUERY",
        nargs="?",
        help="the user's request, in quotes; '-' reads it from standard input (a message longer than "
        "the shell takes as an argument)",
    )
    select.loose_words = 'a request of several words goes in quotes, as one argument: toolfilter select "book a car"'
    select.add_argument("--file", metavar="FILE", help="read the request from a UTF-8 text file instead of QUERY")
    select.add_argument("--tools", metavar="FILE", help="tools file (indexed in memory unless --store is given)")
    _add_store_flags(select)
    _add_config_flags(select)
    _add_max_tools(select)
    _add_profiles_flag(select)
    select.add_argument("--explain", action="store_true", help="show every candidate's per-signal scores")
    select.add_argument(
        "--verbose",
        action="store_true",
        help="with --tools: say each warning about the tools and profiles files in full, on every run "
        "(otherwise the first three in one short line each and a count of the rest, said once for the same files); "
        "say the config's warnings on every run (otherwise once for the same config and flags)",
    )
    select.add_argument("--json", action="store_true", help="print the selection as one JSON object")
    select.add_argument("--read-only", action="store_true", help="policy: only tools annotated readOnlyHint")
    select.add_argument(
        "--block-tag", metavar="T", action="append", default=[], help="policy: never tools tagged T (repeatable)"
    )


def _add_eval(sub: Any) -> None:
    """``eval``: selection on labelled queries."""
    ev = sub.add_parser("eval", help="evaluate selection on labelled queries")
    ev.add_argument("--tools", metavar="FILE", help="tools file (or use --store / --chroma-host)")
    ev.add_argument("--queries", metavar="FILE", help=QUERIES_HELP)
    ev.add_argument("--log", metavar="FILE", help="call log (JSON Lines: query, tool): each row a query, gold its tool")
    _add_conversation_flags(ev)
    _add_store_flags(ev)
    _add_config_flags(ev)
    _add_max_tools(ev)
    _add_profiles_flag(ev)
    ev.add_argument("--limit", metavar="N", type=int, help="only the first N queries")
    ev.add_argument("--lenient", action="store_true", help="strip __vN suffixes from names before comparing")
    ev.add_argument("--misses", action="store_true", help="also list the queries that were missed")
    _add_every_warning(ev)
    ev.add_argument("--json", action="store_true", help="print exactly one JSON object")
    ev.add_argument(
        "--report",
        metavar="FILE",
        help="also write a report: FILE.html (tables and plots, one file; needs the report extra) or FILE.md",
    )
    ev.add_argument(
        "--report-top-k",
        metavar="K,K,...",
        help="the top_k values of the report's recall-against-tools-sent curve (default 1,2,3,5,8,10)",
    )


def _add_conversation_flags(ev: argparse.ArgumentParser) -> None:
    """``eval --conversations``: conversations replayed as an agent loop (docs/conversations.md)."""
    ev.add_argument(
        "--conversations",
        metavar="FILE",
        help="JSON Lines conversations (OpenAI messages, gold and kind on each user message): a selection "
        "before every model call",
    )
    ev.add_argument(
        "--replay",
        choices=("conversation", "window"),
        default="conversation",
        help="with --conversations: conversation, the conversation policy (default); window: one request per "
        "call, sticky tools",
    )
    ev.add_argument(
        "--cache",
        choices=("anthropic", "openai"),
        default="anthropic",
        help="with --conversations: whose prompt-cache prices the input bill uses (default anthropic)",
    )
    ev.add_argument(
        "--cache-write", metavar="X", type=float, help="cache write price, times the input price (default: --cache's)"
    )
    ev.add_argument(
        "--cache-read", metavar="X", type=float, help="cache read price, times the input price (default: --cache's)"
    )


def _add_fit(sub: Any) -> None:
    """``fit``: a config calibrated on labelled queries."""
    fit = sub.add_parser("fit", help="calibrate a config for your tools and embedder on labelled queries")
    fit.add_argument("--tools", metavar="FILE", required=True, help="tools file")
    fit.add_argument("--queries", metavar="FILE", required=True, action="append", help=QUERIES_HELP + "; repeatable")
    _add_profiles_flag(fit)
    fit.add_argument("--split", metavar="S", type=float, default=0.5, help="share to fit on, rest held out (0.5)")
    fit.add_argument("--seed", metavar="N", type=int, default=0, help="seed of the split and the search (0)")
    fit.add_argument(
        "--embedder", metavar="NAME", type=embedder_flag, default="default", help="embedder to fit for (default)"
    )
    fit.add_argument("--budget", metavar="B", type=float, default=0.10, help="largest mean cost_ratio (0.10)")
    fit.add_argument("--max-dangerous", metavar="D", type=float, default=0.0, help="tolerated dangerous share (0)")
    fit.add_argument("-o", "--output", metavar="FILE", required=True, help="where to write the fitted YAML config")
    fit.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    _add_every_warning(fit)
    fit.add_argument(
        "--force", action="store_true", help="write the config even if it serves less than the recommended preset"
    )


def _add_record(sub: Any) -> None:
    """``record``: examples learned from a call log."""
    rec = sub.add_parser("record", help="learn from a call log: each (query, tool) row becomes an example")
    rec.add_argument("--log", metavar="FILE", required=True, help='call log, JSON Lines: {"query": ..., "tool": ...}')
    rec.add_argument("--tools", metavar="FILE", help="tools file to index first (optional)")
    _add_store_flags(rec)
    _add_config_flags(rec)
    rec.add_argument("--max-per-tool", metavar="N", type=int, default=20, help="examples kept per tool (20)")


def _add_config(sub: Any) -> None:
    """``config``: the effective config and the source of each value."""
    conf = sub.add_parser("config", help="print the effective config and where each value comes from")
    conf.add_argument("--config", metavar="FILE", help="YAML or JSON config laid over the recommended preset")
    conf.add_argument(
        "--set",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        dest="set_fields",
        help="set one field, value in YAML (top_k=3, weights.bm25=0, base=plain); repeatable",
    )
    conf.add_argument(
        "--embedder", metavar="NAME", type=embedder_flag, help="embedder name (brings its shipped thresholds)"
    )
    conf.add_argument("--top-k", metavar="N", type=int, help=TOP_K_HELP)
    conf.add_argument("--json", action="store_true", help='print {"base", "config", "sources"} as one JSON object')
