"""How the guard reads "the request asks to destroy": the act phrases, the other language, not the object's words.

"把下周三的周会撤了" (call off next Wednesday's meeting) says no verb of
the lists in ``_hints``; it asks by sitting nearer the bundled destroy-asking phrases than the
others (``destroy_ask.by_phrases``). "把SH-61450这票取消掉" says ``shipment_cancel``'s verb in
Chinese (``request_says_its_act_across``). "reschedule friday's meeting" asks for no act of
``meeting_cancel``, though its profile requests say "friday's meeting". Cosines are fixed by
hand (``TableEmbedder``); the phrases' axes: 7 destroy-asking, 6 the others.
"""

import importlib

import numpy as np
import pytest

from toolfilter_core import Profiles, Reason, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core._hints import request_says_its_act, request_says_its_act_across
from toolfilter_core._pipeline.decide import says_acts
from toolfilter_core._pipeline.destroy_ask import by_phrases, phrase_margin

from .fakes import TableEmbedder, act_phrases, hand_filter, tool_axes, unit

destroy_ask = importlib.import_module("toolfilter_core._pipeline.destroy_ask")

PHRASES = act_phrases(7, 6)
CALENDAR = [
    ToolSpec("calendar_cancel", "Cancel a calendar event and notify attendees", category="calendar"),
    ToolSpec("calendar_list", "List calendar events for a day or a week", category="calendar"),
]
CALL_OFF = "把下周三的周会撤了"
MOVE = "把下周三的周会挪到周四"
CALENDAR_TABLE = tool_axes(CALENDAR) | PHRASES
CALENDAR_TABLE |= {CALL_OFF: unit(0, 0.6, 0.5, 0, 0, 0, 0, 0.62), MOVE: unit(0, 0.6, 0.5, 0, 0, 0, 0.62)}


def _calendar() -> ToolFilter:
    return hand_filter(CALENDAR, CALENDAR_TABLE)


def test_the_phrases_read_the_act():
    embedder = TableEmbedder(CALENDAR_TABLE)
    [call_off, move] = embedder.embed_queries([CALL_OFF, MOVE])
    assert phrase_margin(embedder, call_off) == pytest.approx(0.62 / np.linalg.norm([0.6, 0.5, 0.62]), abs=1e-5)
    assert phrase_margin(embedder, move) < 0
    assert by_phrases(embedder, call_off, margin=0.08) and not by_phrases(embedder, move, margin=0.08)
    assert not by_phrases(embedder, call_off, margin=0.7)


def test_a_request_near_the_destroy_phrases_gets_the_tool_it_ranks_first():
    s = _calendar().select(CALL_OFF)
    assert s.names[0] == "calendar_cancel", s.explain()


def test_one_near_the_other_phrases_does_not():
    s = _calendar().select(MOVE)
    assert "calendar_cancel" not in s.names, s.explain()
    assert [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD] == ["calendar_cancel"]


def test_without_the_phrases_the_call_off_is_held(monkeypatch):
    monkeypatch.setattr(destroy_ask, "PHRASE_MARGIN", None)
    monkeypatch.setattr(importlib.import_module("toolfilter_core._hints"), "EVERYDAY_STOPS", False)  # 撤了: a word now
    assert "calendar_cancel" not in _calendar().select(CALL_OFF).names


SHIPMENT_CANCEL = ToolSpec("shipment_cancel", "Cancel a booked shipment before pickup. Irreversible.")
MEETING_CANCEL = ToolSpec("meeting_cancel", "取消日历上的会议或提货预约，并通知参与者。")
ORDER_CANCEL = ToolSpec("order_cancel", "Cancel an order that has not shipped.")
CUSTOMER_DELETE = ToolSpec("customer_delete", "Permanently delete a customer account (GDPR erasure).")
HUIYI = ToolSpec("huiyi", "取消日历上的会议或提货预约，并通知参与者。")  # its verb in Chinese only


@pytest.mark.parametrize(
    ("text", "tool", "expected"),
    [
        ("把SH-61450这票取消掉", SHIPMENT_CANCEL, True),
        ("把SH-61450这票取消掉", CUSTOMER_DELETE, False),
        ("把这个客户的资料删掉", CUSTOMER_DELETE, True),
        ("please cancel friday's pickup", HUIYI, True),
        ("cancelled", HUIYI, True),
        ("SH-61450 到哪了", SHIPMENT_CANCEL, False),
        ("where is friday's pickup?", HUIYI, False),
    ],
)
def test_a_request_says_a_tools_verb_in_the_other_language(text, tool, expected):
    assert request_says_its_act_across(text, tool) is expected
    assert request_says_its_act(text, tool) is False  # in its own language it does not


def test_across_languages_only_the_best_ranked_tool_is_asked_for():
    tools = [MEETING_CANCEL, SHIPMENT_CANCEL, ORDER_CANCEL, CUSTOMER_DELETE]
    said = says_acts("把SH-61450这票取消掉", tools, np.ones((1, 4), dtype=bool))
    assert said.tolist() == [[True, True, False, False]]  # its own verb; the best one across; no more


