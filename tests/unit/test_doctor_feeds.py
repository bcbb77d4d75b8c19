"""The feed detection a user's registry showed wrong.

On a64b68a the doctor said ``email_delete(message_ids)`` is fed by nothing although
``email_inbox`` lists "e-mails" and ``email_search`` searches the mailbox: the chains had no
notion of "e-mail" as one word, of a listing whose plural comes after an adjective, nor of
"message" ~ "email" (the embedder's, no hand-written list).
"""

from __future__ import annotations

from typing import Any

from tests.unit.fakes import TableEmbedder, unit
from toolfilter_core import ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._chains import ChainMap, derive
from toolfilter_core._doctor.definitions import definition_findings


def _tool(name: str, description: str, *required: str) -> ToolSpec:
    properties: dict[str, Any] = {p: {"type": "string"} for p in required}
    return ToolSpec(name, description, {"type": "object", "properties": properties, "required": list(required)})


INBOX = _tool("email_inbox", "List the newest unread e-mails in the shop's inbox.", "limit")
SEARCH = _tool("email_search", "Search the shop's mailbox by sender, subject or words in the body.", "query")
DELETE = _tool("email_delete", "Delete e-mails from the mailbox.", "message_ids")
COUPON = _tool("coupon_create", "Create a discount coupon code with an expiry date.", "code")
MAIL = [INBOX, SEARCH, DELETE, COUPON]

WORDS = TableEmbedder(
    {
        "message": unit(1.0, 0.8),  # cosine 0.98 to email
        "email": unit(0.8, 1.0),
        "mailbox": unit(0.2, 0.3, 1.0),  # 0.32
        "sender": unit(0.0, 0.0, 0.0, 1.0),
        "subject": unit(0.0, 0.0, 0.0, 0.0, 1.0),
    }
)


def test_a_hyphenated_e_mail_is_one_word_and_a_listing_finds_its_plural_after_adjectives() -> None:
    assert derive(INBOX).produces.get("email", 0) >= 2  # was {"email": 1, "inbox": 1}: "newest" is no plural
    assert "mail" not in derive(SEARCH).produces and "mail" not in derive(DELETE).produces


def test_an_id_named_by_a_synonym_is_fed_by_what_its_own_tool_speaks_of() -> None:
    assert [n for n, _ in ChainMap(MAIL).unfed()] == ["email_delete"]  # without the embedder: by words only
    chains = ChainMap(MAIL, embedder=WORDS)
    assert chains.unfed() == []
    (feed,) = chains.feeds["email_delete"]
    assert set(feed.producers) == {"email_search", "email_inbox"}
    assert feed.producers[0] == "email_search"  # the search first (strength 3), then the listing
    assert chains.synonyms[("email_delete", "message_ids")][0] == "email"
    assert chains.produces("email_inbox", feed.need)  # a selected listing feeds it: no producer comes


def test_the_doctor_finds_no_unfed_id_for_a_synonym_but_still_one_for_a_real_gap() -> None:
    refund = _tool("refund_payment", "Refund a payment.", "payment_id")
    found = definition_findings([*MAIL, refund], embedder=WORDS)
    assert {f.tools[0] for f in found if f.kind == "unfed_id"} == {"refund_payment"}


def test_a_word_far_from_the_need_feeds_nothing() -> None:
    far = TableEmbedder({"message": unit(1.0), "email": unit(0.0, 1.0), "mailbox": unit(0.0, 0.0, 1.0)})
    assert [n for n, _ in ChainMap(MAIL, embedder=far).unfed()] == ["email_delete"]


def test_a_candidate_must_be_a_word_of_the_consumer_itself() -> None:
    """``coupon_delete`` never speaks of e-mails: the e-mail tools never feed its ``message_ids``."""
    odd = _tool("coupon_delete", "Delete a coupon so it can no longer be used.", "message_ids")
    assert [n for n, _ in ChainMap([INBOX, SEARCH, odd], embedder=WORDS).unfed()] == ["coupon_delete"]


def test_a_selection_brings_the_producer_found_by_meaning() -> None:
    """The snapshot's chains take the index's embedder: a request to delete e-mails brings their search."""
    table = {**WORDS.table, **{t.document(): unit(*([0.0] * (4 + i) + [1.0])) for i, t in enumerate(MAIL)}}
    query = "delete the spam from the supplier"
    table[query] = table[DELETE.document()]
    config = ToolFilterConfig(enabled=True, top_k=3, min_combined_score=0.0, relative_cut=0.5)
    selection = ToolFilter(MAIL, config=config, embedder=TableEmbedder(table)).select(query)
    assert selection.names[:1] == ["email_delete"]
    assert "email_search" in selection.names
    assert any("email_search (for message_ids of email_delete)" in str(n) for n in selection.notes)


def test_an_embedder_that_fails_leaves_the_feeds_by_words() -> None:
    class Failing(TableEmbedder):
        def embed_documents(self, texts):  # type: ignore[no-untyped-def]
            raise RuntimeError("the embedding service is down")

    chains = ChainMap(MAIL, embedder=Failing(WORDS.table))
    assert [n for n, _ in chains.unfed()] == ["email_delete"] and chains.synonyms == {}
