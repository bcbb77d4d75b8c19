"""Questions and relayed wishes about an act are not asks for it.

A music school's "这个学生的退费申请批了吗？看看付款记录" (was the student's refund application approved? show the
payments) read the 请 of 申请 as "please"; an airport lounge's "Show me member M-3001's visits this year, they want a
refund on one" told a wish whose object is not chosen yet; an escape room's "customer asks if voucher GV-3321 can
still be refunded, check its balance first" relays a question whether the act may be done. Each was sent its
destroyer. Cosines are fixed by hand (``TableEmbedder``), the destroyer ranked first.
"""

import pytest

from toolfilter_core import Profiles, Reason, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core._pipeline.ask_form import about_state, says_request_marker
from toolfilter_core._pipeline.wishes import split_wishes

from .fakes import act_phrases, hand_filter, padded, takes, tool_axes

TERM_FEE_REFUND = ToolSpec(
    "term_fee_refund", "Refund a student's term fee to the original payment method.", takes("student_id")
)
PAYMENT_HISTORY = ToolSpec("payment_history", "Payments made by a student or family.", takes("student_id"))
PASS_REFUND = ToolSpec("pass_refund", "Refund a lounge pass to the original payment method.", takes("pass_id"))
BOOKING_CANCEL = ToolSpec("lounge_booking_cancel", "Cancel a lounge booking.", takes("booking_id"))
MEMBER_VISITS = ToolSpec("member_visits_history", "Visit history for a member.", takes("member_id"))
VOUCHER_REFUND = ToolSpec(
    "voucher_purchase_refund",
    "Refund the purchase of a gift voucher to the buyer's original payment method.",
    takes("voucher_code"),
)
VOUCHER_LOOKUP = ToolSpec("voucher_lookup", "Look up a gift voucher by code: balance, expiry.", takes("voucher_code"))
TOOLS = [TERM_FEE_REFUND, PAYMENT_HISTORY, PASS_REFUND, BOOKING_CANCEL, MEMBER_VISITS, VOUCHER_REFUND, VOUCHER_LOOKUP]
# axes 1-7: one a tool; 8 and 9: the destroy-asking phrases and the others
TABLE = tool_axes(TOOLS, padded) | act_phrases(8, 9, padded)
FIRST = {  # each destroyer first, the read beside it second, leaning to destroy
    "term_fee_refund": padded(0, 0.8, 0.6, 0, 0, 0, 0, 0, 0.3, 0.3),
    "pass_refund": padded(0, 0, 0, 0.8, 0.5, 0.6, 0, 0, 0.3, 0.3),
    "lounge_booking_cancel": padded(0, 0, 0, 0.5, 0.8, 0.6, 0, 0, 0.3, 0.3),
    "voucher_purchase_refund": padded(0, 0, 0, 0, 0, 0, 0.8, 0.6, 0.3, 0.3),
}
PROFILES = Profiles(
    {
        "term_fee_refund": ToolProfile(("给学生 STU-1 退学费",), ("退掉 STU-1 这学期的学费",)),
        "pass_refund": ToolProfile(("refund pass P-1",), ("refund lounge pass P-1 now",)),
        "lounge_booking_cancel": ToolProfile(("cancel booking LB-1",), ("取消预约 LB-1",)),
        "voucher_purchase_refund": ToolProfile(("refund voucher GV-1",), ("退掉礼品券 GV-1",)),
        "voucher_lookup": ToolProfile(("check the balance of voucher GV-1",)),
    }
)
TABLE |= {
    "给学生 STU-1 退学费": FIRST["term_fee_refund"],
    "退掉 STU-1 这学期的学费": FIRST["term_fee_refund"],
    "refund pass P-1": FIRST["pass_refund"],
    "refund lounge pass P-1 now": FIRST["pass_refund"],
    "cancel booking LB-1": FIRST["lounge_booking_cancel"],
    "取消预约 LB-1": FIRST["lounge_booking_cancel"],
    "refund voucher GV-1": FIRST["voucher_purchase_refund"],
    "退掉礼品券 GV-1": FIRST["voucher_purchase_refund"],
    "check the balance of voucher GV-1": padded(0, 0, 0, 0, 0, 0, 0, 1.0),
}

