"""Property-based tests: hostile queries, tool definitions and configs, and policy as a security
property. Deterministic (derandomize=True) and small (max_examples modest), so CI is stable.

The invariants every selection keeps, whatever the input:
- selected is a subset of the registry, without duplicates;
- nothing blocked (config block_tools, the caller's policy, allow lists) is ever selected,
  even when named exactly, in always_include or in sticky;
- the same call twice gives the same selection;
- every score and signal is in [0, 1];
- the selection serializes to valid UTF-8 JSON;
- bad input is refused with the library's own typed error, never another exception.
"""

from __future__ import annotations

import json
import math
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from toolfilter_core import (
    ConfigError,
    HashingEmbedder,
    Policy,
    QueryError,
    StoreConfig,
    ToolFilter,
    ToolFilterConfig,
    ToolSpec,
    ToolSpecError,
    Weights,
    load_bundled_tools,
    load_config,
    load_tool,
    load_tools,
    recommended_config,
)
from toolfilter_core._pipeline.request import MAX_QUERY_CHARS
from toolfilter_core.index._records import MemoryRecords
from toolfilter_core.index._tool_index import ToolIndex

# The properties generate any Unicode name and empty descriptions on purpose; the warnings
# about names providers reject and missing descriptions have tests of their own (test_registry).
pytestmark = pytest.mark.filterwarnings("ignore::toolfilter_core.ToolSpecWarning")

FAST = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# ----- strategies -----

WORDS = ["mail", "send", "disk", "usage", "file", "read", "delete", "calendar", "邮件", "发送", "磁盘", "日程", "run"]
TAGS = ["admin", "email", "files", "danger", "read", "db"]
# any code point, lone surrogates and control characters included
ANY_TEXT = st.text(st.characters(codec=None, categories=None), max_size=60)
MIXED = st.text(
    st.sampled_from(list("abc xyz_-$\"'{}[]():;.,!?\\/\n\t\x00\x07\u200b\u202e\ud800\udfff") + ["邮", "件", "🔧", "é"]),
    max_size=40,
)
QUERIES = st.one_of(
    ANY_TEXT,
    MIXED,
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=6).map(" ".join),
)
NAME_CHARS = st.sampled_from(
    list(string.ascii_letters + string.digits + "_-.$\"'{}[]:=<>!|&*%@#~^` ") + ["工", "具", "🔧"]
)
NAMES = st.text(NAME_CHARS, min_size=1, max_size=24).map(str.strip).filter(bool)


@st.composite
def tools(draw, min_size=1, max_size=10):
    names = draw(st.lists(NAMES, min_size=min_size, max_size=max_size, unique=True))
    out = []
    for name in names:
        words = draw(st.lists(st.sampled_from(WORDS), max_size=8))
        annotations = draw(
            st.fixed_dictionaries(
                {},
                optional={"readOnlyHint": st.booleans(), "destructiveHint": st.booleans()},
            )
        )
        out.append(
            ToolSpec(
                name=name,
                description=" ".join(words),
                category=draw(st.none() | st.sampled_from(["mail", "files", "db"])),
                tags=tuple(draw(st.lists(st.sampled_from(TAGS), max_size=3, unique=True))),
                triggers=tuple(draw(st.lists(st.sampled_from(WORDS), max_size=2))),
                annotations=annotations,
            )
        )
    return out


@st.composite
def policies(draw, names):
    maybe = st.none() | st.frozensets(st.sampled_from(names))
    return Policy(
        allow_tools=draw(maybe),
        block_tools=draw(st.frozensets(st.sampled_from(names))),
        allow_tags=draw(st.none() | st.frozensets(st.sampled_from(TAGS))),
        block_tags=draw(st.frozensets(st.sampled_from(TAGS), max_size=2)),
        read_only=draw(st.booleans()),
        allow_destructive=draw(st.booleans()),
    )


def allowed(tool, policy, config):
    if tool.name in config.block_tools:
        return False
    if config.allow_tools and tool.name not in config.allow_tools:
        return False
    return policy is None or policy.verdict(tool) is None


