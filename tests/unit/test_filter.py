import math

import pytest

from toolfilter_core import (
    HashingEmbedder,
    Policy,
    QueryError,
    Reason,
    SelectionError,
    Status,
    ToolFilter,
    ToolFilterConfig,
    ToolSpec,
    load_bundled_tools,
)

from .fakes import TableEmbedder, constants, unit

# Five tools in three domains; vectors on hand-made axes so every cosine is known.
TOOLS = [
    ToolSpec("send_mail", "Send an email", category="mail", tags=("email",)),
    ToolSpec("read_inbox", "List inbox messages", category="mail", tags=("email",)),
    ToolSpec("sql_query", "Run a SQL query", category="db", tags=("sql",)),
    ToolSpec("db_backup", "Back up the database", category="db"),
    ToolSpec("disk_usage", "Report disk usage", category="ops"),
]
AXES = {
    "send_mail": unit(1, 0, 0, 0, 0),
    "read_inbox": unit(0, 1, 0, 0, 0),
    "sql_query": unit(0, 0, 1, 0, 0),
    "db_backup": unit(0, 0, 0, 1, 0),
    "disk_usage": unit(0, 0, 0, 0, 1),
}


def make(queries, **config):
    table = {t.document(): AXES[t.name] for t in TOOLS}
    table.update(queries)
    cfg = ToolFilterConfig(enabled=True, **config)
    return ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(table))


def test_confident_selection_takes_top_k_best_first():
    # cosines: send_mail 0.8, read_inbox 0.6 (unit vector (0.8, 0.6))
    tf = make({"tell bob": unit(0.8, 0.6)}, top_k=1)
    s = tf.select("tell bob")
    assert s.names == ["send_mail"]
    assert s.selected[0].score == pytest.approx(0.8)
    assert {r.name: r.reason for r in s.rejected}["read_inbox"] is Reason.BELOW_TOP_K
    assert not s.fallback


def test_zero_score_protection_returns_nothing_not_the_first_tools():
    # the query vector points away from every tool: all cosines <= 0, no shared tokens
    tf = make({"zzz": unit(-1, -1, -1, -1, -1)})
    s = tf.select("zzz")
    assert s.selected == ()
    assert s.rejected and all(r.reason is Reason.ZERO_SCORE for r in s.rejected)
    assert s.status is Status.NO_TOOL_FITS


def test_min_combined_score_is_the_no_tool_threshold():
    tf = make({"hmm": unit(0.3, 0.2, 0, 0, 0, 0.93)}, min_combined_score=0.35)
    s = tf.select("hmm")
    assert s.selected == ()
    assert {r.reason for r in s.rejected} == {Reason.BELOW_MIN_COMBINED, Reason.ZERO_SCORE}


def test_low_gap_widens_to_top_domains_not_all_tools():
    # mail 0.5 and db 0.5 nearly tied, ops 0.3: low gap -> fallback over 2 domains
    q = unit(0.5, 0.0, 0.49, 0.2, 0.1)
    norm = math.sqrt(0.5**2 + 0.49**2 + 0.2**2 + 0.1**2)
    tf = make({"q": q}, top_k=1, min_gap=0.05, fallback_domains=2, fallback_top_k=3)
    s = tf.select("q")
    assert s.fallback
    assert s.names == ["send_mail", "sql_query", "db_backup"]
    assert s.domains == ("mail", "db")
    assert s.selected[0].score == pytest.approx(0.5 / norm, abs=1e-5)
    reasons = {r.name: r.reason for r in s.rejected}
    assert reasons["disk_usage"] is Reason.OTHER_DOMAIN
    assert s.status is Status.WIDENED


def test_low_top_score_also_falls_back():
    tf = make({"q": unit(0.3, 0, 0, 0, 0, 0.95)}, min_score=0.5, fallback_domains=1)
    s = tf.select("q")
    assert s.fallback and s.names == ["send_mail"]


