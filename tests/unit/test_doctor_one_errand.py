"""One errand named by two teams in other words, maybe in two languages (a library network's registry).

On d55d184 the doctor told neither pair of the library's registry (tests/integration/data/library) as a
``near_duplicate``: ``send_notice`` beside ``notify_patron`` (a crowded pair, "shared words: sms, email, patron") and
``user_get`` (described in Chinese) beside ``lookup_customer`` (in English), both read by ``card_no`` (no pair at
all). Here the embedder is a fake that knows what a real one knows of them (notify is send a notice; the Chinese
description says what the English one says); tests/integration/test_doctor_one_errand.py runs the default one.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from toolfilter_core import HashingEmbedder, ToolSpec, diagnose, load_tools

DATA = Path(__file__).parents[1] / "integration" / "data" / "library"
TOOLS = load_tools([json.loads(line) for line in (DATA / "tools.jsonl").read_text("utf-8").splitlines()])
NOTICE = frozenset(("send_notice", "notify_patron"))
READER = frozenset(("user_get", "lookup_customer"))
KNOWN = {
    "notify": "send notice",
    "按读者证号查询读者资料：姓名、电话、借阅数、欠费": "look up library member by card number name phone loans fines",
}


class KnowingEmbedder(HashingEmbedder):
    """Hashed words, a synonym and a translation said first (what a real embedder knows of them)."""

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:  # type: ignore[override]
        return super().embed_documents([_known(t) for t in texts])

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:  # type: ignore[override]
        return super().embed_queries([_known(t) for t in texts])


def _known(text: str) -> str:
    for word, same in KNOWN.items():
        text = text.replace(word, same)
    return text


def _duplicates(tools: Sequence[ToolSpec]) -> dict[frozenset[str], str]:
    report = diagnose(tools, embedder=KnowingEmbedder())
    return {frozenset(f.tools): str(f.evidence.get("by")) for f in report.of_kind("near_duplicate")}


def test_two_teams_messaging_tools_are_a_near_duplicate() -> None:
    assert _duplicates(TOOLS).get(NOTICE) == "meaning"


def test_one_read_described_in_two_languages_is_a_near_duplicate() -> None:
    found = _duplicates(TOOLS)
    assert found.get(READER) == "meaning"
    assert set(found) == {NOTICE, READER}  # no other pair of the registry


def test_the_line_says_how_the_pair_was_told() -> None:
    report = diagnose(TOOLS, embedder=KnowingEmbedder())
    lines = {frozenset(f.tools): f.detail for f in report.of_kind("near_duplicate")}
    assert "names sharing no word but near in meaning" in lines[NOTICE]
    assert "both read by card (user_get: card_no; lookup_customer: card_no, phone)" in lines[READER]
    assert "described in two languages (zh, en)" in lines[READER]


def _tool(name: str, description: str, *keys: str) -> ToolSpec:
    return ToolSpec(name, description, {"type": "object", "properties": {k: {"type": "string"} for k in keys}})


def _unit(*rows: Sequence[float]) -> np.ndarray:
    out = np.asarray(rows, dtype=np.float32)
    return np.asarray(out / np.linalg.norm(out, axis=1, keepdims=True), dtype=np.float32)


def test_one_errand_wants_mutual_nearest_one_act_and_near_names_or_a_key_across_languages() -> None:
    from toolfilter_core._doctor.errand import errand_candidates, one_errand

    tools = [
        _tool("send_notice", "Send a notice to a patron.", "patron_id"),
        _tool("notify_patron", "Notify a patron.", "card_no"),
        _tool("user_get", "按读者证号查询读者资料", "card_no"),
        _tool("lookup_customer", "Look up a member by card number.", "card_no"),
        _tool("fine_pay", "Record a payment of a fine.", "card_no"),
    ]
    vectors = _unit([1, 0.1, 0, 0], [1, 0, 0.1, 0], [0, 0, 1, 0.2], [0, 0.3, 1, 0], [0.3, 1, 0, 0])
    names = {"send notice": [1.0, 0.0], "notify patron": [0.8, 0.6], "user get": [0.0, 1.0], "lookup customer": [1, 0]}
    names |= {"user": [0.0, 1.0], "customer": [1.0, 0.0]}  # what the reads act on (their names less read verbs)

    def embed(words: Sequence[str]) -> np.ndarray:
        return np.asarray([names[w] for w in words], dtype=np.float32)

    found = errand_candidates(tools, vectors, embed)
    assert set(found) == {(0, 1), (2, 3)}  # fine_pay: nearest to none; user_get and lookup_customer: across languages
    assert round(found[0, 1], 2) == 0.8
    assert one_errand(tools, vectors, embed) == {(0, 1), (2, 3)}  # (2, 3): names apart (0.0), one key across languages
    assert one_errand(tools, vectors, embed, near=0.9) == {(2, 3)}
    english = _tool("user_get", "Look up a member's record by card number.", "card_no")
    assert (2, 3) not in one_errand([*tools[:2], english, *tools[3:]], vectors, embed)  # one language: by names
    other = _tool("lookup_customer", tools[3].description, "phone")
    assert (2, 3) not in one_errand([*tools[:3], other, tools[4]], vectors, embed)  # no key in common


def test_two_reads_near_by_their_verbs_alone_are_no_errand() -> None:
    """On ce2da86 a pharmacy's ``inventory_check`` ~ ``sale_lookup`` was one errand: its names near (check ~ lookup)."""
    from toolfilter_core._doctor.errand import errand_candidates, one_errand

    tools = [
        _tool("inventory_check", "Check on-hand stock of a drug at a store.", "sku"),
        _tool("sale_lookup", "Look up a point-of-sale transaction by receipt number.", "receipt_no"),
        _tool("refund_issue", "Issue a refund for items on a receipt.", "receipt_no"),
    ]
    vectors = _unit([1, 0.1, 0], [1, 0, 0.1], [0, 0, 1])
    names = {"inventory check": [1.0, 0.0], "sale lookup": [0.9, 0.1], "inventory": [1.0, 0.0], "sale": [0.0, 1.0]}

    def embed(words: Sequence[str]) -> np.ndarray:
        return np.asarray([names[w] for w in words], dtype=np.float32)

    assert round(errand_candidates(tools, vectors, embed)[0, 1], 2) == 0.0  # the lower: inventory ~ sale
    assert not one_errand(tools, vectors, embed)
    names |= {"sale": [0.9, 0.1]}  # one thing in other words: near as wholes and by what they read
    assert one_errand(tools, vectors, embed) == {(0, 1)}


