"""A misspelled keyword to a public constructor names the argument meant.

Each row failed on 75fb673: Python's bare ``unexpected keyword argument``, or the LlamaIndex
retriever suggesting ``similarity_threshold`` for ``similarity_topk``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

import langchain_toolfilter
import llamaindex_toolfilter
import toolfilter_core
from langchain_toolfilter import ToolFilterMiddleware, ToolFilterSelector
from llamaindex_toolfilter import ToolFilterRetriever
from toolfilter_core import ConfigError, HashingEmbedder, ToolFilter, ToolSpec

from .llamaindex_kit import make_tools

SPECS = [ToolSpec("read_file", "Read the contents of a text file.")]

# Public classes a user does not build (the library returns them), enums, and pydantic models
# (pydantic names the extra field itself); every other public class is checked below.
NOT_BUILT_BY_USERS = {
    "DoctorReport", "EvalResult", "FitResult", "ImportReport", "IndexReport", "LearnReport", "McpOrigin",
    "Note", "NoteKind", "PresetFit", "ProfilePrompt", "Reason", "ScoreBreakdown", "ScoredTool", "Selection",
    "Status", "StoreConfig", "ToolFilterConfig", "Weights", "ToolIndex", "WriteReport", "ToolSelectionEvent",
    "McpRegistry", "ToolFilterSelector",
}  # fmt: skip


def test_a_config_field_given_to_the_filter_points_at_config() -> None:
    with pytest.raises(TypeError, match=r"'top_kk' \(did you mean config=\{'top_k': \.\.\.\}\?"):
        ToolFilter(SPECS, embedder=HashingEmbedder(), top_kk=3)  # type: ignore[call-arg]


def test_a_near_miss_of_an_own_argument_names_it() -> None:
    with pytest.raises(TypeError, match=r"'embeder' \(did you mean 'embedder'\?\)"):
        ToolFilter(SPECS, embeder=HashingEmbedder())  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"open\(\): unexpected keyword argument 'stor' \(did you mean 'store'"):
        ToolFilter.open(stor="x")  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("build", "meant"),
    [
        (lambda: ToolFilterRetriever.from_objects(make_tools(), similarity_topk=3), "similarity_top_k"),
        (lambda: ToolFilterRetriever.from_tools(make_tools(), similarity_top_k=3), "top_k"),
        (lambda: ToolFilterRetriever.from_tools(make_tools(), storee="x"), "store"),
        (lambda: ToolFilterRetriever.from_store(make_tools(), node_postprocesors=[]), "node_postprocessors"),
        (lambda: ToolFilterSelector.from_tools(SPECS, imput_key="q"), "input_key"),
        (lambda: ToolFilterSelector.from_store(store="x", sticky_turn=2), "sticky_turns"),
        (lambda: ToolFilterMiddleware(deferal="anthropic"), "deferral"),
    ],
)
def test_an_adapter_names_its_own_argument_or_the_field_meant(build: Callable[[], Any], meant: str) -> None:
    with pytest.raises(ConfigError, match=rf"unknown argument '\w+' \(did you mean '{meant}'\?\)"):
        build()


@pytest.mark.parametrize("typed", ["similarity_topk", "Top_K", "k"])
def test_another_librarys_name_for_top_k_misspelt_or_not_names_top_k(typed: str) -> None:
    # similarity_topk was said to mean similarity_threshold: the closest spelling, not the same name
    with pytest.raises(ConfigError, match=rf"unknown argument '{typed}' \(did you mean 'top_k'\?\)"):
        ToolFilterRetriever.from_tools(make_tools(), **{typed: 3})
    with pytest.raises(ConfigError, match=rf"unknown argument '{typed}' \(did you mean 'top_k'\?\)"):
        ToolFilterMiddleware(**{typed: 3})


def test_an_own_argument_written_without_its_underscore_is_named() -> None:
    # maxtools is another library's name for top_k too: the adapter's own max_tools comes first
    with pytest.raises(ConfigError, match=r"unknown argument 'maxtools' \(did you mean 'max_tools'\?\)"):
        ToolFilterMiddleware(maxtools=3)


@pytest.mark.parametrize("typed", ["top_k", "similarity_topk", "k"])
def test_the_runnable_given_a_config_field_says_where_it_goes(typed: str) -> None:
    tools = [{"type": "function", "function": {"name": "read_file", "description": "Read a text file."}}]
    shared = ToolFilterSelector.from_tools(tools, embedder=HashingEmbedder())
    said = (
        rf"unknown field '{typed}' \('top_k' is a config field of the ToolFilter: "
        r"ToolFilterSelector.from_tools\(tools, top_k=...\) sets it; max_tools=N caps"
    )
    with pytest.raises(ConfigError, match=said):
        ToolFilterSelector(tool_filter=shared.tool_filter, tools=tools, **{typed: 3})


def test_the_runnable_given_an_unknown_argument_names_no_config_field_it_only_resembles() -> None:
    # callbacks is spelt close to fallback_domains: a close spelling is no config field meant
    tools = [{"type": "function", "function": {"name": "read_file", "description": "Read a text file."}}]
    shared = ToolFilterSelector.from_tools(tools, embedder=HashingEmbedder())
    with pytest.raises(ConfigError, match=r"unknown field 'callbacks'; allowed: ") as raised:
        ToolFilterSelector(tool_filter=shared.tool_filter, callbacks=[])
    assert "config field" not in str(raised.value)
    with pytest.raises(ConfigError, match=r"unknown field 'Top-K' \('top_k' is a config field of the ToolFilter"):
        ToolFilterSelector(tool_filter=shared.tool_filter, **{"Top-K": 3})


def _own(cls: type) -> list[str]:
    """The keywords a class's constructor takes by name."""
    kinds = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    params = inspect.signature(cls.__init__).parameters.values()  # type: ignore[misc]
    return [p.name for p in params if p.kind in kinds and p.name != "self"]


def _public_classes() -> list[tuple[str, type]]:
    found = []
    for package in (toolfilter_core, langchain_toolfilter, llamaindex_toolfilter):
        for name in package.__all__:
            value = getattr(package, name)
            if not inspect.isclass(value) or issubclass(value, BaseException) or name in NOT_BUILT_BY_USERS:
                continue
            if _own(value):  # protocols (Embedder, ProfileWriter) take nothing
                found.append((f"{package.__name__}.{name}", value))
    return found


@pytest.mark.parametrize(("name", "cls"), _public_classes(), ids=[n for n, _ in _public_classes()])
def test_every_public_constructor_names_a_misspelled_keyword(name: str, cls: type) -> None:
    own = _own(cls)
    typo = own[-1] + "s" if not own[-1].endswith("s") else own[-1][:-1]
    with pytest.raises((TypeError, ConfigError), match=rf"'{typo}' \(did you mean '{own[-1]}'\?\)"):
        cls(**{typo: None})
