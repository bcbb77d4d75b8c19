"""A destructive tool whose act is not destroying: its own act said in the other language.

``slack__archive_channel`` ("Archives a conversation.") is destructive by its MCP hint, but a
request to archive says no verb of destroying: "把 #proj-atlas 频道归档" (archive the
#proj-atlas channel) was held, though it ranks the tool first. The request says the tool's
own act ("archive", its name's and its description's) in Chinese (``_hints._OWN_ACTS``).
"""

import importlib

import numpy as np
import pytest

from toolfilter_core import ToolFilter, ToolSpec
from toolfilter_core._hints import request_says_its_own_act
from toolfilter_core._pipeline.decide import says_acts

from .fakes import act_phrases, hand_filter, tool_axes, unit

decide = importlib.import_module("toolfilter_core._pipeline.decide")

ARCHIVE = ToolSpec("slack__archive_channel", "Archives a conversation.", annotations={"destructiveHint": True})
LIST = ToolSpec("slack__list_channels", "List channels.", annotations={"readOnlyHint": True})
REBOOT_ZH = ToolSpec("reboot_device", "重启设备（路由器、交换机、AP、NAS）。", annotations={"destructiveHint": True})
EXECUTE = ToolSpec("postgres__execute", "Execute a SQL statement that modifies data.")
TOOLS = [ARCHIVE, LIST]
REQUEST = "把 #proj-atlas 频道归档"
PHRASES = act_phrases(3, 4)
TABLE = tool_axes(TOOLS) | PHRASES
TABLE |= {REQUEST: unit(0, 0.9, 0.3, 0, 0.2)}  # ranks the archive first; leans to the other phrases


@pytest.mark.parametrize(
    ("text", "tool", "expected"),
    [
        (REQUEST, ARCHIVE, True),
        ("#old-launch 这个频道存档吧", ARCHIVE, True),
        ("#proj-atlas 频道还在吗", ARCHIVE, False),
        ("在 prod 上执行这条 UPDATE", EXECUTE, True),
        ("reboot ap-garage", REBOOT_ZH, True),  # the act of a tool described in Chinese, said in English
        ("rebooting core-sw now", REBOOT_ZH, True),
        ("archive it", REBOOT_ZH, False),
    ],
)
def test_a_request_says_a_tools_own_act_in_the_other_language(text, tool, expected):
    assert request_says_its_own_act(text, tool) is expected


def test_only_the_best_ranked_such_tool_is_asked_for():
    other = ToolSpec("github__archive_repo", "Archive a repository.", annotations={"destructiveHint": True})
    said = says_acts(REQUEST, [ARCHIVE, other, LIST], np.array([[True, True, False]]))
    assert said.tolist() == [[True, False, False]]


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE, min_score=0.5)


def test_archiving_in_chinese_gets_the_archive_tool():
    s = _filter().select(REQUEST)
    assert "slack__archive_channel" in s.names, s.explain()


def test_without_the_reading_it_is_held(monkeypatch):
    monkeypatch.setattr(decide, "ASKED_BY_ITS_OWN_ACT", False)
    assert "slack__archive_channel" not in _filter().select(REQUEST).names
