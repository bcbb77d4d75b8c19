"""Two teams' tools for one job: an insurer's registry, shared by the profile writer's and the doctor's tests.

``billing_get_balance`` beside ``premium_due_lookup`` and ``loyalty_points_balance`` beside ``member_points_query``:
each pair does one job (``SAME``, the neighbours the profile writer names); ``policy_cancel`` and ``claim_file`` do
others.
"""

from __future__ import annotations

from toolfilter_core import ToolSpec

POLICY = {"type": "object", "properties": {"policy_id": {"description": "the policy number"}}}
MEMBER = {"type": "object", "properties": {"member_id": {"description": "the loyalty member"}}}
TOOLS = [
    ToolSpec(
        "billing_get_balance",
        "Outstanding balance / amount due for a policy and the next due date. (Billing team)",
        POLICY,
    ),
    ToolSpec(
        "premium_due_lookup",
        "Finance team: look up what premium is due on a policy, due date and any overdue amount.",
        POLICY,
    ),
    ToolSpec("policy_cancel", "Cancel a policy at the end of its term.", POLICY),
    ToolSpec("loyalty_points_balance", "Points a loyalty member holds now.", MEMBER),
    ToolSpec("member_points_query", "Marketing: query the reward points on a member's account.", MEMBER),
    ToolSpec("claim_file", "File a new insurance claim for a policy.", POLICY),
]
SAME = {"premium_due_lookup": ("billing_get_balance",), "member_points_query": ("loyalty_points_balance",)}
"""Each tool's neighbour that does the very same job, as the profile writer names it."""