NOT_ASKED = [  # (the request, the destroyer ranked first and held)
    ("这个学生的退费申请批了吗？看看付款记录", "term_fee_refund"),
    ("看看付款记录，这个学生的退费申请批了吗", "term_fee_refund"),
    ("退款申请通过了没有", "term_fee_refund"),
    ("学生的退费申请还在审核吗？", "term_fee_refund"),
    ("was this student's refund request approved? show the payment history", "term_fee_refund"),
    ("is the refund application still pending?", "term_fee_refund"),
    ("Show me member M-3001's visits this year, they want a refund on one", "pass_refund"),
    ("they want a refund on one, show me member M-3001's visits this year", "pass_refund"),
    ("Show me member M-3001's visits this year, she'd like to cancel one of them", "lounge_booking_cancel"),
    ("会员 M-3001 今年的到访记录给我看看，他想退其中一个", "pass_refund"),
    ("customer asks if voucher GV-3321 can still be refunded, check its balance first", "voucher_purchase_refund"),
    ("the customer is asking whether GV-3321 can be refunded, check the balance", "voucher_purchase_refund"),
    ("check the balance of GV-3321, customer asks if it can still be refunded", "voucher_purchase_refund"),
    ("customer asks if booking LB-2231 can be cancelled", "lounge_booking_cancel"),
    ("is GV-3321 refundable?", "voucher_purchase_refund"),
    ("GV-3321 还能退吗？", "voucher_purchase_refund"),
    ("客人问 GV-3321 还能不能退，先查一下余额", "voucher_purchase_refund"),
    (
        "\u200bcustomer asks if voucher GV-3321 can still be refunded, check its balance first",
        "voucher_purchase_refund",
    ),
    ("customer asks if GV-3321 can still be refunded, please check its balance first", "voucher_purchase_refund"),
    ("Show her visits, she'd like a refund, don't do it", "pass_refund"),
]
ASKED = [
    ("这个学生申请退费，帮他退了", "term_fee_refund"),
    ("退费申请批了就退掉", "term_fee_refund"),
    ("批准这个学生的退费申请，把学费退了", "term_fee_refund"),
    ("Customer wants to cancel booking LB-2231", "lounge_booking_cancel"),
    ("客人要取消预约 LB-2231", "lounge_booking_cancel"),
    ("they want a refund on pass P-88120, please do it", "pass_refund"),
    ("Show me member M-3001's visits, they want a refund on pass P-88120, please do it", "pass_refund"),
    ("can you refund GV-3321?", "voucher_purchase_refund"),
    ("能帮我把礼品券 GV-3321 退款吗", "voucher_purchase_refund"),
    ("customer asks us to refund voucher GV-3321", "voucher_purchase_refund"),
    # a wish that names its record, beside another ask
    ("Show her visits, she'd like to cancel booking LB-2231", "lounge_booking_cancel"),
    ("Show me member M-3001's visits, they want a refund on pass P-88120", "pass_refund"),
    # a clause that hands the wish on
    ("Show me member M-3001's visits, they want a refund on pass P-88120, please do it now thanks", "pass_refund"),
    ("Show me member M-3001's visits, they want a refund on pass P-88120, can you do it?", "pass_refund"),
    ("Show her visits, she wants a refund on one, pls", "pass_refund"),
    ("客户想取消预约 LB-2231，先查下他的到访记录，然后帮他办了", "lounge_booking_cancel"),
    # a question relayed, then handed on, or asked of the reader
    ("customer asks if GV-3321 can be refunded, please go ahead", "voucher_purchase_refund"),
    ("customer asks if GV-3321 can be refunded, please process it", "voucher_purchase_refund"),
    ("customer asks if GV-3321 can be refunded - yes, do it", "voucher_purchase_refund"),
    ("customer asks if GV-3321 can be refunded, pls", "voucher_purchase_refund"),
    ("customer asks if your team can refund voucher GV-3321", "voucher_purchase_refund"),
    ("customer asks if the shop could refund voucher GV-3321 today", "voucher_purchase_refund"),
    ("customer asks if we can refund voucher GV-3321", "voucher_purchase_refund"),
]
TABLE |= {text: FIRST[tool] for text, tool in [*NOT_ASKED, *ASKED]}


