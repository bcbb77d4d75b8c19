"""``profiles import`` says, per tool, the profile requests indexing would leave out, and what to do.

A property manager's answers gave ``staff_email_send`` a request that reads like another tool's
(``maintenance_request_cancel``): the import said nothing, and only ``toolfilter index`` later
warned that it "sits closer to other tools" and is ignored. The import runs the same check now,
with the configured embedder, against the tools the prompts show (or ``--tools``), in the
index's own words (``coverage.ignored_line``), and ``index`` still says it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._tool_profiles.coverage import ignored_line
from toolfilter_core.cli import main

# three tools of the property manager's registry (tools.jsonl, shortened)
TOOLS = [
    ToolSpec(
        "maintenance_request_status",
        "Get the status of a maintenance request: open, assigned, scheduled visit time, done.",
        {"type": "object", "properties": {"request_id": {"type": "string"}}},
    ),
    ToolSpec(
        "maintenance_request_cancel",
        "Cancel a maintenance request and the contractor's visit.",
        {"type": "object", "properties": {"request_id": {"type": "string"}, "reason": {"type": "string"}}},
    ),
    ToolSpec(
        "staff_email_send",
        "Send an e-mail to staff members.",
        {"type": "object", "properties": {"to": {"type": "array"}, "subject": {}, "body": {}}},
    ),
]
REQUESTS = {
    "maintenance_request_status": ["is MR-3150 done?", "MR-2230 修好了吗", "what's the status of MR-6620?"],
    "maintenance_request_cancel": ["cancel maintenance request MR-6620", "scrap MR-1402, no longer needed"],
    "staff_email_send": [
        "email all staff: office closed Monday",
        "drop a mail to the maintenance crew re: roster",
        "Cancel a maintenance request and the contractor's visit",  # another tool's act, in its own words
    ],
}
FLAGS = ["--embedder", "hashing"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _answer(prompt: dict[str, Any]) -> dict[str, Any]:
    if prompt["kind"] == "no_tool":
        return {"no_tool": ["how do I word a polite rent increase letter?"]}
    rows = [{"tool": name, "requests": REQUESTS[name], "destroy": [REQUESTS[name][0]]} for name in prompt["targets"]]
    return {"tools": rows}


@pytest.fixture
def exported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[str, str, str]:
    """(tools file, prompts file, answers file) of the three tools."""
    tools = tmp_path / "tools.jsonl"
    tools.write_text("".join(json.dumps(t.to_dict()) + "\n" for t in TOOLS), encoding="utf-8")
    prompts = tmp_path / "prompts.jsonl"
    # two requests asked per tool: the answers below give each as many or more
    code, _, err = run(
        capsys, "profiles", "export", str(tools), "--out", str(prompts), "--per-tool", "2", "--mentions", "0", *FLAGS
    )
    assert code == 0, err
    rows = [json.loads(line) for line in prompts.read_text(encoding="utf-8").splitlines()]
    answers = tmp_path / "answers.jsonl"
    answers.write_text(
        "".join(json.dumps({"id": p["id"], "answer": json.dumps(_answer(p))}) + "\n" for p in rows), encoding="utf-8"
    )
    return str(tools), str(prompts), str(answers)


def _imported(capsys: pytest.CaptureFixture[str], exported: tuple[str, str, str], out: Path, *flags: str) -> str:
    _, prompts, answers = exported
    code, said, err = run(
        capsys, "profiles", "import", "--prompts", prompts, "--answers", answers, "--out", str(out), *flags
    )
    assert code == 0, err
    assert said.startswith("2 of 2 prompts answered, 3 tools profiled; wrote ")
    return err


def test_import_says_each_tool_whose_requests_indexing_leaves_out_and_what_to_do(
    exported: tuple[str, str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "profiles.jsonl"
    lines = _imported(capsys, exported, out, *FLAGS).splitlines()
    ignored = ignored_line(
        "staff_email_send",
        1,
        '"Cancel a maintenance request and the contractor\'s visit" (closer to maintenance_request_cancel)',
    )
    assert lines == [
        f"toolfilter profiles import: warning: {ignored}",
        f"toolfilter profiles import: 1 tool with requests that indexing will leave out (above; checked against "
        f"the tools the prompts show): rewrite each in {out} so it reads as its own tool's, or delete it; if many of "
        "a tool's are, its description may say another tool's act: fix that instead",
    ]
    assert out.exists()  # the answers are written all the same


def test_the_index_does_not_say_again_what_import_said_of_the_file_it_wrote(
    exported: tuple[str, str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The import's warning was said again by ``index`` and by every ``eval`` of the same file."""
    out = tmp_path / "profiles.jsonl"
    first = _imported(capsys, exported, out, *FLAGS).splitlines()[0].removeprefix("toolfilter profiles import: ")
    assert first.startswith("warning: tool 'staff_email_send': 1 of its triggers or profile requests sit closer")
    said = 'staff_email_send (1: "Cancel a maintenance request and the contractor\'s visit" (closer to '
    for store in ("store", "other"):
        code, _, err = run(
            capsys, "index", exported[0], "--profiles", str(out), "--store", str(tmp_path / store), *FLAGS
        )
        assert code == 0 and "staff_email_send" not in err, err
    code, _, err = run(
        capsys, "index", exported[0], "--profiles", str(out), "--store", str(tmp_path / "v"), "--verbose", *FLAGS
    )
    assert code == 0 and said in err, err  # the same finding, in the index's words
    out.write_text(out.read_text(encoding="utf-8") + "\n", encoding="utf-8")  # another file: said again
    code, _, err = run(capsys, "index", exported[0], "--profiles", str(out), "--store", str(tmp_path / "w"), *FLAGS)
    assert code == 0 and said in err, err


