"""The provider's deferral with toolfilter's search: every tool sent, few loaded.

Anthropic's Messages API and OpenAI's Responses API both take every tool definition on every
request, mark the ones to keep out of the model's context with ``defer_loading: true``, and
let a search tool load them when the model asks. Both let the client run that search:

* Anthropic ("Tool search tool", custom tool search implementation): a search tool of the
  client's own; its ``tool_result`` holds ``{"type": "tool_reference", "tool_name": ...}``
  blocks, one per tool to load; every tool referenced must be in the top-level ``tools``.
* OpenAI ("Tool search", client-executed tool search): ``{"type": "tool_search",
  "execution": "client", ...}``; the model emits a ``tool_search_call`` and the client
  answers with a ``tool_search_output`` whose ``tools`` are the definitions to load.

The ``tools`` list then never changes from one call to the next, so the provider's prompt
cache holds, and the loaded tools are chosen by a ``ToolFilter`` (profiles, gates and all).
``deferred_tools`` builds the list, ``answer_tool_search`` answers a search call,
``find_deferred`` is the search both use, ``provider_specs`` reads the definitions into
``ToolSpec``s to build the ``ToolFilter`` from.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

from ._exceptions import ConfigError, QueryError, ToolFilterError, ToolSpecError
from ._filter import ToolFilter
from ._pipeline.request import MAX_QUERY_CHARS
from ._policy import Policy, did_you_mean, some_names
from ._tool_defs import load_tool
from ._types import ToolSpec

__all__ = ["answer_tool_search", "deferred_tools", "find_deferred", "provider_specs"]

Provider = Literal["anthropic", "openai"]
PROVIDERS: tuple[str, ...] = ("anthropic", "openai")

SEARCH_NAME = "tool_search"
"""The name of toolfilter's search tool in an Anthropic request."""

MAX_DEFERRED = 10_000
"""Anthropic's limit of tools with ``defer_loading: true`` in one request."""

_CATEGORIES_SHOWN = 20

_QUERY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "query": {
            "type": "string",
            "description": "The action you need a tool for, in a few words, in any language.",
        }
    },
    "required": ["query"],
}


# ---------------------------------------------------------------------- reading definitions


def _plain(item: Any) -> dict[str, Any]:
    """A definition, block or message as a dict (an SDK object through its ``model_dump``)."""
    dump = getattr(item, "model_dump", None)
    if callable(dump):
        item = dump(exclude_none=True)
    if not isinstance(item, Mapping):
        msg = f"expected a JSON object (a dict) or an SDK object with model_dump(); got {type(item).__name__}"
        raise ToolSpecError(msg)
    return dict(item)


def _check_provider(provider: str) -> None:
    if provider not in PROVIDERS:
        msg = f"provider: got {provider!r}; allowed: {', '.join(repr(p) for p in PROVIDERS)}"
        raise ConfigError(msg)


def _searchable(tool: Mapping[str, Any], provider: str) -> bool:
    """A tool toolfilter can defer and find: a custom tool (Anthropic) or a function tool (OpenAI)."""
    kind = tool.get("type")
    if provider == "anthropic":
        if isinstance(kind, str) and kind.startswith("tool_search_tool"):
            msg = (
                f"tools: {kind!r} is Anthropic's own tool search; toolfilter's search replaces it, "
                "remove it from the list"
            )
            raise ConfigError(msg)
        return kind in (None, "custom") and isinstance(tool.get("name"), str)
    if kind == "tool_search":
        msg = "tools: a 'tool_search' tool is already in the list; toolfilter adds its own, remove it"
        raise ConfigError(msg)
    if kind == "function" and isinstance(tool.get("function"), Mapping):
        name = tool["function"].get("name")
        msg = (
            f"tool {name!r}: a Chat Completions definition ({{'type': 'function', 'function': ...}}); "
            "tool search is a Responses API feature, give Responses function tools "
            "({'type': 'function', 'name', 'description', 'parameters'})"
        )
        raise ToolSpecError(msg)
    return kind == "function" and isinstance(tool.get("name"), str)


def _schema(tool: Mapping[str, Any], provider: str) -> Any:
    return tool.get("input_schema") if provider == "anthropic" else tool.get("parameters")


