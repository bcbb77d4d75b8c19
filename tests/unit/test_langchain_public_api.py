"""The public surface of langchain_toolfilter, and the error when the extra is missing."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import langchain_toolfilter

from .public_surface import names_outside_all

EXPECTED_ALL = [
    "ChatModelWriter",
    "FIND_TOOLS_NAME",
    "SELECTION_EVENT",
    "ToolFilterMiddleware",
    "ToolFilterRetriever",
    "ToolFilterSelector",
    "load_mcp_tools",
    "mcp_tool",
]

ROOT = Path(__file__).resolve().parents[2]


def test_all_is_exactly_the_expected_names_sorted() -> None:
    assert EXPECTED_ALL == sorted(EXPECTED_ALL)
    assert langchain_toolfilter.__all__ == EXPECTED_ALL


def test_no_public_name_lives_outside_all() -> None:
    # e.g. `Any`, `TYPE_CHECKING`, or `langchain_core` from the check that it is installed
    assert names_outside_all(langchain_toolfilter) == []


def test_every_name_in_all_resolves() -> None:
    for name in EXPECTED_ALL:
        assert getattr(langchain_toolfilter, name) is not None
    assert langchain_toolfilter.SELECTION_EVENT == "toolfilter_selection"
    assert langchain_toolfilter.FIND_TOOLS_NAME == "find_tools"


def _run_blocked(blocked: str, body: str) -> subprocess.CompletedProcess[str]:
    script = textwrap.dedent(
        f"""
        import sys

        class Block:
            def find_spec(self, name, path=None, target=None):
                if name == {blocked!r} or name.startswith({blocked!r} + "."):
                    raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
                return None

        sys.meta_path.insert(0, Block())
        """
    )
    return subprocess.run(
        [sys.executable, "-c", script + textwrap.dedent(body)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_missing_langchain_core_names_the_extra() -> None:
    result = _run_blocked(
        "langchain_core",
        """
        try:
            import langchain_toolfilter
        except ImportError as error:
            print("ImportError:", error)
        """,
    )
    assert "ImportError:" in result.stdout, result.stderr
    assert "pip install '.[langchain]' in toolfilter's clone" in result.stdout


def test_missing_langchain_keeps_the_selector_and_names_the_extra_for_the_middleware() -> None:
    result = _run_blocked(
        "langchain",
        """
        import langchain_toolfilter
        print("selector:", langchain_toolfilter.ToolFilterSelector.__name__)
        try:
            langchain_toolfilter.ToolFilterMiddleware
        except ImportError as error:
            print("ImportError:", error)
        """,
    )
    assert "selector: ToolFilterSelector" in result.stdout, result.stderr
    assert "ToolFilterMiddleware needs the 'langchain' package" in result.stdout
    assert "pip install '.[langchain]' in toolfilter's clone" in result.stdout


def test_the_core_imports_without_langchain() -> None:
    result = _run_blocked(
        "langchain_core",
        """
        import toolfilter_core
        print("core ok", "langchain_core" in __import__("sys").modules)
        """,
    )
    assert "core ok False" in result.stdout, result.stderr


def test_dir_lists_the_public_names_only() -> None:
    # ToolFilterMiddleware is imported on first use, yet listed; no typing helpers or
    # framework modules leak into the package's names.
    assert dir(langchain_toolfilter) == EXPECTED_ALL
