"""Reading a chat history for the hints selection takes: earlier user turns, tools used.

LlamaIndex agents pass only the latest user message to ``tool_retriever.aretrieve`` (and,
before running a tool, its bare name). The earlier turns and the tools already called are
in the agent's memory, so a retriever bound to that memory reads them from there. The
messages become the core's ``Turn``s; the core's ``conversation_window`` reads them (the
same rules as the LangChain adapter's).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any

from llama_index.core.base.llms.types import (
    ChatMessage,
    MessageRole,
    TextBlock,
    ToolCallBlock,
)

from toolfilter_core.integration import LazyTurns, Turn, Window, conversation_window, refused_tools

__all__ = ["chat_turns", "conversation_hints"]

_REACT_ACTION = re.compile(r"^\s*Action:\s*([^\s]+)\s*$", re.MULTILINE)


def message_text(message: ChatMessage) -> str:
    """The text blocks of a message, joined by newlines."""
    return "\n".join(b.text for b in message.blocks if isinstance(b, TextBlock)).strip()


def _call_name(call: Any) -> str | None:
    """The tool name in one tool-call record of any of the shapes LLM integrations use."""
    if isinstance(call, Mapping):
        function = call.get("function")
        if isinstance(function, Mapping) and isinstance(function.get("name"), str):
            return str(function["name"])
        for key in ("tool_name", "name"):
            if isinstance(call.get(key), str):
                return str(call[key])
        return None
    function = getattr(call, "function", None)
    for value in (getattr(function, "name", None), getattr(call, "tool_name", None)):
        if isinstance(value, str):
            return value
    name = getattr(call, "name", None)
    return name if isinstance(name, str) else None


def _call_ids(messages: Sequence[ChatMessage]) -> dict[str, str]:
    """The tool name of each tool call id the messages' ``ToolCallBlock``s hold."""
    return {
        b.tool_call_id: b.tool_name
        for m in messages
        if m.role == MessageRole.ASSISTANT
        for b in m.blocks
        if isinstance(b, ToolCallBlock) and b.tool_call_id
    }


def _called_tools(message: ChatMessage, ids: Mapping[str, str]) -> list[str]:
    """Tool names a message records as called.

    ``ToolCallBlock`` blocks (current LLM integrations), ``additional_kwargs["tool_calls"]``
    (OpenAI-style), a tool result's ``name`` (or, as agents store results, the name of its
    ``tool_call_id``'s call, in ``ids``), and ReAct's ``Action: <tool>`` lines.
    """
    names = [b.tool_name for b in message.blocks if isinstance(b, ToolCallBlock)]
    calls = message.additional_kwargs.get("tool_calls")
    if isinstance(calls, Sequence) and not isinstance(calls, str):
        names.extend(n for n in map(_call_name, calls) if n)
    if message.role == MessageRole.TOOL:
        for key in ("name", "tool_name"):
            value = message.additional_kwargs.get(key)
            if isinstance(value, str):
                names.append(value)
        call = message.additional_kwargs.get("tool_call_id")
        if not names and isinstance(call, str) and call in ids:
            names.append(ids[call])
    if message.role == MessageRole.ASSISTANT:
        names.extend(_REACT_ACTION.findall(message_text(message)))
    return names


def _turn(message: ChatMessage, ids: Mapping[str, str]) -> Turn:
    """A LlamaIndex message as the core's ``Turn``: its text, the tools it names.

    A tool result names the tool it answers for, as the core's ``openai_turns`` reads an
    OpenAI conversation: the same messages are the same turns.

    An assistant's words (a proposal a "yes" takes) and a tool result's text are read by
    the conversation policy; only user turns are requests. A call the agent answered "Tool X
    not found" (the retriever did not offer X) is marked refused: it is never sticky.
    """
    text = message_text(message)
    refused = refused_tools(text) if message.role != MessageRole.USER else ()
    return Turn(str(message.role.value), text, called=tuple(_called_tools(message, ids)), refused=refused)


def chat_turns(messages: Sequence[ChatMessage]) -> LazyTurns[ChatMessage]:
    """``messages`` as the core's ``Turn``s, each converted when first read."""
    ids = _call_ids(messages)
    return LazyTurns(messages, lambda message: _turn(message, ids))


def conversation_hints(
    messages: Sequence[ChatMessage], query: str, *, turns: int, tool_names: Collection[str]
) -> Window:
    """Earlier user turns and recently used tools for ``query``.

    If the last user message is ``query`` itself (the agent stores the message before it
    asks for tools), the turns before it are the earlier ones; otherwise every user turn
    is. The ``turns`` most recent earlier turns are the context; tools called from the
    first of them onward (including the current turn) are sticky, so a follow-up keeps
    the tool it is about.

    Args:
        messages: The chat so far, oldest first.
        query: The request being selected for.
        turns: How many earlier user turns to use (``config.history_turns``).
        tool_names: The tools that can be selected; other names are ignored.

    Returns:
        The core's window: ``context`` (the earlier turns) and ``sticky`` (the tool names).
    """
    window = conversation_window(chat_turns(messages), history_turns=turns, query=query, tools=tool_names)
    last = next((t for t in reversed(window.turns) if t.role == "user" and t.text.strip()), None)
    if last is None or last.text.strip() != query.strip():  # the agent asks before it stores the message
        window = replace(window, turns=[*window.turns, Turn("user", query)])
    return window
