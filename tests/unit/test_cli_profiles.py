"""``toolfilter profiles export|import`` and ``--profiles`` on index and select (in-process, hashing embedder)."""

import json
import re
import shlex

import pytest

from toolfilter_core import Profiles, ToolProfile, ToolSpec, read_profiles
from toolfilter_core.cli import main

TOOLS = [
    ToolSpec("get_weather", "Weather forecast for a city"),
    ToolSpec("send_mail", "Send an email message to a recipient"),
    ToolSpec("delete_file", "Delete a file from the disk"),
]
UMBRELLA = "do I need an umbrella in Oslo tomorrow"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def jsonl(path, rows):
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return str(path)


def answer(prompt):
    if prompt["kind"] == "no_tool":
        return {"no_tool": ["how do meteorologists make a weather forecast"]}
    if prompt["kind"] == "mentions":
        return {"mentions": [{"tool": n, "mentions": [f"was {n} done yesterday?"]} for n in prompt["targets"]]}
    rows = []
    for name in prompt["targets"]:
        requests = [UMBRELLA] if name == "get_weather" else [f"please {name} now"]
        rows.append({"tool": name, "requests": requests, "destroy": [f"wipe it with {name}"]})
    return {"tools": rows}


@pytest.fixture
def exported(tmp_path, capsys):
    """(tools file, prompts file, batch file) after ``profiles export`` with batch size 2."""
    tools = jsonl(tmp_path / "tools.jsonl", [t.to_dict() for t in TOOLS])
    prompts, batch = str(tmp_path / "prompts.jsonl"), str(tmp_path / "batch.jsonl")
    # one request asked per tool: the answers below give each one
    flags = ["--batch", batch, "--batch-size", "2", "--model", "gpt-x", "--embedder", "hashing", "--per-tool", "1"]
    flags += ["--mentions", "0"]  # no mentions prompt: the current file's destructive row lacks mentions
    code, out, _ = run(capsys, "profiles", "export", tools, "--out", prompts, *flags)
    assert code == 0
    # 3 targets in batches of 2: 2 tools prompts, then the no_tool prompt
    assert out.strip() == f"wrote 3 prompts for 3 tools to {prompts} and the Batch API file {batch}"
    return tools, prompts, batch


def answers_file(tmp_path, prompts, name="answers.jsonl"):
    rows = [json.loads(line) for line in open(prompts, encoding="utf-8")]
    return jsonl(tmp_path / name, [{"id": p["id"], "answer": json.dumps(answer(p))} for p in rows])


def imported(capsys, tmp_path, prompts, out_file, *flags):
    """``profiles import`` of good answers to every prompt in ``prompts``."""
    answers = answers_file(tmp_path, prompts)
    return run(capsys, "profiles", "import", "--prompts", prompts, "--answers", answers, "--out", str(out_file), *flags)


def test_export_writes_the_prompts_and_the_batch_file(exported):
    _, prompts, batch = exported
    rows = [json.loads(line) for line in open(prompts, encoding="utf-8")]
    assert [(r["id"], list(r["targets"])) for r in rows] == [
        ("tools-00001", ["get_weather", "send_mail"]),
        ("tools-00002", ["delete_file"]),
        ("no_tool-00001", []),
    ]
    lines = [json.loads(line) for line in open(batch, encoding="utf-8")]
    assert [line["custom_id"] for line in lines] == ["tools-00001", "tools-00002", "no_tool-00001"]
    assert {line["body"]["model"] for line in lines} == {"gpt-x"}


def test_import_writes_the_profiles_with_the_writer_named(exported, tmp_path, capsys):
    tools, prompts, _ = exported
    out_file = tmp_path / "profiles.jsonl"
    code, out, err = imported(capsys, tmp_path, prompts, out_file, "--writer", "x")
    assert code == 0 and err == ""
    assert out.strip() == f"3 of 3 prompts answered, 3 tools profiled; wrote {out_file}"
    profiles = read_profiles(out_file)
    assert {p.writer for p in profiles.tools.values()} == {"x"}
    assert profiles.tools["get_weather"].requests == (UMBRELLA,)
    assert profiles.tools["get_weather"].tool_hash == TOOLS[0].definition_hash()
    assert profiles.tools["delete_file"].destroy == ("wipe it with delete_file",)  # destructive: kept
    assert profiles.tools["send_mail"].destroy == ()
    assert profiles.no_tool == ("how do meteorologists make a weather forecast",)


def test_import_into_lays_the_answers_over_an_existing_file(exported, tmp_path, capsys):
    _, prompts, _ = exported
    older = Profiles(
        {"send_mail": ToolProfile(("old request",), writer="hand"), "gone_tool": ToolProfile(("x",), writer="hand")},
        ("old near miss",),
    )
    into = older.write(tmp_path / "older.jsonl")
    out_file = tmp_path / "merged.jsonl"
    code, _, _ = imported(capsys, tmp_path, prompts, out_file, "--writer", "x", "--into", str(into))
    merged = read_profiles(out_file)
    assert code == 0
    assert merged.tools["send_mail"].writer == "x"  # the answer wins
    assert merged.tools["gone_tool"].writer == "hand"  # kept from the older file
    assert set(merged.tools) == {"get_weather", "send_mail", "delete_file", "gone_tool"}
    assert merged.no_tool == ("how do meteorologists make a weather forecast",)