FREIGHT = [
    ToolSpec("meeting_cancel", "Cancel a meeting on the calendar", category="calendar"),
    ToolSpec("calendar_list", "Show the team calendar for a day or week", category="calendar"),
]
FREIGHT_PROFILES = Profiles(
    {
        "meeting_cancel": ToolProfile(("cancel friday's meeting with Maersk", "friday's meeting is off, call it off")),
        "calendar_list": ToolProfile(("what's on the calendar this week?",)),
    }
)
RESCHEDULE = "reschedule friday's meeting"
FREIGHT_TABLE = tool_axes(FREIGHT) | PHRASES
FREIGHT_TABLE |= {
    "cancel friday's meeting with Maersk": unit(0, 0.9, 0, 0, 0, 0, 0, 0.436),
    "friday's meeting is off, call it off": unit(0, 0.9, 0, 0, 0, 0, 0, 0.436),
    "what's on the calendar this week?": unit(0, 0, 1.0),
    # ranks meeting_cancel first, confidently; nearest its (destroy-asking) requests' object, not their act
    RESCHEDULE: unit(0, 0.95, 0.1, 0, 0, 0, 0.3),
}


def test_the_objects_words_in_a_tools_profile_ask_for_nothing():
    tf = hand_filter(FREIGHT, FREIGHT_TABLE, min_score=0.5, profiles=FREIGHT_PROFILES)
    s = tf.select(RESCHEDULE)
    assert "meeting_cancel" not in s.names, s.explain()


# a confident destructive top tool; the request leans to destroy (margin .06: above SCORE_MARGIN,
# below PHRASE_MARGIN) or reads (margin -.03)
LEANS = "take that one off my list, it's done"
READS = "is that one still on my list?"
LIST_TABLE = tool_axes(CALENDAR) | PHRASES
LIST_TABLE |= {LEANS: unit(0, 0.998, 0, 0, 0, 0, 0, 0.06), READS: unit(0, 0.9995, 0, 0, 0, 0, 0.03)}


def _confident() -> ToolFilter:
    return hand_filter(CALENDAR, LIST_TABLE, min_score=0.5)


def test_a_confident_score_unlocks_only_a_request_that_leans_to_destroy():
    assert _confident().select(LEANS).names[0] == "calendar_cancel"
    assert "calendar_cancel" not in _confident().select(READS).names


def test_without_the_score_bar_a_lean_is_not_enough(monkeypatch):
    monkeypatch.setattr(destroy_ask, "SCORE_MARGIN", None)
    assert "calendar_cancel" not in _confident().select(LEANS).names


CARD_DEACTIVATE = ToolSpec(
    "access_card_deactivate", "Deactivate an access card, e.g. when it is lost or the member leaves."
)
CARD_ISSUE = ToolSpec("access_card_issue", "Issue a new access card (door fob) to a member.")
MEMBER_DELETE = ToolSpec("member_delete", "Permanently delete a member and all their data (GDPR erasure).")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("M-5120 退会了，把他的门禁卡 C-9001 停掉", True),
        ("把 C-9001 这张卡关停", True),
        ("把 C-9001 这张卡停用", True),
        ("C-9001 这张卡还能用吗", False),
    ],
)
def test_stopping_a_card_in_chinese_says_deactivate(text, expected):
    assert request_says_its_act_across(text, CARD_DEACTIVATE) is expected
    assert request_says_its_act_across(text, MEMBER_DELETE) is False


def test_the_card_stopped_is_asked_for_beside_another_ids_destroyer():
    # two ids, each taken by one destroyer: the id reads neither as the act's; the verb said does
    tools = [CARD_DEACTIVATE, CARD_ISSUE, MEMBER_DELETE]
    destructive = np.array([[True, False, True]])
    said = says_acts("M-5120 退会了，把他的门禁卡 C-9001 停掉", tools, destructive, takes=[True, False, True])
    assert said.tolist() == [[True, False, False]]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("以后缺货了不要给我换别的", True),
        ("别给我换成脱脂奶", True),
        ("never swap my items for something else", True),
        ("don't substitute anything if it's out of stock", True),
        ("don\u2019t swap my items", True),  # a phone keyboard's apostrophe
        ("以后别再打电话推销", True),  # 别再 + an act, the clause going on
        # call-offs: a clause that closes with 了, what is not wanted, "anymore"
        ("别再寄了", False),
        ("以后不要再扣我的钱了", False),
        ("这单不要", False),
        ("换别的吧", False),
        ("I don't want it anymore", False),
        ("don't send me any more boxes", False),
    ],
)
def test_a_request_not_to_do_an_act(text, expected):
    assert destroy_ask.negates_an_act(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # read in the negation's own clause: another clause that asks to destroy still asks
        ("don't forget to cancel; also don't email him", False),
        ("cancel my 3pm, don't email him", False),
        ("把周五的会取消，别给我发通知", False),
        # a call-off's words in another clause call nothing off
        ("never swap my items for something else. Thanks again!", True),
        # the refusals' words: "no need to", 无需
        ("no need to swap my items", True),
        ("无需给我换别的", True),
    ],
)
def test_a_request_not_to_do_an_act_is_read_in_its_clause(text, expected):
    assert destroy_ask.negates_an_act(text) is expected