def provider_specs(tools: Iterable[Any], *, provider: Provider = "anthropic") -> list[ToolSpec]:
    """The provider's tool definitions as ``ToolSpec``s, to build the ``ToolFilter`` from.

    Anthropic: custom tools (``name``, ``description``, ``input_schema``); OpenAI: Responses
    function tools (``type: "function"``, ``name``, ``description``, ``parameters``). Server
    tools, namespaces and MCP servers are left out: toolfilter does not search them.

    Raises:
        ConfigError: ``provider`` is not one of ``PROVIDERS``, or the list holds the
            provider's own tool search.
        ToolSpecError: a definition is malformed.
    """
    _check_provider(provider)
    specs = []
    for position, item in enumerate(tools):
        tool = _plain(item)
        if _searchable(tool, provider) and tool["name"] != SEARCH_NAME:
            row = {"name": tool["name"], "description": tool.get("description") or ""}
            schema = _schema(tool, provider)
            if schema is not None:
                row["parameters"] = schema
            specs.append(load_tool(row, position=position))
    return specs


# ---------------------------------------------------------------------- the tools list


def _search_definition(tool_filter: ToolFilter, provider: str, name: str, description: str | None) -> dict[str, Any]:
    """The search tool, in the provider's format (never deferred)."""
    text = description or _default_description(tool_filter)
    if provider == "anthropic":
        return {"name": name, "description": text, "input_schema": _QUERY_SCHEMA}
    parameters = {**_QUERY_SCHEMA, "additionalProperties": False}
    return {"type": "tool_search", "execution": "client", "description": text, "parameters": parameters}


def _default_description(tool_filter: ToolFilter) -> str:
    """What the search tool tells the model: when to search, how, and what the catalog covers."""
    text = (
        "Search the tool catalog for the tools a task needs and load them. Describe the action "
        "in a few words, in any language (e.g. 'send an email', '查询数据库'). The tools found "
        "can be called after this search; search again for another action."
    )
    categories = sorted({spec.category for spec in tool_filter.tools if spec.category})
    if categories:
        shown = categories[:_CATEGORIES_SHOWN]
        more = f" and {len(categories) - len(shown)} more" if len(categories) > len(shown) else ""
        text += f" The catalog covers: {', '.join(shown)}{more}."
    return text


def _always(tool_filter: ToolFilter, always_include: Sequence[str] | None, tools: list[dict[str, Any]]) -> set[str]:
    """The tools sent loaded: ``always_include`` (or the config's) and those marked ``defer_loading: false``."""
    if isinstance(always_include, str):
        msg = f"always_include: got {always_include!r}; allowed: a list of tool names, e.g. [{always_include!r}]"
        raise ConfigError(msg)
    chosen = set(tool_filter.config.always_include if always_include is None else always_include)
    names = {tool.get("name") for tool in tools}
    missing = sorted(chosen - names)
    if missing:
        known = sorted(str(n) for n in names if n)
        hints = "".join(did_you_mean(m, known) for m in missing[:3])
        msg = f"always_include: {missing} are not among the tools{hints}; available: {some_names(known)}"
        raise ConfigError(msg)
    return chosen | {str(tool["name"]) for tool in tools if tool.get("defer_loading") is False}


def _check_deferred(tool_filter: ToolFilter, deferred: list[dict[str, Any]]) -> None:
    """Refuse what the provider would refuse, or what toolfilter could never find."""
    known = {spec.name for spec in tool_filter.tools}
    unknown = [str(tool["name"]) for tool in deferred if tool["name"] not in known]
    if unknown:
        msg = (
            f"tools {unknown[:10]} are not in the ToolFilter's registry, so its search could never load "
            "them; build the ToolFilter from the same definitions (provider_specs) or list them in always_include"
        )
        raise ToolSpecError(msg)
    cached = [str(tool["name"]) for tool in deferred if "cache_control" in tool]
    if cached:
        msg = (
            f"tools {cached[:10]}: a deferred tool may not carry cache_control (the provider refuses it); "
            "put the breakpoint on a tool sent loaded (always_include) or on the search tool"
        )
        raise ToolSpecError(msg)
    if len(deferred) > MAX_DEFERRED:
        msg = f"tools: {len(deferred)} to defer; allowed: at most {MAX_DEFERRED} per request (the provider's limit)"
        raise ConfigError(msg)


