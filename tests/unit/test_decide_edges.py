"""The verdicts of ``_pipeline/decide.py`` at their edges (docs/scoring.md, decide's docstrings).

Each row pins a documented rule that the mutation run of ``decide`` found unpinned
(docs/mutation.md, "decide"): the cosines are fixed by hand (``TableEmbedder``), and each
row checks what a caller sees (the status, the tools, the reasons), never a helper's
internals.
"""

import pytest

from toolfilter_core import Reason, Status

from .fakes import unit
from .test_message_shapes import LOG
from .test_policies import PHRASES, make

ABSTAIN = {"abstain_phrases": PHRASES, "abstain_rule": "relative", "abstain_threshold": 0.4}
PHRASE_AXES = {PHRASES[0]: unit(0, 0, 0, 0, 0, 1), PHRASES[1]: unit(0, 0, 0, 0, 0, 0, 1)}


# --- nothing to select on: no tools but always_include, never the conversation's sticky tools ---


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("   ", Status.NO_TEXT),  # an empty or blank query: no tools but always_include
        (LOG, Status.NO_ASK),  # all pasted material (400 characters or more): no tools
    ],
    ids=["no-text", "no-ask"],
)
def test_nothing_to_select_on_brings_no_sticky_tool(text, status):
    s = make({}, always_include=("db_backup",)).select(text, sticky=["send_mail"])
    assert s.status is status
    assert s.names == ["db_backup"]


# --- no tool needed: no tools, the three closest usable tools rejected as needing none ----------

# q = .3 e0 + .2 e1 + .1 e2 + .05 e3 + .8 (e5 + e6), |q| = 1.1927: send .2515, read .1677,
# sql .0838, db .0419, disk 0; phrases .6707 each, level 0: evidence .6707 - .2515 = .4192 >= .4
NEAR_Q = unit(0.3, 0.2, 0.1, 0.05, 0, 0.8, 0.8)


@pytest.mark.parametrize(
    ("blocked", "nearest"),
    [
        ((), ["send_mail", "read_inbox", "sql_query"]),  # three of five, closest first
        (("send_mail", "read_inbox", "sql_query"), ["db_backup", "disk_usage"]),  # two usable: those two
    ],
    ids=["three-of-five", "two-usable"],
)
def test_no_tool_needed_reports_the_three_closest_usable_tools(blocked, nearest):
    s = make({"hmm": NEAR_Q} | PHRASE_AXES, top_k=1, block_tools=blocked, **ABSTAIN).select("hmm")
    assert (s.status, s.names) == (Status.NO_TOOL_NEEDED, [])
    assert [r.name for r in s.rejected] == nearest
    assert {r.reason for r in s.rejected} == {Reason.NO_TOOL_INTENT}
