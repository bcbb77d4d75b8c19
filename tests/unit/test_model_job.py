"""A request for the model's own words (writing, rewording, translating, advice, ideas) gets no tool, unless a tool
does that job, holds a record it names, or it asks to send what is written."""

from __future__ import annotations

import pytest

from toolfilter_core import Status, ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._pipeline.model_job import MODEL_JOB, model_job

from .fakes import TableEmbedder, unit
from .test_policies import AXES, TOOLS, make

OWN_WORDS = {
    "how do I write a polite reply to an angry rider?": "advice",
    "what's a good way to explain late fees to members?": "advice",
    "怎么礼貌地回复一个生气的顾客？": "advice",
    "帮我把这段道歉信改得更正式一点：很抱歉给您带来不便，我们会把订单发给您": "write",
    "给我三个周末促销活动的点子": "ideas",
    "translate 'your order has shipped' into Chinese": "translate",
    "hi, can you write a thank-you note for our volunteers?": "write",
    "proofread: 'Their going to the libary tomorow'": "write",
    "any tips for calming down an angry guest at checkout?": "ideas",
}
NOT_OWN_WORDS = [
    "draft an email to the customer and send it",
    "send the rider a polite reply",
    "how do I reset my password",
    "怎么退款",
    "write a note on order 4411",
    "帮我查一下订单",
    "把我的 notes 仓库改成私有",
    "Tidy up the style nits in src/ and auto-fix whatever's safe",
    "帮我写个回复发给客户",
    "cancel my order",
    "write the text hello into notes.txt file",
    "write the text to a file and read the file",
    "给老板写信",
]


@pytest.mark.parametrize(("text", "job"), OWN_WORDS.items())
def test_a_request_for_the_models_own_words_is_read(text, job):
    assert model_job(text) == job


@pytest.mark.parametrize("text", NOT_OWN_WORDS)
def test_an_act_an_id_or_a_send_is_not_own_words(text):
    assert model_job(text) is None


@pytest.mark.parametrize("text", ["how do I write a polite reply to an angry rider?", "给我三个周末促销活动的点子"])
def test_own_words_get_no_tool(text):
    # the request sits right on a tool (send_mail's axis): the similarity alone would send it
    s = make({text: AXES["send_mail"]}).select(text)
    assert (s.status, s.names, s.detail) == (Status.NO_TOOL_NEEDED, [], MODEL_JOB)


TRANSLATE = ToolSpec("translate_text", "Translate text into another language", category="lang")
COPY = ToolSpec("generate_copy", "Write marketing copy and campaign ideas for a promotion", category="mkt")
BILLS = ToolSpec("get_bill", "Look up a member's bill", category="billing")
SIXTH = unit(*([0.0] * len(TOOLS) + [1.0]))


def _with(tool: ToolSpec, text: str, vector: object, **config: object) -> ToolFilter:
    """The five tools and ``tool`` on a sixth axis; ``text`` embedded as ``vector``."""
    table = {t.document(): AXES[t.name] for t in TOOLS} | {tool.document(): SIXTH, text: vector}
    return ToolFilter([*TOOLS, tool], config=ToolFilterConfig(enabled=True, **config), embedder=TableEmbedder(table))


@pytest.mark.parametrize(
    ("tool", "text"),
    [
        (TRANSLATE, "translate 'your order has shipped' into Chinese"),
        (COPY, "给我三个周末促销活动的点子"),
        (COPY, "write a catchy slogan for our spring sale"),
        (BILLS, "how do I explain my bill to my partner?"),
    ],
)
def test_a_tool_that_does_the_job_keeps_the_request(tool, text):
    s = _with(tool, text, SIXTH).select(text)
    assert s.detail != MODEL_JOB
    assert tool.name in s.names


def test_a_tool_the_caller_may_not_use_does_no_job():
    text = "translate 'your order has shipped' into Chinese"
    s = _with(TRANSLATE, text, AXES["send_mail"], block_tools=["translate_text"]).select(text)
    assert (s.status, s.detail) == (Status.NO_TOOL_NEEDED, MODEL_JOB)


@pytest.mark.parametrize(
    "text",
    [
        "give me three ideas for a weekend promo, then create the discount code",
        "给我三个周末促销活动的点子，然后创建一个优惠券",
        "what's a good way to explain late fees to member M-44, and what are his late fees?",
        "what's a good way to explain late fees to members, and what are his late fees?",
        # a question led by "tell me" was read as more words (no_tool_needed)
        "write a tagline for our spring sale, then tell me how many orders we had yesterday",
        "give me three ideas for a promo, then tell me when the sale starts",
        # a "you" of the business, or an if-question, after "tell me" was read as more words
        "give me three ideas for a weekend promo, then tell me how many orders you shipped yesterday",
        "give me three ideas for a weekend promo, then tell me if any coupons are still active",
    ],
)
def test_a_later_clause_that_asks_an_act_or_carries_an_id_is_not_own_words(text):
    assert model_job(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "give me three ideas for a promo and make them fun",
        "给我三个周末促销活动的点子，可以吗",
        "give me three ideas for a promo, is that ok?",
        "give me three ideas for a weekend promo, then tell me which idea you like best",
        "give me three ideas for a weekend promo, then tell me if they sound fun",
    ],
)
def test_a_later_clause_that_asks_more_words_or_nothing_keeps_the_job(text):
    assert model_job(text) == "ideas"


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("commit message 怎么写比较规范？Conventional Commits 是啥", "advice"),
        ("how do I write a good commit message? what is Conventional Commits?", "advice"),
        ("give me three ideas for a promo, and what does BOGO mean?", "ideas"),
    ],
)
def test_a_later_clause_that_asks_what_a_term_means_keeps_the_job(text, job):
    assert model_job(text) == job


@pytest.mark.parametrize(
    "text",
    [
        "how do I explain late fees to members? what are the late fees of member M-44?",
        "给我三个促销点子，然后订单 5521 是什么状态",
        "how do I explain late fees? what is the fee on order 5521?",
        # a time, "latest" or 状态 was read as a term to define
        "give me three ideas for a weekend promo, and what are yesterday's sales?",
        "给我三个周末促销活动的点子，然后最新订单是什么",
        "给我三个周末促销活动的点子，最新订单状态是啥",
    ],
)
def test_a_later_question_of_a_record_still_ends_the_job(text):
    assert model_job(text) is None


@pytest.mark.parametrize("text", ["给访客卖一张今天的日票，名字李娜", "给新会员办一张卡，名字写王芳"])
def test_a_name_given_in_a_later_clause_asks_no_ideas(text):
    """名字 after a comma gives the record's name; it asks for no names."""
    assert model_job(text) is None


def test_names_asked_for_in_one_clause_are_ideas():
    assert model_job("给我的新咖啡店想几个名字") == "ideas"
