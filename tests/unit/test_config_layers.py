"""Configs layer over the recommended preset; plain mode is a choice; every value has a source."""

import json
import warnings

import pytest

from toolfilter_core import (
    ConfigError,
    ConfigWarning,
    HashingEmbedder,
    ToolFilter,
    ToolFilterConfig,
    load_config,
    recommended_config,
)
from toolfilter_core._config import resolve_layers
from toolfilter_core._config_layers import ConfigLayer, parse_set
from toolfilter_core._resolve import resolve_config
from toolfilter_core.cli import main

PROFILE = recommended_config()


@pytest.mark.parametrize(
    "given",
    [
        pytest.param({"top_k": 3}, id="one-field"),
        pytest.param({"abstain_phrases": []}, id="only-abstain-phrases-off"),
        pytest.param({"weights": {"bm25": 0.0}}, id="one-nested-weight"),
    ],
)
def test_one_field_keeps_the_profile_routing_fallback_and_no_tool_detection(given):
    config = load_config(given)
    assert config.enabled and config.min_score == PROFILE.min_score and config.fallback_domains == 4
    key, value = next(iter(given.items()))
    if key != "weights":
        assert getattr(config, key) == (tuple(value) if isinstance(value, list) else value)
    else:  # the other weights stay the profile's: embed 1.0, support 1.0, argument 0.3
        assert config.weights.bm25 == 0.0 and config.weights.embed == 1.0 and config.weights.argument == 0.3


