"""Destroy words that ask no act of the destroyer they name.

Each case had a destructive tool through the guard: another's wish the speaker refuses ("my husband wants to cancel
SR-1 but I want to keep it"), a refund's number (退款单号 RF-1204), a customer named only by the e-mail beside a cancel
(an account closer whose words cancel autopay), a waitlist a vessel remover does not remove from, and a way in shut
off beside a refused close ("don't close the account, just shut off their gate code"), which the guard held although
asked. Cosines are fixed by hand (``TableEmbedder``); the registries are written here, not the marina's.
"""

import pytest

from toolfilter_core import ToolFilter, ToolSpec
from toolfilter_core._hints import request_is_destructive, request_says_its_act
from toolfilter_core._pipeline.noun_acts import acts_as_nouns_apart
from toolfilter_core._pipeline.wishes import split_wishes

from .fakes import act_phrases, hand_filter, padded, takes, tool_axes


@pytest.mark.parametrize(
    ("text", "wish"),
    [
        (
            "My husband wants to cancel our booking BK-30112 but I want to keep it. What dates do we have on it?",
            "My husband wants to cancel our booking BK-30112",
        ),
        ("My wife wants to cancel order OR-1, I don't agree. When does it ship?", "My wife wants to cancel order OR-1"),
        ("I'd rather keep it, but my son wants to delete the album AL-77", "my son wants to delete the album AL-77"),
        ("我老公想取消预订 BK-30112，但我想留着。上面的日期是哪几天？", "我老公想取消预订 BK-30112"),
        ("我女儿要注销会员 M-5521，我不同意，她还有多少积分？", "我女儿要注销会员 M-5521"),
        ("我老公想取消 SR-20417，我还是想留着，押金是多少？", "我老公想取消 SR-20417"),
    ],
)
def test_another_s_wish_the_speaker_keeps_is_told(text: str, wish: str) -> None:
    ask, told = split_wishes(text)
    assert told == wish
    assert not request_is_destructive(ask), ask


@pytest.mark.parametrize(
    "text",
    [
        "My husband wants to cancel our booking BK-30112",
        "my husband wants to cancel BK-1, please cancel it",
        "我老公想取消预订 BK-30112，帮他取消吧",
        "I want to keep the album but delete photo P-1",
    ],
)
def test_a_wish_nobody_refuses_is_no_told_wish(text: str) -> None:
    assert split_wishes(text) == (text, "")


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("退款什么时候能到我卡上？退款单号 RF-1204", "退款什么时候能到我卡上？单号 RF-1204"),
        ("取消编号：CX-88，钱什么时候退回来", "编号：CX-88，钱什么时候退回来"),
        ("作废单号是 FT-2 那张还在账单里吗", "单号是 FT-2 那张还在账单里吗"),
        ("Refund number RF-1822 - has it been sent yet?", " number RF-1822 - has it been sent yet?"),
        # the number names what the act is on: the act stays asked
        ("取消单号 D-1 的订单", "取消单号 D-1 的订单"),
        ("帮我退款 RF-1", "帮我退款 RF-1"),
        ("删除记录 R-1", "删除记录 R-1"),
        ("refund the payment, number PAY-1", "refund the payment, number PAY-1"),
    ],
)
def test_a_destroy_word_before_a_record_s_number_names_the_record(text: str, kept: str) -> None:
    assert acts_as_nouns_apart(text) == kept


VESSEL_REMOVE = ToolSpec("vessel_remove", "Remove a vessel from a customer's account (sold, moved to another dock).")
ITEM_REMOVE = ToolSpec("box_item_remove", "Remove an item from a subscriber's next box.")
WAITLIST_REMOVE = ToolSpec("waitlist_remove", "Take a customer off the seasonal waitlist.")
ROSTER_REMOVE = ToolSpec("class_student_remove", "Remove a student from a group class roster.")


@pytest.mark.parametrize(
    ("text", "tool", "says"),
    [
        ("Take C-55102 off the seasonal waitlist, they got a slip elsewhere", VESSEL_REMOVE, False),
        ("take him off the waitlist for June", ITEM_REMOVE, False),
        ("Take C-55102 off the seasonal waitlist, they got a slip elsewhere", WAITLIST_REMOVE, True),
        ("take Lucas Brown off the ALG-2-P6 roster, he moved", ROSTER_REMOVE, True),
        ("remove vessel V-3381, it was sold", VESSEL_REMOVE, True),
    ],
)
def test_taking_someone_off_a_list_is_no_removal_from_elsewhere(text: str, tool: ToolSpec, says: bool) -> None:
    assert request_says_its_act(text, tool) is says


@pytest.mark.parametrize(
    ("text", "destroys"),
    [
        ("Just shut off their gate code until they pay", True),
        ("turn the key card off for room 12", True),
        ("cut off his access to the shared drive", True),
        ("turn off the alerts for badge B-1", False),
        ("turn off notifications", False),
        ("shut off the radio", False),
    ],
)
def test_shutting_off_a_way_in_asks_to_revoke_it(text: str, destroys: bool) -> None:
    assert request_is_destructive(text) is destroys


