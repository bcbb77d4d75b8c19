import json
import re

import pytest

from toolfilter_core import ConfigError, StoreConfig, ToolFilterConfig, Weights, load_config, recommended_config


def test_raw_defaults_are_the_seed_design_table():
    c = ToolFilterConfig()
    assert c.enabled is False
    assert c.candidate_pool_size is None
    assert c.min_lexical_overlap == 0
    assert c.min_combined_score == 0.0
    assert c.use_category_filter is False
    assert c.category_confidence_threshold is None
    assert c.allow_tools == () and c.block_tools == ()
    # weights unset: embed 1.0 and the rest 0
    expected = {
        "embed": 1.0,
        "support": 0.0,
        "lexical": 0.0,
        "tag": 0.0,
        "name": 0.0,
        "category": 0.0,
        "bm25": 0.0,
        "argument": 0.0,
    }
    assert c.weights.resolved() == expected


@pytest.mark.parametrize(("top_k", "expected"), [(1, 20), (4, 20), (5, 25), (10, 50)])
def test_pool_size_default_is_max_of_top_k_times_five_and_twenty(top_k, expected):
    assert ToolFilterConfig(top_k=top_k).pool_size == expected


def test_explicit_pool_size_wins():
    assert ToolFilterConfig(top_k=10, candidate_pool_size=7).pool_size == 7


def test_setting_one_weight_zeroes_the_unset_ones():
    assert Weights(lexical=0.5).resolved()["embed"] == 0.0


@pytest.mark.parametrize(
    ("field", "value", "needle"),
    [
        pytest.param("min_combined_score", 1.5, "min_combined_score", id="min_combined_score>1"),
        pytest.param("min_combined_score", -0.1, "min_combined_score", id="min_combined_score<0"),
        pytest.param("min_lexical_overlap", -1, "min_lexical_overlap", id="overlap<0"),
        pytest.param("candidate_pool_size", -5, "candidate_pool_size", id="pool<0"),
        pytest.param("category_confidence_threshold", 2.0, "category_confidence_threshold", id="cat-threshold>1"),
        pytest.param("top_k", 0, "top_k", id="top_k=0"),
        pytest.param("top_k", 129, "top_k", id="top_k>128"),
        pytest.param("similarity_threshold", 1.2, "similarity_threshold", id="similarity>1"),
        pytest.param("min_score", -0.5, "min_score", id="min_score<0"),
        pytest.param("min_gap", 1.1, "min_gap", id="min_gap>1"),
        pytest.param("relative_cut", 1.5, "relative_cut", id="relative_cut>1"),
        pytest.param("fallback_domains", 0, "fallback_domains", id="fallback_domains=0"),
        pytest.param("fallback_top_k", 0, "fallback_top_k", id="fallback_top_k=0"),
        pytest.param("history_turns", 51, "history_turns", id="history_turns>50"),
        pytest.param("enabled", "maybe", "enabled", id="enabled-not-bool"),
        pytest.param("weights", {"embed": 1.2}, "weights.embed", id="weight>1"),
        pytest.param("weights", {"tag": -0.1}, "weights.tag", id="weight<0"),
        pytest.param("store", {"port": 70000}, "store.port", id="port>65535"),
        pytest.param("store", {"collection": "ab"}, "store.collection", id="collection-too-short"),
        pytest.param("store", {"on_embedder_change": "ignore"}, "store.on_embedder_change", id="on-change-choice"),
    ],
)
def test_out_of_range_values_are_refused_naming_field_and_value(field, value, needle):
    with pytest.raises(ConfigError) as info:
        load_config({field: value})
    text = str(info.value)
    assert needle in text
    leaf = value if not isinstance(value, dict) else next(iter(value.values()))
    assert repr(leaf) in text


def test_all_weights_explicitly_zero_is_refused():
    zero = dict.fromkeys(["embed", "support", "lexical", "tag", "name", "category", "bm25"], 0.0)
    with pytest.raises(ConfigError, match="every weight is 0"):
        load_config({"weights": zero}, base="plain")


def test_every_weight_of_the_profile_set_to_zero_is_refused():
    from toolfilter_core._config import SIGNALS

    with pytest.raises(ConfigError, match="every weight is 0"):
        load_config({"weights": dict.fromkeys(SIGNALS, 0.0)})


