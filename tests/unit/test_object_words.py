"""``objects.destroyer_of_top``: the destructive tool of the best-ranked tool's object (``decide.OBJECT_OVER_RANK``).

The setting is off (``benchmarks/choose_object_over_rank.py`` found no point that wins with each dev
registry left out); the reading it would use is kept, and measured here.
"""

import importlib

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.objects import destroyer_of_top

TOOLS = [
    ToolSpec("subscription_create", "Create a subscription"),
    ToolSpec("member_delete", "Delete a member"),
    ToolSpec("subscription_cancel", "Cancel a subscription"),
    ToolSpec("subscription_status", "Show a subscription"),
]
FLAGS = [False, True, True, False]


def test_the_destroyer_of_the_best_tools_object_within_the_rank() -> None:
    text = "王女士的每周鲜花订阅不要了"
    assert destroyer_of_top(text, TOOLS, FLAGS, 3, named=False) == 2  # not member_delete: another object
    assert destroyer_of_top(text, TOOLS, FLAGS, 2, named=False) is None  # past the rank
    assert destroyer_of_top("cancel the flower subscription", TOOLS, FLAGS, 3, named=True) == 2
    assert destroyer_of_top("the flowers, no more", TOOLS, FLAGS, 3, named=True) is None  # its object not named


def test_none_where_the_best_tool_is_destructive() -> None:
    assert destroyer_of_top("cancel it", TOOLS[1:], FLAGS[1:], 3, named=False) is None


def test_the_setting_is_off() -> None:
    decide = importlib.import_module("toolfilter_core._pipeline.decide")  # the module, not its function
    assert decide.OBJECT_OVER_RANK == 1
