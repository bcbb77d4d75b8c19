"""How many tools the doctor's ``unread_destroyer`` names, and with which words.

    python benchmarks/doctor_unread_destroyers.py --out benchmarks/results/doctor_unread_destroyers.txt

A tool not read as destructive (``says_destructive``), without a ``destructiveHint`` and not read-only, whose
description says a destroying act past its opening (``destroying_said``: "deletes the gate code", "stops billing")
is named. Per dev registry (the kit and every ``dev_*``) and business registry (``tests/integration/data``): its
tools, those annotated ``destructiveHint: false`` (never named), how many of those say such words all the same
(``said_false``), and the tools named with their words; ``--extra``
adds a folder's ``tools.jsonl``. Dev data only: no held-out registry is read.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's library, whichever one is installed

from toolfilter_core import read_tools_file  # noqa: E402
from toolfilter_core._doctor.unread_destroyers import unread_destroyers  # noqa: E402
from toolfilter_core._hints import destroying_said  # noqa: E402

DATA = ROOT / "benchmarks" / "data"


def registries(extra: list[str]) -> list[tuple[str, Path]]:
    """The dev registries, the business ones and any ``--extra`` folder, by name."""
    dev = [DATA / "toolkit48", *sorted(p for p in DATA.glob("dev_*") if p.is_dir())]
    users = sorted(p for p in (ROOT / "tests" / "integration" / "data").iterdir() if p.is_dir())
    found = [(p.name, p / "tools.jsonl") for p in [*dev, *users, *map(Path, extra)]]
    return [(name, path) for name, path in found if path.is_file()]


def measure(regs: list[tuple[str, Path]]) -> list[str]:
    """One line per registry, then each tool named with its words."""
    lines = [f"{'registry':28} {'tools':>5} {'hint_false':>10} {'said_false':>10} {'named':>5}"]
    named: list[str] = []
    total = 0
    for name, path in regs:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tools = read_tools_file(path)
        found = unread_destroyers(tools)
        said = dict(found[0].evidence["said"]) if found else {}
        hinted = [t for t in tools if t.annotations.get("destructiveHint") is False]
        quiet = sum(bool(destroying_said(t)) for t in hinted)  # words of a destroying act, the hint says no
        lines.append(f"{name:28} {len(tools):5} {len(hinted):10} {quiet:10} {len(said):5}")
        named += [f"  {name}: {tool}: {', '.join(words)}" for tool, words in said.items()]
        total += len(said)
    return [*lines, f"named in all: {total}", "", "Tools named (their words):", *named]


def main() -> None:
    """Print (and with ``--out`` write) the counts and the tools named."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--extra", action="append", default=[], help="a folder with a tools.jsonl")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    text = "\n".join(measure(registries(args.extra))) + "\n"
    print(text, end="")
    if args.out:
        args.out.write_text(text, "utf-8")


if __name__ == "__main__":
    main()
