"""Who speaks, wants, confirms or is served is not the thing a destroy request acts on.

"帮客户取消 ORD-5521", "客户说 ORD-5521 要取消", "Customer C-1188 wants ORD-5521 cancelled": the customer is who is
served or wants it, the order the thing, and the request's id is the order's. A shop's registry sent
``delete_customer`` (ranked first, its record read in 客户) or nothing. The people are blanked where the guard
reads the ask (``speakers``). Cosines are fixed by hand (``TableEmbedder``), the client's destroyer ranked first.
"""

import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.plain_verbs import in_plain_verbs
from toolfilter_core._pipeline.speakers import speakers_apart
from toolfilter_core._pipeline.zh_speakers import relayed_by_another

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

GONE = {"destructiveHint": True}
GROOMER = [
    ToolSpec("delete_client", "Delete a client account and all its data.", takes("client_id"), annotations=GONE),
    ToolSpec("cancel_booking", "Cancel a grooming booking before its day.", takes("booking_id"), annotations=GONE),
    ToolSpec("get_booking", "Show a booking's date, groomer and status.", takes("booking_id")),
]


@pytest.mark.parametrize(
    "text",
    [
        "帮客户取消 BK-5521",
        "等客户确认后再取消 BK-5521",
        "客户说 BK-5521 要取消",
        "客户确认了，取消 BK-5521",
        "客户打电话说 BK-5521 不要了，帮我取消",
        "客户说BK-5521那单他不要了，帮忙取消",
        "BK-5521 客户不要了",
        "Client CL-1188 wants BK-5521 cancelled",
        "The client says cancel BK-5521",
        "Cancel BK-5521 for client CL-1188",
        "For client CL-1188: cancel BK-5521",
        "Cancel BK-5521 when the client calls back",
    ],
)
def test_the_served_or_speaking_client_is_not_destroyed(text: str) -> None:
    table = tool_axes(GROOMER) | act_phrases(4, 5) | {text: unit(0, 0.6, 0.55, 0.3, 0.5)}  # the client's first
    s = hand_filter(GROOMER, table).select(text)
    assert "cancel_booking" in s.names, s.explain()
    assert "delete_client" not in s.names, s.explain()


@pytest.mark.parametrize(
    "text",
    ["删除客户 CL-1188", "把这个客户删掉，CL-1188", "Delete client CL-1188", "delete all data for client CL-1188"],
)
def test_the_client_asked_destroyed_is_still_sent(text: str) -> None:
    table = tool_axes(GROOMER) | act_phrases(4, 5) | {text: unit(0, 0.6, 0.3, 0.2, 0.5)}
    s = hand_filter(GROOMER, table).select(text)
    assert "delete_client" in s.names, s.explain()
    assert "cancel_booking" not in s.names, s.explain()


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("帮客户取消 ORD-5521", "帮  取消 ORD-5521"),  # served
        ("等客户确认后再取消 ORD-5521", "等  确认后再取消 ORD-5521"),  # waited on
        ("客户确认了，取消 ORD-5521", "  确认了，取消 ORD-5521"),  # confirms
        ("ORD-5521 客户不要了", "ORD-5521   不要了"),  # no longer wants the thing said before
        ("这个客户不要了", "这个客户不要了"),  # the customer is the thing no longer wanted
        ("把客户 C-1 删掉", "把客户 C-1 删掉"),
        ("Customer C-1188 wants ORD-5521 cancelled", "                wants ORD-5521 cancelled"),
        ("Cancel ORD-5521 for customer C-1188", "Cancel ORD-5521 for                "),
        ("delete all data for customer C-1188", "delete all data for customer C-1188"),  # no other id: the thing
        ("Cancel ORD-5521 when the customer calls back", "Cancel ORD-5521 when              calls back"),
    ],
)
def test_people_blanked(text: str, left: str) -> None:
    assert speakers_apart(text) == left


@pytest.mark.parametrize(
    ("text", "another"),
    [
        ("我妈说订单 ORD-5521 不要了", True),  # the speaker's mother
        ("我说订单 ORD-5521 不要了", False),  # the speaker's own
        ("老实说订单 ORD-5521 不要了", False),
        ("客户告诉我们 ORD-5521 不要了", False),  # a customer's wish told to the business
        ("订单说明里的 ORD-5521 不要了", False),  # 说明: no saying
    ],
)
def test_relayed_by_another(text: str, another: bool) -> None:
    assert relayed_by_another(text, 0, len(text)) is another


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("客户说订单 ORD-5521 不要了", "客户说订单 ORD-5521 取消"),  # a customer's wish told to the business
        ("客户告诉我们订单 ORD-5521 不要了", "客户告诉我们订单 ORD-5521 取消"),
        ("ORD-5521 客户不要了", "ORD-5521 不要了"),  # the customer no longer wants the thing said first
        ("我妈说订单 ORD-5521 不要了", "我妈说订单 ORD-5521 不要了"),  # another's words, relayed
    ],
)
def test_a_customers_unwanted_thing_read_as_its_cancel(text: str, read: str) -> None:
    assert in_plain_verbs(text) == read


@pytest.mark.parametrize(
    "text",
    [
        "Patient P-2231 asked us to delete her record and cancel appointment A-5521",  # her record: the act's
        "Delete the record for patient P-2231 and cancel A-5521",
        "Patient P-2231 wants her account deleted, she also had appointment A-5521",
        "帮客户 C-1188 把账号删了，顺便退 ORD-77 的款",  # the customer's account, then another act
        "客户要求删除他的账号，订单 ORD-77 退款",
    ],
)
def test_a_person_whose_own_thing_is_destroyed_is_not_blanked(text: str) -> None:
    assert speakers_apart(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "Client CL-2231 asked us to delete her record and cancel booking BK-5521",
        "帮客户 CL-1188 把账号删了，顺便取消 BK-5521",
    ],
)
def test_the_client_destroyed_beside_another_id_is_sent(text: str) -> None:
    table = tool_axes(GROOMER) | act_phrases(4, 5) | {text: unit(0, 0.6, 0.55, 0.3, 0.5)}
    s = hand_filter(GROOMER, table).select(text)
    assert "delete_client" in s.names, s.explain()


def test_the_client_told_beside_her_deleted_account_sends_no_cancel() -> None:
    text = "Client CL-2231 wants her account deleted, she also had booking BK-5521"
    table = tool_axes(GROOMER) | act_phrases(4, 5) | {text: unit(0, 0.6, 0.55, 0.3, 0.5)}
    s = hand_filter(GROOMER, table).select(text)
    assert "delete_client" in s.names, s.explain()
    assert "cancel_booking" not in s.names, s.explain()
