"""A destroyer's act said but not asked: told not to do, a condition's own later act, a refund's state told.

"no, don't close it. just check her points balance" said the opening word of ``customer_account_close`` ("Close a
customer account …") inside the negation; "如果衣服明天还洗不好我就取消订单，先查查 … 什么时候能好" tells a cancel the
speaker may do later and asks the check; "退款被拒了，我想提交…索赔" tells what became of a refund and asks a claim;
"从订单 GO-2230 里去掉一条领带" takes an item from the order: no order cancelled, no note deleted (fake embedder).
"""

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._hints import request_is_destructive
from toolfilter_core._pipeline.decide import says_acts
from toolfilter_core._pipeline.later_acts import split_later_acts
from toolfilter_core._pipeline.reports import ask_and_reports

from .fakes import takes

CLOSE = ToolSpec("customer_account_close", "Close a customer account and delete their personal data. Irreversible.")
POINTS = ToolSpec("loyalty_points_get", "Show a customer's loyalty points balance.")
TICKET_CLOSE = ToolSpec("ticket_close", "Close a support ticket. Cannot be reopened.")
TICKET_GET = ToolSpec("ticket_get", "Show a support ticket.")
MERGE = ToolSpec("customer_records_dedupe", "Permanently merges two customer records into one.")
UNFOLLOW = ToolSpec("artist_unfollow", "Unfollow artists or users.")
FOLLOWS = ToolSpec("follow_list", "List the artists the user follows.")
RECORD_GET = ToolSpec("customer_record_get", "Show a customer record.")


@pytest.mark.parametrize(
    ("text", "tools"),
    [
        ("no, don't close it. just check her points balance", [CLOSE, POINTS]),
        ("no — don't unfollow them, just list who I follow", [UNFOLLOW, FOLLOWS]),
        ("please don't close T-88 yet, show me its history", [TICKET_CLOSE, TICKET_GET]),
        ("never merge these two records; show me record R-1", [MERGE, RECORD_GET]),
        ("do not close ticket T-5 — show it to me", [TICKET_CLOSE, TICKET_GET]),
    ],
)
def test_an_opening_word_told_not_to_do_says_no_act(text: str, tools: list[ToolSpec]) -> None:
    assert not says_acts(text, tools, np.array([[True, False]])).any()


@pytest.mark.parametrize(
    ("text", "tools"),
    [
        ("close account C-1", [CLOSE, POINTS]),
        ("don't email her, just close her account C-1", [CLOSE, POINTS]),
        ("don't wait, close T-88 now", [TICKET_CLOSE, TICKET_GET]),
        ("merge Ann Lee's two records", [MERGE, RECORD_GET]),
    ],
)
def test_an_opening_word_asked_beside_another_negation_is_said(text: str, tools: list[ToolSpec]) -> None:
    assert says_acts(text, tools, np.array([[True, False]])).tolist() == [[True, False]]


@pytest.mark.parametrize(
    ("text", "apart"),
    [
        ("如果衣服明天还洗不好我就取消订单，先查查 GO-8812 什么时候能好", "如果衣服明天还洗不好我就取消订单"),
        ("要是周五还修不好我们只好退款，先帮我看看 R-3 的进度", "要是周五还修不好我们只好退款"),
        ("万一她不来我就注销她的会员，先查一下 C-9 的积分", "万一她不来我就注销她的会员"),
        ("if it isn't ready tomorrow I'll cancel the order, first check when GO-8812 is ready", None),
        ("I'm going to cancel it if it's late again. where is PK-1 now?", "I'm going to cancel it if it's late again"),
        ("if they don't answer we will delete the account; show me C-4 first", None),
        ("退款被拒了，我想提交一个衣服洗坏的索赔，订单 GO-9001 的外套缩水了", "退款被拒了"),
        ("取消申请被驳回了，查一下订单 O-5 现在的状态", "取消申请被驳回了"),
        ("the refund was rejected, I want to file a damage claim for order GO-9001", "refund was rejected"),
        ("her refund request got declined, show me invoice F-7", "refund request got declined"),
    ],
)
def test_a_conditional_own_act_or_an_acts_state_is_read_apart(text: str, apart: str | None) -> None:
    ask, said = ask_and_reports(text)
    assert said
    assert apart is None or apart in said.split("\n")
    assert not request_is_destructive(ask)


