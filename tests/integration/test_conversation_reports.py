"""The agent loop with the real default embedder and the bundled kit's profiles: after a cancel
ran, a "yes" to the next proposal and a turn that reports the cancel done get no destroyer.

Fake chat models stand in for the LLM, so nothing leaves the machine.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from langchain.agents import create_agent
from langchain_core.messages import HumanMessage
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.memory import InMemorySaver

from benchmarks.harness import kit_structured_tool
from langchain_toolfilter import ToolFilterMiddleware
from tests.unit.langchain_kit import RecordingChatModel, call
from toolfilter_core import Embedder, load_bundled_tools

pytestmark = [pytest.mark.integration, pytest.mark.filterwarnings("ignore::DeprecationWarning:inspect")]

PROFILES = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "toolkit48" / "profiles.jsonl"
DESTROYERS = {"calendar_cancel", "delete_file", "restart_service"}


@pytest.mark.parametrize("third", ["嗯，发邮件告诉大家", "发邮件告诉大家周会已经取消了"])
def test_after_a_cancel_ran_the_next_turn_gets_no_destroyer(default_embedder: Embedder, third: str) -> None:
    tools = [kit_structured_tool(spec) for spec in load_bundled_tools()]
    script = [
        call("calendar_list", "c1", start="2026-12-09", end="2026-12-09"),
        "周三 10:00 有周会（evt-0612），6 人。要我取消这个周会吗？",
        call("calendar_cancel", "c2", event_id="evt-0612"),
        "已取消。需要给参会人发邮件吗？",
        call("send_mail", "c3", to=["team@example.com"], subject="周会取消", body="..."),
        "邮件已发。",
    ]
    model = RecordingChatModel(messages=iter(script))
    middleware = ToolFilterMiddleware(max_tools=5, embedder=default_embedder, profiles=PROFILES)
    agent = create_agent(model, tools=tools, middleware=[middleware], checkpointer=InMemorySaver())
    thread: RunnableConfig = {"configurable": {"thread_id": "t1"}}
    for turn in ("看一下下周三的日程", "好的，撤了吧", third):
        agent.invoke({"messages": [HumanMessage(turn)]}, thread)
    assert "calendar_cancel" in model.seen[2]  # the "yes" to the proposed cancel
    assert "send_mail" in model.seen[4]
    assert not DESTROYERS & {*model.seen[4], *model.seen[5]}, model.seen[4]
