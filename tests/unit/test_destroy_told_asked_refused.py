"""A destroyer only where its act is asked: told done by another, asked whether done, a code stopped, a refund refused.

A print shop's walk found five: "客户说他们把旧 logo 从名片上去掉了，新的设计稿我要上传到 PO-30701" (the customer's own
act, reported) sent ``artwork_delete``; "PO-30801 的印刷任务从排期里撤下来了没有？看一下周三的排期" (was it taken off?)
sent ``press_job_remove``; "把折扣码 BLACKFRIDAY 停掉" sent ``customer_account_close`` beside the code's revoke
(停掉 read as "close", the code's own record not read); a turn "那就不退了，给客户发个邮件说明一下" after a payment
was read got ``payment_refund`` from the conversation; and "pull PO-30777 off Thursday's press run" held
``press_job_remove`` as not asked for. The registries here are others: a sign maker's, a dance studio's and a bike
workshop's.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.unit.sign_shop_kit import PROFILED, SIGNS
from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolSpec
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core._negated import refused_apart
from toolfilter_core._pipeline.plain_verbs import in_plain_verbs
from toolfilter_core._pipeline.reports import ask_and_reports
from toolfilter_core._pipeline.zh_records import head_records
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

GONE = {"destructiveHint": True}
STUDIO = [
    ToolSpec("class_schedule_get", "Show the class schedule: which classes run when, and who is booked."),
    ToolSpec("class_booking_remove", "Remove a student's booking from a class on the schedule.", annotations=GONE),
    ToolSpec("waitlist_get", "Show who is on a class's waiting list."),
    ToolSpec("waitlist_remove", "Remove a person from a class's waiting list.", annotations=GONE),
    ToolSpec("student_get", "Look up a student: contact details and classes booked."),
]


def _names(tools: list[ToolSpec], text: str, profiled: bool) -> list[str]:
    profiles = Profiles({t.name: PROFILED[t.name] for t in tools if t.name in PROFILED}) if profiled else None
    return list(ToolFilter(tools, embedder=HashingEmbedder(), profiles=profiles).select(text).names)


def _destroyers(names: list[str], tools: list[ToolSpec]) -> list[str]:
    return [t.name for t in tools if t.annotations.get("destructiveHint") and t.name in names]


@pytest.mark.parametrize(
    ("text", "report"),
    [
        ("客户说他们把旧 logo 从招牌上去掉了，新的设计稿上传到 SO-1201", "客户说他们把旧 logo 从招牌上去掉了"),
        ("她说她已经把那张图删了，帮我看看 SO-1202", "她说她已经把那张图删了"),
    ],
)
def test_another_telling_a_thing_they_did_is_a_report(text: str, report: str) -> None:
    ask, reports = ask_and_reports(text)
    assert reports == report
    assert report not in ask


def test_hearsay_that_asks_stays_an_ask() -> None:
    assert ask_and_reports("客户说帮他把旧设计稿删了")[1] == ""


@pytest.mark.parametrize("profiled", [False, True])
def test_a_customers_own_removal_reported_sends_no_delete(profiled: bool) -> None:
    names = _names(SIGNS, "客户说他们把旧 logo 从招牌上去掉了，新的设计稿我要上传到 SO-1201", profiled)
    assert "artwork_delete" not in names, names


def test_a_question_whether_an_act_was_done_is_told_apart() -> None:
    ask, reports = ask_and_reports("SO-1202 的安装任务从排期里撤下来了没有？看一下周五的排期")
    assert reports == "SO-1202 的安装任务从排期里撤下来了没有？"
    assert "撤" not in ask
    assert ask_and_reports("能把 SO-1202 撤下来了没有？")[1] == ""  # 能: an ask of the act


@pytest.mark.parametrize("profiled", [False, True])
def test_whether_a_job_was_taken_off_sends_no_remover(profiled: bool) -> None:
    names = _names(SIGNS, "SO-1202 的安装任务从排期里撤下来了没有？看一下周五的排期", profiled)
    assert "install_job_remove" not in names, names


def test_a_code_said_in_chinese_is_the_record_acted_on() -> None:
    assert "code" in head_records("把折扣码 SPRING 停掉")
    assert "promo" in head_records("优惠码 WELCOME5 停用吧")


@pytest.mark.parametrize("profiled", [False, True])
@pytest.mark.parametrize("text", ["把折扣码 BLACKFRIDAY 停掉，别让人再用了", "把优惠码 WELCOME5 关掉"])
def test_stopping_a_code_names_the_codes_act_only(text: str, profiled: bool) -> None:
    names = _names(SIGNS, text, profiled)
    assert "customer_account_close" not in names, names


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ("那就不退了，给客户发个邮件说明一下", "不退了"),
        ("不用退了，发邮件告诉他", "不用退了"),
        ("ok we won't refund, send the customer an email", "won't refund"),
        ("skip the refund, write to the customer instead", "skip the refund"),
    ],
)
def test_a_refund_refused_in_other_words_is_read_apart(text: str, refused: str) -> None:
    assert refused_apart(text)[1] == refused


@pytest.mark.parametrize("text", ["why won't it cancel?", "if they won't pay, cancel the order", "不退货了，换一个"])
def test_what_refuses_no_act_is_no_refusal(text: str) -> None:
    assert refused_apart(text)[1] == ""


def _tool(name: str, description: str, param: str, annotations: dict[str, bool] | None = None) -> dict[str, Any]:
    spec: dict[str, Any] = {
        "name": name,
        "description": description,
        "parameters": {"type": "object", "properties": {param: {"type": "string"}}, "required": [param]},
    }
    if annotations:
        spec["annotations"] = annotations
    return spec


WORKSHOP = [
    _tool("repair_get", "Look up a bike repair: fault, parts, status.", "repair_id"),
    _tool("payment_list", "List a customer's payments.", "customer_id"),
    _tool("payment_refund", "Refund a payment, all of it or part.", "payment_id"),
    _tool("email_send", "Send an email to a customer.", "to"),
]


def _conversation(then: str) -> list[dict[str, Any]]:
    call = {"id": "c1", "type": "function", "function": {"name": "payment_list", "arguments": "{}"}}
    return [
        {"role": "user", "content": "客户C-8812最近付过哪些款？"},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": '[{"id":"P-9931","amount":300}]'},
        {"role": "assistant", "content": "有一笔 P-9931，300 元。"},
        {"role": "user", "content": then},
    ]


def _offered(tool_filter: ToolFilter, messages: list[dict[str, Any]]) -> list[str]:
    policy = ConversationPolicy(growth=10**9)
    names: list[str] = []
    for end in [i for i, m in enumerate(messages) if m["role"] == "assistant"] + [len(messages)]:
        window = conversation_window(openai_turns(messages[:end]), history_turns=tool_filter.config.history_turns)
        names = select_window(tool_filter, window, conversation=policy).names
    return names


@pytest.mark.parametrize(
    "then",
    ["车是客户自己摔坏的，那就不退了，给客户发个邮件说明一下", "不用退了，发邮件告诉客户"],
)
def test_a_turn_refusing_the_refund_is_offered_no_refund(then: str) -> None:
    config = {"base": "plain", "enabled": True, "top_k": 4, "weights": {"embed": 0.7, "bm25": 0.3}}
    tool_filter = ToolFilter(WORKSHOP, config=config, embedder=HashingEmbedder())
    assert "payment_refund" in _offered(tool_filter, _conversation("那退一半给他"))
    assert "payment_refund" not in _offered(tool_filter, _conversation(then))


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("pull PO-30777 off Thursday's press run", "remove PO-30777 from Thursday's press run"),
        ("we need to pull job J-12 from the schedule", "we need to remove job J-12 from the schedule"),
        ("pulled the Smiths from the waiting list", "removed the Smiths from the waiting list"),
        (
            "can you pull the Baker & Co order PO-1 off the rota?",
            "can you remove the Baker & Co order PO-1 from the rota?",
        ),
        ("pull the figures from the schedule", "pull the figures from the schedule"),
        ("pull the report from the system", "pull the report from the system"),
        ("the pull from the list", "the pull from the list"),
    ],
)
def test_pulling_off_a_schedule_or_list_reads_as_a_removal(text: str, read: str) -> None:
    assert in_plain_verbs(text) == read


@pytest.mark.parametrize("profiled", [False, True])
def test_pulling_a_job_off_a_schedule_asks_its_removal(profiled: bool) -> None:
    names = _names(SIGNS, "pull SO-1301 off Thursday's install schedule, the brackets haven't arrived", profiled)
    assert "install_job_remove" in names, names
    assert _destroyers(names, SIGNS) == ["install_job_remove"], names


@pytest.mark.parametrize("profiled", [False, True])
@pytest.mark.parametrize(
    ("idiom", "plain"),
    [
        ("pull Maya Chen from the salsa waiting list", "remove Maya Chen from the salsa waiting list"),
        ("pull booking B-12 off the Tuesday class schedule", "remove booking B-12 from the Tuesday class schedule"),
    ],
)
def test_a_pull_off_is_selected_as_its_removal(idiom: str, plain: str, profiled: bool) -> None:
    assert _names(STUDIO, idiom, profiled) == _names(STUDIO, plain, profiled)


@pytest.mark.parametrize("profiled", [False, True])
def test_refusing_to_pull_it_off_asks_nothing(profiled: bool) -> None:
    names = _names(SIGNS, "don't pull SO-1301 off Thursday's install schedule, the brackets came", profiled)
    assert "install_job_remove" not in names, names
