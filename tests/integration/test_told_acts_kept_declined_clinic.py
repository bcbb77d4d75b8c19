"""Told acts, another's wish beside a keep and a bare no, with the real default embedder.

A clinic's "…, show it" beside the speaker's own conditional cancel, "my mother-in-law wants to cancel AP-2231 but I
want to keep it", 我婆婆想取消 … 但我想保留, and a bare "不用" to "需要我帮你取消吗？" sent the cancel; "yes both" after
"Should I also refund the payment?" sent the refund alone.
"""

from __future__ import annotations

import pytest

from tests.unit.clinic_subscriptions_kit import GONE, registry
from tests.unit.fakes import takes
from tests.unit.shop_orders_kit import TOOLS, last_destroyers
from toolfilter_core import Embedder, ToolFilter, ToolSpec, recommended_config

pytestmark = pytest.mark.integration

CLINIC = [
    *registry("get_appointment", "reschedule_appointment", "cancel_appointment"),
    # its own refund wording, the one the "yes both" case was written against
    ToolSpec("refund_appointment", "Refund an appointment's payment.", takes("appointment_id"), annotations=GONE),
    ToolSpec("send_sms", "Send a text message to a patient.", takes("phone")),
    *registry("list_doctors"),
]


@pytest.fixture(scope="module")
def clinic(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(CLINIC, config=recommended_config(), embedder=default_embedder)


@pytest.fixture(scope="module")
def shop(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(TOOLS, config=recommended_config(), embedder=default_embedder)


@pytest.mark.parametrize(
    "request_",
    [
        "I'll cancel appointment AP-2231 if the doctor is late, show it",
        "如果医生迟到我就取消 AP-2231，先查",
        "my mother-in-law wants to cancel AP-2231 but I want to keep it, show me the details",
        "my manager wants to cancel AP-2231 but I'd like to keep it. What time is it?",
        "我婆婆想取消 AP-2231，但我想保留，帮我看一下详情",
    ],
)
def test_a_told_or_kept_cancel_sends_no_destroyer(clinic: ToolFilter, request_: str) -> None:
    selection = clinic.select(request_)
    assert "cancel_appointment" not in selection.names, selection.explain()


@pytest.mark.parametrize(
    "request_", ["cancel appointment AP-2231", "我想取消 AP-2231，但我想保留 AP-2240 的提醒，帮我看一下"]
)
def test_the_speakers_own_cancel_sends_it(clinic: ToolFilter, request_: str) -> None:
    selection = clinic.select(request_)
    assert "cancel_appointment" in selection.names, selection.explain()


def test_a_bare_no_to_an_offered_cancel_sends_none(shop: ToolFilter) -> None:
    assert not last_destroyers(shop, "订单 ORD-5521 到哪了", "昨天已经发货了。需要我帮你取消吗？", "不用")


def test_both_sends_the_earlier_cancel_and_the_offered_refund(shop: ToolFilter) -> None:
    offer = "Sure, I can cancel ORD-5521. Should I also refund the payment?"
    assert last_destroyers(shop, "cancel order ORD-5521", offer, "yes both") == {"cancel_order", "refund_order"}
