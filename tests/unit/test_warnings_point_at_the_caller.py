"""A library warning a user meets in Python points at the user's line.

``read_tools_file`` warned from ``toolfilter_core/_tool_defs.py:497`` and a plain-mode
``ToolFilterConfig`` from ``toolfilter_core/_resolve.py:54``: the user could not tell which
of their calls it was about.
"""

from __future__ import annotations

import asyncio
import inspect
import threading
import warnings
from collections.abc import Callable
from pathlib import Path

from toolfilter_core import (
    ConfigWarning,
    HashingEmbedder,
    Profiles,
    ToolFilter,
    ToolFilterConfig,
    ToolProfile,
    ToolSpec,
    ToolSpecWarning,
    load_tools,
    read_tools_file,
)

BAD = '{"name": "booking.get", "description": "Get a booking"}\n{"name": "nodesc"}\n'


def _caught(call: object) -> list[warnings.WarningMessage]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()  # type: ignore[operator]
    return caught


def test_tools_file_warnings_point_at_the_line_that_read_the_file(tmp_path: Path) -> None:
    path = tmp_path / "tools.jsonl"
    path.write_text(BAD, encoding="utf-8")
    caught = _caught(lambda: read_tools_file(path))
    said = [w for w in caught if w.category is ToolSpecWarning]
    assert len(said) == 2 and all(w.filename == __file__ for w in said), [w.filename for w in said]
    caught = _caught(lambda: load_tools([{"name": "flight search", "description": "x"}]))
    assert caught and all(w.filename == __file__ for w in caught)


def test_a_plain_mode_config_object_warns_at_the_line_that_passed_it() -> None:
    caught = _caught(
        lambda: ToolFilter(
            [{"name": "a", "description": "b"}], config=ToolFilterConfig(top_k=3), embedder=HashingEmbedder()
        )
    )
    said = [w for w in caught if w.category is ConfigWarning]
    assert said and all(w.filename == __file__ for w in said), [w.filename for w in said]


def _langchain_agent_run(profiles: object) -> Callable[[], object]:
    """A ``create_agent`` run whose middleware builds its index (and warns) inside the agent's frames."""
    from langchain.agents import create_agent
    from langchain_core.messages import HumanMessage

    from langchain_toolfilter import ToolFilterMiddleware

    from .langchain_kit import READ_INBOX, SEND_MAIL, RecordingChatModel, get_weather, read_file

    mw = ToolFilterMiddleware(embedder=HashingEmbedder(), profiles=profiles)
    agent = create_agent(
        RecordingChatModel(messages=iter(["ok"])),
        tools=[get_weather, SEND_MAIL, READ_INBOX, read_file],
        middleware=[mw],
    )
    return lambda: agent.invoke({"messages": [HumanMessage("what's the weather in Paris?")]})


def test_a_warning_raised_while_a_langchain_agent_runs_points_at_the_line_that_ran_it() -> None:
    """It pointed at langsmith's ``run_helpers.py:798``, the frame that called the middleware."""
    from langchain_core.utils.function_calling import convert_to_openai_tool

    from .langchain_kit import get_weather

    weather = load_tools([convert_to_openai_tool(get_weather)])[0]
    edited = ToolSpec(weather.name, "Get the weather.", weather.parameters)  # the profile's version: another wording
    stale = ToolProfile(
        ("is it raining in Oslo",), tool_hash=edited.definition_hash(), params_hash=edited.params_hash()
    )
    run = _langchain_agent_run(Profiles({weather.name: stale}))
    said = [w for w in _caught(run) if w.category is ToolSpecWarning]
    assert [str(w.message).startswith("toolfilter: 1 tool(s) whose description changed") for w in said] == [True]
    assert said[0].filename == __file__, f"{said[0].filename}:{said[0].lineno}"


def test_with_no_line_of_the_users_on_the_stack_a_warning_names_the_outermost_frame(tmp_path: Path) -> None:
    """A worker thread running the library: the thread's first frame, not ``sys:1`` (a level past the stack)."""
    path = tmp_path / "tools.jsonl"
    path.write_text(BAD, encoding="utf-8")
    worker = threading.Thread(target=read_tools_file, args=(path,))
    caught = _caught(lambda: (worker.start(), worker.join()))
    said = [w for w in caught if w.category is ToolSpecWarning]
    assert said and all(w.filename == threading.__file__ for w in said), [w.filename for w in said]


