"""The size of the house (issue #19): lines, modules, public names and settings of the three packages.

    python benchmarks/house_counts.py            # this checkout
    python benchmarks/house_counts.py --at REV   # a git revision, read from a temporary worktree

Lines are every line of every ``.py`` file of a package (blank and docstring lines too);
code lines leave out blank lines, comments and string statements (docstrings, attribute
docstrings); modules are those files; public names are the package's ``__all__``; settings are the leaf
fields of ``ToolFilterConfig`` (``weights.*`` and ``store.*`` counted one by one).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

PACKAGES = ("toolfilter_core", "langchain_toolfilter", "llamaindex_toolfilter")
_PROBE = """
import ast, importlib, json, sys
from pathlib import Path
root = Path(sys.argv[1])
def code_lines(text):
    prose = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            prose.update(range(node.lineno, node.end_lineno + 1))
    lines = text.splitlines()
    kept = [line.strip() for i, line in enumerate(lines, 1) if i not in prose]
    return sum(1 for line in kept if line and not line.startswith("#"))
out = {}
for name in sys.argv[2:]:
    files = sorted((root / name).rglob("*.py"))
    out[name] = {
        "lines": sum(len(f.read_text(encoding="utf-8").splitlines()) for f in files),
        "code_lines": sum(code_lines(f.read_text(encoding="utf-8")) for f in files),
        "modules": len(files),
        "public_names": len(importlib.import_module(name).__all__),
    }
from toolfilter_core import ToolFilterConfig
def leaves(model):
    n = 0
    for field in model.model_fields.values():
        nested = getattr(field.annotation, "model_fields", None)
        n += leaves(field.annotation) if nested else 1
    return n
out["settings"] = leaves(ToolFilterConfig)
print(json.dumps(out))
"""


def counts(root: Path) -> dict[str, object]:
    """The counts of the checkout at ``root``, read by a fresh interpreter importing from it."""
    env = {"PYTHONPATH": str(root), "HF_HUB_OFFLINE": "1", "PATH": "/usr/bin:/bin"}
    run = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", _PROBE, str(root), *PACKAGES],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=root,
    )
    return json.loads(run.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--at", help="a git revision (default: this checkout)")
    args = parser.parse_args()
    repo = Path(__file__).resolve().parents[1]
    if args.at is None:
        print(json.dumps(counts(repo), indent=1))
        return
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["git", "-C", str(repo), "worktree", "add", "-q", "--detach", tmp, args.at], check=True)
        try:
            print(json.dumps(counts(Path(tmp)), indent=1))
        finally:
            subprocess.run(["git", "-C", str(repo), "worktree", "remove", "--force", tmp], check=True)


if __name__ == "__main__":
    main()
