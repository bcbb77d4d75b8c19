"""``select --tools`` says the count of its files' index warnings once per content, kept in the cache directory."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from toolfilter_core.cli import main
from toolfilter_core.cli._said import CACHE_ENV, KEPT, SAID_FILE, cache_dir, content_key, remember, said_before

FLAGS = ["--embedder", "hashing"]
COUNTED = "warnings from reading and indexing the tools and profiles files, not shown: add --verbose"
ONCE = "said once for these files, again when one changes"


def _registry(tmp_path: Path) -> tuple[Path, Path]:
    """Eight tools, six profiled: one profile written for an older description; two tools unprofiled."""
    from toolfilter_core import Profiles, ToolProfile, load_bundled_tools

    tools = load_bundled_tools()[:8]
    profiles = Profiles(
        {
            t.name: ToolProfile(
                (f"please {t.name.replace('_', ' ')} for me",),
                tool_hash="an older version" if i == 0 else t.definition_hash(),
                params_hash=t.params_hash(),
                parameters=tuple(t.parameter_names),
            )
            for i, t in enumerate(tools[:6])
        }
    )
    path = tmp_path / "tools.jsonl"
    path.write_text("".join(json.dumps(t.to_dict()) + "\n" for t in tools), encoding="utf-8")
    return path, profiles.write(tmp_path / "profiles.jsonl")


def _warned(capsys: Any, *argv: str) -> list[str]:
    code = main(["select", "read the file", *argv, *FLAGS])
    out, err = capsys.readouterr()
    assert code == 0 and out, err
    return [line for line in err.splitlines() if ": warning: " in line]


def _select(capsys: Any, tools: Path, profiles: Path, *more: str) -> list[str]:
    return _warned(capsys, "--tools", str(tools), "--profiles", str(profiles), *more)


def test_the_count_is_said_on_the_first_run_and_not_on_the_next_on_the_same_files(tmp_path, capsys):
    tools, profiles = _registry(tmp_path)
    first = _select(capsys, tools, profiles)
    assert len(first) == 1 and COUNTED in first[0] and first[0].endswith(ONCE), first
    assert "(`toolfilter index` says them too)" in first[0]
    assert _select(capsys, tools, profiles) == []
    assert _select(capsys, tools, profiles) == []
    assert (Path(os.environ[CACHE_ENV]) / SAID_FILE).is_file()


def test_a_change_of_either_file_or_of_the_config_says_it_again(tmp_path, capsys):
    tools, profiles = _registry(tmp_path)
    assert len(_select(capsys, tools, profiles)) == 1
    profiles.write_text(profiles.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert len(_select(capsys, tools, profiles)) == 1
    assert _select(capsys, tools, profiles) == []
    tools.write_text(tools.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert len(_select(capsys, tools, profiles)) == 1
    assert _select(capsys, tools, profiles) == []
    assert len(_select(capsys, tools, profiles, "--top-k", "3")) == 1
    assert _select(capsys, tools, profiles, "--top-k", "3") == []


def test_the_same_files_elsewhere_are_the_same_content(tmp_path, capsys):
    tools, profiles = _registry(tmp_path)
    assert len(_select(capsys, tools, profiles)) == 1
    moved = tmp_path / "moved"
    moved.mkdir()
    (moved / "t.jsonl").write_bytes(tools.read_bytes())
    (moved / "p.jsonl").write_bytes(profiles.read_bytes())
    assert _select(capsys, moved / "t.jsonl", moved / "p.jsonl") == []


def test_verbose_says_each_warning_on_every_run(tmp_path, capsys):
    tools, profiles = _registry(tmp_path)
    assert len(_select(capsys, tools, profiles)) == 1
    for _ in range(2):
        said = _select(capsys, tools, profiles, "--verbose")
        assert any("description changed since its profile was written" in line for line in said), said
        assert any("have no profile" in line for line in said), said


def test_a_tools_file_alone_is_said_once_too(tmp_path, capsys):
    rows = [{"name": "read_file", "description": ""}, {"name": "send_mail", "description": "Send an email"}]
    tools = tmp_path / "tools.jsonl"
    tools.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")  # no description: a warning
    first = _warned(capsys, "--tools", str(tools))
    assert len(first) == 1 and "from reading and indexing the tools file" in first[0], first
    assert _warned(capsys, "--tools", str(tools)) == []


def test_a_profile_request_that_is_another_tools_description_is_said_once(tmp_path, capsys):
    from toolfilter_core import Profiles, ToolProfile, ToolSpec

    tools = [
        ToolSpec(name="get_weather", description="Weather forecast for a city"),
        ToolSpec(name="send_mail", description="Send an email message to a recipient"),
        ToolSpec(name="list_files", description="List the files in a folder"),
    ]
    path = tmp_path / "tools.jsonl"
    path.write_text("".join(json.dumps(t.to_dict()) + "\n" for t in tools), encoding="utf-8")
    profiles = Profiles(
        {
            "get_weather": ToolProfile(("Send an email message to a recipient", "will it rain in Oslo")),
            "send_mail": ToolProfile(("mail Bob the report",)),
            "list_files": ToolProfile(("what is in my documents folder",)),
        }
    ).write(tmp_path / "profiles.jsonl")
    said = _select(capsys, path, profiles, "--verbose")
    assert any("sit closer to other tools" in line and "get_weather" in line for line in said), said
    assert len(_select(capsys, path, profiles)) == 1
    assert _select(capsys, path, profiles) == []


@pytest.mark.parametrize("kind", ["a file", "garbage", "wrong shape", "too long", "not utf-8"])
def test_a_broken_cache_never_fails_select_it_says_the_line(tmp_path, capsys, monkeypatch, kind):
    tools, profiles = _registry(tmp_path)
    where = tmp_path / "cache"
    where.mkdir()
    said = where / SAID_FILE
    if kind == "a file":  # the cache directory cannot be made: a file is in its way
        (tmp_path / "blocker").write_text("x", encoding="utf-8")
        where = tmp_path / "blocker" / "cache"
    elif kind == "garbage":
        said.write_text("{not json", encoding="utf-8")
    elif kind == "wrong shape":
        said.write_text(json.dumps({"said": [1, None, "x" * 64, {"a": 1}]}), encoding="utf-8")
    elif kind == "too long":
        said.write_text(json.dumps({"said": ["0" * 64] * 5000}), encoding="utf-8")
    else:
        said.write_bytes(b"\xff\xfe\x00garbage")
    monkeypatch.setenv(CACHE_ENV, str(where))
    for _ in range(2 if kind == "a file" else 1):  # unwritable: said on every run
        assert len(_select(capsys, tools, profiles)) == 1
    if kind != "a file":  # written anew: said once from now on
        assert _select(capsys, tools, profiles) == []
        assert len(json.loads(said.read_text(encoding="utf-8"))["said"]) == 1


def test_a_cache_directory_that_cannot_be_written_says_the_line_each_time(tmp_path, capsys, monkeypatch):
    tools, profiles = _registry(tmp_path)
    where = tmp_path / "read-only"
    where.mkdir()
    where.chmod(0o500)
    try:
        monkeypatch.setenv(CACHE_ENV, str(where))
        if os.access(where, os.W_OK):  # root writes anyway: the rest is the "a file" case above
            pytest.skip("the user can write to a read-only directory (root)")
        assert len(_select(capsys, tools, profiles)) == 1
        assert len(_select(capsys, tools, profiles)) == 1
    finally:
        where.chmod(0o700)


def test_the_cache_keeps_the_newest_hashes_and_stays_small(tmp_path, monkeypatch):
    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    keys = [content_key((), (str(i),)) for i in range(KEPT + 20)]
    for key in keys:
        assert key is not None
        remember(key)
    kept = json.loads((tmp_path / SAID_FILE).read_text(encoding="utf-8"))["said"]
    assert kept == keys[-KEPT:]
    assert (tmp_path / SAID_FILE).stat().st_size < 20_000
    assert said_before(str(keys[-1])) and not said_before(str(keys[0]))
    remember(str(keys[-KEPT]))  # said again: the newest now
    assert json.loads((tmp_path / SAID_FILE).read_text(encoding="utf-8"))["said"][-1] == keys[-KEPT]
    assert [p.name for p in tmp_path.iterdir()] == [SAID_FILE]  # no temporary file left


def test_the_cache_directory_is_toolfilter_cache_dir_else_xdg_cache_home_else_home(tmp_path, monkeypatch):
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "given"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "given"
    monkeypatch.delenv(CACHE_ENV)
    assert cache_dir() == tmp_path / "xdg" / "toolfilter"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")  # ignored, as the XDG specification says
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_dir() == tmp_path / "home" / ".cache" / "toolfilter"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache_dir() == tmp_path / "home" / ".cache" / "toolfilter"


def test_a_pipe_or_a_missing_file_has_no_key():
    assert content_key(("/dev/null",), ()) is None  # not a regular file: cannot be read again
    assert content_key(("/no/such/file",), ()) is None
    assert content_key((None,), ("a",)) != content_key((), ("a",))


def test_the_tests_never_write_to_the_real_home():
    import tempfile

    given = Path(os.environ[CACHE_ENV])
    assert given.is_relative_to(Path(tempfile.gettempdir()).resolve()) or given.is_relative_to(
        Path(tempfile.gettempdir())
    )
    assert not given.is_relative_to(Path.home() / ".cache")


def test_index_and_eval_keep_saying_theirs_each_run(tmp_path, capsys):
    tools, profiles = _registry(tmp_path)
    queries = tmp_path / "queries.jsonl"
    gold = json.loads(tools.read_text(encoding="utf-8").splitlines()[1])["name"]
    queries.write_text(json.dumps({"id": "q1", "query": "read the file", "gold": [gold]}) + "\n", "utf-8")
    for _ in range(2):
        code = main(["eval", "--queries", str(queries), "--tools", str(tools), "--profiles", str(profiles), *FLAGS])
        err = capsys.readouterr().err
        assert code == 0 and "description changed since its profile was written" in err, err
    for run in range(2):
        store = str(tmp_path / f"store{run}")
        code = main(["index", str(tools), "--profiles", str(profiles), "--store", store, *FLAGS])
        err = capsys.readouterr().err
        assert code == 0 and "description changed since its profile was written" in err, err
