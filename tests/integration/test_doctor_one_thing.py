"""One thing read twice by one required key, and requests mixing by a list's name alone; real default embedder.

On ca9e2f2 a salon chain's ``membership_get`` beside ``membership_status_lookup`` (one read of a client's membership
by two teams) was no ``near_duplicate``, with or without profiles; a helpdesk's ``list_members_export`` beside
``sympa_list_subscribers`` neither, and with profiles ``mailinglist_info`` (a list's settings) beside
``sympa_list_subscribers`` (its subscribers) was told instead. Definitions and requests copied from the two users'
registries (a part of each).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolfilter_core import diagnose

Tool = tuple[str, str, tuple[str, ...], tuple[str, ...]]
SALON: list[Tool] = [
    (
        "appointment_get",
        "Get one appointment by id: time, stylist, services, status (booked, checked-in, completed, cancelled, "
        "no-show).",
        ("appointment_id",),
        ("appointment_id",),
    ),
    ("stylist_get", "Stylist profile and weekly schedule.", ("stylist_id",), ("stylist_id",)),
    ("client_search", "Search clients by name, phone or membership number.", ("query",), ("query",)),
    (
        "client_get",
        "Get client profile: contact, hair/skin notes, allergies (e.g. PPD for colour), visit history summary.",
        ("client_id",),
        ("client_id",),
    ),
    ("giftcard_balance", "Check gift card balance and expiry.", ("card_number",), ("card_number",)),
    (
        "membership_get",
        "Membership tier, points, prepaid balance and renewal date for a client.",
        ("client_id",),
        ("client_id",),
    ),
    (
        "membership_topup",
        "Top up prepaid membership balance (储值) or renew membership.",
        ("client_id", "amount"),
        ("client_id",),
    ),
    (
        "membership_status_lookup",
        "[CRM team] Look up a customer's loyalty membership: level, points, stored value, expiry date.",
        ("client_id",),
        ("client_id",),
    ),
]
HELPDESK: list[Tool] = [
    (
        "account_lookup",
        "Look up a university user account by NetID or email: status (active, locked, disabled), department, "
        "roles, last login.",
        ("netid",),
        ("netid",),
    ),
    (
        "ticket_status",
        "Get the status, assignee and latest update of a helpdesk ticket by number (e.g. INC0012345).",
        ("ticket_id",),
        ("ticket_id",),
    ),
    ("ticket_search", "Search tickets by requester, keyword, or date range.", ("query",), ("query",)),
    ("mailinglist_info", "Show a mailing list's owners, member count, and settings.", ("list_name",), ("list_name",)),
    ("mailinglist_add_member", "Add a member to a mailing list (Sympa).", ("list_name", "email"), ("list_name",)),
    ("mailinglist_delete", "Permanently delete a mailing list and its archives.", ("list_name",), ("list_name",)),
    (
        "list_members_export",
        "Mail lists team: export the subscriber roster of a list as CSV.",
        ("list_name",),
        ("list_name",),
    ),
    (
        "sympa_list_subscribers",
        "Get all subscribers of a Sympa mailing list (email addresses, join date).",
        ("list_name",),
        ("list_name",),
    ),
    (
        "kb_search",
        "Search the IT knowledge base articles (how-tos: VPN, Wi-Fi eduroam, printing, email setup).",
        ("query",),
        ("query",),
    ),
]
HELPDESK_REQUESTS = {
    "no_tool": [
        "学校的 VPN 为什么这么慢？",
        "你能解释一下什么是双重认证吗",
        "帮我写一封邮件通知全系周五停电",
        "今天食堂吃什么",
        "怎么跟学生解释密码要定期更换的原因？",
        "谢谢你的帮助",
        "Python 和 Java 哪个更适合入门",
        "帮我把这段话翻译成英文：服务器维护通知",
    ],
    "account_lookup": [
        "帮我查一下 NetID zhangw3 的账号现在是什么状态",
        "这个邮箱 li.na@uni.edu 对应的账号属于哪个院系？",
        "查下 wangfang 最后一次登录是什么时候",
        "账号 chen88 是被锁定了还是停用了？",
        "what roles does jdoe have on his account?",
        "is the account for mkhan@uni.edu active?",
        "when did user tsmith last log in",
        "check status of netid ab1234 pls",
    ],
    "kb_search": [
        "宿舍的无线网怎么配置，有文档吗",
        "VPN 怎么设置",
        "手机上怎么配置学校邮箱",
        "打印机驱动怎么装，有教程吗",
        "how do I connect to eduroam?",
        "how to set up the VPN on mac",
        "is there a guide for configuring uni email on outlook",
        "how do i print from my laptop",
    ],
    "list_members_export": [
        "把 cs-grads 的成员名单导出成 CSV",
        "导出 math-staff 订阅者表格给我",
        "我需要 alumni-news 的成员 Excel/CSV",
        "下载 physics-seminar 的订阅者名单文件",
        "export the cs-grads roster as csv",
        "give me a CSV of math-staff subscribers",
        "download the member list of alumni-news to a spreadsheet",
        "csv export of physics-seminar members pls",
    ],
    "mailinglist_add_member": [
        "麻烦把 zhou@uni.edu 拉进 chem-news 列表",
        "帮我订阅 cs-grads",
        "把新同事加进 bio-phd",
        "把这三个人加到 alumni-news 列表",
        "add li@uni.edu to physics-seminar",
        "subscribe me to cs-grads please",
        "put the new postdoc on the math-staff list",
        "add jdoe@uni.edu to alumni-news",
    ],
    "mailinglist_delete": [
        "把 chess-2018 这个列表删了",
        "这个列表没人用了，把 test-list 删掉",
        "把 2019-conf 邮件列表连同归档一起删除",
        "注销旧的 ug-2015 邮件列表",
        "delete the mailing list old-club",
        "remove list test-list permanently, archives too",
        "the 2019-conf list is obsolete, delete it",
        "get rid of the ug-2015 mailing list",
    ],
    "mailinglist_info": [
        "bio-phd 列表是谁在管",
        "bio-phd 有多少人",
        "查下 physics-seminar 的设置，是否公开订阅",
        "old-club 列表的 owner 是谁",
        "who admins the bio-phd list?",
        "how many members does math-staff have",
        "what are the settings of physics-seminar list",
        "show info for list alumni-news",
    ],
    "sympa_list_subscribers": [
        "bio-phd 列表都有谁",
        "看看 old-staff 列表里还有哪些人",
        "math-staff 的订阅者邮箱和加入日期",
        "这个列表里有 li@uni.edu 吗",
        "who's on bio-phd right now?",
        "who's still on the retired-faculty list?",
        "show subscribers of math-staff with join dates",
        "is jdoe@uni.edu on the alumni-news list",
    ],
    "ticket_search": [
        "查一下 liu5 这个月提交的所有工单",
        "搜索最近一周跟 VPN 有关的工单",
        "找找关于打印机的工单",
        "上个月图书馆的网络故障单有哪些",
        "find all tickets from jdoe this month",
        "search tickets mentioning eduroam since Nov 1",
        "any tickets about the B204 projector?",
        "list tickets opened by mk77 last week",
    ],
    "ticket_status": [
        "INC0077001 处理到哪一步了",
        "我上周报的那个单子谁在处理？",
        "INC0045521 有更新吗",
        "查一下 INC0012345 的状态",
        "where are we on INC0081234",
        "who is assigned to INC0033110",
        "any update on my ticket INC0099",
        "is INC0012345 still open",
    ],
}


def _write(tmp_path: Path, tools: list[Tool], requests: dict[str, list[str]] | None = None) -> tuple[Path, Path | None]:
    path = tmp_path / "tools.jsonl"
    rows = [
        {
            "name": n,
            "description": d,
            "parameters": {"type": "object", "properties": {p: {"type": "string"} for p in ps}, "required": list(r)},
        }
        for n, d, ps, r in tools
    ]
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), "utf-8")
    if requests is None:
        return path, None
    profiles = tmp_path / "profiles.jsonl"
    lines = [{"no_tool": v} if k == "no_tool" else {"tool": k, "requests": v} for k, v in requests.items()]
    profiles.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), "utf-8")
    return path, profiles


def _duplicates(tools: Path, profiles: Path | None) -> set[frozenset[str]]:
    return {frozenset(f.tools) for f in diagnose(tools, profiles=profiles).of_kind("near_duplicate")}


def test_one_membership_read_twice_is_a_near_duplicate(tmp_path: Path) -> None:
    assert _duplicates(*_write(tmp_path, SALON)) == {frozenset(("membership_get", "membership_status_lookup"))}


@pytest.mark.parametrize("profiled", [False, True], ids=["bare", "profiled"])
def test_a_lists_subscribers_read_twice_is_the_near_duplicate(tmp_path: Path, profiled: bool) -> None:
    paths = _write(tmp_path, HELPDESK, HELPDESK_REQUESTS if profiled else None)
    assert _duplicates(*paths) == {frozenset(("list_members_export", "sympa_list_subscribers"))}


AIRLINE: list[Tool] = [
    ("flight_get", "Schedule, aircraft type and route of a flight.", ("flight_number",), ("flight_number",)),
    (
        "flight_status",
        "Live status of a flight: gate, delay, departed or landed.",
        ("flight_number",),
        ("flight_number",),
    ),
    ("account_get", "An account's holder, type and opening date.", ("account_id",), ("account_id",)),
    ("customer_create", "Create a customer.", ("name",), ("name",)),
    ("booking_cancel", "Cancel a booking. Cannot be undone.", ("booking_id",), ("booking_id",)),
]


def test_a_status_read_beside_a_get_is_no_near_duplicate(tmp_path: Path) -> None:
    assert _duplicates(*_write(tmp_path, AIRLINE)) == set()  # flight_status reads a flight's status, not its record


STORAGE = Path(__file__).parent / "data" / "self_storage"


@pytest.mark.parametrize("profiles", [None, STORAGE / "profiles.jsonl"], ids=["bare", "profiled"])
def test_a_deposit_read_by_its_rentals_id_is_no_near_duplicate_of_the_rental(profiles: Path | None) -> None:
    """A self-storage registry: ``deposit_get(rental_id)`` beside ``rental_get(rental_id)``, two things of a rental.

    On 471fa71 told a near-duplicate, with and without profiles ("both read by rental_id ... their names say one
    thing").
    """
    report = diagnose(STORAGE / "tools.jsonl", profiles=profiles)
    assert {"rental_get", "deposit_get"} not in [set(f.tools) for f in report.of_kind("near_duplicate")]
