"""The doctor on a registry with planted problems, on the kit, and its rewrite round trip."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from toolfilter_core import ConfigError, HashingEmbedder, Profiles, ToolProfile, ToolSpec, diagnose, load_bundled_tools
from toolfilter_core._doctor import DoctorReport
from toolfilter_core._doctor.rewrites import rewrite_prompts
from toolfilter_core._doctor.run import CLUSTER_FACTOR
from toolfilter_core._doctor.values import KINDS, Probe, Ranked
from toolfilter_core._hints import says_destructive

ROOT = Path(__file__).resolve().parents[2]
KIT_PROFILES = ROOT / "benchmarks" / "data" / "toolkit48" / "profiles.jsonl"

WHEN = " Use when the user asks for it; not for anything else."
PLANTED = [
    # a crowded pair: both read mail in the inbox, and their users ask alike
    ToolSpec("search_mail", "Search mail messages in the inbox by sender, subject or words." + WHEN),
    ToolSpec("read_inbox", "Read mail messages in the inbox, newest first, from a sender or with a subject." + WHEN),
    # an unreachable tool: the same words as send_report in another order, so every tie goes to report_send
    ToolSpec("report_send", "Send the weekly report to the team by email." + WHEN),
    ToolSpec("send_report", "Send the weekly report to the team by email." + WHEN),
    # a thin description
    ToolSpec("ping", "Ping."),
    # destructive without a hint, and one with its hint (not a finding)
    ToolSpec("delete_user", "Delete a user account and all of its data." + WHEN),
    ToolSpec("drop_table", "Drop a database table." + WHEN, annotations={"destructiveHint": True}),
    # a name providers reject
    ToolSpec("weather.forecast", "The weather forecast for a city for the next days." + WHEN),
    ToolSpec("translate_text", "Translate text between languages, English, Chinese, French." + WHEN),
    ToolSpec("calendar_create", "Create a calendar event with a title, a start time and guests." + WHEN),
]
MAIL_ASKS = ("any mail from alice in my inbox", "show inbox messages from bob", "mail in inbox about invoices")
PLANTED_PROFILES = Profiles(
    {
        "search_mail": ToolProfile(MAIL_ASKS),
        "read_inbox": ToolProfile(("newest first please", "what came in today", "read the latest ones")),
        "calendar_create": ToolProfile(("book a meeting tomorrow at 3", "put lunch with sam in my calendar")),
    }
)


@pytest.fixture(scope="module")
def planted() -> DoctorReport:
    return diagnose(PLANTED, profiles=PLANTED_PROFILES, embedder=HashingEmbedder(), top_k=1)


def tools_of(report: DoctorReport, kind: str) -> set[tuple[str, ...]]:
    return {f.tools for f in report.of_kind(kind)}


def test_the_planted_crowded_pair_is_found_with_its_shared_words(planted):
    pairs = {frozenset(t) for t in tools_of(planted, "crowded_pair")}
    assert frozenset({"search_mail", "read_inbox"}) in pairs
    finding = next(f for f in planted.of_kind("crowded_pair") if set(f.tools) == {"search_mail", "read_inbox"})
    assert {"inbox", "mail"} <= set(finding.evidence["shared_words"])
    assert "requests written for" in finding.detail and finding.action


def test_the_planted_unreachable_tool_is_found(planted):
    # send_report's every probe ties with report_send's; ties go by name, so it is never first (k = 1)
    assert ("send_report",) in tools_of(planted, "unreachable")
    assert ("report_send",) not in tools_of(planted, "unreachable")


def test_the_planted_definition_problems_are_found(planted):
    assert ("ping",) in tools_of(planted, "thin_description")
    [unhinted] = planted.of_kind("destructive_without_hint")  # one finding names them all
    assert "delete_user" in unhinted.tools
    assert "drop_table" not in unhinted.tools  # it has its hint
    assert ("weather.forecast",) in tools_of(planted, "rejected_name")
    assert ("report_send", "send_report") in tools_of(planted, "near_duplicate")
    assert ("ping",) not in tools_of(planted, "no_when_to_use")  # no neighbour it could be taken for
    assert ("translate_text",) not in tools_of(planted, "no_when_to_use")


def test_only_tools_with_a_crowding_neighbour_need_a_when_to_use_line():
    tools = [
        ToolSpec("search_mail", "Search mail messages in the inbox by sender, subject or words."),
        ToolSpec("read_inbox", "Read mail messages in the inbox, newest first, from a sender or with a subject."),
        ToolSpec("order_refund_check", "Shows the refund state of an order. Does NOT refund — use refund_issue."),
        ToolSpec("refund_issue", "Refund an order, in full or in part, to the original payment method."),
        ToolSpec("calendar_create", "Create a calendar event with a title, a start time and guests."),
    ]
    report = diagnose(tools, profiles=PLANTED_PROFILES, embedder=HashingEmbedder(), top_k=1)
    crowded = {name for pair in tools_of(report, "crowded_pair") for name in pair}
    assert {"search_mail", "read_inbox"} <= crowded
    # one line names every such tool, a thin one too (search_mail: one sentence of 11 words), each with its neighbour
    (when,) = report.of_kind("no_when_to_use")
    flagged = set(when.tools)
    assert flagged == {"search_mail", "read_inbox"} & crowded
    assert "read_inbox (crowds search_mail)" in when.detail
    # said once: not again in the pair's line nor the thin description's (the JSON evidence still names them)
    pair = next(f for f in report.of_kind("crowded_pair") if set(f.tools) == {"search_mail", "read_inbox"})
    assert "when to use" not in pair.detail and "read_inbox" in pair.evidence["no_when_to_use"]
    assert not [f for f in report.of_kind("thin_description") if "when to use" in f.detail]
    assert "order_refund_check" not in flagged and "calendar_create" not in flagged


def test_every_finding_says_what_to_do_and_the_report_is_json(planted):
    assert planted.findings and all(f.action and f.kind in KINDS for f in planted.findings)
    data = json.loads(json.dumps(planted.to_dict()))
    assert data["tools"] == len(PLANTED) and data["profiled"] == 3 and data["top_k"] == 1
    assert data["counts"]["crowded_pair"] == len(planted.of_kind("crowded_pair"))
    assert "what to do:" in planted.text()


def test_another_language_than_the_users_is_a_finding():
    tools = [*PLANTED[:2], ToolSpec("list_files", "列出目录中的文件和子目录，按名称排序。")]
    report = diagnose(tools, profiles=PLANTED_PROFILES, embedder=HashingEmbedder())
    assert ("list_files",) in tools_of(report, "other_language")


def test_a_cluster_joins_three_tools_linked_by_strong_pairs():
    from toolfilter_core._doctor.crowding import clusters
    from toolfilter_core._doctor.values import CrowdedPair

    pairs = [CrowdedPair("a", "b", 1.0), CrowdedPair("b", "c", 1.0), CrowdedPair("x", "y", 1.0)]
    assert clusters(pairs) == [("a", "b", "c")]
    assert CLUSTER_FACTOR >= 1


def test_the_best_other_tool_of_a_ranking():
    row = Ranked(Probe("a", "request", "q"), ("b", "a", "c"), (0.9, 0.8, 0.1))
    assert row.position("a") == 1 and row.position("z") is None
    assert row.best_other() == ("b", 0.9, 0.8)


def test_the_kit_with_its_profiles():
    report = diagnose(load_bundled_tools(), profiles=KIT_PROFILES, embedder=HashingEmbedder())
    assert report.tools == 48 and report.profiled == 48
    assert report.of_kind("crowded_pair")
    assert all(p.score > 0 for p in report.pairs)
    # the kit's destructive tools carry their hints, and its names are all accepted
    assert not report.of_kind("rejected_name")


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        pytest.param({"top_k": 0}, "top_k: got 0; allowed: an integer from 1 to 128", id="top_k"),
        pytest.param({"crowded_score": 0.0}, r"crowded_score: got 0.0; allowed: a number in \(0, 10\]", id="score"),
    ],
)
def test_out_of_range_settings_are_refused(kwargs, match):
    with pytest.raises(ConfigError, match=match):
        diagnose(PLANTED, embedder=HashingEmbedder(), **kwargs)


def test_rewrite_prompts_name_each_flagged_tool_once_inside_the_fence(planted):
    prompts = rewrite_prompts(planted, PLANTED, batch_size=4)
    targets = [name for p in prompts for name in p.targets]
    assert sorted(targets) == sorted(set(targets)) and "ping" in targets
    assert all(p.to_dict()["kind"] == "rewrite" for p in prompts)
    assert "TOOL_DEFINITIONS>>>" in prompts[0].messages[1]["content"]


def test_the_html_page_lists_only_the_pairs_over_the_threshold(planted, tmp_path):
    from toolfilter_core._report.doctor_page import doctor_html

    over = {frozenset(f.tools) for f in planted.of_kind("crowded_pair")}
    under = [p for p in planted.pairs if frozenset((p.a, p.b)) not in over]
    assert over and under  # the report keeps weaker pairs (for --json); the page must not list them
    page = doctor_html(tmp_path / "d.html", planted).read_text("utf-8")
    table = page.split("Crowded pairs", 1)[1].split("</table>", 1)[0]
    assert table.count("<tr>") - 1 == len(over)


SAME_ACT = [
    # the same act in other words: their users ask alike
    ToolSpec("customer_lookup", "Look up a customer by e-mail or name."),
    ToolSpec("crm_find_contact", "Find a contact in the CRM."),
    # one generic word over different things: their users ask for different things
    ToolSpec("search_flights", "Search flights between two airports on a date."),
    ToolSpec("search_recipes", "Search recipes by ingredient or cuisine."),
    ToolSpec("calendar_create", "Create a calendar event with a title, a start time and guests."),
    ToolSpec("translate_text", "Translate text between languages, English, Chinese, French."),
]
SAME_ACT_PROFILES = Profiles(
    {
        "customer_lookup": ToolProfile(
            ("who is jane doe, jane@acme.com", "pull up bob smith from our customers", "details for bob smith")
        ),
        "crm_find_contact": ToolProfile(
            ("jane doe's details, jane@acme.com", "bob smith in our contacts", "who is bob smith")
        ),
        "search_flights": ToolProfile(("flights from paris to rome on friday", "cheapest way to fly to tokyo")),
        "search_recipes": ToolProfile(("a recipe with chicken and rice", "what can i cook with eggs and spinach")),
        "calendar_create": ToolProfile(("book a meeting tomorrow at 3", "put lunch with sam in my calendar")),
        "translate_text": ToolProfile(("say thank you in french", "what is this chinese sentence in english")),
    }
)


def test_a_pair_whose_users_ask_alike_is_measured_and_a_shared_generic_word_is_not_a_finding():
    """The users' overlap is measured (``voice``, ``foreign``: every request of the two sits nearer the
    other); it is no finding by itself since a64b68a+: the dev registries' listed pairs did not
    reward it (benchmarks/doctor_pairs.py --choose), the pipeline ranking them is what counts."""
    report = diagnose(SAME_ACT, profiles=SAME_ACT_PROFILES, embedder=HashingEmbedder(), crowded_score=0.04)
    pair = next(p for p in report.pairs if {p.a, p.b} == {"customer_lookup", "crm_find_contact"})
    assert pair.parts["foreign"] == 1.0 and pair.parts["voice"] > 0.5
    findings = diagnose(SAME_ACT, profiles=SAME_ACT_PROFILES, embedder=HashingEmbedder())
    assert frozenset(("search_flights", "search_recipes")) not in {frozenset(f.tools) for f in findings.findings}


def test_the_batch_ranking_puts_first_what_the_pipeline_puts_first(monkeypatch):
    from toolfilter_core import ToolFilter
    from toolfilter_core._doctor import batch
    from toolfilter_core._doctor.batch import batch_rank, tool_rows
    from toolfilter_core._doctor.probes import bare, probes_of
    from toolfilter_core._embed_cache import CachingEmbedder
    from toolfilter_core._resolve import resolve_config
    from toolfilter_core._tool_profiles.sidecar import as_profiles, attach_profiles

    tools = attach_profiles(load_bundled_tools(), as_profiles(KIT_PROFILES), warn_unknown=False)
    cache, config = CachingEmbedder(HashingEmbedder()), resolve_config(None, None)
    selector = ToolFilter(bare(tools), embedder=cache, config=config)
    probes = probes_of(tools, max_requests=2)
    _, _, documents = tool_rows(selector.snapshot)
    vectors = np.vstack(
        [
            documents[selector.snapshot.position[p.tool]]
            if p.source == "description"
            else cache.embed_queries([p.text])[0]
            for p in probes
        ]
    )
    ranked = batch_rank(selector.snapshot, config, probes, vectors)
    # the array form of the combined score ranks as the pipeline's scoring of the same pool
    monkeypatch.setattr(batch, "_TOKEN_SIGNALS", ("lexical", "tag", "name", "embed"))  # never all 0: scored
    scored = batch_rank(selector.snapshot, config, probes, vectors)
    assert [r.names for r in scored] == [r.names for r in ranked]
    assert np.allclose([s for r in scored for s in r.scores], [s for r in ranked for s in r.scores], atol=1e-6)
    same = 0
    for probe, row in zip(probes, ranked, strict=True):
        selection = selector.select(probe.text, top_k=5)
        ordered = [*selection.selected, *sorted(selection.rejected, key=lambda s: -s.score)]
        same += bool(ordered) and row.names[0] == ordered[0].name
    assert same >= 0.85 * len(probes)


def test_near_duplicates_are_the_pairs_an_all_pairs_loop_finds():
    from toolfilter_core._doctor.definitions import DUPLICATE_JACCARD, _jaccard, _overlapping

    rng = random.Random(3)
    vocabulary = [f"w{i}" for i in range(40)]
    words = [set(rng.sample(vocabulary, rng.randint(0, 9))) for _ in range(150)]
    words += [set(list(w)[:-1]) | {"extra"} for w in words[:40]]  # near copies
    every = {(i, j) for i in range(len(words)) for j in range(i + 1, len(words))}
    expected = {pair for pair in every if _jaccard(words[pair[0]], words[pair[1]]) >= DUPLICATE_JACCARD}
    assert expected and expected <= _overlapping(words)


def test_only_the_doubtful_probes_go_through_the_full_pipeline(monkeypatch):
    from toolfilter_core import ToolFilter

    calls = []
    real = ToolFilter.select

    def counted(self, *args, **kwargs):
        calls.append(args[0] if args else kwargs.get("query"))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(ToolFilter, "select", counted)
    report = diagnose(load_bundled_tools(), profiles=KIT_PROFILES, embedder=HashingEmbedder())
    assert report.tools == 48
    assert 0 < len(calls) <= 480 // 2  # 480 probes (name, description, 8 requests a tool): each a select() before


def test_the_destructive_advice_says_how_to_undo_a_wrong_reading():
    # a tool read as destructive from its words wrongly is fixed by destructiveHint: false
    tools = [ToolSpec("pass_revoke", "Revoke a guest pass before it is used.")]
    [unhinted] = diagnose(tools, embedder=HashingEmbedder(), top_k=1).of_kind("destructive_without_hint")
    assert '{"destructiveHint": false}' in unhinted.action
    assert not says_destructive(replace(tools[0], annotations={"destructiveHint": False}))
