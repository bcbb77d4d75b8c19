"""A booked thing taken off a schedule or a queue, or no longer needed, asks its cancel.

"pull AP-2231 off the doctor's schedule" and "take AP-2231 out of the queue" were written as "remove", and no
destroyer's act was said; "I no longer need AP-2231" and "SUB-1180 不要自动续费了" (stop auto-renewing) were read as
no act. A lone id in a place things wait their time in, or a thing the speaker no longer needs, is written as
"cancel/remove" (a thing booked by its noun: "cancel"), and the registry's own tool of the id's record is sent.
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._pipeline.plain_verbs import in_plain_verbs

from .fakes import takes

GONE = {"destructiveHint": True}
CLINIC = [
    ToolSpec("get_appointment", "Show an appointment's date, doctor and status.", takes("appointment_id")),
    ToolSpec("reschedule_appointment", "Move an appointment to another date or time.", takes("appointment_id")),
    ToolSpec("cancel_appointment", "Cancel an appointment.", takes("appointment_id"), annotations=GONE),
    ToolSpec("delete_patient", "Delete a patient's record and all its data.", takes("patient_id"), annotations=GONE),
    ToolSpec("list_doctors", "List doctors and their specialties.", takes("specialty")),
]
SUBS = [
    ToolSpec("get_subscription", "Show a subscription's plan, status and renewal date.", takes("subscription_id")),
    ToolSpec(
        "cancel_subscription", "Cancel a subscription so it does not renew.", takes("subscription_id"), annotations=GONE
    ),
    ToolSpec("delete_account", "Delete a customer account and all its data.", takes("account_id"), annotations=GONE),
    ToolSpec("list_plans", "List the available plans and prices.", takes("region")),
]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("pull AP-2231 off the doctor's schedule", "cancel/remove AP-2231 from the doctor's schedule"),
        ("take AP-2231 out of the queue", "cancel/remove AP-2231 from the queue"),
        ("pull the Smiths' appointment off the schedule", "cancel the Smiths' appointment from the schedule"),
        ("I no longer need AP-2231", "cancel/remove AP-2231"),
        ("we won't need appointment AP-2231 anymore, thanks", "cancel appointment AP-2231, thanks"),
        ("SUB-1180 不要自动续费了", "SUB-1180 取消自动续费"),
        # not a thing booked nor a lone id, or not in a place of times: removed
        ("pull PO-30777 off Thursday's press run", "remove PO-30777 from Thursday's press run"),
        ("pull the Smiths' appointment off the rota", "remove the Smiths' appointment from the rota"),
        ("take the order notes out of the queue", "remove the order notes from the queue"),
        # no want of the thing said: a need of an act or of a thing done to it, a need kept, a question
        ("I no longer need to cancel AP-2231", "I no longer need to cancel AP-2231"),
        ("I don't need AP-2231 moved", "I don't need AP-2231 moved"),
        ("we won't need AP-2231", "we won't need AP-2231"),
        ("I need AP-2231", "I need AP-2231"),
        ("do we no longer need AP-2231?", "do we no longer need AP-2231?"),
        ("SUB-1180 不要自动续费了吗？", "SUB-1180 不要自动续费了吗？"),
    ],
)
def test_taken_off_or_unneeded_is_read_as_its_plain_verbs(text: str, read: str) -> None:
    assert in_plain_verbs(text) == read


@pytest.mark.parametrize(
    ("tools", "text", "tool"),
    [
        (CLINIC, "pull AP-2231 off the doctor's schedule", "cancel_appointment"),
        (CLINIC, "take AP-2231 out of the queue", "cancel_appointment"),
        (CLINIC, "I no longer need AP-2231", "cancel_appointment"),
        (SUBS, "I no longer need SUB-1180", "cancel_subscription"),
    ],
)
def test_the_cancel_of_the_ids_record_is_sent(tools: list[ToolSpec], text: str, tool: str) -> None:
    names = list(ToolFilter(tools, embedder=HashingEmbedder()).select(text).names)
    assert tool in names, names
    assert not {"delete_patient", "delete_account"} & set(names), names
