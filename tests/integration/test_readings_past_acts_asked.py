"""Whole selections, the real default embedder: a question about acts already done asks none of them.

A city permits office's "Which inspections did we cancel last month? I need the count for the report." was sent
``inspection_cancel``: its "I need" read as an ask, so the request was no question of state, and the question's
"did we cancel", a past act asked about, was read as an ask of the act. A question whose act is past ("did we
cancel", "上个月我们取消了哪些检查？", "哪些许可证被吊销过") reads past acts: it is read as an act told done.
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration

TOOLS = [
    ToolSpec("inspection_schedule", "Book an on-site inspection for a permit or license. Returns the inspection slot."),
    ToolSpec("inspection_get", "Inspection details: date, inspector, result, findings."),
    ToolSpec("inspection_reschedule", "Move a booked inspection to another date/time slot."),
    ToolSpec(
        "inspection_cancel",
        "Cancel a scheduled inspection. The slot is released and the inspector notified; a cancelled inspection "
        "cannot be restored.",
    ),
    ToolSpec("violation_report_file", "File a violation report (unpermitted construction, noise) for enforcement."),
    ToolSpec("permit_lookup", "Look up an issued permit by permit number: holder, type, validity dates."),
    ToolSpec("permit_revoke", "Revoke an issued permit. The holder loses the right to operate immediately."),
    ToolSpec("fee_refund", "Refund a fee payment to the citizen. Money is returned and cannot be re-charged."),
    ToolSpec("payment_history", "List an account's fee payments."),
]


@pytest.fixture(scope="module")
def office(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(TOOLS, embedder=default_embedder)


@pytest.mark.parametrize(
    ("request_", "destroyer"),
    [
        ("Which inspections did we cancel last month? I need the count for the report.", "inspection_cancel"),
        ("How many refunds did we issue in May? I need it for the report.", "fee_refund"),
        ("上个月我们取消了哪些检查？我需要做报表", "inspection_cancel"),
        ("哪些许可证被吊销过？我要统计一下", "permit_revoke"),
    ],
)
def test_a_question_about_acts_done_is_sent_no_destroyer(office: ToolFilter, request_: str, destroyer: str) -> None:
    assert destroyer not in office.select(request_).names


@pytest.mark.parametrize(
    ("request_", "destroyer"),
    [
        ("Cancel inspection INS-5531, the site is not ready. I need it off the calendar.", "inspection_cancel"),
        ("Did we cancel INS-5531? If not, cancel it now.", "inspection_cancel"),
        ("把检查 INS-5531 取消掉", "inspection_cancel"),
    ],
)
def test_an_ask_of_the_act_still_gets_it(office: ToolFilter, request_: str, destroyer: str) -> None:
    assert destroyer in office.select(request_).names