def test_a_search_or_list_beside_a_keyed_tool_is_no_errand_whichever_requires_the_key() -> None:
    """The key may be the list's (``tenant_list(building_id)`` beside ``crm_customer_lookup(query)``) or the read's."""
    from toolfilter_core._doctor.errand import one_errand

    def keyed(name: str, description: str, key: str) -> ToolSpec:
        schema = {"type": "object", "properties": {key: {"type": "string"}}, "required": [key]}
        return ToolSpec(name, description, schema)

    vectors = _unit([1, 0.1], [1, 0], [0, 1])
    fob = keyed("fob_issue", "Issue a door key fob to a tenant.", "tenant_id")  # far from both

    def embed(words: Sequence[str]) -> np.ndarray:
        return np.ones((len(words), 2), dtype=np.float32)  # every name near every other

    lookup = keyed("crm_customer_lookup", "Look up a customer (tenant or owner) in the CRM.", "query")
    listing = keyed("tenant_list", "List the tenants of a building.", "building_id")
    assert one_errand([lookup, keyed("tenant_get", "Get a tenant by name.", "query"), fob], vectors, embed)
    assert not one_errand([lookup, listing, fob], vectors, embed)  # the list requires the key
    search = keyed("lease_search", "Search leases by tenant name, unit or status.", "query")
    assert not one_errand([search, keyed("tenant_get", "Get a tenant by id.", "tenant_id"), fob], vectors, embed)
    assert not one_errand([search, listing, fob], vectors, embed)  # both read many, one by a key
