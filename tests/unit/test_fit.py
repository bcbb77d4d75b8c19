"""toolfilter fit: the split, the search's constraints, its fidelity to the pipeline, the YAML."""

import importlib
import json
import random
from dataclasses import replace

import numpy as np
import pytest

from toolfilter_core import (
    ConfigError,
    HashingEmbedder,
    Profiles,
    RegistryData,
    ToolFilter,
    ToolProfile,
    ToolSpec,
    ToolSpecError,
    fit_config,
    fit_preset,
    load_config,
    recommended_config,
)
from toolfilter_core._clauses import split_clauses
from toolfilter_core._config import SIGNALS
from toolfilter_core._embed_cache import CachingEmbedder
from toolfilter_core._evaluate import LabelledQuery, evaluate
from toolfilter_core._fit import preset_figures, preset_simulators, split_queries, threshold_candidates
from toolfilter_core._fit.search import weight_grid
from toolfilter_core._fit.simulate import AXES, Simulator, point_of
from toolfilter_core._hints import request_is_destructive
from toolfilter_core._pipeline.act_phrases import DESTROY, OTHER
from toolfilter_core.cli import main

# A synthetic registry: 4 domains, 3 tools each, each tool with its own vocabulary.
DOMAINS = {
    "weather": {
        "weather_now": "current weather temperature conditions outside",
        "weather_forecast": "forecast rain snow coming days",
        "air_quality": "air quality pollution smog index",
    },
    "mail": {
        "send_email": "send email message recipient subject",
        "read_inbox": "read inbox unread messages",
        "delete_email": "delete email trash junk",
    },
    "files": {
        "read_file": "open file show contents",
        "write_file": "write save file disk",
        "list_dir": "list directory folder entries",
    },
    "calendar": {
        "create_event": "create calendar meeting appointment",
        "list_events": "agenda calendar schedule today",
        "cancel_event": "cancel meeting appointment calendar",
    },
}
TOOLS = [ToolSpec(name, text, category=domain) for domain, tools in DOMAINS.items() for name, text in tools.items()]
FILLERS = ["please", "now", "for me", "quickly", "could you", "hey", "thanks", "right away"]
NO_TOOL = [
    "tell me a joke about cats",
    "who wrote hamlet",
    "what is the meaning of life",
    "write a poem about autumn leaves",
    "how tall is mount everest",
    "translate hello into french",
    "give me advice on sleeping better",
    "what year did the war end",
]


def make_queries(n_per_tool=4, seed=1):
    rng = random.Random(seed)
    out = []
    for tool in TOOLS:
        words = tool.description.split()
        for i in range(n_per_tool):
            picked = rng.sample(words, k=rng.randint(1, 3))
            text = " ".join([rng.choice(FILLERS), *picked, rng.choice(FILLERS)])
            out.append(LabelledQuery(f"{tool.name}-{i}", text, (tool.name,)))
    names = [t.name for t in TOOLS]
    for i in range(6):  # two-tool requests
        a, b = rng.sample(range(len(TOOLS)), 2)
        text = f"{TOOLS[a].description.split()[0]} and {TOOLS[b].description.split()[-1]}"
        out.append(LabelledQuery(f"multi-{i}", text, (names[a], names[b])))
    for i in range(6):  # two-part requests: each clause asks for one tool
        a, b = rng.sample(range(len(TOOLS)), 2)
        text = f"{TOOLS[a].description}, then {TOOLS[b].description.lower()}"
        out.append(LabelledQuery(f"clauses-{i}", text, (names[a], names[b])))
    out += [LabelledQuery(f"none-{i}", q, ()) for i, q in enumerate(NO_TOOL)]
    return out


QUERIES = make_queries()

