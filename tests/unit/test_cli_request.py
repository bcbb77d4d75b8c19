"""``toolfilter select`` takes the request from standard input or a file, shows tool names
as plain text, and says each library warning once, on one line; ``profiles write`` asks an
endpoint for the profiles."""

from __future__ import annotations

import io
import json
import logging
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

from toolfilter_core.cli import _profiles as cli_profiles
from toolfilter_core.cli import main

from .fakes import profile_answer

TOOLS = [
    {"name": "get_weather", "description": "Weather forecast for a city"},
    {"name": "send_mail", "description": "Send an email message to a recipient"},
    {"name": "evil\x1b[2J\x1b]0;owned\x07\u202e", "description": "Clear the screen of whoever lists tools"},
]
FLAGS = ["--embedder", "hashing"]


@pytest.fixture
def tools_file(tmp_path: Path) -> str:
    path = tmp_path / "tools.jsonl"
    path.write_text("".join(json.dumps(t) + "\n" for t in TOOLS), encoding="utf-8")
    return str(path)


def run(capsys: Any, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_request_longer_than_an_argument_is_read_from_stdin(tools_file, capsys, monkeypatch):
    long = "what is the weather forecast for Oslo tomorrow\n" + "log line of a pasted file\n" * 20_000
    monkeypatch.setattr("sys.stdin", io.StringIO(long))
    code, out, err = run(capsys, "select", "-", "--tools", tools_file, *FLAGS, "--json")
    assert code == 0, err
    assert json.loads(out)["query"].startswith("what is the weather")


@pytest.mark.parametrize("source", ["stdin", "file"])
def test_the_line_end_after_a_piped_or_filed_request_is_not_part_of_it(
    tools_file, tmp_path, capsys, monkeypatch, source
):
    text = "what is the weather in Oslo\r\n"
    if source == "stdin":
        monkeypatch.setattr("sys.stdin", io.StringIO(text))
        given = ["-"]
    else:
        request = tmp_path / "request.txt"
        request.write_bytes(text.encode("utf-8"))
        given = ["--file", str(request)]
    code, out, err = run(capsys, "select", *given, "--tools", tools_file, *FLAGS, "--json")
    assert code == 0, err
    assert json.loads(out)["query"] == "what is the weather in Oslo"


def test_a_request_is_read_from_a_file(tools_file, tmp_path, capsys):
    request = tmp_path / "request.txt"
    request.write_text("send an email to Ann about the meeting", encoding="utf-8")
    code, out, err = run(capsys, "select", "--file", str(request), "--tools", tools_file, *FLAGS, "--json")
    assert code == 0, err
    assert json.loads(out)["query"] == "send an email to Ann about the meeting"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["select", "hello", "--file", "x.txt"], "give the request once"),
        (["select"], "give the request: QUERY, '-'"),
        (["select", "--file", "/nonexistent/request.txt"], "request file '/nonexistent/request.txt': cannot read"),
    ],
)
def test_a_request_given_twice_or_not_at_all_is_a_usage_error(tools_file, capsys, argv, said):
    code, _, err = run(capsys, *argv, "--tools", tools_file, *FLAGS)
    assert code == 2
    assert said in err


def test_query_has_help_text(capsys):
    with pytest.raises(SystemExit):
        main(["select", "--help"])
    out, _ = capsys.readouterr()
    assert "reads it from standard" in " ".join(out.split())
    assert "--file FILE" in out


def test_escape_codes_in_tool_names_are_shown_not_obeyed(tools_file, capsys):
    for extra in ([], ["--explain"], ["--json"]):
        code, out, err = run(
            capsys,
            "select",
            "clear the screen of whoever lists tools",
            "--tools",
            tools_file,
            *FLAGS,
            "--top-k",
            "3",
            *extra,
        )
        assert code == 0, err
        assert not any(c in out for c in "\x1b\x07\u202e"), extra
    code, out, _ = run(capsys, "select", "clear the screen of whoever lists tools", "--tools", tools_file, *FLAGS)
    assert "evil\\x1b[2J\\x1b]0;owned\\x07\\u202e" in out.splitlines()


def test_json_output_keeps_the_name_s_value(tools_file, capsys):
    code, out, _ = run(capsys, "select", "clear the screen", "--tools", tools_file, *FLAGS, "--json", "--top-k", "3")
    data = json.loads(out)
    names = [t["name"] for t in data["selected"] + data["rejected"]]
    assert TOOLS[2]["name"] in names


