"""The public surface of llamaindex_toolfilter, and its missing-extra error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import llamaindex_toolfilter

from .public_surface import names_outside_all

ROOT = Path(__file__).resolve().parents[2]

EXPECTED_ALL = [
    "LLMWriter",
    "LlamaIndexEmbedder",
    "ToolFilterRetriever",
    "ToolSelectionEvent",
    "load_mcp_tools",
    "mcp_function_tool",
    "tool_to_spec",
]


def test_all_is_exactly_the_expected_names_sorted() -> None:
    assert EXPECTED_ALL == sorted(EXPECTED_ALL)
    assert llamaindex_toolfilter.__all__ == EXPECTED_ALL
    for name in EXPECTED_ALL:
        assert getattr(llamaindex_toolfilter, name).__module__.startswith("llamaindex_toolfilter._")


def test_no_public_name_lives_outside_all() -> None:
    # e.g. `llama_index` from the check that it is installed
    assert names_outside_all(llamaindex_toolfilter) == []


def test_private_modules_declare_all() -> None:
    package = Path(llamaindex_toolfilter.__file__).parent
    for module in sorted(package.glob("_*.py")):
        if module.name == "__init__.py":
            continue
        imported = __import__(f"llamaindex_toolfilter.{module.stem}", fromlist=["__all__"])
        assert isinstance(imported.__all__, list), module.name


def test_typed_marker() -> None:
    assert (Path(llamaindex_toolfilter.__file__).parent / "py.typed").is_file()


BLOCKED = """
import sys
sys.modules["llama_index"] = None  # as if llama-index-core were not installed
import toolfilter_core  # the core needs no framework
try:
    import llamaindex_toolfilter
except ImportError as error:
    print(type(error).__name__, error)
else:
    print("imported")
"""


def test_without_llama_index_the_import_error_names_the_extra() -> None:
    done = subprocess.run(
        [sys.executable, "-c", BLOCKED], capture_output=True, text=True, cwd=ROOT, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ImportError")
    assert "pip install '.[llamaindex]' in toolfilter's clone" in done.stdout


def test_dir_lists_the_public_names_only() -> None:
    assert dir(llamaindex_toolfilter) == EXPECTED_ALL
