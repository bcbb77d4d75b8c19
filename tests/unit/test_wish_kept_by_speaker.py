"""Anyone else's wish beside the speaker keeping the thing is told: who the other is does not matter.

"my husband wants to cancel AP-2231 but I want to keep it" told the husband's wish, while "my mother-in-law",
"my assistant", "my manager", "Dr. Lee", 我妈, 我婆婆 and 我助理 in his place asked the cancel (only listed kin
counted), and so did "wants AP-2231 cancelled". The speaker's own want beside a keep is still asked.
"""

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, recommended_config
from toolfilter_core._pipeline.wishes import split_wishes

from .clinic_subscriptions_kit import registry

CLINIC = registry("get_appointment", "cancel_appointment", "list_doctors")
KEPT = [
    ("my mother-in-law wants to cancel AP-2231 but I want to keep it, show me the details", "my mother-in-law"),
    ("my assistant wants to cancel AP-2231 but I want to keep it, show me the details", "my assistant"),
    ("my manager wants to cancel AP-2231 but I'd like to keep it. What time is the appointment?", "my manager"),
    ("Dr. Lee wants to cancel AP-2231 but I want to keep it, show it", "Dr. Lee"),
    ("my husband wants AP-2231 cancelled but I want to keep it, show me the details", "my husband"),
    ("我妈想取消 AP-2231，但我想保留，帮我看一下详情", "我妈"),
    ("我婆婆想取消 AP-2231，但我想保留，帮我看一下详情", "我婆婆"),
    ("我助理想取消 AP-2231，但我想保留，帮我看一下详情", "我助理"),
]


@pytest.mark.parametrize(("text", "who"), KEPT)
def test_anothers_wish_beside_a_keep_is_told(text: str, who: str) -> None:
    rest, told = split_wishes(text)
    assert told.startswith(who)
    assert "AP-2231" not in rest


@pytest.mark.parametrize(
    "text",
    [
        "I want to cancel AP-1 but I want to keep AP-2",
        "we want to cancel AP-1 but I want to keep it",
        "我想取消 AP-1，但我想保留 AP-2",
        "please cancel AP-1, I want to keep AP-2",
    ],
)
def test_the_speakers_own_want_beside_a_keep_is_asked(text: str) -> None:
    assert split_wishes(text) == (text, "")


@pytest.mark.parametrize("text", [t for t, _ in KEPT])
def test_no_destroyer_goes_beside_the_keep(text: str) -> None:
    chooser = ToolFilter(CLINIC, config=recommended_config(), embedder=HashingEmbedder())
    names = chooser.select(text).names
    assert "cancel_appointment" not in names
    assert "get_appointment" in names  # the read each asks