def _chosen(tools: list[ToolSpec], text: str, vector: list[float]) -> ToolFilter:
    table = tool_axes(tools, padded) | act_phrases(7, 8, padded) | {text: vector}
    return hand_filter(tools, table)


BOOKING_CANCEL = ToolSpec("booking_cancel", "Cancel a booking. This cannot be undone.", takes("booking_id"))
BOOKING_GET = ToolSpec("booking_get", "Look up a booking by its number: dates, status.", takes("booking_id"))
ACCOUNT_CLOSE = ToolSpec(
    "customer_account_close",
    "Close a customer's account for good: ends their contract, cancels autopay and archives their records.",
    takes("customer_id"),
)
EMAIL_SEND = ToolSpec("customer_email_send", "Send an email to a customer.", takes("customer_id"))
GATE_REVOKE = ToolSpec("gate_code_revoke", "Revoke a customer's gate access code.", takes("customer_id"))
GATE_ISSUE = ToolSpec("gate_code_issue", "Issue a gate access code to a customer.", takes("customer_id"))


@pytest.mark.parametrize(
    "text",
    [
        "Cancel booking BK-20417 and email the customer that it's done",
        "Cancel booking BK-20417, then email the customer the refund details",  # a refund's details: no act
    ],
)
def test_a_cancel_beside_an_email_to_the_customer_closes_no_account(text: str) -> None:
    tools = [BOOKING_CANCEL, ACCOUNT_CLOSE, EMAIL_SEND, BOOKING_GET]
    s = _chosen(tools, text, padded(0, 0.8, 0.45, 0.6, 0.4, 0, 0, 0.5)).select(text)
    assert "booking_cancel" in s.names, s.explain()
    assert "customer_account_close" not in s.names, s.explain()


def test_a_close_asked_of_the_account_still_enters() -> None:
    tools = [BOOKING_CANCEL, ACCOUNT_CLOSE, EMAIL_SEND, BOOKING_GET]
    text = "Cancel booking BK-20417 and close the customer's account"
    s = _chosen(tools, text, padded(0, 0.8, 0.7, 0.3, 0.4, 0, 0, 0.5)).select(text)
    assert {"booking_cancel", "customer_account_close"} <= set(s.names), s.explain()


def test_another_s_wish_refused_sends_no_cancel() -> None:
    tools = [BOOKING_CANCEL, BOOKING_GET, EMAIL_SEND]
    text = "My husband wants to cancel our booking BK-30112 but I want to keep it. What dates do we have on it?"
    s = _chosen(tools, text, padded(0, 0.8, 0.75, 0.1, 0, 0, 0, 0.4)).select(text)
    assert "booking_cancel" not in s.names, s.explain()
    assert "booking_get" in s.names, s.explain()


def test_a_refused_close_leaves_the_gate_code_shut_off() -> None:
    tools = [GATE_REVOKE, GATE_ISSUE, ACCOUNT_CLOSE]
    text = "No, don't close the account. Just shut off their gate code until they pay."
    s = _chosen(tools, text, padded(0, 0.8, 0.6, 0.5, 0, 0, 0, 0.4)).select(text)
    assert "gate_code_revoke" in s.names, s.explain()
    assert "customer_account_close" not in s.names, s.explain()


def test_a_waitlist_removal_sends_no_vessel_removal() -> None:
    """The reason clause ranks the vessel remover best, and both take the customer's id (its ``customer_id``)."""
    customer = {"type": "string", "description": "e.g. C-10293"}
    one = {"type": "object", "properties": {"customer_id": customer}, "required": ["customer_id"]}
    two = {"type": "object", "properties": {"customer_id": customer, "vessel_id": {"type": "string"}}}
    vessel = ToolSpec(VESSEL_REMOVE.name, VESSEL_REMOVE.description, two)
    waitlist = ToolSpec(WAITLIST_REMOVE.name, WAITLIST_REMOVE.description, one)
    tools = [waitlist, vessel, ToolSpec("waitlist_add", "Put a customer on the seasonal waitlist.", one)]
    text = "Take C-55102 off the seasonal waitlist, they got a slip at another dock"
    table = tool_axes(tools, padded) | act_phrases(7, 8, padded) | {text: padded(0, 0.8, 0.5, 0.5, 0, 0, 0, 0.5)}
    table["Take C-55102 off the seasonal waitlist"] = padded(0, 0.9, 0.2, 0.4, 0, 0, 0, 0.5)
    table["they got a slip at another dock"] = padded(0, 0.2, 0.6, 0.1)
    s = hand_filter(tools, table).select(text)
    assert "waitlist_remove" in s.names, s.explain()
    assert "vessel_remove" not in s.names, s.explain()


def test_a_refund_s_number_asks_no_refund() -> None:
    refund = ToolSpec("payment_refund", "Refund a payment to the customer's card.", takes("payment_id"))
    status = ToolSpec("refund_status_get", "Check the status of a refund and its expected date.", takes("refund_id"))
    tools = [refund, status, BOOKING_GET]
    text = "退款什么时候能到我卡上？退款单号 RF-1204"
    s = _chosen(tools, text, padded(0, 0.7, 0.75, 0.1, 0, 0, 0, 0.4)).select(text)
    assert "refund_status_get" in s.names, s.explain()
    assert "payment_refund" not in s.names, s.explain()