def test_import_with_a_bad_answers_line_exits_2_naming_the_line(exported, tmp_path, capsys):
    _, prompts, _ = exported
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "tools-00001", "answer": "{}"}\n{"id": "tools-00002"\n', encoding="utf-8")
    code, out, err = run(
        capsys, "profiles", "import", "--prompts", prompts, "--answers", str(bad), "--out", str(tmp_path / "p.jsonl")
    )
    assert code == 2 and out == ""
    assert err.startswith("toolfilter profiles import: error: answers file ")
    assert "bad.jsonl': line 2: not valid JSON" in err
    assert not (tmp_path / "p.jsonl").exists()


def test_import_with_no_usable_answer_exits_1_says_why_and_writes_nothing(exported, tmp_path, capsys):
    _, prompts, _ = exported
    answers = jsonl(tmp_path / "a.jsonl", [{"id": "tools-00001", "answer": "no idea"}])
    code, out, err = run(
        capsys, "profiles", "import", "--prompts", prompts, "--answers", answers, "--out", str(tmp_path / "p.jsonl")
    )
    assert code == 1 and out == ""
    assert "tools-00001: the answer is not a JSON object" in err and "tools-00002: no answer" in err
    assert "error: no usable answer (0 of 3 prompts answered, 0 tools profiled" in err
    assert "nothing written" in err
    assert not (tmp_path / "p.jsonl").exists()


def test_import_with_no_usable_answer_keeps_an_existing_file(exported, tmp_path, capsys):
    _, prompts, _ = exported
    current = tmp_path / "current.jsonl"
    imported(capsys, tmp_path, prompts, current)
    before = current.read_bytes()
    empty = jsonl(tmp_path / "empty.jsonl", [{"id": "tools-00001", "answer": json.dumps({"tools": []})}])
    for into in ([], ["--into", str(current)]):
        argv = ["profiles", "import", "--prompts", prompts, "--answers", empty, "--out", str(current), *into]
        code, _, err = run(capsys, *argv)
        assert code == 1 and "no usable answer" in err
        assert current.read_bytes() == before


def test_export_with_profiles_asks_only_for_tools_without_a_current_one(exported, tmp_path, capsys):
    tools, prompts, _ = exported
    current = tmp_path / "current.jsonl"
    imported(capsys, tmp_path, prompts, current)
    changed = [t.to_dict() for t in TOOLS]
    changed[1]["description"] = "Send an email message to one or more recipients"
    tools = jsonl(tmp_path / "tools2.jsonl", changed)
    again = str(tmp_path / "again.jsonl")
    flags = ["--profiles", str(current), "--embedder", "hashing"]
    code, out, _ = run(capsys, "profiles", "export", tools, "--out", again, *flags)
    assert code == 0 and out.strip() == f"wrote 1 prompt for 1 tool to {again} (2 tools already have a current profile)"
    code, out, _ = run(capsys, "profiles", "export", tools, "--out", again, *flags, "--mentions", "2")
    assert code == 0
    # the current file's near misses stand: no no_tool prompt; its destructive row lacks mentions: asked for them
    assert out.strip() == (
        f"wrote 2 prompts for 1 tool to {again} (2 tools already have a current profile); mentions asked for 1 "
        "destructive tool"
    )
    rows = [json.loads(line) for line in open(again, encoding="utf-8")]
    assert [(r["kind"], list(r["targets"])) for r in rows] == [("tools", ["send_mail"]), ("mentions", ["delete_file"])]


def test_an_edited_description_keeps_the_profile_and_export_still_asks_for_the_tool(exported, tmp_path, capsys):
    tools, prompts, _ = exported
    current = tmp_path / "current.jsonl"
    imported(capsys, tmp_path, prompts, current)
    assert read_profiles(current).tools["send_mail"].params_hash == TOOLS[1].params_hash()
    changed = [t.to_dict() for t in TOOLS]
    changed[1]["description"] = "Send an email message to one or more recipients"
    tools = jsonl(tmp_path / "tools2.jsonl", changed)
    code, out, err = run(capsys, "select", "please send_mail now", "--tools", tools, "--profiles", str(current))
    assert code == 0 and "send_mail" in out
    assert "warning: 1 tool(s) whose description changed since its profile was written: send_mail (kept)\n" in err
    assert "warning: the above from reading and indexing the tools and profiles files (--verbose shows" in err
    code, out, err = run(
        capsys, "select", "please send_mail now", "--tools", tools, "--profiles", str(current), "--verbose"
    )
    assert "description changed since its profile was written: send_mail" in err
    again = str(tmp_path / "again.jsonl")
    code, out, _ = run(
        capsys, "profiles", "export", tools, "--out", again, "--profiles", str(current), "--embedder", "hashing"
    )
    assert code == 0
    rows = [json.loads(line) for line in open(again, encoding="utf-8")]
    assert [list(r["targets"]) for r in rows if r["kind"] == "tools"] == [["send_mail"]]


@pytest.mark.parametrize(
    ("flags", "match"),
    [
        pytest.param(["--batch-size", "0"], "--batch-size 0: expected 1-64", id="batch-size-0"),
        pytest.param(["--per-tool", "65"], "--per-tool 65: expected 1-64", id="per-tool-65"),
        pytest.param(["--no-tool", "257"], "--no-tool 257: expected 0-256", id="no-tool-257"),
        pytest.param(["--languages", "zh,english!"], "--languages 'zh,english!': expected ISO codes", id="languages"),
    ],
)
def test_export_refuses_bad_settings(tmp_path, capsys, flags, match):
    tools = jsonl(tmp_path / "tools.jsonl", [t.to_dict() for t in TOOLS])
    code, _, err = run(
        capsys, "profiles", "export", tools, "--out", str(tmp_path / "p"), "--embedder", "hashing", *flags
    )
    assert code == 2 and match in err


def test_index_with_profiles_then_select_from_the_store(exported, tmp_path, capsys):
    tools, prompts, _ = exported
    profiles = tmp_path / "profiles.jsonl"
    imported(capsys, tmp_path, prompts, profiles)
    store = str(tmp_path / "store")
    code, out, _ = run(
        capsys, "index", tools, "--store", store, "--profiles", str(profiles), "--embedder", "hashing", "--no-progress"
    )
    # 3 descriptions + 3 profile requests + 1 destroy-asking request + 1 near miss = 8 texts
    assert code == 0 and "3 added" in out and "8 texts embedded" in out
    code, out, _ = run(capsys, "select", UMBRELLA, "--store", store, "--embedder", "hashing")
    assert code == 0 and out.split()[0] == "get_weather"
    code, out, _ = run(capsys, "select", UMBRELLA, "--store", store, "--embedder", "hashing", "--json")
    assert json.loads(out)["selected"][0]["name"] == "get_weather"
    code, out, _ = run(
        capsys, "select", "how do meteorologists make a weather forecast", "--store", store, "--embedder", "hashing"
    )
    assert code == 0 and "get_weather" not in out.split()  # the near miss the store holds


def test_index_again_without_profiles_keeps_the_stored_ones_and_rebuild_re_embeds_them(exported, tmp_path, capsys):
    tools, prompts, _ = exported
    profiles = tmp_path / "profiles.jsonl"
    imported(capsys, tmp_path, prompts, profiles)
    store = str(tmp_path / "store")
    flags = ("--store", store, "--embedder", "hashing", "--no-progress")
    run(capsys, "index", tools, *flags, "--profiles", str(profiles))
    code, out, _ = run(capsys, "index", tools, *flags)
    assert code == 0 and "3 unchanged" in out and "0 texts embedded" in out
    code, out, _ = run(capsys, "index", tools, *flags, "--rebuild")
    # the same 8 texts as the first index: the profiles and the near miss come back with the tools
    assert code == 0 and "3 added" in out and "8 texts embedded" in out
    code, out, _ = run(capsys, "select", UMBRELLA, "--store", store, "--embedder", "hashing")
    assert out.split()[0] == "get_weather"


def test_select_with_profiles_and_tools_indexes_them_in_memory(exported, tmp_path, capsys):
    tools, prompts, _ = exported
    profiles = tmp_path / "profiles.jsonl"
    imported(capsys, tmp_path, prompts, profiles)
    code, out, _ = run(
        capsys, "select", UMBRELLA, "--tools", tools, "--profiles", str(profiles), "--embedder", "hashing"
    )
    assert code == 0 and out.split()[0] == "get_weather"


def test_select_with_profiles_on_a_store_exits_2_naming_the_command_that_changes_them(tmp_path, capsys):
    store = str(tmp_path / "store")
    tools = jsonl(tmp_path / "tools.jsonl", [t.to_dict() for t in TOOLS])
    run(capsys, "index", tools, "--store", store, "--embedder", "hashing", "--no-progress")
    profiles = Profiles({"get_weather": ToolProfile((UMBRELLA,))}).write(tmp_path / "p.jsonl")
    code, out, err = run(capsys, "select", "x", "--store", store, "--profiles", str(profiles), "--embedder", "hashing")
    assert code == 2 and out == ""
    assert "a store serves the profiles it was indexed with" in err
    assert f"toolfilter index TOOLS.jsonl --store {store} --profiles {profiles}" in err


def test_index_with_a_bad_profiles_file_exits_2_naming_file_and_line(tmp_path, capsys):
    tools = jsonl(tmp_path / "tools.jsonl", [t.to_dict() for t in TOOLS])
    bad = jsonl(tmp_path / "p.jsonl", [{"no_tool": ["hi"]}, {"tool": "send_mail", "requests": "mail bob"}])
    store = tmp_path / "store"
    code, _, err = run(capsys, "index", tools, "--store", str(store), "--profiles", bad, "--embedder", "hashing")
    assert code == 2
    assert "profiles file" in err and "p.jsonl': line 2: tool 'send_mail': field 'profile.requests'" in err


def _rows(prompts):
    return [json.loads(line) for line in open(prompts, encoding="utf-8")]


def test_import_of_answers_whose_ids_match_no_prompt_fails_names_them_and_keeps_the_old_file(
    exported, tmp_path, capsys
):
    _, prompts, _ = exported
    rows = [{"id": p["id"].replace("tools-", "tool-"), "answer": answer(p)} for p in _rows(prompts)]
    answers = jsonl(tmp_path / "badid.jsonl", rows)  # the no_tool prompt is answered, no tools prompt is
    out_file = tmp_path / "p.jsonl"
    out_file.write_text("kept\n", encoding="utf-8")
    code, out, err = run(
        capsys, "profiles", "import", "--prompts", prompts, "--answers", answers, "--out", str(out_file)
    )
    assert code == 1
    assert "answer id 'tool-00001' matches no prompt (did you mean 'tools-00001'?)" in err
    assert "nothing written" in err and "wrote" not in out
    assert out_file.read_text(encoding="utf-8") == "kept\n"


def test_import_names_each_answer_entry_it_cannot_use_with_did_you_mean(exported, tmp_path, capsys):
    _, prompts, _ = exported
    rows = []
    for p in _rows(prompts):
        given = answer(p)
        if p["id"] == "tools-00001":
            given["tools"][1]["tool"] = "send_mial"  # a typo of send_mail
            given["tools"].append({"tool": "order_get", "requests": ["where is my order"]})  # not asked about
        rows.append({"id": p["id"], "answer": given})
    answers = jsonl(tmp_path / "typo.jsonl", rows)
    code, out, err = run(
        capsys, "profiles", "import", "--prompts", prompts, "--answers", answers, "--out", str(tmp_path / "p.jsonl")
    )
    assert code == 3 and "2 tools profiled" in out  # the good answers written; a script notices the rest
    assert "tools-00001: tool 'send_mial' is not one this prompt asked about (did you mean 'send_mail'?)" in err
    assert "tools-00001: tool 'order_get' is not one this prompt asked about; ignored" in err
    assert "2 answers unusable (above): the rest were written; exit 3" in err
    code, out, _ = run(
        capsys,
        "profiles",
        "import",
        "--prompts",
        prompts,
        "--answers",
        answers,
        "--out",
        str(tmp_path / "p2.jsonl"),
        "--allow-partial",
    )
    assert code == 0 and "2 tools profiled" in out


def test_export_refuses_a_language_code_the_prompts_do_not_know(tmp_path, capsys):
    tools = jsonl(tmp_path / "tools.jsonl", [t.to_dict() for t in TOOLS])
    out = tmp_path / "p.jsonl"
    code, _, err = run(capsys, "profiles", "export", tools, "--out", str(out), "--languages", "zh,fr,xx")
    assert code == 2 and not out.exists()
    assert "--languages 'zh,fr,xx': 'xx' is not a language the prompts know; allowed: zh, en" in err


@pytest.mark.parametrize("indent", [None, 2], ids=["one line", "pretty"])
def test_import_takes_the_answers_as_one_json_array(exported, tmp_path, capsys, indent):
    # a model asked for JSON Lines often writes one JSON array of the same objects
    _, prompts, _ = exported
    rows = [{"id": p["id"], "answer": answer(p)} for p in _rows(prompts)]
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps(rows, indent=indent), encoding="utf-8")
    out_file = tmp_path / "p.jsonl"
    code, out, err = run(
        capsys, "profiles", "import", "--prompts", prompts, "--answers", str(answers), "--out", str(out_file)
    )
    assert code == 0, err
    assert "3 tools profiled" in out
    assert read_profiles(out_file).tools["get_weather"].requests == (UMBRELLA,)


