"""``toolfilter doctor``: what crowds, what no request reaches, which definitions to fix; rewrites offline."""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from typing import Any

from ._common import UsageError, check_output, config_of, embedder_flag

__all__ = ["add_doctor_parser", "cmd_doctor"]


def add_doctor_parser(sub: Any) -> None:
    """The ``doctor`` command (``sub``: the subparsers)."""
    doctor = sub.add_parser("doctor", help="find crowded, unreachable and thin tools in a registry (docs/doctor.md)")
    doctor.add_argument("tools", metavar="TOOLS", help="tools file: JSON Lines, JSON list, or MCP tools/list result")
    doctor.add_argument("--profiles", metavar="FILE", help="tool profiles: their requests are the users' voice")
    doctor.add_argument("--json", action="store_true", help="print the report as one JSON object")
    doctor.add_argument("--html", metavar="FILE", help="also write the report as one HTML page with the crowding map")
    doctor.add_argument("--config", metavar="FILE", help="selection config (default: the recommended preset)")
    doctor.add_argument("--embedder", metavar="NAME", type=embedder_flag, help="embedder (default: the config's)")
    doctor.add_argument("--top-k", metavar="N", type=int, help="the k of 'never in the top k' (default: the config's)")
    doctor.add_argument(
        "--users-language",
        metavar="LANGS",
        help="the languages your users write: en, zh or en,zh (default: read from the profiles, "
        "else guessed from most descriptions)",
    )
    doctor.add_argument(
        "--limit", metavar="N", type=int, default=5, help="findings shown per kind (default 5; --json: all)"
    )
    doctor.add_argument("--export-rewrites", metavar="FILE", help="write rewrite prompts for the flagged tools")
    doctor.add_argument("--batch", metavar="FILE", help="with --export-rewrites: also an OpenAI Batch API input file")
    doctor.add_argument(
        "--model", default="MODEL", help="model name in the Batch API file (default: MODEL, a placeholder to replace)"
    )
    doctor.add_argument("--import-rewrites", metavar="ANSWERS", help="a model's answers to the rewrite prompts")
    doctor.add_argument("--rewrite-prompts", metavar="FILE", help="with --import-rewrites: the prompts file exported")
    doctor.add_argument("--rewritten", metavar="FILE", help="with --import-rewrites: write the rewritten tools here")


def _check(args: argparse.Namespace) -> None:
    if args.import_rewrites and not args.rewrite_prompts:
        raise UsageError("--import-rewrites needs --rewrite-prompts FILE (the file --export-rewrites wrote)")
    if (args.rewrite_prompts or args.rewritten) and not args.import_rewrites:
        raise UsageError("--rewrite-prompts and --rewritten go with --import-rewrites ANSWERS")
    if args.users_language is not None:
        from toolfilter_core._doctor.definitions import checked_languages

        checked_languages(args.users_language, "--users-language")
    if args.batch and not args.export_rewrites:
        raise UsageError("--batch goes with --export-rewrites FILE")
    if not 1 <= args.limit <= 10_000:
        raise UsageError(f"--limit: got {args.limit}; allowed: an integer from 1 to 10000")
    for flag, path in (("--html", args.html), ("--export-rewrites", args.export_rewrites), ("--batch", args.batch)):
        check_output(path, flag)
    check_output(args.rewritten, "--rewritten")
    if args.html:
        from pathlib import Path

        suffix = Path(args.html).suffix.lower()
        if suffix not in (".html", ".htm"):  # the flag the user gave, not the eval's --report
            raise UsageError(f"--html {args.html!r}: suffix {suffix or '(none)'!r} not allowed; allowed: .html, .htm")


