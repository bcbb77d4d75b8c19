"""``Snapshot``: what one selection serves from, and ``Reload``, which builds the next one.

A snapshot is a loaded index and everything derived from its tools (positions, tokens,
BM25, domains, characters). It is built whenever the index changes and swapped in whole,
so a selection that took one keeps a consistent view while a newer one is loaded.
"""

from __future__ import annotations

import copy
import dataclasses
import threading
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ._bm25 import BM25Index
from ._chains import ChainMap
from ._example_ids import masked_ids
from ._hints import says_destructive, without_pointers
from ._servers import ServerNames
from ._signals import ToolTokens
from ._types import Note, NoteKind, Reason, Selection, ToolSpec, listed_chars, openai_tool_chars, openai_tools_chars
from .index._tool_index import ToolIndex

__all__ = ["Reload", "Snapshot", "in_registry_order", "still_served"]


class Snapshot:
    """A registry as one selection sees it: the index, the tools in order, derived data."""

    def __init__(self, tools: Sequence[ToolSpec], index: ToolIndex) -> None:
        self.index = index
        self.tools = tuple(tools)
        self.position = {t.name: i for i, t in enumerate(self.tools)}
        self.index_position = {t.name: i for i, t in enumerate(index.tools)}
        # the index keeps tools in name order; this maps registry order onto it
        self.to_index = np.array([self.index_position[t.name] for t in self.tools], dtype=np.int64)
        self.same_order = bool(np.array_equal(self.to_index, np.arange(len(self.tools))))
        self.tokens = [ToolTokens(t) for t in self.tools]
        self.argument_kinds = frozenset().union(*(t.arguments for t in self.tokens))
        """Every kind of argument value some tool takes."""
        words = index.profile_words()
        names = frozenset(self.position)
        self.bm25 = BM25Index([_bm25_text(t, words.get(t.name, ()), names) for t in self.tools])
        self.domains = [t.category or f"tool:{t.name}" for t in self.tools]
        self._chars = [openai_tool_chars(t) for t in self.tools]
        """Per tool, the characters of its OpenAI ``tools`` entry."""
        self.total_chars = listed_chars(self._chars)
        self.verdicts: dict[Any, tuple[list[Reason | None], NDArray[np.bool_]]] = {}
        """Eligibility per (policy, block_tools, allow_tools); see ``gates.eligibility``."""
        self.abstain_levels: dict[tuple[str, ...], float] = {}
        """The no-tool level per set of abstain phrases; see ``abstain.no_tool_level``."""
        self._destructive: dict[int, bool] = {}
        self._servers: ServerNames | None = None
        self._chains: ChainMap | None = None
        self.learned_order: dict[str, dict[str, int]] = {}
        """Per tool, the tools the call log saw called right before it (``_learning.call_order``)."""

    def with_index(self, index: ToolIndex) -> Snapshot:
        """This snapshot over ``index``, which holds the same tools (new learned examples).

        What is derived from the tools (positions, tokens, BM25, domains, eligibility, the
        no-tool level, which leaves learned examples out) is kept, not worked out again.
        """
        twin = copy.copy(self)
        twin.index = index
        return twin

    @property
    def servers(self) -> ServerNames:
        """The servers (categories) of the registry and what names each, worked out on first use."""
        if self._servers is None:
            self._servers = ServerNames(self.tools)
        return self._servers

    @property
    def chains(self) -> ChainMap:
        """What feeds what in the registry (``_chains``), worked out on first use."""
        if self._chains is None:
            self._chains = ChainMap(self.tools, self.learned_order, embedder=self.index.embedder)
        return self._chains

    def learn_order(self, order: dict[str, dict[str, int]]) -> None:
        """Take the call log's order as evidence of what feeds what (``_learning.call_order``)."""
        self.learned_order = order
        self._chains = None

    def tools_chars(self, tools: Sequence[ToolSpec]) -> int:
        """``openai_tools_chars(tools)``, from each served tool's entry measured once per snapshot."""
        entries = []
        for tool in tools:
            position = self.position.get(tool.name)
            served = position is not None and self.tools[position] is tool
            entries.append(self._chars[position] if served and position is not None else openai_tool_chars(tool))
        return listed_chars(entries)

    def destructive(self, position: int) -> bool:
        """``says_destructive`` of the tool at ``position``, worked out once per snapshot."""
        known = self._destructive.get(position)
        if known is None:
            known = self._destructive[position] = says_destructive(self.tools[position])
        return known


class Reload:
    """A registry read into a copy of the index on a background thread."""

    def __init__(
        self,
        index: ToolIndex,
        ordered: Callable[[Sequence[ToolSpec]], list[ToolSpec]],
        prepare: Callable[[Snapshot], None] = lambda snapshot: None,
    ) -> None:
        """Start reading; ``prepare`` readies the new snapshot in the same thread (``ToolFilter._prepare``)."""
        self.done = threading.Event()
        self.snapshot: Snapshot | None = None
        self.error: Exception | None = None
        # A copy: the index in memory keeps serving, untouched, until the new one is complete.
        self._index = copy.copy(index)
        self._ordered = ordered
        self._prepare = prepare
        threading.Thread(target=self._run, name="toolfilter-reload", daemon=True).start()

    def _run(self) -> None:
        try:
            self._index.load()
            snapshot = Snapshot(self._ordered(self._index.tools), self._index)
            self._prepare(snapshot)
            self.snapshot = snapshot
        except Exception as error:  # handed to the selecting thread, which raises it
            self.error = error
        finally:
            self.done.set()


def in_registry_order(per_tool: NDArray[np.float32], snapshot: Snapshot) -> NDArray[np.float32]:
    """Per-tool values (or rows) from the index's order into the registry's.

    A registry opened from a store is already in index order (name order).
    """
    if not len(per_tool) or snapshot.same_order:
        return per_tool
    return per_tool[snapshot.to_index]


def _bm25_text(tool: ToolSpec, profile_words: Sequence[str] = (), names: frozenset[str] = frozenset()) -> str:
    """What BM25 reads of a tool; ``profile_words``: its profile requests in force (the users' words).

    Not a sentence of its description that points to another of the registry's ``names`` ("Does NOT
    refund the payment — use payment_refund for that"): "refund order 4471" matched ``order_cancel`` on it.
    """
    description = without_pointers(tool.description, tool.name, names)
    parts = [tool.name, description, " ".join(tool.parameter_names), " ".join(tool.tags)]
    parts.extend(tool.triggers)
    parts.extend(masked_ids(t) for t in profile_words)  # their invented ids match other requests' ids
    if tool.category:
        parts.append(tool.category)
    return "\n".join(parts)


def still_served(selection: Selection, taken: Snapshot, now: Snapshot) -> Selection:
    """``selection`` without the tools a registry swapped in while it ran no longer holds.

    A selection serves from the snapshot it took; when ``set_tools`` (an MCP refresh) swapped
    in another meanwhile, a tool it removed is not handed out.
    """
    if taken is now:
        return selection
    gone = [s.name for s in selection.selected if s.name not in now.position]
    if not gone:
        return selection
    kept = tuple(s for s in selection.selected if s.name in now.position)
    note = Note(
        NoteKind.REMOVED, f"left out, removed from the registry while selecting: {', '.join(gone)}", tools=tuple(gone)
    )
    chars = openai_tools_chars([s.tool for s in kept])
    return dataclasses.replace(selection, selected=kept, notes=(*selection.notes, note), selected_chars=chars)