def test_a_library_warning_is_one_line_without_the_library_s_file(tools_file, tmp_path, capsys):
    # one profile for a tool of the registry: a file naming none of them is refused
    rows = [{"tool": "no_such_tool", "requests": ["x"]}, {"tool": TOOLS[0]["name"], "requests": ["y"]}]
    (tmp_path / "p.jsonl").write_text("".join(json.dumps(row) + "\n" for row in rows))
    code, _, err = run(
        capsys, "select", "weather in Oslo", "--tools", tools_file, *FLAGS, "--profiles", str(tmp_path / "p.jsonl")
    )
    assert code == 0
    lines = [line for line in err.splitlines() if "warning" in line]
    assert lines and all(line.startswith("toolfilter select: warning: ") for line in lines), err
    assert ".py:" not in err
    assert len(lines) == len(set(lines))


def test_the_index_s_per_tool_lines_are_gathered_and_not_repeated_by_select(capsys):
    from toolfilter_core.cli._warnings import one_line_warnings

    logger = logging.getLogger("toolfilter")
    template = (
        "toolfilter: tool %r: %d of its triggers or profile requests sit closer to other tools' "
        "descriptions or profiles and are ignored"
    )
    for command, expected in (("index", 1), ("select", 0)):
        with one_line_warnings(command):
            for name in ("a", "b", "c"):
                logger.warning(template, name, 1)
        err = capsys.readouterr().err
        assert len(err.splitlines()) == expected, (command, err)
        if expected:
            assert err.startswith("toolfilter index: warning: 3 tool(s) have profile requests") and "a (1)" in err


def test_counted_warnings_are_said_in_full_when_the_command_then_fails(capsys):
    from toolfilter_core.cli._warnings import one_line_warnings, registry_warnings

    with pytest.raises(ValueError), one_line_warnings("select"), registry_warnings(verbose=False):
        warnings.warn("toolfilter: tool 'x' has no description", UserWarning, stacklevel=1)
        raise ValueError("the store refused")
    assert capsys.readouterr().err == "toolfilter select: warning: tool 'x' has no description\n"


class FakeEndpoint:
    """An OpenAI-compatible endpoint's writer, answering from the prompt."""

    name = "fake-model"

    def __init__(self, model: str, **kwargs: Any) -> None:
        self.kwargs = kwargs

    def complete(self, messages: Any) -> str:
        return profile_answer(messages[1]["content"])


def test_profiles_write_asks_the_endpoint_and_writes_the_file(tools_file, tmp_path, capsys, monkeypatch):
    seen: dict[str, Any] = {}

    def writer(args: Any) -> FakeEndpoint:
        seen["url"] = args.openai_base_url
        return FakeEndpoint(args.model)

    monkeypatch.setattr(cli_profiles, "_openai_writer", writer)
    out_file = tmp_path / "profiles.jsonl"
    code, out, err = run(
        capsys,
        "profiles",
        "write",
        tools_file,
        "--out",
        str(out_file),
        "--model",
        "m",
        "--openai-base-url",
        "http://127.0.0.1:9/v1",
        *FLAGS,
    )
    assert code == 0, err
    assert seen["url"] == "http://127.0.0.1:9/v1"
    rows = [json.loads(line) for line in out_file.read_text().splitlines()]
    assert {r.get("tool") for r in rows if "tool" in r} == {t["name"] for t in TOOLS}
    assert "3 written" in out


class SilentEndpoint(FakeEndpoint):
    """An endpoint whose every answer is unusable."""

    def complete(self, messages: Any) -> str:
        return "sorry, I cannot help with that"


