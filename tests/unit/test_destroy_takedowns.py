"""Everyday Chinese ways to take something down, back or out of service say a destructive tool's act.

A car-rental desk's requests "把他从早班撤下来" (take him off the early shift), "把那5000分扣回来" (take the 5000
points back) and "从车队里下线" (take the car out of the fleet), and a school's "帮他退课" (withdraw him from
the course) said no destroy word of ``_hints``: without profiles the destroyer they rank first was held, and
the one they mean too. 撤下, 扣回, 下线 and 退课 now say ``rota_remove``'s, ``loyalty_revoke``'s,
``vehicle_retire``'s and ``enrolment_withdraw``'s acts (``_hints._TAKEDOWNS``); a question whether it was done
("下线了吗") and a report of it done ("已经下线了") still say none. Cosines are fixed by hand (``TableEmbedder``).
"""

import importlib

import pytest

from toolfilter_core import ToolFilter, ToolSpec
from toolfilter_core._hints import request_says_its_own_act

from .fakes import act_phrases, hand_filter, tool_axes, unit

hints = importlib.import_module("toolfilter_core._hints")


def _takes(*names: str) -> dict[str, object]:
    return {"type": "object", "properties": {n: {"type": "string"} for n in names}, "required": list(names)}


RETIRE = ToolSpec("vehicle_retire", "Retire a vehicle from the fleet permanently (sold).", _takes("plate"))
REMOVE = ToolSpec("rota_remove", "Take a staff member off a shift on the rota (sick leave, swap).", _takes("staff_id"))
REVOKE = ToolSpec("loyalty_revoke", "Revoke loyalty points awarded in error or for fraud.", _takes("customer_id"))
WITHDRAW = ToolSpec("enrolment_withdraw", "Withdraw a student from a course.", _takes("student_id"))
VIEW = ToolSpec("rota_view", "Show who works which shift.", _takes("date"))
TOOLS = [RETIRE, REMOVE, REVOKE, VIEW]
SHIFT = "小张明天请病假，把他从早班撤下来"
POINTS = "这个会员刷积分作弊，把那5000分扣回来"
FLEET = "沪C55667 这辆车已经卖掉了，从车队里下线"
PHRASES = act_phrases(5, 6)
TABLE = tool_axes(TOOLS) | PHRASES
TABLE |= {
    SHIFT: unit(0, 0.5, 0.45, 0.1, 0.4),  # ranks vehicle_retire first, rota_remove second
    "小张从早班撤下来了没有？": unit(0, 0.5, 0.45, 0.1, 0.4),
    POINTS: unit(0, 0.1, 0.1, 0.5, 0.1),
    FLEET: unit(0, 0.5, 0.1, 0.1, 0.1),
    "沪C55667下线了吗": unit(0, 0.5, 0.1, 0.1, 0.1),
    "沪C55667 已经下线了": unit(0, 0.5, 0.1, 0.1, 0.1),
}


@pytest.mark.parametrize(
    ("text", "tool", "said"),
    [
        (SHIFT, REMOVE, True),
        (POINTS, REVOKE, True),
        (FLEET, RETIRE, True),
        (POINTS, RETIRE, False),
        (SHIFT, REVOKE, False),
        ("ST-3301 不想上德语课了，帮他退课", WITHDRAW, True),
        ("帮 ST-3301 把德语课退选", WITHDRAW, True),
        ("ST-3301 不想上德语课了，帮他退课", REVOKE, False),
    ],
)
def test_an_everyday_takedown_says_its_tools_act(text: str, tool: ToolSpec, said: bool) -> None:
    assert request_says_its_own_act(text, tool) is said


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


@pytest.mark.parametrize(
    ("query", "meant"), [(SHIFT, "rota_remove"), (POINTS, "loyalty_revoke"), (FLEET, "vehicle_retire")]
)
def test_the_takedown_asked_gets_its_tool_and_no_other_destroyer(query: str, meant: str) -> None:
    names = _filter().select(query).names
    assert meant in names
    assert not ({"vehicle_retire", "rota_remove", "loyalty_revoke"} - {meant}) & set(names)


@pytest.mark.parametrize("query", ["沪C55667下线了吗", "沪C55667 已经下线了", "小张从早班撤下来了没有？"])
def test_a_question_whether_it_was_done_or_a_report_of_it_asks_for_no_destroyer(query: str) -> None:
    names = _filter().select(query).names
    assert not {"vehicle_retire", "rota_remove", "loyalty_revoke"} & set(names)


def test_off_the_takedowns_are_held_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hints, "EVERYDAY_TAKEDOWNS", False)
    assert "rota_remove" not in _filter().select(SHIFT).names
