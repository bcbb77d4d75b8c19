"""Words of a schema that are no id: a phone's placeholder, a generic word before "no.".

"Tel-xxxx-xxxx", "US-xxx-xxxx" and "ID-XXXXX" are a phone's or a generic word's, not an id format; "Payment id no."
names no other parameter ``id`` whose ids the payment would take. Cosines are fixed by hand (``TableEmbedder``).
"""

import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.id_shapes import id_prefixes, id_shapes

from .fakes import act_phrases, hand_filter, tool_axes, unit

DESTROYS = {"destructiveHint": True}


def _takes(**described: str) -> dict[str, object]:
    return {"type": "object", "properties": {k: {"type": "string", "description": v} for k, v in described.items()}}


@pytest.mark.parametrize(
    ("text", "prefixes"),
    [
        ("Tel-xxxx-xxxx", set()),
        ("US-xxx-xxxx phone", set()),
        ("Customer id (ID-XXXXX)", set()),
        ("e.g. No-###", set()),
        ("ref, e.g. BW-xxxxx or bw-XXXXX", {"bw"}),
        ("(R-xxxxx)", {"r"}),
    ],
)
def test_a_phone_or_generic_placeholder_gives_no_prefix(text, prefixes):
    assert id_prefixes(text, placeholders=True) == prefixes


GET = ToolSpec("ticket_get", "Get a support ticket.", _takes(id="Ticket id, e.g. TK-12345"))
CLOSE = ToolSpec("ticket_delete", "Delete a support ticket.", _takes(id="Ticket id"), annotations=DESTROYS)
REFUND = ToolSpec(
    "refund_issue",
    "Refund a payment to the customer.",
    _takes(payment_id="Payment id no. (PAY-12345)"),
    annotations=DESTROYS,
)
CLOSE_MEMBER = ToolSpec(
    "member_close",
    "Close a member account.",
    _takes(member_id="Member id (M-12345); the account has no balance left"),
    annotations=DESTROYS,
)
TOOLS = [REFUND, CLOSE, GET, CLOSE_MEMBER]
ASK = "delete ticket TK-20417, it was a duplicate"
TABLE = tool_axes(TOOLS) | act_phrases(5, 6)
TABLE |= {ASK: unit(0, 0.6, 0.55, 0.3, 0, 0, 0.5)}  # the refund first, the ticket's delete second


def test_a_generic_word_before_no_names_no_other_parameter():
    shapes = id_shapes(hand_filter(TOOLS, TABLE).snapshot)
    assert shapes.takes("TK-20417", TOOLS) == [False, True, True, False]
    assert shapes.takes("PAY-20417", TOOLS) == [True, False, False, False]


def test_the_refund_is_not_sent_for_a_tickets_id():
    s = hand_filter(TOOLS, TABLE, min_score=0.5).select(ASK)
    assert "refund_issue" not in s.names, s.explain()
