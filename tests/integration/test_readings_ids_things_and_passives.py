"""Whole selections, the real default embedder: an id's thing, a passive in an ask, reads named on a destroying word.

"吊销 C-77 的证书" was sent no ``certificate_revoke`` (证书 read as another thing of C-77's record, though the
vocabulary knows no such word), "取消订单 O-5512，再把 D-101 的草稿删掉" no ``order_cancel`` (D-101's thing held every
destroyer), "Could you cancel the booking that was made twice?" no ``booking_cancel`` (its "was made" read as the
cancel told done); ``ban_history`` ("List a player's past bans, bans lifted ...") was held as a destroyer.
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration


def _spec(name: str, description: str, *required: str) -> ToolSpec:
    properties = {k: {"type": "string", "description": k} for k in required}
    return ToolSpec(name, description, {"type": "object", "properties": properties, "required": list(required)})


TOOLS = [
    _spec("certificate_get", "Show a TLS certificate's details and status by its id.", "cert_id"),
    _spec("certificate_revoke", "Revoke a TLS certificate so it is no longer trusted.", "cert_id"),
    _spec("certificate_list", "List TLS certificates, with their status."),
    _spec("order_get", "Show an order's status, items and payment by order id.", "order_id"),
    _spec("order_cancel", "Cancel an order by its id.", "order_id"),
    _spec("order_refund", "Refund an order's payment to the customer.", "order_id"),
    _spec("subscription_get", "Show a subscription's plan and renewal date.", "subscription_id"),
    _spec("subscription_cancel", "Cancel a subscription; it stops renewing.", "subscription_id"),
    _spec("booking_list", "List a customer's bookings.", "customer_id"),
    _spec("booking_cancel", "Cancel a booking by its id.", "booking_id"),
    _spec("draft_list", "List saved drafts."),
    _spec("draft_delete", "Delete drafts by id.", "draft_ids"),
    _spec("account_delete", "Delete a customer's account permanently.", "customer_id"),
    _spec("account_export", "Export a customer's account data.", "customer_id"),
    _spec("weather", "Current weather for a city.", "city"),
]


@pytest.fixture(scope="module")
def desk(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(TOOLS, embedder=default_embedder)


@pytest.mark.parametrize(
    ("request_", "destroyers"),
    [
        ("吊销 C-77 的证书", ["certificate_revoke"]),
        ("取消订单 O-5512，再把 D-101 的草稿删掉", ["order_cancel", "draft_delete"]),
        ("给订单 O-5512 退款，然后注销客户 CU-1 的账户", ["order_refund"]),
        ("Could you cancel the booking that was made twice? It's B-9", ["booking_cancel"]),
        ("Can you delete the drafts that were saved by mistake? thanks", ["draft_delete"]),
        ("Can you revoke the certificate that was leaked? It's C-77", ["certificate_revoke"]),
    ],
)
def test_the_destroyer_asked_is_sent(desk: ToolFilter, request_: str, destroyers: list[str]) -> None:
    names = desk.select(request_).names
    assert set(destroyers) <= set(names), names


@pytest.mark.parametrize(
    ("request_", "destroyer"),
    [("Why was my certificate revoked?", "certificate_revoke"), ("why were my drafts deleted?", "draft_delete")],
)
def test_a_question_about_a_passive_act_done_is_sent_no_destroyer(desk: ToolFilter, request_: str, destroyer: str):
    assert destroyer not in desk.select(request_).names


@pytest.mark.parametrize(
    ("request_", "read"),
    [("Read the purge log for last week", "purge_log"), ("show the bans lifted for player P-77", "ban_history")],
)
def test_a_read_named_on_a_destroying_word_is_sent_for_a_read(default_embedder: Embedder, request_: str, read: str):
    game = [
        _spec("purge_log", "Read the purge log.", "day"),
        _spec("ban_history", "List a player's past bans, bans lifted and their reasons.", "player_id"),
        _spec("ban_player", "Ban a player from the game servers.", "player_id"),
        _spec("purge_inactive", "Purge inactive players' data. Cannot be undone.", "days"),
        _spec("player_get", "Show a player's profile.", "player_id"),
    ]
    names = ToolFilter(game, embedder=default_embedder).select(request_).names
    assert read in names, names
