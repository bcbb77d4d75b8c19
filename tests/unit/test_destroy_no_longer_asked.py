"""Asking that a thing can no longer be done asks the act whose description says it stops that.

An equipment lessor's "Invoice INV-2026-0877 went out with the wrong VAT, make sure it can't be paid anymore" held
``invoice_void`` ("Void an issued invoice so it is no longer payable"), ranked first with profiles: no destroy word
is said, yet the request asks for what the void's description says it does. Cosines are fixed by hand
(``TableEmbedder``), the read first and the destroyer second.
"""

import pytest

from toolfilter_core import Reason, ToolFilter, ToolSpec
from toolfilter_core._hints import puts_out_of_use_as_told

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

DESTROYS = {"destructiveHint": True}
TICKET_GET = ToolSpec("ticket_get", "Look up a ferry ticket: route, date, holder.", takes("ticket_id"))
TICKET_VOID = ToolSpec(
    "ticket_void", "Void a ferry ticket so it can no longer be used to board.", takes("ticket_id"), annotations=DESTROYS
)
REFUND = ToolSpec("ticket_refund", "Refund a ferry ticket to the card it was bought with.", takes("ticket_id"))
TOOLS = [TICKET_GET, TICKET_VOID, REFUND]
TABLE = tool_axes(TOOLS) | act_phrases(4, 5)
SECOND = unit(0, 0.8, 0.7, 0, 0, 0.3)  # the read first, the void second

ASKED = [
    "Ticket TK-3310 was sold twice, make sure it can't be used anymore",
    "please ensure TK-3310 can no longer be used",
    "make sure that ticket TK-3310 cannot be used again",
]
NOT_ASKED = [
    "make sure TK-3310 can't be used by anyone but the holder",  # no lasting word: a setting, not the void
    "make sure TK-3310 can be used on the 9:40 sailing",
    "can TK-3310 still be used?",
]
TABLE |= {text: SECOND for text in [*ASKED, *NOT_ASKED]}

INVOICE_VOID = ToolSpec("invoice_void", "Void an issued invoice so it is no longer payable.", takes("invoice_id"))


@pytest.mark.parametrize(
    ("text", "tool", "says"),
    [
        ("make sure it can't be paid anymore", INVOICE_VOID, True),  # paid and payable: one verb
        ("ensure INV-1 can no longer be paid", INVOICE_VOID, True),
        ("make sure it can't be paid by card", INVOICE_VOID, False),  # no lasting word
        ("make sure it can't be used anymore", INVOICE_VOID, False),  # another verb than the description's
        ("make sure it can't be used anymore", TICKET_VOID, True),
        ("it can't be used anymore", TICKET_VOID, False),  # told, not asked
    ],
)
def test_what_can_no_longer_be_done_is_matched_to_the_description(text, tool, says):
    assert puts_out_of_use_as_told(text, tool) is says


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


@pytest.mark.parametrize("text", ASKED)
def test_asking_that_a_thing_can_no_longer_be_done_is_sent_its_destroyer(text):
    s = _filter().select(text)
    assert "ticket_void" in s.names, s.explain()


@pytest.mark.parametrize("text", NOT_ASKED)
def test_other_wordings_keep_the_destroyer_held(text):
    s = _filter().select(text)
    assert "ticket_void" in {r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD}, s.explain()
