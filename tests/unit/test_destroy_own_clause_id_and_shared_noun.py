"""An id of its own destroy clause beside a word of another's object; a record noun two destroyers' objects share.

"取消订单 O-5512，再把 D-101 的草稿删掉" asks both acts: 订单 names the order's cancel, and D-101, said in a clause of
its own that names no destroyer's object, still names the drafts' delete (``decide._ids_of_own_clauses``). 预约 is a
reservation and an appointment: "顺便把明天下午那个保养预约也撤了" names no one destroyer over the ranking where one's
name says reservation and another's description appointment (``objects.destroyer_of_named_record``).
"""

import importlib

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.objects import destroyer_of_named_record

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

decide = importlib.import_module("toolfilter_core._pipeline.decide")

GONE = {"destructiveHint": True}
PHRASES = act_phrases(4, 5)  # three tools on axes 1-3; the destroy-asking act phrases on 4, the others on 5

ORDER_CANCEL = ToolSpec("order_cancel", "Cancel an order by its id.", takes("order_id"), annotations=GONE)
DRAFT_DELETE = ToolSpec("draft_delete", "Delete drafts by id.", takes("draft_ids"), annotations=GONE)
ORDER_GET = ToolSpec("order_get", "Show an order's status, items and payment by order id.", takes("order_id"))
DESK = [ORDER_CANCEL, DRAFT_DELETE, ORDER_GET]
TWO_ACTS = "取消订单 O-5512，再把 D-101 的草稿删掉"
ASKS = {  # each ask best for its own act's tool: the whole, the order's cancel first
    TWO_ACTS: unit(0, 0.8, 0.6, 0.2),
    "取消订单 O-5512": unit(0, 0.9, 0, 0.2, 0.4),
    "再把 D-101 的草稿删掉": unit(0, 0, 0.9, 0, 0.4),
    "把 D-101 的草稿删掉": unit(0, 0, 0.9, 0, 0.4),
}


def test_an_id_of_its_own_destroy_clause_names_its_destroyer_beside_another_s_word() -> None:
    table = tool_axes(DESK) | PHRASES | ASKS
    s = hand_filter(DESK, table).select(TWO_ACTS)
    assert {"order_cancel", "draft_delete"} <= set(s.names), s.explain()


RESERVATION_CANCEL = ToolSpec("reservation_cancel", "Cancel a rental reservation.", annotations=GONE)
SLOT_CANCEL = ToolSpec("calendar_cancel_slot", "Cancel an appointment on the workshop calendar.", annotations=GONE)
SLOT_FREE = ToolSpec("calendar_cancel_slot", "Free a slot on the workshop calendar.", annotations=GONE)
DROP_SERVICE = "顺便把明天下午那个保养预约也撤了"


def test_a_record_noun_another_s_description_names_too_leaves_the_ranking() -> None:
    assert destroyer_of_named_record(DROP_SERVICE, [RESERVATION_CANCEL, SLOT_CANCEL], [True, True]) is None
    # no other destroyer's object is an appointment: the reservation's cancel is named
    assert destroyer_of_named_record(DROP_SERVICE, [RESERVATION_CANCEL, SLOT_FREE], [True, True]) == 0
