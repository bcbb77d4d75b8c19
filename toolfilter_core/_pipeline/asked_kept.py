"""A destroyer the request asks for by its act and its id is kept wherever it ranks.

"取消订单 R-21030" (cancel order R-21030) against English descriptions ranks ``cancel_order`` under the relative cut:
the Chinese policy tool whose text says 订单取消 outscores it; "帮我把 PJ-30502 取消掉，客户电话里说的" ranks
``cancel_print_job`` outside the domains a widened selection keeps. The request says the tool's act (取消 is
"cancel", in the other language) and carries an id it takes (R-, which the registry's words give to orders; PJ-, to
print jobs): two readings of one tool agree on the act and its record, which no score cut outweighs. The guard still
decides: a tool it holds back is not kept.
"""

from __future__ import annotations

from dataclasses import replace

from .._hints import request_is_destructive
from .let_in import GuardReading
from .route import RouteRows

__all__ = ["ASKED_KEPT", "asked_kept"]

ASKED_KEPT = True
"""A destroyer whose act and id the request says is kept past the score and domain cuts (off: the cuts hold it)."""


def asked_kept(rows: RouteRows, why: GuardReading, text: str) -> RouteRows:
    """``rows`` with the destroyers the guard lets in whose act (``why.said``) and id (``why.takes``) ``text`` says."""
    if not ASKED_KEPT or why.said is None or why.takes is None or not request_is_destructive(text):
        return rows
    kept = rows.routed.copy()
    for j, takes in enumerate(why.takes):
        asked = bool(why.said[0, j]) and takes
        kept[0, j] = kept[0, j] or (asked and not rows.excluded[0, j])
    return replace(rows, routed=kept)