def test_a_warning_on_the_worker_thread_of_an_async_agent_names_the_line_that_made_the_middleware() -> None:
    """``ainvoke`` builds the index on a worker thread, with no line of the user's on its stack: the
    warning named ``threading.py`` (its thread's first frame); it names the middleware's line."""
    from langchain.agents import create_agent
    from langchain_core.messages import HumanMessage
    from langchain_core.utils.function_calling import convert_to_openai_tool

    from langchain_toolfilter import ToolFilterMiddleware

    from .langchain_kit import READ_INBOX, SEND_MAIL, RecordingChatModel, get_weather, read_file

    weather = load_tools([convert_to_openai_tool(get_weather)])[0]
    edited = ToolSpec(weather.name, "Get the weather.", weather.parameters)  # the profile's version: another wording
    stale = ToolProfile(
        ("is it raining in Oslo",), tool_hash=edited.definition_hash(), params_hash=edited.params_hash()
    )
    frame = inspect.currentframe()
    made = frame.f_lineno + 1 if frame is not None else 0
    mw = ToolFilterMiddleware(embedder=HashingEmbedder(), profiles=Profiles({weather.name: stale}))
    agent = create_agent(
        RecordingChatModel(messages=iter(["ok"])),
        tools=[get_weather, SEND_MAIL, READ_INBOX, read_file],
        middleware=[mw],
    )
    said: list[tuple[str, str, int, str]] = []  # the text, the file and line named, the thread that warned

    def show(message: object, category: type, filename: str, lineno: int, *_: object) -> None:
        if issubclass(category, ToolSpecWarning):
            said.append((str(message), filename, lineno, threading.current_thread().name))

    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = show
        asyncio.run(agent.ainvoke({"messages": [HumanMessage("what's the weather in Paris?")]}))
    [(text, filename, lineno, thread)] = said
    assert text.startswith("toolfilter: 1 tool(s) whose description changed") and thread != "MainThread", said
    assert (filename, lineno) == (__file__, made), said


def test_set_tools_on_a_worker_thread_warns_at_the_line_that_made_the_filter() -> None:
    """No line of the user's on the thread's stack: the warning names the filter's line, not ``threading.py``."""
    frame = inspect.currentframe()
    made = frame.f_lineno + 1 if frame is not None else 0
    tf = ToolFilter([{"name": "a", "description": "b"}], config={"enabled": True}, embedder=HashingEmbedder())
    rows = [{"name": "a", "description": "b"}, {"name": "nodesc"}]
    worker = threading.Thread(target=tf.set_tools, args=(rows,))
    said = [w for w in _caught(lambda: (worker.start(), worker.join())) if w.category is ToolSpecWarning]
    assert said and all((w.filename, w.lineno) == (__file__, made) for w in said), [
        (w.filename, w.lineno) for w in said
    ]


def test_select_and_set_tools_show_their_own_signatures_and_docs() -> None:
    """Run at the filter's line by a decorator, they still show help and the docs what they take."""
    assert inspect.signature(ToolFilter.select).parameters == inspect.signature(ToolFilter.aselect).parameters
    assert list(inspect.signature(ToolFilter.set_tools).parameters)[:2] == ["self", "tools"]
    assert [ToolFilter.select.__qualname__, ToolFilter.set_tools.__qualname__] == [
        "ToolFilter.select",
        "ToolFilter.set_tools",
    ]
    assert (ToolFilter.select.__doc__ or "").startswith("Choose the tools for one request.")
    assert (ToolFilter.set_tools.__doc__ or "").startswith("Replace the registry")


def test_a_users_module_named_like_a_framework_is_the_users(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """``langchain_myapp.py`` is not LangChain's: its line is named, not the line that called it."""
    import importlib
    import sys

    import langchain_toolfilter  # noqa: F401  (names LangChain's packages)

    (tmp_path / "tools.jsonl").write_text(BAD, encoding="utf-8")
    (tmp_path / "langchain_myapp.py").write_text(
        "from toolfilter_core import read_tools_file\n\n\ndef build(path):\n    return read_tools_file(path)\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("langchain_myapp")
    caught = _caught(lambda: module.build(tmp_path / "tools.jsonl"))
    said = [w for w in caught if w.category is ToolSpecWarning]
    sys.modules.pop("langchain_myapp", None)
    assert said and all(w.filename.endswith("langchain_myapp.py") and w.lineno == 5 for w in said), [
        (w.filename, w.lineno) for w in said
    ]