# Tool profiles for the registry: requests in other words than the descriptions, and for the
# two destructive tools requests that ask for the destructive act; near misses beside
# NO_TOOL's requests, so that some of those get no tool by the voice rule.
PROFILED = {
    "weather_now": (("is it hot outside right now", "what is the temperature outside"), ()),
    "weather_forecast": (("will it rain this weekend", "snow forecast for the coming days"), ()),
    "air_quality": (("is the air safe to breathe today", "how bad is the smog"), ()),
    "send_email": (("email my boss the report", "send a message to the team"), ()),
    "read_inbox": (("any new mail for me", "show my unread messages"), ()),
    "delete_email": (
        ("find that junk email", "where is the email in trash"),
        ("get rid of the junk email", "wipe the spam from my mail"),
    ),
    "read_file": (("show me what is in this file", "open the notes file"), ()),
    "write_file": (("save this text to disk", "store the draft in a file"), ()),
    "list_dir": (("what is in this folder", "list the entries here"), ()),
    "create_event": (("book a meeting for monday", "put an appointment in my calendar"), ()),
    "list_events": (("what is on my calendar today", "show my schedule"), ()),
    "cancel_event": (
        ("the meeting on friday", "my dentist appointment"),
        ("call off the meeting", "drop my appointment from the calendar"),
    ),
}
NEAR_MISSES = (
    "tell me a joke about dogs",
    "who wrote the odyssey",
    "write a poem about spring",
    "how tall is the eiffel tower",
    "what is the meaning of this word",
    "give me advice on cooking",
)
PROFILES = Profiles({name: ToolProfile(r, d) for name, (r, d) in PROFILED.items()}, NEAR_MISSES)


