"""One table test per documented pipeline policy (docs/scoring.md, the ``_pipeline`` docstrings).

Every row fixes its cosines by hand (``TableEmbedder`` + ``unit``), and sits next to the
policy's edge, so that a one-step change of the policy (a sign, a bound, a constant, a
comparison) fails a row. docs/mutation.md lists which rows were checked that way.
"""

import math

import numpy as np
import pytest

from toolfilter_core import NoteKind, Reason, ScoredTool, Status, ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._compared import compared
from toolfilter_core._embed_cache import CachingEmbedder
from toolfilter_core._evaluate import LabelledQuery, evaluate
from toolfilter_core._fit.simulate import Simulator, point_of
from toolfilter_core._pipeline.decide import asked_to_destroy
from toolfilter_core._pipeline.decide import decide_rows as route_rows
from toolfilter_core._pipeline.request import focus, matched
from toolfilter_core._pipeline.route import Routing
from toolfilter_core._pipeline.scoring import rank_key
from toolfilter_core._types import ScoreBreakdown

from .fakes import TableEmbedder, constants, unit

URL_PARAMS = {"type": "object", "properties": {"url": {"type": "string", "description": "the page to open"}}}
# Five tools in three domains, one vector each on its own axis; axes 5-7 belong to no tool.
TOOLS = [
    ToolSpec("send_mail", "Send an email", category="mail"),
    ToolSpec("read_inbox", "List inbox messages", category="mail"),
    ToolSpec("sql_query", "Run a SQL query", category="db"),
    ToolSpec("db_backup", "Back up the database", category="db"),
    ToolSpec("disk_usage", "Report disk usage", category="ops", parameters=URL_PARAMS),
]
AXES = {t.name: unit(*([0.0] * i + [1.0])) for i, t in enumerate(TOOLS)}


def make(queries, tools=TOOLS, **config):
    table = {t.document(): AXES[t.name] for t in tools}
    table.update(queries)
    return ToolFilter(tools, config=ToolFilterConfig(enabled=True, **config), embedder=TableEmbedder(table))


def scores(selection):
    return {s.name: round(s.score, 4) for s in selection.selected}


def reasons(selection):
    return {r.name: r.reason for r in selection.rejected}


# --- the similarity tie-break: combined down, then embed down, then name up ---------------


def _scored(name, combined, embed):
    return ScoredTool(ToolSpec(name, name), ScoreBreakdown({"embed": embed}, {"embed": 1.0}, combined))


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        # the higher combined score wins, whatever the embedding says
        ([("b", 0.5, 0.9), ("a", 0.6, 0.1)], ["a", "b"]),
        # equal combined: the higher embedding similarity first, even against the name
        ([("a", 0.5, 0.3), ("b", 0.5, 0.4)], ["b", "a"]),
        # equal combined and embedding: the name, ascending
        ([("zeta", 0.5, 0.3), ("alpha", 0.5, 0.3), ("mid", 0.5, 0.3)], ["alpha", "mid", "zeta"]),
    ],
    ids=["combined-first", "embed-breaks-tie", "name-breaks-tie"],
)
def test_tie_break_order(rows, expected):
    ranked = sorted((_scored(*row) for row in rows), key=rank_key)
    assert [s.name for s in ranked] == expected


def test_tie_break_through_select():
    # send_mail and read_inbox at exactly the same cosine (0.6 each): by name, read_inbox first
    tf = make({"q": unit(0.6, 0.6, 0.2)}, top_k=2)
    assert tf.select("q").names == ["read_inbox", "send_mail"]


# --- the widened size: fallback_top_k, else twice the request's top_k ----------------------

# cosines 0.5 .45 .4 .35 .3 (before normalising): all five usable, three domains, every one
# widened to (fallback_domains=3); min_score 0.99 makes every request unsure
WIDE_Q = unit(0.5, 0.45, 0.4, 0.35, 0.3)
ORDER = ["send_mail", "read_inbox", "sql_query", "db_backup", "disk_usage"]


@pytest.mark.parametrize(
    ("config", "top_k", "size"),
    [
        ({}, 1, 2),  # unset: 2 * top_k = 2
        ({}, 2, 4),  # unset: 2 * 2 = 4, the request's top_k, not the config's (1)
        ({"fallback_top_k": 3}, 1, 3),  # set: exactly that many
        ({"fallback_top_k": 1}, 2, 1),  # set below top_k: still that many
    ],
    ids=["2k-of-1", "2k-of-request-k", "set-3", "set-1"],
)
def test_widened_size(config, top_k, size):
    tf = make({"q": WIDE_Q}, top_k=1, min_score=0.99, fallback_domains=3, **config)
    s = tf.select("q", top_k=top_k)
    assert s.fallback
    assert s.names == ORDER[:size]
    assert all(reasons(s)[n] is Reason.BELOW_TOP_K for n in ORDER[size:])


@pytest.mark.parametrize(
    ("fallback_domains", "expected", "domains"),
    [
        (1, ["send_mail", "read_inbox"], ("mail",)),  # the best domain only
        (2, ["send_mail", "read_inbox", "sql_query", "db_backup"], ("mail", "db")),
    ],
)
def test_widened_domains(fallback_domains, expected, domains):
    tf = make({"q": WIDE_Q}, top_k=3, min_score=0.99, fallback_domains=fallback_domains)
    s = tf.select("q")
    assert s.names == expected and s.domains == domains
    assert reasons(s)["disk_usage"] is Reason.OTHER_DOMAIN


# --- confidence: min_score and min_gap --------------------------------------------------------


@pytest.mark.parametrize(
    ("config", "fallback"),
    [
        ({"min_score": 0.70}, False),  # top 0.8/sqrt(1.0) = 0.8 >= 0.70
        ({"min_score": 0.81}, True),  # 0.8 < 0.81
        ({"min_gap": 0.19}, False),  # gap 0.8 - 0.6 = 0.2 >= 0.19
        ({"min_gap": 0.21}, True),  # 0.2 < 0.21
    ],
)
def test_confidence(config, fallback):
    tf = make({"q": unit(0.8, 0.6)}, top_k=1, fallback_domains=1, **config)
    s = tf.select("q")
    assert s.fallback is fallback
    assert s.names == (["send_mail", "read_inbox"] if fallback else ["send_mail"])


# --- the relative cut ---------------------------------------------------------------------

# cosines (normalised by sqrt(.64+.1681+.1521) = .9798): .8165, .4184, .3980; ratios to the top
# .5125 and .4875
CUT_Q = unit(0.8, 0.41, 0.39)


@pytest.mark.parametrize(
    ("relative_cut", "expected"),
    [
        (0.0, ["send_mail", "read_inbox", "sql_query"]),  # off
        (0.48, ["send_mail", "read_inbox", "sql_query"]),  # .4875 >= .48
        (0.50, ["send_mail", "read_inbox"]),  # .5125 >= .5 > .4875
        (0.52, ["send_mail"]),  # both under
    ],
)
def test_relative_cut(relative_cut, expected):
    s = make({"q": CUT_Q}, top_k=3, relative_cut=relative_cut).select("q")
    assert s.names == expected
    for name in ["send_mail", "read_inbox", "sql_query"][len(expected) :]:
        assert reasons(s)[name] is Reason.BELOW_RELATIVE_CUT


