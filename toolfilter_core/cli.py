"""The ``toolfilter`` command line: demo, index, select, eval, fit, record, config, bench.

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

__all__ = ["main", "store_kwargs"]

EXIT_USAGE = 2

BENCH_NEEDS_CHECKOUT = (
    "the benchmark harness is not part of the installed package; from a source checkout's root, "
    "run python -m benchmarks.harness [flags] (or toolfilter bench there)"
)

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
        help="YAML or JSON config laid over the recommended profile (base: plain in it for the seed's plain mode)",
    )
    parser.add_argument(
        "--set",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        dest="set_fields",
        help="set one field over the config, value in YAML (top_k=3, weights.bm25=0, base=plain); repeatable",
    )
    parser.add_argument("--embedder", metavar="NAME", help="embedder name or model path (overrides the config)")
    parser.add_argument("--top-k", metavar="N", type=int, help="select at most N tools (1-128)")


def build_parser(bench_harness: Any | None = None) -> argparse.ArgumentParser:
    """The argument parser of every subcommand.

    Args:
        bench_harness: The checkout's ``benchmarks.harness`` module, which defines the flags
            of ``bench`` (``main`` finds it); without it ``bench`` takes none.
    """
    from ._version import __version__

    parser = argparse.ArgumentParser(
        prog="toolfilter", description="Pick the few tools an LLM agent needs for a request."
    )
    parser.add_argument("--version", action="version", version=f"toolfilter {__version__}")
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

    select = sub.add_parser("select", help="select tools for one request")
    select.add_argument("query", metavar="QUERY")
    select.add_argument("--tools", metavar="FILE", help="tools file (indexed in memory unless --store is given)")
    _add_store_flags(select)
    _add_config_flags(select)
    select.add_argument("--explain", action="store_true", help="show every candidate's per-signal scores")
    select.add_argument("--json", action="store_true", help="print the selection as one JSON object")
    select.add_argument("--read-only", action="store_true", help="policy: only tools annotated readOnlyHint")
    select.add_argument(
        "--block-tag", metavar="T", action="append", default=[], help="policy: never tools tagged T (repeatable)"
    )

    ev = sub.add_parser("eval", help="evaluate selection on labelled queries")
    ev.add_argument("--tools", metavar="FILE", help="tools file (or use --store / --chroma-host)")
    ev.add_argument("--queries", metavar="FILE", help="JSON Lines: id, query, gold, lang")
    ev.add_argument("--log", metavar="FILE", help="call log (JSON Lines: query, tool): each row a query, gold its tool")
    _add_store_flags(ev)
    _add_config_flags(ev)
    ev.add_argument("--limit", metavar="N", type=int, help="only the first N queries")
    ev.add_argument("--lenient", action="store_true", help="strip __vN suffixes from names before comparing")
    ev.add_argument("--misses", action="store_true", help="also list the queries that were missed")
    ev.add_argument("--json", action="store_true", help="print exactly one JSON object")

    fit = sub.add_parser("fit", help="calibrate a config for your tools and embedder on labelled queries")
    fit.add_argument("--tools", metavar="FILE", required=True, help="tools file")
    fit.add_argument("--queries", metavar="FILE", required=True, action="append", help="labelled queries; repeatable")
    fit.add_argument("--split", metavar="S", type=float, default=0.5, help="share to fit on, rest held out (0.5)")
    fit.add_argument("--seed", metavar="N", type=int, default=0, help="seed of the split and the search (0)")
    fit.add_argument("--embedder", metavar="NAME", default="default", help="embedder to fit for (default)")
    fit.add_argument("--budget", metavar="B", type=float, default=0.10, help="largest mean cost_ratio (0.10)")
    fit.add_argument("--max-dangerous", metavar="D", type=float, default=0.0, help="tolerated dangerous share (0)")
    fit.add_argument("-o", "--output", metavar="FILE", required=True, help="where to write the fitted YAML config")
    fit.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    fit.add_argument("--force", action="store_true", help="write the config even if it serves less than the profile")

    rec = sub.add_parser("record", help="learn from a call log: each (query, tool) row becomes an example")
    rec.add_argument("--log", metavar="FILE", required=True, help='call log, JSON Lines: {"query": ..., "tool": ...}')
    rec.add_argument("--tools", metavar="FILE", help="tools file to index first (optional)")
    _add_store_flags(rec)
    _add_config_flags(rec)
    rec.add_argument("--max-per-tool", metavar="N", type=int, default=20, help="examples kept per tool (20)")

    conf = sub.add_parser("config", help="print the effective config and where each value comes from")
    conf.add_argument("--config", metavar="FILE", help="YAML or JSON config laid over the recommended profile")
    conf.add_argument(
        "--set",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        dest="set_fields",
        help="set one field, value in YAML (top_k=3, weights.bm25=0, base=plain); repeatable",
    )
    conf.add_argument("--embedder", metavar="NAME", help="embedder name (brings its shipped thresholds)")
    conf.add_argument("--top-k", metavar="N", type=int, help="select at most N tools (1-128)")
    conf.add_argument("--json", action="store_true", help='print {"base", "config", "sources"} as one JSON object')

    bench = sub.add_parser("bench", help="compare selectors on labelled datasets (docs/benchmarks.md)")
    if bench_harness is not None:
        bench_harness.add_bench_arguments(bench)
    return parser


class UsageError(Exception):
    """A mistake in the command line itself."""


def _resolved(args: argparse.Namespace) -> Any:
    """The config of the flags, in layers: profile, --config FILE, each --set, --embedder, --top-k."""
    from toolfilter_core._config import ConfigLayer, config_layer, parse_set, resolve_layers

    layers = [config_layer(args.config)] if getattr(args, "config", None) else []
    layers += [ConfigLayer("--set", parse_set(option)) for option in getattr(args, "set_fields", [])]
    if getattr(args, "embedder", None):
        layers.append(ConfigLayer("--embedder", {"embedder": args.embedder}))
    if getattr(args, "top_k", None) is not None:
        layers.append(ConfigLayer("--top-k", {"top_k": args.top_k}))
    return resolve_layers(layers)


def _config(args: argparse.Namespace) -> Any:
    return _resolved(args).config


def _store_settings(args: argparse.Namespace, config: Any) -> Any:
    """``config.store`` with the server flags (credentials, HTTPS) applied."""
    from toolfilter_core import StoreConfig

    updates: dict[str, Any] = {}
    if getattr(args, "chroma_token", None):
        updates["token"] = args.chroma_token
        updates["basic_auth"] = None
    if getattr(args, "chroma_basic_auth", None) and not getattr(args, "chroma_token", None):
        updates["basic_auth"] = args.chroma_basic_auth
        updates["token"] = None
    if getattr(args, "chroma_token_header", None):
        updates["token_header"] = args.chroma_token_header
    if getattr(args, "chroma_ssl", False):
        updates["ssl"] = True
    if not updates:
        return config.store
    try:
        return StoreConfig.model_validate({**dict(config.store), **updates})
    except ValueError as error:
        raise UsageError(f"store flags: {str(error).splitlines()[-1].strip()}") from None


def store_kwargs(args: argparse.Namespace, config: Any) -> dict[str, Any]:
    """``store``, ``client`` and ``collection`` for ToolFilter from the store flags (shared by the commands).

    Raises:
        UsageError: both --store and --chroma-host.
        StoreError: the server does not answer or refuses the credentials (the message names host:port).
    """
    from toolfilter_core.index.chroma import connect

    host = getattr(args, "chroma_host", None)
    store = getattr(args, "store", None)
    if host and store:
        raise UsageError("give either --store or --chroma-host, not both")
    client = None
    if host:
        settings = _store_settings(args, config)
        client = connect(
            host=host,
            port=args.chroma_port,
            timeout_s=settings.timeout_s,
            headers=settings.headers(),
            ssl=settings.ssl,
        )
    return {"store": store, "client": client, "collection": getattr(args, "collection", None)}


def _filter(args: argparse.Namespace, *, tools_path: str | None, progress: bool = False) -> Any:
    from toolfilter_core import ToolFilter, read_tools_file

    config = _config(args)
    tools = read_tools_file(tools_path) if tools_path else []
    if getattr(args, "chroma_host", None) and getattr(args, "store", None):
        raise UsageError("give either --store or --chroma-host, not both")
    if not tools and not getattr(args, "store", None) and not getattr(args, "chroma_host", None):
        raise UsageError("give --tools FILE, --store DIR or --chroma-host H")
    where = store_kwargs(args, config)
    if getattr(args, "rebuild", False):
        from toolfilter_core.index.chroma import clear_store

        collection = where["collection"] or config.store.collection
        done = clear_store(
            path=where["store"], client=where["client"], collection=collection, timeout_s=config.store.timeout_s
        )
        print(f"rebuild: {done}")
    if not tools:
        return ToolFilter.open(config=config, **where)
    return ToolFilter(tools, config=config, progress=progress, **where)


def _cmd_demo(args: argparse.Namespace) -> int:
    from toolfilter_core import ToolFilter, load_bundled_tools, recommended_config

    from ._embedders import DEFAULT_EMBEDDER

    config = recommended_config(**({"embedder": args.embedder} if args.embedder else {}))
    shown = DEFAULT_EMBEDDER if config.embedder == "default" else config.embedder
    print(f"toolfilter demo: the bundled 48-tool kit, embedder {shown!r}, store {args.store}")
    tf = ToolFilter(load_bundled_tools(), config=config, store=args.store, progress=True)
    print(f"indexed {tf.last_report.summary()} (run it again: nothing is re-embedded)\n")
    tf.select("warm up")
    for query in args.queries or DEMO_QUERIES:
        print(tf.select(query).explain(limit=2))
        print()
    return 0


def _cmd_index(args: argparse.Namespace) -> int:
    from pathlib import Path

    from toolfilter_core import get_embedder, read_tools_file

    if not args.store and not args.chroma_host:
        raise UsageError("index needs --store DIR or --chroma-host H")
    if args.store and args.chroma_host:
        raise UsageError("give either --store or --chroma-host, not both")
    # everything that can be refused is refused before the store is touched (or created)
    tools = read_tools_file(args.tools)
    if not tools and args.store and not Path(args.store).exists():
        raise UsageError(f"{args.tools!r} holds no tools and {args.store!r} does not exist: nothing to index")
    if not tools and not args.allow_shrink:
        raise UsageError(
            f"{args.tools!r} holds no tools; indexing it would empty the store. Pass --allow-shrink if that is "
            "what you want"
        )
    config = _config(args)
    embedder = get_embedder(config.embedder)
    if args.store:
        from toolfilter_core.index.chroma import hold_directory

        # a writer: hold the directory before opening it, so that two index runs take turns
        with hold_directory(args.store, config.store.timeout_s):
            report, where = _index_into(args, config, embedder, tools)
    else:
        report, where = _index_into(args, config, embedder, tools)
    print(f"indexed {report.summary(where)}")
    return 0


def _index_into(args: argparse.Namespace, config: Any, embedder: Any, tools: Any) -> tuple[Any, str]:
    """Open the store, check the shrink rule, rebuild if asked, sync: ``(report, store description)``."""
    from toolfilter_core import StoreError
    from toolfilter_core.index._open import open_records
    from toolfilter_core.index._tool_index import ShrinkRefusedError, ToolIndex

    where = store_kwargs(args, config)
    collection = where["collection"] or config.store.collection

    def records() -> Any:
        return open_records(config.store, store=where["store"], client=where["client"], collection=collection)

    on_change = config.store.on_embedder_change
    if args.rebuild:
        from toolfilter_core.index.chroma import clear_store

        if not args.allow_shrink:
            try:  # a rebuild drops the collection: refuse a shrinking registry first, as a sync would
                ToolIndex(records(), embedder).check_shrink(tools)
            except ShrinkRefusedError:
                raise
            except StoreError:  # unreadable (damaged): nothing to compare with, the rebuild moves it aside
                pass
        done = clear_store(
            path=where["store"], client=where["client"], collection=collection, timeout_s=config.store.timeout_s
        )
        print(f"rebuild: {done}")
    store = records()
    report = ToolIndex(store, embedder, on_embedder_change=on_change).sync(
        tools, progress=not args.no_progress, allow_shrink=args.allow_shrink
    )
    return report, store.describe()


def _cmd_select(args: argparse.Namespace) -> int:
    from toolfilter_core import Policy, QueryError

    if not args.query.strip():  # the library gives it no tools; on the command line it is a slip
        msg = "query: is empty; give the request as text"
        raise QueryError(msg)
    tf = _filter(args, tools_path=args.tools)
    policy = None
    if args.read_only or args.block_tag:
        policy = Policy(read_only=args.read_only, block_tags=frozenset(args.block_tag))
    selection = tf.select(args.query, policy=policy)
    if args.json:
        print(json.dumps(selection.to_dict(), ensure_ascii=False))
    elif args.explain:
        print(selection.explain(limit=10))
    else:
        for name in selection.names:
            print(name)
    return 0


def _cmd_eval(args: argparse.Namespace) -> int:
    from toolfilter_core._evaluate import evaluate, read_queries, unknown_gold
    from toolfilter_core._hints import says_destructive

    if args.limit is not None and args.limit < 1:
        raise UsageError(f"--limit: got {args.limit}; allowed: a positive integer")
    if not args.queries and not args.log:
        raise UsageError("give --queries FILE, --log FILE, or both")
    queries = read_queries(args.queries, limit=args.limit) if args.queries else []
    tf = _filter(args, tools_path=args.tools)
    if args.log:
        from toolfilter_core._feedback import log_queries, read_call_log

        queries += log_queries(read_call_log(args.log, tools={t.name for t in tf.tools}))
        queries = queries[: args.limit] if args.limit else queries
    problem = unknown_gold((t.name for t in tf.tools), queries, lenient=args.lenient)
    if problem:
        raise UsageError(problem)
    tf.select("warm up")
    harmful = [t.name for t in tf.tools if says_destructive(t)]
    result = evaluate(tf.select, queries, lenient=args.lenient, destructive=harmful)
    if args.json:
        print(json.dumps(result.to_dict(with_misses=args.misses), ensure_ascii=False))
        return 0
    print(f"{'metric':<22} value")
    for key, value in result.to_dict().items():
        shown = value if not isinstance(value, dict) else ", ".join(f"{k} {v}" for k, v in value.items())
        print(f"{key:<22} {shown}")
    for error in result.errors:
        print(f"error on {error['id']}: {error['error']} (left out of the figures)")
    if args.misses:
        print("\nmisses:")
        for miss in result.misses:
            print(f"  {miss['id']}: {miss['query']!r} gold={miss['gold']} selected={miss['selected']}")
    return 0


def _cmd_fit(args: argparse.Namespace) -> int:
    from pathlib import Path

    from toolfilter_core import read_tools_file
    from toolfilter_core._evaluate import read_queries
    from toolfilter_core._fit import fit_config

    output = Path(args.output)
    if not output.parent.is_dir():
        raise UsageError(f"-o: directory {str(output.parent)!r} does not exist")
    tools = read_tools_file(args.tools)
    queries = [q for path in args.queries for q in read_queries(path)]
    result = fit_config(
        tools,
        queries,
        embedder=args.embedder,
        split=args.split,
        seed=args.seed,
        budget=args.budget,
        max_dangerous=args.max_dangerous,
    )
    if result.worse_than_default and not args.force:
        print(result.summary())
        print(
            f"not written: the fitted config serves {result.to_dict()['heldout_served']:.3f} of its held-out "
            f"split against the shipped profile's {result.to_dict()['default_heldout_served']:.3f}; keep the "
            "profile, give more labelled queries, or pass --force to write it anyway",
            file=sys.stderr,
        )
        return 1
    try:
        output.write_text(result.to_yaml(tools_source=args.tools, queries_source=" + ".join(args.queries)), "utf-8")
    except OSError as error:
        raise UsageError(f"-o: cannot write {args.output!r}: {error.strerror or error}") from None
    if args.json:
        print(json.dumps({**result.to_dict(), "output": args.output}, ensure_ascii=False))
    else:
        print(result.summary())
        print(f"wrote {args.output} (fitted in {result.seconds:.1f} s, {result.configs_evaluated:,} configs tried)")
    return 0


def _cmd_record(args: argparse.Namespace) -> int:
    from toolfilter_core._feedback import UsageMemory

    if not args.store and not args.chroma_host:
        raise UsageError("record needs --store DIR or --chroma-host H: the examples are kept in the store")
    if not 1 <= args.max_per_tool <= 1000:
        raise UsageError(f"--max-per-tool: got {args.max_per_tool}; allowed: an integer from 1 to 1000")
    tf = _filter(args, tools_path=args.tools)
    r = UsageMemory(tf.index, max_per_tool=args.max_per_tool).import_log(args.log)
    print(
        f"recorded {r.rows} calls for {r.tools} tools into {tf.index.store.describe()}: {r.added} new examples, "
        f"{r.refreshed} refreshed, {r.evicted} evicted (at most {args.max_per_tool} per tool); "
        f"{r.examples} examples in the store"
    )
    return 0


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple) and len(text) > 60:
        return f"[{len(value)} items: {json.dumps(value[0], ensure_ascii=False)}, ...]"
    return text


def _cmd_config(args: argparse.Namespace) -> int:
    resolved = _resolved(args)
    if args.json:
        config = resolved.config.model_dump(mode="json")
        print(json.dumps({"base": resolved.base, "config": config, "sources": resolved.sources}, ensure_ascii=False))
        return 0
    print(f"# the effective toolfilter config (base: {resolved.base}); after each value, where it comes from:")
    print("#   default: ToolFilterConfig's default; profile: toolfilter_core/profiles/recommended.yaml;")
    print("#   profile (NAME): profiles/per_embedder.yaml; file PATH: --config; --set, --embedder, --top-k: flags")
    rows = resolved.rows()
    width = max(len(f"{key}: {_shown(value)}") for key, value, _ in rows)
    for key, value, source in rows:
        print(f"{key}: {_shown(value)}".ljust(width + 2) + f"# {source}")
    return 0


def _bench_harness() -> Any | None:
    """The benchmark harness of a source checkout (``benchmarks.harness``), or None without one.

    The harness is not in the wheel. It is importable when the checkout's root is on
    ``sys.path`` (an editable install, ``python -m`` from the root); otherwise it is looked
    for in the current directory, so that ``toolfilter bench`` runs from a checkout's root.
    """
    import importlib
    from pathlib import Path

    def load() -> Any | None:
        try:
            return importlib.import_module("benchmarks.harness")
        except ModuleNotFoundError as error:
            if error.name not in {"benchmarks", "benchmarks.harness"}:
                raise
            return None

    harness = load()
    root = Path.cwd()
    if harness is None and (root / "benchmarks" / "harness" / "__init__.py").is_file():
        sys.path.insert(0, str(root))
        harness = load()
    return harness


def _cmd_bench(args: argparse.Namespace) -> int:
    harness = _bench_harness()
    if harness is None:
        raise UsageError(BENCH_NEEDS_CHECKOUT)
    try:
        return int(harness.run_bench_command(args))
    except harness.BenchUsageError as error:
        raise UsageError(str(error)) from None


COMMANDS = {
    "demo": _cmd_demo,
    "index": _cmd_index,
    "select": _cmd_select,
    "eval": _cmd_eval,
    "bench": _cmd_bench,
    "fit": _cmd_fit,
    "record": _cmd_record,
    "config": _cmd_config,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    harness = None
    if list(sys.argv[1:] if argv is None else argv)[:1] == ["bench"]:
        harness = _bench_harness()
        if harness is None:
            print(f"toolfilter bench: error: {BENCH_NEEDS_CHECKOUT}", file=sys.stderr)
            return EXIT_USAGE
    parser = build_parser(harness)
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