def check_selection(tf, selection, policy=None):
    registry = {t.name: t for t in tf.tools}
    names = selection.names
    assert len(names) == len(set(names))
    assert set(names) <= set(registry)
    for scored in (*selection.selected, *selection.rejected):
        assert 0.0 <= scored.score <= 1.0 and not math.isnan(scored.score)
        assert all(0.0 <= v <= 1.0 for v in scored.breakdown.signals.values()), scored.breakdown
    for scored in selection.selected:
        assert scored.tool == registry[scored.name]  # the registry's own definition, complete
        assert allowed(scored.tool, policy, tf.config), (scored.name, policy)
    assert 0 <= selection.selected_chars <= selection.total_chars
    json.dumps(selection.to_dict(), ensure_ascii=False).encode("utf-8")


# ----- queries -----

BUNDLED = ToolFilter(load_bundled_tools(), embedder=HashingEmbedder(), config=recommended_config(embedder="hashing"))
PLAIN = ToolFilter(load_bundled_tools(), embedder=HashingEmbedder(), config={"enabled": False, "top_k": 4})


@FAST
@given(query=QUERIES)
def test_any_query_is_served_or_refused_with_a_query_error(query):
    for tf in (BUNDLED, PLAIN):
        try:
            first = tf.select(query)
        except QueryError:
            assert len(query) > MAX_QUERY_CHARS
            continue
        check_selection(tf, first)
        second = tf.select(query)
        assert second.names == first.names
        assert [s.score for s in second.selected] == [s.score for s in first.selected]


@pytest.mark.parametrize("query", [pytest.param("", id="empty"), pytest.param(" \t\n", id="blank")])
def test_empty_queries_get_no_tools(query):
    assert BUNDLED.select(query).selected == ()


def test_huge_queries_are_refused():
    with pytest.raises(QueryError):
        BUNDLED.select("x" * 1_000_001)


@pytest.mark.parametrize(
    ("query", "needed"),
    [
        pytest.param("查一下 orders 表上个月的单子\n\n" + "ERROR 42 disk timeout\n" * 800, "sql_query", id="ask-first"),
        pytest.param(
            "log:\n" + "WARN retry 3 of 5 on node-7\n" * 800 + "\n\n帮我查一下 orders 表上个月的单子",
            "sql_query",
            id="ask-last",
        ),
        pytest.param("邮" * 8193, None, id="long-one-block"),
    ],
)
def test_a_long_message_is_selected_on_its_start_and_end_not_refused(query, needed):
    selection = BUNDLED.select(query)
    assert selection.query == query
    assert any(n.startswith(("long request (", "pasted material left out")) for n in selection.notes)
    if needed:
        assert needed in selection.names


@pytest.mark.parametrize(
    "query",
    [
        pytest.param("run \ud800 the tests", id="lone-high-surrogate"),
        pytest.param("\udfff", id="lone-low-surrogate-only"),
        pytest.param("\x00\x01\x02 run tests \x7f", id="control-characters"),
        pytest.param("帮我 run 测试 🔧 тест اختبار", id="mixed-scripts-and-emoji"),
        pytest.param("\u202e stset nur", id="bidi-override"),
    ],
)
def test_odd_unicode_queries_never_break_selection_or_its_json(query):
    for tf in (BUNDLED, PLAIN):
        check_selection(tf, tf.select(query))


def test_a_query_with_a_lone_surrogate_reaches_the_embedder_as_valid_text():
    seen = []

    class Strict(HashingEmbedder):
        def embed_queries(self, texts):
            for text in texts:
                seen.append(text)
                text.encode("utf-8")  # what real models do first; raises on lone surrogates
            return super().embed_queries(texts)

    tf = ToolFilter(load_bundled_tools(), embedder=Strict(), config={"enabled": True, "fallback_to_empty": False})
    selection = tf.select("run the tests \ud83d", context=["earlier \udc00 turn"])
    assert selection.names  # served, not failed
    assert "run the tests \ufffd" in seen and "earlier \ufffd turn" in seen


# ----- tool definitions -----


@FAST
@given(
    definition=st.dictionaries(
        st.sampled_from(["name", "description", "category", "tags", "triggers", "parameters", "annotations", "x"]),
        st.none()
        | ANY_TEXT
        | st.integers()
        | st.lists(ANY_TEXT, max_size=3)
        | st.dictionaries(ANY_TEXT, ANY_TEXT, max_size=3),
        max_size=6,
    )
)
def test_any_definition_loads_or_is_refused_with_a_tool_spec_error(definition):
    try:
        tool = load_tool(definition)
    except ToolSpecError:
        return
    # a loaded tool can be hashed, serialized, indexed and selected
    tool.content_hash()
    json.dumps(tool.to_openai(), ensure_ascii=False).encode("utf-8")
    tf = ToolFilter([tool], embedder=HashingEmbedder(), config={"enabled": True})
    check_selection(tf, tf.select(tool.name))
    assert tf.select(tool.name).names == [tool.name]


