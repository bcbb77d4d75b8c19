"""Whole selections, the real default embedder: a destroyer whose act the request tells but does not ask.

A relayed wish in words no tool owns ("客户说她的个人资料要删，先帮我看看…"), a start the request withdraws
("Show me the refund policy wording... actually just pull up sale S-4455"), the speaker's own indecision ("I'm
thinking about cancelling but first tell me when my appointment is", "we may wipe it later"), a thing's end told as
a time ("list members of old-club before it goes away") and a lock asked beside a wipe it never says ("先远程锁定")
sent the destroyer.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration

SALON = [
    ToolSpec("client_delete", "Permanently delete a client's profile and personal data (privacy request)."),
    ToolSpec("client_get", "Get a client's profile: contact details, hair notes, visit history."),
    ToolSpec("appointment_list", "List a client's or a stylist's appointments, upcoming or past."),
    ToolSpec("appointment_get", "Get one appointment's time, stylist, services and status by appointment id."),
    ToolSpec("appointment_cancel", "Cancel an appointment. Frees the slot; cannot be undone."),
    ToolSpec("appointment_book", "Book an appointment for a client with a stylist."),
    ToolSpec("product_sale_get", "Look up a product sale by sale id (S-xxxx): items, amount, payment."),
    ToolSpec("product_sale_refund", "Refund a product sale in full or in part."),
]
HELPDESK = [
    ToolSpec(
        "device_wipe", "Remotely wipe a managed device (factory reset, all data erased). For lost or stolen laptops."
    ),
    ToolSpec("device_lock", "Remote lock a lost device and show a contact message on screen."),
    ToolSpec("device_info", "Show a managed device's details by asset tag: owner, model, last check-in."),
    ToolSpec("mailinglist_delete", "Delete a mailing list and all its archives."),
    ToolSpec("mailinglist_info", "Show a mailing list's owner, settings and member count."),
    ToolSpec("list_members_export", "Export the members of a mailing list."),
    ToolSpec("account_lookup", "Look up a user account's status and balance."),
    ToolSpec("account_delete", "Delete a user account permanently."),
]
DESTROYERS = {
    "client_delete",
    "appointment_cancel",
    "product_sale_refund",
    "device_wipe",
    "mailinglist_delete",
    "account_delete",
}


PROFILES = {
    "client_delete": [
        "这个客户档案不要了，永久删掉",
        "把这个客户的个人数据全部删除",
        "erase everything we hold on C-4410",
    ],
    "appointment_list": ["王女士下周有几个预约", "show me all of Leo's bookings for next week"],
    "mailinglist_delete": [
        "把 chess-2018 这个列表删了",
        "delete the mailing list old-club",
        "get rid of the ug-2015 list",
    ],
    "mailinglist_info": ["old-club 列表的 owner 是谁", "how many members does math-staff have"],
    "list_members_export": ["导出 math-staff 订阅者表格给我", "download the member list of alumni-news"],
    "device_wipe": ["笔记本被偷了，资产号 UNI-44821，远程清除所有数据", "wipe laptop UNI-5521 remotely, it was stolen"],
    "device_lock": ["电脑落在高铁上了，UNI-6610 先锁起来", "left my phone on the bus, can you lock it remotely"],
}
"""A few profile requests of each registry's tools (as a profiles file holds them)."""


def _chooser(tools: list[ToolSpec], embedder: Embedder, folder: Path) -> ToolFilter:
    names = {tool.name for tool in tools}
    path = folder / "profiles.jsonl"
    rows = [{"tool": name, "requests": said} for name, said in PROFILES.items() if name in names]
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    return ToolFilter(tools, embedder=embedder, profiles=path)


@pytest.fixture(scope="module")
def salon(default_embedder: Embedder, tmp_path_factory: pytest.TempPathFactory) -> ToolFilter:
    return _chooser(SALON, default_embedder, tmp_path_factory.mktemp("salon"))


@pytest.fixture(scope="module")
def helpdesk(default_embedder: Embedder, tmp_path_factory: pytest.TempPathFactory) -> ToolFilter:
    return _chooser(HELPDESK, default_embedder, tmp_path_factory.mktemp("helpdesk"))


@pytest.mark.parametrize(
    "request_",
    [
        "客户说她的个人资料要删，先帮我看看她有没有未完成的预约",
        "Show me the refund policy wording... actually just pull up sale S-4455",
        "先看看退款政策…算了，直接查一下销售单 S-4455",
        "I'm thinking about cancelling but first tell me when my appointment is",
        "I might cancel, but first show me my bookings",
        "我在考虑要不要取消预约，先告诉我是几点",
    ],
)
def test_salon_told_not_asked_sends_no_destroyer(salon: ToolFilter, request_: str) -> None:
    selection = salon.select(request_)
    assert not DESTROYERS & set(selection.names), selection.explain()


@pytest.mark.parametrize(
    "request_",
    [
        "我的笔记本丢了，资产号 UNI-5521，先远程锁定",
        "lost my laptop UNI-5521, lock it first",
        "lock it first, we may wipe it later",
        "list members of old-club before it goes away",
        "old-club 列表被删之前，先导出成员",
        "我可能要删号，先看看余额",
        "笔记本 UNI-5521 被偷了，先锁定，不要擦除",
    ],
)
def test_helpdesk_told_not_asked_sends_no_destroyer(helpdesk: ToolFilter, request_: str) -> None:
    selection = helpdesk.select(request_)
    assert not DESTROYERS & set(selection.names), selection.explain()


@pytest.mark.parametrize(
    ("request_", "destroyer"),
    [
        ("wipe laptop UNI-5521 remotely, it was stolen", "device_wipe"),
        ("lock UNI-5521 and wipe it", "device_wipe"),
        ("delete the mailing list old-club", "mailinglist_delete"),
    ],
)
def test_the_act_asked_still_sends_its_destroyer(helpdesk: ToolFilter, request_: str, destroyer: str) -> None:
    assert destroyer in helpdesk.select(request_).names