def test_import_names_the_file_and_line_of_each_answer_it_cannot_use(exported, tmp_path, capsys):
    _, prompts, _ = exported
    rows = [{"id": p["id"], "answer": answer(p)} for p in _rows(prompts)]
    rows[0]["answer"] = {"tool": "get_weather"}  # no "tools" list
    rows.append({"id": rows[1]["id"], "answer": rows[1]["answer"]})  # the same prompt answered twice
    answers = jsonl(tmp_path / "answers.jsonl", rows)
    code, _, err = run(
        capsys, "profiles", "import", "--prompts", prompts, "--answers", answers, "--out", str(tmp_path / "p.jsonl")
    )
    assert code == 3
    said = "tools-00001: the answer has no \"tools\" list (the answer: {'tool': 'get_weather'})"
    assert f"{answers} line 1: {said}" in err
    second = f"warning: {answers} line 4: a second answer to {rows[1]['id']} (the first: {answers} line 2)"
    assert second in err
    pretty = tmp_path / "answers.json"
    pretty.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    code, _, err = run(
        capsys, "profiles", "import", "--prompts", prompts, "--answers", str(pretty), "--out", str(tmp_path / "q.jsonl")
    )
    assert code == 3 and f"{pretty} item 1 (line 2): tools-00001: the answer has no" in err


