"""Chinese destroy requests whose act is not the ranking's best destroyer's.

"取消请求被拒了，PK-300 改一下时间" tells a cancel request's state (请求, the noun, is no "please") and asks a
reschedule; "如果我冻结会籍的话，之后还能退款吗？" asks whether a refund is still possible, not for one;
"那件西装的改衣服务不要了，ALT-77 帮我撤掉" names the alteration (改衣), not the garment order ranked first;
"AT-60011 这台太旧了，做报废处理" says the retire (报废) and no destroy word, and the wipe ranked first is not
meant. Cosines are fixed by hand (``TableEmbedder``).
"""

import importlib

import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._hints import request_is_destructive
from toolfilter_core._pipeline.later_acts import split_later_acts
from toolfilter_core._pipeline.reports import ask_and_reports

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

decide = importlib.import_module("toolfilter_core._pipeline.decide")
id_acts = importlib.import_module("toolfilter_core._pipeline.id_acts")

GONE = {"destructiveHint": True}
PHRASES = act_phrases(4, 5)  # three tools on axes 1-3; the destroy-asking act phrases on 4, the others on 5


@pytest.mark.parametrize(
    ("text", "state"),
    [
        ("取消请求被拒了，PK-300 改一下时间", "取消请求被拒了"),
        ("删除请求被驳回了，查一下 C-5 的资料", "删除请求被驳回了"),
        ("如果我冻结会籍的话，之后还能退款吗？先查一下我的会籍状态 MS-4410", "之后还能退款吗？"),
        (
            "if I freeze it, could I still get a refund later? show me MS-4410 first",
            "could I still get a refund later?",
        ),
    ],
)
def test_a_state_or_a_possibility_is_told_not_asked(text: str, state: str) -> None:
    ask, told = ask_and_reports(text)
    assert state in told.split("\n")
    assert not request_is_destructive(ask)


@pytest.mark.parametrize(
    "text",
    [
        "还能帮我取消吗？查一下 O-1 的状态",  # asked of the reader
        "can you still cancel O-1? show it to me",
        "还能退款吗？",  # nothing else asked: read whole
    ],
)
def test_a_possibility_asked_of_the_reader_or_alone_is_kept(text: str) -> None:
    assert split_later_acts(text) == (text, "")


MEMBERSHIP = [
    ToolSpec("payment_refund", "Refund a payment to the member's card.", takes("payment_id"), annotations=GONE),
    ToolSpec("membership_get", "Show a membership: plan, status and end date.", takes("membership_id")),
    ToolSpec("refund_status", "Show where a refund is.", takes("refund_id")),
]
STILL = "如果我冻结会籍的话，之后还能退款吗？先查一下我的会籍状态 MS-4410"


def test_a_refund_asked_possible_sends_no_refund() -> None:
    table = tool_axes(MEMBERSHIP) | PHRASES | {STILL: unit(0, 0.8, 0.6, 0.2)}  # the refund ranked first
    s = hand_filter(MEMBERSHIP, table).select(STILL)
    assert "payment_refund" not in s.names, s.explain()
    assert "membership_get" in s.names, s.explain()


PICKUPS = [
    ToolSpec("pickup_cancel", "Cancel a scheduled van pickup or delivery.", takes("pickup_id"), annotations=GONE),
    ToolSpec("pickup_reschedule", "Move a scheduled pickup to another date or time window.", takes("pickup_id")),
    ToolSpec("pickup_get", "Show a scheduled pickup: driver, time window and status.", takes("pickup_id")),
]


def test_a_cancel_requests_state_sends_no_cancel() -> None:
    table = tool_axes(PICKUPS) | PHRASES | {"取消请求被拒了，PK-300 改一下时间": unit(0, 0.8, 0.6, 0.2)}
    s = hand_filter(PICKUPS, table).select("取消请求被拒了，PK-300 改一下时间")
    assert "pickup_cancel" not in s.names, s.explain()
    assert "pickup_reschedule" in s.names, s.explain()


