"""A shop's, a clinic's and a subscriptions desk's registries, the real default embedder: Chinese wants.

"我不需要订单 ORD-5521 了", "AP-2231 我不需要了" and "我说订单 ORD-5521 不要了" sent no destroyer; "ORD-5521
不用再续费了" on a shop with no subscriptions sent ``cancel_order``, a renewal stopped read as the order cancelled.
"""

from __future__ import annotations

import pytest

from tests.unit import clinic_subscriptions_kit as clinic
from tests.unit import shop_kit as shop
from toolfilter_core import Embedder, ToolFilter

pytestmark = pytest.mark.integration
SHOP = shop.registry("get_order", "update_order", "cancel_order", "refund_order", "delete_customer")
CLINIC = clinic.registry("get_appointment", "cancel_appointment", "delete_patient")
SUBS = clinic.registry("get_subscription", "cancel_subscription", "delete_account")
DESTROYERS = {t.name for t in SHOP + CLINIC + SUBS if t.annotations}


@pytest.fixture(scope="module")
def filters(default_embedder: Embedder) -> dict[str, ToolFilter]:
    return {
        "shop": ToolFilter(SHOP, embedder=default_embedder),
        "clinic": ToolFilter(CLINIC, embedder=default_embedder),
        "subs": ToolFilter(SUBS, embedder=default_embedder),
    }


@pytest.mark.parametrize(
    ("registry", "text", "destroyer"),
    [
        ("shop", "我不需要订单 ORD-5521 了", "cancel_order"),
        ("clinic", "我不需要预约 AP-2231 了", "cancel_appointment"),
        ("clinic", "AP-2231 我不需要了", "cancel_appointment"),
        ("shop", "我说订单 ORD-5521 不要了", "cancel_order"),  # the speaker's own saying
        ("shop", "说实话订单 ORD-5521 不要了", "cancel_order"),  # "honestly"
        ("subs", "SUB-1180 不用再续费了", "cancel_subscription"),
        ("shop", "ORD-5521 不用再续费了", None),  # no renewal tool: no cancel of the order
        ("shop", "我妈说订单 ORD-5521 不要了", None),  # another's words
    ],
)
def test_the_wanted_destroyer_alone(
    filters: dict[str, ToolFilter], registry: str, text: str, destroyer: str | None
) -> None:
    names = set(filters[registry].select(text).names)
    assert names & DESTROYERS == ({destroyer} if destroyer else set()), names