def test_import_checks_against_a_tools_file_when_given(
    exported: tuple[str, str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "profiles.jsonl"
    err = _imported(capsys, exported, out, "--tools", exported[0], *FLAGS)
    assert f"(above; checked against the tools in {exported[0]})" in err


def test_answers_that_stay_with_their_tools_are_imported_without_a_word(
    exported: tuple[str, str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(REQUESTS, "staff_email_send", REQUESTS["staff_email_send"][:2])
    tools, prompts, _ = exported
    rows = [json.loads(line) for line in Path(prompts).read_text(encoding="utf-8").splitlines()]
    answers = tmp_path / "answers_kept.jsonl"
    answers.write_text(
        "".join(json.dumps({"id": p["id"], "answer": json.dumps(_answer(p))}) + "\n" for p in rows), encoding="utf-8"
    )
    assert _imported(capsys, (tools, prompts, str(answers)), tmp_path / "profiles.jsonl", *FLAGS) == ""


def test_the_tools_a_prompts_file_shows_are_embedded_as_the_tools_themselves(
    exported: tuple[str, str, str],
) -> None:
    from toolfilter_core._tool_profiles.exchange import read_prompts

    shown = {t.name: t for p in read_prompts(exported[1]) for t in p.shown_tools()}
    assert {name: t.document() for name, t in shown.items()} == {t.name: t.document() for t in TOOLS}


def test_an_embedder_no_embedder_has_is_refused_before_anything_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], exported: tuple[str, str, str]
) -> None:
    # Failed on 397f633: it wrote the profiles, warned that the requests were not checked, and exited 0.
    out = tmp_path / "profiles.jsonl"
    _, prompts, answers = exported
    code, _, err = run(
        capsys,
        "profiles",
        "import",
        "--prompts",
        prompts,
        "--answers",
        answers,
        "--out",
        str(out),
        "--embedder",
        "nosuch",
    )
    assert code == 2
    assert not out.exists()
    assert "'nosuch'" in err and "hashing" in err and "use-m3" in err


@pytest.mark.parametrize("name", ["hashing", "hashing+hashing", "hashing|hashing"])
def test_embedder_names_get_embedder_knows_pass_the_check(name: str) -> None:
    from toolfilter_core._embedders import check_embedder_name

    check_embedder_name(name)


@pytest.mark.parametrize("name", [" hashing", "hashing ", " hashing | hashing", "hashing + hashing"])
def test_a_name_the_check_passes_builds_an_embedder(name: str) -> None:
    # Failed on fb957fc: " hashing" passed the check, then get_embedder said "unknown name ' hashing'".
    from toolfilter_core._embedders import check_embedder_name, get_embedder

    check_embedder_name(name)
    assert get_embedder(name).id


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("use-m3|", "--embedder: 'use-m3|' has an empty name"),
        ("hashing+", "--embedder: 'hashing+' has an empty name"),
        ("hashing+nosuch", "--embedder: unknown name 'nosuch' (in 'hashing+nosuch')"),
        ("a|b|c", "--embedder: 'a|b|c' routes between exactly two embedders"),
    ],
)
def test_an_embedder_name_refused_names_the_flag_the_value_and_the_names_allowed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], exported: tuple[str, str, str], name: str, said: str
) -> None:
    # Failed on fb957fc: "use-m3|" said "embedder: unknown name ''", neither the flag nor the value given.
    _, prompts, answers = exported
    out = tmp_path / "profiles.jsonl"
    argv = ["profiles", "import", "--prompts", prompts, "--answers", answers, "--out", str(out), "--embedder", name]
    code, _, err = run(capsys, *argv)
    assert code == 2 and not out.exists(), err
    assert said in err and "choose one of default, e5-small, hashing" in err, err


@pytest.mark.parametrize("command", [["demo"], ["select", "what time is it", "--tools", "tools.jsonl"]])
def test_every_command_names_the_flag_of_an_embedder_name_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    # Failed on fb957fc: "embedder: unknown name ''", neither the flag nor the value given.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tools.jsonl").write_text(json.dumps({"name": "get_time", "description": "Tell the time."}) + "\n")
    code, _, err = run(capsys, *command, "--embedder", "use-m3|")
    assert code == 2 and "--embedder: 'use-m3|' has an empty name" in err, err
