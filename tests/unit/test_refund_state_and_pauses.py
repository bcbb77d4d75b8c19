"""A refund's state is no refund; lifting a pause is no destroy; the guard says why it let a destroyer in.

"my refund for P-3321 hasn't arrived yet, can you check?" was
sent ``refund_payment`` (its word "refund" read as the act): a refund as the subject of a state asks its
state (``ask_form.refund_state``), and the payments' read answers it. ``unfreeze_membership`` ("End a
membership freeze early and resume billing.") was read as destructive: ending a freeze resumes
(``_hints._ENDING``). "出差提前回来了，帮我把停卡解除" (lift my card freeze) read as a destroy ask by the act phrases
and was sent the destroyer it ranked first, ``revoke_guest_pass``, and the explanation never said why
(``ask_form.lifts_a_pause``, ``let_in``). Cosines fixed by hand (``TableEmbedder``).
"""

import importlib

import numpy as np
import pytest

from toolfilter_core import NoteKind, Reason, ScoredTool, ToolFilter, ToolSpec
from toolfilter_core._hints import says_destructive
from toolfilter_core._pipeline.ask_form import about_state, lifts_a_pause, refund_state
from toolfilter_core._pipeline.decide import asked_to_destroy
from toolfilter_core._pipeline.let_in import GuardReading, let_in_note
from toolfilter_core._types import ScoreBreakdown

from .fakes import act_phrases, hand_filter, tool_axes, unit

decide = importlib.import_module("toolfilter_core._pipeline.decide")

REVOKE = ToolSpec("revoke_guest_pass", "Revoke a guest pass before it is used.")
UNFREEZE = ToolSpec("unfreeze_membership", "End a membership freeze early and resume billing.")
FREEZE = ToolSpec("freeze_membership", "Freeze (pause) a membership for 1 to 3 months. Billing is paused.")
REFUND = ToolSpec("refund_payment", "Refund a payment to the member's card or account, in full or in part.")
PAYMENTS = ToolSpec("list_payments", "Payment history of a member: card charges, direct debits, failed payments.")
TOOLS = [REVOKE, UNFREEZE, FREEZE, REFUND, PAYMENTS]
LIFT = "出差提前回来了，帮我把停卡解除"
WHERE = "my refund for P-3321 hasn't arrived yet, can you check?"
TABLE = tool_axes(TOOLS) | act_phrases(6, 7)
TABLE |= {
    LIFT: unit(0, 0.5, 0.45, 0.3, 0, 0, 0.6),  # ranks the revoke first, leans to the destroy-asking phrases
    WHERE: unit(0, 0, 0, 0, 0.9, 0.35),  # ranks the refund first, the payments' read second
    "revoke guest pass G-1": unit(0, 1.0),
}


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE, min_score=0.5)


@pytest.mark.parametrize(
    "text",
    [
        WHERE,
        "这笔退款 P-88102 到账了吗？",
        "can you check where my refund is?",
        "the refund still hasn't come through, please look into it",
        "帮我查一下退款进度",
        "refund status for P-1, please",
    ],
)
def test_a_refund_as_the_subject_of_a_state_asks_its_state(text):
    assert refund_state(text) and about_state(text)
    assert not asked_to_destroy(text, None, None)


@pytest.mark.parametrize(
    "text",
    [
        "please refund P-3321",
        "can you refund the payment that was charged twice?",
        "my refund hasn't arrived, cancel my membership",
        "把 300 退款到账户",
        "I want a refund",
    ],
)
def test_a_refund_asked_for_is_still_an_ask(text):
    assert not about_state(text)


@pytest.mark.parametrize(
    "text",
    [
        "please get my refund processed today",
        "push my refund through",
        "get the refund through for order 5",
        "请尽快把退款处理到账",
        "退款请尽快到账",
    ],
)
def test_a_refund_told_to_happen_asks_the_refund_not_its_state(text):
    assert not refund_state(text) and not about_state(text)
    assert asked_to_destroy(text, None, None)


@pytest.mark.parametrize("text", ["I didn't get my refund processed, can you check?", "退款进度请尽快告诉我"])
def test_a_refund_not_told_to_happen_is_still_a_state(text):
    assert refund_state(text)