def test_some_zero_weights_and_the_rest_unset_is_refused_too():
    with pytest.raises(ConfigError, match="every weight is 0"):
        load_config({"weights": {"embed": 0.0}}, base="plain")


def test_tool_both_allowed_and_blocked_is_refused():
    with pytest.raises(ConfigError, match="both allowed and blocked"):
        load_config({"allow_tools": ["a", "b"], "block_tools": ["b"]})


def test_always_include_of_blocked_tool_is_refused():
    with pytest.raises(ConfigError, match="block wins"):
        load_config({"always_include": ["rm"], "block_tools": ["rm"]})


def test_unknown_field_lists_allowed_ones():
    close = r"unknown field \(did you mean 'min_combined_score'.*allowed fields here: .*min_combined_score"
    with pytest.raises(ConfigError, match=close):
        load_config({"min_combined": 0.3})
    with pytest.raises(ConfigError, match=r"weights\.semantic: unknown field.*; allowed fields here: .*bm25"):
        load_config({"weights": {"semantic": 0.3}})


def test_store_path_and_host_exclude_each_other():
    with pytest.raises(ConfigError, match="only one of 'path' and 'host'"):
        load_config({"store": {"path": "/tmp/x", "host": "127.0.0.1"}})


def test_load_yaml_and_json_files(tmp_path):
    yaml_file = tmp_path / "c.yaml"
    yaml_file.write_text("enabled: true\ntop_k: 4\nweights:\n  embed: 0.6\n  lexical: 0.4\n")
    json_file = tmp_path / "c.json"
    json_file.write_text(json.dumps({"enabled": True, "top_k": 4, "weights": {"embed": 0.6, "lexical": 0.4}}))
    assert load_config(yaml_file) == load_config(json_file)
    assert load_config(yaml_file).weights.resolved()["lexical"] == 0.4


def test_bad_files_are_config_errors(tmp_path):
    with pytest.raises(ConfigError, match="cannot read"):
        load_config(tmp_path / "missing.yaml")
    broken = tmp_path / "b.json"
    broken.write_text("{not json")
    with pytest.raises(ConfigError, match="not valid JSON"):
        load_config(broken)
    listy = tmp_path / "l.yaml"
    listy.write_text("- 1\n- 2\n")
    with pytest.raises(ConfigError, match="expected a mapping"):
        load_config(listy)


def test_config_is_frozen():
    with pytest.raises(ValueError, match="frozen"):
        ToolFilterConfig().top_k = 3  # type: ignore[misc]


def test_recommended_profile_loads_and_accepts_overrides():
    base = recommended_config()
    assert base.enabled is True
    assert recommended_config(top_k=7).top_k == 7
    with pytest.raises(ConfigError, match="top_k"):
        recommended_config(top_k=0)


def test_merged_validates_like_a_fresh_load():
    with pytest.raises(ConfigError, match="weights.embed"):
        ToolFilterConfig().merged({"weights": {"embed": 3}})


def test_docs_configuration_table_is_current():
    from pathlib import Path

    from toolfilter_core._config_table import config_table

    docs = (Path(__file__).resolve().parents[2] / "docs" / "configuration.md").read_text(encoding="utf-8")
    assert config_table() in docs, "regenerate with: make docs"


def test_every_field_says_what_it_does_and_when_to_change_it():
    from toolfilter_core._config_table import config_table

    rows = config_table().splitlines()[2:]
    assert len(rows) == len(ToolFilterConfig.model_fields) + len(Weights.model_fields) + len(StoreConfig.model_fields)
    for row in rows:
        cells = [cell.strip() for cell in re.split(r"(?<!\\)\|", row)[1:-1]]
        assert len(cells) == 7 and cells[5] and cells[6], f"{cells[0]}: a meaning and a when-to-change paragraph"


def test_an_embedder_named_in_the_per_embedder_profile_brings_its_thresholds():
    from toolfilter_core import recommended_config

    routed = recommended_config(embedder="use-m3|minilm")
    assert routed.embedder == "use-m3|minilm" and routed.abstain_margin == 0.0
    assert recommended_config().abstain_margin > 0.0  # the default embedder's own
    assert recommended_config(embedder="use-m3|minilm", abstain_margin=0.02).abstain_margin == 0.02  # you win
    assert recommended_config(embedder="minilm").abstain_margin == recommended_config().abstain_margin


