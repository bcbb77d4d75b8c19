"""The entry point: parse the command line, run the command, turn user mistakes into exit status 2."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from ._bench import BENCH_NEEDS_CHECKOUT, cmd_bench, find_bench_harness
from ._common import UsageError
from ._demo import cmd_demo
from ._doctor import cmd_doctor
from ._index import cmd_index
from ._parser import build_parser
from ._plain import plain_streams
from ._profiles import cmd_profiles
from ._select import cmd_eval, cmd_record, cmd_select
from ._tuning import cmd_config, cmd_fit
from ._warnings import INDEX_COMMANDS, ONCE_COMMANDS, one_line_warnings

__all__ = ["main"]


EXIT_USAGE = 2

COMMANDS = {
    "demo": cmd_demo,
    "index": cmd_index,
    "select": cmd_select,
    "eval": cmd_eval,
    "bench": cmd_bench,
    "fit": cmd_fit,
    "record": cmd_record,
    "config": cmd_config,
    "profiles": cmd_profiles,
    "doctor": cmd_doctor,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (what it prints shows control characters as escapes)."""
    with plain_streams():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    harness = None
    if list(sys.argv[1:] if argv is None else argv)[:1] == ["bench"]:
        harness = find_bench_harness()
        if harness is None:
            print(f"toolfilter bench: error: {BENCH_NEEDS_CHECKOUT}", file=sys.stderr)
            return EXIT_USAGE
    parser = build_parser(harness)
    args = parser.parse_args(argv)
    from toolfilter_core._exceptions import ToolFilterError

    name = " ".join([args.command, *([args.action] if getattr(args, "action", None) else [])])
    try:
        indexes = args.command in INDEX_COMMANDS or bool(getattr(args, "tools", None))  # a tools file: indexed
        files = {"TOOLS": getattr(args, "tools", None) or "", "PROFILES": getattr(args, "profiles", None) or ""}
        once = args.command in ONCE_COMMANDS and not getattr(args, "every_warning", False)
        with one_line_warnings(name, indexes=indexes, files=files, once=once):  # named as its errors are
            return COMMANDS[args.command](args)
    except (ToolFilterError, UsageError) as error:
        print(f"toolfilter {name}: error: {one_line(str(error))}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except OSError as error:  # a file the commands did not check first: one line, never a traceback
        where = f"{error.filename!r}: " if error.filename else ""
        print(f"toolfilter {name}: error: {where}{error.strerror or error}", file=sys.stderr)
        return EXIT_USAGE


def one_line(message: str) -> str:
    """A message of several lines as the one line an error is: its lines joined by ``; `` (after a colon, a space).

    ``invalid toolfilter configuration:`` then one field a line reads
    ``invalid toolfilter configuration: block_tools: ...; top_k: ...``.
    """
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    if len(lines) < 2:
        return " ".join(lines)
    head, rest = lines[0], "; ".join(lines[1:])
    return f"{head} {rest}" if head.endswith(":") else f"{head}; {rest}"
