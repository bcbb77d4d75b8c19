"""Destroy acts told, not asked, in a coworking space's and a self-storage facility's requests.

Another's wish beside the speaker's own act marked first ("…说想注销账号，我先给他发封邮件确认"), an act asked then
refused bare ("要退款…先别退"), a conditional act beside a first ask ("只有在…的情况下才取消…，先看看…"), the
speaker's own act told as the time of their plan ("我取消保险以后想重新买一份"), and a sibling destroyer of
another thing ("cancel desk booking DB-6610" and ``room_booking_cancel``); and destroy asks served: a Chinese ask
that says its record noun ("把 A-104 的租约退掉", "那份保险…给我停掉"), money given back ("give me back the payment").
"""

import importlib

import numpy as np
import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._hints import request_says_its_own_act
from toolfilter_core._pipeline import objects
from toolfilter_core._pipeline.befores import split_befores
from toolfilter_core._pipeline.later_acts import split_later_acts
from toolfilter_core._pipeline.siblings import siblings_named_in_part
from toolfilter_core._pipeline.wishes import split_wishes
from toolfilter_core._pipeline.withdrawn import withdrawn_acts

from .fakes import takes

decide = importlib.import_module("toolfilter_core._pipeline.decide")

REFUND = ToolSpec("payment_refund", "Refund a payment to the member's card.", takes("payment_id"))
DESK_CANCEL = ToolSpec("desk_booking_cancel", "Cancel a hot-desk booking.", takes("booking_id"))
ROOM_CANCEL = ToolSpec("room_booking_cancel", "Cancel a meeting room booking.", takes("booking_id"))
ROOM_BOOK = ToolSpec("room_booking_create", "Book a meeting room.", takes("room_id"))
ALL = np.array([[True]])


@pytest.mark.parametrize(
    ("text", "wish"),
    [
        ("会员 M-5120 说想注销账号，我先给他发封邮件确认是不是本人的意思", "会员 M-5120 说想注销账号"),
        ("the member says she wants to close her account, I'll first email her", "the member says she wants to close"),
    ],
)
def test_a_wish_beside_the_speakers_own_act_first_is_told(text: str, wish: str) -> None:
    ask, told = split_wishes(text)
    assert told.startswith(wish)
    assert wish not in ask


def test_a_relayed_wish_handed_on_is_asked() -> None:
    assert split_wishes("会员 M-5120 说想注销账号，帮他办一下")[1] == ""


@pytest.mark.parametrize(
    "text",
    [
        "只有在 M-2210 没付款的情况下才取消他的会员，先看看他的发票",
        "only cancel her membership if she hasn't paid, first show me her invoices",
    ],
)
def test_a_conditional_act_beside_a_first_ask_is_told(text: str) -> None:
    ask, told = split_later_acts(text)
    assert told and ("取消" in told or "cancel" in told)
    assert "cancel" not in ask and "取消" not in ask


@pytest.mark.parametrize("text", ["如果还没发货就取消订单 O-1", "if she hasn't paid, cancel M-1, then email her"])
def test_a_conditional_act_alone_is_asked(text: str) -> None:
    assert split_later_acts(text) == (text, "")


@pytest.mark.parametrize(
    "text",
    ["我取消保险以后想重新买一份，5000 块保额多少钱？", "after I cancel my insurance I want a new one, how much?"],
)
def test_the_speakers_act_told_as_the_time_of_their_plan_is_told(text: str) -> None:
    ask, told = split_befores(text)
    assert told and "保险" not in ask and "insurance" not in ask


@pytest.mark.parametrize(
    "text", ["cancel my insurance and quote me a new one", "取消保险以后帮我报个价", "我取消保险以后你再帮我退款"]
)
def test_an_order_in_turn_or_one_without_the_speaker_is_asked(text: str) -> None:
    assert split_befores(text) == (text, "")


