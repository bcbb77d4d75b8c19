"""A state shown and another's wish beside the speaker's own ask ask no destroying act (``_pipeline``).

"my class booking says cancelled but I never cancelled it, can you check what happened?" says a state and a denied
past act, and asks a check; "my wife wants to cancel her membership but she'll call you herself, I just want to
update my phone number" tells another's wish beside the speaker's own ask. Both were sent a cancel tool. A state
shown (``past_wishes.split_done``) and another's wish beside the speaker's own want (``wishes.split_wishes``) are
read apart from the ask. Cosines are fixed by hand (``TableEmbedder``).
"""

import pytest

from toolfilter_core import ToolFilter, ToolSpec
from toolfilter_core._pipeline.decide import _ask_read

from .fakes import act_phrases, hand_filter, padded, takes, tool_axes

CANCEL = ToolSpec("lesson_booking_cancel", "Cancel a lesson booking. Cannot be undone.", takes("booking_id"))
GET = ToolSpec("lesson_booking_get", "Get one lesson booking by its number, with its status.", takes("booking_id"))
PLAN_CANCEL = ToolSpec("plan_cancel", "Cancel a subscriber's plan at the end of the month.", takes("subscriber_id"))
CONTACT = ToolSpec("contact_update", "Change a subscriber's phone number or address.", takes("subscriber_id"))
TOOLS = [CANCEL, GET, PLAN_CANCEL, CONTACT]
CANCEL_FIRST = padded(0, 0.8, 0.7, 0.6, 0.5)
STATES = [
    "my lesson booking says cancelled but I never cancelled it, can you check what happened? LB-2210",
    "booking LB-2210 shows as cancelled, what happened to it?",
    "the app lists LB-2210 as cancelled, can you look into why?",
    "我的课程预约LB-2210显示已取消，但我没取消过，帮我查一下怎么回事",
    "预约LB-2210状态是已取消，帮我看看是什么原因",
]
OTHERS = [
    "my husband wants to cancel his plan but he'll call you himself, I just want to update my phone number on S-4410",
    "my son wants to cancel his plan, I only need to change the address on S-4410",
    "my wife wants to cancel her plan; I'd like to update my phone number on S-4410",
    "my neighbor wants to cancel his plan with you guys, but I just want to update my phone number on S-4410",
    "my colleague wants to cancel her plan, I only need to change the address on S-4410",
    "我老公想取消他的套餐，他会自己打电话，我只是想改一下S-4410的手机号",
    "我女儿想取消套餐，我就想把S-4410的地址改一下",
]
ASKS = [
    "booking LB-2210 shows as cancelled, please cancel LB-2211 too",
    "my wife wants to cancel her plan S-4410, I want to do it for her",
]
TABLE = tool_axes(TOOLS, padded) | act_phrases(5, 6, padded) | dict.fromkeys([*STATES, *OTHERS, *ASKS], CANCEL_FIRST)


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


@pytest.mark.parametrize("text", STATES)
def test_a_state_shown_is_no_ask(text: str) -> None:
    ask, reports, refused = _ask_read(text)
    assert "cancel" not in ask and "取消" not in ask, (ask, reports, refused)


@pytest.mark.parametrize("text", STATES)
def test_a_state_shown_sends_no_cancel(text: str) -> None:
    s = _filter().select(text)
    assert "lesson_booking_cancel" not in s.names and "plan_cancel" not in s.names, s.explain()


@pytest.mark.parametrize("text", OTHERS)
def test_another_s_wish_beside_the_speaker_s_own_want_is_told(text: str) -> None:
    ask, reports, refused = _ask_read(text)
    assert "cancel" not in ask and "取消" not in ask, (ask, reports, refused)
    s = _filter().select(text)
    assert "plan_cancel" not in s.names and "lesson_booking_cancel" not in s.names, s.explain()


@pytest.mark.parametrize("text", ASKS)
def test_an_ask_beside_a_state_or_a_wish_keeps_its_act(text: str) -> None:
    ask = _ask_read(text)[0]
    assert "cancel" in ask
