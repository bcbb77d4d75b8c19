"""Destroy requests the guard held back though the request asks for the act.

"pull out of the spring doubles" and 退赛 are a tournament withdrawal; "(GDPR erasure)" names ``member_delete``'s act,
so "erase all my personal data" says it; 退园 is a kindergarten's withdrawal; "kill order GC-118702" asks for the
destroyer of the order, the object the destroy word acts on; "refund S-4455" names the product sale (S of sale).
"""

import importlib

from toolfilter_core import ToolSpec
from toolfilter_core._hints import own_acts, request_is_destructive, request_says_its_act, request_says_its_own_act
from toolfilter_core._pipeline.objects import destroyed_objects, destroyer_of_said_object

from .fakes import hand_filter, takes, tool_axes

id_nouns = importlib.import_module("toolfilter_core._pipeline.id_nouns")

WITHDRAW = ToolSpec(
    "tournament_withdraw_team",
    "Withdraw a team from a tournament. Entry fee is forfeited after the deadline.",
    takes("team_id"),
)
MEMBER_DELETE = ToolSpec(
    "member_delete",
    "Permanently delete a member record and all personal data (GDPR erasure). Cannot be undone.",
    takes("member_id"),
)
CHILD_WITHDRAW = ToolSpec("withdraw_child", "办理幼儿退园：注销学籍、释放学位、停止后续收费。", takes("child_id"))
CANCEL_ORDER = ToolSpec("cancel_order", "Cancel a customer order before it is dispatched.", takes("order_id"))
REFUND_PAYMENT = ToolSpec("refund_payment", "Refund an order's payment to the original method.", takes("order_id"))


def test_pulling_out_of_a_competition_asks_to_withdraw():
    for text in (
        "Our team Smash Bros wants to pull out of the spring doubles tournament.",
        "we have to drop out of the league",
        "我们队退赛",
        "我们队要退出春季联赛",
    ):
        assert request_is_destructive(text), text
        assert request_says_its_act(text, WITHDRAW), text


def test_a_reported_or_modifying_pull_out_asks_nothing():
    for text in (
        "we pulled out of the spring doubles last year, when is the next one?",
        "他退出了比赛",
        "说一下退赛的事",
    ):
        assert not request_is_destructive(text), text


def test_an_act_named_in_brackets_is_the_tools_own():
    assert "erase" in own_acts(MEMBER_DELETE)
    assert request_says_its_act("Please erase all my personal data. Member M-1001.", MEMBER_DELETE)
    assert "erase" not in own_acts(ToolSpec("member_get", "Get a member (GDPR erasure requests are not handled)."))


def test_a_kindergarten_withdrawal_says_the_withdrawers_act():
    assert request_says_its_own_act("KD-2041 办理退园，最后一天是 12 月 31 日", CHILD_WITHDRAW)
    assert request_says_its_act("队里两个人受伤了，我们只能退赛了", WITHDRAW)


def test_a_destroy_word_names_the_object_it_acts_on():
    assert destroyed_objects("pls kill order GC-118702, duplicate") == {"order"}
    assert destroyed_objects("nuke the booking please") == {"booking"}
    tools = [ToolSpec("get_order", "Fetch one order."), REFUND_PAYMENT, CANCEL_ORDER]
    assert destroyer_of_said_object("pls kill order GC-118702, duplicate", tools, [False, True, True]) == 2
    assert destroyer_of_said_object("pls kill GC-118702", tools, [False, True, True]) is None
    both = [CANCEL_ORDER, ToolSpec("order_delete", "Delete an order.")]
    assert destroyer_of_said_object("kill order GC-1", both, [True, True]) is None  # several: none


def test_an_ids_letters_name_a_records_head_word():
    sale_get = ToolSpec("product_sale_get", "Look up a product sale by sale id (S-xxxx).")
    sale_refund = ToolSpec("product_sale_refund", "Refund a product sale in full or in part.")
    cancel = ToolSpec("appointment_cancel", "Cancel an appointment.")
    tools = [cancel, sale_get, sale_refund]
    reader = id_nouns.id_nouns(hand_filter(tools, tool_axes(tools)).snapshot, frozenset())
    read = reader.read("cancel appointment A-3310 and refund S-4455", tools)
    assert read is not None and read.fits == [True, True, True] and read.contradicted == [False, False, False]


def test_a_refund_to_a_customer_is_no_customer_delete() -> None:
    """ "first refund the customer for R-21030" let ``delete_customer`` in: a refund's object is who is paid back."""
    tools = [
        ToolSpec("get_customer", "A customer's account."),
        ToolSpec("delete_customer", "Delete a customer account and personal data."),
        ToolSpec("cancel_order", "Cancel an order that hasn't been dispatched."),
    ]
    flags = [False, True, True]
    assert destroyer_of_said_object("first refund the customer for R-21030", tools, flags) is None
    assert destroyer_of_said_object("pls kill customer CU-1, a duplicate", tools, flags) == 1
    refund = ToolSpec("refund_order", "Refund an order in full.")
    assert destroyer_of_said_object("refund order GC-118702", [*tools, refund], [*flags, True]) == 3