def test_an_answers_file_that_is_neither_format_says_both(exported, tmp_path, capsys):
    _, prompts, _ = exported
    answers = tmp_path / "answers.json"
    answers.write_text('{"id": "tools-00001",\n "answer": {}}\n', encoding="utf-8")  # one object, pretty-printed
    argv = ["profiles", "import", "--prompts", prompts, "--answers", str(answers), "--out", str(tmp_path / "p.jsonl")]
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert "line 1: not valid JSON" in err and "or one JSON array of the same objects" in err


def test_a_failed_batch_line_after_a_real_answer_does_not_replace_it(exported, tmp_path, capsys):
    # Failed on 10d16e7: the failed line (no answer) was the last, so it replaced the real one.
    _, prompts, _ = exported
    rows = [{"id": p["id"], "answer": answer(p)} for p in _rows(prompts)]
    failed = {"custom_id": rows[1]["id"], "response": {"status_code": 500, "body": {"error": "overloaded"}}}
    answers = jsonl(tmp_path / "answers.jsonl", [*rows, failed])
    out_file = tmp_path / "p.jsonl"
    code, out, err = run(
        capsys, "profiles", "import", "--prompts", prompts, "--answers", answers, "--out", str(out_file)
    )
    assert code == 0, err
    assert "3 tools profiled" in out
    said = f"warning: {answers} line 4: a failed answer to {rows[1]['id']} (no answer); the answer at {answers} line 2"
    assert said in err


