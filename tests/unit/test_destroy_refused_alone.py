"""A refusal alone, a contrast and a third person's wish ask no destructive act.

A bakery chain's agent proposed "Shall I delete the loyalty account now?"; the answer "no, don't delete it yet" was
sent ``order_cancel`` (the whole request's vector sits near the destroy-asking phrases, read though the ask less
its refusal is only "no,") and "先别删" ``loyalty_account_delete`` (先别删 told no act). A moving company's "J-40321
客户想改期而不是取消，改到下周一" (reschedule rather than cancel) was sent ``cancel_move_job``: 而不是 refused
nothing. "王女士想注销会员，先帮我看下她账户里还有多少积分" (she wants to close it; first show me her points) was
sent ``loyalty_account_delete``. Cosines are fixed by hand (``TableEmbedder``).
"""

import importlib

import pytest

from toolfilter_core import Reason, ToolFilter, ToolSpec
from toolfilter_core._pipeline.wishes import split_wishes

from .fakes import act_phrases, hand_filter, padded, takes, tool_axes

negated = importlib.import_module("toolfilter_core._negated")
destroy_ask = importlib.import_module("toolfilter_core._pipeline.destroy_ask")

ACCOUNT_DELETE = ToolSpec(
    "loyalty_account_delete", "Delete a loyalty member's account and points. Cannot be undone.", takes("member_id")
)
ORDER_CANCEL = ToolSpec("order_cancel", "Cancel a bakery order. Cannot be undone.", takes("order_id"))
JOB_CANCEL = ToolSpec("cancel_move_job", "Cancel a booked moving job. Cannot be undone.", takes("job_id"))
JOB_RESCHEDULE = ToolSpec("reschedule_move_job", "Move a booked moving job to another date.", takes("job_id"))
POINTS = ToolSpec("loyalty_points_balance", "Show a loyalty member's points balance.", takes("member_id"))
TOOLS = [ACCOUNT_DELETE, ORDER_CANCEL, JOB_CANCEL, JOB_RESCHEDULE, POINTS]
# axes 1-5: one a tool; 6 and 7: the destroy-asking phrases and the others
TABLE = tool_axes(TOOLS, padded) | act_phrases(6, 7, padded)
CANCEL_ORDER_FIRST = padded(0, 0.3, 0.8, 0, 0, 0, 0.5)  # order_cancel first, near the destroy-asking phrases
DELETE_FIRST = padded(0, 0.8, 0.3, 0, 0, 0, 0.5)
JOB_CANCEL_FIRST = padded(0, 0, 0, 0.8, 0.7, 0, 0.5)
REFUSALS = {
    "no, don't delete it yet": CANCEL_ORDER_FIRST,
    "先别删": DELETE_FIRST,
    "不要删，先留着": DELETE_FIRST,
}
CONTRASTS = {
    "J-40321 客户想改期而不是取消，改到下周一": JOB_CANCEL_FIRST,
    "不是取消，是改期": JOB_CANCEL_FIRST,
    "reschedule, not cancel": JOB_CANCEL_FIRST,
    "don't cancel, just move it": JOB_CANCEL_FIRST,
}
WISHES = {
    "王女士想注销会员，先帮我看下她账户里还有多少积分": DELETE_FIRST,
    "member 5521 wants to close their loyalty account — first show me their points": DELETE_FIRST,
    "会员 5521 的积分还有多少？他想注销": DELETE_FIRST,
    "How many points does member 5521 have left? He wants to close his account.": DELETE_FIRST,
    "客户想注销，他还有多少积分？": DELETE_FIRST,
}
ASKED = {
    "王女士要注销会员，帮她办一下": DELETE_FIRST,
    "删除会员 5521 的账户": DELETE_FIRST,
    "他想注销，帮他注销吧": DELETE_FIRST,
    "he wants to close his account, please do it": DELETE_FIRST,
    "他想注销，可以直接注销吗？": DELETE_FIRST,
}
TABLE |= REFUSALS | CONTRASTS | WISHES | ASKED


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE, min_score=0.5)


