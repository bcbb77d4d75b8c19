"""A tool marked destructive after its profile was written.

A vet clinic's ``boarding_end_early`` was profiled while nothing read it as destructive, so its
prompt asked no destroy requests. Its owner then gave it ``destructiveHint: true``: the profile
still matched the tool's definition hash, ``profiles export --profiles`` wrote no prompt for it
("30 tools already have a current profile"), nothing warned, and its own request ("end Biscuit's
boarding stay today") was held back by the destructive guard with no destroy requests to say it.
"""

from __future__ import annotations

import json
import warnings
from dataclasses import replace

import pytest

from toolfilter_core import (
    CallableWriter,
    HashingEmbedder,
    Profiles,
    PromptSettings,
    ToolFilter,
    ToolProfile,
    ToolSpec,
    ToolSpecError,
    ToolSpecWarning,
    write_profiles,
)
from toolfilter_core._tool_profiles.exchange import collect
from toolfilter_core._tool_profiles.prompt import ProfilePrompt
from toolfilter_core._tool_profiles.sidecar import attach_profiles, is_current, read_profiles
from toolfilter_core._tool_profiles.values import read_profile
from toolfilter_core.cli import main

END = ToolSpec("boarding_end_early", "Check a pet out of boarding before its planned date")  # read as no destroyer
MARKED = ToolSpec(END.name, END.description, annotations={"destructiveHint": True})
BOOK = ToolSpec("boarding_book", "Book a boarding stay for a pet")
REQUESTS = ("we're back early, end stay B-3312 today",)


def _pins(tool: ToolSpec) -> tuple[str, str, str, str]:
    """``tool_hash``, ``writer``, ``prompt_version`` and ``params_hash`` of a row the writer wrote for ``tool``."""
    return tool.definition_hash(), "m", "3", tool.params_hash()


def _written(tool: ToolSpec, destructive: bool | None = None) -> ToolProfile:
    """A profile as the writer writes it for ``tool``, without destroy requests (None: a row before the mark)."""
    profile = ToolProfile(REQUESTS, (), *_pins(tool))
    return profile if destructive is None else replace(profile, destructive=destructive)