DELETE_CALENDAR = [
    ToolSpec("calendar_list", "List calendar events for a day or a week", category="calendar"),
    ToolSpec("calendar_delete", "Delete a calendar event and notify attendees", category="calendar"),
]
REMEMBER = "don't forget to cancel friday's standup; also don't email him"
# calendar_delete second, within min_gap of the top; leaning to destroy (margin .06: above SCORE_MARGIN)
DELETE_TABLE = tool_axes(DELETE_CALENDAR) | PHRASES
DELETE_TABLE |= {REMEMBER: unit(0, 0.7, 0.68, 0, 0, 0, 0, 0.06)}


def test_a_negation_in_another_clause_leaves_the_cancel_asked():
    s = hand_filter(DELETE_CALENDAR, DELETE_TABLE, min_score=0.5).select(REMEMBER)
    assert "calendar_delete" in s.names, s.explain()


# a telling to act ("don't forget to", "don't hesitate to") asks the act it names
TELLINGS_TO_ACT = ["别忘了取消周五的站会", "please don't hesitate to cancel friday's standup"]


@pytest.mark.parametrize("text", TELLINGS_TO_ACT)
def test_a_telling_to_act_leaves_the_cancel_asked(text):
    table = DELETE_TABLE | {text: unit(0, 0.7, 0.68, 0, 0, 0, 0, 0.06)}
    s = hand_filter(DELETE_CALENDAR, table, min_score=0.5).select(text)
    assert "calendar_delete" in s.names, s.explain()


@pytest.mark.parametrize(
    "text",
    [
        *TELLINGS_TO_ACT,
        "别忘记删除这些旧文件",
        "千万别忘了取消订单",
        "不要忘了取消订单",
        "never hesitate to delete spam",
        "don't be afraid to delete old files",
        "don't fail to cancel it before friday",
        "don't wait to cancel it",
    ],
)
def test_a_telling_to_act_negates_no_act(text):
    assert destroy_ask.negates_an_act(text) is False


@pytest.mark.parametrize("text", ["把别名 prod 删除", "别墅订单取消", "别克车的预约取消一下"])
def test_bie_of_a_word_negates_no_act(text):
    """别 of 别名 (alias), 别墅 (villa), 别克 (Buick) is no "don't"."""
    assert destroy_ask.negates_an_act(text) is False


def test_a_telling_not_to_act_ends_at_its_verb():
    # "don't email him" tells not to email; the cancel after it, in the same clause, is asked
    assert destroy_ask.negates_an_act("don't email him and cancel my 3pm") is False
    assert destroy_ask.negates_an_act("don't email him about my 3pm") is True
    assert destroy_ask.negates_an_act("don't email him and also cancel my 3pm") is False
    assert destroy_ask.negates_an_act("don't email him and when he replies cancel my 3pm") is False


@pytest.mark.parametrize(
    "text",
    [
        "don't send the refund notice yet",
        "do not touch the cancelled orders",
        "别动已经删除的文件",
        # "and", "plus" before a determiner or a participle join another object, not another act
        "do not touch the cancelled orders and the deleted files",
        "never reopen the cancelled orders plus the voided invoices",
        "don't touch my orders and cancelled invoices",
    ],
)
def test_a_destroy_word_in_the_object_of_a_telling_asks_nothing(text):
    # the telling reaches to its clause's end: its object's destroy word is no act asked beside it
    assert destroy_ask.negates_an_act(text) is True


NO_SWAP = "以后缺货了不要给我换别的会议室"


def test_a_request_not_to_do_an_act_is_no_destroy_ask_by_the_phrases():
    table = CALENDAR_TABLE | {NO_SWAP: unit(0, 0.6, 0.5, 0, 0, 0, 0, 0.62)}  # as near the phrases as the call-off
    s = hand_filter(CALENDAR, table).select(NO_SWAP)
    assert "calendar_cancel" not in s.names, s.explain()
    assert [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD] == ["calendar_cancel"]


@pytest.mark.parametrize("text", ["工厂关停期间的订单怎么处理", "关停期间 srv-3 负载怎么样"])
def test_guan_ting_alone_is_a_time_not_an_ask(text):
    """关停期间 ("while it is shut down") asks nothing; 关停 reads as the act only beside an ask."""
    from toolfilter_core._hints import request_is_destructive

    assert not request_is_destructive(text)