@pytest.mark.parametrize(
    ("text", "refused", "held"),
    [
        ("他说多收了会议室的钱，要退款，你觉得呢？先别退，看看明细", "先别退", True),
        ("refund PAY-4410, actually don't refund it yet", "don't refund it yet", True),
        ("退款 PAY-4410，先别退了，还是退吧", "先别退了", False),
        ("refund PAY-4410 but don't refund the fee", "don't refund the fee", False),
        ("don't refund it yet, show me the invoice", "don't refund it yet", False),
    ],
)
def test_an_act_refused_bare_after_it_is_asked_is_withdrawn(text: str, refused: str, held: bool) -> None:
    assert bool(withdrawn_acts(text, refused, [REFUND], ALL)[0, 0]) is held


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("cancel desk booking DB-6610, the member is sick", ["room_booking_cancel"]),
        ("cancel room booking RB-902 and book room R-3 instead", ["desk_booking_cancel"]),
        ("cancel booking DB-6610", []),
        ("cancel desk booking DB-1 and room booking RB-2", []),
    ],
)
def test_a_sibling_destroyer_of_a_thing_named_in_part_is_held(text: str, held: list[str]) -> None:
    tools = [DESK_CANCEL, ROOM_CANCEL, ROOM_BOOK]
    destructive = np.array([[True, True, False]])
    said = np.array([[True, True, False]])
    row = siblings_named_in_part(text, tools, destructive, said)
    assert [t.name for j, t in enumerate(tools) if row[0, j]] == held


RENTAL_END = ToolSpec("rental_terminate", "End a rental (move-out): terminates the lease.", takes("rental_id"))
INSURANCE_CANCEL = ToolSpec("insurance_policy_cancel", "Cancel a tenant's insurance policy.", takes("policy_id"))
RESERVATION_CANCEL = ToolSpec("reservation_cancel", "Cancel a unit reservation.", takes("reservation_id"))
STORAGE = [RESERVATION_CANCEL, RENTAL_END, INSURANCE_CANCEL]


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("帮我把 A-104 的租约退掉，月底搬走", "rental_terminate"),
        ("我不想要那份保险了，给我停掉", "insurance_policy_cancel"),
    ],
)
def test_a_chinese_destroy_ask_acts_on_the_record_noun_it_says(text: str, tool: str) -> None:
    j = objects.destroyer_of_said_object(text, STORAGE, [True] * len(STORAGE))
    assert j is not None and STORAGE[j].name == tool


@pytest.mark.parametrize("text", ["A-104 的租约什么时候到期", "把保险和预订都取消"])
def test_no_destroy_ask_or_several_records_gives_no_destroyer(text: str) -> None:
    assert objects.destroyer_of_said_object(text, STORAGE, [True] * len(STORAGE)) is None


def test_a_clause_that_tells_who_else_names_no_destroyer() -> None:
    tools = [
        ToolSpec("cancel_booking", "Cancel a room booking.", takes("booking_id")),
        ToolSpec("delete_guest_profile", "Delete a guest's profile.", takes("guest_id")),
    ]
    assert objects.destroyer_of_said_object("BK-66021 客人不来了，撤掉", tools, [True, True]) is None


def test_a_word_named_object_outweighs_an_id_prefix_read_as_another_record() -> None:
    row = decide._worded("帮我把 A-104 的租约退掉", STORAGE, np.array([[True, True, True]]))
    assert [t.name for j, t in enumerate(STORAGE) if row[0, j]] == ["rental_terminate"]


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("You charged me twice for May, give me back the second payment P-7710", True),
        ("give us back the deposit", True),
        ("I'll give him back the money I borrowed", False),
        ("give me back the payment terminal", False),
    ],
)
def test_money_given_back_to_the_speaker_asks_a_refund(text: str, asked: bool) -> None:
    refund = ToolSpec("payment_refund", "Refund a payment to the tenant's card.", takes("payment_id"))
    assert request_says_its_own_act(text, refund) is asked
