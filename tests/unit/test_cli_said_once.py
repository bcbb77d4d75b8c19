"""``select --tools`` says the count of its files' index warnings once per content, kept in the cache directory."""

from __future__ import annotations

import io
import json
import logging
import os
import sys
import threading
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from toolfilter_core.cli import main
from toolfilter_core.cli._said import (
    CACHE_ENV,
    KEPT,
    LOCK_FILE,
    SAID_FILE,
    cache_dir,
    content_key,
    remember,
    said_before,
)

FLAGS = ["--embedder", "hashing"]
COUNTED = "from reading and indexing the tools and profiles files (--verbose shows them in full"
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


def _counted(said: list[str]) -> bool:
    """The files' warnings were said: shortened, then the line that closes them."""
    return bool(said) and COUNTED in said[-1] and said[-1].endswith(ONCE)


def test_the_count_is_said_on_the_first_run_and_not_on_the_next_on_the_same_files(tmp_path, capsys):
    tools, profiles = _registry(tmp_path)
    first = _select(capsys, tools, profiles)
    assert _counted(first) and len(first) == 4, first
    assert first[0].endswith("description changed since its profile was written: read_file (kept)"), first
    assert first[2].endswith("2 of 8 tools have no profile (git_commit, git_status): found less often"), first
    assert first[3].startswith("toolfilter select: warning: the above from reading and indexing"), first
    assert "`toolfilter index` says them too" in first[3]
    assert _select(capsys, tools, profiles) == []
    assert _select(capsys, tools, profiles) == []
    assert (Path(os.environ[CACHE_ENV]) / SAID_FILE).is_file()