# --- route_domains --------------------------------------------------------------------------

# send_mail .9 (mail), sql_query .35 (db), read_inbox .3 (mail), db_backup .2 (db), disk_usage .1 (ops):
# domains ranked by their best tool: mail, db, ops
ROUTE_Q = unit(0.9, 0.3, 0.35, 0.2, 0.1)


@pytest.mark.parametrize(
    ("route_domains", "expected", "domains"),
    [
        (0, ["send_mail", "sql_query", "read_inbox", "db_backup", "disk_usage"], ()),  # off: top_k only
        (1, ["send_mail", "read_inbox"], ("mail",)),
        (2, ["send_mail", "sql_query", "read_inbox", "db_backup"], ("mail", "db")),
    ],
)
def test_route_domains(route_domains, expected, domains, monkeypatch):
    constants(monkeypatch, route_domains=route_domains)
    s = make({"q": ROUTE_Q}, top_k=5).select("q")
    assert s.names == expected and s.domains == domains and not s.fallback
    for name in set(ORDER) - set(expected):
        assert reasons(s)[name] is Reason.OTHER_DOMAIN


def test_top_k_is_the_request_limit():
    s = make({"q": ROUTE_Q}, top_k=5).select("q", top_k=2)
    assert s.names == ["send_mail", "sql_query"]
    assert reasons(s)["read_inbox"] is Reason.BELOW_TOP_K


# --- min_combined_score and widen_when_empty ----------------------------------------------

# cosines .3 and .2 (normalised by ~1: .3/1.0 and .2/1.0 with the .93 on axis 5): the rest 0
LOW_Q = unit(0.3, 0.2, 0, 0, 0, 0.93)
LOW = {"send_mail": 0.3, "read_inbox": 0.2}


@pytest.mark.parametrize(
    ("config", "expected", "dropped"),
    [
        ({}, ["send_mail", "read_inbox"], {}),  # no floor: every tool above 0
        ({"min_combined_score": 0.25}, ["send_mail"], {"read_inbox": Reason.BELOW_MIN_COMBINED}),
        ({"min_combined_score": 0.35}, [], {"send_mail": Reason.BELOW_MIN_COMBINED}),
        # widen_when_empty: the candidates only the floor dropped come back, best first
        ({"min_combined_score": 0.35, "widen_when_empty": True}, ["send_mail", "read_inbox"], {}),
        # some survive the floor: nothing is widened
        (
            {"min_combined_score": 0.25, "widen_when_empty": True},
            ["send_mail"],
            {"read_inbox": Reason.BELOW_MIN_COMBINED},
        ),
    ],
    ids=["no-floor", "floor-drops-one", "floor-drops-all", "widened", "not-widened"],
)
def test_min_combined_score_and_widen_when_empty(config, expected, dropped):
    s = make({"q": LOW_Q}, top_k=5, **config).select("q")
    assert s.names == expected
    got = reasons(s)
    for name, reason in dropped.items():
        assert got[name] is reason
    # a zero score is dropped whatever the threshold, and never widened to
    assert {n: got[n] for n in ["sql_query", "db_backup", "disk_usage"]} == dict.fromkeys(
        ["sql_query", "db_backup", "disk_usage"], Reason.ZERO_SCORE
    )
    assert scores(s) == {n: pytest.approx(LOW[n], abs=2e-3) for n in expected}
    assert (s.status is Status.NO_TOOL_FITS) is (not expected)
    assert s.detail.startswith("no tool fits") is (not expected)


# widen_when_empty past the guard: drop_table (.5) alone passes the floor (.4) and is held back
# (destructive, not asked for); send_mail (.3) and read_inbox (.2) only the floor dropped
HELD_TOOLS = [*TOOLS[:4], ToolSpec("drop_table", "Drop a database table", category="db")]
HELD_TABLE = {t.document(): unit(*([0.0] * i + [1.0])) for i, t in enumerate(HELD_TOOLS)} | {
    "q": unit(0.3, 0.2, 0, 0, 0.5, 0.79),
    "did q actually go out?": unit(0.3, 0.2, 0, 0, 0.5, 0.79),
}


def _held(**config):
    cfg = ToolFilterConfig(enabled=True, top_k=5, min_score=0.99, fallback_domains=3, min_combined_score=0.4, **config)
    return cfg, ToolFilter(HELD_TOOLS, config=cfg, embedder=TableEmbedder(HELD_TABLE))


def test_widen_when_empty_after_the_guard_holds_every_survivor():
    s = _held(widen_when_empty=True)[1].select("q")
    # what only the floor dropped is widened over; the held destructive tool stays held
    assert s.names == ["send_mail", "read_inbox"]
    assert s.status is Status.WIDENED
    assert reasons(s)["drop_table"] is Reason.DESTRUCTIVE_GUARD
    assert "destructive and not asked for: drop_table" in " ".join(s.notes)
    assert s.detail.endswith("widened to the best 2 domains"), s.detail


def test_a_widening_the_guard_leaves_empty_says_so():
    s = _held()[1].select("q")  # widen_when_empty off: nothing is taken back
    assert s.names == []
    assert reasons(s) | {"drop_table": Reason.DESTRUCTIVE_GUARD} == reasons(s)
    assert "best 0" not in s.detail
    assert s.detail.endswith("nothing left to widen to: the candidates within reach were held back as destructive")


def test_a_question_about_a_held_act_is_not_widened_past_the_guard():
    # its held tools' object's reads answer it (state_reads), not what the floor dropped
    s = _held(widen_when_empty=True)[1].select("did q actually go out?")
    assert not {"send_mail", "read_inbox"} & set(s.names)
    assert reasons(s)["drop_table"] is Reason.DESTRUCTIVE_GUARD


@pytest.mark.parametrize("widen", [True, False])
def test_the_fit_widens_past_the_guard_as_select_does(widen):
    cfg, tf = _held(widen_when_empty=widen)
    queries = [
        LabelledQuery("q", "q", ("send_mail",)),
        LabelledQuery("asked", "did q actually go out?", ("sql_query",)),
    ]
    simulated = Simulator(HELD_TOOLS, queries, cfg, CachingEmbedder(TableEmbedder(HELD_TABLE))).run(point_of(cfg))
    real = evaluate(tf.select, queries)
    assert simulated.recall_mean == pytest.approx(real.recall_mean)
    assert simulated.mean_selected == pytest.approx(real.mean_selected)
    assert simulated.fallback_rate == pytest.approx(real.fallback_rate)
    assert tf.select("q").names == (["send_mail", "read_inbox"] if widen else [])


# --- the argument signal: absent without a value, capped by the claim gap ---------------------

ARG_TEXT = "fetch https://example.com/a"
PLAIN_TEXT = "fetch the page"