def test_import_warns_naming_a_destructive_tool_answered_without_destroy_requests(exported, tmp_path, capsys):
    """A writer that skipped the destroy requests left ``"destroy": []``: the import said nothing."""
    _, prompts, _ = exported
    rows = [json.loads(line) for line in open(prompts, encoding="utf-8")]
    assert any("delete_file" in p["destructive"] for p in rows)
    said = []
    for p in rows:
        answered = answer(p)
        for row in answered.get("tools", []):
            row["destroy"] = []
        said.append({"id": p["id"], "answer": json.dumps(answered)})
    answers = jsonl(tmp_path / "answers.jsonl", said)
    out_file = tmp_path / "profiles.jsonl"
    argv = ["profiles", "import", "--prompts", prompts, "--answers", answers, "--out", str(out_file)]
    code, out, err = run(capsys, *argv)
    assert code == 0 and out.strip() == f"3 of 3 prompts answered, 3 tools profiled; wrote {out_file}"
    (line,) = err.splitlines()
    assert line.startswith("toolfilter profiles import: warning: 1 destructive tool answered with no destroy ")
    assert "delete_file" in line and "send_mail" not in line and "the tool stays held" in line, line
    assert read_profiles(out_file).tools["delete_file"].destroy == ()  # written all the same


def test_import_says_how_to_profile_the_tools_it_left_without_one(exported, tmp_path, capsys):
    """Without ``--tools`` the export it suggests names the tools file the prompts came from (it said TOOLS)."""
    tools, prompts, _ = exported
    rows = [json.loads(line) for line in open(prompts, encoding="utf-8")]
    assert {r["tools_file"] for r in rows} == {tools}  # recorded by the export, absolute
    answers = jsonl(tmp_path / "part.jsonl", [{"id": p["id"], "answer": json.dumps(answer(p))} for p in rows[:1]])
    out_file = tmp_path / "profiles.jsonl"
    flags = ["--answers", answers, "--out", str(out_file), "--allow-partial"]
    code, out, err = run(capsys, "profiles", "import", "--prompts", prompts, *flags)
    assert code == 0
    assert "1 without a profile (delete_file)" in out
    assert f"1 tool without a profile: `toolfilter profiles export {tools} --profiles {out_file}" in err, err
    assert f"--into {out_file} --out {out_file}`" in err