def _destroyers(text: str) -> set[str]:
    names = set(_filter().select(text).names)
    return names & {"loyalty_account_delete", "order_cancel", "cancel_move_job"}


@pytest.mark.parametrize("text", [*REFUSALS, *CONTRASTS, *WISHES])
def test_a_refusal_a_contrast_or_another_s_wish_sends_no_destroyer(text: str) -> None:
    s = _filter().select(text)
    assert not _destroyers(text), s.explain()


@pytest.mark.parametrize("text", ASKED)
def test_an_ask_keeps_the_delete(text: str) -> None:
    s = _filter().select(text)
    assert "loyalty_account_delete" in s.names, s.explain()
    assert not any(r.reason is Reason.DESTRUCTIVE_GUARD for r in s.rejected if r.name == "loyalty_account_delete")


@pytest.mark.parametrize("text", ["先别删", "不要删，先留着", "no, don't delete it yet", "不是取消，是改期"])
def test_a_refusal_alone_tells_not_to_act(text: str) -> None:
    assert destroy_ask.negates_an_act(text) is True


@pytest.mark.parametrize("text", ["don't refund T-55102, just void it", "先别取消 EV-5521，直接删除"])
def test_a_refusal_beside_a_destroy_ask_does_not(text: str) -> None:
    assert destroy_ask.negates_an_act(text) is False


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ("J-40321 客户想改期而不是取消，改到下周一", "不是取消"),
        ("不是取消，是改期", "不是取消"),
        ("改期而非取消", "而非取消"),
    ],
)
def test_a_contrast_refuses_its_act(text: str, refused: str) -> None:
    assert negated.refused_apart(text)[1] == refused


@pytest.mark.parametrize("text", ["是不是取消了", "不是要取消吗", "用不用取消"])
def test_a_question_whether_refuses_nothing(text: str) -> None:
    assert negated.refused_apart(text) == (text, "")


@pytest.mark.parametrize(
    ("text", "wish"),
    [
        ("王女士想注销会员，先帮我看下她账户里还有多少积分", "王女士想注销会员"),
        ("会员 5521 要注销，先帮我看下积分", "会员 5521 要注销"),
        (
            "member 5521 wants to close their loyalty account — first show me their points",
            "member 5521 wants to close their loyalty account",
        ),
        ("Mrs Lee would like to cancel, first show me her orders", "Mrs Lee would like to cancel"),
        # beside a question of another act, no 先
        ("读者 30088 的账户还有欠费吗？他想注销", "他想注销"),
        ("Does member 30088 still owe fines? He wants to close his account.", "He wants to close his account."),
        ("客户想退会，他还欠多少钱？", "客户想退会"),
    ],
)
def test_a_named_person_s_wish_beside_another_ask_is_read_apart(text: str, wish: str) -> None:
    assert split_wishes(text)[1] == wish


@pytest.mark.parametrize(
    "text",
    [
        "王女士要注销会员，帮她办一下",
        "the customer wants to cancel order 5",
        "王女士想注销会员",
        "他想注销，帮他注销吧",
        "he wants to close it, please do it",
        "他想注销，可以直接注销吗？",  # the question asks the act itself
        "he wants to close his account. Can you delete it?",
    ],
)
def test_a_wish_without_another_ask_first_is_the_ask(text: str) -> None:
    assert split_wishes(text) == (text, "")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("no, don't delete it yet", True),
        ("先别删", True),
        ("不要删，先留着", True),
        ("hmm 那先不恢复了。UPS 现在什么状态", False),  # another ask beside the refusal
        ("don't cancel, just move it", False),
        ("不是取消，是改期", False),
        ("在 #frontend 发个消息说 main 的 e2e 在重跑 先别合 PR", False),
    ],
)
def test_a_turn_that_only_refuses(text: str, expected: bool) -> None:
    assert negated.only_refuses(text) is expected