@pytest.mark.parametrize(
    ("text", "vector", "argument", "combined"),
    [
        # no value in the request: argument is absent and its weight left out: (1*.6) / 1
        (PLAIN_TEXT, unit(0.8, 0, 0, 0, 0.6), None, 0.6),
        # a URL some tool takes: present, 1.0: (1*.6 + .3*1) / 1.3 = .6923
        (ARG_TEXT, unit(0.8, 0, 0, 0, 0.6), 1.0, 0.6923),
        # embed .55 is .25 below the best (.8): past CLAIM_GAP (.2), the claim is 0 but present
        # (its weight counts): normalised .5666 / 1.3 = .4359
        (ARG_TEXT, unit(0.8, 0, 0, 0, 0.55), 0.0, 0.4359),
        # within the gap (.8 - .65 = .15; normalised .7761 - .6306 = .1455): the claim counts:
        # (.6306 + .3) / 1.3 = .7158
        (ARG_TEXT, unit(0.8, 0, 0, 0, 0.65), 1.0, 0.7158),
    ],
    ids=["absent", "present", "past-claim-gap", "within-claim-gap"],
)
def test_argument_signal(text, vector, argument, combined):
    tf = make({text: vector}, top_k=5, weights={"embed": 1.0, "argument": 0.3})
    disk = {s.name: s for s in tf.select(text).selected}["disk_usage"]
    assert disk.breakdown.signals.get("argument") == argument
    assert ("argument" in disk.breakdown.weights) is (argument is not None)
    assert disk.score == pytest.approx(combined, abs=2e-4)


# --- a named server's category signal ---------------------------------------------------

SERVER_WEIGHTS = {"embed": 1.0, "category": 0.3}


@pytest.mark.parametrize(
    ("text", "category", "expected"),
    [
        # no server named, no category passed: absent, its weight left out: send .8, read .6
        ("please q", None, {"send_mail": 0.8, "read_inbox": 0.6}),
        # "mail" names the mail server: both mail tools get 1: (.8 + .3) / 1.3, (.6 + .3) / 1.3
        ("please q in mail", None, {"send_mail": 0.8462, "read_inbox": 0.6923}),
        # "db" names another server: category 0 for both, weight counts: .8 / 1.3, .6 / 1.3
        ("please q in db", None, {"send_mail": 0.6154, "read_inbox": 0.4615}),
        # a category passed by the caller, no server named: present, as for the server
        ("please q", "mail", {"send_mail": 0.8462, "read_inbox": 0.6923}),
        # a category passed by the caller wins over the server named
        ("please q in db", "mail", {"send_mail": 0.8462, "read_inbox": 0.6923}),
    ],
    ids=["none-named", "own-server", "other-server", "caller-category-alone", "caller-category"],
)
def test_named_server_category_signal(text, category, expected):
    tf = make({text: unit(0.8, 0.6)}, top_k=2, weights=SERVER_WEIGHTS)
    s = tf.select(text, category=category)
    assert scores(s) == pytest.approx(expected, abs=2e-4)
    top = s.selected[0].breakdown
    assert ("category" in top.signals) is (expected["send_mail"] != 0.8)


# --- each ask's best tool, and the runner-up budget -----------------------------------------

ASKS = "tell bob our news and crunch our ledger numbers"
ASK_TABLE = {
    # whole: send .923, read .308, sql .205, db .103 (normalised by .9747); these are also
    # every tool's support (one vector a tool)
    ASKS: unit(0.9, 0.3, 0.2, 0.1),
    "tell bob our news": unit(0.8, 0.6),
    "crunch our ledger numbers": unit(0, 0, 0.866, 0.5),
}
# Each ask by (cosine + support + .6 bm25) / 2.6 (bm25 0 here):
#   ask 1: send (.8 + .923) best, read (.6 + .308) runner-up
#   ask 2: sql (.866 + .205) best, send (0 + .923) second (an ask's best: no runner-up), db (.5 + .103)


@pytest.mark.parametrize(
    ("config", "expected", "kept"),
    [
        # top_k 1 keeps send_mail; the other ask's best (sql_query) stays; the budget is
        # top_k + asks = 3: one runner-up (read_inbox) joins
        (
            {"top_k": 1},
            ["send_mail", "sql_query", "read_inbox"],
            "sql_query (for 'crunch our ledger numbers'), read_inbox",
        ),
        # top_k 2 routes sql_query already; budget 4, one runner-up to add
        ({"top_k": 2}, ["send_mail", "sql_query", "read_inbox"], "read_inbox"),
        # a route to the best domain drops sql_query: the ask's best comes back; read_inbox is routed
        # (the note names the ask a kept best is for; a runner-up is no ask's best)
        (
            {"top_k": 2, "route_domains": 1},
            ["send_mail", "read_inbox", "sql_query"],
            "sql_query (for 'crunch our ledger numbers')",
        ),
        # without clause matching, the whole request alone: top_k only
        ({"top_k": 1, "clause_matching": False}, ["send_mail"], None),
    ],
    ids=["best-and-one-runner-up", "runner-up-within-budget", "best-back-from-routing", "no-clauses"],
)
def test_each_asks_best_tool(config, expected, kept, monkeypatch):
    s = make(ASK_TABLE, **constants(monkeypatch, config)).select(ASKS)
    assert s.names == expected
    notes = [n for n in s.notes if n.startswith("kept each ask's best tool")]
    assert notes == ([f"kept each ask's best tool: {kept}"] if kept else [])
    assert [list(r.values["tools"]) for r in s.reasons if r.kind is NoteKind.ASKS_KEPT] == (
        [[name.split(" (for ")[0] for name in kept.split(", ")]] if kept else []
    )


def test_a_blocked_ask_best_stays_out_and_the_budget_holds_two_runner_ups():
    # a gate drops sql_query: ask 2's best is then send_mail (support .923), its runner-up
    # db_backup (.603 / 2.6); the asks' runner-ups read_inbox and db_backup fill the budget
    # 1 + 2 - 1 routed = 2
    s = make(ASK_TABLE, top_k=1, block_tools=("sql_query",)).select(ASKS)
    assert s.names == ["send_mail", "read_inbox", "db_backup"]
    assert reasons(s)["sql_query"] is Reason.BLOCKED


# --- the history blend -----------------------------------------------------------------

PASTE = "\n".join(f"2024-05-01 12:00:{i:02d} ERROR worker-{i} failed GET https://x.example.com/{i}" for i in range(12))


@pytest.mark.parametrize(
    ("config", "context", "expected"),
    [
        # no earlier turn: the request alone
        ({}, [], {"send_mail": 1.0}),
        # weight 0: earlier turns ignored
        ({"history_weight": 0.0}, ["before"], {"send_mail": 1.0}),
        # .7 * e0 + .3 * e1, normalised by sqrt(.49 + .09) = .7616: .9191, .3939
        ({}, ["before"], {"send_mail": 0.9191, "read_inbox": 0.3939}),
        # weight .5: .5 * e0 + .5 * e1: .7071 each
        ({"history_weight": 0.5}, ["before"], {"read_inbox": 0.7071, "send_mail": 0.7071}),
        # two turns (the default history_turns): their mean (.5 e1 + .5 e2): .7 e0 + .15 e1 + .15 e2,
        # normalised by .7314: .9571, .2051, .2051
        ({}, ["before", "earlier"], {"send_mail": 0.9571, "read_inbox": 0.2051, "sql_query": 0.2051}),
        # history_turns 1: the last turn only ("earlier", e2): .9191, .3939
        ({"history_turns": 1}, ["before", "earlier"], {"send_mail": 0.9191, "sql_query": 0.3939}),
        # history_turns 0: none
        ({"history_turns": 0}, ["before", "earlier"], {"send_mail": 1.0}),
        # a turn of pasted material alone counts by its first 300 characters (e1 here)
        ({}, [PASTE], {"send_mail": 0.9191, "read_inbox": 0.3939}),
    ],
    ids=["alone", "weight-0", "default-0.3", "weight-0.5", "mean-of-two", "last-turn-only", "turns-0", "paste"],
)
def test_history_blend(config, context, expected, monkeypatch):
    table = {"now": unit(1), "before": unit(0, 1), "earlier": unit(0, 0, 1), PASTE[:300]: unit(0, 1)}
    s = make(table, top_k=5, **constants(monkeypatch, config)).select("now", context=context)
    assert scores(s) == pytest.approx(expected, abs=2e-4)