@FAST
@given(registry=tools(min_size=1, max_size=8))
def test_unicode_and_operator_names_round_trip_and_select_themselves(registry):
    store = MemoryRecords()
    ToolIndex(store, HashingEmbedder(32)).sync(registry)
    reader = ToolIndex(store, HashingEmbedder(32))
    reader.load()
    assert sorted((t.to_dict() for t in reader.tools), key=lambda d: d["name"]) == sorted(
        (t.to_dict() for t in registry), key=lambda d: d["name"]
    )
    tf = ToolFilter(registry, embedder=HashingEmbedder(32), config={"enabled": True})
    for tool in registry:
        assert tf.select(tool.name).names == [tool.name]


@pytest.mark.parametrize(
    ("definition", "field"),
    [
        pytest.param({"name": "big", "description": "x" * 100_001}, "description", id="huge-description"),
        pytest.param({"name": "n" * 257}, "name", id="huge-name"),
        pytest.param({"name": " padded "}, "name", id="padded-name"),
        pytest.param({"name": ""}, "name", id="empty-name"),
        pytest.param({"name": "a\ud800b"}, "name", id="lone-surrogate-name"),
        pytest.param({"name": "ok", "description": "bad \udfff text"}, "description", id="lone-surrogate-text"),
        pytest.param({"name": "ok", "tags": ["\ud800"]}, "tags", id="lone-surrogate-tag"),
        pytest.param(
            {"name": "ok", "parameters": {"type": "object", "properties": {"\ud800": {}}}},
            "parameters",
            id="lone-surrogate-schema",
        ),
        pytest.param({"name": "ok", "parameters": {"type": "array"}}, "parameters.type", id="not-an-object-schema"),
    ],
)
def test_bad_definitions_are_refused_naming_the_field(definition, field):
    with pytest.raises(ToolSpecError, match=field):
        load_tool(definition)


def deep_schema(depth):
    schema = {"type": "object", "properties": {}}
    node = schema
    for _ in range(depth):
        child = {"type": "object", "properties": {}}
        node["properties"]["p"] = child
        node = child
    return schema


@pytest.mark.parametrize("depth", [10, 60])
def test_reasonably_deep_schemas_are_fine(depth):
    tool = load_tool({"name": "deep", "parameters": deep_schema(depth)})
    tf = ToolFilter([tool], embedder=HashingEmbedder(), config={"enabled": True})
    assert tf.select("deep").names == ["deep"]


@pytest.mark.parametrize("depth", [200, 5000])
def test_absurdly_deep_schemas_are_refused_not_a_recursion_error(depth):
    with pytest.raises(ToolSpecError, match="parameters.*deep"):
        load_tool({"name": "deep", "parameters": deep_schema(depth)})
    with pytest.raises(ToolSpecError, match="parameters.*deep"):
        ToolFilter([ToolSpec("deep", parameters=deep_schema(depth))], embedder=HashingEmbedder())


def test_duplicate_names_are_refused_naming_both_positions():
    with pytest.raises(ToolSpecError, match="#1 and #3"):
        load_tools([{"name": "$ne"}, {"name": "other"}, {"name": "$ne"}])


# ----- configs -----


def numeric_bounds(model: type[BaseModel], prefix: str = ""):
    """(field path, lower, lower inclusive, upper) for every numeric field with a range."""
    out = []
    for name, field in model.model_fields.items():
        lower = upper = None
        inclusive = True
        for meta in field.metadata:
            if getattr(meta, "ge", None) is not None:
                lower = meta.ge
            if getattr(meta, "gt", None) is not None:
                lower, inclusive = meta.gt, False
            if getattr(meta, "le", None) is not None:
                upper = meta.le
        if lower is not None or upper is not None:
            out.append((prefix + name, lower, inclusive, upper))
    return out


NUMERIC = numeric_bounds(ToolFilterConfig) + numeric_bounds(Weights, "weights.") + numeric_bounds(StoreConfig, "store.")


def nested(path, value):
    head, _, rest = path.partition(".")
    return {head: nested(rest, value) if rest else value}


