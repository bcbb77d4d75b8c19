"""A told act beside a short ask: the rest of the request asks when it says a word of its own, however short.

"I'll cancel AP-2231 if the doctor is late, show it" asks the read as "…, show it first" does, and "…，先查" as
"…，先查一下": the rest's length decided it before. A rest of ids and function words alone ("the", "her", an id) still
leaves the request read whole, and so does one that only hands the told act on ("if yes, do it").
"""

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, recommended_config
from toolfilter_core._hints import request_is_destructive
from toolfilter_core._pipeline.later_acts import split_later_acts

from .clinic_subscriptions_kit import registry

CLINIC = registry("get_appointment", "cancel_appointment", "list_doctors")
SHORT_ASKS = [
    ("I'll cancel appointment AP-2231 if the doctor is late, show it", "show it"),
    ("I'll cancel appointment AP-2231 if the doctor is late, show it first", "show it first"),
    ("如果医生迟到我就取消 AP-2231，先查", "先查"),
    ("如果医生迟到我就取消 AP-2231，先查一下", "先查一下"),
    ("if they don't pay by friday I'll void INV-3301, show it", "show it"),
    ("退款被拒了，查", "查"),
]


@pytest.mark.parametrize(("text", "ask"), SHORT_ASKS)
def test_a_short_ask_beside_a_told_act_is_the_ask(text: str, ask: str) -> None:
    rest, told = split_later_acts(text)
    assert told
    assert ask in rest
    assert not request_is_destructive(rest)


@pytest.mark.parametrize(
    "text",
    [
        "the refund was rejected",  # "the" is left: no word of its own
        "her refund request got declined",
        "the refund was rejected, O-1",  # an id alone
        "如果明天还没好我就取消订单了吧",  # particles alone
        "还能退款吗？",
        "can I still cancel AP-2231? if yes, do it",  # a hand-on of the told act asks it
        "could I still get a refund for AP-2231? please process it if so",
    ],
)
def test_a_rest_of_function_words_ids_or_a_hand_on_leaves_it_whole(text: str) -> None:
    assert split_later_acts(text) == (text, "")


@pytest.mark.parametrize(
    "text",
    # the English rows on the clinic's ids: the hashing embedder places no Chinese ask ("先查") near an English
    # description, so the Chinese rows are read by the split above
    [t for t, _ in SHORT_ASKS if "AP-2231" in t and t.isascii()],
)
def test_no_destroyer_goes_for_the_short_ask(text: str) -> None:
    chooser = ToolFilter(CLINIC, config=recommended_config(), embedder=HashingEmbedder())
    names = chooser.select(text).names
    assert "cancel_appointment" not in names
    assert "get_appointment" in names  # the read the rest asks