# --- the mixed abstain band (relative rule) --------------------------------------------------

PHRASES = ("tell me a joke", "what is love")


def _evidence_query(evidence):
    # q = a e0 + b (e5 + e6), |q| = 1: the phrases on e5 and e6 have no tool near (level 0),
    # closeness = mean of the two phrase cosines = b, best tool = a, evidence = b - a;
    # b = a + e and a^2 + 2 b^2 = 1 -> 3a^2 + 4ea + 2e^2 - 1 = 0
    a = (-4 * evidence + math.sqrt(12 - 8 * evidence**2)) / 6
    b = a + evidence
    return unit(a, 0, 0, 0, 0, b, b)


@pytest.mark.parametrize(
    ("evidence", "verdict"),
    [
        (0.45, "abstain"),  # >= threshold .4
        (0.41, "abstain"),
        (0.39, "not sure"),  # in [.4 - .1, .4)
        (0.305, "not sure"),
        (0.295, "served"),  # below the band
        (0.10, "served"),
    ],
)
def test_the_not_sure_band(evidence, verdict):
    table = {
        "hmm": _evidence_query(evidence),
        PHRASES[0]: unit(0, 0, 0, 0, 0, 1),
        PHRASES[1]: unit(0, 0, 0, 0, 0, 0, 1),
    }
    cfg = {"abstain_phrases": PHRASES, "abstain_rule": "relative", "abstain_threshold": 0.4, "abstain_mixed_band": 0.1}
    s = make(table, top_k=1, **cfg).select("hmm")
    assert (s.names == []) is (verdict == "abstain")
    status = {"abstain": Status.NO_TOOL_NEEDED, "not sure": Status.NOT_SURE}.get(verdict)
    assert s.status is (status or Status.SELECTED)
    if verdict == "not sure":  # the ranked tools stay, for a caller without the search
        assert s.names == ["send_mail"] and not s.notes
        assert s.detail.startswith("not sure a tool is needed") and s.detail.endswith(
            "between 0.300 and 0.400): the search where the agent has one, else the ranked tools"
        )
    if verdict == "abstain":
        assert s.status is Status.NO_TOOL_NEEDED and not s.notes
        assert s.detail.startswith("no tool needed: the request reads like one that needs none")
        assert s.detail.endswith(">= 0.400, relative to this registry)")
        assert reasons(s)["send_mail"] is Reason.NO_TOOL_INTENT


def test_a_served_request_says_its_no_tool_evidence():
    # small talk given tools, and the explain output said nothing of the no-tool
    # test; the served selection's detail now says the evidence, its floor and the closest example
    table = {"hmm": _evidence_query(0.2), PHRASES[0]: unit(0, 0, 0, 0, 0, 1), PHRASES[1]: unit(0, 0, 0, 0, 0, 0, 1)}
    cfg = {"abstain_phrases": PHRASES, "abstain_rule": "relative", "abstain_threshold": 0.4, "abstain_mixed_band": 0.1}
    s = make(table, top_k=1, **cfg).select("hmm")
    assert s.status is Status.SELECTED and s.names == ["send_mail"]
    assert s.detail == "a tool is needed (no-tool evidence 0.200 < 0.300; closest no-tool example: 'tell me a joke')"
    assert "a tool is needed (no-tool evidence 0.200 < 0.300" in s.explain()


def test_a_value_some_tool_takes_is_never_abstained():
    # evidence .45 would abstain; the URL is a kind disk_usage takes
    text = "hmm https://example.com/x"
    table = {text: _evidence_query(0.45), PHRASES[0]: unit(0, 0, 0, 0, 0, 1), PHRASES[1]: unit(0, 0, 0, 0, 0, 0, 1)}
    cfg = {"abstain_phrases": PHRASES, "abstain_rule": "relative", "abstain_threshold": 0.4}
    assert make(table, top_k=1, **cfg).select(text).names != []


# --- a long request: its start and end -------------------------------------------------------


def _blocks(n, size):
    return [chr(ord("a") + i) * size for i in range(n)]


@pytest.mark.parametrize(
    ("text", "limit", "expected"),
    [
        # within the limit: the text itself
        ("x" * 1000, 1000, ""),
        # over the limit but no longer than start + end (300 + 600): the text itself
        ("x" * 900, 100, ""),
        # one block: its first 300 and last 600 characters
        ("0123456789" * 200, 1000, ("0123456789" * 30) + "\n" + ("0123456789" * 60)),
        # blocks: from each end until 120 characters are gathered (two of 60 each), cut to 300 / 600
        ("\n\n".join(_blocks(20, 60)), 1000, "\n".join(_blocks(2, 60)) + "\n" + "\n".join(_blocks(20, 60)[-2:])),
        # blocks of 59: three are needed to reach 120
        ("\n\n".join(_blocks(20, 59)), 1000, "\n".join(_blocks(3, 59)) + "\n" + "\n".join(_blocks(20, 59)[-3:])),
        # long blocks: the head cut at 300, the tail's last 600
        ("\n\n".join(_blocks(4, 700)), 1000, "a" * 300 + "\n" + "d" * 600),
    ],
    ids=["within-limit", "within-head-and-tail", "one-block", "two-blocks-each-end", "three-blocks", "cut-blocks"],
)
def test_long_request_start_and_end(text, limit, expected):
    focused, notes = focus(text, limit)
    assert focused == expected
    assert bool(notes) is bool(expected)
    if expected:
        head, tail = expected.split("\n", 1)[0], expected.rsplit("\n", 1)[1]
        assert notes[0].startswith(f"long request ({len(text):,} characters, over {limit:,})")
        assert (notes[0].kind, notes[0].values["chars"], notes[0].values["limit"]) == (
            NoteKind.LONG_REQUEST,
            len(text),
            limit,
        )
        assert head and tail


# --- pasted material never becomes the query ---------------------------------------------

LOG = "\n".join(
    f"2024-05-01 12:00:{i:02d} ERROR worker-{i} GET https://x.example.com/{i} failed on /var/data/f{i}.txt"
    for i in range(8)
)


@pytest.mark.parametrize(
    ("text", "expected", "note"),
    [
        # an ask and a log: the ask alone
        ("why does the worker fail?\n" + LOG, "why does the worker fail?", "pasted material left out of the query"),
        # all pasted material, 400 characters or more: nothing to select on
        (LOG, None, "no ask found: the message is all pasted material"),
        # a short one is taken whole
        (LOG[:300], "", None),
    ],
    ids=["ask-and-log", "all-paste", "short-paste"],
)
def test_paste_is_not_the_query(text, expected, note):
    focused, notes = matched(text, 2500)
    assert focused == expected
    assert notes[0].startswith(note) if note else notes == ()


