"""Two new users' registries, the real default embedder: a destructive tool only for a request asking for its act.

Issue #32 item 12. In the shop, no tool reads coupons: "is SPRING15 still valid?" ranks
``coupon_delete`` first, and was sent it. In the freight registry "把SH-61450这票取消掉"
(cancel this shipment) ranks ``meeting_cancel`` (described in Chinese) above
``shipment_cancel`` (in English) and got only the meeting's; "reschedule friday's meeting"
(no tool reschedules) was sent ``meeting_cancel``. Data: tests/integration/data/SOURCE.md.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpecWarning, read_tools_file, recommended_config

pytestmark = pytest.mark.integration

DATA = Path(__file__).resolve().parent / "data"


def _filter(registry: str, embedder: Embedder, *, profiled: bool) -> ToolFilter:
    folder = DATA / registry
    profiles = folder / "profiles.jsonl" if profiled else None
    with warnings.catch_warnings():  # the user's registry shares ids across categories: the core says so
        warnings.simplefilter("ignore", ToolSpecWarning)
        tools = read_tools_file(folder / "tools.jsonl")
        return ToolFilter(tools, config=recommended_config(), embedder=embedder, profiles=profiles)


@pytest.mark.parametrize("profiled", [False, True], ids=["without-profiles", "with-profiles"])
@pytest.mark.parametrize("request_", ["is the code SPRING15 still valid?", "SPRING15这个优惠码还能用吗？"])
def test_a_coupon_question_gets_no_coupon_delete(default_embedder: Embedder, profiled: bool, request_: str) -> None:
    selection = _filter("newuser_shop", default_embedder, profiled=profiled).select(request_)
    assert "coupon_delete" not in selection.names, selection.explain()


def test_cancelling_a_shipment_in_chinese_sends_shipment_cancel(default_embedder: Embedder) -> None:
    selection = _filter("newuser_freight", default_embedder, profiled=False).select("把SH-61450这票取消掉")
    assert "shipment_cancel" in selection.names, selection.explain()
    assert "customer_delete" not in selection.names


def test_rescheduling_a_meeting_gets_no_meeting_cancel(default_embedder: Embedder) -> None:
    selection = _filter("newuser_freight", default_embedder, profiled=True).select("reschedule friday's meeting")
    assert "meeting_cancel" not in selection.names, selection.explain()