@pytest.mark.parametrize(
    ("request_", "destroyer"),
    [
        ("客户说她的个人资料要删，帮她删掉", "client_delete"),
        ("cancel appointment A-3310", "appointment_cancel"),
        ("Show me sale S-4455... actually just refund it", "product_sale_refund"),
    ],
)
def test_the_salon_act_asked_still_sends_its_destroyer(salon: ToolFilter, request_: str, destroyer: str) -> None:
    assert destroyer in salon.select(request_).names


CRM = [
    ToolSpec(
        "customer_delete",
        "Permanently delete a customer and all their data.",
        annotations={"destructiveHint": True},
    ),
    ToolSpec("customer_update", "Update a customer's phone, email, address or notes."),
    ToolSpec("customer_get", "Get a customer's profile by id."),
    ToolSpec("coupon_delete", "Delete a loyalty coupon.", annotations={"destructiveHint": True}),
    ToolSpec("order_delete", "Delete an order.", annotations={"destructiveHint": True}),
    ToolSpec("order_get", "Look up an order."),
]
BIKES = [
    ToolSpec(
        "ride_force_end",
        "Force-end a ride remotely: lock the bike wherever it is and close the ride; the rider is charged.",
        annotations={"destructiveHint": True},
    ),
    ToolSpec("ride_end", "End a ride normally: lock the bike at a station and compute the fare."),
    ToolSpec("ride_get", "Look up a ride: rider, bike, start and end time, fare."),
    ToolSpec("ride_start", "Start a ride: unlock a bike for a rider at a station."),
    ToolSpec("bike_get", "Look up a bike: model, battery, location, status, open issues."),
    ToolSpec(
        "bike_retire",
        "Permanently retire a bike from the fleet and remove it from service. Cannot be undone.",
        annotations={"destructiveHint": True},
    ),
]


@pytest.mark.parametrize(
    ("request_", "destroyer"),
    [
        ("look up user U-12 who asked us to delete their account and then delete it", "account_delete"),
        ("find the user who wants to delete their account and delete it", "account_delete"),
        ("the user who asked to delete their account: delete it", "account_delete"),
        ("查一下要求注销账号的用户 U-12，然后把账号注销", "account_delete"),
        ("I might as well delete my account", "account_delete"),
        ("we might as well delete old-club", "mailinglist_delete"),
        ("笔记本 UNI-5521 被偷了，先锁定再远程擦除", "device_wipe"),
        ("lock UNI-5521 and scrub it clean", "device_wipe"),
    ],
)
def test_an_own_ask_after_what_is_told_sends_its_destroyer(helpdesk: ToolFilter, request_: str, destroyer: str) -> None:
    selection = helpdesk.select(request_)
    assert destroyer in selection.names, selection.explain()


@pytest.mark.parametrize(
    ("request_", "destroyer"),
    [
        ("look up client C-4410 who asked to be deleted and delete her profile", "client_delete"),
        ("查一下要求删除资料的客户 C-4410，然后把她的资料删掉", "client_delete"),
        ("I might cancel A-3310, please do it now", "appointment_cancel"),
        ("I may cancel appointment A-3310 today; please do it", "appointment_cancel"),
        ("我可能要取消预约 A-3310，直接办吧", "appointment_cancel"),
        ("refund sale S-4455 before cancelling her appointment", "appointment_cancel"),
        ("取消预约 A-3310 前先帮我退款 S-4455", "appointment_cancel"),
    ],
)
def test_a_salon_ask_after_what_is_told_sends_its_destroyer(salon: ToolFilter, request_: str, destroyer: str) -> None:
    selection = salon.select(request_)
    assert destroyer in selection.names, selection.explain()


@pytest.mark.parametrize(
    "request_",
    [
        "客户说她不想取消预约了，帮我看看预约",
        "the customer says she no longer wants to cancel appointment A-3310, show it to me",
        "I'm not thinking about cancelling, just tell me when my appointment is",
        "我没在考虑取消，告诉我预约是几点",
    ],
)
def test_a_wish_denied_sends_no_destroyer(salon: ToolFilter, request_: str) -> None:
    selection = salon.select(request_)
    assert not DESTROYERS & set(selection.names), selection.explain()


@pytest.fixture(scope="module")
def crm(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(CRM, embedder=default_embedder)


@pytest.mark.parametrize(
    "request_",
    [
        "delete the phone number on CU-5120, then delete the customer entirely",
        "remove the notes from CU-5120 and delete the customer",
        "把 CU-5120 的旧电话号码删掉，然后把客户 CU-7000 删除",
    ],
)
def test_a_field_deleted_beside_the_customer_deleted_sends_its_destroyer(crm: ToolFilter, request_: str) -> None:
    selection = crm.select(request_)
    assert "customer_delete" in selection.names, selection.explain()


def test_a_field_deleted_alone_sends_no_customer_destroyer(crm: ToolFilter) -> None:
    selection = crm.select("delete the old phone number on CU-5120")
    assert "customer_delete" not in selection.names, selection.explain()


@pytest.fixture(scope="module")
def bikes(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(BIKES, embedder=default_embedder)


@pytest.mark.parametrize(
    "request_",
    [
        "Don't wait, force-end ride R-77",
        "No need to look it up, just force-end ride R-77",
        "不要等了，强制结束骑行 R-77",
    ],
)
def test_a_refusal_of_something_else_keeps_the_forced_end(bikes: ToolFilter, request_: str) -> None:
    selection = bikes.select(request_)
    assert "ride_force_end" in selection.names, selection.explain()
