"""``ToolFilterRetriever``: the selection as ``Document``s, one per selected tool."""

from __future__ import annotations

from typing import Any

from langchain_core.callbacks import (
    AsyncCallbackManagerForRetrieverRun,
    CallbackManagerForRetrieverRun,
)
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import ConfigDict, Field

from toolfilter_core import Selection
from toolfilter_core.integration import MAX_TOOLS

from ._engine import SelectorLike, areport_selection, report_selection

__all__ = ["ToolFilterRetriever"]


def _documents(selection: Selection, order: list[str]) -> list[Document]:
    by_name = {s.name: s for s in selection.selected}
    docs = []
    for name in order:
        scored = by_name[name]
        spec = scored.tool
        docs.append(
            Document(
                id=spec.name,
                page_content=f"{spec.name}: {spec.description}".strip(),
                metadata={
                    "name": spec.name,
                    "category": spec.category,
                    "tags": list(spec.tags),
                    "score": round(scored.score, 4),
                    "signals": {k: round(v, 4) for k, v in scored.breakdown.signals.items()},
                    "fallback": selection.fallback,
                },
            )
        )
    return docs


class ToolFilterRetriever(BaseRetriever):
    """Retrieve the tools a query needs, as ``Document``s (one per selected tool).

    Each ``Document`` has the tool name as ``id``, ``"name: description"`` as content and
    the score with its per-signal breakdown in ``metadata``. Documents come best first, at
    most ``k`` of them (a low-confidence selection widened past ``k`` is cut to the best
    ``k``). Fewer than ``k`` come back when fewer tools fit: the selector never pads a list
    with tools it does not believe in.

    Instantiate:
        .. code-block:: python

            retriever = ToolFilterRetriever(selector=selector, k=3)
            # or: retriever = selector.as_retriever(k=3)

    Retrieve:
        .. code-block:: python

            retriever.invoke("发封邮件给老板")
            retriever.invoke("send an email", k=1)
    """

    selector: SelectorLike
    """The selector whose registry is searched (a ``ToolFilterSelector``)."""
    k: int | None = Field(default=None, ge=1, le=MAX_TOOLS)
    """How many tools at most; None: the config's ``top_k``."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    def _limit(self, k: int | None) -> int | None:
        return k if k is not None else self.k

    def _kwargs(self, k: int | None) -> dict[str, Any]:
        limit = self._limit(k)
        return {} if limit is None else {"top_k": limit}

    def _order(self, selection: Selection, k: int | None) -> list[str]:
        # k is a hard cap: a low-confidence selection may have been widened past it.
        return [s.name for s in selection.selected][: self._limit(k)]

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun, k: int | None = None
    ) -> list[Document]:
        outcome = self.selector.engine.select(query, self._kwargs(k))
        order = self._order(outcome.selection, k)
        report_selection(run_manager, outcome.selection, outcome.window, order)
        return _documents(outcome.selection, order)

    async def _aget_relevant_documents(
        self,
        query: str,
        *,
        run_manager: AsyncCallbackManagerForRetrieverRun,
        k: int | None = None,
    ) -> list[Document]:
        outcome = await self.selector.engine.aselect(query, self._kwargs(k))
        order = self._order(outcome.selection, k)
        await areport_selection(run_manager, outcome.selection, outcome.window, order)
        return _documents(outcome.selection, order)