@pytest.fixture(scope="module", autouse=True)
def _scores_unlock():
    """The search under the guard's rule with ``decide.SCORE_UNLOCKS`` on.

    The synthetic requests of the two destructive tools are words of their descriptions and
    most say no act ("hey junk quickly" for delete_email, "quickly meeting hey" for
    cancel_event): the guard now holds those tools however they score, which leaves the fit
    split a dangerous misselection no config avoids. These tests pin the search, not the guard
    (tests/unit/test_destructive_reads.py and test_destroy_reading.py do). The simulation reads
    "asks to destroy" as select() does under either rule (``Simulator._per_query``: the words,
    the act phrases, the profile neighbours; ``decide_rows`` with the same switches), and
    ``assert_agree`` checks it against select() request by request.
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(importlib.import_module("toolfilter_core._pipeline.decide"), "SCORE_UNLOCKS", True)
        yield


# ----- the split -----


def test_split_is_deterministic_and_disjoint():
    a = split_queries(QUERIES, split=0.5, seed=7)
    b = split_queries(QUERIES, split=0.5, seed=7)
    assert a == b
    fit, held = a
    assert {q.id for q in fit}.isdisjoint({q.id for q in held})
    assert len(fit) + len(held) == len(QUERIES)
    other, _ = split_queries(QUERIES, split=0.5, seed=8)
    assert [q.id for q in other] != [q.id for q in fit]


@pytest.mark.parametrize(("split", "tool_fit", "none_fit"), [(0.5, 30, 4), (0.25, 15, 2), (0.75, 45, 6)])
def test_split_is_stratified_by_tool_and_no_tool(split, tool_fit, none_fit):
    # 60 tool queries (48 single + 12 two-tool), 8 no-tool: round(60 * split), round(8 * split)
    fit, held = split_queries(QUERIES, split=split, seed=0)
    assert len([q for q in fit if q.gold]) == tool_fit
    assert len([q for q in fit if not q.gold]) == none_fit
    assert len([q for q in held if not q.gold]) == 8 - none_fit


def test_split_keeps_the_input_order():
    fit, held = split_queries(QUERIES, seed=3)
    order = {q.id: i for i, q in enumerate(QUERIES)}
    assert [order[q.id] for q in fit] == sorted(order[q.id] for q in fit)
    assert [order[q.id] for q in held] == sorted(order[q.id] for q in held)


def test_a_group_of_two_gives_one_to_each_side():
    queries = [LabelledQuery("a", "x", ("t",)), LabelledQuery("b", "y", ("t",))]
    fit, held = split_queries(queries, split=0.9, seed=0)
    assert len(fit) == len(held) == 1


@pytest.mark.parametrize("split", [0.0, 1.0, -0.1, 1.5])
def test_split_out_of_range_is_refused(split):
    with pytest.raises(ConfigError, match="split: got"):
        split_queries(QUERIES, split=split)


# ----- threshold candidates -----


def test_candidates_are_quantiles_of_the_observed_scores():
    rng = np.random.default_rng(0)
    narrow = threshold_candidates(rng.uniform(0.80, 0.90, 200), rng.uniform(0.0, 0.02, 200), [-0.2, -0.1, 0.05])
    wide = threshold_candidates(rng.uniform(0.20, 0.70, 200), rng.uniform(0.0, 0.30, 200), [-0.2, -0.1, 0.05])
    # besides 0 (off), every candidate lies inside the observed band
    assert all(0.80 <= v <= 0.90 for v in narrow["min_score"] if v)
    assert all(0.20 <= v <= 0.70 for v in wide["min_score"] if v)
    assert all(0.0 <= v <= 0.02 for v in narrow["min_gap"])
    assert max(wide["min_gap"]) > 0.1
    assert narrow["min_score"][0] == 0.0 and narrow["min_combined_score"][0] == 0.0
    assert wide["abstain_margin"][-1] == 1.0 and -0.2 <= wide["abstain_margin"][0] <= 0.05


class CompressedEmbedder:
    """Hashing vectors pushed into a narrow high cosine band (like e5): a shared direction added."""

    def __init__(self, inner, shared=1.2):
        self.inner = inner
        rng = np.random.default_rng(0)
        u = rng.normal(size=inner.dim).astype(np.float32)
        self.u = u / np.linalg.norm(u)
        self.shared = shared

    @property
    def id(self):
        return f"compressed-{self.inner.id}"

    def _embed(self, vectors):
        out = 0.5 * vectors + self.shared * self.u
        return (out / np.linalg.norm(out, axis=1, keepdims=True)).astype(np.float32)

    def embed_queries(self, texts):
        return self._embed(self.inner.embed_queries(texts))

    def embed_documents(self, texts):
        return self._embed(self.inner.embed_documents(texts))


def simulator(embedder, queries=QUERIES, base=None):
    base = base or recommended_config(embedder="hashing")
    return Simulator(TOOLS, queries, base, CachingEmbedder(embedder))


def test_candidates_follow_each_embedders_score_scale():
    weights = tuple(1.0 if s == "embed" else 0.0 for s in SIGNALS)
    plain = simulator(HashingEmbedder())
    squeezed = simulator(CompressedEmbedder(HashingEmbedder()))
    tops_plain, _ = plain.observed(weights)
    tops_squeezed, _ = squeezed.observed(weights)
    # the same queries and tools: the compressed embedder's best cosines sit in a high, narrow band
    assert np.median(tops_squeezed) > np.median(tops_plain) + 0.2
    assert np.ptp(tops_squeezed) < np.ptp(tops_plain)
    for sim, tops in ((plain, tops_plain), (squeezed, tops_squeezed)):
        _, gaps = sim.observed(weights)
        found = threshold_candidates(tops, gaps)["min_score"]
        assert all(tops.min() <= v <= tops.max() for v in found if v)
    high = [v for v in threshold_candidates(tops_squeezed, [0.0])["min_score"] if v]
    low = [v for v in threshold_candidates(tops_plain, [0.0])["min_score"] if v]
    assert min(high) > max(low) - 0.05


# ----- the re-computation agrees with the pipeline -----


def test_the_fast_recomputation_matches_the_real_pipeline_on_random_configs():
    base = recommended_config(embedder="hashing")
    cached = CachingEmbedder(HashingEmbedder())
    sim = Simulator(TOOLS, QUERIES, base, cached)
    weights = weight_grid(base)
    rng = random.Random(0)
    start = point_of(base)
    tops, gaps = sim.observed(start.weights)
    candidates = threshold_candidates(tops, gaps, sim.abstain_gap)
    choices = {
        "top_k": (1, 2, 3, 5, 8),
        "relative_cut": (0.0, 0.5, 0.8),
        "fallback_top_k": (1, 3, 6),
        "fallback_domains": (1, 2, 3),
        **candidates,
    }
    for _ in range(25):
        point = replace(start, weights=rng.choice(weights), **{a: rng.choice(choices[a]) for a in AXES})
        simulated = sim.run(point)
        config = base.merged(point.overrides())
        real = evaluate(ToolFilter(TOOLS, config=config, embedder=cached).select, QUERIES)
        assert_agree(simulated, real, point)


def assert_agree(simulated, real, point):
    assert simulated.recall_mean == pytest.approx(real.recall_mean, abs=1e-9), point
    assert simulated.dangerous_share == pytest.approx(real.dangerous_misselect, abs=1e-9), point
    assert simulated.no_tool_rejection == pytest.approx(real.no_tool_rejection, abs=1e-9), point
    assert simulated.cost_ratio == pytest.approx(real.cost_ratio, abs=1e-9), point
    assert simulated.fallback_rate == pytest.approx(real.fallback_rate, abs=1e-9), point
    assert simulated.mean_selected == pytest.approx(real.mean_selected, abs=1e-9), point


def test_the_fast_recomputation_matches_the_real_pipeline_with_tool_profiles():
    # With profiles select() abstains by the voice rule, reads "asks to destroy" off the
    # closest profile request and guards destructive tools in confident selections too.
    base = recommended_config(embedder="hashing")
    cached = CachingEmbedder(HashingEmbedder())
    sim = Simulator(TOOLS, QUERIES, base, cached, profiles=PROFILES)
    assert sim.voiced and sim.abstain_rule == "voice"
    start = sim.point_of(base)
    assert start.abstain_rule == "voice" and start.abstain_margin == base.abstain_voice_margin
    # some requests ask to destroy by their closest profile request, not by their words
    by_profile = [a and not request_is_destructive(t) for a, t in zip(sim.asks_to_destroy, sim.texts, strict=True)]
    assert any(by_profile)
    tops, gaps = sim.observed(start.weights)
    candidates = threshold_candidates(tops, gaps, sim.abstain_gap[~np.isnan(sim.abstain_gap)], off=2.0)
    choices = {
        "top_k": (1, 2, 3, 5, 8),
        "relative_cut": (0.0, 0.5, 0.8),
        "fallback_top_k": (1, 3, 6),
        "fallback_domains": (1, 2, 3),
        **candidates,
    }
    weights = weight_grid(base)
    rng = random.Random(0)
    seen = {"voice abstain": 0, "confident guard": 0}
    for _ in range(25):
        point = replace(start, weights=rng.choice(weights), **{a: rng.choice(choices[a]) for a in AXES})
        simulated = sim.run(point)
        config = base.merged(point.overrides())
        assert config.abstain_voice_margin == point.abstain_margin
        tf = ToolFilter(TOOLS, config=config, embedder=cached, profiles=PROFILES)
        selections = []  # the selections evaluate() makes, one per query, read for their notes

        def select(text, tf=tf, selections=selections):
            selections.append(tf.select(text))
            return selections[-1]

        real = evaluate(select, QUERIES)
        assert len(selections) == len(QUERIES) and not real.errors  # none raised
        for selection in selections:
            notes = " ".join([*selection.notes, selection.detail])  # the status says "no tool" in detail
            seen["voice abstain"] += "closer to a request no tool serves" in notes
            seen["confident guard"] += "left out of the selection" in notes
        assert_agree(simulated, real, point)
    # the three changes were exercised, not only the paths every registry takes
    assert seen["voice abstain"] and seen["confident guard"], seen


def test_a_point_of_a_registry_with_profiles_moves_the_voice_margin():
    base = recommended_config(embedder="hashing").merged({"abstain_voice_margin": 0.07})
    point = point_of(base, voiced=True)
    assert (point.abstain_rule, point.abstain_margin) == ("voice", 0.07)
    overrides = replace(point, abstain_margin=0.2).overrides()
    assert overrides["abstain_voice_margin"] == 0.2
    assert "abstain_threshold" not in overrides and "abstain_margin" not in overrides
    assert point_of(base).abstain_rule == base.abstain_rule  # without profiles: as before


@pytest.fixture(scope="module")
def fitted_at_010():
    """The fit at budget 0.10 and the embedder it ran on, which counts the texts it embeds.

    One run for the module: fitting is deterministic and no test changes the result (frozen)
    or embeds through the embedder afterwards.
    """
    counting = HashingEmbedder()
    return fit_config(TOOLS, QUERIES, embedder=counting, seed=0, budget=0.10), counting


@pytest.fixture(scope="module")
def fitted_with_profiles():
    """The fit with PROFILES at budget 0.25, run once for the module (see ``fitted_at_010``)."""
    return fit_config(TOOLS, QUERIES, embedder=HashingEmbedder(), seed=0, budget=0.25, profiles=PROFILES)


def test_every_text_is_embedded_once(fitted_at_010):
    _, counting = fitted_at_010
    abstain = len(recommended_config().abstain_phrases)
    clauses = {c for q in QUERIES for c in split_clauses(q.query)}
    acts = len(set(DESTROY) | set(OTHER))  # the act phrases the guard reads (destroy_ask.by_phrases), once
    distinct = len({q.query for q in QUERIES} | clauses) + len(TOOLS) + abstain + acts
    assert counting.texts_embedded == distinct


def test_a_profile_fit_over_registries_with_and_without_profiles():
    # The voice margin moves when a registry chosen on has profiles; one without keeps the
    # base's abstain threshold: each simulated as select() serves it with the chosen config.
    base = recommended_config(embedder="hashing")
    cached = CachingEmbedder(HashingEmbedder())
    registries = [RegistryData("plain", TOOLS, QUERIES), RegistryData("profiled", TOOLS, QUERIES, PROFILES)]
    sims = preset_simulators(registries, base, cached)
    assert not sims["plain"].voiced and sims["profiled"].voiced
    for leave_out, field in ((None, "abstain_voice_margin"), ("profiled", "abstain_threshold")):
        chosen = fit_preset(sims, base, leave_out=leave_out)
        assert field in chosen.overrides
        config = base.merged(chosen.overrides)
        assert preset_figures(sims, config) == dict(chosen.figures)
        for name, profiles in (("plain", None), ("profiled", PROFILES)):
            real = evaluate(ToolFilter(TOOLS, config=config, embedder=cached, profiles=profiles).select, QUERIES)
            assert_agree(chosen.figures[name], real, (leave_out, name))


# ----- the search -----


@pytest.fixture(scope="module")
def fitted():
    return fit_config(TOOLS, QUERIES, embedder=HashingEmbedder(), split=0.5, seed=0, budget=0.25)


def test_fit_with_profiles_searches_the_voice_margin(fitted_with_profiles, tmp_path):
    result = fitted_with_profiles
    assert result.abstain_rule == "voice" and not result.notes  # simulated figures = the pipeline's
    margin = result.config.abstain_voice_margin
    # one of the candidates read off the voice rule's evidence, moved from the profile's 0.1
    assert margin in result.candidates["abstain_margin"] and margin != recommended_config().abstain_voice_margin
    fitted = result.to_dict()["fitted"]
    assert fitted["abstain_voice_margin"] == margin and "abstain_threshold" not in fitted
    path = tmp_path / "fitted.yaml"
    path.write_text(result.to_yaml(profiles_source="profiles.jsonl"), encoding="utf-8")
    assert "# Tool profiles: profiles.jsonl." in path.read_text(encoding="utf-8")
    loaded = load_config(path)
    assert loaded == result.config
    held = [q for q in QUERIES if q.id in set(result.heldout_ids)]
    again = evaluate(ToolFilter(TOOLS, config=loaded, embedder=HashingEmbedder(), profiles=PROFILES).select, held)
    assert again.recall_mean == result.heldout.recall_mean
    assert again.no_tool_rejection == result.heldout.no_tool_rejection


def test_fit_respects_the_budget_and_zero_dangerous_on_the_fit_split(fitted):
    assert fitted.feasible and not fitted.notes
    assert fitted.fit.cost_ratio <= 0.25
    assert fitted.fit.dangerous_misselect == 0.0

    # the shipped preset is one of the starting points: the fit is never worse on the fit split
    def served(r):
        return (r.recall_mean * r.tool_queries + (r.no_tool_rejection or 0.0) * r.no_tool_queries) / r.queries

    if fitted.default_fit.cost_ratio <= 0.25 and fitted.default_fit.dangerous_misselect == 0.0:
        assert served(fitted.fit) >= served(fitted.default_fit)
    assert fitted.config.enabled and fitted.config.embedder == "hashing"
    assert len(fitted.fit_ids) + len(fitted.heldout_ids) == len(QUERIES)
    assert fitted.configs_evaluated > 100


@pytest.mark.parametrize("budget", [0.05, 0.1])
def test_a_tighter_budget_is_respected(budget, fitted_at_010):
    if budget == 0.10:
        result, _ = fitted_at_010  # the same call, made once for the module
    else:
        result = fit_config(TOOLS, QUERIES, embedder=HashingEmbedder(), seed=0, budget=budget)
    # respected, or said: since a request naming a tool's own action is never abstained on
    # ("now cancel for me" gets cancel_event), 0.05 is out of reach here
    kept = any(f"no config keeps the mean cost_ratio within {budget:g}" in n for n in result.notes)
    assert result.fit.cost_ratio <= budget or kept
    # the profile widens rather than answer nothing (widen_when_empty): where a tight budget
    # leaves a dangerous misselection, the fit says so instead of hiding it
    if result.fit.dangerous_misselect:
        assert not result.feasible and any("not reachable" in n for n in result.notes)


def test_fit_without_a_zero_dangerous_config_minimizes_it_and_says_so():
    # A query that is exactly a tool's name always selects that tool: labelled with another
    # tool, a dangerous misselection is unavoidable.
    traps = [("read_file", "write_file"), ("list_dir", "read_file"), ("send_email", "read_inbox")]
    queries = [*QUERIES, *(LabelledQuery(f"trap-{a}", a, (b,)) for a, b in traps)]
    result = fit_config(TOOLS, queries, embedder=HashingEmbedder(), split=0.9, seed=0, budget=0.25)
    caught = len([i for i in result.fit_ids if i.startswith("trap-")])
    assert caught >= 1
    assert not result.feasible
    assert any("zero dangerous misselection is not reachable" in n and f"leaves {caught}" in n for n in result.notes)
    # minimized: the traps are the only dangerous misselections left
    assert result.fit.dangerous_misselect == pytest.approx(caught / result.fit.tool_queries)


def test_some_tolerance_buys_recall_back(fitted):
    tolerant = fit_config(TOOLS, QUERIES, embedder=HashingEmbedder(), seed=0, budget=0.25, max_dangerous=0.2)
    assert tolerant.fit.recall_mean >= fitted.fit.recall_mean
    assert tolerant.fit.dangerous_misselect <= 0.2


def test_bad_arguments_are_refused():
    with pytest.raises(ConfigError, match="budget"):
        fit_config(TOOLS, QUERIES, embedder=HashingEmbedder(), budget=0.0)
    with pytest.raises(ConfigError, match="max_dangerous"):
        fit_config(TOOLS, QUERIES, embedder=HashingEmbedder(), max_dangerous=2.0)
    with pytest.raises(ToolSpecError, match="not in the tools given.*x: 'ghost'"):
        fit_config(TOOLS, [*QUERIES, LabelledQuery("x", "boo", ("ghost",))], embedder=HashingEmbedder())
    with pytest.raises(ToolSpecError, match="no query that needs a tool"):
        fit_config(TOOLS, [LabelledQuery("n", "hi", ())] * 4, embedder=HashingEmbedder())


# ----- the output -----


def test_yaml_is_a_complete_config_with_a_header(fitted, tmp_path):
    text = fitted.to_yaml(tools_source="tools.jsonl", queries_source="q.jsonl")
    header = [line for line in text.splitlines() if line.startswith("#")]
    assert any("tools.jsonl (12 tools)" in line for line in header)
    assert any("Held-out figures" in line for line in header)
    assert any(line.lstrip("# ").startswith("recall_mean") for line in header)
    path = tmp_path / "fitted.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = load_config(path)
    assert loaded == fitted.config
    assert loaded.embedder == "hashing"
    # and the loaded file reproduces the fit figures
    again = evaluate(
        ToolFilter(TOOLS, config=loaded, embedder=HashingEmbedder()).select,
        [q for q in QUERIES if q.id in set(fitted.heldout_ids)],
    )
    assert again.recall_mean == fitted.heldout.recall_mean


def test_to_dict_and_summary(fitted):
    data = fitted.to_dict()
    assert {"fit", "heldout", "default_heldout", "fitted", "feasible"} <= set(data)
    assert set(data["fitted"]) >= {
        "weights",
        "top_k",
        "min_score",
        "min_gap",
        "min_combined_score",
        "abstain_threshold",
    }
    json.dumps(data)
    assert "held-out: default" in fitted.summary()


def test_fit_command_writes_a_loadable_config(capsys, tmp_path):
    tools = tmp_path / "tools.jsonl"
    tools.write_text("\n".join(json.dumps(t.to_dict()) for t in TOOLS), encoding="utf-8")
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    rows = [{"id": q.id, "query": q.query, "gold": list(q.gold)} for q in QUERIES]
    first.write_text("\n".join(json.dumps(r) for r in rows[:30]), encoding="utf-8")
    second.write_text("\n".join(json.dumps(r) for r in rows[30:]), encoding="utf-8")
    out = tmp_path / "fitted.yaml"
    argv = ["fit", "--tools", str(tools), "--queries", str(first), "--queries", str(second)]
    argv += ["--embedder", "hashing", "--budget", "0.2", "-o", str(out), "--json"]
    code = main(argv)
    stdout, stderr = capsys.readouterr()
    assert code == 0, stderr
    data = json.loads(stdout)
    assert data["fit_queries"] + data["heldout_queries"] == len(QUERIES)
    assert data["fit"]["cost_ratio"] <= 0.2
    config = load_config(out)
    assert config.embedder == "hashing" and config.enabled
    assert f"{first} + {second}" in out.read_text(encoding="utf-8")


def test_fit_command_with_profiles_fits_the_voice_margin(fitted_with_profiles, capsys, tmp_path):
    tools = tmp_path / "tools.jsonl"
    tools.write_text("\n".join(json.dumps(t.to_dict()) for t in TOOLS), encoding="utf-8")
    queries = tmp_path / "q.jsonl"
    queries.write_text("\n".join(json.dumps({"id": q.id, "query": q.query, "gold": list(q.gold)}) for q in QUERIES))
    profiles = PROFILES.write(tmp_path / "profiles.jsonl")
    out = tmp_path / "fitted.yaml"
    argv = ["fit", "--tools", str(tools), "--queries", str(queries), "--profiles", str(profiles)]
    code = main([*argv, "--embedder", "hashing", "--budget", "0.25", "-o", str(out), "--json", "--force"])
    stdout, stderr = capsys.readouterr()
    assert code == 0, stderr
    data = json.loads(stdout)
    expected = fitted_with_profiles  # fit_config with the command's defaults (split 0.5, seed 0)
    assert data["fitted"]["abstain_voice_margin"] == expected.config.abstain_voice_margin
    assert load_config(out) == expected.config
    assert f"# Tool profiles: {profiles}." in out.read_text(encoding="utf-8")


def test_fit_command_with_a_bad_profiles_file_exits_2(capsys, tmp_path):
    tools = tmp_path / "tools.jsonl"
    tools.write_text("\n".join(json.dumps(t.to_dict()) for t in TOOLS), encoding="utf-8")
    queries = tmp_path / "q.jsonl"
    queries.write_text("\n".join(json.dumps({"id": q.id, "query": q.query, "gold": list(q.gold)}) for q in QUERIES))
    profiles = tmp_path / "profiles.jsonl"
    profiles.write_text('{"tool": "read_file", "requests": "open it"}\n', encoding="utf-8")
    argv = ["fit", "--tools", str(tools), "--queries", str(queries), "--profiles", str(profiles)]
    code = main([*argv, "--embedder", "hashing", "-o", str(tmp_path / "o.yaml")])
    _, err = capsys.readouterr()
    assert code == 2 and "line 1" in err and "requests" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        pytest.param(["--split", "1.0"], "split: got 1.0", id="split"),
        pytest.param(["--budget", "0"], "budget: got 0", id="budget"),
        pytest.param(["-o", "/no/such/dir/x.yaml"], "does not exist", id="output-dir"),
    ],
)
def test_fit_command_mistakes_exit_2(capsys, tmp_path, extra, needle):
    tools = tmp_path / "tools.jsonl"
    tools.write_text("\n".join(json.dumps(t.to_dict()) for t in TOOLS), encoding="utf-8")
    queries = tmp_path / "q.jsonl"
    queries.write_text("\n".join(json.dumps({"id": q.id, "query": q.query, "gold": list(q.gold)}) for q in QUERIES))
    argv = [
        "fit",
        "--tools",
        str(tools),
        "--queries",
        str(queries),
        "--embedder",
        "hashing",
        "-o",
        str(tmp_path / "o.yaml"),
    ]
    code = main([*argv, *extra])
    _, err = capsys.readouterr()
    assert code == 2 and needle in err and "Traceback" not in err


def test_fit_command_refuses_a_config_worse_than_the_profile_unless_forced(capsys, tmp_path, monkeypatch):
    # The two runs differ by --force alone: the second gets the first's fit (deterministic)
    # when the command asks for the very same fit, and the test says it did.
    import toolfilter_core._fit

    real, fits = toolfilter_core._fit.fit_config, []

    def fit_once(*args, **kwargs):
        if not fits or fits[-1][0] != (args, kwargs):
            fits.append(((args, kwargs), real(*args, **kwargs)))
        return fits[-1][1]

    monkeypatch.setattr(toolfilter_core._fit, "fit_config", fit_once)
    tools = tmp_path / "tools.jsonl"
    tools.write_text("\n".join(json.dumps(t.to_dict()) for t in TOOLS), encoding="utf-8")
    queries = tmp_path / "q.jsonl"
    queries.write_text("\n".join(json.dumps({"id": q.id, "query": q.query, "gold": list(q.gold)}) for q in QUERIES))
    out = tmp_path / "fitted.yaml"
    # a budget of 1% forces a config that answers almost nothing: it serves less than the profile
    argv = ["fit", "--tools", str(tools), "--queries", str(queries), "--embedder", "hashing", "--budget", "0.01"]
    code = main([*argv, "-o", str(out)])
    _, stderr = capsys.readouterr()
    assert code == 1 and not out.exists()
    assert "not written" in stderr and "--force" in stderr
    code = main([*argv, "-o", str(out), "--force", "--json"])
    stdout, _ = capsys.readouterr()
    data = json.loads(stdout)
    assert code == 0 and out.exists()
    assert data["worse_than_default"] and data["heldout_served"] < data["default_heldout_served"]
    assert len(fits) == 1  # both runs asked for the same fit
