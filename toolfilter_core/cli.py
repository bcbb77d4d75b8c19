"""The ``toolfilter`` command line: demo, index, select, eval.

A stable contract: scripts depend on the commands, flags and the JSON keys they print.
User mistakes print one clear line to stderr and exit with status 2; nothing prints a
Python traceback for them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

__all__ = ["main"]

EXIT_USAGE = 2

DEMO_QUERIES = [
    "帮我约个会，明天下午三点",
    "这台服务器的硬盘快满了吗？",
    "把这张截图里的文字识别出来",
    "Which files did I change but not commit yet?",
    "ping the team by email that the deploy is done",
    "用一句话解释一下什么是量子纠缠",
]


def _add_store_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--store", metavar="DIR", help="embedded Chroma store directory")
    parser.add_argument("--chroma-host", metavar="H", help="Chroma server host (chroma run)")
    parser.add_argument("--chroma-port", metavar="P", type=int, default=8000, help="Chroma server port (default 8000)")
    parser.add_argument("--collection", metavar="NAME", help="Chroma collection (default from the config: toolfilter)")


def _add_config_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="FILE", help="YAML or JSON config; default: the recommended profile")
    parser.add_argument("--embedder", metavar="NAME", help="embedder name or model path (overrides the config)")
    parser.add_argument("--top-k", metavar="N", type=int, help="select at most N tools (1-128)")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = argparse.ArgumentParser(
        prog="toolfilter", description="Pick the few tools an LLM agent needs for a request."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    demo = sub.add_parser("demo", help="index the bundled 48-tool kit and show selections")
    demo.add_argument(
        "--store", metavar="DIR", default=".toolfilter/demo", help="store directory (default .toolfilter/demo)"
    )
    demo.add_argument("--embedder", metavar="NAME", help="embedder (default: the recommended one)")
    demo.add_argument("queries", nargs="*", help="your own requests instead of the built-in ones")

    index = sub.add_parser("index", help="index a tools file into a store")
    index.add_argument("tools", metavar="TOOLS", help="tools file: JSON Lines, JSON list, or MCP tools/list result")
    _add_store_flags(index)
    _add_config_flags(index)
    index.add_argument("--no-progress", action="store_true", help="no progress bar")

    select = sub.add_parser("select", help="select tools for one request")
    select.add_argument("query", metavar="QUERY")
    select.add_argument("--tools", metavar="FILE", help="tools file (indexed in memory unless --store is given)")
    _add_store_flags(select)
    _add_config_flags(select)
    select.add_argument("--explain", action="store_true", help="show every candidate's per-signal scores")
    select.add_argument("--json", action="store_true", help="print the selection as one JSON object")

    ev = sub.add_parser("eval", help="evaluate selection on labelled queries")
    ev.add_argument("--tools", metavar="FILE", required=True)
    ev.add_argument("--queries", metavar="FILE", required=True, help="JSON Lines: id, query, gold, lang")
    _add_store_flags(ev)
    _add_config_flags(ev)
    ev.add_argument("--limit", metavar="N", type=int, help="only the first N queries")
    ev.add_argument("--lenient", action="store_true", help="strip __vN suffixes from names before comparing")
    ev.add_argument("--misses", action="store_true", help="also list the queries that were missed")
    ev.add_argument("--json", action="store_true", help="print exactly one JSON object")
    return parser


class UsageError(Exception):
    """A mistake in the command line itself."""


def _config(args: argparse.Namespace) -> Any:
    from toolfilter_core import load_config

    config = load_config(args.config)
    overrides: dict[str, Any] = {}
    if getattr(args, "top_k", None) is not None:
        overrides["top_k"] = args.top_k
    if getattr(args, "embedder", None):
        overrides["embedder"] = args.embedder
    return config.merged(overrides) if overrides else config


def _filter(args: argparse.Namespace, *, tools_path: str | None, progress: bool = False) -> Any:
    from toolfilter_core import ToolFilter, read_tools_file
    from toolfilter_core.index.chroma import connect

    config = _config(args)
    tools = read_tools_file(tools_path) if tools_path else []
    client = None
    host = getattr(args, "chroma_host", None)
    store = getattr(args, "store", None)
    if host and store:
        raise UsageError("give either --store or --chroma-host, not both")
    if host:
        client = connect(host=host, port=args.chroma_port, timeout_s=config.store.timeout_s)
    if not tools and not store and not host:
        raise UsageError("give --tools FILE, --store DIR or --chroma-host H")
    collection = getattr(args, "collection", None)
    if not tools:
        return ToolFilter.open(store=store, client=client, collection=collection, config=config)
    return ToolFilter(tools, config=config, store=store, client=client, collection=collection, progress=progress)


def _cmd_demo(args: argparse.Namespace) -> int:
    from toolfilter_core import ToolFilter, load_bundled_tools, recommended_config

    config = recommended_config(**({"embedder": args.embedder} if args.embedder else {}))
    print(f"toolfilter demo: the bundled 48-tool kit, embedder {config.embedder!r}, store {args.store}")
    tf = ToolFilter(load_bundled_tools(), config=config, store=args.store, progress=True)
    report = tf.last_report
    print(
        f"indexed {len(tf.tools)} tools: {report.added} added, {report.updated} updated, "
        f"{report.unchanged} unchanged, {report.texts_embedded} texts embedded "
        f"(run it again: nothing is re-embedded)\n"
    )
    tf.select("warm up")
    for query in args.queries or DEMO_QUERIES:
        print(tf.select(query).explain(limit=2))
        print()
    return 0


def _cmd_index(args: argparse.Namespace) -> int:
    if not args.store and not args.chroma_host:
        raise UsageError("index needs --store DIR or --chroma-host H")
    tf = _filter(args, tools_path=args.tools, progress=not args.no_progress)
    r = tf.last_report
    print(
        f"indexed {len(tf.tools)} tools into {tf.index.store.describe()}: {r.added} added, "
        f"{r.updated} updated, {r.removed} removed, {r.unchanged} unchanged, "
        f"{r.texts_embedded} texts embedded{' (rebuilt for a new embedder)' if r.rebuilt else ''}"
    )
    return 0


def _cmd_select(args: argparse.Namespace) -> int:
    tf = _filter(args, tools_path=args.tools)
    selection = tf.select(args.query)
    if args.json:
        print(json.dumps(selection.to_dict(), ensure_ascii=False))
    elif args.explain:
        print(selection.explain(limit=10))
    else:
        for name in selection.names:
            print(name)
    return 0


def _cmd_eval(args: argparse.Namespace) -> int:
    from toolfilter_core._evaluate import evaluate, read_queries

    if args.limit is not None and args.limit < 1:
        raise UsageError(f"--limit: got {args.limit}; allowed: a positive integer")
    queries = read_queries(args.queries, limit=args.limit)
    tf = _filter(args, tools_path=args.tools)
    tf.select("warm up")
    result = evaluate(tf.select, queries, lenient=args.lenient)
    if args.json:
        print(json.dumps(result.to_dict(with_misses=args.misses), ensure_ascii=False))
        return 0
    print(f"{'metric':<22} value")
    for key, value in result.to_dict().items():
        shown = value if not isinstance(value, dict) else ", ".join(f"{k} {v}" for k, v in value.items())
        print(f"{key:<22} {shown}")
    if args.misses:
        print("\nmisses:")
        for miss in result.misses:
            print(f"  {miss['id']}: {miss['query']!r} gold={miss['gold']} selected={miss['selected']}")
    return 0


COMMANDS = {"demo": _cmd_demo, "index": _cmd_index, "select": _cmd_select, "eval": _cmd_eval}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    parser = build_parser()
    args = parser.parse_args(argv)
    from toolfilter_core import ToolFilterError

    try:
        return COMMANDS[args.command](args)
    except (ToolFilterError, UsageError) as error:
        print(f"toolfilter {args.command}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