def deferred_tools(
    tool_filter: ToolFilter,
    tools: Iterable[Any],
    *,
    provider: Provider = "anthropic",
    always_include: Sequence[str] | None = None,
    policy: Policy | None = None,
    name: str = SEARCH_NAME,
    description: str | None = None,
) -> list[dict[str, Any]]:
    """The request's ``tools``: every tool, deferred but those always included, and the search tool.

    Send the same list on every call of a conversation: it is built the same way from the same
    definitions, so the tools block of the prompt stays byte-identical and the cache holds.

    Args:
        tool_filter: The filter whose search loads the tools (built from these definitions).
        tools: The provider's tool definitions (dicts or SDK objects).
        provider: ``"anthropic"`` (Messages API) or ``"openai"`` (Responses API).
        always_include: Tools sent loaded; None: the config's ``always_include``. A tool
            marked ``defer_loading: false`` is sent loaded too.
        policy: What this caller may use; tools it refuses, and tools ``block_tools`` /
            ``allow_tools`` refuse, are left out of the list.
        name: The search tool's name (Anthropic; OpenAI's has none).
        description: What the search tool tells the model; None: a default naming the
            catalog's categories.

    Returns:
        The definitions with ``defer_loading: true`` where deferred, then the search tool.

    Raises:
        ConfigError: ``provider`` or ``always_include`` is wrong, an always included tool
            is refused by the gates, or more than ``MAX_DEFERRED`` tools would be deferred.
        ToolSpecError: a deferred tool is not in the filter's registry, carries
            ``cache_control``, or is named like the search tool.
    """
    _check_provider(provider)
    items = [_plain(tool) for tool in tools]
    searchable = [tool for tool in items if _searchable(tool, provider)]
    if any(tool["name"] == name for tool in searchable):
        msg = f"a tool is named {name!r}, which the search tool uses; rename it or pass name= another"
        raise ToolSpecError(msg)
    always = _always(tool_filter, always_include, searchable)
    refused = tool_filter.refused([str(tool["name"]) for tool in searchable], policy=policy)
    blocked = sorted(always & set(refused))
    if blocked:
        raise ConfigError(f"always_include: {blocked} are refused by the gates ({refused[blocked[0]]}); remove them")
    deferred = [tool for tool in searchable if tool["name"] not in always and tool["name"] not in refused]
    _check_deferred(tool_filter, deferred)
    kept = {id(tool) for tool in searchable if tool["name"] not in refused}
    marked = {id(tool) for tool in deferred}
    out = [
        {**tool, "defer_loading": True} if id(tool) in marked else tool
        for tool in items
        if id(tool) in kept or not _searchable(tool, provider)
    ]
    return [*out, _search_definition(tool_filter, provider, name, description)]


# ---------------------------------------------------------------------- the search


def find_deferred(
    tool_filter: ToolFilter,
    query: str,
    deferred: Iterable[str],
    *,
    context: Sequence[str] = (),
    policy: Policy | None = None,
    max_results: int | None = None,
) -> list[str]:
    """The deferred tools a search finds, best first: what a search answer loads.

    The selection runs on ``query`` (the model's search words) with ``context`` (e.g. the
    user's last turn) blended in, profiles and gates included. A tool the gates or
    ``policy`` refuse, or a name not in ``deferred`` (not in the request, or sent loaded),
    is never returned. An over-long query is cut to ``MAX_QUERY_CHARS``: it is the model's
    text, not the caller's mistake.

    Raises:
        QueryError: ``query`` is not text, or ``max_results`` is out of range.
        SelectionError: the selection failed and ``fallback_to_empty`` is false.
    """
    if not isinstance(query, str):
        raise QueryError(f"query: got {type(query).__name__}; allowed: a string")
    limit = MAX_QUERY_CHARS
    turns = [turn[:limit] for turn in context if isinstance(turn, str) and turn.strip()]
    selection = tool_filter.select(query[:limit], context=turns, policy=policy, top_k=max_results)
    allowed = set(deferred)
    names = [name for name in selection.names if name in allowed]
    refused = tool_filter.refused(names, policy=policy)
    return [name for name in names if name not in refused]


# ---------------------------------------------------------------------- answering a call


def _last_user_text(messages: Iterable[Any]) -> str:
    """The text of the conversation's last user turn with text (a turn of tool results alone is skipped)."""
    for item in reversed(list(messages)):
        message = _plain(item)
        if message.get("role") != "user":
            continue
        content = message.get("content")
        if isinstance(content, str) and content.strip():
            return content
        if isinstance(content, list):
            blocks = [_plain(block) for block in content]
            texts = [b.get("text") for b in blocks if b.get("type") in ("text", "input_text")]
            text = "\n".join(t for t in texts if isinstance(t, str))
            if text.strip():
                return text
    return ""