def test_route_domains_keeps_ranking_inside_best_domain(monkeypatch):
    constants(monkeypatch, route_domains=1)
    tf = make({"q": unit(0.9, 0.3, 0.35, 0, 0)}, top_k=3)
    s = tf.select("q")
    assert s.names == ["send_mail", "read_inbox"]
    assert {r.name: r.reason for r in s.rejected}["sql_query"] is Reason.OTHER_DOMAIN


def test_relative_cut_drops_weak_tail():
    tf = make({"q": unit(0.9, 0.2, 0.1, 0, 0)}, top_k=3, relative_cut=0.5)
    assert tf.select("q").names == ["send_mail"]


@pytest.mark.parametrize(
    ("config", "policy", "expected", "reasons"),
    [
        # block removes a tool before ranking
        ({"block_tools": ("send_mail",)}, None, ["read_inbox"], {"send_mail": Reason.BLOCKED}),
        # allow keeps only the named tools
        ({"allow_tools": ("read_inbox",)}, None, ["read_inbox"], {"send_mail": Reason.NOT_ALLOWED}),
        # a caller's policy blocks even what the config allows: block wins
        (
            {"allow_tools": ("send_mail", "read_inbox")},
            Policy(block_tools=frozenset({"send_mail"})),
            ["read_inbox"],
            {"send_mail": Reason.BLOCKED},
        ),
        # policy by tag
        ({}, Policy(block_tags=frozenset({"email"})), [], {}),
    ],
)
def test_allow_block_and_policy(config, policy, expected, reasons):
    tf = make({"q": unit(0.8, 0.6)}, top_k=1, **config)
    s = tf.select("q", policy=policy)
    assert s.names == expected
    assert "send_mail" not in s.names or not reasons
    rejected = {r.name: r.reason for r in s.rejected}
    for name, reason in reasons.items():
        assert name not in s.names
        assert rejected[name] is reason


def test_blocked_tool_never_appears_even_by_exact_name_or_always_include():
    tf = make({}, block_tools=("send_mail",), always_include=("read_inbox",))
    assert tf.select("send_mail").names != ["send_mail"]
    assert "send_mail" not in tf.select("send_mail", sticky=["send_mail"]).names


def test_read_only_policy_uses_mcp_annotations():
    tools = [
        ToolSpec("list_files", "List files", annotations={"readOnlyHint": True}),
        ToolSpec("delete_files", "Delete files", annotations={"destructiveHint": True}),
    ]
    tf = ToolFilter(tools, config={"enabled": True}, embedder=HashingEmbedder())
    assert tf.select("files please", policy=Policy(read_only=True)).names == ["list_files"]
    assert "delete_files" not in tf.select("delete files", policy=Policy(allow_destructive=False)).names


def test_category_gate_applies_with_enough_confidence():
    q = unit(0.8, 0, 0.6, 0, 0)
    cfg = {"use_category_filter": True, "category_confidence_threshold": 0.7, "top_k": 1}
    tf = make({"q": q}, **cfg)
    assert tf.select("q", category="db", confidence=0.9).names == ["sql_query"]
    # below the threshold the gate is not applied
    low = tf.select("q", category="db", confidence=0.5)
    assert low.names == ["send_mail"]
    assert "not applied" in low.notes[0]


def test_category_gate_that_would_leave_nothing_is_skipped():
    tf = make({"q": unit(0.8, 0.6)}, use_category_filter=True, top_k=1, candidate_pool_size=2)
    s = tf.select("q", category="weather")
    assert s.names == ["send_mail"]
    assert "skipped" in s.notes[0]


def test_min_lexical_overlap_gate():
    # "email" overlaps send_mail's description ("Send an email"), nothing overlaps read_inbox
    tf = make({"email bob": unit(0.6, 0.8)}, min_lexical_overlap=1, top_k=2)
    s = tf.select("email bob")
    assert s.names == ["send_mail"]
    assert {r.name: r.reason for r in s.rejected}["read_inbox"] is Reason.BELOW_MIN_OVERLAP


