"""``toolfilter select``, ``eval`` and ``record``: commands over an opened ToolFilter."""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._common import UsageError, check_output, config_of, json_visible, max_tools_of, open_filter
from ._setup import report_setup
from ._size_line import size_line

if TYPE_CHECKING:
    from toolfilter_core._evaluate import LabelledQuery
    from toolfilter_core._types import ToolSpec

__all__ = ["cmd_eval", "cmd_record", "cmd_select"]


def cmd_select(args: argparse.Namespace) -> int:
    from toolfilter_core._exceptions import QueryError
    from toolfilter_core._policy import Policy, read_only_unmarked

    query = _request(args)
    if not query.strip():  # the library gives it no tools; on the command line it is a slip
        msg = "query: is empty; give the request as text"
        if args.file is not None:
            msg = f"request file {args.file!r}: holds no text; write the request in it, or give it as QUERY"
        elif args.query == "-":
            msg = "standard input: holds no text; pipe the request in (toolfilter select - --store DIR < message.txt)"
        raise QueryError(msg)
    tf = open_filter(args, tools_path=args.tools)
    policy = None
    if args.read_only or args.block_tag:
        policy = Policy(read_only=args.read_only, block_tags=frozenset(args.block_tag))
    unmarked = read_only_unmarked(tf.tools) if args.read_only else None
    if unmarked:  # said once, before the selection that would only say no tool fits
        print(f"warning: --read-only: {unmarked}", file=sys.stderr)
    selection = tf.select(query, policy=policy, max_tools=max_tools_of(args))
    if args.json:
        print(json_visible(json.dumps(selection.to_dict(), ensure_ascii=False)))
        return 0
    profiled = any(t.profile is not None and t.profile.requests for t in tf.tools)
    why = size_line(selection, tf.config, detail_shown=args.explain, profiled=profiled)  # why widened, or past top_k
    if args.explain:
        print(selection.explain(limit=10))  # control characters made visible by _plain
        if why:
            print(f"  {why}")
        return 0
    for name in selection.names:
        print(name)
    if why:
        print(why, file=sys.stderr)  # standard output stays the names alone, for scripts
    return 0


STDIN_CHARS = 10_000_000
"""At most this many bytes of standard input are read (``MAX_QUERY_CHARS`` refuses longer requests)."""


def _request(args: argparse.Namespace) -> str:
    """The request: QUERY, standard input for ``-``, or the text of ``--file``."""
    from toolfilter_core._files import read_file_text

    if args.file is not None and args.query is not None:
        raise UsageError(f"give the request once: QUERY {args.query[:40]!r} or --file {args.file!r}, not both")
    if args.file is not None:
        return read_file_text(args.file, "request file", UsageError).rstrip("\r\n")  # the file's last line end
    if args.query is None:
        raise UsageError("give the request: QUERY, '-' to read it from standard input, or --file FILE")
    if args.query == "-":
        return _stdin_text().rstrip("\r\n")  # the line end ``echo`` adds is no part of the request
    return str(args.query)


def _stdin_text() -> str:
    """Standard input as text, refused as a file would be when it is binary or not UTF-8."""
    from toolfilter_core._files import FileProblem, decode_text

    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # replaced by a text stream (a test, an embedding program)
        data = sys.stdin.read(STDIN_CHARS + 1).encode("utf-8", "surrogateescape")
    else:
        data = stream.read(STDIN_CHARS + 1)
    try:
        return decode_text(data, cut=len(data) > STDIN_CHARS)
    except FileProblem as problem:
        raise UsageError(f"standard input: {problem.where()}{problem.message}") from None


