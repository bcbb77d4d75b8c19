"""Destructive hints (MCP defaults), the Policy's own checks, select()'s argument checks, guarded widening."""

from __future__ import annotations

import pytest

from toolfilter_core import ConfigError, HashingEmbedder, Policy, QueryError, ToolFilter, ToolSpec, load_bundled_tools
from toolfilter_core._hints import is_destructive, is_read_only, says_destructive


@pytest.mark.parametrize(
    ("annotations", "read_only", "destructive"),
    [
        pytest.param({}, False, True, id="none: MCP defaults"),
        pytest.param({"readOnlyHint": True}, True, False, id="read-only"),
        pytest.param({"destructiveHint": False}, False, False, id="not destructive"),
        pytest.param({"destructiveHint": 1}, False, True, id="1 is not a boolean: the default"),
        pytest.param({"readOnlyHint": "true"}, False, True, id="a string is not a boolean"),
    ],
)
def test_mcp_hints_follow_mcps_defaults(annotations, read_only, destructive):
    tool = ToolSpec("t", "does a thing", annotations=annotations)
    assert is_read_only(tool) is read_only
    assert is_destructive(tool) is destructive


@pytest.mark.parametrize(
    ("tool", "says"),
    [
        (ToolSpec("delete_file", "Delete a file."), True),
        (ToolSpec("purge_cache", "清空缓存"), True),
        (ToolSpec("read_file", "Read a file."), False),
        (ToolSpec("drop_table", "Drop a table.", annotations={"destructiveHint": False}), False),
        (ToolSpec("archive", "Archive it.", annotations={"destructiveHint": True}), True),
    ],
)
def test_says_destructive_needs_the_tools_own_word_or_hint(tool, says):
    assert says_destructive(tool) is says


def test_a_policy_without_destructive_tools_keeps_only_those_that_say_they_are_safe():
    policy = Policy(allow_destructive=False)
    assert policy.verdict(ToolSpec("plain", "no annotations")) is not None  # MCP default: destructive
    assert policy.verdict(ToolSpec("ro", "x", annotations={"readOnlyHint": True})) is None
    assert policy.verdict(ToolSpec("safe", "x", annotations={"destructiveHint": False})) is None
    assert policy.verdict(ToolSpec("one", "x", annotations={"destructiveHint": 1})) is not None


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        pytest.param({"allow_tools": "read_file"}, "Policy.allow_tools", id="a string is not a set"),
        pytest.param({"block_tags": [3]}, "Policy.block_tags", id="names are strings"),
        pytest.param({"read_only": "yes"}, "Policy.read_only", id="a flag is a bool"),
    ],
)
def test_a_policy_checks_its_arguments(kwargs, needle):
    with pytest.raises(ConfigError, match=needle):
        Policy(**kwargs)


@pytest.fixture(scope="module")
def kit() -> ToolFilter:
    return ToolFilter(load_bundled_tools(), embedder=HashingEmbedder())


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        pytest.param({"confidence": "high"}, "confidence", id="confidence-str"),
        pytest.param({"confidence": True}, "confidence", id="confidence-bool"),
        pytest.param({"category": 3}, "category", id="category-int"),
        pytest.param({"sticky": None}, "sticky", id="sticky-none"),
        pytest.param({"sticky": "git_log"}, "sticky", id="sticky-str"),
        pytest.param({"sticky": [1]}, "sticky", id="sticky-int-names"),
        pytest.param({"top_k": True}, "top_k", id="top_k-bool"),
        pytest.param({"context": None}, "context", id="context-none"),
        pytest.param({"policy": {"read_only": True}}, "policy", id="policy-dict"),
    ],
)
def test_a_callers_mistake_is_a_query_error_naming_the_argument(kit, kwargs, needle):
    with pytest.raises(QueryError, match=needle):
        kit.select("run the tests", **kwargs)


def test_when_unsure_a_destructive_tool_needs_a_confident_score_to_be_widened_to(monkeypatch):
    from .fakes import constants

    tools = [
        ToolSpec("list_files", "list the files in a folder", category="files"),
        ToolSpec("delete_files", "delete files in a folder", category="files"),
        ToolSpec("copy_files", "copy files to a folder", category="files"),
    ]
    config = {"base": "plain", "enabled": True, "min_score": 0.99, "fallback_domains": 1}  # every request is unsure
    guarded = ToolFilter(tools, config=config, embedder=HashingEmbedder())
    selection = guarded.select("files in the folder")
    assert selection.fallback and "delete_files" not in selection.names
    assert any("destructive and not asked for: delete_files" in n for n in selection.notes)
    assert {"list_files", "copy_files"} <= set(selection.names)
    constants(monkeypatch, guard_destructive=False)  # the guard off: the same request widens to it
    assert (
        "delete_files"
        in ToolFilter(tools, config=config, embedder=HashingEmbedder()).select("files in the folder").names
    )


def test_this_turns_no_tool_decision_wins_over_sticky_tools():
    tools = [ToolSpec("get_weather", "weather forecast for a city"), ToolSpec("send_mail", "send an email")]
    config = {"base": "plain", "enabled": True, "abstain_phrases": ["hi how are you"], "abstain_margin": -1.0}
    tf = ToolFilter(tools, config=config, embedder=HashingEmbedder())
    selection = tf.select("hi how are you", sticky=["get_weather"])
    assert selection.names == []
    assert "sticky tools not added" in selection.detail


def test_destructive_tools_left_out_of_a_widened_selection_stay_out_further_down_and_as_clause_tops():
    import numpy as np

    from toolfilter_core._pipeline.decide import decide_rows as route_rows
    from toolfilter_core._pipeline.route import Routing

    # unsure (top 0.30 < min_score 0.4); tools 0, 1 and 3 destructive; room for two tools
    score = np.array([[0.30, 0.29, 0.28, 0.27, 0.26]])
    destructive = np.array([[True, True, False, True, False]])
    clause_top = np.array([[0, 0, 0, 1, 0]], dtype=np.int8)
    routing = Routing(3, 0.4, 0.03, 0.0, 0, 3, 2, guard_destructive=True)
    rows = route_rows(score, np.ones_like(score, dtype=bool), np.full((1, 5), -1), clause_top, routing, destructive)
    assert rows.routed[0].tolist() == [False, False, True, False, True]  # the two non-destructive ones
    assert not rows.clause_kept[0].any()  # tool 3 is a clause's closest, and destructive: still out
    # named: those the limit had room for, and the clause's closest held
    assert rows.guarded[0].tolist() == [True, True, False, True, False]