def test_worked_example_of_the_scoring_docs():
    # docs/scoring.md: query "send an email to bob", tool send_mail "Send an email", tag "email"
    # embed 0.8; lexical: query tokens {send, an, email, to, bob}, 3 found -> 3/5 = 0.6
    # tag: tag tokens {email} all found -> 1.0; name: {send, mail} not all in query -> 0
    # weights embed .7 lexical .2 tag .05 name .05 -> .7*.8 + .2*.6 + .05*1 + .05*0 = .73
    q = "send an email to bob"
    tf = make({q: unit(0.8, 0.6)}, weights={"embed": 0.7, "lexical": 0.2, "tag": 0.05, "name": 0.05}, top_k=1)
    top = tf.select(q).selected[0]
    assert top.name == "send_mail"
    signals = top.breakdown.signals
    assert signals["embed"] == pytest.approx(0.8)
    assert signals["lexical"] == pytest.approx(0.6)
    assert signals["tag"] == 1.0 and signals["name"] == 0.0
    assert top.score == pytest.approx(0.73)


def test_support_is_the_second_best_vector_of_a_tool():
    # send_mail gets a trigger between its own and read_inbox's axes (3/7 on each, the rest on
    # an axis of no tool, so it describes neither tool more: not a foreign trigger); for q:
    # best 0.8 (doc), second 0.8 * 3/7 + 0.6 * 3/7 = 0.6 (trigger)
    tools = [ToolSpec("send_mail", "Send an email", category="mail", triggers=("mail it",)), *TOOLS[1:]]
    table = {t.document(): AXES[t.name] for t in tools}
    table["mail it"] = unit(3 / 7, 3 / 7, 0, 0, 0, 31**0.5 / 7)
    table["q"] = unit(0.8, 0.6)
    cfg = ToolFilterConfig(enabled=True, top_k=2, weights={"embed": 1.0, "support": 1.0})
    s = ToolFilter(tools, config=cfg, embedder=TableEmbedder(table)).select("q")
    top = s.selected[0]
    assert (top.name, top.breakdown.signals["support"]) == ("send_mail", pytest.approx(0.6))
    # (1.0*0.8 + 1.0*0.6) / 2 = 0.7; read_inbox has one vector: (0.6 + 0.6) / 2 = 0.6
    assert top.score == pytest.approx(0.7)
    assert s.selected[1].score == pytest.approx(0.6)


def test_ties_break_by_name_and_results_are_deterministic():
    tf = make({"q": unit(1, 1, 1, 1, 1)}, top_k=5)
    first = tf.select("q")
    assert first.names == ["db_backup", "disk_usage", "read_inbox", "send_mail", "sql_query"]
    assert tf.select("q") == first


def test_exact_tool_name_returns_that_tool_whatever_the_score():
    tf = make({}, min_combined_score=0.99)
    s = tf.select("disk_usage")
    assert s.names == ["disk_usage"]
    assert s.status is Status.EXACT_NAME


def test_always_include_and_sticky_are_added_after_the_ranked_tools():
    tf = make({"q": unit(1, 0, 0, 0, 0)}, top_k=1, always_include=("disk_usage",))
    s = tf.select("q", sticky=["sql_query", "no_such_tool"])
    assert s.names == ["send_mail", "disk_usage", "sql_query"]
    assert [x.breakdown.matched for x in s.selected[1:]] == ["always_include", "sticky"]


def test_plain_mode_is_embedding_top_k_with_threshold():
    table = {t.document(): AXES[t.name] for t in TOOLS}
    table["q"] = unit(0.8, 0.6)
    cfg = ToolFilterConfig(enabled=False, top_k=5, similarity_threshold=0.7)
    tf = ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(table))
    s = tf.select("q")
    assert s.names == ["send_mail"]
    reasons = {r.name: r.reason for r in s.rejected}
    assert reasons["read_inbox"] is Reason.BELOW_MIN_SIMILARITY
    assert reasons["sql_query"] is Reason.ZERO_SCORE
    assert s.selected[0].breakdown.weights == {"embed": 1.0}


def test_context_turns_are_blended_into_the_query(monkeypatch):
    constants(monkeypatch, history_weight=0.6)
    tf = make({"and the other one?": unit(0.5, 0.5, 0, 0, 0, 0.7), "check the database": unit(0, 0, 1, 0, 0)}, top_k=1)
    alone = tf.select("and the other one?")
    with_context = tf.select("and the other one?", context=["check the database"])
    assert alone.names != ["sql_query"]
    assert with_context.names == ["sql_query"]


