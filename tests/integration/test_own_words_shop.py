"""A tea shop's registry without profiles, the real default embedder: requests for the model's own words.

"what's a good way to explain late fees to members?", "给我三个周末促销活动的点子", "translate 'your order has shipped'
into Chinese" and a proofreading request were widened with eight tools or not sure; they ask the model to advise,
write or translate, and none of the shop's tools does that (``_pipeline.model_job``). Requests that ask to send
what is written, or for an act the shop has ("怎么退款"), keep their tools; a ``translate_text`` tool added to the
shop takes the translation. Data: tests/integration/data/SOURCE.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from toolfilter_core import Embedder, Status, ToolFilter, ToolSpec, read_tools_file, recommended_config
from toolfilter_core._pipeline.model_job import MODEL_JOB

pytestmark = pytest.mark.integration

TOOLS = Path(__file__).resolve().parent / "data" / "shop" / "tools.jsonl"
TRANSLATION = "translate 'your order has shipped' into Chinese"
OWN_WORDS = [
    "what's a good way to explain late fees to members?",
    "给我三个周末促销活动的点子",
    TRANSLATION,
    "proofread: 'Their going to the libary tomorow'",
]
TOOLED = [
    ("draft an email to the customer and send it", "email_"),
    ("怎么退款", "refund_"),
    ("give me three ideas for a weekend promo, then create the discount code", "coupon_create"),
    ("给我三个周末促销活动的点子，然后创建一个优惠券", "coupon_create"),
]


@pytest.fixture(scope="module")
def shop(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(read_tools_file(TOOLS), config=recommended_config(), embedder=default_embedder)


@pytest.mark.parametrize("request_", OWN_WORDS)
def test_a_request_for_the_models_own_words_gets_no_tool(shop: ToolFilter, request_: str) -> None:
    selection = shop.select(request_)
    assert (selection.status, selection.names, selection.detail) == (Status.NO_TOOL_NEEDED, [], MODEL_JOB)


@pytest.mark.parametrize(("request_", "tools"), TOOLED)
def test_a_send_or_an_act_keeps_its_tools(shop: ToolFilter, request_: str, tools: str) -> None:
    selection = shop.select(request_)
    assert any(name.startswith(tools) for name in selection.names), selection.explain()


def test_a_later_clause_with_an_id_keeps_the_tools(shop: ToolFilter) -> None:
    selection = shop.select("what's a good way to explain late fees to member M-44, and what are his late fees?")
    assert selection.status is not Status.NO_TOOL_NEEDED, selection.explain()


@pytest.mark.parametrize(
    "request_",
    [
        "what's a good way to explain late fees to member M-44?",  # an id: never the model's own words
        "write a tagline for our spring sale, then tell me how many orders we had yesterday",  # a record's fact
        "给我三个周末促销活动的点子，然后最新订单是什么",  # the latest order: no term to define
        "给我三个周末促销活动的点子，最新订单状态是啥",
        "give me three ideas for a weekend promo, then tell me if any coupons are still active",
    ],
)
def test_an_id_or_a_later_question_of_a_record_is_served(shop: ToolFilter, request_: str) -> None:
    selection = shop.select(request_)
    assert selection.status is not Status.NO_TOOL_NEEDED, selection.explain()


def test_a_translation_tool_takes_the_translation(default_embedder: Embedder) -> None:
    translate = ToolSpec("translate_text", "Translate text into another language.", category="language")
    tools = [*read_tools_file(TOOLS), translate]
    selection = ToolFilter(tools, config=recommended_config(), embedder=default_embedder).select(TRANSLATION)
    assert "translate_text" in selection.names, selection.explain()
