"""A config naming a file where a preset goes (``profile:``, ``base:``), or naming tool profiles, says where they go."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

from toolfilter_core import ConfigError, ConfigWarning, load_config
from toolfilter_core.cli import main

PRESETS = "'recommended' (the recommended preset) or 'plain' (plain mode)"


@pytest.mark.parametrize(
    ("given", "key"),
    [
        pytest.param({"profile": "prof/profiles.jsonl"}, "profile", id="old-name-a-path"),
        pytest.param({"base": "prof/profiles.jsonl"}, "base", id="base-a-path"),
        pytest.param({"profile": "profiles.json"}, "profile", id="old-name-a-json-name"),
    ],
)
def test_a_profiles_file_as_the_base_names_the_profiles_option_and_the_presets(given, key):
    """A new user wrote ``profile: prof/profiles.jsonl``, meaning tool profiles: told to write ``base: FILE``."""
    value = next(iter(given.values()))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # refused in one message: no "write base: FILE" warning before it
        with pytest.raises(ConfigError) as caught:
            load_config(given)
    said = str(caught.value)
    assert said.startswith(f"{key}: {value!r} (from mapping) names a file, but base"), said
    assert PRESETS in said, said
    assert f"--profiles {value} beside the tools file on the command line" in said, said
    assert f"ToolFilter(tools, profiles={value!r}) in Python" in said, said
    assert "write base" not in said


def test_a_file_there_without_a_file_name_s_look_is_read_as_a_file(tmp_path, monkeypatch):
    (tmp_path / "myprofiles").write_text("{}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match=r"base: 'myprofiles' \(from mapping\) names a file, but base names a preset"):
        load_config({"base": "myprofiles"})


def test_a_config_file_as_the_base_is_told_a_config_is_not_laid_over_another():
    with pytest.raises(ConfigError) as caught:
        load_config(base="team.yaml")
    said = str(caught.value)
    assert "base: 'team.yaml' (from the base= argument) names a file" in said
    assert "copy that file's fields into this one" in said and "--profiles" not in said


def test_a_word_that_is_no_base_is_refused_naming_the_presets():
    with pytest.raises(ConfigError, match=re.escape(f"base: 'fancy' (from mapping) is not a base; allowed: {PRESETS}")):
        load_config({"base": "fancy"})


@pytest.mark.parametrize(
    ("key", "pointer"),
    [
        pytest.param("profiles", "tool profiles are not a config setting: they go with the tools", id="profiles"),
        pytest.param("tools", "tools are not a config setting: --tools FILE", id="tools"),
    ],
)
def test_a_profiles_or_tools_key_is_refused_naming_where_it_goes(tmp_path, key, pointer):
    path = tmp_path / "toolfilter.yaml"
    path.write_text(f"{key}: prof/{key}.jsonl\ntop_k: 3\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    said = str(caught.value)
    assert f"{key}: unknown field: {pointer}" in said, said
    assert f"(got 'prof/{key}.jsonl', from file {path})" in said
    assert "allowed fields here" not in said  # the pointer, not the list of every field


def test_the_cli_says_the_profiles_option_for_a_profiles_file_in_a_config(tmp_path, capsys):
    path = tmp_path / "c6.yaml"
    path.write_text("profile: prof/profiles.jsonl\n", encoding="utf-8")
    assert main(["config", "--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert "warning" not in err, err
    assert err.startswith(f"toolfilter config: error: profile: 'prof/profiles.jsonl' (from file {path}) names a file")
    assert "--profiles prof/profiles.jsonl beside the tools file" in err


def test_the_old_name_of_a_preset_still_loads_with_its_warning(tmp_path):
    path = Path(tmp_path / "c4.yaml")
    path.write_text("profile: plain\n", encoding="utf-8")
    with pytest.warns(ConfigWarning, match="is the old name of base; write base: plain"):
        assert load_config(path).enabled is False
