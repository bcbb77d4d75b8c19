"""A paste's lead-in ("Log below:") is no ask: it keeps no tool of its own.

A user's message asked to resend an SMS reminder and pasted a log after "Log below:"; that
lead-in was cut off as an ask and kept its best tool, ``customer_create``
(``kept each ask's best tool: customer_create (for 'Log below:')``). Cosines fixed by hand.
"""

import pytest

from toolfilter_core import NoteKind, ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._clauses import is_lead_in

from .fakes import TableEmbedder, unit

TOOLS = [
    ToolSpec("sms_send", "Send an SMS text message to a customer's mobile phone."),
    ToolSpec("customer_create", "Create a new customer record with name, phone and e-mail."),
    ToolSpec("booking_get", "Show a cleaning booking: date, slot, status."),
]
REQUEST = "resend the SMS reminder for booking B-4410. Log below:"
TABLE = {
    **{t.document(): unit(*[float(i == j) for j in range(3)]) for i, t in enumerate(TOOLS)},
    REQUEST: unit(0.9, 0.1, 0.3),
    "resend the SMS reminder for booking B-4410": unit(0.95, 0.0, 0.3),
    "Log below:": unit(0.0, 1.0, 0.0),  # the lead-in alone sits on customer_create
}


def test_a_lead_in_keeps_no_tool() -> None:
    cfg = ToolFilterConfig(enabled=True, top_k=1, abstain_phrases=(), weights={"embed": 1.0})
    s = ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(TABLE, id="lead-in-1")).select(REQUEST)
    assert "sms_send" in s.names, (s.names, s.detail)
    assert "customer_create" not in s.names
    assert not any(r.kind is NoteKind.ASKS_KEPT for r in s.reasons)


@pytest.mark.parametrize(
    ("clause", "lead_in"),
    [("Log below:", True), ("日志如下：", True), ("请看：", True), ("请看日志", False), ("check the log below", False)],
)
def test_a_lead_in_points_at_what_follows(clause: str, lead_in: bool) -> None:
    """ "请看日志" (look at the log) asks; 请看 points at a paste only before a colon."""
    assert is_lead_in(clause) is lead_in