def _call_query(call: Mapping[str, Any], provider: str, name: str) -> tuple[str, Any] | None:
    """The call's id and its ``query`` argument; None when it is not a call of the search tool."""
    if provider == "anthropic":
        if call.get("type") != "tool_use" or call.get("name") != name:
            return None
        arguments: Any = call.get("input")
        call_id = call.get("id")
    else:
        if call.get("type") != "tool_search_call" or call.get("execution") != "client":
            return None
        arguments = call.get("arguments")
        call_id = call.get("call_id")
        if isinstance(arguments, str):
            try:
                arguments = json.loads(arguments)
            except ValueError:
                arguments = None
    query = arguments.get("query") if isinstance(arguments, Mapping) else None
    return str(call_id or ""), query


def _deferred_definitions(tools: Iterable[Any], provider: str) -> dict[str, dict[str, Any]]:
    """The request's deferred tools by name (what a search may load)."""
    found = {}
    for item in tools:
        tool = _plain(item)
        if tool.get("defer_loading") is True and _searchable(tool, provider):
            found[str(tool["name"])] = tool
    return found


def _answer(provider: str, call_id: str, found: list[dict[str, Any]], text: str, error: bool) -> dict[str, Any]:
    """The provider's answer to a search: references (Anthropic) or definitions (OpenAI)."""
    if provider == "openai":
        status = {"execution": "client", "call_id": call_id, "status": "completed"}
        return {"type": "tool_search_output", **status, "tools": found}
    result: dict[str, Any] = {"type": "tool_result", "tool_use_id": call_id}
    if found:
        result["content"] = [{"type": "tool_reference", "tool_name": tool["name"]} for tool in found]
    else:
        result["content"] = text
    if error:
        result["is_error"] = True
    return result


def answer_tool_search(
    tool_filter: ToolFilter,
    call: Any,
    tools: Iterable[Any],
    *,
    provider: Provider = "anthropic",
    messages: Iterable[Any] | None = None,
    policy: Policy | None = None,
    max_results: int | None = None,
    name: str = SEARCH_NAME,
) -> dict[str, Any] | None:
    """Answer the model's call of the search tool; None for a call of any other tool.

    Anthropic: ``call`` is a ``tool_use`` block; the answer is the ``tool_result`` block to
    send back in the next user message, its content one ``tool_reference`` block per tool
    found (a text when none is found; ``is_error`` when the search could not run). OpenAI:
    ``call`` is a ``tool_search_call`` item; the answer is the ``tool_search_output`` item,
    its ``tools`` the definitions found.

    Only tools ``tools`` holds deferred are ever loaded, never one the gates or ``policy``
    refuse (``find_deferred``).

    Args:
        tool_filter: The filter the tools list was built with.
        call: The block or item from the model's response (a dict or an SDK object).
        tools: The ``tools`` list sent with the request (``deferred_tools``' result).
        provider: ``"anthropic"`` or ``"openai"``.
        messages: The conversation so far; its last user turn is read with the query.
        policy: What this caller may use (as given to ``deferred_tools``).
        max_results: At most this many tools (default: the config's ``top_k``).
        name: The search tool's name (Anthropic), as given to ``deferred_tools``.

    Raises:
        ConfigError: ``provider`` is not one of ``PROVIDERS``.
        QueryError: ``max_results`` is out of range.
    """
    _check_provider(provider)
    parsed = _call_query(_plain(call), provider, name)
    if parsed is None:
        return None
    call_id, query = parsed
    if not isinstance(query, str) or not query.strip():
        return _answer(provider, call_id, [], "The search needs a 'query': the action you need a tool for.", True)
    deferred = _deferred_definitions(tools, provider)
    context = [_last_user_text(messages)] if messages is not None else []
    try:
        names = find_deferred(tool_filter, query, deferred, context=context, policy=policy, max_results=max_results)
    except QueryError:
        raise  # max_results out of range: the caller's mistake
    except ToolFilterError as error:
        return _answer(provider, call_id, [], f"The search failed ({type(error).__name__}); answer without it.", True)
    text = f"No tool in the catalog matches {query[:200]!r}. Try other words, or answer without a tool."
    return _answer(provider, call_id, [deferred[n] for n in names], text, False)
