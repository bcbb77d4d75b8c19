"""``select`` says its config's warnings once per config, as it says its tools file's (the cache directory)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from toolfilter_core import load_bundled_tools
from toolfilter_core.cli import main

OLD_NAME = "toolfilter select: warning: profile: 'plain' (from file {}) is the old name of base; write base: plain"
PLAIN = (
    "toolfilter select: warning: plain mode (base: plain, from file {}) has no destructive guard: a destructive tool "
    "is sent to any request it ranks for, not only to one that asks to destroy; nor does it tell that no tool fits "
    "or widen when unsure. Keep destructive tools out with block_tools, or drop plain mode"
)
CLOSING = (
    "toolfilter select: warning: the above from reading the config (--verbose says it on every run); "
    "said once for this config, again when it or a flag changes"
)


def _files(tmp_path: Path) -> tuple[Path, Path]:
    tools = tmp_path / "tools.jsonl"
    tools.write_text("".join(json.dumps(t.to_dict()) + "\n" for t in load_bundled_tools()[:8]), encoding="utf-8")
    config = tmp_path / "c4.yaml"
    config.write_text("profile: plain\n", encoding="utf-8")
    return tools, config


def _warned(capsys: Any, *argv: str) -> list[str]:
    code = main(["select", "read the file", "--embedder", "hashing", *argv])
    out, err = capsys.readouterr()
    assert code == 0 and out, err
    return [line for line in err.splitlines() if ": warning: " in line]


def test_the_old_key_s_warning_is_said_on_the_first_run_and_not_on_the_next(tmp_path, capsys):
    """A new user's ``select --config c4.yaml`` said "profile: ... is the old name of base" on every run."""
    tools, config = _files(tmp_path)
    given = ("--tools", str(tools), "--config", str(config))
    assert _warned(capsys, *given) == [OLD_NAME.format(config), PLAIN.format(config), CLOSING]
    assert _warned(capsys, *given) == []
    in_full = [OLD_NAME.format(config), PLAIN.format(config)]
    assert _warned(capsys, *given, "--verbose") == in_full  # in full, on every run
    assert _warned(capsys, *given, "--verbose") == [OLD_NAME.format(config), PLAIN.format(config)]


def test_said_again_when_the_config_or_a_flag_changes(tmp_path, capsys):
    tools, config = _files(tmp_path)
    given = ("--tools", str(tools), "--config", str(config))
    assert _warned(capsys, *given)
    assert _warned(capsys, *given, "--top-k", "3") == [OLD_NAME.format(config), PLAIN.format(config), CLOSING]
    assert _warned(capsys, *given, "--top-k", "3") == []
    config.write_text("profile: plain\ntop_k: 4\n", encoding="utf-8")
    assert _warned(capsys, *given) == [OLD_NAME.format(config), PLAIN.format(config), CLOSING]


def test_said_once_with_a_store_too(tmp_path, capsys):
    tools, config = _files(tmp_path)
    store = str(tmp_path / "store")
    assert main(["index", str(tools), "--store", store, "--embedder", "hashing"]) == 0
    capsys.readouterr()
    said = [OLD_NAME.format(config), PLAIN.format(config), CLOSING]
    assert _warned(capsys, "--store", store, "--config", str(config)) == said
    assert _warned(capsys, "--store", store, "--config", str(config)) == []


def test_a_run_that_fails_says_the_warnings_before_its_error(tmp_path, capsys):
    tools, config = _files(tmp_path)
    config.write_text("profile: plain\ntop_k: 999\n", encoding="utf-8")
    assert main(["select", "read the file", "--tools", str(tools), "--config", str(config)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == OLD_NAME.format(config), err
    assert err[1].startswith("toolfilter select: error: invalid toolfilter configuration:"), err