def test_the_exported_tools_file_is_named_from_the_current_directory(tmp_path, capsys, monkeypatch):
    (tmp_path / "data").mkdir()
    jsonl(tmp_path / "data" / "tools.jsonl", [t.to_dict() for t in TOOLS])
    monkeypatch.chdir(tmp_path)
    flags = ["--batch-size", "2", "--embedder", "hashing", "--per-tool", "1", "--mentions", "0"]
    assert run(capsys, "profiles", "export", "data/tools.jsonl", "--out", "prompts.jsonl", *flags)[0] == 0
    rows = [json.loads(line) for line in open("prompts.jsonl", encoding="utf-8")]
    answers = jsonl(tmp_path / "part.jsonl", [{"id": p["id"], "answer": json.dumps(answer(p))} for p in rows[:1]])
    flags = ["--answers", answers, "--out", "profiles.jsonl", "--allow-partial"]
    code, _, err = run(capsys, "profiles", "import", "--prompts", "prompts.jsonl", *flags)
    assert code == 0
    assert "`toolfilter profiles export data/tools.jsonl --profiles profiles.jsonl --out more.jsonl`" in err, err
    (tmp_path / "data" / "tools.jsonl").unlink()  # gone: the placeholder again
    code, _, err = run(capsys, "profiles", "import", "--prompts", "prompts.jsonl", *flags)
    assert code == 0
    assert "`toolfilter profiles export TOOLS --profiles profiles.jsonl --out more.jsonl`" in err, err


def test_the_hint_names_the_tools_file_the_import_was_given(exported, tmp_path, capsys):
    """With ``--tools`` the export it suggests names that file, not the placeholder TOOLS."""
    tools, prompts, _ = exported
    rows = [json.loads(line) for line in open(prompts, encoding="utf-8")]
    answers = jsonl(tmp_path / "part.jsonl", [{"id": p["id"], "answer": json.dumps(answer(p))} for p in rows[:1]])
    out_file = tmp_path / "profiles.jsonl"
    flags = ["--answers", answers, "--out", str(out_file), "--allow-partial", "--tools", tools]
    code, _, err = run(capsys, "profiles", "import", "--prompts", prompts, *flags)
    assert code == 0
    assert f"1 tool without a profile: `toolfilter profiles export {tools} --profiles {out_file}" in err, err


def test_the_hint_for_the_tools_left_without_one_quotes_its_paths_and_keeps_the_languages(tmp_path, capsys):
    """It printed ``--profiles {out}`` unquoted (a path with a space broke the command) and asked in zh,en."""
    import shlex

    folder = tmp_path / "my profiles"
    folder.mkdir()
    tools = jsonl(folder / "tools.jsonl", [t.to_dict() for t in TOOLS])
    prompts = str(folder / "prompts.jsonl")
    flags = ["--batch-size", "2", "--embedder", "hashing", "--languages", "ja,en"]
    assert run(capsys, "profiles", "export", tools, "--out", prompts, *flags)[0] == 0
    rows = [json.loads(line) for line in open(prompts, encoding="utf-8")]
    assert {tuple(r["languages"]) for r in rows} == {("ja", "en")}
    answers = jsonl(folder / "part.jsonl", [{"id": rows[0]["id"], "answer": json.dumps(answer(rows[0]))}])
    out_file = str(folder / "profiles.jsonl")
    flags = ["--answers", answers, "--out", out_file, "--allow-partial"]
    code, _, err = run(capsys, "profiles", "import", "--prompts", prompts, *flags)
    assert code == 0
    (hint,) = [line for line in err.splitlines() if "without a profile" in line]
    export, again = hint.split("`")[1], hint.split("`")[3]
    quoted = shlex.quote(out_file)
    assert (
        quoted != out_file
        and export
        == f"toolfilter profiles export {shlex.quote(tools)} --profiles {quoted} --out more.jsonl --languages ja,en"
    )
    assert shlex.split(again)[-4:] == ["--into", out_file, "--out", out_file]


def test_the_hint_names_no_languages_for_the_default_ones_nor_for_a_prompts_file_that_does_not_record_them(
    exported, tmp_path, capsys
):
    _, prompts, _ = exported
    rows = [json.loads(line) for line in open(prompts, encoding="utf-8")]
    older = jsonl(tmp_path / "older.jsonl", [{k: v for k, v in r.items() if k != "languages"} for r in rows])
    answers = jsonl(tmp_path / "part.jsonl", [{"id": rows[0]["id"], "answer": json.dumps(answer(rows[0]))}])
    out_file = tmp_path / "profiles.jsonl"
    for given in (prompts, older):
        flags = ["--answers", answers, "--out", str(out_file), "--allow-partial"]
        code, _, err = run(capsys, "profiles", "import", "--prompts", given, *flags)
        assert code == 0 and "--profiles" in err and "--languages" not in err


@pytest.mark.parametrize("languages", ["zh", ["zh", "xx"]])
def test_a_prompts_file_whose_languages_are_not_a_list_of_codes_is_refused_naming_the_field(
    exported, tmp_path, capsys, languages
):
    """A string was read letter by letter: the hint asked ``--languages z,h``."""
    _, prompts, _ = exported
    rows = [{**json.loads(line), "languages": languages} for line in open(prompts, encoding="utf-8")]
    edited = jsonl(tmp_path / "edited.jsonl", rows)
    answers = jsonl(tmp_path / "part.jsonl", [{"id": rows[0]["id"], "answer": json.dumps(answer(rows[0]))}])
    flags = ["--answers", answers, "--out", str(tmp_path / "p.jsonl"), "--allow-partial"]
    code, _, err = run(capsys, "profiles", "import", "--prompts", edited, *flags)
    assert code == 2 and "field 'languages'" in err and "expected a list of the codes" in err, err