@pytest.mark.parametrize(
    "text",
    [
        "如果还没发货就取消订单 O-1",  # the consequent asks the reader
        "如果明天还没好我就取消订单",  # nothing else asked: read whole
        "如果没好我就帮你取消，先查一下 O-2",  # an offer to act
        "if it hasn't shipped I'd like you to cancel it, and show me its status",
        "cancel O-1 if it has not shipped, and tell me its status",
        "the refund was rejected",
    ],
)
def test_an_ask_or_a_lone_telling_is_kept(text: str) -> None:
    assert split_later_acts(text) == (text, "")


def test_an_act_asked_again_after_its_state_is_asked() -> None:
    ask, said = split_later_acts("退款被拒了，请重新给 O-1 退款")
    assert said == "退款被拒了"
    assert request_is_destructive(ask)


GONE = {"destructiveHint": True}
ORDER_TOOLS = [
    ToolSpec("order_cancel", "Cancel a garment order before cleaning starts.", takes("order_id"), annotations=GONE),
    ToolSpec("order_update", "Change an open order: add or remove items, change the ready date.", takes("order_id")),
    ToolSpec(
        "order_note_delete",
        "Delete a note or special instruction from a garment order.",
        takes("order_id"),
        annotations=GONE,
    ),
    ToolSpec("order_get", "Look up one order: items, status and ready date.", takes("order_id")),
]
REFUND = ToolSpec(
    "refund_pay", "Refund money for an order to the customer's card.", takes("order_id"), annotations=GONE
)


@pytest.mark.parametrize(
    "text",
    [
        "从订单 GO-2230 里去掉一条领带，其他不变",
        "从订单 GO-2230 里拿掉那件衬衫",
        "remove a tie from order GO-2230, keep the rest",
        "take the blue shirt off order GO-2230",
    ],
)
def test_an_item_taken_from_an_order_destroys_neither_it_nor_its_note(text: str) -> None:
    names = ToolFilter(ORDER_TOOLS, embedder=HashingEmbedder()).select(text).names
    assert not {"order_cancel", "order_note_delete"} & set(names)


def test_a_note_taken_from_an_order_still_asks_its_destroyer() -> None:
    assert (
        "order_note_delete"
        in ToolFilter(ORDER_TOOLS, embedder=HashingEmbedder())
        .select("delete the no-starch note from order GO-2230")
        .names
    )


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("从订单 GO-2230 里去掉一条领带", True),
        ("remove a tie from order GO-2230", True),
        ("从订单 GO-2230 里删掉不上浆的备注", False),
        ("delete the no-starch note from order GO-2230", False),
    ],
)
def test_a_destroyer_that_takes_a_thing_from_a_record_takes_its_own_kind(text: str, held: bool) -> None:
    from toolfilter_core._pipeline.said_objects import things_of_ids

    assert bool(things_of_ids(text, ORDER_TOOLS[2:3], np.array([[True]]))[0, 0]) is held


@pytest.mark.parametrize(
    "text",
    [
        "if it isn't ready tomorrow I'll cancel the order, first check when GO-8812 is ready",
        "the refund was rejected, I want to look up order GO-9001",
    ],
)
def test_a_conditional_own_act_or_a_state_sends_no_destroyer(text: str) -> None:
    names = ToolFilter([*ORDER_TOOLS, REFUND], embedder=HashingEmbedder()).select(text).names
    assert not {"order_cancel", "refund_pay"} & set(names)