REQUEST = "mail the report to Anna, then back up the database"
CLAUSES = {
    REQUEST: unit(0.6, 0, 0, 0.1, 0, 0.793725),  # the whole request: near send_mail only
    "mail the report to Anna": unit(1, 0, 0, 0, 0),
    "then back up the database": unit(0, 0, 0, 1, 0),
}


def test_each_clause_of_a_request_finds_its_tool_in_one_embed_call():
    tf = make(CLAUSES, top_k=2, weights={"embed": 1.0}, min_combined_score=0.5)
    calls = tf.embedder.calls
    s = tf.select(REQUEST)
    assert tf.embedder.calls == calls + 1  # the request and its clauses in one batch
    assert s.names == ["db_backup", "send_mail"]  # tie at 1.0, then by name
    assert [x.breakdown.signals["embed"] for x in s.selected] == [pytest.approx(1.0), pytest.approx(1.0)]


def test_a_registry_over_clause_max_tools_skips_clause_matching(monkeypatch):
    monkeypatch.setattr("toolfilter_core._pipeline.vectors.CLAUSE_MAX_TOOLS", 4)
    tf = make(CLAUSES, top_k=2, weights={"embed": 1.0}, min_combined_score=0.5)
    calls = tf.embedder.calls
    assert tf.select(REQUEST).names == ["send_mail"]  # five tools: over the limit
    assert tf.embedder.calls == calls + 1
    monkeypatch.setattr("toolfilter_core._pipeline.vectors.CLAUSE_MAX_TOOLS", 5)
    assert make(CLAUSES, top_k=2, weights={"embed": 1.0}, min_combined_score=0.5).select(REQUEST).names == [
        "db_backup",
        "send_mail",
    ]


def test_each_ask_keeps_its_best_tool_beyond_top_k():
    tf = make(CLAUSES, top_k=1, weights={"embed": 1.0}, min_combined_score=0.5)
    s = tf.select(REQUEST)
    assert s.names == ["db_backup", "send_mail"]  # top_k=1 took db_backup (1.0, first by name)
    assert s.selected[1].reason is None
    assert "kept each ask's best tool: send_mail (for 'mail the report to Anna')" in s.notes


def test_the_explanation_names_the_tool_text_a_clause_matched():
    tools = [*TOOLS[:3], ToolSpec("db_backup", "Back up the database", category="db", triggers=("snapshot the db",))]
    table = {t.document(): AXES[t.name] for t in tools} | CLAUSES
    table["snapshot the db"] = unit(0, 0, 0, 0.6, 0, 0, 0.8)  # the whole request: 0.06, below the doc's 0.1
    table["then back up the database"] = unit(0, 0, 0, 0.6, 0, 0, 0.8)
    cfg = ToolFilterConfig(enabled=True, top_k=2, weights={"embed": 1.0}, min_combined_score=0.5)
    s = ToolFilter(tools, config=cfg, embedder=TableEmbedder(table)).select(REQUEST)
    assert {x.name: x.breakdown.matched for x in s.selected}["db_backup"] == "snapshot the db"


def test_without_clause_matching_only_the_whole_request_counts(monkeypatch):
    constants(monkeypatch, clause_matching=False)
    tf = make(CLAUSES, top_k=2, weights={"embed": 1.0}, min_combined_score=0.5)
    s = tf.select(REQUEST)
    assert s.names == ["send_mail"]
    assert s.selected[0].breakdown.signals["embed"] == pytest.approx(0.6)
    assert {r.name: r.reason for r in s.rejected}["db_backup"] is Reason.BELOW_MIN_COMBINED


def test_clauses_shorter_than_min_clause_chars_are_not_embedded(monkeypatch):
    monkeypatch.setattr("toolfilter_core._pipeline.vectors.MIN_CLAUSE_CHARS", 24)
    tf = make(CLAUSES, top_k=2, weights={"embed": 1.0}, min_combined_score=0.5)
    assert tf.select(REQUEST).names == ["send_mail"]  # "mail the report to Anna" is 23 characters