def _filter(profiled: bool) -> ToolFilter:
    return hand_filter(TOOLS, TABLE, profiles=PROFILES if profiled else None)


@pytest.mark.parametrize("profiled", [False, True])
@pytest.mark.parametrize(("text", "tool"), NOT_ASKED)
def test_a_question_or_a_relayed_wish_about_an_act_is_not_sent_its_destroyer(text, tool, profiled):
    s = _filter(profiled).select(text)
    assert tool not in s.names, s.explain()
    assert tool in {r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD}, s.explain()


@pytest.mark.parametrize("profiled", [False, True])
@pytest.mark.parametrize(("text", "tool"), ASKED)
def test_an_ask_beside_such_words_keeps_its_destroyer(text, tool, profiled):
    s = _filter(profiled).select(text)
    assert tool in s.names, s.explain()


@pytest.mark.parametrize("text", ["这个学生的退费申请批了吗？看看付款记录", "退款申请通过了没有", "邀请函发了吗"])
def test_the_qing_of_an_application_is_no_request_marker(text):
    assert not says_request_marker(text)
    assert about_state(text)


@pytest.mark.parametrize("text", ["请帮学生 STU-0877 退学费", "申请退费，请尽快处理", "麻烦看看退费申请"])
def test_please_stays_a_request_marker(text):
    assert says_request_marker(text)


@pytest.mark.parametrize(
    ("text", "told"),
    [
        ("Show me member M-3001's visits this year, they want a refund on one", "they want a refund on one"),
        ("Show me the visits, she'd like to cancel one of them", "she'd like to cancel one of them"),
        ("customer asks if voucher GV-3321 can still be refunded, check its balance first", "customer asks if"),
        ("check the balance, the guest is asking whether it can be cancelled", "the guest is asking whether"),
        ("check the balance, customer wants to know if GV-3321 can be refunded", "customer wants to know if"),
        ("Could you please check whether member 30088 owes fines? He wants to close his account.", "He wants to"),
        ("先查下他的到访记录，他想退其中一个", "他想退其中一个"),
        ("customer asks if GV-3321 can be refunded, please check its balance first", "customer asks if"),
        ("Show her visits, she wants a refund on one, please do it after you check", "she wants a refund on one"),
    ],
)
def test_a_wish_or_a_question_relayed_beside_another_ask_is_told(text, told):
    ask, wishes = split_wishes(text)
    assert told in wishes and told not in ask


@pytest.mark.parametrize(
    "text",
    [
        "Customer wants to cancel booking LB-2231",
        "they want a refund on P-88120, please do it",
        "Show me the visits, they want a refund on P-88120, please do it",
        "customer asks us to refund voucher GV-3321",
        "check the balance, then refund GV-3321",
        "Show her visits, she'd like to cancel booking LB-2231",
        "看看会员 M-3001 的到访记录，她想取消预约 LB-2231",
        "Show me the visits, they want a refund on one, please do it now thanks",
        "Show me the visits, they want a refund on one, can you do it?",
        "Show me the visits, they want a refund on one - please action",
        "Show me the visits, they want a refund on one, please do",
        "Show me the visits, they want a refund on one, ok to do it",
        "先查下他的到访记录，他想退其中一个，然后帮他办了",
        "customer asks if GV-3321 can be refunded, please go ahead",
        "customer asks if GV-3321 can be refunded - yes, do it",
        "customer asks if GV-3321 can be refunded, can you do it?",
        "客人问 GV-3321 还能不能退，帮他办了",
        "customer asks if your team can refund voucher GV-3321",
        "customer asks if the shop could refund voucher GV-3321 today",
        "customer asks if we can refund voucher GV-3321",
    ],
)
def test_a_wish_alone_handed_on_or_an_ask_stays_asked(text):
    assert split_wishes(text) == (text, "")
