"""A turn that refuses the close of the subscription just read asks no close.

On 65c0de7 "不取消了，续一年吧" (no cancel, renew it a year), after ``garden_subscription_get`` read GS-2207, was sent
``garden_subscription_close``: the conversation's record read, its 取消 was taken for the close's act though refused.
"""

from __future__ import annotations

import pytest

from tests.unit.waste_kit import TOOLS
from toolfilter_core import HashingEmbedder, ToolFilter
from toolfilter_core._conversation import Turn
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

CLOSE = "garden_subscription_close"


def _last_set(first: str, last: str) -> list[str]:
    tool_filter = ToolFilter(TOOLS, embedder=HashingEmbedder())
    result = '{"id": "GS-2207", "status": "active", "ends": "2027-01-31"}'
    turns = [
        Turn("user", first),
        Turn("assistant", "", called=("garden_subscription_get",)),
        Turn("tool", result, called=("garden_subscription_get",)),
        Turn("assistant", "GS-2207 is active until 2027-01-31."),
        Turn("user", last),
    ]
    policy, names = ConversationPolicy(), []
    for end in [i for i, t in enumerate(turns) if t.role == "assistant"] + [len(turns)]:
        window = conversation_window(turns[:end], history_turns=tool_filter.config.history_turns)
        names = list(select_window(tool_filter, window, conversation=policy).names)
    return names


@pytest.mark.parametrize("first", ["帮我看看花园垃圾订阅 GS-2207 的情况", "show me garden subscription GS-2207"])
def test_a_refused_cancel_sends_no_close(first: str) -> None:
    assert CLOSE not in _last_set(first, "不取消了，续一年吧")


@pytest.mark.parametrize("first", ["帮我看看花园垃圾订阅 GS-2207 的情况", "show me garden subscription GS-2207"])
def test_a_cancel_asked_with_a_renewal_refused_sends_the_close(first: str) -> None:
    assert CLOSE in _last_set(first, "cancel it, don't renew")