@pytest.mark.parametrize("query", ["", "   \n"])
def test_a_query_with_no_text_gives_no_tools_and_says_why(query):
    # what the user wrote never raises, whatever fallback_to_empty says; always_include stays
    for fallback in (True, False):
        tf = make({}, always_include=["disk_usage"], fallback_to_empty=fallback)
        selection = tf.select(query, sticky=["send_mail"])
        assert selection.names == ["disk_usage"]
        assert (selection.status, selection.detail) == (Status.NO_TEXT, "the request is empty")
        assert (selection.to_dict()["detail"], selection.notes) == ("the request is empty", ())  # no note repeats it


@pytest.mark.parametrize(
    ("query", "needle"), [(None, "expected a string"), ("x" * 1_000_001, "over the limit of 1,000,000")]
)
def test_bad_queries_are_refused(query, needle):
    tf = make({})
    with pytest.raises(QueryError, match=needle):
        tf.select(query)


def test_bad_top_k_and_confidence_are_refused():
    tf = make({})
    with pytest.raises(QueryError, match="top_k"):
        tf.select("q", top_k=0)
    with pytest.raises(QueryError, match="confidence"):
        tf.select("q", confidence=1.5)


class BrokenEmbedder(HashingEmbedder):
    def __init__(self):
        super().__init__()
        self.broken = False

    def embed_queries(self, texts):
        if self.broken:
            raise RuntimeError("model crashed")
        return super().embed_queries(texts)


def test_fallback_to_empty_true_returns_nothing_with_a_note(caplog):
    embedder = BrokenEmbedder()
    tf = ToolFilter(TOOLS, config={"enabled": True}, embedder=embedder)
    embedder.broken = True
    s = tf.select("send mail")
    assert s.selected == ()
    assert (s.status, s.detail) == (Status.FAILED, "RuntimeError: model crashed")
    assert s.notes == ()  # the status and its detail say it


def test_fallback_to_empty_false_raises_a_typed_error():
    embedder = BrokenEmbedder()
    tf = ToolFilter(TOOLS, config={"enabled": True, "fallback_to_empty": False}, embedder=embedder)
    embedder.broken = True
    with pytest.raises(SelectionError, match="model crashed"):
        tf.select("send mail")


async def test_aselect_matches_select():
    tf = ToolFilter(load_bundled_tools(), config={"enabled": True}, embedder=HashingEmbedder())
    assert (await tf.aselect("run the tests")) == tf.select("run the tests")


def test_cost_is_measured_in_openai_tool_characters():
    tf = make({"q": unit(1, 0, 0, 0, 0)}, top_k=1)
    s = tf.select("q")
    assert s.total_chars > s.selected_chars > 0
    assert 0 < s.cost_ratio < 1


def test_empty_registry_selects_nothing():
    tf = ToolFilter([], config={"enabled": True}, embedder=HashingEmbedder())
    assert tf.select("anything").selected == ()


def test_explain_and_to_dict_carry_the_breakdown():
    tf = make({"q": unit(0.8, 0.6)}, top_k=1)
    s = tf.select("q")
    text = s.explain()
    assert "send_mail" in text and "embed=0.80" in text and "saved" in text
    d = s.to_dict()
    assert d["selected"][0]["signals"]["embed"] == 0.8
    assert d["rejected"][0]["reason"] == "below_top_k"


def test_exact_name_of_a_blocked_tool_selects_nothing():
    tf = make({}, block_tools=("send_mail",))
    s = tf.select("send_mail")
    assert s.selected == ()
    assert s.rejected[0].name == "send_mail" and s.rejected[0].reason is Reason.BLOCKED
    assert s.status is Status.EXACT_NAME and "may not use" in s.detail and not s.notes