def test_the_refunds_state_gets_the_read_not_the_refund():
    s = _filter().select(WHERE)
    assert "refund_payment" not in s.names, s.explain()
    assert "list_payments" in s.names, s.explain()
    assert "refund_payment" in [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD]


@pytest.mark.parametrize(
    ("description", "destructive"),
    [
        ("End a membership freeze early and resume billing.", False),
        ("Ends a member's account suspension.", False),
        ("End the hold on an order so it ships.", False),
        ("End a membership on a date.", True),
        ("End the lease.", True),
        ("End a block booking for a group.", True),
    ],
)
def test_ending_a_pause_is_no_destroy(description, destructive):
    assert says_destructive(ToolSpec("tool", description)) is destructive


@pytest.mark.parametrize(
    ("text", "lifts"),
    [
        (LIFT, True),
        ("帮我取消冻结", True),
        ("我的卡解冻一下", True),
        ("lift the freeze on my membership", True),
        ("please unfreeze M-2210", True),
        ("解除停卡，然后把会员卡取消", False),  # a cancel asked too
        ("帮我把会员卡取消", False),
        ("end my membership", False),
        ("cancel the hold on my card", True),
        ("end my membership freeze", True),
        ("解除冻结", True),
        ("取消暂停", True),
        ("取消会员卡的暂停", True),
        ("把会员卡暂停取消", True),
    ],
)
def test_lifting_a_pause_asks_no_destroy(text, lifts):
    assert lifts_a_pause(text) is lifts


@pytest.mark.parametrize(
    "text",
    ["cancel the order on hold", "cancel my hold reservation", "取消暂停的订单", "取消冻结的账户", "取消停用的会员卡"],
)
def test_a_pause_that_says_which_object_is_cancelled_lifts_nothing(text):
    """The order, reservation, account or card is the object of the cancel; the pause only says which one."""
    assert not lifts_a_pause(text)
    assert asked_to_destroy(text, None, None)


def test_lifting_the_freeze_gets_the_unfreeze_not_the_destroyer():
    s = _filter().select(LIFT)
    assert "revoke_guest_pass" not in s.names, s.explain()
    assert "unfreeze_membership" in s.names, s.explain()


def test_the_explanation_says_why_a_destroyer_passed_the_guard():
    s = _filter().select("revoke guest pass G-1")
    assert s.names[0] == "revoke_guest_pass"
    note = next(n for n in s.reasons if n.kind is NoteKind.DESTRUCTIVE_LET_IN)
    assert list(note.values["tools"]) == ["revoke_guest_pass"]
    assert "the request says its own act" in note and "asks to destroy (by its words)" in note
    assert "let through the destructive guard: revoke_guest_pass" in s.explain()


def test_the_note_quotes_a_long_ask_cut_to_one_short_line():
    """A pasted ask (a name, a street, a phone) was quoted whole: 806 characters of note."""
    paste = "refund the payment on it because the jacket Jane Doe of 12 Elm Street, phone 555 0100, ordered " * 6
    tools = [ScoredTool(PAYMENTS, ScoreBreakdown({}, {}, 0.9)), ScoredTool(REFUND, ScoreBreakdown({}, {}, 0.8))]
    reading = GuardReading(asked="its words", asks=(("refund_payment", paste),))
    note = let_in_note(tools, np.array([[False, True]]), tools, reading)
    assert note is not None and "the best tool for the ask 'refund the payment" in note
    assert len(str(note)) < 200 and "555 0100" not in note, note


def test_a_destroyer_no_reading_let_in_is_said_to_have_passed_not_held(monkeypatch):
    """A setting (here every confident-like score unlocking) lets the revoke in; the note read "no reading held it"."""
    monkeypatch.setattr(decide, "SCORE_UNLOCKS", True)
    ask = "a guest pass for my friend"
    s = hand_filter(TOOLS, TABLE | {ask: unit(0, 1.0)}, min_score=0.5).select(ask)
    note = next(n for n in s.reasons if n.kind is NoteKind.DESTRUCTIVE_LET_IN)
    assert str(note) == "let through the destructive guard: revoke_guest_pass (it passed by no reading this note names)"
    assert "held" not in note
