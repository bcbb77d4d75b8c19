"""A message that is only social (a greeting, a wish, thanks, an acknowledgement) gets no tool; one that asks keeps
its tools."""

from __future__ import annotations

import pytest

from toolfilter_core import Status
from toolfilter_core._social import SOCIAL_ONLY, is_social

from .test_policies import AXES, make

SOCIAL = [
    "hi there",
    "good morning everyone",
    "Happy new year to the whole Hangzhou team!",
    "have a nice weekend guys",
    "lol ok",
    "ok 👍",
    "Merry Christmas everyone 🎄",
    "happy birthday Anna!",
    "good morning! how's your day",
    "perfect thanks",
    "新年快乐！",
    "周末愉快",
    "你好",
    "收到",
    "哈哈哈 好的",
    "大家早上好",
    "谢谢大家辛苦了",
    "谢谢，搞定了",
    "中秋快乐",
    "what's up with you",
    "hi Tom",
    "how's it going Anna",
]
ASKS = [
    "hi, cancel order 5",
    "新年快乐，帮我查一下订单",
    "good morning, what's on my calendar?",
    "happy new year, send the report to Anna",
    "ok, back up the database",
    "你好，请帮我查一下余额",
    "周末愉快，顺便把日志发我",
    "happy to help?",
    "hey delete it",
    "thanks, now run the query",
    "早上好，今天心情不太好",
    "happy new year 2027 sales report",
    "what's up with Docker?",
    "what's up with the API",
    "how are things with the Build?",
    "how's it going with the Migration?",
    "what's up with the VPN",
]


@pytest.mark.parametrize("text", SOCIAL)
def test_a_social_message_is_read_as_social(text):
    assert is_social(text)


@pytest.mark.parametrize("text", ASKS)
def test_a_clause_that_asks_is_not_social(text):
    assert not is_social(text)


@pytest.mark.parametrize("text", ["hi there", "新年快乐！", "lol ok", "收到"])
def test_a_social_message_gets_no_tool(text):
    # the message sits right on a tool (send_mail's axis): the similarity alone would send it
    s = make({text: AXES["send_mail"]}).select(text)
    assert (s.status, s.names, s.detail) == (Status.NO_TOOL_NEEDED, [], SOCIAL_ONLY)


@pytest.mark.parametrize("text", ["hi, send an email to Anna", "新年快乐，帮我发封邮件"])
def test_a_greeting_beside_a_request_keeps_its_tools(text):
    s = make({text: AXES["send_mail"]}).select(text)
    assert s.status is not Status.NO_TOOL_NEEDED
    assert "send_mail" in s.names
