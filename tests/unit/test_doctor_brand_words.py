"""Brand words in prose are one word each in the words a pair shares (a library network's registry).

On d55d184 the doctor split "WeChat" in a description as an identifier and said "we" and "chat" among a pair's
shared words; WeChat, iPhone, PayPal, GitHub, YouTube, JavaScript are words of prose, split by none.
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, ToolSpec, diagnose

BRANDS = ["WeChat", "iPhone", "PayPal", "GitHub", "YouTube", "JavaScript"]


@pytest.mark.parametrize("brand", BRANDS)
def test_a_brand_word_is_one_shared_word_not_its_parts(brand: str) -> None:
    tools = [
        ToolSpec("send_notice", f"Send a notice to a patron by SMS, email or {brand}."),
        ToolSpec("notify_patron", f"Notify a library patron about a hold or an overdue loan by SMS, email or {brand}."),
        ToolSpec("branch_hours", "Opening hours of a branch, holidays included."),
        ToolSpec("fine_pay", "Record a payment of a patron's overdue fine at the desk."),
    ]
    report = diagnose(tools, embedder=HashingEmbedder(), crowded_score=0.01)
    (pair,) = [p for p in report.pairs if {p.a, p.b} == {"send_notice", "notify_patron"}]
    assert brand.lower() in pair.shared_words
    parts = {w.lower() for w in ("We", "Chat", "Phone", "Pay", "Pal", "Git", "Hub", "You", "Tube", "Java", "Script")}
    assert not parts & set(pair.shared_words)


def test_identifiers_in_prose_are_still_split_and_code_kept() -> None:
    from toolfilter_core._doctor.crowding import prose

    assert prose("Pay by WeChat or PayPal on an iPhone") == "Pay by wechat or paypal on an iphone"
    assert prose("use carStatusLookup or `getWeatherNow`, search_mailBox") == (
        "use carStatusLookup or `getWeatherNow`, search_mailBox"
    )
