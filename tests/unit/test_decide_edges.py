"""The verdicts of ``_pipeline/decide.py`` at their edges (docs/scoring.md, decide's docstrings).

Each row pins a documented rule that the mutation run of ``decide`` found unpinned
(docs/mutation.md, "decide"): the cosines are fixed by hand (``TableEmbedder``) or are exact
binary fractions, and each row checks a documented outcome (a selection's status, tools and
reasons, or the documented contract of ``decide_rows``, ``chatty``, ``no_tool`` and
``asked_to_destroy``), never the code's internals.
"""

import importlib

import numpy as np
import pytest

from toolfilter_core import Reason, Status, ToolFilter, ToolFilterConfig
from toolfilter_core._pipeline.decide import asked_to_destroy, chatty, decide_rows, no_tool

from .fakes import TableEmbedder, constants, unit
from .test_message_shapes import LOG
from .test_policies import AXES, CUT_Q, PHRASES, TOOLS, _evidence_query, _routing, make

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


# --- an empty registry: no tool fits, whatever the abstain phrases (never a failure) ------------


@pytest.mark.parametrize(
    "text",
    [
        "hello there",
        "open a ticket and email the customer",
    ],
    ids=["one-ask", "two-asks"],
)
def test_an_empty_registry_has_no_tool_that_fits(text):
    cfg = ToolFilterConfig(enabled=True, abstain_phrases=PHRASES)
    s = ToolFilter([], config=cfg, embedder=TableEmbedder({"x": unit(1)})).select(text)
    assert (s.status, s.names) == (Status.NO_TOOL_FITS, [])


# --- each ask's runner-up, within top_k plus one tool an ask, best first ------------------------


@pytest.mark.parametrize(
    ("tops", "asks", "top_k", "kept"),
    [
        # the top is routed (top_k 1); budget 1 + 2 asks - 1 routed = 2: the first two runner-ups
        ([1, 2, 2, 2, 0], 2, 1, [False, True, True, False, False]),
        ([1, 2, 2, 2, 0], 3, 1, [False, True, True, True, False]),  # budget 3: all three
        ([1, 2, 2, 2, 0], 1, 1, [False, True, False, False, False]),  # budget 1: the first
        # two routed; budget 2 + 2 - 2 = 2: two of the three runner-ups
        ([1, 0, 2, 2, 2], 2, 2, [False, False, True, True, False]),
        # an ask's best kept beyond top_k takes its place: budget 1 + 2 - 1 routed - 1 kept = 1
        ([0, 1, 2, 2, 0], 2, 1, [False, True, True, False, False]),
    ],
    ids=["budget-2", "budget-3", "budget-1", "top-k-2", "a-best-kept"],
)
def test_runner_ups_fill_the_budget_best_first(tops, asks, top_k, kept):
    rows = decide_rows(
        np.array([[0.95, 0.7, 0.6, 0.5, 0.4]]),
        np.ones((1, 5), dtype=bool),
        np.zeros((1, 5), dtype=np.int64),
        np.array([tops], dtype=np.int8),
        _routing(top_k=top_k, min_score=0.5, min_gap=0.0, guard_destructive=False),
        asks=np.array([asks], dtype=np.int64),
    )
    assert rows.confident[0]
    assert rows.clause_kept[0].tolist() == kept


# --- an ask that reads like no tool's keeps none: at least as close to a phrase as to any tool ---

ASK_VECTORS = np.array([[1.0, 0.0], [0.6, 0.8]], dtype=np.float32)  # two asks
PHRASE_ROWS = np.array([[1.0, 0.0]], dtype=np.float32)  # one phrase: cosines 1.0 and 0.6 to the asks


@pytest.mark.parametrize(
    ("per_clause", "phrases", "expected"),
    [
        # per tool and ask: the asks' closest tools at .75 and .6: ask 1 is closer to the phrase,
        # ask 2 exactly as close (a tie reads like no tool's)
        ([[0.75, 0.5], [0.25, 0.6]], PHRASE_ROWS, [True, True]),
        ([[0.75, 0.5], [0.25, 0.625]], PHRASE_ROWS, [True, False]),  # .6 < .625
        ([[1.0, 0.625], [0.25, 0.0]], PHRASE_ROWS, [True, False]),  # the best of every tool
        ([[0.75, 0.5], [0.25, 0.6]], None, [False, False]),  # no phrases: no ask is chatty
        ([[0.75, 0.5], [0.25, 0.6]], np.zeros((0, 2), dtype=np.float32), [False, False]),
    ],
    ids=["closer-and-tie", "below", "best-tool", "no-phrases", "empty-phrases"],
)
def test_an_ask_as_close_to_a_phrase_as_to_any_tool_reads_like_no_tools(per_clause, phrases, expected):
    assert chatty(ASK_VECTORS, np.array(per_clause, dtype=np.float32), phrases) == expected


