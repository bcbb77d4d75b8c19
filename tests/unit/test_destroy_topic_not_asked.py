"""A destroy act that is a question's topic, another's plan or a message's content is not asked.

A freight desk's "客户 C-3390 的账户要不要删？先看看他还有没有未付发票" (should the account be deleted? first see
his unpaid invoices) ranked ``client_delete`` first; a cinema's "She's thinking of deleting her app account and wants
to know her points first" sent ``member_account_delete``, "list my bookings … which ones I can cancel" sent
``booking_cancel``, and a turn "给买了这场票的客户发邮件道歉，说明会全额退款" (e-mail the buyers an apology, saying
they will be fully refunded) offered the refund. A question whether to act beside another ask, a question of which
records it can be done to, another's "'s thinking of", and what a message to send says are read apart from the ask
(``unasked.split_unasked``, ``wishes.split_wishes``). Cosines are fixed by hand (``TableEmbedder``), or by
``HashingEmbedder`` for the conversation.
"""

import importlib

import pytest

from toolfilter_core import Reason, ToolSpec
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

from .fakes import act_phrases, hand_filter, padded, takes, tool_axes

unasked = importlib.import_module("toolfilter_core._pipeline.unasked")
wishes = importlib.import_module("toolfilter_core._pipeline.wishes")

CLIENT_DELETE = ToolSpec("client_delete", "Delete a client account. It cannot be undone.", takes("client_id"))
STATEMENT = ToolSpec("client_statement", "A client's statement: unpaid invoices, ageing.", takes("client_id"))
BOOKING_CANCEL = ToolSpec("booking_cancel", "Cancel a booking and refund it.", takes("booking_id"))
BOOKINGS = ToolSpec("booking_list_by_customer", "List a customer's bookings by phone.", takes("phone"))
ACCOUNT_DELETE = ToolSpec("member_account_delete", "Delete a member's app account.", takes("member_id"))
POINTS = ToolSpec("loyalty_points_balance", "A member's loyalty points balance.", takes("member_id"))
TOOLS = [CLIENT_DELETE, STATEMENT, BOOKING_CANCEL, BOOKINGS, ACCOUNT_DELETE, POINTS]
# axes 1-6: one a tool; 8 and 9: the destroy-asking phrases and the others
TABLE = tool_axes(TOOLS, padded) | act_phrases(8, 9, padded)
DELETE_FIRST = padded(0, 0.8, 0.7, 0, 0, 0, 0, 0, 0.4)  # client_delete first, the statement second, leaning to destroy
CANCEL_NEAR = padded(0, 0, 0, 0.7, 0.8, 0, 0, 0, 0.4)  # the list first, booking_cancel second
ACCOUNT_FIRST = padded(0, 0, 0, 0, 0, 0.8, 0.7, 0, 0.4)  # member_account_delete first, the points second
WHETHER = "客户 C-3390 的账户要不要删？先看看他还有没有未付发票"
THINKING = "She's thinking of deleting her app account and wants to know her points first - member M-55012"
WHICH = "list my bookings, phone 13911112222, I want to see which ones I can cancel"
TABLE |= {
    WHETHER: DELETE_FIRST,
    "should we delete client C-3390? first check his unpaid invoices": DELETE_FIRST,
    "客户 C-3390 的账户要不要删？删吧": DELETE_FIRST,
    THINKING: ACCOUNT_FIRST,
    "they're considering deleting the app account of member M-55012, show me the points": ACCOUNT_FIRST,
    WHICH: CANCEL_NEAR,
    "列出电话 13911112222 的订单，看看哪些可以取消": CANCEL_NEAR,
    "list my bookings, phone 13911112222, and cancel BK-1": CANCEL_NEAR,
}


def _held(text: str) -> tuple[list[str], set[str]]:
    s = hand_filter(TOOLS, TABLE).select(text)
    return s.names, {r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD}