def test_every_ranged_numeric_field_is_covered():
    paths = {p for p, *_ in NUMERIC}
    assert {"top_k", "min_score", "candidate_pool_size", "weights.embed", "store.port", "store.timeout_s"} <= paths
    assert len(paths) >= 20


@FAST
@given(data=st.data())
def test_any_out_of_range_number_is_a_config_error_naming_the_field(data):
    path, lower, inclusive, upper = data.draw(st.sampled_from(NUMERIC))
    outside = []
    if lower is not None:
        outside.append(st.floats(max_value=lower, exclude_max=inclusive, allow_nan=False, allow_infinity=True))
    if upper is not None:
        outside.append(st.floats(min_value=upper, exclude_min=True, allow_nan=False, allow_infinity=True))
    outside.append(st.just(float("nan")))
    value = data.draw(st.one_of(outside))
    with pytest.raises(ConfigError) as caught:
        load_config(nested(path, value))
    message = str(caught.value)
    assert path in message, message


@FAST
@given(data=st.data())
def test_any_in_range_number_loads(data):
    path, lower, inclusive, upper = data.draw(st.sampled_from(NUMERIC))
    low = lower if lower is not None else -1e6
    high = upper if upper is not None else 1e6
    # a lone weight of 0 is the all-zero case, refused on purpose (tests/unit/test_config.py)
    exclude_min = not inclusive or path.startswith("weights.")
    value = data.draw(st.floats(min_value=low, max_value=high, exclude_min=exclude_min, allow_nan=False))
    field = path.split(".")[-1]
    model = {"weights": Weights, "store": StoreConfig}.get(path.split(".")[0], ToolFilterConfig)
    if "int" in str(model.model_fields[field].annotation):
        value = math.ceil(value) if not inclusive else round(value)
        value = min(max(value, low), high)
    config = load_config(nested(path, value))
    assert config is not None


# ----- policy before relevance: a security property -----


@FAST
@given(data=st.data())
def test_no_selection_ever_violates_the_policy_and_block_always_wins(data):
    registry = data.draw(tools(min_size=2, max_size=10))
    names = [t.name for t in registry]
    block = data.draw(st.lists(st.sampled_from(names), max_size=3, unique=True))
    allow = data.draw(
        st.lists(st.sampled_from(names), max_size=4, unique=True).map(lambda a: [n for n in a if n not in block])
    )
    always = data.draw(
        st.lists(st.sampled_from(names), max_size=2, unique=True).map(lambda a: [n for n in a if n not in block])
    )
    config = recommended_config(
        embedder="hashing",
        enabled=data.draw(st.booleans()),
        top_k=data.draw(st.integers(1, 5)),
        block_tools=block,
        allow_tools=allow,
        always_include=always,
    )
    tf = ToolFilter(registry, embedder=HashingEmbedder(64), config=config)
    for _ in range(4):
        policy = data.draw(st.none() | policies(names))
        query = data.draw(st.sampled_from(names) | QUERIES.filter(lambda q: q.strip()) | st.sampled_from(TAGS))
        sticky = data.draw(st.lists(st.sampled_from(names), max_size=3))
        try:
            selection = tf.select(query, policy=policy, sticky=sticky, category=data.draw(st.none() | st.just("mail")))
        except QueryError:
            continue
        check_selection(tf, selection, policy)
        # the named, always-included and sticky tools appear only if the caller may use them
        for name in {query.strip(), *always, *sticky} & set(names):
            tool = next(t for t in registry if t.name == name)
            if not allowed(tool, policy, tf.config):
                assert name not in selection.names


@FAST
@given(data=st.data())
def test_a_blocked_tool_is_refused_even_by_its_exact_name(data):
    registry = data.draw(tools(min_size=2, max_size=6))
    target = data.draw(st.sampled_from(registry))
    tf = ToolFilter(registry, embedder=HashingEmbedder(64), config={"enabled": True})
    by_name = Policy(block_tools=frozenset({target.name}))
    by_tag = Policy(block_tags=frozenset(target.tags)) if target.tags else by_name
    for policy in (by_name, by_tag):
        selection = tf.select(target.name, policy=policy, sticky=[target.name])
        assert target.name not in selection.names
        check_selection(tf, selection, policy)
    assert tf.select(target.name).names == [target.name]  # and without a policy it is found
