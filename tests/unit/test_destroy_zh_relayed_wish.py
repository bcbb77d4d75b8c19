"""A Chinese destroy wish relayed from its speaker: who says it is not the thing to destroy.

"客户说R-40917那单他不要了" (the customer says he no longer wants order R-40917) was sent ``customer_delete`` on a
garage's registry: 客户 (customer), the speaker, was read as the record the request names. The record nouns are
read after the verb of saying (``zh_speakers``), blanked where the guard reads the ask (``speakers``). Cosines
are fixed by hand (``TableEmbedder``).
"""

import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.objects import destroyer_of_named_record, destroyer_of_said_object
from toolfilter_core._pipeline.speakers import speakers_apart
from toolfilter_core._pipeline.zh_speakers import without_speakers

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

GONE = {"destructiveHint": True}
RELAYED = "客户说R-40917那单他不要了"


@pytest.mark.parametrize(
    ("text", "left"),
    [
        (RELAYED, "  说R-40917那单他不要了"),
        ("会员 M-88 反映，那张卡不用了", "   M-88 反映，那张卡不用了"),  # an id between
        ("客户刚才跟我说那个预订不要了", "  刚才跟我说那个预订不要了"),  # a time and who is told between
        ("那单客户说不要了", "那单  说不要了"),  # the order said before its speaker is kept
        ("把客户说的那单取消", "把  说的那单取消"),  # the order the customer spoke of
        ("听说客户 R-1 取消了", "听说客户 R-1 取消了"),  # heard: no speaker before it
        ("把客户说明删掉", "把客户说明删掉"),  # 说明: no verb of saying
        ("删掉讲师 T-1 的账号", "删掉讲师 T-1 的账号"),  # 讲师: an instructor
    ],
)
def test_the_speaker_is_blanked(text: str, left: str) -> None:
    assert without_speakers(text) == left


CUSTOMER_DELETE = ToolSpec(
    "customer_delete", "Delete a customer record and their personal data.", takes("customer_id"), annotations=GONE
)
RESERVATION_CANCEL = ToolSpec(
    "reservation_cancel", "Cancel a rental reservation (R-xxxxx).", takes("reservation_id"), annotations=GONE
)
RESERVATION_GET = ToolSpec("reservation_get", "Look up a reservation by its number (R-xxxxx).", takes("reservation_id"))
GARAGE = [CUSTOMER_DELETE, RESERVATION_CANCEL, RESERVATION_GET]
FLAGS = [True, True, False]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (RELAYED, None),  # 客户 says the wish; the order is the thing
        ("顾客表示那个预订不要了", 1),  # the speaker blanked, the reservation (预订) named after
        ("这个客户不要了，删掉吧", 0),  # the customer no longer wanted: the thing
    ],
)
def test_a_speaker_names_no_destroyer(text: str, found: int | None) -> None:
    ask = speakers_apart(text)  # as the guard reads the ask
    j = destroyer_of_said_object(ask, GARAGE, FLAGS)
    assert (destroyer_of_named_record(ask, GARAGE, FLAGS) if j is None else j) == found


def test_a_relayed_wish_sends_no_speakers_destroyer() -> None:
    table = tool_axes(GARAGE) | act_phrases(4, 5) | {RELAYED: unit(0, 0.6, 0.55, 0.3, 0.5)}  # the customer's first
    s = hand_filter(GARAGE, table).select(RELAYED)
    assert "customer_delete" not in s.names, s.explain()
    assert "reservation_cancel" in s.names, s.explain()
