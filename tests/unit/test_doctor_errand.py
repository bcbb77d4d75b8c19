"""Without profiles the doctor pairs tools that only share a word (fake embedder).

On 933b8b4 a florist's ``customer_find`` ("by e-mail address") and ``email_send`` ("to an e-mail
address") were a crowded pair: different acts on different things that share a word. A pair of
one act on one thing in other words (``customer_lookup``, ``crm_find_contact``) must stay told.
"""

from __future__ import annotations

from typing import Any

from toolfilter_core import HashingEmbedder, ToolSpec, diagnose


def _tool(name: str, description: str, *required: str) -> ToolSpec:
    properties: dict[str, Any] = {p: {"type": "string"} for p in required}
    return ToolSpec(name, description, {"type": "object", "properties": properties, "required": list(required)})


FLORIST = [
    _tool("customer_find", "Find a customer by e-mail address or phone.", "email"),
    _tool("email_send", "Send an e-mail to an e-mail address: subject and body.", "to"),
    _tool("customer_lookup", "Look up a client's contact card: name, phone, postal address.", "query"),
    _tool("crm_find_contact", "Find a client's contact card in the CRM: name, phone, postal address.", "query"),
    _tool("bouquet_price", "Price a bouquet from its flowers, stems and wrapping.", "flowers"),
    _tool("delivery_schedule", "Schedule a delivery van slot on a date.", "date"),
    _tool("stock_count", "Count the stems of each flower left in the cold room.", "flower"),
    _tool("invoice_get", "Show an invoice: lines, total, tax, paid or unpaid.", "invoice_id"),
    _tool("wreath_order", "Order a funeral wreath with a ribbon text.", "ribbon"),
    _tool("shop_hours", "Opening hours of the shop by weekday and holidays."),
]


def _told(report: Any) -> set[frozenset[str]]:
    return {frozenset(f.tools) for f in report.findings if f.kind == "crowded_pair"} | {
        frozenset(pair) for f in report.of_kind("crowded_cluster") for pair in f.evidence["pairs"]
    }


def test_a_pair_sharing_only_an_incidental_word_is_not_told() -> None:
    report = diagnose(FLORIST, embedder=HashingEmbedder())
    assert frozenset({"customer_find", "email_send"}) not in _told(report)  # on 933b8b4: a crowded pair


def test_one_act_on_one_thing_in_other_words_is_still_told() -> None:
    report = diagnose(FLORIST, embedder=HashingEmbedder())
    assert frozenset({"customer_lookup", "crm_find_contact"}) in _told(report)


def test_other_errand_needs_different_things_and_different_acts() -> None:
    from toolfilter_core._doctor.acts import other_errand

    assert other_errand("customer_find", "email_send")  # read beside a verb of no kind, no shared thing
    assert not other_errand("customer_find", "email_send", kindless_differs=False)
    assert other_errand("calendar_list", "todo_add")  # read and make, two things
    assert not other_errand("customer_lookup", "crm_find_contact")  # one kind of act
    assert not other_errand("calendar_create", "calendar_list")  # one thing: acts_differ's case
    assert not other_errand("git_diff", "git_log")  # one thing, no verb kind
    assert not other_errand("refund_create", "report_refunds")  # one word, once plural


def test_the_json_pair_says_its_errand_part() -> None:
    pairs = {frozenset((p["a"], p["b"])): p for p in diagnose(FLORIST, embedder=HashingEmbedder()).to_dict()["pairs"]}
    assert pairs[frozenset({"customer_lookup", "crm_find_contact"})]["parts"]["errand"] == 0.0


CARDS = [
    ToolSpec("customer_lookup", "Look up a client's contact card in the shop records: full name, phone and address."),
    ToolSpec("crm_find_contact", "Find a client's contact card in the CRM records: full name, phone and address."),
    ToolSpec("bouquet_price", "Price a bouquet from its flowers, the number of stems, the wrapping paper and ribbon."),
    ToolSpec("stock_count", "Count the stems of each flower left in the cold room, by colour and by supplier batch."),
    ToolSpec("shop_hours", "Opening hours of the flower shop by weekday, with the public holidays it closes on."),
    ToolSpec("wreath_order", "Order a funeral wreath: its size, the flowers, a ribbon text and the date of service."),
]


LOW = 0.3
"""A threshold the CARDS pair (0.48 here) scores 1.5 times: without profiles, a neighbour for the when-to-use line."""


def _pair(report: Any) -> Any:
    return next(f for f in report.of_kind("crowded_pair") if set(f.tools) == {"customer_lookup", "crm_find_contact"})


def test_a_missing_when_to_use_line_of_a_pair_is_told_once_in_the_no_when_to_use_line() -> None:
    report = diagnose(CARDS, embedder=HashingEmbedder(), crowded_score=LOW)
    pair = _pair(report)
    (when,) = report.of_kind("no_when_to_use")  # on 933b8b4: one more line for each of the two
    assert set(pair.tools) <= set(when.tools)
    assert "customer_lookup (crowds crm_find_contact)" in when.detail
    assert "when to use" not in pair.detail  # on bd450ed: "; neither says when to use it" there too
    assert sorted(pair.evidence["no_when_to_use"]) == ["crm_find_contact", "customer_lookup"]
    told = report.to_dict()["findings"]
    assert any(f["evidence"].get("no_when_to_use") for f in told if f["kind"] == "crowded_pair")  # the JSON says it


def test_the_line_names_only_the_one_that_lacks_it() -> None:
    lookup = ToolSpec(CARDS[0].name, CARDS[0].description + " Use when the shop's own records hold the client.")
    report = diagnose([lookup, *CARDS[1:]], embedder=HashingEmbedder(), crowded_score=LOW)
    assert _pair(report).evidence["no_when_to_use"] == ["crm_find_contact"]
    assert report.of_kind("no_when_to_use")[0].tools == ("crm_find_contact",)


def test_the_counts_line_says_it_once() -> None:
    counts = diagnose(CARDS, embedder=HashingEmbedder(), crowded_score=LOW).text(limit=0).splitlines()[1]
    assert "1 no_when_to_use" in counts and "never say when" not in counts  # on bd450ed: "; 2 more tools never say"


def test_the_no_when_to_use_line_of_several_tools_says_them() -> None:
    """It said "2 tools crowd another and never say when to use it rather than the tools it crowds"."""
    (when,) = diagnose(CARDS, embedder=HashingEmbedder(), crowded_score=LOW).of_kind("no_when_to_use")
    assert len(when.tools) > 1
    assert (
        f"{len(when.tools)} tools crowd another and never say when to use them rather than the tools they crowd: "
        in (when.detail)
    )