ORDER_CANCEL = ToolSpec(
    "garment_order_cancel", "Cancel a garment order that has not started cleaning.", annotations=GONE
)
ALTERATION_CANCEL = ToolSpec(
    "alteration_cancel", "Cancel an alteration job before the tailor starts cutting.", annotations=GONE
)
ALTERATION_GET = ToolSpec("alteration_get", "Look up an alteration job: tailor, fitting date and status.")
CLEANER = [ORDER_CANCEL, ALTERATION_CANCEL, ALTERATION_GET]
DROP_ALTERATION = "那件西装的改衣服务不要了，ALT-77 帮我撤掉"


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (DROP_ALTERATION, 1),  # 改衣: the alteration, alteration_cancel's object
        ("客户 C-1 的改衣单撤掉", 1),  # the customer modifies; the alteration is the thing
        ("撤掉 ALT-77", None),  # an id's letters name no record
        ("改衣师傅今天不来了，撤掉吧", None),  # named outside the clause that asks to destroy
        ("这件衣服不洗了，从改衣单里去掉", None),  # the place it is taken from
        ("那件西装的干洗订单和改衣都不要了", None),  # the order's and the alteration's: several
    ],
)
def test_a_chinese_record_noun_names_its_destroyer(text: str, found: int | None) -> None:
    from toolfilter_core._pipeline.objects import destroyer_of_named_record

    assert destroyer_of_named_record(text, CLEANER, [True, True, False]) == found


def test_the_record_named_takes_the_act_from_the_ranking() -> None:
    table = tool_axes(CLEANER) | PHRASES | {DROP_ALTERATION: unit(0, 0.8, 0.6, 0.2)}  # the order's cancel first
    s = hand_filter(CLEANER, table).select(DROP_ALTERATION)
    assert "alteration_cancel" in s.names, s.explain()
    assert "garment_order_cancel" not in s.names, s.explain()


WIPE = ToolSpec(
    "device_wipe",
    "Remotely wipe a device through MDM: erases all data and resets it to factory settings. Irreversible.",
    takes("asset_tag"),
    annotations=GONE,
)
RETIRE = ToolSpec(
    "device_retire",
    "Retire a device from the fleet (write it off as end-of-life, scrapped or sold).",
    takes("asset_tag"),
    annotations=GONE,
)
DEVICE_GET = ToolSpec("device_get", "Get a leased device by its asset tag (e.g. AT-55812).", takes("asset_tag"))
FLEET = [WIPE, RETIRE, DEVICE_GET]
SCRAP = "AT-60011 这台太旧了，做报废处理"
ERASE = "AT-55812 丢了，把里面的数据全抹掉"
FLEET_TABLE = tool_axes(FLEET) | PHRASES
FLEET_TABLE |= {SCRAP: unit(0, 0.6, 0.5, 0.2, 0.6), ERASE: unit(0, 0.6, 0.5, 0.2, 0.6)}  # wipe first, near destroy


def test_an_own_act_said_beside_no_destroy_word_is_the_act_asked() -> None:
    s = hand_filter(FLEET, FLEET_TABLE).select(SCRAP)
    assert "device_retire" in s.names, s.explain()
    assert "device_wipe" not in s.names, s.explain()


def test_a_destroy_word_said_keeps_the_ranking() -> None:
    s = hand_filter(FLEET, FLEET_TABLE).select(ERASE)
    assert "device_wipe" in s.names, s.explain()


def test_off_the_ranking_best_is_meant_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Off, with the id's rule off too (``id_acts.ID_NEEDS_ITS_ACT``, which holds the wipe on its own)."""
    monkeypatch.setattr(decide, "SAID_OVER_VECTOR", False)
    monkeypatch.setattr(id_acts, "ID_NEEDS_ITS_ACT", False)
    s = hand_filter(FLEET, FLEET_TABLE).select(SCRAP)
    assert "device_wipe" in s.names, s.explain()
