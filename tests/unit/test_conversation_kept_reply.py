"""A "…就行" / "…吧" reply is a yes only when its verb says the act offered.

After "我可以帮你删除客户 C-12，需要吗？", "留着就行" (just keep it), "保留就好" and "先放着就行" were read as
confirmations of the delete: any one to three characters before 就行 or 吧 counted as an assent. A verb with 吧 or 就行
takes an offer to destroy only when it says a destroying word or a character of the offer's ("删吧", "退吧" for 退款,
"取消就行").
"""

from __future__ import annotations

import pytest

from toolfilter_core._conversation import Turn
from toolfilter_core._conversation_read import read_turn

DELETE = "我可以帮你删除客户 C-12，需要吗？"
CANCEL = "我可以帮你取消订单 ORD-5521，需要吗？"


def _kind(offer: str, reply: str, first: str = "查一下客户 C-12") -> str:
    return read_turn([Turn("user", first), Turn("assistant", offer), Turn("user", reply)]).kind


@pytest.mark.parametrize(
    ("offer", "reply"),
    [
        ("我可以帮你删除客户 C-12。", "留着就行"),
        (DELETE, "保留就好"),
        (DELETE, "先放着就行"),
        (CANCEL, "留着就行"),
        (DELETE, "好的，留着就行"),  # an assent, then the keep
        (DELETE, "那留着吧"),
        ("要我先取消订单 ORD-5521 吗？", "先放着吧"),  # 先 is said by both, no act by the reply
        (CANCEL, "改地址就行"),  # another act than the one offered
    ],
)
def test_a_reply_keeping_the_thing_confirms_no_destroyer(offer: str, reply: str) -> None:
    assert _kind(offer, reply) != "confirmation"


@pytest.mark.parametrize(
    ("offer", "reply"),
    [
        (DELETE, "删吧"),
        (DELETE, "那就删吧"),
        ("Shall I delete customer C-12?", "删吧"),
        ("要我给订单 ORD-5521 退款吗？", "退吧"),  # 退 of 退款
        ("要我把这笔退掉吗？", "退了吧"),
        (CANCEL, "取消就行"),
        (CANCEL, "好的，取消吧"),
        ("要我给他发个短信吗？", "发吧"),  # an offer that destroys nothing: as before
    ],
)
def test_a_reply_saying_the_act_offered_confirms_it(offer: str, reply: str) -> None:
    assert _kind(offer, reply) == "confirmation"


@pytest.mark.parametrize(("reply", "kind"), [("那留着吧", "request"), ("好的，删吧", "confirmation")])
def test_after_an_asked_delete_a_keep_is_no_yes(reply: str, kind: str) -> None:
    """After "把客户 C-12 删了" and an answer that proposes nothing, "那留着吧" confirmed the delete asked."""
    assert _kind("客户 C-12 还有两个未完成的订单。", reply, first="把客户 C-12 删了") == kind


@pytest.mark.parametrize(("reply", "kept"), [("留着就行", True), ("先放着吧", True), ("删吧", False), ("好的", False)])
def test_a_keeping_reply_is_read_as_asking_no_destroyer(reply: str, kept: bool) -> None:
    """ "先放着吧" read as a request of its own was sent a destroyer its words came near (the act phrases)."""
    turns = [Turn("user", "查一下客户 C-12"), Turn("assistant", DELETE), Turn("user", reply)]
    assert read_turn(turns).kept is kept