def test_paste_gives_no_argument_values():
    # the log is full of URLs and paths; the ask holds none: the argument signal is absent
    ask = "why does the worker fail?"
    tf = make({ask: unit(0.8, 0, 0, 0, 0.6)}, top_k=5, weights={"embed": 1.0, "argument": 0.3})
    s = tf.select(ask + "\n" + LOG)
    disk = {x.name: x for x in s.selected}["disk_usage"]
    assert "argument" not in disk.breakdown.signals
    assert disk.score == pytest.approx(0.6, abs=2e-4)
    assert s.notes[0].startswith("pasted material left out of the query")
    assert s.reasons[0].kind is NoteKind.PASTED
    assert s.reasons[0].values["pasted_chars"] < s.reasons[0].values["chars"] == len(ask + "\n" + LOG)


# --- the destructive guard: "asks to destroy" ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "plain", "destroy", "expected"),
    [
        ("delete the old backups", None, None, True),  # by its words
        ("cancel my order", None, None, True),
        ("把这个文件删了", None, None, True),
        ("show the old backups", None, None, False),
        # by its profile neighbours: the closest destroy-asking request beats the closest plain one
        ("tidy up", [0.4, 0.2], [0.1, 0.5], True),
        ("tidy up", [0.5, 0.2], [0.1, 0.5], False),  # a tie is not asking
        ("tidy up", [0.6, 0.2], [0.1, 0.5], False),
        ("tidy up", [0.4, 0.2], [-np.inf, -np.inf], False),  # no destroy-asking request at all
        ("tidy up", [0.4, 0.2], [], False),
        ("tidy up", None, [0.9, 0.9], False),
    ],
)
def test_asked_to_destroy(text, plain, destroy, expected):
    as_array = lambda v: None if v is None else np.array(v, dtype=np.float32)  # noqa: E731
    assert asked_to_destroy(text, as_array(plain), as_array(destroy)) is expected


def _routing(**kw):
    base = {
        "top_k": 1,
        "min_score": 0.9,
        "min_gap": 0.05,
        "relative_cut": 0.0,
        "route_domains": 0,
        "fallback_domains": 1,
        "fallback_top_k": 3,
        "guard_destructive": True,
    }
    return Routing(**(base | kw))


@pytest.mark.parametrize(
    ("scores_", "routing", "asks", "routed", "guarded"),
    [
        # unsure (top .5 < .9): the destructive second is held out of the widened selection
        ([0.5, 0.45, 0.4], {}, False, [True, False, True], [False, True, False]),
        # ... unless the request asks to destroy and the tool is its best or an ask's best
        ([0.5, 0.45, 0.4], {}, "best", [True, True, True], [False, False, False]),
        # asking to destroy does not unlock a destructive tool that is neither
        ([0.5, 0.45, 0.4], {}, True, [True, False, True], [False, True, False]),
        # ... or the guard is off
        ([0.5, 0.45, 0.4], {"guard_destructive": False}, False, [True, True, True], [False, False, False]),
        # unsure by the gap among the tools not held (.95 - .92 < .05); the destructive one scores like a confident
        # pick (>= .9, within .05 of the top) but was not asked for: held all the same
        ([0.95, 0.93, 0.92], {}, False, [True, False, True], [False, True, False]),
        # the destructive second held, the top leads the rest by .55: confident, no widening (the gap to a held
        # destroyer leaves the rest sure, ``held_confidence``); held, not named: past top_k it would not be sent
        ([0.95, 0.93, 0.4], {}, False, [True, False, False], [False, False, False]),
        # confident (top .95, gap .15): the guard holds in a confident selection too, profiles or not
        ([0.95, 0.8, 0.4], {"top_k": 2}, False, [True, False, True], [False, True, False]),
        # held, but not named as left out: past fallback_top_k (2) an unguarded widening would not send it
        ([0.5, 0.45, 0.4], {"fallback_top_k": 1}, False, [True, False, False], [False, False, False]),
    ],
    ids=[
        *("held", "asked", "asked-not-meant", "guard-off", "confident-like", "confident-past-held", "confident"),
        "past-widening",
    ],
)
def test_destructive_guard(scores_, routing, asks, routed, guarded):
    rows = route_rows(
        np.array([scores_], dtype=np.float64),
        np.ones((1, 3), dtype=bool),
        np.zeros((1, 3), dtype=np.int64),
        np.array([[0, 1 if asks == "best" else 0, 0]], dtype=np.int8),
        _routing(**routing),
        np.array([[False, True, False]]),
        np.array([bool(asks)]),
    )
    assert rows.routed[0].tolist() == routed
    assert rows.guarded[0].tolist() == guarded


def test_destructive_guard_through_select():
    tools = [*TOOLS[:4], ToolSpec("drop_table", "Drop a database table", category="db")]
    table = {t.document(): unit(*([0.0] * i + [1.0])) for i, t in enumerate(tools)}
    table |= {"q": unit(0.5, 0.45, 0.4, 0.35, 0.3), "delete q": unit(0.5, 0.45, 0.4, 0.35, 0.3)}
    table |= {"drop table q": unit(0.4, 0.35, 0.3, 0.25, 0.5)}
    cfg = ToolFilterConfig(enabled=True, top_k=5, min_score=0.99, fallback_domains=3)
    tf = ToolFilter(tools, config=cfg, embedder=TableEmbedder(table))
    s = tf.select("q")
    assert s.names == ["send_mail", "read_inbox", "sql_query", "db_backup"]
    assert reasons(s)["drop_table"] is Reason.DESTRUCTIVE_GUARD
    assert "destructive and not asked for: drop_table" in s.notes[-1]
    assert s.to_dict()["reasons"][-1] == {"kind": "destructive_left_out", "tools": ["drop_table"], "widened": True}
    # asking to destroy unlocks drop_table only as the request's best tool: "delete q" ranks it last
    assert tf.select("delete q").names == ["send_mail", "read_inbox", "sql_query", "db_backup"]
    assert tf.select("drop table q").names == ["drop_table", "send_mail", "read_inbox", "sql_query", "db_backup"]


def test_relative_cut_keeps_a_tool_exactly_at_the_cut():
    # read_inbox and send_mail tie (.6 each): with relative_cut 1.0 the floor is the top itself
    s = make({"q": unit(0.6, 0.6, 0.2)}, top_k=3, relative_cut=1.0).select("q")
    assert s.names == ["read_inbox", "send_mail"]
    assert reasons(s)["sql_query"] is Reason.BELOW_RELATIVE_CUT


# --- the abstain rules: relative (mean of the closest phrases, against the registry) and margin ---

# q = .3 e0 + .7 e5 + .3 e6, |q| = .8185: send_mail .3665, phrases .8552 and .3665;
# relative: mean(.8552, .3665) - (.3665 - level 0) = .2443; margin: .8552 - .3665 = .4887
SPLIT_Q = unit(0.3, 0, 0, 0, 0, 0.7, 0.3)