def test_profiles_write_with_no_usable_answer_writes_nothing(tools_file, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(cli_profiles, "_openai_writer", lambda args: SilentEndpoint(args.model))
    out_file = tmp_path / "profiles.jsonl"
    out_file.write_text("kept\n", encoding="utf-8")
    argv = ["profiles", "write", tools_file, "--out", str(out_file), "--model", "m", *FLAGS]
    code, out, err = run(capsys, *argv)
    assert code == 1 and out == ""
    assert "toolfilter profiles write: error: no usable answer (" in err and "nothing written" in err
    assert out_file.read_text(encoding="utf-8") == "kept\n"


def test_profiles_write_without_the_package_or_a_key_says_what_is_missing(tools_file, tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("TF_TEST_NO_KEY", raising=False)
    code, _, err = run(
        capsys,
        "profiles",
        "write",
        tools_file,
        "--out",
        str(tmp_path / "p.jsonl"),
        "--model",
        "m",
        "--api-key-env",
        "TF_TEST_NO_KEY",
        *FLAGS,
    )
    assert code == 2
    assert "TF_TEST_NO_KEY" in err or "pip install" in err


def test_profiles_write_help_says_what_it_needs(capsys):
    with pytest.raises(SystemExit):
        main(["profiles", "write", "--help"])
    out, _ = capsys.readouterr()
    assert "--openai-base-url" in out and "openai" in out


def _partly_profiled(tmp_path: Path) -> tuple[str, str]:
    """A tools file of 48 tools and a profiles file for 30 of them."""
    from toolfilter_core import Profiles, ToolProfile, load_bundled_tools

    tools = load_bundled_tools()
    tools_path = tmp_path / "tools.jsonl"
    tools_path.write_text("".join(json.dumps(t.to_dict()) + "\n" for t in tools), encoding="utf-8")
    profiles = Profiles({t.name: ToolProfile((f"please {t.name.replace('_', ' ')} for me",)) for t in tools[:30]})
    return str(tools_path), str(profiles.write(tmp_path / "profiles.jsonl"))


def test_a_registry_profiled_in_part_is_said_once_at_index_time_with_the_command(tmp_path, capsys):
    tools, profiles = _partly_profiled(tmp_path)
    store = str(tmp_path / "store")
    code, _, err = run(capsys, "index", tools, "--profiles", profiles, "--store", store, *FLAGS)
    assert code == 0, err
    said = [line for line in err.splitlines() if "have no profile" in line]
    assert len(said) == 1, err
    assert said[0].startswith("toolfilter index: warning: 18 of 48 tools have no profile (")
    assert f"`toolfilter profiles export {tools} --profiles {profiles} --out prompts_more.jsonl`" in said[0]
    assert f"--answers ANSWERS --into {profiles} --out {profiles}`" in said[0]
    code, _, err = run(capsys, "select", "read the file", "--store", store, *FLAGS)
    assert code == 0 and "have no profile" not in err


def _edited_since_profiled(tmp_path: Path) -> tuple[str, str]:
    """48 tools, 30 profiled for their version; since then 5 descriptions changed and one tool lost a parameter."""
    from toolfilter_core import Profiles, ToolProfile, load_bundled_tools
    from toolfilter_core._hints import says_destructive

    tools = load_bundled_tools()
    lost = next(t for t in tools[5:30] if t.parameter_names)
    profiles = Profiles(
        {
            t.name: ToolProfile(
                (f"please {t.name.replace('_', ' ')} for me",),
                tool_hash=t.definition_hash(),
                params_hash="another version" if t is lost else t.params_hash(),
                parameters=(*t.parameter_names, "gone") if t is lost else tuple(t.parameter_names),
                destructive=says_destructive(t),  # written for the tool as destructive as it is now
            )
            for t in tools[:30]
        }
    )
    rows = [t.to_dict() for t in tools]
    for row in rows[:5]:
        row["description"] += " (edited)"
    for row in rows:
        if row["name"] == lost.name:
            row["description"] += " (changed)"
    path = tmp_path / "tools.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return str(path), str(profiles.write(tmp_path / "profiles.jsonl"))


def test_select_with_a_tools_file_says_its_files_warnings_shortened_once(tmp_path, capsys):
    tools, profiles = _edited_since_profiled(tmp_path)
    code, out, err = run(capsys, "select", "read the file", "--tools", tools, "--profiles", profiles, *FLAGS)
    assert code == 0 and out, err
    said = [line for line in err.splitlines() if ": warning: " in line]  # run once a request: each line shortened
    assert said == [
        "toolfilter select: warning: 5 tool(s) whose description changed since its profile was written: read_file, "
        "write_file, list_dir +2 more (kept)",
        "toolfilter select: warning: 1 profile(s) written for parameters their tool no longer has, left out: "
        "delete_file (lost gone)",
        "toolfilter select: warning: 19 of 48 tools have no profile (build_project, coverage_report, delete_file +16 "
        "more): found less often",
        "toolfilter select: warning: the above from reading and indexing the tools and profiles files (--verbose "
        "shows them in full; `toolfilter index` says them too); said once for these files, again when one changes",
    ], err


def test_select_says_at_most_three_of_its_files_warnings_and_counts_the_rest(tmp_path, capsys, monkeypatch):
    from toolfilter_core import _tool_defs
    from toolfilter_core._exceptions import ToolSpecWarning

    read = _tool_defs.read_tools_file

    def warned(path: Any, *args: Any, **kwargs: Any) -> Any:
        for i in range(5):
            warnings.warn(f"tool 'tool_{i}' reads oddly; mend it: `edit tool_{i}`", ToolSpecWarning, stacklevel=2)
        return read(path, *args, **kwargs)

    monkeypatch.setattr(_tool_defs, "read_tools_file", warned)
    tools = tmp_path / "tools.jsonl"
    tools.write_text(json.dumps({"name": "read_file", "description": "Read a file"}) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "select", "read the file", "--tools", str(tools), *FLAGS)
    assert code == 0 and out, err
    said = [line for line in err.splitlines() if ": warning: " in line]
    assert said[:3] == [f"toolfilter select: warning: tool 'tool_{i}' reads oddly" for i in range(3)], said
    assert said[3:] == [
        "toolfilter select: warning: and 2 more from reading and indexing the tools file (--verbose shows them in "
        "full; `toolfilter index` says them too); said once for these files, again when one changes"
    ], said


def test_a_warning_is_shortened_to_its_first_clause_outside_brackets_and_quotes():
    from toolfilter_core.cli._warnings import LONGEST, _short

    near = "near miss 'stop; now. please' reads like a request for tool 'halt' (0.91 to it; its own 0.80): left out"
    assert _short(near) == near
    assert _short("2 of 8 tools have no profile (a, b): found less often; profile them: `x; y`") == (
        "2 of 8 tools have no profile (a, b): found less often"
    )
    assert _short("tool 'x' has no description. It is found by its name alone") == "tool 'x' has no description."
    long = _short("word " * 100)
    assert len(long) <= LONGEST + 2 and long.endswith(" …"), long


def test_a_long_first_clause_keeps_the_tools_it_names_and_is_never_longer_than_longest():
    from toolfilter_core.cli._warnings import LONGEST, _short

    assert len(_short("x" * 300)) <= LONGEST  # no space to cut at: cut anyway
    assert len(_short("删除" * 200)) <= LONGEST
    assert _short("tool 'x' searches, e.g. by name. Mend it") == "tool 'x' searches, e.g. by name."
    said = _short(
        "tools file 't.jsonl': 1 tool name(s) that model providers reject (OpenAI, Anthropic and Gemini accept only "
        "^[A-Za-z0-9_-]{1,64}$: letters, digits, _ and -, at most 64 characters): 'c d' (line 3: has a space); "
        "rename them (strict_names=True refuses them)"
    )
    assert said == "tools file 't.jsonl': 1 tool name(s) that model providers reject: 'c d'"


def test_select_with_a_tools_file_names_the_tool_a_long_warning_is_about(tmp_path, capsys):
    tools = tmp_path / "tools.jsonl"
    rows = [{"name": "c d", "description": "Name with space"}, {"name": "read_file", "description": "Read a file."}]
    tools.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    code, _, err = run(capsys, "select", "read the file", "--tools", str(tools), *FLAGS)
    assert code == 0, err
    assert [line for line in err.splitlines() if "model providers reject" in line and "'c d'" in line], err


def test_select_verbose_with_a_tools_file_says_each_warning_in_one_short_line_as_index_does(tmp_path, capsys):
    tools, profiles = _edited_since_profiled(tmp_path)
    code, _, err = run(capsys, "select", "read the file", "--tools", tools, "--profiles", profiles, "--verbose", *FLAGS)
    assert code == 0, err
    lines = err.splitlines()
    # short but for the user's own file names and the commands that fix it (the unprofiled line is the longest)
    short = [re.sub("`[^`]*`", "C", line.replace(tools, "T").replace(profiles, "P")) for line in lines]
    assert lines and all(line.startswith("toolfilter select: warning: ") and len(line) <= 280 for line in short), err
    export = f"`toolfilter profiles export {tools} --profiles {profiles} --out prompts_changed.jsonl`"
    edited = [line for line in lines if "description changed since its profile was written" in line]
    assert len(edited) == 1 and "+2 more (kept); re-export: below" in edited[0], err
    left_out = [line for line in lines if "left out:" in line]  # the command once, in the last of them
    assert len(left_out) == 1 and f"(lost gone); re-export (these tools and the ones above): {export}" in left_out[0]
    unprofiled = [line for line in lines if "have no profile" in line]  # what index says of the same files
    assert len(unprofiled) == 1 and unprofiled[0].startswith("toolfilter select: warning: 19 of 48 tools"), err
    code, _, indexed = run(capsys, "index", tools, "--profiles", profiles, "--store", str(tmp_path / "s"), *FLAGS)
    assert code == 0
    said = {line.split(": warning: ", 1)[1] for line in indexed.splitlines() if ": warning: " in line}
    assert {line.split(": warning: ", 1)[1] for line in lines} == said


def test_the_library_warns_once_per_change_of_the_unprofiled_tools(tmp_path, caplog):
    from toolfilter_core import HashingEmbedder, ToolFilter, load_bundled_tools, read_profiles

    _, profiles = _partly_profiled(tmp_path)
    with caplog.at_level(logging.WARNING, logger="toolfilter"):
        tf = ToolFilter(load_bundled_tools(), embedder=HashingEmbedder(), profiles=read_profiles(profiles))
        tf.set_tools(load_bundled_tools())  # the same tools, the same profiles: said already
        ToolFilter(load_bundled_tools()[:30], embedder=HashingEmbedder(), profiles=read_profiles(profiles))
        ToolFilter(load_bundled_tools(), embedder=HashingEmbedder())  # none profiled: nothing leans
    said = [r.getMessage() for r in caplog.records if "have no profile" in r.getMessage()]
    assert len(said) == 1 and said[0].startswith("toolfilter: 18 of 48 tools have no profile (")


class _BinaryStdin:
    """Standard input as a pipe gives it: a text stream over the bytes."""

    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)

    def read(self, size: int = -1) -> str:
        return self.buffer.read(size).decode("utf-8", "surrogateescape")


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"\x89PNG\r\n\x1a\n" + bytes(range(256)), "standard input: is a binary file (a PNG image), not text"),
        (bytes(range(128, 256)) * 4, "standard input: line 1: is not UTF-8 text"),
    ],
    ids=["png", "random-bytes"],
)
def test_binary_standard_input_is_refused_as_a_binary_file_is(tools_file, capsys, monkeypatch, data, said):
    monkeypatch.setattr("sys.stdin", _BinaryStdin(data))
    code, out, err = run(capsys, "select", "-", "--tools", tools_file, *FLAGS)
    assert code == 2 and not out
    assert said in err and "Traceback" not in err