def test_no_asks_none_chatty():
    assert chatty(np.zeros((0, 2), dtype=np.float32), np.zeros((2, 0), dtype=np.float32), PHRASE_ROWS) == []


# --- a value some tool takes is never abstained, in a request of several asks too ---------------


@pytest.mark.parametrize(
    ("text", "abstains"),
    [
        ("hmm https://example.com/x and tell me a joke", False),  # a URL: disk_usage takes one
        ("hmm example and tell me a joke", True),  # the same evidence (.45 >= .4) without it
    ],
    ids=["url", "no-value"],
)
def test_a_value_some_tool_takes_is_never_abstained_with_several_asks(text, abstains):
    s = make({text: _evidence_query(0.45)} | PHRASE_AXES, top_k=1, **ABSTAIN).select(text)
    assert (s.status is Status.NO_TOOL_NEEDED) is abstains
    assert (s.names == []) is abstains


# --- the destructive guard holds a confident selection too, with or without profiles -----------


@pytest.mark.parametrize(
    ("guard_confident", "routed"),
    [
        ({}, [True, False, True]),  # without profiles: held back (GUARD_CONFIDENT_WITHOUT_PROFILES)
        ({"guard_confident": True}, [True, False, True]),  # with profiles: held back
    ],
    ids=["default", "profiles"],
)
def test_a_confident_selection_is_guarded_with_or_without_profiles(guard_confident, routed):
    rows = decide_rows(
        np.array([[0.95, 0.8, 0.4]]),
        np.ones((1, 3), dtype=bool),
        np.zeros((1, 3), dtype=np.int64),
        np.zeros((1, 3), dtype=np.int8),
        _routing(top_k=2, min_gap=0.1),
        np.array([[False, True, False]]),
        np.array([False]),
        **guard_confident,
    )
    assert rows.confident[0]
    assert rows.routed[0].tolist() == routed


# --- plain mode (enabled: false): selected when any tool is above the threshold ----------------


@pytest.mark.parametrize(
    ("threshold", "status", "expected"),
    [
        (0.81, Status.SELECTED, ["send_mail"]),  # send_mail .8165 >= .81
        (0.82, Status.NO_TOOL_FITS, []),  # every cosine under it: no tool fits
    ],
)
def test_plain_mode_status(threshold, status, expected):
    table = {t.document(): AXES[t.name] for t in TOOLS} | {"q": CUT_Q}
    cfg = ToolFilterConfig(enabled=False, top_k=2, similarity_threshold=threshold)
    s = ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(table)).select("q")
    assert (s.status, s.names) == (status, expected)


# --- a request that is exactly a tool's name selects that tool alone ---------------------------


def test_an_exact_name_selects_that_tool_alone_not_the_sticky_ones():
    s = make({}).select("sql_query", sticky=["send_mail"])
    assert (s.status, s.names) == (Status.EXACT_NAME, ["sql_query"])


# --- confidence: a lone survivor is confident once it reaches min_score ------------------------


@pytest.mark.parametrize(
    ("min_score", "confident"),
    [
        (0.5, True),  # .5 >= .5; alone, so min_gap (.75, more than the score) does not apply
        (0.625, False),  # .5 < .625
    ],
)
def test_a_lone_survivor_needs_only_min_score(min_score, confident):
    rows = decide_rows(
        np.array([[0.5, -1.0]]),  # one survivor, padded to two as select pads it
        np.array([[True, False]]),
        np.zeros((1, 2), dtype=np.int64),
        np.zeros((1, 2), dtype=np.int8),
        _routing(min_score=min_score, min_gap=0.75, guard_destructive=False),
        asks=np.array([0], dtype=np.int64),
    )
    assert rows.confident[0] is np.bool_(confident)
    assert rows.routed[0].tolist() == [True, False]


# --- the no-tool verdicts at the band's edges (any rule; here margin), exact binary fractions ---


def _verdict(config, closeness, best_tool):
    """``no_tool``'s verdict on a request whose phrase cosines and best tool cosine are given."""
    from toolfilter_core._pipeline.candidates import Similarities
    from toolfilter_core._pipeline.read import Reading
    from toolfilter_core._pipeline.request import Request
    from toolfilter_core._pipeline.vectors import RequestVectors

    tf = make({}, abstain_phrases=PHRASES, abstain_rule="margin", **config)
    phrases = np.array([[1.0, 0.0], [0.0, 1.0]], dtype=np.float32)  # the cosines: the vector itself
    authored = np.array([best_tool, 0.0, 0.0, 0.0, 0.0], dtype=np.float32)
    sims = Similarities(authored, authored, authored, None)
    vectors = RequestVectors(np.array(closeness, dtype=np.float32), np.zeros((0, 2), dtype=np.float32))
    reading = Reading(Request("q", 5), vectors, sims, phrases=phrases)
    return no_tool(tf.snapshot, tf.config, reading, np.ones(5, dtype=bool))[0]