def cmd_eval(args: argparse.Namespace) -> int:
    from toolfilter_core._evaluate import blank_requests, evaluate, read_queries, unknown_gold
    from toolfilter_core._hints import says_destructive

    if args.limit is not None and args.limit < 1:
        raise UsageError(f"--limit: got {args.limit}; allowed: a positive integer")
    check_output(args.report, "--report")  # before the evaluation runs, not after
    if args.conversations:
        from ._conversations import cmd_eval_conversations

        return int(cmd_eval_conversations(args))
    if not args.queries and not args.log:
        raise UsageError("give --queries FILE, --log FILE, or both (or --conversations FILE)")
    if args.report_top_k is not None and not args.report:
        raise UsageError("--report-top-k sets the curve of the report: give --report FILE with it")
    sweep_ks = _top_ks(args.report_top_k or "1,2,3,5,8,10") if args.report else ()
    if args.report:
        from toolfilter_core._report.eval_report import report_format

        report_format(args.report)  # a wrong suffix fails before the evaluation runs
    queries = read_queries(args.queries, limit=args.limit) if args.queries else []
    tf = open_filter(args, tools_path=args.tools)
    if args.log:
        from toolfilter_core._learning import log_queries, read_call_log

        queries += log_queries(read_call_log(args.log, tools={t.name for t in tf.tools}))
        queries = queries[: args.limit] if args.limit else queries
    problem = unknown_gold((t.name for t in tf.tools), queries, lenient=args.lenient)
    if problem:
        raise UsageError(problem)
    for where in blank_requests(queries):
        said = "the request is empty: it has no text, so no tool is selected for it"
        print(f"toolfilter eval: warning: {where}: {said}", file=sys.stderr)
    _warn_echoes(tf.tools, queries)
    tf.select("warm up")
    harmful = [t.name for t in tf.tools if says_destructive(t)]
    cap = max_tools_of(args)
    result = evaluate(functools.partial(tf.select, max_tools=cap), queries, lenient=args.lenient, destructive=harmful)
    if args.report:
        _write_report(args, tf, queries, result, sweep_ks, harmful)
    if args.json:
        print(json.dumps(result.to_dict(with_misses=args.misses), ensure_ascii=False))
        return 0
    print(f"{'metric':<22} value")
    for key, value in result.to_dict().items():
        if key in result.breakdown or key == "errors":  # the errors are said below, one line each
            continue
        shown = value if not isinstance(value, dict) else ", ".join(f"{k} {v}" for k, v in value.items())
        print(f"{key:<22} {shown}")
    _print_breakdown(result.breakdown)
    _print_errors_and_misses(result, misses=args.misses)
    return 0


def _warn_echoes(tools: Sequence[ToolSpec], queries: Sequence[LabelledQuery]) -> None:
    """Say the requests that repeat a text the index holds for a tool: their figures are not held out."""
    from toolfilter_core._echoes import echoed_requests
    from toolfilter_core._files import one_line

    echoes = echoed_requests(tools, queries)
    if echoes:
        first = echoes[0]
        shown = f"{first.query.id} {one_line(first.query.query, 50)!r} ~ {first.tool}'s {one_line(first.text, 50)!r}"
        verb = "repeats" if len(echoes) == 1 else "repeat"
        print(
            f"toolfilter eval: warning: {len(echoes)} of {len(queries)} requests {verb}, but for a word, a profile"
            f" request or trigger the index holds ({shown}): the figures on them are not held out",
            file=sys.stderr,
        )


def _print_errors_and_misses(result: Any, *, misses: bool) -> None:
    """The requests left out (where each was read, its start), and the misses if asked."""
    from toolfilter_core._miss_why import miss_fields

    for error in result.errors:
        where = f"{error['where']}, " if error.get("where") else ""
        print(f"error on {error['id']} ({where}{error['query']!r}): {error['error']} (left out of the figures)")
    if misses:
        print("\nmisses:")
        for miss in result.misses:
            key, request, gold, sent, why = miss_fields(miss)
            print(f"  {key}: {request!r} gold: {gold}; sent: {sent}")
            print(f"      why: {why}")
        _print_wrong_destroyers(result.wrong_destroyers)
        _print_wrong_destroyers(result.destroyers_on_reads, "destructive tools sent to reads (requests that need none)")


