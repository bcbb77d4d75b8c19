"""Acts told but not asked: the speaker's own indecision, a withdrawn start, a thing's end told
as a time (``unasked``, ``befores``), a destroy word no tool owns in a wish (``reports``), a destroyer riding along
with a lock asked (``rides``)."""

import numpy as np
import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.befores import split_befores, tells_a_before
from toolfilter_core._pipeline.reports import ask_and_reports, reported_acts
from toolfilter_core._pipeline.rides import riders
from toolfilter_core._pipeline.unasked import split_unasked

WIPE = ToolSpec("device_wipe", "Remotely wipe a managed device (factory reset, all data erased).")
LOCK = ToolSpec("device_lock", "Remote lock a lost device and show a contact message on screen.")
INFO = ToolSpec("device_info", "Show a managed device's details by asset tag.")
CLIENT_DELETE = ToolSpec("client_delete", "Permanently delete a client's profile and personal data.")
CANCEL = ToolSpec("appointment_cancel", "Cancel an appointment. Cannot be undone.")
DESTRUCTIVE = np.array([[True, False, False]])
NONE_SAID = np.zeros((1, 3), dtype=bool)


@pytest.mark.parametrize(
    ("text", "apart"),
    [
        ("I'm thinking about cancelling but first tell me when my appointment is", "I'm thinking about cancelling"),
        ("I might cancel, but first show me my bookings", "I might cancel"),
        ("lock it first, we may wipe it later", "we may wipe it later"),
        ("we're considering deleting the list, show its members", "we're considering deleting the list"),
        ("我在考虑要不要取消预约，先告诉我是几点", "我在考虑要不要取消预约"),
        ("Show me the refund policy wording... actually just pull up sale S-4455", "Show me the refund policy wording"),
        ("先看看退款政策…算了，直接查一下销售单 S-4455", "先看看退款政策"),
    ],
)
def test_own_indecision_or_a_withdrawn_start_is_read_apart(text: str, apart: str) -> None:
    ask, said = split_unasked(text)
    assert said == apart
    assert apart not in ask


@pytest.mark.parametrize(
    "text",
    ["you may cancel it now", "may I cancel A-3310", "cancel it, actually", "删掉吧，算了", "I might have an id: S-1"],
)
def test_leave_an_ask_or_a_bare_correction_is_kept(text: str) -> None:
    assert split_unasked(text) == (text, "")


@pytest.mark.parametrize(
    ("text", "apart"),
    [
        ("list members of old-club before it goes away", "before it goes away"),
        ("export the roster before the list is deleted", "before the list is deleted"),
        ("old-club 列表被删之前，先导出成员", "old-club 列表被删之前"),
    ],
)
def test_a_things_end_told_as_a_time_is_read_apart(text: str, apart: str) -> None:
    ask, told = split_befores(text)
    assert told == apart and apart not in ask
    assert tells_a_before(told)


def test_a_time_that_ends_nothing_stays() -> None:
    assert split_befores("list members of old-club before Friday") == ("list members of old-club before Friday", "")


@pytest.mark.parametrize(
    ("text", "wished"),
    [
        ("客户说她的个人资料要删，先帮我看看她有没有未完成的预约", "客户说她的个人资料要删"),
        ("我可能要删号，先看看余额", "可能要删号"),
    ],
)
def test_a_destroy_word_no_tool_owns_holds_every_destroyer(text: str, wished: str) -> None:
    ask, reports = ask_and_reports(text)
    assert reports == wished
    held = reported_acts(reports, [CLIENT_DELETE, INFO, LOCK], DESTRUCTIVE, NONE_SAID, ask)
    assert held.tolist() == [[True, False, False]]


def test_a_destroy_word_a_tool_owns_holds_that_tool_alone() -> None:
    tools, destructive = [CLIENT_DELETE, CANCEL, INFO], np.array([[True, True, False]])
    ask, reports = ask_and_reports("客户说想取消预约，先帮我看看她的资料")
    assert reported_acts(reports, tools, destructive, NONE_SAID, ask).tolist() == [[False, True, False]]


@pytest.mark.parametrize(
    "text",
    [
        "我的笔记本丢了，资产号 UNI-5521，先远程锁定",
        "lost my laptop UNI-5521, lock it first",
        "UNI-5521 冻结一下",
        "笔记本 UNI-5521 被偷了，先锁定，不要擦除",
    ],
)
def test_a_destroyer_riding_along_with_a_lock_is_held(text: str) -> None:
    freeze = ToolSpec("device_freeze", "Freeze a device's account.")
    tools = [WIPE, LOCK, freeze] if "冻结" in text else [WIPE, LOCK, INFO]
    assert riders(text, tools, DESTRUCTIVE, NONE_SAID).tolist() == [[True, False, False]]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("lock UNI-5521 and wipe it", NONE_SAID),
        ("UNI-5521 is locked, show its details", NONE_SAID),
        ("is UNI-5521 locked?", NONE_SAID),
        ("UNI-5521 is not locked", NONE_SAID),
        ("UNI-5521 锁了吗？看看详情", NONE_SAID),
        ("unlock UNI-5521", NONE_SAID),
        ("lock it first", np.array([[True, False, False]])),
    ],
)
def test_no_rider_where_a_destroy_is_said_or_no_lock_asked(text: str, said: np.ndarray) -> None:
    assert not riders(text, [WIPE, LOCK, INFO], DESTRUCTIVE, said).any()
