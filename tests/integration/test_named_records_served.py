"""Two registries without profiles, the real default embedder: a request that names a record is served.

On a car wash chain "How's MJ-204 coming along?" sat closest to "hi, how are you?", and on a home-cleaning
service "Does Mr Ito have a dog?" to a request to name a puppy: both were "no tool needed". Each names a
record a tool reads: an id whose prefix a tool takes ("Job id such as MJ-204"), a customer by title and
surname (``_pipeline.record_named``). Small talk and the model's own words on the same registries stay
without tools. Data: tests/integration/data/SOURCE.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from toolfilter_core import Embedder, Status, ToolFilter, read_tools_file, recommended_config

pytestmark = pytest.mark.integration

DATA = Path(__file__).resolve().parent / "data"
SERVED = [
    ("car_wash", "How's MJ-204 coming along?", None),
    ("home_cleaning", "Does Mr Ito have a dog?", "get_customer"),
]
NO_TOOL = [
    ("car_wash", "thanks a lot, mate."),
    ("home_cleaning", "hi, how are you doing?"),
    # a record named in passing: small talk, an introduction, trivia, a joke (each widened to tools on 48e4843)
    *[
        (folder, request_)
        for folder in ("car_wash", "home_cleaning")
        for request_ in (
            "who was Dr Seuss?",
            "tell me a joke about Mr Bean",
            "你好，我是王先生",
            "谢谢你，李小姐",
            "hi, I'm Mr Ito, how are you?",
        )
    ],
    ("car_wash", "thanks, MJ-204 looks great"),
    ("car_wash", "how are you, MJ-204?"),
]


def _filter(folder: str, embedder: Embedder) -> ToolFilter:
    return ToolFilter(read_tools_file(DATA / folder / "tools.jsonl"), config=recommended_config(), embedder=embedder)


@pytest.mark.parametrize(("folder", "request_", "tool"), SERVED)
def test_a_request_naming_a_record_is_served(
    default_embedder: Embedder, folder: str, request_: str, tool: str | None
) -> None:
    selection = _filter(folder, default_embedder).select(request_)
    assert selection.status is not Status.NO_TOOL_NEEDED, selection.explain()
    assert selection.names
    if tool is not None:
        assert tool in selection.names, selection.explain()


@pytest.mark.parametrize(("folder", "request_"), NO_TOOL)
def test_small_talk_on_the_same_registries_stays_without_tools(
    default_embedder: Embedder, folder: str, request_: str
) -> None:
    selection = _filter(folder, default_embedder).select(request_)
    assert selection.status is Status.NO_TOOL_NEEDED, selection.explain()