def test_the_hint_after_a_description_edit_runs_as_written_and_keeps_the_earlier_prompts(
    exported, tmp_path, capsys, monkeypatch
):
    tools, prompts, _ = exported
    profiles = tmp_path / "profiles.jsonl"
    assert imported(capsys, tmp_path, prompts, profiles)[0] == 0
    before = open(prompts, encoding="utf-8").read()
    edited = [t.to_dict() for t in TOOLS]
    edited[1]["description"] = "Send an e-mail to one recipient, with a subject line"
    jsonl(tmp_path / "tools.jsonl", edited)
    monkeypatch.chdir(tmp_path)  # the hint names the new prompts file by a relative path

    def said() -> list[str]:
        argv = ["select", "mail bob", "--tools", tools, "--profiles", str(profiles), "--verbose"]
        code, _, err = run(capsys, *argv, "--embedder", "hashing")
        assert code == 0, err
        return [line for line in err.splitlines() if "description changed" in line]

    [line] = said()
    commands = [shlex.split(c) for c in re.findall(r"`([^`]+)`", line)]
    assert [c[:3] for c in commands] == [["toolfilter", "profiles", "export"], ["toolfilter", "profiles", "import"]]
    export, imp = commands
    assert run(capsys, *export[1:], "--embedder", "hashing")[0] == 0  # the tests' embedder: no model to load
    assert open(prompts, encoding="utf-8").read() == before  # the earlier prompts file is left as it was
    out = export[export.index("--out") + 1]
    asked = [json.loads(line) for line in open(out, encoding="utf-8")]
    assert [list(p["targets"]) for p in asked if p["kind"] == "tools"] == [["send_mail"]]  # the changed tool alone
    answers = answers_file(tmp_path, out, "answers_changed.jsonl")
    code, _, err = run(capsys, *[answers if a == "ANSWERS" else a for a in imp[1:]])
    assert code == 0, err
    merged = read_profiles(profiles)
    assert set(merged.tools) == {"get_weather", "send_mail", "delete_file"}
    assert merged.tools["send_mail"].written_for(ToolSpec("send_mail", edited[1]["description"]))
    assert said() == []  # nothing left to re-export


def test_the_offline_hint_of_write_without_a_key_runs_as_written_and_keeps_its_flags(
    exported, tmp_path, capsys, monkeypatch
):
    """It dropped ``--profiles`` from the export and ``--into`` from the import, and ``--languages``: the import
    wrote the new tool's profile alone over ``--out``; its prompts went to prompts.jsonl."""
    pytest.importorskip("openai")
    tools, prompts, _ = exported
    profiles = tmp_path / "profiles.jsonl"
    assert imported(capsys, tmp_path, prompts, profiles)[0] == 0
    before = profiles.read_text(encoding="utf-8")
    grown = [*TOOLS, ToolSpec("list_files", "List the files in a folder")]
    jsonl(tmp_path / "tools.jsonl", [t.to_dict() for t in grown])
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.chdir(tmp_path)  # the hint names its prompts file by a relative path
    out = tmp_path / "more profiles.jsonl"
    flags = ["--profiles", str(profiles), "--out", str(out), "--model", "m", "--languages", "en"]
    code, _, err = run(capsys, "profiles", "write", tools, *flags, "--embedder", "hashing")
    assert code == 2 and not out.exists()
    commands = [shlex.split(c) for c in re.findall(r"`([^`]+)`", " ".join(err.split()))]
    assert [c[:3] for c in commands] == [["toolfilter", "profiles", "export"], ["toolfilter", "profiles", "import"]]
    export, imp = commands
    assert export[export.index("--profiles") + 1] == str(profiles) and export[-2:] == ["--embedder", "hashing"]
    assert imp[imp.index("--into") + 1] == str(profiles) and imp[-2:] == ["--out", str(out)]
    assert run(capsys, *export[1:])[0] == 0
    asked = [json.loads(line) for line in open(export[export.index("--out") + 1], encoding="utf-8")]
    assert export[export.index("--out") + 1] != "prompts.jsonl" and open(prompts, encoding="utf-8").read()
    assert [list(p["targets"]) for p in asked if p["kind"] == "tools"] == [["list_files"]]
    assert {tuple(p["languages"]) for p in asked} == {("en",)}
    answers = answers_file(tmp_path, export[export.index("--out") + 1], "answers_more.jsonl")
    code, _, err = run(capsys, *[answers if a == "ANSWERS" else a for a in imp[1:]])
    assert code == 0, err
    assert set(read_profiles(str(out)).tools) == {t.name for t in grown}
    assert profiles.read_text(encoding="utf-8") == before  # the given profiles are left as they were


