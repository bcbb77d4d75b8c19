"""``toolfilter fit`` and ``toolfilter config``: calibrating a config, and showing the one in effect."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ._common import UsageError, resolve_flags

__all__ = ["cmd_config", "cmd_fit"]


def cmd_fit(args: argparse.Namespace) -> int:
    from pathlib import Path

    from toolfilter_core._evaluate import read_queries
    from toolfilter_core._fit import fit_config
    from toolfilter_core._tool_defs import read_tools_file

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
        profiles=args.profiles,
    )
    if result.worse_than_default and not args.force:
        print(result.summary())
        print(
            f"not written: the fitted config serves {result.to_dict()['heldout_served']:.3f} of its held-out "
            f"split against the shipped preset's {result.to_dict()['default_heldout_served']:.3f}; keep the "
            "preset, give more labelled queries, or pass --force to write it anyway",
            file=sys.stderr,
        )
        return 1
    try:
        text = result.to_yaml(
            tools_source=args.tools, queries_source=" + ".join(args.queries), profiles_source=args.profiles or ""
        )
        output.write_text(text, "utf-8")
    except OSError as error:
        raise UsageError(f"-o: cannot write {args.output!r}: {error.strerror or error}") from None
    if args.json:
        print(json.dumps({**result.to_dict(), "output": args.output}, ensure_ascii=False))
    else:
        print(result.summary())
        print(f"wrote {args.output} (fitted in {result.seconds:.1f} s, {result.configs_evaluated:,} configs tried)")
    return 0


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple) and len(text) > 60:
        return f"[{len(value)} items: {json.dumps(value[0], ensure_ascii=False)}, ...]"
    return text


def cmd_config(args: argparse.Namespace) -> int:
    resolved = resolve_flags(args)
    if args.json:
        config = resolved.config.model_dump(mode="json")
        print(json.dumps({"base": resolved.base, "config": config, "sources": resolved.sources}, ensure_ascii=False))
        return 0
    print(f"# the effective toolfilter config (base: {resolved.base}); after each value, where it comes from:")
    print("#   default: ToolFilterConfig's default; preset: the recommended preset, presets/recommended.yaml;")
    print("#   preset (NAME): presets/per_embedder.yaml; file PATH: --config; --set, --embedder, --top-k: flags")
    rows = resolved.rows()
    width = max(len(f"{key}: {_shown(value)}") for key, value, _ in rows)
    for key, value, source in rows:
        print(f"{key}: {_shown(value)}".ljust(width + 2) + f"# {source}")
    return 0