@pytest.mark.parametrize(
    ("config", "abstains"),
    [
        ({"abstain_rule": "relative", "abstain_threshold": 0.4}, False),  # .2443 < .4 - .1: plain
        ({"abstain_rule": "relative", "abstain_threshold": 0.24}, True),  # .2443 >= .24
        ({"abstain_rule": "margin", "abstain_margin": 0.48}, True),  # .4887 >= .48
        ({"abstain_rule": "margin", "abstain_margin": 0.5, "abstain_mixed_band": 0.0}, False),  # .4887 < .5
        ({"abstain_rule": "margin", "abstain_margin": 0.5}, None),  # .4887 in [.5 - .1, .5): not sure
    ],
)
def test_abstain_rules(config, abstains):
    table = {"hmm": SPLIT_Q, PHRASES[0]: unit(0, 0, 0, 0, 0, 1), PHRASES[1]: unit(0, 0, 0, 0, 0, 0, 1)}
    s = make(table, top_k=1, abstain_phrases=PHRASES, **config).select("hmm")
    assert (s.names == []) is (abstains is True)
    assert (s.status is Status.NOT_SURE) is (abstains is None)


def test_abstaining_reports_only_usable_tools():
    # evidence .45 abstains; send_mail (the closest tool) is blocked: it is not reported as a
    # near miss of the no-tool test
    table = {"hmm": _evidence_query(0.45), PHRASES[0]: unit(0, 0, 0, 0, 0, 1), PHRASES[1]: unit(0, 0, 0, 0, 0, 0, 1)}
    cfg = {"abstain_phrases": PHRASES, "abstain_rule": "relative", "abstain_threshold": 0.4}
    s = make(table, top_k=1, block_tools=("send_mail",), **cfg).select("hmm")
    assert s.names == []
    assert "send_mail" not in reasons(s)
    assert set(reasons(s).values()) == {Reason.NO_TOOL_INTENT}
    assert all(dict(r.breakdown.weights) == {"embed": 1.0} for r in s.rejected)


@pytest.mark.parametrize(
    ("tool", "text", "served"),
    [
        # a tool's own action (first word of its name and description, 4 letters or more, not
        # generic) said by a request that reads like no-tool: served as usual
        (ToolSpec("sort_list", "Sort a list of numbers"), "sort these", True),
        (ToolSpec("sort_list", "Sort a list of numbers"), "sorting these", True),
        # an action ending in "e", 5 letters or more, is said without it: "merging"
        (ToolSpec("merge_pdfs", "Merge PDF files"), "merging these", True),
        # ... but not a 4-letter one: "tuning" does not say "tune"
        (ToolSpec("tune_model", "Tune a model"), "tuning these", False),
        # three letters are too few to name an action
        (ToolSpec("add_row", "Add a row to a sheet"), "add these", False),
        # a generic verb names no one tool's action
        (ToolSpec("send_fax", "Send a fax"), "send these", False),
    ],
    ids=["own-action", "a-form-of-it", "e-dropped", "e-kept-under-5", "three-letters", "generic"],
)
def test_own_action_overrides_no_tool(tool, text, served):
    tools = [*TOOLS, tool]
    table = {t.document(): AXES[t.name] for t in TOOLS} | {tool.document(): unit(0, 0, 0, 0, 0, 0, 0, 1)}
    table |= {text: _evidence_query(0.45), PHRASES[0]: unit(0, 0, 0, 0, 0, 1), PHRASES[1]: unit(0, 0, 0, 0, 0, 0, 1)}
    cfg = ToolFilterConfig(
        enabled=True, top_k=1, abstain_phrases=PHRASES, abstain_rule="relative", abstain_threshold=0.4
    )
    s = ToolFilter(tools, config=cfg, embedder=TableEmbedder(table)).select(text)
    assert (s.names != []) is served
    if served:
        assert s.notes[0].startswith(f"reads like a request needing no tool, but says the action of {tool.name}:")
        assert (s.reasons[0].kind, s.reasons[0].values) == (NoteKind.OWN_ACTION, {"tool": tool.name})


# --- the widening note, and tools without a category ---------------------------------------


def test_low_confidence_note():
    # WIDE_Q normalised by .9083: top .5505, gap (.5 - .45) / .9083 = .0550
    s = make({"q": WIDE_Q}, top_k=1, min_score=0.99, fallback_domains=3).select("q")
    assert (s.status, s.fallback, s.notes) == (Status.WIDENED, True, ())
    assert s.detail == "low confidence (top 0.550, gap 0.055): widened to the best 3 domains"
    assert len(s.domains) == 3


def test_a_tool_without_category_is_its_own_domain_and_counts_for_none():
    tools = [*TOOLS[:4], ToolSpec("ping", "Ping a host")]
    table = {t.document(): unit(*([0.0] * i + [1.0])) for i, t in enumerate(tools)} | {"q": WIDE_Q}
    cfg = ToolFilterConfig(enabled=True, top_k=1, min_score=0.99, fallback_domains=1, fallback_top_k=5)
    s = ToolFilter(tools, config=cfg, embedder=TableEmbedder(table)).select("q")
    assert s.names == ["send_mail", "read_inbox", "ping"]
    assert s.domains == ("mail",)
    assert s.detail.endswith("widened to the best domain and 1 tool without a category")


# --- the candidate pool: embedding top-N union BM25 top-N --------------------------------------


@pytest.mark.parametrize(("lexical_candidates", "scored"), [(True, True), (False, False)])
def test_pool_is_embedding_union_bm25(lexical_candidates, scored, monkeypatch):
    # pool size 1: the embedding's top is send_mail; "disk" is a word only disk_usage has
    constants(monkeypatch, lexical_candidates=lexical_candidates)
    cfg = {"candidate_pool_size": 1, "top_k": 5}
    s = make({"disk please": unit(0.8, 0.6)}, weights={"embed": 1.0, "bm25": 1.0}, **cfg).select("disk please")
    assert ("disk_usage" in s.names) is scored
    assert "send_mail" in s.names


# --- what every ask is ranked by, and the same tops for toolfilter fit ---------------------------


def test_ask_weights_are_the_documented_rule():
    from pathlib import Path

    from toolfilter_core._pipeline.asks import ASK_WEIGHTS

    assert ASK_WEIGHTS == {"embed": 1.0, "support": 1.0, "bm25": 0.6, "argument": 0.3, "server": 0.3}
    docs = " ".join((Path(__file__).parents[2] / "docs" / "scoring.md").read_text(encoding="utf-8").split())
    assert (
        "its cosines (weight 1), the request's support (1), the ask's BM25 (0.6), its argument values (0.3) "
        "and the server it names (0.3)" in docs
    )


@pytest.mark.parametrize(
    ("config", "best", "runner_up", "asks"),
    [
        ({}, {"send_mail", "sql_query"}, {"read_inbox"}, 2),
        ({"clause_matching": False}, set(), set(), 0),
    ],
)
def test_tops_of_finds_the_tops_select_keeps(config, best, runner_up, asks, monkeypatch):
    from toolfilter_core._pipeline.rank import tops_of

    tf = make(ASK_TABLE, top_k=1, **constants(monkeypatch, config))
    tops = tops_of(tf.snapshot, tf.config, tf.embedder, ASKS)
    assert (set(tops.best), set(tops.runner_up), tops.asks) == (best, runner_up, asks)