def cmd_doctor(args: argparse.Namespace) -> int:
    """Run the doctor; export rewrite prompts or import their answers when asked."""
    from toolfilter_core._doctor import diagnose
    from toolfilter_core._embed_cache import CachingEmbedder
    from toolfilter_core._embedders import get_embedder
    from toolfilter_core._exceptions import ToolSpecWarning
    from toolfilter_core._tool_defs import read_tools_file
    from toolfilter_core._tool_profiles.sidecar import as_profiles, attach_profiles, check_profiles_match

    _check(args)
    config = config_of(args)
    with warnings.catch_warnings():  # names providers reject, a missing description: the report's own findings
        warnings.simplefilter("ignore", ToolSpecWarning)
        tools = read_tools_file(args.tools)
    profiles = as_profiles(args.profiles)
    if profiles is not None:  # another registry's file is refused, not diagnosed as if there were none
        check_profiles_match(profiles, [t.name for t in tools])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolSpecWarning)  # the doctor reports names and profiles itself
        tools = attach_profiles(tools, profiles, warn_unknown=False)
    if not tools:  # as index refuses it: no tool to check is no finding either
        raise UsageError(f"{args.tools!r} holds no tools: nothing to check")
    embedder = CachingEmbedder(get_embedder(config.embedder))
    report = diagnose(tools, embedder=embedder, config=config, top_k=args.top_k, users_language=args.users_language)
    extra: dict[str, Any] = {}
    if args.export_rewrites:
        extra["rewrite_prompts"] = _export(args, report, tools)
    effect = None
    if args.import_rewrites:
        effect = _import(args, tools, embedder, config)
        extra["rewrites"] = effect
    if args.html:
        from toolfilter_core._report.doctor_page import doctor_html

        try:
            doctor_html(args.html, report, effect=effect)
        except ImportError as error:
            raise UsageError(str(error)) from None
    if args.json:
        print(json.dumps({**report.to_dict(), **extra}, ensure_ascii=False))
        return 0
    print(report.text(limit=args.limit))
    if args.html:
        print(f"\nwrote {args.html}")
    return 0


def _export(args: argparse.Namespace, report: Any, tools: Any) -> dict[str, Any]:
    from toolfilter_core._doctor.rewrites import rewrite_prompts
    from toolfilter_core._tool_profiles.exchange import export_prompts

    prompts = rewrite_prompts(report, tools)
    export_prompts(prompts, args.export_rewrites, batch=args.batch, model=args.model)
    targets = sum(len(p.targets) for p in prompts)
    line = f"wrote {len(prompts)} rewrite prompts for {targets} flagged tools to {args.export_rewrites}"
    print(line + (f" and the Batch API file {args.batch}" if args.batch else ""), file=sys.stderr)
    return {"file": args.export_rewrites, "prompts": len(prompts), "tools": targets}


def _import(args: argparse.Namespace, tools: Any, embedder: Any, config: Any) -> dict[str, Any]:
    from toolfilter_core._doctor.effect import rewrite_effect, summary
    from toolfilter_core._doctor.rewrites import apply_rewrites, import_rewrites, read_rewrite_prompts
    from toolfilter_core._tool_profiles.exchange import read_answers

    result = import_rewrites(read_rewrite_prompts(args.rewrite_prompts), read_answers(args.import_rewrites))
    for problem in result.problems:
        print(f"toolfilter doctor: {problem}", file=sys.stderr)
    rewritten, stale = apply_rewrites(tools, result.rewrites)
    if stale:
        print(
            f"toolfilter doctor: rewrites for another version of their tool, left out: {', '.join(stale)}",
            file=sys.stderr,
        )
    if args.rewritten:
        with open(args.rewritten, "w", encoding="utf-8") as out:
            for tool in rewritten:
                row = tool.to_dict()
                row.pop("profile", None)
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
    effect = rewrite_effect(tools, rewritten, embedder=embedder, config=config)
    effect["missing"] = sorted(set(result.missing))
    effect["proposals"] = [r.to_dict() for r in result.rewrites.values()]
    print(f"toolfilter doctor: {len(result.rewrites)} rewrites read; {summary(effect)}", file=sys.stderr)
    return effect
