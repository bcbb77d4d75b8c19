"""What each extra adds to a venv on disk: the distributions it pulls beyond the core, and their size.

    python benchmarks/extra_sizes.py report          # the report extra (README's set-up table)
    python benchmarks/extra_sizes.py report e5 bench # several; "" is the core alone

Run with the project's venv, where every extra is installed. An extra's requirements are
followed through the installed distributions' metadata (markers evaluated for this Python);
a distribution the core already pulls is not counted again. Sizes are the files each
installed distribution lists (its RECORD, the compiled ``.pyc`` files with it), as ``du``
counts them (allocated blocks). Prints per extra the distributions it adds, the MB they take,
and the core's own MB, so a fresh venv's size is the core's venv plus the extra's MB.
"""

from __future__ import annotations

import argparse
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
MB = 1024 * 1024


def extra_requirements(extra: str) -> list[Requirement]:
    """The project's requirements for ``extra`` ("" for the core), from pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    given = project["dependencies"] if not extra else project["optional-dependencies"][extra]
    return [Requirement(r) for r in given]


def closure(requirements: list[Requirement]) -> set[str]:
    """Every installed distribution the requirements pull, by canonical name."""
    seen: set[str] = set()
    todo = [(r, "") for r in requirements]
    while todo:
        req, extra = todo.pop()
        if req.marker is not None and not req.marker.evaluate({"extra": extra}):
            continue
        name = canonicalize_name(req.name)
        if name == "toolfilter":  # an extra naming others (all)
            for each in sorted(req.extras):
                todo.extend((r, "") for r in extra_requirements(each))
            continue
        key = name + "[" + ",".join(sorted(req.extras)) + "]"
        if key in seen:
            continue
        seen.add(key)
        for text in metadata.requires(req.name) or []:
            todo.extend((Requirement(text), e) for e in ("", *sorted(req.extras)))
    return {k.split("[")[0] for k in seen}


def size_of(name: str) -> int:
    """Bytes ``du`` counts for the files an installed distribution lists."""
    total = 0
    for file in metadata.distribution(name).files or []:
        path = Path(str(file.locate()))
        if path.is_file():
            total += path.stat().st_blocks * 512
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("extras", nargs="+", help="extras of pyproject.toml; '' for the core")
    args = parser.parse_args()
    core = closure(extra_requirements(""))
    print(f"core: {len(core)} distributions, {sum(map(size_of, core)) / MB:,.0f} MB")
    for extra in args.extras:
        added = sorted(closure(extra_requirements(extra)) - core) if extra else []
        sizes = {name: size_of(name) for name in added}
        shown = ", ".join(f"{n} {s / MB:.1f}" for n, s in sorted(sizes.items(), key=lambda x: -x[1]))
        print(f"{extra or '(core)'}: adds {len(added)} distributions, {sum(sizes.values()) / MB:,.0f} MB ({shown})")


if __name__ == "__main__":
    main()
