"""A request's destroy word is asked only when a grant verb governs the request and is not negated: "please don't
approve the refund request" and "reject the refund request …, then process the next one" ask no refund; "grant",
"accept", "OK the refund request" do. Cosines are fixed by hand, as in the span-ends tests."""

import pytest

from toolfilter_core import Reason
from toolfilter_core._pipeline.noun_acts import names_acts_only

from .test_destroy_span_ends import TAKEAWAY_REFUND, TAKEAWAY_STATUS, _select

_NOT_GRANTED = [
    "please don't approve the refund request for TK-1",
    "do not process the refund request for TK-1",
    "reject the refund request for TK-1, then process the next one",
    "show me the refund request for TK-1, it says processing",
]
_GRANTED = [
    "grant the refund request for TK-1",
    "accept the refund request for TK-1",
    "OK the refund request for TK-1",
    "authorise the refund request for TK-1",
]


@pytest.mark.parametrize("text", _NOT_GRANTED)
def test_a_request_not_granted_holds_its_act(text: str) -> None:
    assert names_acts_only(text)
    s = _select(text, [TAKEAWAY_REFUND, TAKEAWAY_STATUS])
    assert "takeaway_order_refund" in {r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD}, s.explain()


@pytest.mark.parametrize("text", _GRANTED)
def test_a_granted_request_sends_its_act(text: str) -> None:
    assert not names_acts_only(text)
    s = _select(text, [TAKEAWAY_REFUND, TAKEAWAY_STATUS])
    assert "takeaway_order_refund" in s.names, s.explain()
