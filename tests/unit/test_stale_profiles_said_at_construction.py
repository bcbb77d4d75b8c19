"""A profile written for older parameters is said when the filter or the middleware is built with its tools, once.

A property manager's ``maintenance_request_status`` took ``request_id`` when its profile was
written and ``ticket_id`` now. The LangChain middleware given its tools (no store) built their
index on the first model call, and said it there; it says it at the line that built it now,
and the first model call says nothing more. ``ToolFilter``, the middleware with a store and the
LlamaIndex retriever build the index when built, and say it there.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.messages import HumanMessage
from langchain_core.tools import StructuredTool, tool
from llama_index.core.tools import FunctionTool

from langchain_toolfilter import ToolFilterMiddleware
from llamaindex_toolfilter import ToolFilterRetriever
from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolProfile, ToolSpec, ToolSpecWarning

from .langchain_kit import RecordingChatModel

DESCRIPTION = "Get the status of a maintenance request: open, assigned, scheduled visit time, done."
WRITTEN_FOR = ToolSpec(
    "maintenance_request_status", DESCRIPTION, {"type": "object", "properties": {"request_id": {"type": "string"}}}
)
NOW = ToolSpec(
    "maintenance_request_status", DESCRIPTION, {"type": "object", "properties": {"ticket_id": {"type": "string"}}}
)
PROFILE = ToolProfile(
    ("MR-2230 修好了吗", "what's the status of MR-6620?", "is MR-3150 done?"),
    tool_hash=WRITTEN_FOR.definition_hash(),
    params_hash=WRITTEN_FOR.params_hash(),
    parameters=("request_id",),
    writer="a model",
)
RENAMED = "maintenance_request_status (request_id → ticket_id)"


@tool
def maintenance_request_status(ticket_id: str) -> str:
    """Get the status of a maintenance request: open, assigned, scheduled visit time, done."""
    return "scheduled"


def said(make: Callable[[], object]) -> list[warnings.WarningMessage]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        make()
    return [w for w in caught if issubclass(w.category, ToolSpecWarning) and RENAMED in str(w.message)]


def _line() -> int:
    frame = inspect.currentframe()
    assert frame is not None and frame.f_back is not None
    return frame.f_back.f_lineno


def test_the_middleware_says_it_at_the_line_that_built_it_and_the_first_model_call_says_nothing(
    tmp_path: Path,
) -> None:
    path = Profiles({NOW.name: PROFILE}).write(tmp_path / "profiles.jsonl")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        line = _line() + 1
        middleware = ToolFilterMiddleware(tools=[maintenance_request_status], profiles=path, embedder=HashingEmbedder())
    [warning] = [w for w in caught if RENAMED in str(w.message)]
    assert warning.category is ToolSpecWarning
    assert (Path(warning.filename).name, warning.lineno) == (Path(__file__).name, line)
    assert str(warning.message).startswith("toolfilter: 1 tool(s) with parameters renamed since its profile")

    model = RecordingChatModel(messages=iter(["ok"]))
    agent = create_agent(model, tools=[maintenance_request_status], middleware=[middleware])
    assert said(lambda: agent.invoke({"messages": [HumanMessage("is MR-3150 done?")]})) == []
    assert model.seen == [["maintenance_request_status"]]


def test_the_middleware_with_a_writer_says_nothing_at_construction() -> None:
    def writer(messages: object) -> str:  # would write the renamed tool's profile again
        raise AssertionError("not called at construction")

    profiles = Profiles({NOW.name: PROFILE})
    assert (
        said(
            lambda: ToolFilterMiddleware(
                tools=[maintenance_request_status], profiles=profiles, profile_writer=writer, embedder=HashingEmbedder()
            )
        )
        == []
    )


def test_the_filter_says_it_at_construction() -> None:
    profiles = Profiles({NOW.name: PROFILE})
    [warning] = said(lambda: ToolFilter([NOW], profiles=profiles, embedder=HashingEmbedder()))
    assert Path(warning.filename).name == Path(__file__).name


def test_a_middleware_with_a_store_says_it_once_at_construction(tmp_path: Path) -> None:
    profiles = Profiles({NOW.name: PROFILE})
    store = str(tmp_path / "store")
    [warning] = said(
        lambda: ToolFilterMiddleware(
            tools=[maintenance_request_status], profiles=profiles, embedder=HashingEmbedder(), store=store
        )
    )
    assert Path(warning.filename).name == Path(__file__).name


def test_the_llamaindex_retriever_says_it_at_construction() -> None:
    def status(ticket_id: str) -> str:
        return "scheduled"

    retriever_tool = FunctionTool.from_defaults(fn=status, name=NOW.name, description=DESCRIPTION)
    profiles = Profiles({NOW.name: PROFILE})
    [warning] = said(
        lambda: ToolFilterRetriever.from_tools([retriever_tool], profiles=profiles, embedder=HashingEmbedder())
    )
    assert Path(warning.filename).name == Path(__file__).name


@tool
def maintenance_request_cancel(ticket_id: str) -> str:
    """Withdraw a maintenance request the tenant no longer needs."""
    return "withdrawn"


def test_a_model_call_with_some_of_the_tools_says_none_of_them_again() -> None:
    # Failed on 397f633: built with two renamed tools it said "2 tool(s) ...", and a model call
    # with one of them said "1 tool(s) ..." again (what was said was matched by the whole text).
    cancel = ToolSpec(
        maintenance_request_cancel.name,
        str(maintenance_request_cancel.description),
        {"type": "object", "properties": {"request_id": {"type": "string"}}},
    )
    old = ToolProfile(
        ("withdraw MR-2230", "cancel my request MR-6620", "MR-3150 is not needed any more"),
        tool_hash=cancel.definition_hash(),
        params_hash=cancel.params_hash(),
        parameters=("request_id",),
        writer="a model",
    )
    profiles = Profiles({NOW.name: PROFILE, cancel.name: old})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        both = [maintenance_request_status, maintenance_request_cancel]
        middleware = ToolFilterMiddleware(tools=both, profiles=profiles, embedder=HashingEmbedder())
    [warning] = [w for w in caught if issubclass(w.category, ToolSpecWarning) and "renamed" in str(w.message)]
    assert str(warning.message).startswith("toolfilter: 2 tool(s) with parameters renamed")
    for tools in ([maintenance_request_status, maintenance_request_cancel], [maintenance_request_status]):
        model = RecordingChatModel(messages=iter(["ok"]))
        agent = create_agent(model, tools=tools, middleware=[middleware])
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            agent.invoke({"messages": [HumanMessage("is MR-3150 done?")]})
        assert [str(w.message) for w in caught if issubclass(w.category, ToolSpecWarning)] == []


class CountedTool(StructuredTool):
    """A tool that counts how often it is described: LangChain reads ``tool_call_schema`` to describe it."""

    described: int = 0

    @property
    def tool_call_schema(self) -> Any:
        self.described += 1
        return super().tool_call_schema


def _counted() -> CountedTool:
    def maintenance_request_status(ticket_id: str) -> str:
        """Get the status of a maintenance request: open, assigned, scheduled visit time, done."""
        return "scheduled"

    return CountedTool.from_function(maintenance_request_status)


def _first_call(profiles: Profiles | None, store: Path | None) -> tuple[int, list[list[str]], list[str]]:
    """How often the tool was described, what the model was given and what was warned: made, then one request."""
    counted = _counted()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        middleware = ToolFilterMiddleware(tools=[counted], profiles=profiles, embedder=HashingEmbedder(), store=store)
        model = RecordingChatModel(messages=iter(["ok"]))
        agent = create_agent(model, tools=[counted], middleware=[middleware])
        agent.invoke({"messages": [HumanMessage("is MR-3150 done?")]})
    return counted.described, model.seen, [str(w.message) for w in caught if issubclass(w.category, ToolSpecWarning)]


@pytest.mark.parametrize("stored", [False, True])
def test_the_middleware_given_profiles_describes_its_tools_once(stored: bool, tmp_path: Path) -> None:
    # Failed on fb957fc: construction described the tools to say the stale profiles, and the
    # index (built on the first model call, or at construction with a store) described them again.
    plain, seen_plain, said_plain = _first_call(None, tmp_path / "plain" if stored else None)
    profiled, seen, said = _first_call(Profiles({NOW.name: PROFILE}), tmp_path / "profiled" if stored else None)
    assert profiled == plain  # the stale check costs no description of its own
    assert seen == seen_plain == [["maintenance_request_status"]] and said_plain == []
    [warning] = said
    assert warning.startswith("toolfilter: 1 tool(s) with parameters renamed since its profile")


def test_the_middleware_given_profiles_builds_its_selector_by_from_tools(monkeypatch: pytest.MonkeyPatch) -> None:
    # Failed on 11c4109: over the tools described at construction, the middleware repeated from_tools's build.
    from langchain_toolfilter import ToolFilterSelector

    given: list[object] = []
    real = ToolFilterSelector.from_tools.__func__  # type: ignore[attr-defined]

    def counting(cls: type[ToolFilterSelector], tools: Any, *args: Any, **kwargs: Any) -> Any:
        given.append(kwargs.get("described"))
        return real(cls, tools, *args, **kwargs)

    monkeypatch.setattr(ToolFilterSelector, "from_tools", classmethod(counting))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ToolSpecWarning)
        tools = [maintenance_request_status]
        middleware = ToolFilterMiddleware(
            tools=tools, profiles=Profiles({NOW.name: PROFILE}), embedder=HashingEmbedder()
        )
        model = RecordingChatModel(messages=iter(["ok"]))
        create_agent(model, tools=tools, middleware=[middleware]).invoke(
            {"messages": [HumanMessage("is MR-3150 done?")]}
        )
    [described] = given
    assert isinstance(described, list) and [s.name for s in described] == [NOW.name]
    assert model.seen == [["maintenance_request_status"]]


def test_from_tools_takes_the_tools_described_and_refuses_a_count_that_differs() -> None:
    from langchain_toolfilter import ToolFilterSelector
    from toolfilter_core import ToolSpecError

    tools = [maintenance_request_status]
    selector = ToolFilterSelector.from_tools(tools, described=[NOW], embedder=HashingEmbedder())
    assert [s.name for s in selector.tool_filter.tools] == [NOW.name]
    with pytest.raises(ToolSpecError, match="2 described tools for 1 tools"):
        ToolFilterSelector.from_tools(tools, described=[NOW, WRITTEN_FOR], embedder=HashingEmbedder())


def test_from_tools_refuses_described_tools_named_other_than_their_tools() -> None:
    """A described tool of another name was taken: the first ``invoke`` served no tool, with a warning only."""
    from langchain_toolfilter import ToolFilterSelector
    from toolfilter_core import ToolSpecError, load_tools

    [other] = load_tools([{"name": "work_order_close", "description": "Close a work order once it is done."}])
    with pytest.raises(ToolSpecError, match=r"described\[0\] is 'work_order_close' but tools\[0\] is "):
        ToolFilterSelector.from_tools([maintenance_request_status], described=[other], embedder=HashingEmbedder())
