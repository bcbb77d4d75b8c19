"""A destroyer asked by a verb its description says later than its lead (a bike-sharing registry).

``ride_force_end`` ("Force-stop an active ride remotely: locks the bike, ends the ride ...") was held by the
destructive guard for "please end ride R-40021": "end ride" is said by its first sentence, not by its lead verb.
"""

import numpy as np
import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.decide import says_acts
from toolfilter_core._sentence_acts import first_sentence_acts, request_says_a_first_sentence_act

FORCE_END = ToolSpec(
    "ride_force_end",
    "Force-stop an active ride remotely: locks the bike, ends the ride and bills it at the current time. "
    "Irreversible. Use when a customer cannot dock or the app is stuck.",
)
RETIRE = ToolSpec(
    "bike_retire", "Permanently retire a bike from the fleet (scrap, stolen, written off). The bike is removed."
)


def test_the_first_sentence_says_ending_the_ride() -> None:
    assert first_sentence_acts(FORCE_END) == [("stop", "ride"), ("end", "ride")]  # "Force-stop an active ride"


@pytest.mark.parametrize(
    "text",
    [
        "the app is stuck, please end ride R-40021 for him now, he already docked",
        "end the ride for R-40021",
        "can you end his ride?",
        "ending rides R-1 and R-2",
    ],
)
def test_ending_the_ride_asks_the_force_end(text: str) -> None:
    assert request_says_a_first_sentence_act(text, FORCE_END)
    assert says_acts(text, [FORCE_END, RETIRE], np.array([[True, True]])).tolist() == [[True, False]]


@pytest.mark.parametrize(
    "text",
    [
        "did ride R-1 end?",
        "骑行结束了吗",
        "he already ended ride R-40021",
        "lock the bike B-7",
        "at the end of the ride the bike was fine",
        "show the ride end time",
    ],
)
def test_a_question_a_report_or_another_act_holds_it(text: str) -> None:
    assert not says_acts(text, [FORCE_END, RETIRE], np.array([[True, True]])).any()


@pytest.mark.parametrize(
    "text",
    ["don't end ride R-40021", "never end ride R-40021", "no need to end ride R-40021", "do not end the ride R-1"],
)
def test_a_refused_first_sentence_act_is_not_asked(text: str) -> None:
    assert not request_says_a_first_sentence_act(text, FORCE_END)
    assert not says_acts(text, [FORCE_END, RETIRE], np.array([[True, True]])).any()


@pytest.mark.parametrize("text", ["不要结束骑行 R-40021", "别结束行程 R-40021", "不用结束骑行 R-40021"])
def test_an_act_refused_in_chinese_is_not_asked(text: str) -> None:
    assert not says_acts(text, [FORCE_END, RETIRE], np.array([[True, True]])).any()


@pytest.mark.parametrize("text", ["结束骑行 R-40021", "帮我结束骑行 R-40021"])
def test_an_act_asked_in_chinese_is_asked(text: str) -> None:
    assert says_acts(text, [FORCE_END, RETIRE], np.array([[True, True]])).tolist() == [[True, False]]


def test_an_act_joined_to_a_refusal_is_still_asked() -> None:
    assert request_says_a_first_sentence_act("don't email him and end ride R-1", FORCE_END)


TAKEDOWN = ToolSpec(
    "listing_takedown",
    "Take a listing down: removes the active listing from the site and refunds the fee. Cannot be undone.",
)
KILL = ToolSpec("session_kill", "Sign a user out everywhere: ends every current session on all devices. Irreversible.")
STOP = ToolSpec("ride_stop", "Stop a ride: stops the ride and bills it.")


def test_the_object_is_the_noun_not_its_adjective() -> None:
    assert first_sentence_acts(TAKEDOWN) == [("remove", "listing"), ("refund", "fee")]
    assert first_sentence_acts(KILL) == [("end", "session")]


@pytest.mark.parametrize(
    ("text", "tool"),
    [("remove active from the filters, list sold ones", TAKEDOWN), ("end current sprint view, list my sessions", KILL)],
)
def test_an_adjective_said_after_the_verb_asks_nothing(text: str, tool: ToolSpec) -> None:
    assert not request_says_a_first_sentence_act(text, tool)


@pytest.mark.parametrize(
    ("text", "tool"),
    [("remove listing L-88", TAKEDOWN), ("end all his sessions", KILL), ("go ahead with stopping ride R-1", STOP)],
)
def test_the_noun_after_the_verb_asks_it(text: str, tool: ToolSpec) -> None:
    assert request_says_a_first_sentence_act(text, tool)
