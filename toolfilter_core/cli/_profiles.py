"""``toolfilter profiles export|import``: the offline path of the profile writer."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ._common import UsageError, config_of

__all__ = ["add_profiles_parser", "cmd_profiles"]


def add_profiles_parser(sub: Any) -> None:
    """The ``profiles`` command and its ``export`` and ``import`` subcommands (``sub``: the subparsers)."""
    profiles = sub.add_parser("profiles", help="tool profiles: prompts out for a model, its answers in")
    actions = profiles.add_subparsers(dest="action", required=True, metavar="ACTION")
    export = actions.add_parser("export", help="write the profile writer's prompts for a registry")
    export.add_argument("tools", help="tools file (JSON Lines, JSON list, or MCP tools/list result)")
    export.add_argument("--out", required=True, metavar="FILE", help="prompts, one JSON object a line")
    export.add_argument("--batch", metavar="FILE", help="also write an OpenAI Batch API input file")
    export.add_argument("--model", default="MODEL", help="model name in the Batch API file (default MODEL)")
    export.add_argument("--profiles", metavar="FILE", help="existing profiles: only tools without a current one")
    export.add_argument("--languages", default="zh,en", help="request languages, ISO codes (default zh,en)")
    export.add_argument("--per-tool", type=int, default=8, metavar="N", help="requests per tool (default 8)")
    export.add_argument("--no-tool", type=int, default=16, metavar="N", help="near-miss requests (default 16; 0 none)")
    export.add_argument("--batch-size", type=int, default=6, metavar="N", help="tools per prompt (default 6)")
    export.add_argument("--config", metavar="FILE", help="config (its embedder finds each tool's neighbours)")
    export.add_argument("--embedder", metavar="NAME", help="embedder that finds neighbours (default the config's)")
    imp = actions.add_parser("import", help="read a model's answers into a profiles file")
    imp.add_argument("--prompts", required=True, metavar="FILE", help="the file profiles export wrote")
    imp.add_argument("--answers", required=True, metavar="FILE", help='{"id", "answer"} lines or Batch API output')
    imp.add_argument("--out", required=True, metavar="FILE", help="profiles file to write (JSON Lines)")
    imp.add_argument("--writer", default="unknown", help="who answered (a model's name), kept with each profile")
    imp.add_argument("--into", metavar="FILE", help="existing profiles file to lay the answers over")


def _languages(text: str) -> tuple[str, ...]:
    codes = tuple(c.strip() for c in text.split(",") if c.strip())
    if not codes or not all(c.isalpha() and 2 <= len(c) <= 8 for c in codes):
        raise UsageError(f"--languages {text!r}: expected ISO codes separated by commas, such as zh,en")
    return codes


def cmd_profiles(args: argparse.Namespace) -> int:
    """Run ``profiles export`` or ``profiles import``."""
    from toolfilter_core._tool_profiles.exchange import export_prompts, import_answers
    from toolfilter_core._tool_profiles.sidecar import read_profiles

    if args.action == "import":
        profiles, report = import_answers(args.prompts, args.answers, writer=args.writer)
        if args.into:
            profiles = read_profiles(args.into).merged(profiles)
        profiles.write(args.out)
        for problem in report.problems:
            print(f"toolfilter profiles import: {problem}", file=sys.stderr)
        print(f"{report.summary()}; wrote {args.out}")
        return 0 if report.answered else 1
    from toolfilter_core._embedders import get_embedder
    from toolfilter_core._tool_defs import read_tools_file
    from toolfilter_core._tool_profiles.prompt import PromptSettings, build_prompts

    for flag, value in (("--per-tool", args.per_tool), ("--batch-size", args.batch_size)):
        if not 1 <= value <= 64:
            raise UsageError(f"{flag} {value}: expected 1-64")
    if not 0 <= args.no_tool <= 256:
        raise UsageError(f"--no-tool {args.no_tool}: expected 0-256")
    tools = read_tools_file(args.tools)
    only = None
    near_misses: tuple[str, ...] = ()
    if args.profiles:
        given = read_profiles(args.profiles)
        current, near_misses = given.tools, given.no_tool
        only = [
            t.name
            for t in tools
            if t.name not in current or (current[t.name].tool_hash not in ("", t.definition_hash()))
        ]
    settings = PromptSettings(
        languages=_languages(args.languages),
        requests_per_tool=args.per_tool,
        no_tool_requests=args.no_tool,
        batch_size=args.batch_size,
    )
    config = config_of(args)
    embedder = get_embedder(args.embedder or config.embedder)
    prompts = build_prompts(tools, embedder, settings, only=only, no_tool=not near_misses)  # a current list stands
    export_prompts(prompts, args.out, batch=args.batch, model=args.model)
    targets = sum(len(p.targets) for p in prompts)
    print(
        f"wrote {len(prompts)} prompts for {targets} tools to {args.out}"
        + (f" and the Batch API file {args.batch}" if args.batch else "")
        + (f" ({len(tools) - targets} tools already have a current profile)" if only is not None else "")
    )
    return 0