# --- always_include on a request with no text ------------------------------------------------


def test_always_include_without_text_scores_zero():
    s = make({}, always_include=("sql_query",)).select("   ")
    assert s.names == ["sql_query"]
    assert s.selected[0].score == 0.0 and s.selected[0].breakdown.matched == "always_include"


@pytest.mark.parametrize(
    ("scores_", "asks", "top_k", "min_gap", "routed", "guarded"),
    [
        # a registry with profiles: the guard holds in a confident selection's top_k too
        ([0.95, 0.8, 0.4], False, 2, 0.1, [True, False, True], [False, True, False]),
        # ... unless the request asks to destroy and the tool is an ask's best
        ([0.95, 0.8, 0.4], True, 2, 0.1, [True, True, False], [False, False, False]),
        # ... not because the destructive tool scores like a confident pick (>= .9, level with the top)
        ([0.95, 0.95, 0.4], False, 2, 0.0, [True, False, True], [False, True, False]),
        # named as left out only within top_k
        ([0.95, 0.8, 0.4], False, 1, 0.1, [True, False, False], [False, False, False]),
    ],
    ids=["held", "asked", "confident-like", "past-top-k"],
)
def test_destructive_guard_in_confident_selections_with_profiles(scores_, asks, top_k, min_gap, routed, guarded):
    rows = route_rows(
        np.array([scores_], dtype=np.float64),
        np.ones((1, 3), dtype=bool),
        np.zeros((1, 3), dtype=np.int64),
        np.array([[0, int(asks), 0]], dtype=np.int8),
        _routing(top_k=top_k, min_gap=min_gap),
        np.array([[False, True, False]]),
        np.array([asks]),
        guard_confident=True,
    )
    assert rows.confident[0]
    assert rows.routed[0].tolist() == routed
    assert rows.guarded[0].tolist() == guarded


# --- the no-tool test's edges, with exact binary fractions --------------------------------------


def _decide(config, closeness, best_tool, voiced=False):
    from toolfilter_core._pipeline.candidates import Similarities
    from toolfilter_core._pipeline.decide import no_tool
    from toolfilter_core._pipeline.read import Reading
    from toolfilter_core._pipeline.request import Request
    from toolfilter_core._pipeline.vectors import RequestVectors

    tf = make({}, **config)
    phrases = np.array([[1.0, 0.0], [0.0, 1.0]], dtype=np.float32)  # closeness: the vector itself
    vector = np.array(closeness, dtype=np.float32)
    authored = np.array([best_tool, 0.0, -np.inf, 0.0, 0.0], dtype=np.float32)
    sims = Similarities(authored, authored, authored, None, voice=authored if voiced else None)
    no_clauses = np.zeros((0, 2), dtype=np.float32)
    reading = Reading(Request("q", 5), RequestVectors(vector, no_clauses), sims, phrases=phrases)
    verdict, why, note = no_tool(tf.snapshot, tf.config, reading, np.isfinite(authored))
    return verdict is Status.NO_TOOL_NEEDED, why or note


@pytest.mark.parametrize(
    ("config", "closeness", "best_tool", "voiced", "abstains"),
    [
        # like with like (a registry with profiles): closest phrase .75 - closest tool .5 = .25
        ({"abstain_voice_margin": 0.25}, [0.75, 0.25], 0.5, True, True),  # .25 >= .25
        ({"abstain_voice_margin": 0.375}, [0.75, 0.25], 0.5, True, False),  # .25 < .375
        # the margin rule: closest phrase .75 - best tool .5 = .25
        ({"abstain_rule": "margin", "abstain_margin": 0.25}, [0.75, 0.25], 0.5, False, True),
        ({"abstain_rule": "margin", "abstain_margin": 0.375}, [0.75, 0.25], 0.5, False, False),
    ],
    ids=["voice-at-margin", "voice-below", "margin-at-margin", "margin-below"],
)
def test_no_tool_edges(config, closeness, best_tool, voiced, abstains):
    abstained, note = _decide({"abstain_phrases": PHRASES, **config}, closeness, best_tool, voiced)
    assert abstained is abstains
    assert (note or "").startswith("no tool needed") is abstains
    if abstains and voiced:
        assert note is not None and "(by 0.250 >= 0.250)" in note


# --- always_include and sticky: added once, after the selection --------------------------------


@pytest.mark.parametrize(
    ("always", "sticky", "expected"),
    [
        # already selected: not added twice; the next one still added
        (("send_mail", "sql_query"), (), ["send_mail", "sql_query"]),
        (("send_mail",), ("db_backup",), ["send_mail", "db_backup"]),
        # a sticky name the registry lacks is passed over, the rest still added
        ((), ("no_such_tool", "sql_query"), ["send_mail", "sql_query"]),
        # blocked: never added, the rest still added
        ((), ("read_inbox", "disk_usage"), ["send_mail", "disk_usage"]),
        (("sql_query",), ("read_inbox", "db_backup"), ["send_mail", "sql_query", "db_backup"]),
    ],
)
def test_always_include_and_sticky(always, sticky, expected):
    tf = make({"q": unit(0.8, 0.6)}, top_k=1, always_include=always, block_tools=("read_inbox",))
    assert tf.select("q", sticky=list(sticky)).names == expected


def test_a_request_that_is_a_tool_name():
    s = make({}).select(" sql_query ")
    assert s.names == ["sql_query"]
    top = s.selected[0].breakdown
    assert (dict(top.signals), dict(top.weights), top.combined) == ({"name": 1.0}, {"name": 1.0}, 1.0)
    assert (s.status, s.detail, s.notes) == (Status.EXACT_NAME, "the query is exactly a tool name", ())
    assert (s.to_dict()["status"], s.to_dict()["reasons"]) == ("exact_name", [])


def test_every_tool_blocked_gives_nothing():
    s = make({"q": unit(0.8, 0.6)}, block_tools=tuple(ORDER)).select("q")
    assert s.names == []
    assert set(reasons(s).values()) == {Reason.BLOCKED}


def test_bm25_adds_to_the_pool_only_where_a_token_is_shared():
    # pool size 1: read_inbox by embedding; no tool shares a token with "zzz": nothing else is scored
    s = make({"zzz": unit(0, 0.8, 0.6)}, candidate_pool_size=1, top_k=5).select("zzz")
    assert s.names == ["read_inbox"]
    assert s.rejected == ()


def test_long_request_blocks_of_119():
    # 119 characters is short of 120: a second block is taken at each end
    blocks = _blocks(10, 119)
    focused, _ = focus("\n\n".join(blocks), 1000)
    assert focused == "\n".join(blocks[:2]) + "\n" + "\n".join(blocks[-2:])


def test_the_paste_note_quotes_the_ask_cut_at_80_characters():
    ask = "please look at why the nightly worker keeps failing on the second shard of the batch run"
    _, notes = matched(ask + "\n" + LOG, 2500)
    assert notes[0].endswith(f"selected on the ask {ask[:79].rstrip() + '…'!r}")  # ends where a word does


# --- plain mode (enabled: false): embedding top-k above similarity_threshold ------------------


