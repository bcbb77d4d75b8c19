"""A clinic's and a subscriptions desk's tools, shared by the unit and integration tests of their readings.

Each test takes the few tools it reads by name (``registry``), in its order. Written by a language model from a
clinic's and a subscriptions desk's acts alone, with no toolfilter data in view.
"""

from __future__ import annotations

from toolfilter_core import ToolSpec

from .fakes import takes

GONE = {"destructiveHint": True}
_TOOLS = [
    ToolSpec("get_appointment", "Show an appointment's date, doctor and status.", takes("appointment_id")),
    ToolSpec("reschedule_appointment", "Move an appointment to another date or time.", takes("appointment_id")),
    ToolSpec("cancel_appointment", "Cancel an appointment.", takes("appointment_id"), annotations=GONE),
    ToolSpec("refund_appointment", "Refund the payment for an appointment.", takes("appointment_id"), annotations=GONE),
    ToolSpec(
        "delete_appointment_note", "Delete a note from an appointment.", takes("appointment_id"), annotations=GONE
    ),
    ToolSpec("delete_patient", "Delete a patient's record and all its data.", takes("patient_id"), annotations=GONE),
    ToolSpec("list_doctors", "List doctors and their specialties.", takes("specialty")),
    ToolSpec("get_subscription", "Show a subscription's plan, status and renewal date.", takes("subscription_id")),
    ToolSpec(
        "cancel_subscription", "Cancel a subscription so it does not renew.", takes("subscription_id"), annotations=GONE
    ),
    ToolSpec("void_invoice", "Void an invoice so it is no longer payable.", takes("invoice_id"), annotations=GONE),
    ToolSpec("get_invoice", "Look up an invoice's lines, total and status.", takes("invoice_id")),
    ToolSpec("delete_account", "Delete a customer account and all its data.", takes("account_id"), annotations=GONE),
    ToolSpec("list_plans", "List the available plans and prices.", takes("region")),
]
TOOLS = {tool.name: tool for tool in _TOOLS}


def registry(*names: str) -> list[ToolSpec]:
    """The kit's tools named ``names``, in that order."""
    return [TOOLS[name] for name in names]