def test_a_config_file_with_one_field_is_laid_over_the_profile(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("top_k: 3\n", encoding="utf-8")
    config = load_config(path)
    assert config == PROFILE.merged({"top_k": 3})


@pytest.mark.parametrize(
    ("given", "base"),
    [
        pytest.param({"base": "plain", "top_k": 3}, None, id="base-key-in-the-mapping"),
        pytest.param({"top_k": 3}, "plain", id="base-argument"),
    ],
)
def test_plain_base_is_the_seed_defaults_under_the_source(given, base):
    assert load_config(given, base=base) == ToolFilterConfig(enabled=False, top_k=3)


def test_a_config_loaded_with_the_plain_base_loads_again_without_a_warning():
    config = load_config({"top_k": 3}, base="plain")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert load_config(config) is config  # as ToolFilter.open does, handing it to the constructor


def test_enabled_false_over_the_profile_is_plain_mode():
    assert load_config({"enabled": False}).enabled is False


def test_no_source_is_the_profile_and_keyword_fields_go_on_top():
    assert load_config() == PROFILE
    assert load_config({"top_k": 3}, top_k=4).top_k == 4


def test_a_named_embedder_brings_its_shipped_thresholds_under_the_user_fields():
    # per_embedder.yaml: use-m3|minilm has abstain_margin 0.0 (the profile: 0.04)
    assert load_config({"embedder": "use-m3|minilm"}).abstain_margin == 0.0
    assert load_config({"embedder": "use-m3|minilm", "abstain_margin": 0.02}).abstain_margin == 0.02
    assert resolve_config({"top_k": 3}, "use-m3|minilm").abstain_margin == 0.0
    assert resolve_config(None, HashingEmbedder()) == PROFILE  # an Embedder object changes nothing


def test_two_different_bases_are_refused_and_an_unknown_base_is_named():
    with pytest.raises(ConfigError, match="two different bases"):
        load_config({"base": "plain"}, base="recommended")
    allowed = r"allowed: 'recommended' \(the recommended preset\) or 'plain'"
    with pytest.raises(ConfigError, match=rf"base: 'seed' .* {allowed}"):
        load_config({"base": "seed"})


def test_an_error_names_the_layer_the_value_came_from(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("top_k: 300\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"top_k: .* \(got 300, from file .*c\.yaml\)"):
        load_config(path)


def test_a_config_object_is_taken_as_it_is():
    mine = ToolFilterConfig(enabled=True, top_k=3)
    assert load_config(mine) is mine
    assert load_config(mine, top_k=4) == mine.merged({"top_k": 4})
    with pytest.raises(ConfigError, match="complete already"):
        load_config(mine, base="plain")


def test_a_config_object_in_plain_mode_by_omission_warns_and_names_the_way_out():
    with pytest.warns(ConfigWarning, match=r"ToolFilterConfig\(top_k=3\) is a complete config in plain mode"):
        config = load_config(ToolFilterConfig(top_k=3))
    assert config.enabled is False  # still taken as it is
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        load_config(ToolFilterConfig())  # the documented seed: no warning
        load_config(ToolFilterConfig(enabled=False, top_k=3))  # plain mode said out loud
        load_config(PROFILE)


def test_tool_filter_with_a_one_field_mapping_keeps_the_profile():
    from toolfilter_core import HashingEmbedder, load_bundled_tools

    tf = ToolFilter(load_bundled_tools()[:5], config={"top_k": 3}, embedder=HashingEmbedder())
    assert tf.config == PROFILE.merged({"top_k": 3})


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        ("top_k=3", {"top_k": 3}),  # YAML: an int
        ("weights.bm25=0", {"weights": {"bm25": 0}}),  # a dotted key nests
        ("block_tools=[a, b]", {"block_tools": ["a", "b"]}),
        ("store.path=null", {"store": {"path": None}}),
        ("embedder=use-m3|minilm", {"embedder": "use-m3|minilm"}),
        ("base=plain", {"base": "plain"}),
        ("abstain_phrases=", {"abstain_phrases": None}),
    ],
)
def test_parse_set(option, expected):
    assert parse_set(option) == expected


@pytest.mark.parametrize("option", ["top_k", "=3", "weights..bm25=1", "top k=3", "top_k=[1"])
def test_parse_set_refuses_what_is_not_key_equals_yaml(option):
    with pytest.raises(ConfigError, match="--set"):
        parse_set(option)


def test_resolve_layers_says_where_every_value_comes_from():
    resolved = resolve_layers(
        [ConfigLayer("file f.yaml", {"top_k": 3, "weights": {"bm25": 0.1}}), ConfigLayer("--set", {"top_k": 4})]
    )
    assert resolved.base == "recommended"
    assert resolved.sources["top_k"] == "--set"  # the later layer wins
    assert resolved.sources["weights.bm25"] == "file f.yaml"
    assert resolved.sources["weights.embed"] == "preset"
    assert resolved.sources["min_score"] == "preset"
    assert resolved.sources["history_turns"] == "default"
    assert {key for key, _, _ in resolved.rows()} == set(resolved.sources)


def test_an_empty_nested_mapping_replaces_the_preset_weights_whole():
    resolved = resolve_layers([ConfigLayer("mapping", {"weights": {}})])
    assert resolved.config.weights.resolved()["embed"] == 1.0  # the seed's rule: unset means embed alone
    assert resolved.config.weights.support is None
    assert resolved.sources["weights.support"] == "mapping"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_config_prints_every_value_with_its_source(capsys, tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("top_k: 3\nabstain_phrases: []\n", encoding="utf-8")
    code, out, _ = run(
        capsys, "config", "--config", str(path), "--set", "weights.bm25=0", "--embedder", "use-m3|minilm"
    )
    assert code == 0
    lines = {line.split(":")[0]: line for line in out.splitlines() if not line.startswith("#")}
    assert lines["top_k"].endswith(f"# file {path}") and "3" in lines["top_k"]
    assert lines["weights.bm25"].endswith("# --set")
    assert lines["min_score"].endswith("# preset")
    assert lines["abstain_margin"].endswith("# preset (use-m3|minilm)")
    assert lines["embedder"].endswith("# --embedder")
    assert lines["enabled"].startswith("enabled: true")


def test_cli_config_says_preset_for_the_shipped_values_and_never_profile(capsys):
    # "profile" is a tool profile's word only: the config's shipped values are the recommended preset
    code, out, _ = run(capsys, "config", "--embedder", "use-m3|minilm")
    assert code == 0
    assert "presets/recommended.yaml" in out and "# preset (use-m3|minilm)" in out
    assert "profile" not in out.lower()
    code, out, _ = run(capsys, "config", "--json")
    assert code == 0 and "preset" in json.loads(out)["sources"].values()
    assert "profile" not in out.lower()


def test_cli_config_json_and_the_plain_base(capsys):
    code, out, _ = run(capsys, "config", "--set", "base=plain", "--set", "top_k=3", "--json")
    data = json.loads(out)
    assert code == 0 and data["base"] == "plain" and data["config"]["enabled"] is False
    assert data["sources"]["top_k"] == "--set" and data["sources"]["min_score"] == "default"


def test_cli_set_errors_are_one_line_with_status_2(capsys):
    code, _, err = run(capsys, "config", "--set", "top_k=300")
    assert code == 2 and "top_k" in err and "from --set" in err


def test_cli_set_reaches_select(capsys):
    from toolfilter_core._tool_defs import bundled_tools_path

    argv = ["select", "run the tests", "--tools", str(bundled_tools_path()), "--embedder", "hashing", "--json"]
    code, out, _ = run(capsys, *argv, "--set", "top_k=1", "--set", "relative_cut=0")
    assert code == 0 and len(json.loads(out)["selected"]) <= 1


def test_cli_version(capsys):
    from toolfilter_core import __version__

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"toolfilter {__version__}"


@pytest.mark.parametrize(
    ("config", "embedder_id", "warns"),
    [
        pytest.param(PROFILE, "llamaindex:MockEmbedding:unknown", True, id="profile-with-a-llamaindex-mock"),
        pytest.param(PROFILE, "minilm@0.1.0", True, id="profile-with-minilm-alone"),
        pytest.param(PROFILE, "/models/my-st@sentence-transformers", True, id="profile-with-an-st-path"),
        pytest.param(PROFILE, "use-m3@0.2.1", False, id="profile-with-its-own-embedder"),
        pytest.param(PROFILE, "use-m3@0.2.1|minilm@0.1.0", True, id="use-m3-thresholds-with-the-routed-pair"),
        pytest.param(
            recommended_config(embedder="use-m3|minilm"), "use-m3@0.2.1|minilm@0.1.0", False, id="routed-pair-tuned"
        ),
        pytest.param(PROFILE.merged({"min_score": 0.3}), "llamaindex:X", False, id="thresholds-of-your-own"),
        pytest.param(PROFILE.merged({"top_k": 3}), "llamaindex:X", True, id="other-fields-changed-only"),
        pytest.param(ToolFilterConfig(), "llamaindex:X", False, id="plain-mode"),
        pytest.param(PROFILE, "hashing-256", False, id="the-test-embedder"),
    ],
)
def test_thresholds_tuned_for_one_embedder_used_with_another(config, embedder_id, warns):
    from toolfilter_core._config import check_embedder_thresholds

    message = check_embedder_thresholds(config, embedder_id)
    assert (message is not None) is warns
    if warns:
        assert "toolfilter fit" in message and embedder_id in message and "'use-m3'" in message


def test_the_threshold_warning_is_a_config_warning_and_suggests_the_name_when_there_is_one():
    from toolfilter_core._config import warn_untuned_thresholds

    class Routed:
        id = "use-m3@0.2.1|minilm@0.1.0"

    with pytest.warns(ConfigWarning, match=r"pass embedder='use-m3\|minilm' by name"):
        warn_untuned_thresholds(PROFILE, Routed())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warn_untuned_thresholds(PROFILE, "use-m3@0.2.1")


def test_the_old_key_profile_is_read_as_base_with_a_one_line_warning(tmp_path, capsys):
    """``profile: plain`` was refused as an unknown field with no word of ``base``."""
    with pytest.warns(ConfigWarning, match=r"profile: 'plain' \(from mapping\) is the old name of base") as caught:
        config = resolve_layers([ConfigLayer("mapping", {"profile": "plain", "top_k": 3})]).config
    assert config == ToolFilterConfig(enabled=False, top_k=3)
    assert caught[0].filename == __file__  # the caller's line, not the library's
    path = tmp_path / "old.yaml"
    path.write_text("profile: plain\ntop_k: 3\n", encoding="utf-8")
    assert main(["config", "--config", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "(base: plain)" in out and err.count("\n") == 2 and "write base: plain" in err
    assert "plain mode (base: plain, from file" in err.splitlines()[1]  # what plain mode leaves out, once


def test_the_old_key_and_base_that_disagree_are_refused():
    with pytest.raises(ConfigError, match="old name of base, which says 'recommended'; keep base"):
        resolve_layers([ConfigLayer("mapping", {"profile": "plain", "base": "recommended"})])
