"""The walk of ``ToolFilter.select``: which modules a reader follows, and how often they come back to one.

    python benchmarks/select_walk.py                     # a few requests on the kit (toolkit48, with profiles)
    python benchmarks/select_walk.py --at REV            # the same at a git revision
    python benchmarks/select_walk.py "your request" ...  # these requests

A reader of ``select`` follows each call its body makes (``ToolFilter.select`` and the
``_pipeline`` package's functions), not the calls inside the callee. The walk is the
modules of those calls in order, a module listed once while consecutive calls stay in it.
It counts the distinct modules (the two ``select`` modules included) and the returns: how
often the walk comes back to a module it has already left, the two ``select`` modules left
out (a reader is always coming back to the body being read). The hashing embedder is used:
the walk follows the code, not the scores.
"""

from __future__ import annotations

import argparse
import json
import logging
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

REQUESTS = (
    "send an email to bob about the meeting and then book a flight",
    "hello, how are you today?",
    "",
    "read_file",
)
"""A request of two asks, one needing no tool, an empty one, a tool's exact name."""
_BODIES = {"toolfilter_core/_filter.py": "ToolFilter.select", "toolfilter_core/_pipeline/__init__.py": None}
"""The bodies read: ``ToolFilter.select``, and every function of the ``_pipeline`` package's module."""


def walk(root: Path, request: str) -> dict[str, Any]:
    """The walk of one ``select`` of ``request`` on the kit, with the code under ``root``."""
    sys.path.insert(0, str(root))
    from benchmarks.harness.data import DATA_DIR, discover_datasets, load_dataset
    from toolfilter_core import HashingEmbedder, ToolFilter, recommended_config

    embedder = HashingEmbedder(64)
    tools = load_dataset(discover_datasets(DATA_DIR, None)["toolkit48"]).tools
    config = recommended_config(embedder=embedder.id)
    tf = ToolFilter(tools, config=config, embedder=embedder, profiles=DATA_DIR / "toolkit48" / "profiles.jsonl")
    tf.select(request)  # caches warmed: the walk below is a selection's own
    prefix = str(root) + "/"
    steps: list[str] = ["toolfilter_core/_filter.py"]

    def is_body(code: CodeType) -> bool:
        path = code.co_filename.removeprefix(prefix)
        return path in _BODIES and _BODIES[path] in (None, code.co_qualname)

    def tracer(frame: FrameType, event: str, arg: object) -> None:
        caller = frame.f_back
        if event == "call" and caller is not None and is_body(caller.f_code):
            if frame.f_code.co_filename.startswith(prefix):
                steps.append(frame.f_code.co_filename[len(prefix) :])

    sys.settrace(tracer)  # type: ignore[arg-type]
    try:
        selection = tf.select(request)
    finally:
        sys.settrace(None)
    path = [m for i, m in enumerate(steps) if i == 0 or steps[i - 1] != m]
    seen: set[str] = set()
    returns = 0
    for module in path:
        if module in seen and module not in _BODIES:
            returns += 1
        seen.add(module)
    status = selection.status.value
    return {"request": request, "status": status, "modules": len(seen), "returns": returns, "walk": path}


def _probe(root: Path, requests: list[str]) -> list[dict[str, Any]]:
    """The walks, measured by a fresh interpreter importing the code under ``root``."""
    code = f"import json, sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); import select_walk as w; "
    code += f"print(json.dumps([w.walk(w.Path({str(root)!r}), r) for r in {requests!r}]))"
    run = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True, text=True, check=True)
    return list(json.loads(run.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("requests", nargs="*", help="requests to walk (default: four kinds)")
    parser.add_argument("--at", help="a git revision (default: this checkout)")
    args = parser.parse_args()
    requests = args.requests or list(REQUESTS)
    repo = Path(__file__).resolve().parents[1]
    warnings.simplefilter("ignore")
    logging.disable(logging.WARNING)
    if args.at is None:
        walks = _probe(repo, requests)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(["git", "-C", str(repo), "worktree", "add", "-q", "--detach", tmp, args.at], check=True)
            try:
                walks = _probe(Path(tmp), requests)
            finally:
                subprocess.run(["git", "-C", str(repo), "worktree", "remove", "--force", tmp], check=True)
    for w in walks:
        print(f"{w['modules']:>2} modules, {w['returns']:>2} returns  {w['status']:<15} {w['request'][:60]!r}")
        print("    " + " -> ".join(m.removeprefix("toolfilter_core/") for m in w["walk"]))


if __name__ == "__main__":
    main()
