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

from .clinic_subscriptions_kit import registry

CLINIC = registry("get_appointment", "reschedule_appointment", "cancel_appointment", "delete_patient", "list_doctors")
SUBS = registry("get_subscription", "cancel_subscription", "delete_account", "list_plans")


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
