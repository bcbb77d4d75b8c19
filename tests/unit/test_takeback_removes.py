"""扣回 (take back points or credit given) says a removal's act, not only a revoke's.

An optician store's "客户 552 多给了 300 积分，扣回来。" (customer 552 was given 300 points too many, take them back)
ranked ``loyalty_points_remove`` first, yet the guard held it and sent ``staff_access_revoke``: 扣回 said only
"revoke"'s act (``_hints._TAKEDOWNS``), so the revoker of staff access was the one destroyer whose act the request
said. 扣回 now says "remove"'s and "deduct"'s act too, and the guard lets in the best-ranked of the tools said.
Cosines are fixed by hand (``TableEmbedder``).
"""

import pytest

from toolfilter_core import ToolFilter, ToolSpec
from toolfilter_core._hints import request_says_its_own_act

from .fakes import act_phrases, hand_filter, tool_axes, unit


def _takes(*names: str) -> dict[str, object]:
    return {"type": "object", "properties": {n: {"type": "string"} for n in names}, "required": list(names)}


POINTS = ToolSpec("points_remove", "Remove loyalty points from a member's balance.", _takes("member_id"))
DEDUCT = ToolSpec("credit_deduct", "Deduct credit from a student's account.", _takes("student_id"))
ACCESS = ToolSpec("staff_access_revoke", "Revoke a staff member's access to the system.", _takes("staff_id"))
LOOKUP = ToolSpec("member_get", "Show a member's details and balance.", _takes("member_id"))
TOOLS = [POINTS, ACCESS, LOOKUP]
ASK = "会员 552 多给了 300 积分，扣回来。"
TABLE = tool_axes(TOOLS) | act_phrases(4, 5) | {ASK: unit(0, 0.6, 0.3, 0.45)}


@pytest.mark.parametrize("tool", [POINTS, DEDUCT])
def test_take_back_says_a_removal_or_deduction(tool: ToolSpec) -> None:
    assert request_says_its_own_act(ASK, tool)
    assert request_says_its_own_act("S-20931 多给了 5 个课时，扣回来", tool)


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


def test_points_taken_back_get_the_remover_not_the_access_revoker() -> None:
    names = _filter().select(ASK).names
    assert "points_remove" in names
    assert "staff_access_revoke" not in names