@pytest.mark.parametrize(
    ("text", "destroyer", "read"),
    [
        (WHETHER, "client_delete", "client_statement"),
        ("should we delete client C-3390? first check his unpaid invoices", "client_delete", "client_statement"),
        (THINKING, "member_account_delete", "loyalty_points_balance"),
        (
            "they're considering deleting the app account of member M-55012, show me the points",
            "member_account_delete",
            "loyalty_points_balance",
        ),
        (WHICH, "booking_cancel", "booking_list_by_customer"),
        ("列出电话 13911112222 的订单，看看哪些可以取消", "booking_cancel", "booking_list_by_customer"),
    ],
)
def test_a_destroyer_not_asked_is_held(text, destroyer, read):
    names, held = _held(text)
    assert read in names and destroyer not in names, names
    assert destroyer in held


@pytest.mark.parametrize(
    ("text", "destroyer"),
    [
        ("客户 C-3390 的账户要不要删？删吧", "client_delete"),
        ("list my bookings, phone 13911112222, and cancel BK-1", "booking_cancel"),
    ],
)
def test_the_act_said_as_an_ask_is_sent(text, destroyer):
    names, _ = _held(text)
    assert destroyer in names, names


@pytest.mark.parametrize(
    ("text", "told"),
    [
        (WHETHER, "客户 C-3390 的账户要不要删"),
        ("是否需要取消 SH-1？先查下状态", "是否需要取消 SH-1"),
        (WHICH, "I want to see which ones I can cancel"),
        ("list my bookings, which ones can I cancel?", "which ones can I cancel"),
        ("给买了这场票的客户发邮件道歉，说明会全额退款", "说明会全额退款"),
        (
            "email the buyers an apology and tell them they will be fully refunded",
            "tell them they will be fully refunded",
        ),
        ("取消 BK-1，然后通知客户已经取消了", "通知客户已经取消了"),
    ],
)
def test_the_span_read_apart(text, told):
    assert unasked.split_unasked(text)[1] == told


@pytest.mark.parametrize(
    "text",
    [
        "客户 C-3390 的账户要不要删？删吧",
        "账户要不要删？",
        "cancel it, then tell me the total",
        "It is paid. Shall I cancel the order and remove the customer record?",
        "已经付款了。要不要我帮你取消订单？",
        "通知他取消会议",
        "把明天的说明会取消",
    ],
)
def test_nothing_read_apart(text):
    assert unasked.split_unasked(text)[1] == ""


def test_another_s_contracted_plan_is_a_wish():
    assert wishes.split_wishes(THINKING)[1].startswith("She's thinking of deleting")
    assert wishes.split_wishes("I'm thinking of deleting my account")[1] == ""


EMAIL = ToolSpec("customer_email_send", "Send an e-mail to customers.", takes("to"))
REFUND = ToolSpec("ticket_refund", "Refund tickets in full.", takes("booking_id"))
SCREENINGS = ToolSpec("screening_list", "List the screenings of a day.", takes("date"))
TOLD = "给买了这场票的客户发邮件道歉，说明会全额退款"
TALK = tool_axes([EMAIL, REFUND, SCREENINGS], padded) | act_phrases(8, 9, padded)
TALK |= {TOLD: padded(0, 0.8, 0.75, 0, 0, 0, 0, 0, 0.4), "周六 3 号厅都排了哪些场？": padded(0, 0, 0, 1.0)}


def test_a_refund_a_message_tells_is_not_offered():
    messages = [
        {"role": "user", "content": "周六 3 号厅都排了哪些场？"},
        {"role": "assistant", "content": "14:00《哪吒2》(S-7781)。"},
        {"role": "user", "content": TOLD},
    ]
    tool_filter = hand_filter([EMAIL, REFUND, SCREENINGS], TALK)
    window = conversation_window(openai_turns(messages), history_turns=tool_filter.config.history_turns)
    names = select_window(tool_filter, window, conversation=ConversationPolicy()).names
    assert "customer_email_send" in names and "ticket_refund" not in names, names
