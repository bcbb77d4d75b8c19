"""A request that names a record or a tool's own action in Chinese is never "no tool needed" by the evidence.

Each request below is itself one of the no-tool phrases (so the phrase wins on any embedder). "How's MJ-204
coming along?" carries an id whose prefix a tool takes, "does Mr Ito have a dog?" names a person by title, and
"把这句话翻译成英文" says ``translate_text``'s own action in Chinese: each is served.
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, Status, ToolFilter, ToolSpec
from toolfilter_core._pipeline.record_named import record_named

_JOB_ID = {"type": "object", "properties": {"job_id": {"type": "string", "description": "Job id such as MJ-204"}}}
TOOLS = [
    ToolSpec("get_job", "Get a maintenance job and its state.", parameters=_JOB_ID),
    ToolSpec("get_customer", "Get a customer's account: address, pets, plan and balance."),
    ToolSpec("translate_text", "Translate text from one language into another."),
    ToolSpec("recommend_movies", "Recommend movies to watch for a genre or a mood."),
]
SERVED = [
    "how's MJ-204 coming along?",
    "does Mr Ito have a dog?",
    "张女士家有狗吗",
    "把这句话翻译成英文",
    "推荐一部今晚看的电影",
    # a name in passing beside a clause that asks (no tool on 2f8e813)
    "你好，我是王先生，我家的狗怎么样了",
    "谢谢你，李小姐，她家有狗吗",
]
NO_TOOL = [
    "what is SHA-256?",
    "any tips from mr fixit?",
    "这位先生想要什么",
    "hi, how are you?",
    # a record named in passing: trivia, an introduction, thanks, small talk, a joke (each served on 48e4843)
    "who was Dr Seuss?",
    "你好，我是王先生",
    "谢谢你，李小姐",
    "thanks, MJ-204 looks great",
    "how are you, MJ-204?",
    "tell me a joke about Mr Bean",
]
CONFIG = {"abstain_phrases": [*SERVED, *NO_TOOL], "abstain_rule": "margin", "abstain_margin": 0.0}


@pytest.fixture(scope="module")
def tf() -> ToolFilter:
    return ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder())


@pytest.mark.parametrize("request_text", SERVED)
def test_a_named_record_or_a_chinese_own_action_is_served(tf: ToolFilter, request_text: str) -> None:
    # served as usual (the hashing embedder scores a Chinese request near no tool: it may still fit none)
    assert tf.select(request_text).status is not Status.NO_TOOL_NEEDED


@pytest.mark.parametrize("request_text", NO_TOOL)
def test_an_id_no_tool_takes_or_no_titled_person_stays_no_tool(tf: ToolFilter, request_text: str) -> None:
    assert tf.select(request_text).status is Status.NO_TOOL_NEEDED


def test_the_chinese_own_action_is_noted() -> None:
    selection = ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder()).select("把这句话翻译成英文")
    assert any("says the action of translate_text" in note for note in selection.notes)


def test_what_names_the_record() -> None:
    snapshot = ToolFilter(TOOLS, config=CONFIG, embedder=HashingEmbedder()).snapshot
    assert record_named(snapshot, "how's MJ-204 coming along?") == "id"
    assert record_named(snapshot, "is Mrs. Brown's invoice paid?") == "person"
    assert record_named(snapshot, "what is SHA-256?") is None
    assert record_named(snapshot, "thanks, MJ-204 looks great") is None
    assert record_named(snapshot, "hi, I'm Mr Ito, how are you?") is None
    assert record_named(snapshot, "thanks Mrs Brown, is her invoice paid? Mr Ito's too") == "person"
    assert record_named(snapshot, "你好，我是王先生，我家的狗怎么样了") == "person"  # another clause asks
    assert record_named(snapshot, "thanks, MJ-204 looks great, is it invoiced?") == "id"
