"""Tools from live MCP servers: one registry over many servers, the server as the domain.

``McpRegistry`` keeps, per server, the tools a client listed (MCP ``tools/list`` entries:
dicts or the SDK's ``Tool`` objects) and, beside each, the framework object the agent calls
(a LangChain ``BaseTool``, a LlamaIndex ``FunctionTool``, or the definition itself). Every
change (a server listed, re-listed, gone or down) replaces the registry of one
``ToolFilter`` through ``set_tools``, which embeds only the tools that changed.

Names: a tool is registered as ``server__tool`` (``qualify=True``, the default), so the same
tool name on two servers stays two tools, the model calls each by a name that says its
server, and a server that appears later never renames a tool already in use.
``qualify=False`` keeps the servers' own names and refuses a name two servers share.

Gates: ``block_tools=["files__*"]`` blocks a whole server. A tool the filter's
``block_tools`` blocks is remembered by its definition (description, parameters,
annotations): a server that lists it again under another name (a rename) has that tool left
out of the registry, with a warning, so the block holds.

Churn: ``select`` returns only tools registered when it returns; a selection made while a
refresh replaced the registry is made again on the new one.

Domains: the server's name is the tool's category (``categories={server: name}`` to rename a
domain, or ``None`` to give a server's tools no category). MCP ``annotations`` are kept as
the tool's annotations, so ``Policy(read_only=True)`` and ``allow_destructive=False`` read
them with MCP's defaults (no annotations: may modify, may destroy).

This module imports no MCP package: ``refresh`` takes open ``mcp.ClientSession``s and only
calls their ``list_tools``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
import threading
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ._exceptions import ToolSpecError
from ._policy import blocked_name
from ._tool_defs import load_tool
from ._types import Note, NoteKind, Selection, ToolSpec

if TYPE_CHECKING:
    from ._filter import ToolFilter
    from .index._tool_index import IndexReport

__all__ = ["SEPARATOR", "McpOrigin", "McpRegistry", "list_session_tools", "mcp_definition", "qualified_name"]

logger = logging.getLogger("toolfilter")

SEPARATOR = "__"
"""Between the server's name and the tool's in a qualified name: ``weather__get_forecast``."""

_SERVER_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


@dataclass(frozen=True, slots=True)
class McpOrigin:
    """Where a registered tool lives: its server and its name there."""

    server: str
    tool: str


def qualified_name(server: str, tool: str) -> str:
    """The registry name of ``tool`` on ``server``: ``server__tool``."""
    return f"{server}{SEPARATOR}{tool}"


def mcp_definition(tool: Any) -> dict[str, Any]:
    """An MCP tool as its ``tools/list`` JSON: from a mapping, or from the SDK's ``Tool`` model.

    Raises:
        ToolSpecError: ``tool`` is neither a mapping nor a pydantic model of one.
    """
    if isinstance(tool, Mapping):
        data = dict(tool)
    elif callable(getattr(tool, "model_dump", None)):
        data = tool.model_dump(by_alias=True, exclude_none=True, mode="json")
    else:
        msg = f"MCP tool: expected a tools/list entry (a mapping or an mcp Tool), got {type(tool).__name__}"
        raise ToolSpecError(msg)
    data.setdefault("inputSchema", {"type": "object", "properties": {}})
    # the server-side extras of newer MCP revisions are not ours to index
    return {k: v for k, v in data.items() if k in ("name", "title", "description", "inputSchema", "annotations")}


@dataclass(frozen=True, slots=True)
class _Server:
    specs: tuple[ToolSpec, ...]
    objects: tuple[Any, ...]
    origins: tuple[McpOrigin, ...]


class McpRegistry:
    """The tools of several MCP servers as one ``ToolFilter`` registry.

    Instantiate:
        .. code-block:: python

            from toolfilter_core import McpRegistry

            registry = McpRegistry()  # or McpRegistry(ToolFilter(store=".toolfilter"))
            registry.set_server("weather", weather_tools)  # tools/list entries
            registry.set_server("files", file_tools, objects=langchain_tools)

    Select:
        .. code-block:: python

            selection = registry.tool_filter.select("will it rain in Paris?")
            selection.names  # ['weather__get_forecast']
            registry.origin(selection.names[0])  # McpOrigin(server='weather', tool='get_forecast')
            registry.objects(selection)  # the framework objects, to call unchanged

    Args:
        tool_filter: The ``ToolFilter`` to serve from (its tools are replaced by the
            servers'); None: a new one built with ``filter_options``.
        qualify: Register ``server__tool`` (default) or the servers' own names.
        categories: Per server, the domain of its tools (None: no domain); servers not
            named use their own name.
        **filter_options: ``ToolFilter`` keywords (``config``, ``embedder``, ``store``...)
            when ``tool_filter`` is None.
    """

    def __init__(
        self,
        tool_filter: ToolFilter | None = None,
        *,
        qualify: bool = True,
        categories: Mapping[str, str | None] | None = None,
        **filter_options: Any,
    ) -> None:
        """Start with no server; nothing is embedded until a server's tools are set."""
        if tool_filter is None:
            from ._filter import ToolFilter

            tool_filter = ToolFilter(**filter_options)
        elif filter_options:
            msg = f"McpRegistry: {sorted(filter_options)} are ToolFilter options; pass them or a tool_filter, not both"
            raise TypeError(msg)
        self.tool_filter = tool_filter
        self.qualify = qualify
        self.categories = dict(categories or {})
        self._servers: dict[str, _Server] = {}
        self._down: dict[str, str] = {}
        self._changed: set[str] = set()
        self._by_name: dict[str, tuple[McpOrigin, Any]] = {}
        self._blocked_definitions: dict[str, str] = {}  # definition digest -> the blocked name
        self._sync_lock = threading.Lock()

    # ----- what is registered -----

    @property
    def servers(self) -> tuple[str, ...]:
        """The servers whose tools are in the registry, in the order they were first set."""
        return tuple(self._servers)

    @property
    def down(self) -> Mapping[str, str]:
        """Servers that could not be listed, with the error; their tools are out."""
        return dict(self._down)

    @property
    def changed(self) -> frozenset[str]:
        """Servers that announced a changed tool list and were not re-listed yet."""
        return frozenset(self._changed)

    @property
    def names(self) -> list[str]:
        """Every registered tool name, server by server."""
        return list(self._by_name)

    def origin(self, name: str) -> McpOrigin:
        """The server and the server's own name of a registered tool.

        Raises:
            KeyError: No tool of that name is registered.
        """
        return self._lookup(name)[0]

    def object(self, name: str) -> Any:
        """The framework object (or definition) registered for a tool name.

        Raises:
            KeyError: No tool of that name is registered.
        """
        return self._lookup(name)[1]

    def objects(self, selection: Selection | Iterable[str]) -> list[Any]:
        """The objects of a selection's tools (or of the names given), in its order."""
        names = selection.names if isinstance(selection, Selection) else list(selection)
        return [self._by_name[n][1] for n in names if n in self._by_name]

    def tools_of(self, server: str) -> list[Any]:
        """The objects registered for one server (empty when it is not registered)."""
        entry = self._servers.get(server)
        return list(entry.objects) if entry else []

    def all_objects(self) -> list[Any]:
        """Every registered object, server by server: what to hand an agent."""
        return [obj for _, obj in self._by_name.values()]

    def select(self, query: str, **options: Any) -> Selection:
        """``tool_filter.select``, naming only tools registered when it returns.

        A refresh that replaced the registry while the selection ran (another thread)
        could leave it naming a tool no longer registered: it is made again on the new
        registry (three tries), then such names are dropped with a note.

        Args:
            query: The request.
            **options: ``ToolFilter.select`` keywords (``context``, ``sticky``, ``policy``...).
        """
        for _ in range(3):
            selection = self.tool_filter.select(query, **options)
            gone = [n for n in selection.names if n not in self._by_name]
            if not gone:
                return selection
        kept = tuple(s for s in selection.selected if s.name in self._by_name)
        text = f"left out, no longer registered (an MCP refresh ran meanwhile): {gone}"
        return replace(selection, selected=kept, notes=(*selection.notes, Note(NoteKind.REMOVED, text, tools=gone)))

    def _lookup(self, name: str) -> tuple[McpOrigin, Any]:
        try:
            return self._by_name[name]
        except KeyError:
            msg = f"no MCP tool is registered as {name!r}; registered: {sorted(self._by_name)[:20]}"
            raise KeyError(msg) from None

    # ----- changing it -----

    def set_server(self, server: str, tools: Sequence[Any], objects: Sequence[Any] | None = None) -> IndexReport:
        """Register (or re-register) what a server lists; only changed tools are embedded.

        Args:
            server: The server's name (letters, digits, ``_`` and ``-``, at most 64).
            tools: Its ``tools/list`` entries (dicts or ``mcp.types.Tool``).
            objects: The framework objects, one per tool in the same order (their names
                are not read); None: the definitions themselves.

        Raises:
            ToolSpecError: A bad server name or tool, objects that do not pair with the
                tools, or (``qualify=False``) a name another server has.
        """
        previous = self._servers.get(server)
        self._put(server, tools, objects)
        try:
            return self._sync()
        except ToolSpecError:
            if previous is None:
                self._servers.pop(server, None)
            else:
                self._servers[server] = previous
            raise

    def remove_server(self, server: str) -> IndexReport:
        """Take a server's tools out (it was disconnected or removed from the config)."""
        self._servers.pop(server, None)
        self._down.pop(server, None)
        self._changed.discard(server)
        return self._sync()

    def server_down(self, server: str, error: BaseException | str) -> IndexReport:
        """A server could not be listed: its tools are out, the others keep serving; logs a warning."""
        self._mark_down(server, error)
        return self._sync()

    def tools_changed(self, server: str) -> None:
        """Note that a server announced ``notifications/tools/list_changed`` (re-listed by ``refresh``)."""
        self._changed.add(server)

    def message_handler(self, server: str) -> Callable[[Any], Awaitable[None]]:
        """A ``message_handler`` for ``mcp.ClientSession`` that notes the server's list changes.

        Every other message is ignored, so pass your own handler instead if you need them
        and call ``tools_changed`` from it.
        """

        async def handle(message: Any) -> None:
            root = getattr(message, "root", message)
            if getattr(root, "method", None) == "notifications/tools/list_changed":
                self.tools_changed(server)

        return handle

    async def refresh(
        self,
        sessions: Mapping[str, Any],
        *,
        only_changed: bool = False,
        make_object: Callable[[str, str, Any], Any] | None = None,
        timeout: float | None = 30.0,
    ) -> IndexReport:
        """List the tools of open ``mcp.ClientSession``s and register them, one re-index in all.

        A server that fails is marked down, with a warning naming it, and the others go on:
        one that does not answer within ``timeout``, raises, lists a tool that cannot be
        loaded (a 300-character name, a bad schema), lists one name twice (or, with
        ``qualify=False``, a name another server has), or whose tool ``make_object`` cannot
        wrap. A registered server missing from ``sessions`` is removed, unless ``only_changed``.

        Args:
            sessions: Server name to an initialized ``mcp.ClientSession`` (or anything with
                an async ``list_tools(cursor=...)`` returning ``.tools``/``.nextCursor``),
                or None for a server that could not be reached.
            only_changed: List only servers in ``changed`` (and ones never listed).
            make_object: ``(server, registered_name, tool) -> object``: the framework
                object for each listed tool; None: the listed ``Tool`` itself.
            timeout: Seconds one server's ``tools/list`` (all its pages) may take; None:
                no limit.
        """
        for server, session in sessions.items():
            if only_changed and server in self._servers and server not in self._changed:
                continue
            if session is None:
                self._mark_down(server, "not connected")
                continue
            try:  # a server's failure must not stop the others
                listed = await asyncio.wait_for(list_session_tools(session), timeout)
                objects = None
                if make_object is not None:
                    objects = [make_object(server, self.registered_name(server, tool), tool) for tool in listed]
                self._put(server, listed, objects)
                self._check_unique(server)
            except TimeoutError:
                self._mark_down(server, f"no tools/list answer within {timeout:g} s (refresh timeout=)")
            except Exception as error:
                self._mark_down(server, error)
        if not only_changed:
            for server in [s for s in self._servers if s not in sessions]:
                self._servers.pop(server)
        return self._sync()

    def registered_name(self, server: str, tool: Any) -> str:
        """The name a tool of ``server`` is registered (and called) by; ``tool``: a name or a definition."""
        name = tool if isinstance(tool, str) else str(mcp_definition(tool).get("name"))
        return qualified_name(server, name) if self.qualify else name

    # ----- inside -----

    def _category(self, server: str) -> str | None:
        return self.categories[server] if server in self.categories else server

    def _put(self, server: str, tools: Sequence[Any], objects: Sequence[Any] | None) -> None:
        if not isinstance(server, str) or not _SERVER_NAME.match(server):
            msg = f"MCP server name {server!r}: use 1-64 letters, digits, '_' or '-' (it names the tools)"
            raise ToolSpecError(msg)
        tools = list(tools)
        if objects is not None and len(objects) != len(tools):
            msg = f"MCP server {server!r}: {len(tools)} tools but {len(objects)} objects; give one object a tool"
            raise ToolSpecError(msg)
        specs, origins = [], []
        category = self._category(server)
        for tool in tools:
            definition = mcp_definition(tool)
            spec = load_tool(definition)
            name = self.registered_name(server, spec.name)
            specs.append(load_tool({**spec.to_dict(), "name": name, "category": category}))
            origins.append(McpOrigin(server, spec.name))
        self._servers[server] = _Server(tuple(specs), tuple(objects if objects is not None else tools), tuple(origins))
        self._down.pop(server, None)
        self._changed.discard(server)

    def _check_unique(self, server: str) -> None:
        """Refuse a server listing one name twice, or (``qualify=False``) a name another server has."""
        names = [spec.name for spec in self._servers[server].specs]
        others = {spec.name for name, entry in self._servers.items() if name != server for spec in entry.specs}
        seen: set[str] = set()
        for name in names:
            if name in seen or name in others:
                where = "twice" if name in seen else "and so does another server (qualify=False)"
                msg = f"MCP server {server!r} lists the tool {name!r} {where}; names must be unique"
                raise ToolSpecError(msg)
            seen.add(name)

    def _mark_down(self, server: str, error: BaseException | str) -> None:
        text = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
        logger.warning("toolfilter: MCP server %r is unavailable, its tools are left out: %s", server, text)
        self._servers.pop(server, None)
        self._down[server] = text

    def _renamed_block(self, spec: ToolSpec) -> bool:
        """Remember a blocked tool's definition; True for a tool that is a renamed copy of one.

        A tool without a description is no one's copy: its parameters alone are many tools' (``get_user``,
        ``suspend_user``: ``{user_id}``).
        """
        if not spec.description.strip():
            return False
        digest = _definition_digest(spec)
        if blocked_name(spec.name, self.tool_filter.config.block_tools):
            self._blocked_definitions.setdefault(digest, spec.name)
            return False
        was = self._blocked_definitions.get(digest)
        if was is None:
            return False
        logger.warning(
            "toolfilter: MCP tool %r has the definition of the blocked tool %r (renamed?): left out of the registry",
            spec.name,
            was,
        )
        return True

    def _sync(self) -> IndexReport:
        with self._sync_lock:
            return self._sync_locked()

    def _sync_locked(self) -> IndexReport:
        by_name: dict[str, tuple[McpOrigin, Any]] = {}
        specs: list[ToolSpec] = []
        for entry in self._servers.values():
            for spec, obj, origin in zip(entry.specs, entry.objects, entry.origins, strict=True):
                if self._renamed_block(spec):
                    continue
                if spec.name in by_name:
                    other = by_name[spec.name][0].server
                    msg = (
                        f"MCP tool {spec.name!r} is listed by servers {other!r} and {origin.server!r}; "
                        "names must be unique: use McpRegistry(qualify=True) to register server__tool"
                    )
                    raise ToolSpecError(msg)
                by_name[spec.name] = (origin, obj)
                specs.append(spec)
        # A gate may name a tool of a server that is down: checked only while all are up. An
        # outage is no reason to refuse the smaller registry (learned examples stay stored).
        down = bool(self._down)
        old = self._by_name
        self._by_name = {**old, **by_name}  # while the filter switches, both registries' names resolve
        try:
            report = self.tool_filter.set_tools(specs, check_names=not down, allow_shrink=down)
        except BaseException:
            self._by_name = old
            raise
        self._by_name = by_name
        return report


def _definition_digest(spec: ToolSpec) -> str:
    """What a tool does, without its name: description, parameters and annotations."""
    data = {"description": spec.description, "parameters": spec.parameters, "annotations": spec.annotations}
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()


async def list_session_tools(session: Any) -> list[Any]:
    """Every tool an ``mcp.ClientSession`` lists, following ``nextCursor`` pages."""
    tools: list[Any] = []
    cursor: str | None = None
    for _ in range(1000):  # a server that pages forever must not hang the agent
        if cursor is None:
            result = await session.list_tools()
        else:
            from mcp import types  # the SDK is needed only to ask for a next page

            result = await session.list_tools(params=types.PaginatedRequestParams(cursor=cursor))
        tools.extend(result.tools)
        cursor = getattr(result, "next_cursor", None) or getattr(result, "nextCursor", None)
        if not cursor:
            break
    return tools
