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
    assert first_sentence_acts(FORCE_END) == [("end", "ride")]


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
