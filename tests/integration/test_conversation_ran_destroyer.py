"""A conversation, the real default embedder: a destroyer whose act ran is not carried into a later turn.

A city permits office's "这笔退给她，申请已经撤回了" asked ``fee_refund``; the model called it and the result came
back. "发短信告诉她退款已经处理" (text her the refund is processed) was offered ``fee_refund`` again: read with the
earlier turns, its selection ranked it, so it was carried. An act that ran stays only for a turn that asks it
again ("再退100给她").
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from toolfilter_core import Embedder, ToolFilter, read_tools_file, recommended_config
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core._conversation_policy import ConversationPolicy

pytestmark = pytest.mark.integration

TOOLS = [  # the office's tools, as its registry writes them
    {
        "type": "function",
        "function": {
            "name": "permit_application_submit",
            "description": (
                "Submit a new permit application (building, renovation, signage, street use) on behalf of a"
                " citizen or business. Requires the applicant account and permit type; returns an "
                "application number."
            ),
            "parameters": {
                "type": "object",
                "properties": {
                    "account_id": {"type": "string", "description": "citizen account"},
                    "permit_type": {"type": "string", "description": "building|renovation|signage|street_use"},
                    "details": {"type": "string", "description": "free text"},
                },
                "required": ["account_id"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "application_status_get",
            "description": "Get application status.",
            "parameters": {
                "type": "object",
                "properties": {"application_no": {"type": "string", "description": "e.g. A-2026-00123"}},
                "required": ["application_no"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "application_withdraw",
            "description": (
                "Withdraw a pending permit application at the applicant's request. The application is "
                "closed permanently and the fee is not automatically refunded."
            ),
            "parameters": {
                "type": "object",
                "properties": {
                    "application_no": {"type": "string", "description": "application number"},
                    "reason": {"type": "string", "description": "reason"},
                },
                "required": ["application_no"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "application_list",
            "description": (
                "List applications for an account, optionally filtered by status (pending, approved, "
                "rejected, withdrawn)."
            ),
            "parameters": {
                "type": "object",
                "properties": {
                    "account_id": {"type": "string", "description": "account"},
                    "status": {"type": "string", "description": "filter"},
                },
                "required": ["account_id"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "permit_renew",
            "description": "Renew a permit that is expiring within 90 days; charges the renewal fee.",
            "parameters": {
                "type": "object",
                "properties": {"permit_no": {"type": "string", "description": "permit"}},
                "required": ["permit_no"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "fee_quote",
            "description": "Calculate the fee for a permit or license type before applying.",
            "parameters": {
                "type": "object",
                "properties": {
                    "permit_type": {"type": "string", "description": "type"},
                    "area_m2": {"type": "string", "description": "area"},
                },
                "required": ["permit_type"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "payment_record",
            "description": "Record a fee payment (card, bank transfer, cash at counter) against an application.",
            "parameters": {
                "type": "object",
                "properties": {
                    "application_no": {"type": "string", "description": "application"},
                    "amount": {"type": "string", "description": "amount"},
                    "method": {"type": "string", "description": "method"},
                },
                "required": ["application_no"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "payment_history",
            "description": "List payments and receipts for an account or application.",
            "parameters": {
                "type": "object",
                "properties": {"account_id": {"type": "string", "description": "account"}},
                "required": ["account_id"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "fee_refund",
            "description": (
                "Refund a fee to the payer. Irreversible once sent to the bank. Needs finance approval for "
                "amounts over 5000."
            ),
            "parameters": {
                "type": "object",
                "properties": {
                    "payment_id": {"type": "string", "description": "payment"},
                    "amount": {"type": "string", "description": "amount"},
                    "reason": {"type": "string", "description": "reason"},
                },
                "required": ["payment_id"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "citizen_account_get",
            "description": "Get a citizen account: contact details, linked businesses, applications.",
            "parameters": {
                "type": "object",
                "properties": {"account_id": {"type": "string", "description": "account or phone or email"}},
                "required": ["account_id"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "citizen_account_update",
            "description": "Update account contact details (phone, e-mail, mailing address).",
            "parameters": {
                "type": "object",
                "properties": {
                    "account_id": {"type": "string", "description": "account"},
                    "field": {"type": "string", "description": "field"},
                    "value": {"type": "string", "description": "value"},
                },
                "required": ["account_id"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "citizen_account_delete",
            "description": "Delete a citizen account and its personal data (privacy request). Permanent.",
            "parameters": {
                "type": "object",
                "properties": {"account_id": {"type": "string", "description": "account"}},
                "required": ["account_id"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "notify_citizen",
            "description": "Send an e-mail or SMS to a citizen about their case.",
            "parameters": {
                "type": "object",
                "properties": {
                    "account_id": {"type": "string", "description": "account"},
                    "channel": {"type": "string", "description": "email|sms"},
                    "message": {"type": "string", "description": "text"},
                },
                "required": ["account_id"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "send_applicant_message",
            "description": (
                "Message the applicant through the portal inbox (Licensing team's notifier). Use for "
                "anything about an application: missing documents, approvals, questions."
            ),
            "parameters": {
                "type": "object",
                "properties": {
                    "application_no": {"type": "string", "description": "application"},
                    "message": {"type": "string", "description": "text"},
                },
                "required": ["application_no"],
            },
        },
    },
]


def _call(n: int, name: str, arguments: dict[str, str], result: str) -> list[dict[str, object]]:
    call = {"id": f"c{n}", "type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}
    return [
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": f"c{n}", "content": result},
    ]


def _messages(last: str) -> list[dict[str, object]]:
    return [
        {"role": "user", "content": "帮我查一下账号 C-5561 的信息"},
        *_call(1, "citizen_account_get", {"account_id": "C-5561"}, '{"name": "王芳"}'),
        {"role": "assistant", "content": "账号属于王芳。"},
        {"role": "user", "content": "她有哪些付款记录？"},
        *_call(2, "payment_history", {"account_id": "C-5561"}, '[{"id": "PAY-1201", "amount": 800}]'),
        {"role": "assistant", "content": "有一笔 800 元付款 PAY-1201。"},
        {"role": "user", "content": "这笔退给她，申请已经撤回了"},
        *_call(3, "fee_refund", {"payment_id": "PAY-1201"}, '{"ok": true}'),
        {"role": "assistant", "content": "已退款 800 元。"},
        {"role": "user", "content": last},
    ]


def _offered(office: ToolFilter, messages: Sequence[dict[str, object]]) -> list[str]:
    policy = ConversationPolicy("anthropic")
    turns = openai_turns(messages)
    offered: list[str] = []
    for i, turn in enumerate(turns):
        if turn.role == "user":
            offered = list(policy.select(office, turns[: i + 1]).names)
    return offered


@pytest.fixture(scope="module")
def office(default_embedder: Embedder, tmp_path_factory: pytest.TempPathFactory) -> ToolFilter:
    path = tmp_path_factory.mktemp("office") / "tools.jsonl"
    path.write_text("".join(json.dumps(t, ensure_ascii=False) + "\n" for t in TOOLS), encoding="utf-8")
    return ToolFilter(read_tools_file(path), config=recommended_config(), embedder=default_embedder)


def test_a_refund_that_ran_is_not_offered_to_the_message_telling_it(office: ToolFilter) -> None:
    offered = _offered(office, _messages("发短信告诉她退款已经处理"))
    assert "notify_citizen" in offered and "fee_refund" not in offered, offered


@pytest.mark.parametrize("last", ["还有 PAY-1202 那笔，也退给她", "PAY-1202 也退了吧", "refund PAY-1202 too"])
def test_a_turn_that_asks_the_act_again_keeps_it(office: ToolFilter, last: str) -> None:
    assert "fee_refund" in _offered(office, _messages(last))