def _print_wrong_destroyers(
    found: Any, title: str = "wrong destroyers (destroy requests sent a destructive tool their gold does not hold)"
) -> None:
    """``eval --misses``: the requests sent a destructive tool their gold does not hold."""
    from toolfilter_core._miss_why import miss_fields

    if found:
        print(f"\n{title}:")
    for miss in found:
        key, request, gold, sent, _ = miss_fields(miss)
        print(f"  {key}: {request!r} gold: {gold}; sent: {sent}; wrong: {', '.join(miss['wrong'])}")


def cmd_record(args: argparse.Namespace) -> int:
    from toolfilter_core._learning import UsageMemory

    if not args.store and not args.chroma_host:
        raise UsageError("record needs --store DIR or --chroma-host H: the examples are kept in the store")
    if not 1 <= args.max_per_tool <= 1000:
        raise UsageError(f"--max-per-tool: got {args.max_per_tool}; allowed: an integer from 1 to 1000")
    if args.store and Path(args.store).exists():
        from toolfilter_core.index.chroma import hold_directory

        # a writer: hold the directory before opening it, so that two record runs take turns (as index does)
        with hold_directory(args.store, config_of(args).store.timeout_s):
            tf = open_filter(args, tools_path=args.tools)
            r = UsageMemory(tf.index, max_per_tool=args.max_per_tool).import_log(args.log)
    else:
        tf = open_filter(args, tools_path=args.tools)
        r = UsageMemory(tf.index, max_per_tool=args.max_per_tool).import_log(args.log)
    print(
        f"recorded {r.rows} calls for {r.tools} tools into {tf.index.store.describe()}: {r.added} new examples, "
        f"{r.refreshed} refreshed, {r.evicted} evicted (at most {args.max_per_tool} per tool); "
        f"{r.examples} examples in the store"
    )
    return 0


def _top_ks(text: str) -> tuple[int, ...]:
    try:
        ks = tuple(sorted({int(k) for k in text.split(",") if k.strip()}))
    except ValueError:
        ks = ()
    if not ks or not all(1 <= k <= 128 for k in ks):
        raise UsageError(f"--report-top-k {text!r}: expected integers from 1 to 128 separated by commas, such as 1,3,5")
    return ks


def _write_report(args: argparse.Namespace, tf: Any, queries: Any, result: Any, ks: Any, harmful: Any) -> None:
    """The report: the figures, and recall against tools sent for each top_k of ``ks``."""
    from toolfilter_core._evaluate import evaluate
    from toolfilter_core._report.eval_report import eval_report

    sweep = []
    for k in ks:

        def select(query: str, k: int = k) -> Any:
            return tf.select(query, top_k=k, max_tools=max_tools_of(args))

        point = evaluate(select, queries, lenient=args.lenient, destructive=harmful)
        figures = {"recall": point.recall, "mean_selected": point.mean_selected}
        sweep.append(
            {"top_k": k, **figures, "dangerous_misselect": point.dangerous_misselect, "widened": point.fallback_rate}
            | {"max_tools": max_tools_of(args), "tools": len(tf.tools)}
        )
    source = Path(args.queries or args.log)
    title = f"toolfilter eval: {source.name}"  # the set-up table names the file as given
    try:
        written = eval_report(args.report, result, sweep, title=title, setup=report_setup(args, tf))
    except ImportError as error:
        raise UsageError(str(error)) from None
    print(f"wrote {written}", file=sys.stderr)


def _print_breakdown(breakdown: Mapping[str, Any]) -> None:
    """The per-language and per-kind figures, the wrong tools sent most, the domains' shares."""
    for axis in ("by_lang", "by_kind"):
        for label, figures in (breakdown.get(axis) or {}).items():
            shown = ", ".join(f"{k} {v}" for k, v in figures.items())
            print(f"{axis[3:] + ' ' + label:<22} {shown}")
    wrong = breakdown.get("wrong_sent_most") or []
    if wrong:
        print(f"{'wrong tools sent most':<22} " + ", ".join(f"{w['tool']} ({w['queries']})" for w in wrong))
    share = breakdown.get("domain_share") or {}
    if share:
        print(f"{'domain share of sent':<22} " + ", ".join(f"{d} {v:.0%}" for d, v in list(share.items())[:10]))
