"""A profile request's example values are no evidence for the embedder either: "member 4410" does not pull its tool
for "what's on order 4410".

On 739ab0d a bakery's ``loyalty_points_balance`` (profile request "what's the points balance on member 4410?")
was sent for "what's on order 4410": BM25 read its profile requests without their ids already, but their
vectors held the digits, and the request's cosine to that profile request was 0.51 against 0.23 with the
value written ``0000``. Profile requests are embedded with each digit of their ids written ``0``.
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolFilterWarning, ToolProfile, ToolSpec
from toolfilter_core._example_ids import embedded_text
from toolfilter_core._tool_profiles.sidecar import attach_profiles
from toolfilter_core.index._records import MemoryRecords
from toolfilter_core.index._tool_index import ToolIndex


def _tool(name: str, description: str, parameter: str) -> ToolSpec:
    return ToolSpec(name, description, {"type": "object", "properties": {parameter: {"type": "string"}}})


TOOLS = [
    _tool("loyalty_points_balance", "Loyalty points balance and tier for a member", "member_id"),
    _tool("order_lookup", "Get an online order by order number: items, total, payment state", "order_id"),
    _tool("giftcard_void", "Void a gift card so it can no longer be used", "card_number"),
    _tool("store_hours", "Opening hours of a store", "store_id"),
]
PROFILES = Profiles(
    {
        "loyalty_points_balance": ToolProfile(("what's the points balance on member 4410?", "会员 55102 现在多少积分")),
        "order_lookup": ToolProfile(("what did order A-7710 have in it", "订单号 70021 里都有些什么东西")),
        "giftcard_void": ToolProfile(
            ("礼品卡 6222-7788 丢了，不能再让别人用", "gift card 4410-5566 was reported stolen")
        ),
        "store_hours": ToolProfile(("when does the Main St shop open on Sunday",)),
    }
)


def _embed(query: str) -> dict[str, float]:
    tf = ToolFilter(TOOLS, embedder=HashingEmbedder(), profiles=PROFILES)
    selection = tf.select(query)
    return {s.name: s.breakdown.signals.get("embed", 0.0) for s in (*selection.selected, *selection.rejected)}


@pytest.mark.parametrize(
    ("query", "other", "tool"),
    [
        ("what's on order 4410", "what's on order 8123", "loyalty_points_balance"),
        ("订单 55102 现在什么状态", "订单 93817 现在什么状态", "loyalty_points_balance"),
        ("礼品卡 6222-1100 是不是已经作废了？", "礼品卡 9135-1100 是不是已经作废了？", "giftcard_void"),
    ],
)
def test_a_profile_request_value_raises_no_cosine(query: str, other: str, tool: str) -> None:
    same, different = _embed(query), _embed(other)
    assert same.get(tool, 0.0) == pytest.approx(different.get(tool, 0.0), abs=1e-6)


def test_the_words_around_the_value_still_count() -> None:
    assert _embed("points balance for member 9999")["loyalty_points_balance"] > 0.0


@pytest.mark.parametrize(
    ("text", "embedded"),
    [
        ("what's the points balance on member 4410?", "what's the points balance on member 0000?"),
        ("礼品卡 6222-7788 丢了", "礼品卡 0000-0000 丢了"),
        ("void invoice INV-5521 and #99012", "void invoice INV-0000 and #00000"),
        ("refund $12 at 10am in 2026, PR-42", "refund $12 at 10am in 2026, PR-42"),  # two digits, a year: as written
    ],
)
def test_embedded_text(text: str, embedded: str) -> None:
    assert embedded_text(text, "zeros") == embedded
    assert embedded_text(text, "kept") == text


def test_a_store_whose_profile_values_were_embedded_as_written_is_rebuilt() -> None:
    tools = attach_profiles(TOOLS, PROFILES)
    store = MemoryRecords()
    ToolIndex(store, HashingEmbedder()).sync(tools)
    info = {k: v for k, v in store.read_info().items() if k != "profile_values"}
    store.write_info(info)  # as a store written before the values were read: their vectors held the digits
    with pytest.warns(ToolFilterWarning, match="embedded by an older toolfilter") as said:
        opened = ToolIndex(store, HashingEmbedder())
        opened.load()  # served meanwhile, as before, with one warning
        opened.load(force=True)
    assert len(said) == 1 and "'kept'" in str(said[0].message) and "index" in str(said[0].message)
    report = ToolIndex(store, HashingEmbedder()).sync(tools)
    assert report.rebuilt
    again = ToolIndex(store, HashingEmbedder()).sync(tools)
    assert not again.rebuilt and again.texts_embedded == 0
    bare = MemoryRecords()
    ToolIndex(bare, HashingEmbedder()).sync(TOOLS)
    bare.write_info({k: v for k, v in bare.read_info().items() if k != "profile_values"})
    assert not ToolIndex(bare, HashingEmbedder()).sync(TOOLS).rebuilt  # no profile request: nothing to embed again
    ToolIndex(bare, HashingEmbedder()).load()  # nor anything to warn of (warnings are errors here)
    ToolIndex(store, HashingEmbedder()).load()  # rebuilt: nothing to warn of