def _attach(tool: ToolSpec, profile: ToolProfile) -> tuple[ToolSpec, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        (out,) = attach_profiles([tool], Profiles({tool.name: profile}))
    return out, [str(w.message) for w in caught if w.category is ToolSpecWarning]


@pytest.mark.parametrize("recorded", [False, None], ids=["recorded-not-destructive", "row-before-the-field"])
def test_a_tool_marked_destructive_since_its_profile_keeps_it_with_one_warning(recorded: bool | None) -> None:
    profile = _written(END, destructive=recorded)
    tool, said = _attach(MARKED, profile)
    assert tool.profile == profile  # kept meanwhile, like an edited description
    assert said == [
        "toolfilter: 1 tool(s) marked destructive since its profile was written (it was asked no destroy "
        "requests), the profile kept: boarding_end_early; re-export: `toolfilter profiles export <your tools file> "
        "--profiles <your profiles file> --out prompts_changed.jsonl`, answer it, then `toolfilter profiles import "
        "--prompts prompts_changed.jsonl --answers ANSWERS --into <your profiles file> --out <your profiles file>` "
        '(or add "destroy" requests to its row by hand)'
    ]


def test_a_tool_no_longer_destructive_keeps_its_profile_with_one_warning() -> None:
    plain = ToolSpec(END.name, END.description, annotations={"destructiveHint": False})
    for profile in (ToolProfile(REQUESTS, ("end B-3312 now",), *_pins(MARKED)), _written(MARKED, destructive=True)):
        tool, said = _attach(plain, profile)
        assert tool.profile == profile
        assert len(said) == 1
        assert (
            "1 tool(s) no longer destructive since its profile was written, the profile kept: boarding_end_early"
            in (said[0])
        )


def test_a_profile_written_for_the_tool_as_destructive_as_it_is_now_is_unsaid() -> None:
    for tool, profile in (
        (MARKED, _written(MARKED, destructive=True)),  # the writer found no destroy request: not asked again
        (MARKED, ToolProfile(REQUESTS, ("end B-3312 now",), *_pins(MARKED))),  # a row before the field
        (END, _written(END, destructive=False)),
        (END, _written(END)),
        (MARKED, ToolProfile(REQUESTS)),  # a hand-written row, pinned to no version
    ):
        assert _attach(tool, profile) == (replace(tool, profile=profile), [])


def test_the_destructive_mark_goes_from_the_prompt_to_the_profile_row_and_back() -> None:
    prompt = ProfilePrompt(
        "tools-00001", "tools", {END.name: "h", BOOK.name: "g"}, (), destructive=(END.name,), params={}
    )
    answer = {
        "tools": [
            {"tool": END.name, "requests": list(REQUESTS), "destroy": ["end it now"]},
            {"tool": BOOK.name, "requests": ["book Rex in for the weekend"]},
        ]
    }
    profiles, _ = collect([prompt], {prompt.id: answer}, writer="m")
    assert profiles.tools[END.name].destructive is True and profiles.tools[BOOK.name].destructive is False
    rows = {row["tool"]: row for row in profiles.rows()}
    assert rows[END.name]["destructive"] is True and rows[BOOK.name]["destructive"] is False
    for name, row in rows.items():
        assert read_profile(repr(name), {k: v for k, v in row.items() if k != "tool"}) == profiles.tools[name]


def test_a_row_without_the_mark_reads_as_unknown_and_keeps_its_hash() -> None:
    old = {"requests": list(REQUESTS), "tool_hash": END.definition_hash()}
    profile = read_profile("'x'", old)
    assert profile is not None and profile.destructive is None
    assert profile.to_dict() == old  # the store's content hash of an old profile is unchanged
    with pytest.raises(ToolSpecError, match=r"field 'profile.destructive' is 'yes'; expected true, false or null"):
        read_profile("'x'", {**old, "destructive": "yes"})


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _jsonl(path: object, rows: list[dict[str, object]]) -> str:
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    with open(str(path), "w", encoding="utf-8") as handle:
        handle.write(text)
    return str(path)


def test_export_with_profiles_asks_again_for_a_tool_marked_destructive_and_says_why(tmp_path, capsys) -> None:
    old = Profiles({END.name: _written(END), BOOK.name: _written(BOOK)}, ("hi there",))
    current = old.write(tmp_path / "profiles.jsonl")
    tools = _jsonl(tmp_path / "tools.jsonl", [MARKED.to_dict(), BOOK.to_dict()])
    out_file = str(tmp_path / "prompts.jsonl")
    argv = [
        "profiles",
        "export",
        tools,
        "--out",
        out_file,
        "--profiles",
        str(current),
        "--embedder",
        "hashing",
        "--mentions",
        "0",
    ]
    code, out, _ = _run(capsys, *argv)
    assert code == 0
    assert out.strip() == (
        f"wrote 1 prompt for 1 tool to {out_file} (1 tool already has a current profile; "
        "asked again: 1 marked destructive since its profile was written: boarding_end_early)"
    )
    (row,) = [json.loads(line) for line in open(out_file, encoding="utf-8")]
    assert list(row["targets"]) == [END.name] and row["destructive"] == [END.name]
    assert read_profiles(current) == old  # the old profile stays until the answers are imported


def test_the_writer_writes_again_a_profile_written_before_its_tool_was_marked_destructive() -> None:
    sent: list[str] = []

    def answer(messages: object) -> str:
        user = messages[1]["content"]  # type: ignore[index]
        sent.append(user)
        return json.dumps({"tools": [{"tool": END.name, "requests": ["end B-1 early"], "destroy": ["end B-1 now"]}]})

    current = Profiles({END.name: _written(END), BOOK.name: _written(BOOK)}, ("hi there",))
    profiles, report = write_profiles(
        [MARKED, BOOK],
        CallableWriter(answer, name="fake"),
        current=current,
        embedder=HashingEmbedder(),
        settings=PromptSettings(neighbours=1, mentions_per_tool=0),
    )
    assert (report.tools, report.kept, len(sent)) == (1, 1, 1)
    assert profiles.tools[END.name].destroy == ("end B-1 now",) and profiles.tools[END.name].destructive is True
    assert profiles.tools[BOOK.name] == current.tools[BOOK.name]


def test_tool_filter_warns_once_and_indexes_the_kept_profile() -> None:
    given = Profiles({END.name: _written(END), BOOK.name: _written(BOOK)})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tf = ToolFilter([MARKED, BOOK], embedder=HashingEmbedder(), profiles=given)
    said = [str(w.message) for w in caught if "destructive since its profile" in str(w.message)]
    assert len(said) == 1 and "marked destructive since its profile was written" in said[0]
    assert {t.name: t.profile for t in tf.index.tools}[END.name] == given.tools[END.name]


def test_export_says_no_destructive_reason_for_a_tool_asked_again_for_its_new_version(tmp_path, capsys) -> None:
    """A tool whose description changed too is asked again for that: the line does not give the other reason."""
    old = Profiles({END.name: _written(END), BOOK.name: _written(BOOK)}, ("hi there",))
    current = old.write(tmp_path / "profiles.jsonl")
    edited = ToolSpec(END.name, END.description + " Credits the nights left.", annotations={"destructiveHint": True})
    tools = _jsonl(tmp_path / "tools.jsonl", [edited.to_dict(), BOOK.to_dict()])
    out_file = str(tmp_path / "prompts.jsonl")
    argv = [
        "profiles",
        "export",
        tools,
        "--out",
        out_file,
        "--profiles",
        str(current),
        "--embedder",
        "hashing",
        "--mentions",
        "0",
    ]
    code, out, _ = _run(capsys, *argv)
    assert code == 0 and "marked destructive" not in out, out
    assert out.strip().endswith("(1 tool already has a current profile)"), out


def test_a_row_given_destroy_requests_by_hand_is_taken_with_its_stale_field_unsaid() -> None:
    """``"destructive": false`` and destroy requests added by hand: the field alone was stale, and warned every run."""
    profile = replace(_written(END, destructive=False), destroy=("end B-3312 now",))
    assert _attach(MARKED, profile) == (replace(MARKED, profile=profile), [])
    assert is_current(profile, MARKED)  # export asks for it no more


INTO = "--into <your profiles file> --out <your profiles file>`"


def test_each_destructive_warning_says_how_to_silence_it() -> None:
    _, now = _attach(MARKED, _written(END, destructive=False))
    assert now[0].endswith(f'{INTO} (or add "destroy" requests to its row by hand)'), now
    plain = ToolSpec(END.name, END.description, annotations={"destructiveHint": False})
    _, no_longer = _attach(plain, _written(MARKED, destructive=True))
    assert no_longer[0].endswith(f'{INTO} (or set its row\'s "destructive": false)')
