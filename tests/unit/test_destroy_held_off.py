"""A destroy act the request holds off on, or no longer wants, is not asked for.

A freight desk's "the customer asked us to hold off on voiding INV-88190; email them the invoice again" was sent
``invoice_void`` ("the request says its own act"), and "客户不要撤单了，报关单 223320240000456 继续申报，查下状态"
(the customer no longer wants the withdrawal; go on with the declaration, check its status) ranked
``customs_declaration_withdraw`` first. "hold off on", "put on hold", "wait with" and 暂缓 before an act refuse it
as "don't" does (``_negated.negations``); 撤单 is a destroy word, so 不要撤单了, 不撤单了, 不用撤单了 refuse the
withdrawal. "hold on, cancel it" and "不要等了，撤单吧" still ask. Cosines are fixed by hand (``TableEmbedder``).
"""

import importlib

import pytest

from toolfilter_core import Reason, ToolFilter, ToolSpec
from toolfilter_core._hints import is_destroy_word

from .fakes import act_phrases, hand_filter, padded, takes, tool_axes

negated = importlib.import_module("toolfilter_core._negated")

INVOICE_VOID = ToolSpec("invoice_void", "Void an invoice. It cannot be undone.", takes("invoice_id"))
INVOICE_EMAIL = ToolSpec("invoice_email", "Email an invoice to the customer again.", takes("invoice_id"))
WITHDRAW = ToolSpec("customs_declaration_withdraw", "撤回报关单（撤单）。", takes("declaration_no"))
STATUS = ToolSpec("customs_declaration_status", "Status of a customs declaration.", takes("declaration_no"))
TOOLS = [INVOICE_VOID, INVOICE_EMAIL, WITHDRAW, STATUS]
# axes 1-4: one a tool; 6 and 7: the destroy-asking phrases and the others
TABLE = tool_axes(TOOLS, padded) | act_phrases(6, 7, padded)
VOID_NEAR = padded(0, 0.7, 0.8, 0, 0, 0, 0.4)  # invoice_email first, invoice_void second, leaning to destroy
WITHDRAW_FIRST = padded(0, 0, 0, 0.8, 0.7, 0, 0.4)  # the withdrawal first, the status second
HOLD_OFF = "the customer asked us to hold off on voiding INV-88190; email them the invoice again"
NO_LONGER = "客户不要撤单了，报关单 223320240000456 继续申报，查下状态"
TABLE |= {
    HOLD_OFF: VOID_NEAR,
    "wait with voiding INV-88190 and email the invoice again": VOID_NEAR,
    "put on hold voiding INV-88190, email the invoice again": VOID_NEAR,
    "客户要求暂缓作废 INV-88190，把发票再发一次邮件": VOID_NEAR,
    "hold on, void INV-88190 and email the invoice again": VOID_NEAR,
    NO_LONGER: WITHDRAW_FIRST,
    "客户不撤单了，报关单 223320240000456 查下状态": WITHDRAW_FIRST,
    "不用撤单了，查下报关单 223320240000456 的状态": WITHDRAW_FIRST,
    "客户不要等了，报关单 223320240000456 撤单吧": WITHDRAW_FIRST,
}


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


def _held(text: str) -> tuple[list[str], set[str]]:
    s = _filter().select(text)
    return s.names, {r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD}


@pytest.mark.parametrize(
    "text",
    [
        HOLD_OFF,
        "wait with voiding INV-88190 and email the invoice again",
        "put on hold voiding INV-88190, email the invoice again",
        "客户要求暂缓作废 INV-88190，把发票再发一次邮件",
    ],
)
def test_a_void_held_off_on_is_not_sent(text):
    names, held = _held(text)
    assert "invoice_email" in names and "invoice_void" not in names, names
    assert "invoice_void" in held


def test_hold_on_then_a_void_still_asks():
    names, _ = _held("hold on, void INV-88190 and email the invoice again")
    assert "invoice_void" in names, names


@pytest.mark.parametrize(
    "text",
    [NO_LONGER, "客户不撤单了，报关单 223320240000456 查下状态", "不用撤单了，查下报关单 223320240000456 的状态"],
)
def test_a_withdrawal_no_longer_wanted_is_not_sent(text):
    names, held = _held(text)
    assert "customs_declaration_status" in names and "customs_declaration_withdraw" not in names, names
    assert "customs_declaration_withdraw" in held


def test_no_more_waiting_then_withdraw_still_asks():
    names, _ = _held("客户不要等了，报关单 223320240000456 撤单吧")
    assert names[0] == "customs_declaration_withdraw", names


def test_withdrawing_an_order_is_a_destroy_word():
    assert is_destroy_word("撤单")


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        (HOLD_OFF, "hold off on voiding INV-88190"),
        ("holding off on cancelling SH-1, show me its status", "holding off on cancelling SH-1"),
        ("wait with cancelling SH-1 until Monday, show me its status", "wait with cancelling SH-1 until Monday"),
        ("暂缓作废 INV-88190，先把发票再发一次", "暂缓作废 INV-88190"),
        (NO_LONGER, "不要撤单了"),
        ("先不取消了，看看状态", "不取消了"),
    ],
)
def test_the_refusal_read(text, refused):
    assert negated.refused_apart(text)[1] == refused


@pytest.mark.parametrize("text", ["hold on, cancel it", "不要等了，取消吧", "I can't wait to cancel it"])
def test_no_refusal_read(text):
    assert negated.refused_apart(text)[1] == ""