def test_the_cli_takes_the_embedder_s_thresholds_unless_a_config_file_is_given(tmp_path):
    import argparse

    from toolfilter_core.cli._common import config_of

    assert config_of(argparse.Namespace(config=None, embedder="use-m3|minilm")).abstain_margin == 0.0
    path = tmp_path / "mine.yaml"
    path.write_text("abstain_margin: 0.07\n", encoding="utf-8")
    mine = config_of(argparse.Namespace(config=str(path), embedder="use-m3|minilm"))
    assert (mine.abstain_margin, mine.embedder) == (0.07, "use-m3|minilm")


@pytest.mark.parametrize(
    ("field", "fixed", "other"),
    [
        ("bm25_full_coverage", 0.2, 0.15),
        ("min_clause_chars", 8, 24),
        ("clause_max_tools", 5000, 4),
        ("lexical_candidates", True, False),
        ("clause_matching", True, False),
        ("exact_name_match", True, False),
        ("route_domains", 0, 2),
        ("guard_destructive", True, False),
        ("history_weight", 0.3, 0.6),
        ("chains", True, False),
        ("max_query_chars", 1000000, 3000000),
        ("long_request_chars", 2500, 4000),
        ("abstain_top_phrases", 2, 3),
    ],
)
def test_a_setting_that_became_a_constant_is_accepted_at_its_value_and_refused_at_another(
    tmp_path, field, fixed, other
):
    from toolfilter_core import ConfigWarning

    path = tmp_path / "old.yaml"
    path.write_text(f"top_k: 3\n{field}: {fixed}\n", encoding="utf-8")
    with pytest.warns(ConfigWarning, match=f"{field}: no longer a setting"):
        config = load_config(path)
    assert config == load_config({"top_k": 3})
    path.write_text(f"top_k: 0\n{field}: {other}\n", encoding="utf-8")
    with pytest.raises(ConfigError) as refused:
        load_config(path)
    assert "top_k: Input should be greater than or equal to 1 (got 0, from file" in str(refused.value)
    assert f"{field}: got {other} (from file {path}); " in str(refused.value)
    assert str(refused.value).endswith(f"allowed: {fixed} or leave it out")


def test_each_retired_setting_names_the_constant_that_holds_its_value():
    import importlib

    from toolfilter_core._config import RETIRED

    for name, (fixed, where) in RETIRED.items():
        module, _, constant = where.rpartition(".")
        assert getattr(importlib.import_module(module), constant) == fixed, name
        assert name not in ToolFilterConfig.model_fields


def test_a_retired_setting_in_a_python_mapping_warns_once_naming_what_replaced_it():
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        config = load_config({"chains": True, "top_k": 3})
    assert [str(w.message) for w in caught] == [
        "chains: no longer a setting (fixed at True, toolfilter_core._pipeline.decide.CHAINS); "
        "remove it from your config"
    ]
    assert config == load_config({"top_k": 3})


def test_the_table_generator_is_left_out_of_the_wheel_and_no_module_of_the_packages_needs_it():
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    wheel = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"]
    assert "toolfilter_core/_config_table.py" in wheel["wheel"]["exclude"]
    for package in ("toolfilter_core", "langchain_toolfilter", "llamaindex_toolfilter"):
        for path in (root / package).rglob("*.py"):
            if path.name != "_config_table.py":
                assert "_config_table" not in path.read_text(encoding="utf-8"), path


def test_two_unknown_fields_list_the_allowed_ones_once():
    with pytest.raises(ConfigError) as raised:
        load_config({"top_kk": 3, "min_scor": 0.2})
    said = str(raised.value)
    assert said.count("widen_when_empty") == 1, said
    assert "min_scor: unknown field (did you mean 'min_score'" in said and "allowed fields here: as above" in said


def test_the_table_says_what_a_user_does_and_where_defaults_came_from_once():
    """Failed on a3a431b: most "when to change it" cells began "Chosen by benchmarks/..."."""
    from pathlib import Path

    from toolfilter_core._config_table import config_table

    rows = config_table().splitlines()[2:]
    history = re.compile(r"benchmarks/|[Cc]hosen|tuning slices|HISTORY_WEIGHT")
    said = [row.split("`", 2)[1] for row in rows if history.search(row)]
    assert said == []
    page = (Path(__file__).resolve().parents[2] / "docs" / "configuration.md").read_text(encoding="utf-8")
    every_field = page.split("\n## Every field\n", 1)[1]
    assert "each left out in turn" in every_field and "benchmarks/" in every_field
