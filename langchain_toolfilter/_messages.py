"""Read a LangChain input as a request: the query, earlier turns, tools already in use.

The rules, which docs/langchain.md restates:

* The query is the text of the **last human message**.
* Context is the text of up to ``history_turns`` human messages before it, oldest first;
  the core blends them into the query vector with ``HISTORY_WEIGHT`` (0.3).
* The **task window** starts at the earliest of those human turns (the last human message
  when ``history_turns`` is 0; ``sticky_turns`` overrides the count). A tool the window
  already used (named in an ``AIMessage.tool_calls`` or answering as a ``ToolMessage``) is
  *sticky*: it stays selected, so a follow-up such as "and in Berlin?" keeps
  ``get_weather`` and a half-done task keeps its tools.
* Tools a ``find_tools`` call returned in the window (its ``ToolMessage.artifact``) are
  sticky too: that is how the model's own search reaches the next model call.
* A call the middleware refused (its ``ToolMessage`` is the refusal) makes nothing sticky.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.messages import BaseMessage, convert_to_messages
from langchain_core.prompt_values import PromptValue

from toolfilter_core import QueryError
from toolfilter_core.integration import REFUSED_KEY, LazyTurns, Turn, Window, conversation_window, refused_tools

__all__ = ["model_input", "read_conversation"]

_LISTED = re.compile(r"^- ([^\s:]+):", re.MULTILINE)


def _value(input_: Mapping[str, Any], input_key: str | None) -> Any:
    if input_key is not None:
        if input_key not in input_:
            msg = (
                f"toolfilter: the input dict has no key {input_key!r} (input_key); its keys are "
                f"{sorted(map(str, input_))}"
            )
            raise QueryError(msg)
        return input_[input_key]
    for key in ("messages", "input"):
        if key in input_:
            return input_[key]
    msg = (
        "toolfilter: a dict input needs a 'messages' or an 'input' key, got keys "
        f"{sorted(map(str, input_))}; set input_key= to read another key"
    )
    raise QueryError(msg)


def to_messages(input_: Any, *, input_key: str | None = None) -> str | list[BaseMessage]:
    """Normalize a selector input to a query string or a list of messages.

    Args:
        input_: A string, a message, a list of messages (or message-like tuples and dicts),
            a ``PromptValue``, or a dict holding one of these under ``input_key``
            (default: ``"messages"``, else ``"input"``).
        input_key: The dict key to read.

    Returns:
        The string itself, or the messages.

    Raises:
        QueryError: A dict lacks the key, a list holds something that is not a message,
            or the input is of another type (as the core refuses a query that is not text).
    """
    if isinstance(input_, Mapping):
        input_ = _value(input_, input_key)
        if isinstance(input_, Mapping):
            msg = "toolfilter: the value under the input key is itself a dict; pass messages or text"
            raise QueryError(msg)
    if isinstance(input_, str):
        return input_
    if isinstance(input_, PromptValue):
        return input_.to_messages()
    if isinstance(input_, BaseMessage):
        return [input_]
    if isinstance(input_, Sequence) and not isinstance(input_, bytes):
        if all(isinstance(message, BaseMessage) for message in input_):
            return list(input_)  # what convert_to_messages returns for messages, without a call each
        try:
            return convert_to_messages(input_)
        except (ValueError, TypeError, NotImplementedError) as error:
            msg = f"toolfilter: cannot read the input list as messages: {error}"
            raise QueryError(msg) from error
    msg = (
        f"toolfilter: cannot read a request from {type(input_).__name__}; pass a string, a "
        "list of messages, a PromptValue, or a dict with a 'messages' or 'input' key"
    )
    raise QueryError(msg)


def model_input(input_: Any, *, input_key: str | None = None) -> Any:
    """What to hand the chat model for a selector input (a dict becomes its messages)."""
    if isinstance(input_, Mapping):
        return _value(input_, input_key)
    return input_


def _found_names(message: BaseMessage) -> list[str]:
    artifact = getattr(message, "artifact", None)
    if isinstance(artifact, list | tuple) and all(isinstance(a, str) for a in artifact):
        return list(artifact)
    content = message.content if isinstance(message.content, str) else message.text
    return _LISTED.findall(content)


_OTHER = Turn("other")


def _turn(message: BaseMessage, find_tools_name: str) -> Turn:
    """A LangChain message as the core's ``Turn``: a human's text, the tools a message names."""
    kind = message.type
    if kind == "human":
        return Turn("user", message.text)
    if kind == "ai":  # its words: a proposal a "yes" takes (the conversation policy reads them)
        calls = getattr(message, "tool_calls", None)
        if not calls:
            return Turn("assistant", message.text)
        names = [call.get("name") for call in calls]
        called = tuple(n for n in names if isinstance(n, str) and n and n != find_tools_name)
        return Turn("assistant", message.text, called=called, searched=find_tools_name in names)
    if message.type == "tool":
        name = getattr(message, "name", None)
        if name == find_tools_name:
            return Turn("tool", found=tuple(_found_names(message)), searched=True)
        if not isinstance(name, str) or not name:
            return Turn("tool", message.text)
        if message.response_metadata.get(REFUSED_KEY) or name in refused_tools(message.text):
            return Turn("tool", message.text, refused=(name,))  # the call was refused: the tool did not run
        return Turn("tool", message.text, called=(name,))
    return _OTHER


def read_conversation(
    input_: Any,
    *,
    input_key: str | None = None,
    history_turns: int = 0,
    window_turns: int | None = None,
    find_tools_name: str = "find_tools",
) -> Window:
    """Extract the query, its context and the sticky tools from a selector input.

    The messages become the core's ``Turn``s and ``conversation_window`` reads them.

    Args:
        input_: Any input ``to_messages`` accepts.
        input_key: The dict key to read.
        history_turns: How many earlier human turns to return as context.
        window_turns: How many earlier human turns the task window reaches back;
            None: ``history_turns``.
        find_tools_name: Name of the search tool whose results count as found.

    Returns:
        The request as the core's ``Window``: the last human message with text (one
        without text, such as an image alone, is not a turn). An input with no text to
        select on (an empty string or list, no human message, human messages with only
        images) is not an error: its query is empty and ``missing`` says why.

    Raises:
        QueryError: The input cannot be read as a request at all (a dict without the key,
            a list of things that are not messages, a number): a caller's mistake.
    """
    messages = to_messages(input_, input_key=input_key)
    if isinstance(messages, str):
        return Window(query=messages.strip(), missing="" if messages.strip() else "the input is an empty string")
    if not messages:
        return Window(query="", missing="the input is an empty message list")
    last = next((i for i in range(len(messages) - 1, -1, -1) if messages[i].type == "human"), None)
    if last is None:
        kinds = ", ".join(m.type for m in messages[-5:])
        return Window(query="", missing=f"no human message among {len(messages)} ({kinds})")
    turns = LazyTurns(messages, functools.partial(_turn, find_tools_name=find_tools_name))
    if not any(turns[i].text.strip() for i in range(last, -1, -1) if messages[i].type == "human"):
        return Window(query="", missing=f"the last human message (#{last}) has {_without_text(messages[last])}")
    return conversation_window(turns, history_turns=history_turns, sticky_turns=window_turns)


def _without_text(message: BaseMessage) -> str:
    """What a human message without text holds, in words."""
    content = message.content
    if isinstance(content, list) and content:
        kinds = sorted({str(b.get("type", "?")) if isinstance(b, Mapping) else type(b).__name__ for b in content})
        return f"no text, only {', '.join(kinds)} content"
    return "no text"