def test_utf8_standard_input_read_as_bytes_is_the_request(tools_file, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", _BinaryStdin("\ufeff明天奥斯陆的天气 weather forecast".encode()))
    code, out, err = run(capsys, "select", "-", "--tools", tools_file, *FLAGS, "--json")
    assert code == 0, err
    assert json.loads(out)["query"] == "明天奥斯陆的天气 weather forecast"


def test_a_character_cut_at_the_read_limit_is_dropped_not_refused() -> None:
    from toolfilter_core._files import decode_text

    assert decode_text("ab奥".encode()[:-1], cut=True) == "ab"
    assert decode_text("ab奥".encode(), cut=True) == "ab奥"


def test_select_from_a_store_says_the_stores_own_warnings_in_full(tools_file, tmp_path, capsys, monkeypatch):
    """Not counted as if from a tools file: a store's warning is about the store, and no tools file was given."""
    from toolfilter_core.index._tool_index import ToolIndex

    store = str(tmp_path / "store")
    assert run(capsys, "index", tools_file, "--store", store, *FLAGS)[0] == 0
    load = ToolIndex.load

    def unsettled(self: Any, *args: Any, **kwargs: Any) -> Any:
        logging.getLogger("toolfilter").warning("toolfilter: store %s did not settle; serving the tools found", store)
        return load(self, *args, **kwargs)

    monkeypatch.setattr(ToolIndex, "load", unsettled)
    code, _, err = run(capsys, "select", "read the file", "--store", store, *FLAGS)
    assert code == 0, err
    assert "did not settle" in err and "not shown" not in err, err


def test_a_command_reading_a_store_does_not_repeat_what_indexing_said_of_the_files(capsys):
    import numpy as np

    from toolfilter_core._tool_profiles.guard import NearMissRows, near_misses_apart
    from toolfilter_core.cli._warnings import one_line_warnings

    rows = np.asarray([[1.0, 0.0], [1.0, 0.0]], dtype=np.float32)  # course_search's description and its one request
    for indexes, said in ((False, False), (True, True)):
        with one_line_warnings("select", indexes=indexes):
            checked = NearMissRows(
                rows[:1],
                ["price a course?"],
                rows,
                np.zeros(2, np.int64),
                np.zeros(1, np.int64),
                np.asarray([False, True]),
                ["course_search"],
            )
            kept = near_misses_apart(
                checked
            )  # the guard's own warning: the near miss reads like course_search's request
            assert not kept.any()
        err = capsys.readouterr().err
        assert ("near miss 'price a course?'" in err) is said, err
