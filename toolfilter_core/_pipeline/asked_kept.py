"""A destroyer the request asks for by its act, its object and its id is kept wherever it ranks.

"取消订单 R-21030" (cancel order R-21030) against English descriptions ranks ``cancel_order`` under the relative cut:
the Chinese policy tool whose text says 订单取消 outscores it. The request says the tool's act (取消 is "cancel", in
the other language), names its object (订单 is "order") and carries an id it takes (R-, which the registry's words
give to orders): three readings of one tool agree, which no score cut outweighs. The guard still decides: a tool it
holds back is not kept.
"""

from __future__ import annotations

from dataclasses import replace

from .._hints import request_is_destructive
from .._types import ToolSpec
from .let_in import GuardReading
from .objects import names_object
from .route import RouteRows

__all__ = ["ASKED_KEPT", "asked_kept"]

ASKED_KEPT = True
"""A destroyer whose act, object and id the request all says is kept past the score cuts (off: the cuts hold it)."""


def asked_kept(rows: RouteRows, why: GuardReading, text: str, tools: list[ToolSpec]) -> RouteRows:
    """``rows`` with the destroyers the guard lets in whose act (``why.said``), id and object ``text`` says routed."""
    if not ASKED_KEPT or why.said is None or why.takes is None or not request_is_destructive(text):
        return rows
    kept = rows.routed.copy()
    for j, tool in enumerate(tools):
        asked = bool(why.said[0, j]) and why.takes[j] and names_object(text, tool)
        kept[0, j] = kept[0, j] or (asked and not rows.excluded[0, j])
    return replace(rows, routed=kept)
