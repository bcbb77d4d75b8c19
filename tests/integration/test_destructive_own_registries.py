"""Two users' registries, the real default embedder: a destructive tool only for a request asking for its act.

In the shop, no tool reads coupons: "is SPRING15 still valid?" ranks
``coupon_delete`` first, and was sent it. In the freight registry "把SH-61450这票取消掉"
(cancel this shipment) ranks ``meeting_cancel`` (described in Chinese) above
``shipment_cancel`` (in English) and got only the meeting's; "reschedule friday's meeting"
(no tool reschedules) was sent ``meeting_cancel``. In the travel agency's, "TA-20417 作废"
(void TA-20417, a booking reference) got ``invoice_void``, which takes INV-… ids, and not
``booking_cancel``. A read that names the act in a question ("is invoice INV-1 void?", "did
we already cancel Thursday's class?", "周五晚上的法语课还上吗") was sent the act's tool; a
destroy request in question form ("can you cancel booking TA-20417?") must keep it.
Data: tests/integration/data/SOURCE.md.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpecWarning, read_tools_file, recommended_config
from toolfilter_core._hints import says_destructive

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
    selection = _filter("shop", default_embedder, profiled=profiled).select(request_)
    assert "coupon_delete" not in selection.names, selection.explain()


def test_cancelling_a_shipment_in_chinese_sends_shipment_cancel(default_embedder: Embedder) -> None:
    selection = _filter("freight", default_embedder, profiled=False).select("把SH-61450这票取消掉")
    assert "shipment_cancel" in selection.names, selection.explain()
    assert "customer_delete" not in selection.names


def test_rescheduling_a_meeting_gets_no_meeting_cancel(default_embedder: Embedder) -> None:
    selection = _filter("freight", default_embedder, profiled=True).select("reschedule friday's meeting")
    assert "meeting_cancel" not in selection.names, selection.explain()


TERSE = ["TA-20417 作废", "TA-20417 撤了", "TA-20417 客户说不去了，这单撤了吧"]


@pytest.mark.parametrize("request_", TERSE)
def test_a_terse_booking_cancel_gets_the_tool_that_takes_the_bookings_id(
    default_embedder: Embedder, request_: str
) -> None:
    # TA-… is a booking reference (booking_get: "e.g. TA-12345"; booking_cancel's profile requests);
    # invoices are INV-…, visa applications VA-…: "作废" (void) and "撤了" (withdrawn) are not theirs here
    selection = _filter("travel", default_embedder, profiled=True).select(request_)
    assert "booking_cancel" in selection.names, selection.explain()
    assert not {"invoice_void", "visa_application_withdraw"} & set(selection.names), selection.explain()


def test_an_invoices_id_keeps_the_invoices_void(default_embedder: Embedder) -> None:
    selection = _filter("travel", default_embedder, profiled=True).select("把发票 INV-3302 作废")
    assert "invoice_void" in selection.names and "booking_cancel" not in selection.names, selection.explain()


STATE_QUESTIONS = [
    ("travel", "is invoice INV-1 void?"),
    ("travel", "has Maria's refund gone through?"),
    ("travel", "what's the cancellation fee on booking TA-20417?"),
    ("school", "did we already cancel Thursday's class?"),
    ("school", "周五晚上的法语课还上吗"),  # is Friday evening's French class still on
    ("freight", "did we already cancel Thursday's meeting?"),
    ("freight", "SH-61450 取消了吗？"),  # has SH-61450 been cancelled
]


@pytest.mark.parametrize("profiled", [False, True], ids=["without-profiles", "with-profiles"])
@pytest.mark.parametrize(("registry", "request_"), STATE_QUESTIONS)
def test_a_question_about_an_acts_state_gets_no_destructive_tool(
    default_embedder: Embedder, profiled: bool, registry: str, request_: str
) -> None:
    tf = _filter(registry, default_embedder, profiled=profiled)
    harmful = {t.name for t in tf.tools if says_destructive(t)}
    selection = tf.select(request_)
    assert not harmful & set(selection.names), selection.explain()


@pytest.mark.parametrize("profiled", [False, True], ids=["without-profiles", "with-profiles"])
@pytest.mark.parametrize(
    ("registry", "request_", "tool"),
    [
        ("travel", "can you cancel booking TA-20417?", "booking_cancel"),
        ("travel", "could you void INV-1 please?", "invoice_void"),
        ("travel", "would you mind withdrawing the visa application?", "visa_application_withdraw"),
        ("school", "能帮我把周三的课取消吗", "class_cancel"),  # could you cancel Wednesday's class
        ("freight", "can you cancel shipment SH-20417?", "shipment_cancel"),
    ],
)
def test_a_destroy_request_in_question_form_keeps_its_tool(
    default_embedder: Embedder, profiled: bool, registry: str, request_: str, tool: str
) -> None:
    selection = _filter(registry, default_embedder, profiled=profiled).select(request_)
    assert tool in selection.names, selection.explain()