def test_a_change_of_either_file_or_of_the_config_says_it_again(tmp_path, capsys):
    tools, profiles = _registry(tmp_path)
    assert _counted(_select(capsys, tools, profiles))
    profiles.write_text(profiles.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert _counted(_select(capsys, tools, profiles))
    assert _select(capsys, tools, profiles) == []
    tools.write_text(tools.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert _counted(_select(capsys, tools, profiles))
    assert _select(capsys, tools, profiles) == []
    assert _counted(_select(capsys, tools, profiles, "--top-k", "3"))
    assert _select(capsys, tools, profiles, "--top-k", "3") == []


def test_the_same_files_elsewhere_are_the_same_content(tmp_path, capsys):
    tools, profiles = _registry(tmp_path)
    assert _counted(_select(capsys, tools, profiles))
    moved = tmp_path / "moved"
    moved.mkdir()
    (moved / "t.jsonl").write_bytes(tools.read_bytes())
    (moved / "p.jsonl").write_bytes(profiles.read_bytes())
    assert _select(capsys, moved / "t.jsonl", moved / "p.jsonl") == []


def test_verbose_says_each_warning_on_every_run(tmp_path, capsys):
    tools, profiles = _registry(tmp_path)
    assert _counted(_select(capsys, tools, profiles))
    for _ in range(2):
        said = _select(capsys, tools, profiles, "--verbose")
        assert any("description changed since its profile was written" in line for line in said), said
        assert any("have no profile" in line for line in said), said


def test_a_tools_file_alone_is_said_once_too(tmp_path, capsys):
    rows = [{"name": "read_file", "description": ""}, {"name": "send_mail", "description": "Send an email"}]
    tools = tmp_path / "tools.jsonl"
    tools.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")  # no description: a warning
    first = _warned(capsys, "--tools", str(tools))
    assert len(first) == 2 and "read_file" in first[0] and "from reading and indexing the tools file" in first[1], first
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
    assert _counted(_select(capsys, path, profiles))
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
        assert _counted(_select(capsys, tools, profiles))
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
        assert _counted(_select(capsys, tools, profiles))
        assert _counted(_select(capsys, tools, profiles))
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
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({SAID_FILE, LOCK_FILE})  # no temporary file left


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


def test_a_pipe_or_a_missing_file_has_no_key(tmp_path):
    assert content_key(("/dev/null",), ()) is None  # a character device: not a regular file
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe")
        assert _within(tmp_path / "pipe", lambda: content_key((str(tmp_path / "pipe"),), ())) is None
    assert content_key(("/no/such/file",), ()) is None
    assert content_key((None,), ("a",)) != content_key((), ("a",))


def test_the_tests_never_write_to_the_real_home():
    import tempfile

    given = Path(os.environ[CACHE_ENV])
    assert given.is_relative_to(Path(tempfile.gettempdir()).resolve()) or given.is_relative_to(
        Path(tempfile.gettempdir())
    )
    assert not given.is_relative_to(Path.home() / ".cache")


def test_eval_and_index_say_the_files_warnings_once_across_runs_and_commands(tmp_path, capsys):
    """``eval --tools`` and ``index`` said the same warnings of the same files on every run."""
    tools, profiles = _registry(tmp_path)
    queries = tmp_path / "queries.jsonl"
    gold = json.loads(tools.read_text(encoding="utf-8").splitlines()[1])["name"]
    queries.write_text(json.dumps({"id": "q1", "query": "read the file", "gold": [gold]}) + "\n", "utf-8")
    changed = "description changed since its profile was written"

    def said(*argv: str) -> str:
        code = main([*argv, "--profiles", str(profiles), *FLAGS])
        err = capsys.readouterr().err
        assert code == 0, err
        return err

    evaluate = ("eval", "--queries", str(queries), "--tools", str(tools))
    assert changed in said(*evaluate)
    assert "warning:" not in said(*evaluate)
    assert "warning:" not in said("index", str(tools), "--store", str(tmp_path / "s1"))  # said by eval already
    assert said(*evaluate, "--verbose").count(changed) == 1  # --verbose: on every run
    assert changed in said("index", str(tools), "--store", str(tmp_path / "s2"), "--verbose")
    tools.write_text(tools.read_text(encoding="utf-8") + "\n", encoding="utf-8")  # the files change: said again
    assert changed in said("index", str(tools), "--store", str(tmp_path / "s3"))
    assert "warning:" not in said(*evaluate)


def test_a_failed_run_keeps_nothing_as_said(tmp_path, capsys):
    tools, profiles = _registry(tmp_path)
    queries = tmp_path / "queries.jsonl"
    queries.write_text(json.dumps({"id": "q1", "query": "read the file", "gold": ["no_such_tool"]}) + "\n", "utf-8")
    argv = ["eval", "--queries", str(queries), "--tools", str(tools), "--profiles", str(profiles), *FLAGS]
    for _ in range(2):  # refused (a gold tool the registry lacks): the warnings are said again next time
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "description changed since its profile was written" in err, err


def _within(fifo: Path, run: Callable[[], Any], seconds: float = 20.0) -> Any:
    """What ``run`` returns, or a failure if it waits on ``fifo`` (released then, so nothing is left hanging)."""
    done: list[Any] = []
    thread = threading.Thread(target=lambda: done.append(run()), daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # a writer that closes: the waiting reader reads nothing
        thread.join(seconds)
        pytest.fail(f"waited on the pipe {fifo.name}")
    return done[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
@pytest.mark.parametrize("name", [SAID_FILE, LOCK_FILE])
def test_a_pipe_in_the_cache_directory_never_holds_select(tmp_path, capsys, name):
    tools, profiles = _registry(tmp_path)
    where = Path(os.environ[CACHE_ENV])
    where.mkdir(parents=True)
    os.mkfifo(where / name)
    assert _counted(_within(where / name, lambda: _select(capsys, tools, profiles)))
    assert not said_before(str(content_key((), ("not said",))))
    assert (where / name).is_file()  # replaced (the list, or a lock file), never written into: said once from now on
    assert _select(capsys, tools, profiles) == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_tools_file_that_is_a_pipe_is_said_on_every_run(tmp_path, capsys):
    rows = [{"name": "read_file", "description": ""}, {"name": "send_mail", "description": "Send an email"}]
    text = "".join(json.dumps(r) + "\n" for r in rows)  # no description: a warning
    pipe = tmp_path / "tools.pipe"
    os.mkfifo(pipe)
    for _ in range(2):  # cannot be read again, nor told from the next one: no key
        writer = threading.Thread(target=pipe.write_text, args=(text,), kwargs={"encoding": "utf-8"}, daemon=True)
        writer.start()
        said = _within(pipe, lambda: _warned(capsys, "--tools", str(pipe)))
        writer.join(20)
        assert len(said) == 2 and "read_file" in said[0] and "from reading and indexing the tools file" in said[1], said
        assert ONCE not in said[1]


def test_a_request_read_from_standard_input_is_said_once_too(tmp_path, capsys, monkeypatch):
    tools, profiles = _registry(tmp_path)
    for said in (1, 0):
        monkeypatch.setattr("sys.stdin", io.StringIO("read the file\n"))
        code = main(["select", "-", "--tools", str(tools), "--profiles", str(profiles), *FLAGS])
        out, err = capsys.readouterr()
        assert code == 0 and out, err
        assert (COUNTED in err) == said and (": warning: " in err) == said, err


def test_runs_at_once_keep_each_other_s_hashes(tmp_path, monkeypatch):
    from toolfilter_core.cli import _said

    monkeypatch.setenv(CACHE_ENV, str(tmp_path))
    # each run waits for the lock long enough whatever the machine's load (past LOCK_WAIT a run leaves the list)
    monkeypatch.setattr(_said, "LOCK_WAIT", 60.0)
    keys = [str(content_key((), (f"run {i}",))) for i in range(40)]
    start = threading.Barrier(len(keys))

    def run(key: str) -> None:
        start.wait()
        remember(key)

    threads = [threading.Thread(target=run, args=(key,)) for key in keys]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(json.loads((tmp_path / SAID_FILE).read_text(encoding="utf-8"))["said"]) == sorted(keys)


def test_processes_at_once_keep_each_other_s_hashes(tmp_path):
    import subprocess

    from toolfilter_core.cli import _said

    code = (  # the module alone (the standard library's imports), not the package: many start at once
        "import importlib.util, sys; spec = importlib.util.spec_from_file_location('said', sys.argv[1]); "
        "said = importlib.util.module_from_spec(spec); spec.loader.exec_module(said); "
        "said.LOCK_WAIT = 60.0; said.remember(sys.argv[2])"  # long enough a wait whatever the machine's load
    )
    keys = [str(content_key((), (f"process {i}",))) for i in range(40)]
    env = {**os.environ, CACHE_ENV: str(tmp_path)}
    runs = [subprocess.Popen([sys.executable, "-c", code, str(_said.__file__), key], env=env) for key in keys]
    assert [run.wait(120) for run in runs] == [0] * len(keys)
    assert sorted(json.loads((tmp_path / SAID_FILE).read_text(encoding="utf-8"))["said"]) == sorted(keys)


@pytest.mark.parametrize("kind", ["store", "embedder"])
def test_a_store_or_embedder_warning_is_said_on_every_run_outside_the_count(tmp_path, capsys, monkeypatch, kind):
    """Not about the files: neither counted into their line nor kept as said with it."""
    from toolfilter_core import ConfigWarning
    from toolfilter_core.index._tool_index import ToolIndex

    tools, profiles = _registry(tmp_path)
    store = str(tmp_path / "store")
    load = ToolIndex.load

    def warned(self: Any, *args: Any, **kwargs: Any) -> Any:
        if kind == "store":
            logging.getLogger("toolfilter").warning(
                "toolfilter: store %s did not settle; serving the tools found", store
            )
        else:
            warnings.warn("the thresholds were tuned for another embedder", ConfigWarning, stacklevel=2)
        return load(self, *args, **kwargs)

    monkeypatch.setattr(ToolIndex, "load", warned)
    first = _select(capsys, tools, profiles, "--store", store)
    assert _counted(first[1:]) and len(first) == 5, first  # the files' three, shortened: not the store's or embedder's
    again = _select(capsys, tools, profiles, "--store", store)
    assert again == first[:1] and ("did not settle" if kind == "store" else "another embedder") in again[0], again
