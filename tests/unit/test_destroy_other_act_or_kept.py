"""A destroyer of another act, or of a thing the request keeps, is not sent though it takes the request's id.

"refund INV-3301", in a registry with no refund, sent ``void_invoice``: the id's prefix was read as the invoice's
noun, and there the destroying verb said ("refund") was not weighed against the act. "void the payment link on
INV-3301, keep the invoice" sent ``void_invoice``: the invoice kept was not read.
"""

from __future__ import annotations

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._pipeline.id_acts import by_id_and_act
from toolfilter_core._pipeline.kept_records import kept_records

from .clinic_subscriptions_kit import GONE, registry
from .fakes import takes

SUBS = registry("get_subscription", "cancel_subscription", "void_invoice", "get_invoice", "delete_account")
DESTRUCTIVE = np.array([[t.name in {"cancel_subscription", "void_invoice", "delete_account"} for t in SUBS]])


def test_a_destroying_verb_of_another_act_holds_the_ids_destroyer_its_prefix_names() -> None:
    takes_id = [t.name == "void_invoice" for t in SUBS]
    against = [t.name != "void_invoice" for t in SUBS]  # the prefix read as the invoice's noun
    texts = ("refund INV-3301", "refund INV-3301")
    held = by_id_and_act(takes_id, texts, SUBS, DESTRUCTIVE, against)
    assert held is not None and not held.any()
    sent = by_id_and_act(takes_id, ("void INV-3301",) * 2, SUBS, DESTRUCTIVE, against)
    assert sent is not None and sent.tolist() == [takes_id]


@pytest.mark.parametrize(
    ("text", "held"),
    [
        ("void the payment link on INV-3301, keep the invoice", {"void_invoice"}),
        ("cancel SUB-1180 but keep the account itself", {"delete_account"}),
        ("we are keeping the subscription, thanks", {"cancel_subscription"}),
        ("don't keep the invoice, void it", set()),
        ("keep the invoice link, void INV-3301", set()),  # the link kept, not the invoice
    ],
)
def test_a_thing_kept_by_its_noun_holds_its_destroyer(text: str, held: set[str]) -> None:
    row = kept_records(text, SUBS, DESTRUCTIVE)
    assert {t.name for t, h in zip(SUBS, row[0], strict=True) if h} == held


OTHER_ACTS = [
    *SUBS,
    ToolSpec("refund_invoice", "Refund the payment made on an invoice.", takes("invoice_id"), annotations=GONE),
    ToolSpec("payment_link_void", "Void a payment link.", takes("link_id"), annotations=GONE),
]


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("refund INV-3301", "refund_invoice"),
        ("void the payment link on INV-3301, keep the invoice", "payment_link_void"),
    ],
)
def test_no_destroyer_of_the_invoice_is_sent(text: str, asked: str) -> None:
    names = set(ToolFilter(OTHER_ACTS, embedder=HashingEmbedder()).select(text).names)
    assert "void_invoice" not in names, names
    assert asked in names, names  # the act the request asks, on its own tool