@pytest.mark.parametrize(
    ("margin", "band", "verdict"),
    [
        # evidence: closest phrase .75 - best tool .5 = .25
        (0.25, 0.125, Status.NO_TOOL_NEEDED),  # at the bar
        (0.375, 0.125, Status.NOT_SURE),  # at the band's low end: [.25, .375)
        (0.375, 0.0625, None),  # below the band [.3125, .375): tools
        (0.3125, 0.0, None),  # no band: below the bar, tools
    ],
    ids=["at-bar", "at-band-low-end", "below-band", "no-band"],
)
def test_the_no_tool_band_edges(margin, band, verdict):
    assert _verdict({"abstain_margin": margin, "abstain_mixed_band": band}, [0.75, 0.25], 0.5) is verdict


# --- no tool needed: measured against the tools the caller may use -------------------------------


@pytest.mark.parametrize(
    ("blocked", "status"),
    [
        ((), Status.SELECTED),  # evidence .2 (closeness .636 - send_mail .436): served
        (("send_mail",), Status.NO_TOOL_NEEDED),  # the best usable tool at 0: evidence .636 >= .4
    ],
    ids=["all-usable", "closest-blocked"],
)
def test_the_no_tool_evidence_is_against_the_usable_tools(blocked, status):
    s = make({"hmm": _evidence_query(0.2)} | PHRASE_AXES, top_k=1, block_tools=blocked, **ABSTAIN).select("hmm")
    assert s.status is status


# --- the destructive guard: "scores like a confident pick" is inclusive at both ends ------------
# (the rule with ``SCORE_UNLOCKS`` on; by default a score unlocks nothing)


@pytest.mark.parametrize(
    ("unlocks", "third", "routed", "guarded"),
    [
        # unsure (gap .125 < .25); the destructive third at exactly min_score .5 and exactly
        # min_gap .25 below the top: it scores like a confident pick, widened to
        (True, 0.5, [True, True, True], [False, False, False]),
        (True, 0.46875, [True, True, False], [False, False, True]),  # under min_score: held back
        (False, 0.5, [True, True, False], [False, False, True]),  # the score alone unlocks nothing
    ],
    ids=["at-both-edges", "under-min-score", "score-unlocks-nothing"],
)
def test_confident_like_is_inclusive(monkeypatch, unlocks, third, routed, guarded):
    monkeypatch.setattr(importlib.import_module("toolfilter_core._pipeline.decide"), "SCORE_UNLOCKS", unlocks)
    rows = decide_rows(
        np.array([[0.75, 0.625, third]]),
        np.ones((1, 3), dtype=bool),
        np.zeros((1, 3), dtype=np.int64),
        np.zeros((1, 3), dtype=np.int8),
        _routing(min_score=0.5, min_gap=0.25, fallback_top_k=3),
        np.array([[False, False, True]]),
        np.array([False]),
    )
    assert not rows.confident[0]
    assert rows.routed[0].tolist() == routed
    assert rows.guarded[0].tolist() == guarded


# --- "asks to destroy" by profile neighbours needs both rows --------------------------------------


@pytest.mark.parametrize(
    ("plain", "destroy"),
    [(None, [0.9]), ([0.4], None), ([0.4], []), ([0.4], [-np.inf])],
    ids=["no-plain-row", "no-destroy-row", "empty-destroy-row", "no-destroy-request"],
)
def test_no_profile_rows_ask_nothing(plain, destroy):
    as_array = lambda v: None if v is None else np.array(v, dtype=np.float32)  # noqa: E731
    assert asked_to_destroy("tidy up", as_array(plain), as_array(destroy)) is False


@pytest.mark.parametrize(
    ("exact_name_match", "status", "expected"),
    [
        (True, Status.EXACT_NAME, ["sql_query"]),  # never abstained, though it reads like no tool's
        (False, Status.NO_TOOL_NEEDED, []),  # read as words: evidence .45 >= .4
    ],
)
def test_an_exact_name_is_never_abstained(monkeypatch, exact_name_match, status, expected):
    constants(monkeypatch, exact_name_match=exact_name_match)
    table = {"sql_query": _evidence_query(0.45)} | PHRASE_AXES
    s = make(table, top_k=1, **ABSTAIN).select("sql_query")
    assert (s.status, s.names) == (status, expected)
