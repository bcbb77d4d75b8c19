"""A destroyer the request asks for by its act and its id is kept wherever it ranks.

"取消订单 R-21030" (cancel order R-21030) against English descriptions ranks ``cancel_order`` under the relative cut:
the Chinese policy tool whose text says 订单取消 outscores it; "帮我把 PJ-30502 取消掉，客户电话里说的" ranks
``cancel_print_job`` outside the domains a widened selection keeps. The request says the tool's act (取消 is
"cancel", in the other language) and carries an id it takes (R-, which the registry's words give to orders; PJ-, to
print jobs): two readings of one tool agree on the act and its record, which no score cut outweighs. The guard still
decides: a tool it holds back is not kept. One the score floor dropped before the guard ("这个测试账户 CU-0001 干掉吧"
ranks ``delete_customer_account`` under ``min_combined_score``) is a candidate again, last (``asked_back``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from .._hints import request_is_destructive, request_says_its_act, request_says_its_act_across
from .._snapshot import Snapshot
from .._types import Reason, ScoredTool, ToolSpec
from .id_shapes import id_shapes
from .let_in import GuardReading
from .objects import names_object, opening_verbs_apart
from .route import RouteRows

__all__ = ["ASKED_KEPT", "asked_back", "asked_kept"]

ASKED_KEPT = True
"""A destroyer whose act and id the request says is kept past the score and domain cuts (off: the cuts hold it)."""


_POINTING = re.compile(r"[这那](?:[张个笔份条单项次位])|\b(?:the|that|this|his|her|their|my|our|your)\b", re.I)
"""A word that points to one record: 那张, 这笔, "the", "his" (not a bare "取消订单", cancel an order)."""


def record_pointed(text: str, tool: ToolSpec) -> bool:
    """``text`` names ``tool``'s record (``objects.names_object``) and points to one (``_POINTING``).

    "把…那张开重复的验耳费发票作废" points to one invoice; "取消订单" names orders, none of them.
    """
    return _POINTING.search(text) is not None and names_object(opening_verbs_apart(text), tool)  # not "order him"


def asked_kept(rows: RouteRows, why: GuardReading, text: str, tools: Sequence[ToolSpec] = ()) -> RouteRows:
    """``rows`` with the destroyers the guard lets in whose act (``why.said``) and id (``why.takes``) ``text`` says.

    Or, of ``tools`` (the candidates, best first), whose act and one record (``record_pointed``) it says.
    """
    if not ASKED_KEPT or why.said is None or (why.takes is None and not tools) or not request_is_destructive(text):
        return rows
    kept = rows.routed.copy()
    for j, takes in enumerate(why.takes or [False] * len(tools)):
        record = takes or (j < len(tools) and record_pointed(text, tools[j]))
        asked = bool(why.said[0, j]) and record
        kept[0, j] = kept[0, j] or (asked and not rows.excluded[0, j])
    return replace(rows, routed=kept)


def _asked(snapshot: Snapshot, text: str, scored: ScoredTool) -> bool:
    """A destroyer the score floor dropped whose act (in either language) and id or record the request says.

    Its record: one pointed to (``record_pointed``), in Chinese too ("把…那张…发票作废": 作废 voids, 发票 is an
    invoice, ``void_invoice``'s).
    """
    position = snapshot.position.get(scored.name)
    if scored.reason is not Reason.BELOW_MIN_COMBINED or position is None or not snapshot.destructive(position):
        return False
    says = request_says_its_act(text, scored.tool) or request_says_its_act_across(text, scored.tool)
    return says and (id_shapes(snapshot).takes(text, [scored.tool])[0] or record_pointed(text, scored.tool))


def asked_back(
    snapshot: Snapshot, text: str, survivors: list[ScoredTool], dropped: list[ScoredTool]
) -> tuple[list[ScoredTool], list[ScoredTool]]:
    """``survivors`` with the destroyers the request asks for by act and id (``_asked``) after them, as candidates."""
    if not ASKED_KEPT or not request_is_destructive(text):
        return survivors, dropped
    back = [ScoredTool(s.tool, s.breakdown) for s in dropped if _asked(snapshot, text, s)]
    names = {s.name for s in back}
    return survivors + back, [s for s in dropped if s.name not in names]