@pytest.mark.parametrize(
    ("config", "expected", "dropped"),
    [
        # send .8165, read .4184, sql .3980 (CUT_Q); top_k 2
        ({}, ["send_mail", "read_inbox"], {"sql_query": Reason.BELOW_TOP_K}),
        ({"similarity_threshold": 0.41}, ["send_mail", "read_inbox"], {"sql_query": Reason.BELOW_MIN_SIMILARITY}),
        ({"similarity_threshold": 0.5}, ["send_mail"], {"read_inbox": Reason.BELOW_MIN_SIMILARITY}),
        # a pool of 3 (partitioned first): only those three are reported
        ({"candidate_pool_size": 3}, ["send_mail", "read_inbox"], {"sql_query": Reason.BELOW_TOP_K}),
    ],
)
def test_plain_mode(config, expected, dropped):
    table = {t.document(): AXES[t.name] for t in TOOLS} | {"q": CUT_Q}
    cfg = ToolFilterConfig(enabled=False, top_k=2, **config)
    s = ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(table)).select("q")
    assert s.names == expected
    for name, reason in dropped.items():
        assert reasons(s)[name] is reason
    if "candidate_pool_size" in config:
        assert set(reasons(s)) == {"sql_query"}


# --- the request stage's checks ----------------------------------------------------------


def test_max_query_chars_is_inclusive():
    from toolfilter_core import QueryError

    tf = make({})
    tf.select("x" * 1_000_000)
    with pytest.raises(QueryError, match="1,000,001 characters is over the limit of 1,000,000"):
        tf.select("x" * 1_000_001)


@pytest.mark.parametrize(("text", "expected"), [("a\ud800b", "a\ufffdb"), ("plain", "plain"), ("中文", "中文")])
def test_valid_unicode(text, expected):
    from toolfilter_core._pipeline.request import valid_unicode

    assert valid_unicode(text) == expected


# --- small pools: an ask's tops and a lone candidate's claim are still scored ------------------


def test_ask_tops_are_scored_whatever_the_pool(monkeypatch):
    # pool of 1: the whole request's pool is send_mail; the asks' tops join it
    constants(monkeypatch, lexical_candidates=False)
    s = make(ASK_TABLE, top_k=1, candidate_pool_size=1).select(ASKS)
    assert s.names == ["send_mail", "sql_query", "read_inbox"]


def test_a_lone_candidate_keeps_its_claim(monkeypatch):
    constants(monkeypatch, lexical_candidates=False)
    cfg = {"candidate_pool_size": 1, "weights": {"embed": 1.0, "argument": 0.3}}
    s = make({ARG_TEXT: unit(0, 0, 0, 0, 1)}, **cfg).select(ARG_TEXT)
    assert s.names == ["disk_usage"]
    assert s.selected[0].breakdown.signals["argument"] == 1.0


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("values", [[0.1, 0.9, 0.5, 0.7, 0.3], [0.9, 0.1, 0.3, 0.5, 0.7], [0.3, 0.5, 0.7, 0.9, 0.1]])
def test_top_indices(values, n):
    from toolfilter_core._pipeline.candidates import top_indices

    order = sorted(range(len(values)), key=lambda i: -values[i])
    assert sorted(top_indices(np.array(values), n)) == sorted(order[:n])


# --- the survivors of the second pass -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "config"),
    [
        ("   ", {}),  # no text
        ("sql_query", {}),  # exactly a tool name
        ("zzz", {}),  # no tool fits (every cosine <= 0)
    ],
)
def test_only_an_unsure_selection_is_a_fallback(text, config):
    s = make({"zzz": unit(-1, -1, -1, -1, -1)}, **config).select(text)
    assert s.fallback is False


def test_refused_names_what_the_caller_may_not_use():
    from toolfilter_core import Policy
    from toolfilter_core._pipeline.gates import refused

    tf = make({}, block_tools=("send_mail",))
    got = refused(
        tf.snapshot,
        tf.config,
        ["send_mail", "read_inbox", "sql_query", "nope"],
        Policy(block_tools=frozenset({"sql_query"})),
    )
    assert got == {"send_mail": "blocked", "sql_query": "blocked"}


def test_a_bad_sticky_list_names_its_first_three_bad_items():
    from toolfilter_core import QueryError

    with pytest.raises(QueryError, match=r"sticky: got \[1, 2, 3\] among the names"):
        make({}).select("q", sticky=[1, 2, 3, 4])


def test_long_request_of_two_blocks_is_gathered_not_cut():
    # a 200-character block and a 1,000-character one: the first block whole, the second's end
    text = "a" * 200 + "\n\n" + "b" * 1000
    focused, _ = focus(text, 1000)
    assert focused == "a" * 200 + "\n" + "b" * 600


def test_no_tool_level_is_the_median_of_the_phrases_authored_best():
    # send_mail has a trigger on the first phrase's axis: that phrase's best authored cosine is
    # 1.0 (the trigger), the other's 0: level = median(1.0, 0) = .5. The request's best tool is
    # send_mail at b (its trigger) and closeness b, so evidence = b - (b - .5) = .5 >= .4
    tools = [ToolSpec("send_mail", "Send an email", category="mail", triggers=("mail it",)), *TOOLS[1:]]
    table = {t.document(): AXES[t.name] for t in tools} | {"mail it": unit(0, 0, 0, 0, 0, 1)}
    table |= {"hmm": _evidence_query(0.1), PHRASES[0]: unit(0, 0, 0, 0, 0, 1), PHRASES[1]: unit(0, 0, 0, 0, 0, 0, 1)}
    cfg = ToolFilterConfig(
        enabled=True, top_k=1, abstain_phrases=PHRASES, abstain_rule="relative", abstain_threshold=0.4
    )
    s = ToolFilter(tools, config=cfg, embedder=TableEmbedder(table)).select("hmm")
    assert s.names == []
    assert "evidence 0.500 >= 0.400" in s.detail


def test_evidence_just_under_its_bar_prints_the_digits_that_keep_it_under():
    # a vet clinic's explain said "no-tool evidence 0.100, between 0.040 and 0.100" for a value under 0.100
    table = {"hmm": _evidence_query(0.3996), PHRASES[0]: unit(0, 0, 0, 0, 0, 1), PHRASES[1]: unit(0, 0, 0, 0, 0, 0, 1)}
    cfg = {"abstain_phrases": PHRASES, "abstain_rule": "relative", "abstain_threshold": 0.4, "abstain_mixed_band": 0.1}
    s = make(table, top_k=1, **cfg).select("hmm")
    assert s.status is Status.NOT_SURE
    assert "no-tool evidence 0.3996, between 0.3000 and 0.4000)" in s.detail
    table["hmm"] = _evidence_query(0.2998)
    s = make(table, top_k=1, **cfg).select("hmm")
    assert "a tool is needed (no-tool evidence 0.2998 < 0.3000;" in s.detail


def test_compared_uses_the_fewest_digits_that_keep_the_order():
    assert compared(0.268, 0.31) == ("0.268", "0.310")
    assert compared(0.0996, 0.1, 0.04) == ("0.0996", "0.1000", "0.0400")
    assert compared(0.1, 0.1) == ("0.100", "0.100")  # at the bar: ">=" is true as shown
    assert compared(0.09999999999, 0.1) == ("0.09999999999", "0.1")  # closer than MOST digits: in full
