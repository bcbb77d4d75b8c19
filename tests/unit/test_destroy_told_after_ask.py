"""A content told after an ask to destroy leaves that ask its tool (``reports.reported_acts``).

A car rental desk's "Refund the deposit on RA-88102 and email the customer that it's on the way" held
``deposit_release``: "that it's on the way" is told, and a told content held every destructive candidate the
ask does not say in a tool's own words (the refund is not ``deposit_release``'s name). The ask's own words ask
to destroy: its reading decides. Cosines are fixed by hand (``TableEmbedder``).
"""

import pytest

from toolfilter_core import Reason, ToolFilter, ToolSpec

from .fakes import act_phrases, hand_filter, padded, takes, tool_axes

DEPOSIT_RELEASE = ToolSpec(
    "deposit_release",
    "Release the security deposit hold and refund it to the customer's card. Irreversible once sent.",
    takes("agreement_id"),
)
SEND_EMAIL = ToolSpec("send_customer_email", "Send the customer an email.", takes("customer_id"))
DEPOSIT_GET = ToolSpec("deposit_get", "Get a deposit's status.", takes("agreement_id"))
TOOLS = [DEPOSIT_RELEASE, SEND_EMAIL, DEPOSIT_GET]
RELEASE_FIRST = padded(0, 0.8, 0.7, 0.5)
ASKED = [
    "Refund the deposit on RA-88102 and email the customer that it's on the way",
    "Refund the deposit on RA-88102 and email the customer",
]
TOLD_ONLY = "Email the customer that the deposit on RA-88102 is refunded"
TABLE = tool_axes(TOOLS, padded) | act_phrases(5, 6, padded) | dict.fromkeys([*ASKED, TOLD_ONLY], RELEASE_FIRST)


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


@pytest.mark.parametrize("text", ASKED)
def test_a_refund_asked_before_a_told_content_keeps_its_tool(text: str) -> None:
    s = _filter().select(text)
    assert "deposit_release" in s.names, s.explain()


def test_a_told_content_alone_still_holds_the_destructive_tool() -> None:
    s = _filter().select(TOLD_ONLY)
    held = {r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD}
    assert "deposit_release" in held, s.explain()