INDEXED = Profiles(
    {"get_weather": ToolProfile((UMBRELLA,)), "send_mail": ToolProfile(("mail bob the slides",))},
    ("how do meteorologists make a weather forecast",),
)


@pytest.fixture
def profiled_store(tmp_path, capsys):
    """(tools file, store, profiles file): the store indexed with the profiles file."""
    tools = jsonl(tmp_path / "tools.jsonl", [t.to_dict() for t in TOOLS])
    store, profiles = str(tmp_path / "store"), str(INDEXED.write(tmp_path / "profiles.jsonl"))
    code, _, _ = run(capsys, "index", tools, "--store", store, "--profiles", profiles, "--embedder", "hashing")
    assert code == 0
    return tools, store, profiles


def test_select_and_eval_on_a_store_take_the_profiles_it_was_indexed_with(profiled_store, tmp_path, capsys):
    # 84bca39 refused --profiles beside a store even when it was the very file the store was indexed with
    _, store, _ = profiled_store
    rows = [json.loads(line) for line in INDEXED.write(tmp_path / "x.jsonl").read_text("utf-8").splitlines()]
    noted = [{**row, "note": "reviewed"} for row in reversed(rows)]  # the same content, another file and order
    same = jsonl(tmp_path / "same.jsonl", noted)
    flags = ("--store", store, "--profiles", same, "--embedder", "hashing")
    code, out, err = run(capsys, "select", UMBRELLA, *flags)
    assert (code, out.split()[0]) == (0, "get_weather"), err
    queries = jsonl(tmp_path / "q.jsonl", [{"query": UMBRELLA, "gold": ["get_weather"]}])
    code, out, err = run(capsys, "eval", "--queries", queries, *flags, "--json")
    assert code == 0 and json.loads(out)["recall"] == 1.0, err


def test_other_profiles_on_a_store_are_refused_naming_what_differs(profiled_store, tmp_path, capsys):
    _, store, _ = profiled_store
    other = Profiles({**INDEXED.tools, "get_weather": ToolProfile(("is it sunny",))}, ()).write(tmp_path / "o.jsonl")
    for command in (("select", "x"), ("eval", "--queries", jsonl(tmp_path / "q.jsonl", [{"query": "x", "gold": []}]))):
        code, out, err = run(capsys, *command, "--store", store, "--profiles", str(other), "--embedder", "hashing")
        assert code == 2 and out == "", command
        assert "they differ for 1 tool (get_weather) and the near misses (no_tool)" in err
        assert f"`toolfilter index TOOLS.jsonl --store {store} --profiles {other}`" in err


def test_a_collection_without_a_store_is_refused_not_ignored(tmp_path, capsys):
    # 84bca39 indexed the tools in memory and said nothing of the collection named
    tools = jsonl(tmp_path / "tools.jsonl", [t.to_dict() for t in TOOLS])
    code, out, err = run(
        capsys, "select", UMBRELLA, "--tools", tools, "--collection", "team_a", "--embedder", "hashing"
    )
    assert (code, out) == (2, "")
    assert "--collection team_a: a collection of a store, and no store is given" in err
    assert "allowed with --store DIR or --chroma-host H" in err
    store = str(tmp_path / "store")
    flags = ("--store", store, "--collection", "team_a", "--embedder", "hashing")
    code, out, _ = run(capsys, "select", UMBRELLA, "--tools", tools, *flags)
    assert code == 0 and out.split()  # with a store the collection is taken


def test_another_registrys_profiles_on_a_store_are_refused_as_indexing_refuses_them(profiled_store, tmp_path, capsys):
    # 7ad5d50 said to index them into the store, a command that then failed: they name none of its tools
    _, store, _ = profiled_store
    other = Profiles({"book_flight": ToolProfile(("fly me to Rome",))}, ()).write(tmp_path / "other.jsonl")
    code, out, err = run(capsys, "select", "x", "--store", store, "--profiles", str(other), "--embedder", "hashing")
    assert code == 2 and out == ""
    assert "names none of this registry's" in err and "toolfilter index" not in err, err


def test_a_refusal_without_a_store_flag_names_no_none(profiled_store, tmp_path):
    import argparse

    from toolfilter_core import ToolFilter
    from toolfilter_core.cli._store_profiles import store_profiles_refused

    _, store, _ = profiled_store
    other = Profiles({**INDEXED.tools, "get_weather": ToolProfile(("is it sunny",))}, ()).write(tmp_path / "o.jsonl")
    opened = ToolFilter.open(store=store, embedder="hashing")
    refused = store_profiles_refused(argparse.Namespace(config="cfg.yaml"), opened, str(other))
    assert "None" not in refused and "--config cfg.yaml --profiles" in refused, refused