def test_indexing_embeds_the_phrases_once_and_a_select_only_its_request():
    embedder = HashingEmbedder()
    cfg = ToolFilterConfig(enabled=True, abstain_phrases=("tell me a joke",))
    tf = ToolFilter(TOOLS, config=cfg, embedder=embedder)
    assert embedder.calls == 2  # the tool texts in one batch, the abstain phrases in another (stored with them)
    calls = embedder.calls
    tf.set_tools(TOOLS)
    assert embedder.calls == calls  # nothing changed: nothing embedded
    tf.select("tell me a joke")
    tf.select("tell me a joke please")
    assert embedder.calls == calls + 2  # each request, nothing else


def test_fallback_over_uncategorised_tools_is_capped_by_tools_not_domains():
    # no categories: every tool is its own domain; a low-confidence fallback may still hold
    # fallback_top_k tools rather than only fallback_domains of them
    tools = [ToolSpec(t.name, t.description) for t in TOOLS]
    table = {t.document(): AXES[t.name] for t in tools}
    table["q"] = unit(0.5, 0.49, 0.48, 0.47, 0.2)
    cfg = ToolFilterConfig(enabled=True, top_k=1, min_gap=0.2, fallback_domains=1, fallback_top_k=4)
    s = ToolFilter(tools, config=cfg, embedder=TableEmbedder(table)).select("q")
    assert s.fallback
    assert s.names == ["send_mail", "read_inbox", "sql_query", "db_backup"]


def test_search_threads_change_the_speed_not_the_selection():
    tools = load_bundled_tools()
    queries = ["send an email to bob", "查一下数据库里的订单", "how much disk is left"]
    one = ToolFilter(tools, embedder=HashingEmbedder(), config={"enabled": True, "search_threads": 1})
    two = ToolFilter(tools, embedder=HashingEmbedder(), config={"enabled": True, "search_threads": 2})
    for query in queries:
        a, b = one.select(query), two.select(query)
        assert a.names == b.names and a.names
        assert [s.score for s in a.selected] == pytest.approx([s.score for s in b.selected], abs=1e-6)


ARG_TOOLS = [
    ToolSpec("read_file", "Read a file", parameters={"type": "object", "properties": {"path": {"type": "string"}}}),
    ToolSpec(
        "http_post",
        "POST to an endpoint",
        parameters={"type": "object", "properties": {"url": {"type": "string"}, "body": {"type": "string"}}},
    ),
]


def _argument_filter():
    table = {ARG_TOOLS[0].document(): unit(1, 0), ARG_TOOLS[1].document(): unit(0, 1)}
    table |= {"show me /etc/hosts": unit(0.7, 0.714), "show me the hosts": unit(0.6, 0.8)}
    table |= {"show me /etc/passwd": unit(0.55, 0.835)}
    cfg = ToolFilterConfig(enabled=True, top_k=2, weights={"embed": 1.0, "argument": 0.5})
    return ToolFilter(ARG_TOOLS, config=cfg, embedder=TableEmbedder(table))


def test_a_value_the_tool_takes_lifts_it_by_the_argument_signal():
    s = _argument_filter().select("show me /etc/hosts")
    # read_file: (1.0 * 0.7 + 0.5 * 1) / 1.5; http_post takes no path: (1.0 * 0.714 + 0.5 * 0) / 1.5
    # (read_file's embed is 0.014 below the best, within claims.CLAIM_GAP: its claim counts)
    assert s.names == ["read_file", "http_post"]
    assert [x.score for x in s.selected] == [pytest.approx(1.2 / 1.5, abs=1e-3), pytest.approx(0.714 / 1.5, abs=1e-3)]
    assert s.selected[0].breakdown.signals["argument"] == 1.0


def test_the_argument_signal_does_not_lift_a_tool_far_below_the_best_match():
    s = _argument_filter().select("show me /etc/passwd")
    # read_file's embed 0.55 is 0.285 below http_post's 0.835, over claims.CLAIM_GAP (0.2): its
    # claim to take a path counts 0. read_file 0.55 / 1.5 = 0.367, http_post 0.835 / 1.5 = 0.557
    assert s.names == ["http_post", "read_file"]
    assert [x.score for x in s.selected] == [pytest.approx(0.835 / 1.5, abs=1e-3), pytest.approx(0.55 / 1.5, abs=1e-3)]
    assert s.selected[1].breakdown.signals["argument"] == 0.0


