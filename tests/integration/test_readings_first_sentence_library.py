"""Whole selections on a bakery, moving, library and bike registry with the real default embedder.

A first sentence's act refused ("don't end ride R-40021", "never ...", "no need to ...", "不要结束骑行 R-40021")
sent ``ride_force_end``;
图书 inside 图书馆 ("注销他在图书馆的账户") named the book copy and sent ``book_copy_withdraw``; an adjective read as
the object ("removes the active listing": remove active) sent ``listing_takedown`` for "remove active from the
filters" and ``session_kill`` for "end current sprint view"; "what's up with Docker?" got no tool as small talk.
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, Status, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration


def _takes(*names: str) -> dict[str, object]:
    return {"type": "object", "properties": {n: {"type": "string"} for n in names}, "required": list(names)}


TOOLS = [
    ToolSpec("loyalty_account_delete", "Delete a loyalty member's account and points. Cannot be undone."),
    ToolSpec("order_cancel", "Cancel a bakery order. Cannot be undone.", _takes("order_id")),
    ToolSpec("cancel_move_job", "Cancel a booked moving job. Cannot be undone.", _takes("job_id")),
    ToolSpec("reschedule_move_job", "Move a booked moving job to another date.", _takes("job_id")),
    ToolSpec("loyalty_points_balance", "Show a loyalty member's points balance.", _takes("member_id")),
    ToolSpec("order_status", "Show a bakery order's status and pickup time.", _takes("order_id")),
    ToolSpec("hold_cancel", "Cancel a hold. The member loses their place in the queue.", _takes("hold_id")),
    ToolSpec("hold_status", "Status of a member's holds: queue position, ready for pickup, expiry date."),
    ToolSpec("room_booking_cancel", "Cancel a room booking and release the room.", _takes("booking_id")),
    ToolSpec(
        "book_copy_withdraw",
        "Withdraw a copy from the catalogue permanently (damaged, lost, weeded).",
        _takes("barcode"),
    ),
    ToolSpec("member_account_delete", "Delete a member account and all its personal data.", _takes("member_id")),
    ToolSpec(
        "ride_force_end",
        "Force-stop an active ride remotely: locks the bike, ends the ride and bills it at the current time. "
        "Irreversible. Use when a customer cannot dock or the app is stuck.",
        _takes("ride_id"),
    ),
    ToolSpec(
        "bike_retire", "Permanently retire a bike from the fleet (scrap, stolen, written off).", _takes("bike_id")
    ),
    ToolSpec("ride_status", "Show a ride's status, duration and current cost.", _takes("ride_id")),
    ToolSpec("bike_lock", "Lock a bike remotely.", _takes("bike_id")),
]
LISTINGS = [
    ToolSpec(
        "listing_takedown",
        "Take a listing down: removes the active listing from the site and refunds the fee. Cannot be undone.",
    ),
    ToolSpec("listing_search", "Search listings with filters: price, area, active or sold."),
    ToolSpec("listing_get", "Show one listing's details."),
    ToolSpec("session_kill", "Sign a user out everywhere: ends every current session on all devices. Irreversible."),
    ToolSpec("session_list", "List a user's current sessions and devices."),
]
OPS = [
    ToolSpec("container_status", "Show the status of Docker containers and images on a host."),
    ToolSpec("vpn_status", "Show the VPN gateway's status and connected users."),
    ToolSpec("build_status", "Show the CI build's status: passing, failing, queued."),
    ToolSpec("send_email", "Send an email to a contact."),
]


@pytest.fixture(scope="module")
def chooser(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(TOOLS, embedder=default_embedder)


@pytest.mark.parametrize(
    ("request_", "destroyer"),
    [
        ("don't end ride R-40021", "ride_force_end"),
        ("never end ride R-40021", "ride_force_end"),
        ("no need to end ride R-40021", "ride_force_end"),
        ("不要结束骑行 R-40021", "ride_force_end"),
        ("别结束行程 R-40021", "ride_force_end"),
        ("不用结束骑行 R-40021", "ride_force_end"),
        ("帮我注销读者 20034545 的图书馆账户", "book_copy_withdraw"),
        ("读者 20034545 要离开本市，注销他在图书馆的账户", "book_copy_withdraw"),
    ],
)
def test_a_refused_act_or_a_library_sends_no_destroyer(chooser: ToolFilter, request_: str, destroyer: str) -> None:
    selection = chooser.select(request_)
    assert destroyer not in selection.names, selection.explain()


@pytest.mark.parametrize(
    ("request_", "destroyer"),
    [
        ("end ride R-40021", "ride_force_end"),
        ("please end the ride R-40021", "ride_force_end"),
        ("帮我结束骑行 R-40021", "ride_force_end"),
        ("条码 31200877 这本书破损严重，从馆藏里注销掉", "book_copy_withdraw"),
    ],
)
def test_the_act_asked_still_sends_its_destroyer(chooser: ToolFilter, request_: str, destroyer: str) -> None:
    selection = chooser.select(request_)
    assert destroyer in selection.names, selection.explain()


@pytest.mark.parametrize(
    "request_", ["what's up with Docker?", "what's up with the VPN", "how are things with the Build?"]
)
def test_small_talk_about_a_thing_is_no_social_message(default_embedder: Embedder, request_: str) -> None:
    selection = ToolFilter(OPS, embedder=default_embedder).select(request_)
    assert selection.status is not Status.NO_TOOL_NEEDED, selection.explain()


@pytest.mark.parametrize(
    ("request_", "destroyer"),
    [
        ("remove active from the filters, list sold ones", "listing_takedown"),
        ("end current sprint view, list my sessions", "session_kill"),
    ],
)
def test_an_adjective_of_the_first_sentence_asks_nothing(
    default_embedder: Embedder, request_: str, destroyer: str
) -> None:
    selection = ToolFilter(LISTINGS, embedder=default_embedder).select(request_)
    assert destroyer not in selection.names, selection.explain()
