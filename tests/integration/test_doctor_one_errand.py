"""One errand in other words, maybe in two languages, real default embedder (a library network's registry).

On d55d184 neither pair was a ``near_duplicate``: ``send_notice`` ~ ``notify_patron`` a crowded pair (similarity
0.66), ``user_get`` (Chinese) ~ ``lookup_customer`` (English) no pair at all. The registry (data/library, 20 tools,
half described in Chinese) was written for this test from the library's report alone.
"""

from __future__ import annotations

from pathlib import Path

from toolfilter_core import diagnose

DATA = Path(__file__).parent / "data" / "library"


def test_the_messaging_pair_and_the_read_in_two_languages_are_near_duplicates() -> None:
    report = diagnose(DATA / "tools.jsonl")
    found = {frozenset(f.tools): f.evidence.get("by") for f in report.of_kind("near_duplicate")}
    assert found == {
        frozenset(("send_notice", "notify_patron")): "meaning",
        frozenset(("user_get", "lookup_customer")): "meaning",
    }