def test_a_request_without_argument_values_leaves_the_argument_weight_out():
    s = _argument_filter().select("show me the hosts")
    assert s.names == ["http_post", "read_file"]
    assert s.selected[0].score == pytest.approx(0.8)  # 1.0 * 0.8 / 1.0, not / 1.5
    assert "argument" not in s.selected[0].breakdown.signals
    assert "argument" not in s.selected[0].breakdown.weights


def test_a_request_carrying_a_value_a_tool_takes_is_never_abstained():
    table = {ARG_TOOLS[0].document(): unit(1, 0), ARG_TOOLS[1].document(): unit(0, 1)}
    table |= {"tips to slim down": unit(0, 0, 1), "slim down banner.jpg": unit(0.3, 0, 0.95)}
    table |= {"slim down my banner": unit(0.3, 0, 0.95), "slim down ann@example.com": unit(0.3, 0, 0.95)}
    cfg = ToolFilterConfig(enabled=True, top_k=1, abstain_phrases=("tips to slim down",), abstain_margin=0.1)
    tf = ToolFilter(ARG_TOOLS, config=cfg, embedder=TableEmbedder(table))
    assert tf.select("slim down my banner").names == []  # reads like the abstain phrase
    assert tf.select("slim down banner.jpg").names == ["read_file"]  # names a file, which read_file takes
    assert tf.select("slim down ann@example.com").names == []  # no tool takes an e-mail address


# ----- the status: what a selection came to, typed -----

WIDE = {"top_k": 1, "min_gap": 0.05, "fallback_domains": 2, "fallback_top_k": 3}


@pytest.mark.parametrize(
    ("queries", "config", "query", "status", "names"),
    [
        # send_mail 0.8, read_inbox 0.6: a clear winner
        pytest.param(
            {"tell bob": unit(0.8, 0.6)}, {"top_k": 1}, "tell bob", Status.SELECTED, ["send_mail"], id="selected"
        ),
        # mail 0.5 and db 0.49: under min_gap, widened to two domains
        pytest.param(
            {"q": unit(0.5, 0.0, 0.49, 0.2, 0.1)},
            WIDE,
            "q",
            Status.WIDENED,
            ["send_mail", "sql_query", "db_backup"],
            id="widened",
        ),
        pytest.param(
            {}, {"min_combined_score": 0.99}, "disk_usage", Status.EXACT_NAME, ["disk_usage"], id="exact-name"
        ),
        # every cosine <= 0 and no shared token: nothing is guessed
        pytest.param({"zzz": unit(-1, -1, -1, -1, -1)}, {}, "zzz", Status.NO_TOOL_FITS, [], id="no-tool-fits"),
        pytest.param({}, {}, "  ", Status.NO_TEXT, [], id="no-text"),
    ],
)
def test_the_status_says_what_the_selection_came_to(queries, config, query, status, names):
    s = make(queries, **config).select(query)
    assert (s.status, s.names) == (status, names)
    assert s.fallback == (status is Status.WIDENED)
    assert s.to_dict()["status"] == status.value  # the JSON key beside the others


def test_notes_serialise_as_plain_text_and_their_values_are_read_only():
    import json
    import pickle

    import yaml

    from toolfilter_core import Note, NoteKind

    tf = make({"q": unit(0.8, 0.6)}, use_category_filter=True, category_confidence_threshold=0.5)
    selection = tf.select("q", category="mail", confidence=0.1)
    out = selection.to_dict()
    assert all(type(n) is str for n in out["notes"])
    assert yaml.safe_load(yaml.safe_dump(out)) == json.loads(json.dumps(out))
    note = Note(NoteKind.ASKS_KEPT, "kept each ask's best tool: a, b", tools=("a", "b"))
    assert note.to_dict() == {"kind": "asks_kept", "tools": ["a", "b"]}
    again = pickle.loads(pickle.dumps(note))
    assert (again, again.kind, dict(again.values)) == (note, note.kind, dict(note.values))
    with pytest.raises(TypeError):
        selection.reasons[0].values["category"] = "changed"  # type: ignore[index]
