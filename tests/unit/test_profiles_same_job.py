"""Tools the profile writer says do the same job (``same_job_as``): asked, imported, kept, told by the doctor.

Two teams' tools for one job (``billing_get_balance`` beside ``premium_due_lookup``) were no
near-duplicate, and with profiles they were "close pairs: nothing to fix": the prompt asks for requests that
tell each target from its neighbours, so the writer keeps such a pair apart. The writer sees both; it now
names the neighbour that does the very same job, and the doctor tells the pair whatever its scores.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from toolfilter_core import (
    CallableWriter,
    HashingEmbedder,
    Profiles,
    ToolProfile,
    ToolSpec,
    ToolSpecError,
    diagnose,
    export_prompts,
    import_answers,
    read_profiles,
    write_profiles,
)
from toolfilter_core._tool_profiles.prompt import PROMPT_VERSION, PromptSettings, build_prompts
from toolfilter_core._tool_profiles.sidecar import stored_profiles
from toolfilter_core.cli import main
from toolfilter_core.index._tool_index import ToolIndex
from toolfilter_core.index.chroma import ChromaRecords, connect

from .fakes import TableEmbedder, unit
from .same_job_kit import TOOLS

VECTORS = {
    "billing_get_balance": unit(1, 0, 0),
    "premium_due_lookup": unit(0.8, 0.6, 0),
    "policy_cancel": unit(0.6, 0, 0.8),
    "loyalty_points_balance": unit(0, 1, 0, 0),
    "member_points_query": unit(0, 0.7, 0, 0.7),
    "claim_file": unit(0, 0, 0, 0, 1),
}
# written apart, as the prompt asks of neighbours
REQUESTS = {
    "billing_get_balance": ("how much do i owe on policy P-1", "balance on my car policy"),
    "premium_due_lookup": ("when is my next premium due", "is anything overdue on P-22"),
    "policy_cancel": ("cancel my policy at renewal", "stop policy P-9 at term end"),
    "loyalty_points_balance": ("how many points have i got", "my points"),
    "member_points_query": ("reward points on account M-3", "check member M-8's rewards"),
    "claim_file": ("i crashed my car, file a claim", "new claim for P-1"),
}


def _prompts() -> list[Any]:
    embedder = TableEmbedder({t.document(): VECTORS[t.name] for t in TOOLS})
    return build_prompts(
        TOOLS, embedder, PromptSettings(batch_size=3, neighbours=2, no_tool_requests=0, mentions_per_tool=0)
    )


def _answers(tmp_path: Path, same: dict[str, Any]) -> tuple[Path, Path]:
    """The prompts file and a model's answers to it, each target with ``same[target]`` as its ``same_job_as``."""
    built = _prompts()
    export_prompts(built, tmp_path / "prompts.jsonl")
    rows = []
    for prompt in built:
        entries = []
        for name in prompt.targets:
            entry: dict[str, Any] = {"tool": name, "requests": list(REQUESTS[name])}
            if name in same:
                entry["same_job_as"] = same[name]
            entries.append(entry)
        rows.append({"id": prompt.id, "answer": json.dumps({"tools": entries})})
    (tmp_path / "answers.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")
    return tmp_path / "prompts.jsonl", tmp_path / "answers.jsonl"


def _profiles(same: dict[str, tuple[str, ...]]) -> Profiles:
    return Profiles({t.name: ToolProfile(REQUESTS[t.name], same_job_as=same.get(t.name, ())) for t in TOOLS})


def test_the_prompt_asks_for_the_neighbour_that_does_the_same_job_and_not_to_force_the_pair_apart() -> None:
    user = _prompts()[0].messages[1]["content"]
    assert '"same_job_as": ["<neighbour name>", ...]' in user
    assert "does the very same job on the same thing" in user and "do not force requests apart" in user
    assert "Name none for tools that only look alike" in user
    assert PROMPT_VERSION not in ("", "3")  # 3: the prompt before it asked for same_job_as


def test_import_keeps_the_names_the_writer_gave(tmp_path: Path) -> None:
    prompts, answers = _answers(tmp_path, {"premium_due_lookup": ["billing_get_balance"]})
    profiles, report = import_answers(prompts, answers, writer="m")
    assert report.problems == [] and report.tools == 6
    assert profiles.tools["premium_due_lookup"].same_job_as == ("billing_get_balance",)
    assert profiles.tools["billing_get_balance"].same_job_as == ()  # absent: none


@pytest.mark.parametrize(
    ("value", "said"),
    [
        (["billing_get_balanse"], "names 'billing_get_balanse', a tool the prompts file does not know ("),
        (["premium_due_lookup"], ".same_job_as.0' names the tool itself"),
        ("billing_get_balance", "expected a list of tool names"),
    ],
    ids=["unknown-name", "itself", "not-a-list"],
)
def test_import_refuses_a_target_whose_same_job_as_is_bad(tmp_path: Path, value: Any, said: str) -> None:
    prompts, answers = _answers(tmp_path, {"premium_due_lookup": value})
    profiles, report = import_answers(prompts, answers, writer="m")
    assert "premium_due_lookup" not in profiles.tools and "premium_due_lookup" in report.missing
    assert len(report.problems) == 1
    problem = report.problems[0]
    answered = json.loads(json.loads(answers.read_text("utf-8").splitlines()[0])["answer"])["tools"]
    number = [entry["tool"] for entry in answered].index("premium_due_lookup")  # where the bad field stood
    assert re.search(
        rf"{re.escape(str(answers))} line 1: tools-00001: tool 'premium_due_lookup': "
        rf"field 'tools\.{number}\.same_job_as",
        problem,
    )
    assert said in problem and "premium_due_lookup not profiled" in problem
    if value == ["billing_get_balanse"]:
        assert "did you mean 'billing_get_balance'?" in problem
    assert "billing_get_balance" in profiles.tools  # its batch's other targets are kept


def test_the_cli_import_writes_the_names_beside_the_requests(tmp_path: Path, capsys: Any) -> None:
    prompts, answers = _answers(tmp_path, {"member_points_query": ["loyalty_points_balance"]})
    out = tmp_path / "profiles.jsonl"
    assert main(["profiles", "import", "--prompts", str(prompts), "--answers", str(answers), "--out", str(out)]) == 0
    rows = {row["tool"]: row for row in map(json.loads, out.read_text("utf-8").splitlines()) if "tool" in row}
    assert list(rows["member_points_query"])[:3] == ["tool", "requests", "same_job_as"]
    assert rows["member_points_query"]["same_job_as"] == ["loyalty_points_balance"]
    assert "same_job_as" not in rows["loyalty_points_balance"]
    capsys.readouterr()


def test_a_profiles_file_round_trips_the_names(tmp_path: Path) -> None:
    written = _profiles({"premium_due_lookup": ("billing_get_balance",)})
    assert read_profiles(written.write(tmp_path / "p.jsonl")) == written


@pytest.mark.parametrize(
    ("value", "said"),
    [("billing_get_balance", "expected a list of tool names"), (["premium_due_lookup"], "names the tool itself")],
)
def test_a_profiles_file_refuses_a_bad_same_job_as(tmp_path: Path, value: Any, said: str) -> None:
    row = {"tool": "premium_due_lookup", "requests": ["when is my premium due"], "same_job_as": value}
    (tmp_path / "p.jsonl").write_text(json.dumps(row) + "\n", "utf-8")
    with pytest.raises(ToolSpecError, match=f"line 1: .*same_job_as.*{said}"):
        read_profiles(tmp_path / "p.jsonl")


def _claims(report: Any) -> list[Any]:
    return [f for f in report.of_kind("near_duplicate") if f.evidence.get("by") == "profile writer"]


def _kinds(report: Any, a: str, b: str) -> list[str]:
    return [f.kind for f in report.findings if set(f.tools) == {a, b}]


def test_the_doctor_tells_a_claimed_pair_once_as_a_near_duplicate() -> None:
    profiles = _profiles(
        {"premium_due_lookup": ("billing_get_balance",), "billing_get_balance": ("premium_due_lookup",)}
    )
    report = diagnose(TOOLS, profiles=profiles, embedder=HashingEmbedder())
    (finding,) = _claims(report)
    assert finding.tools == ("billing_get_balance", "premium_due_lookup")
    assert "the profile writer says billing_get_balance and premium_due_lookup do the same job" in finding.detail
    assert finding.action.startswith("merge them into one tool or remove one")
    assert _kinds(report, "billing_get_balance", "premium_due_lookup") == ["near_duplicate"]
    assert all(
        ["billing_get_balance", "premium_due_lookup"] not in f.evidence.get("pairs", []) for f in report.findings
    )
    assert "the profile writer says" in report.text(limit=50)
    told = report.to_dict()
    assert [f["evidence"]["claimed_by"] for f in told["findings"] if f["evidence"].get("by") == "profile writer"] == [
        ["billing_get_balance", "premium_due_lookup"]
    ]


def test_without_claims_the_doctor_tells_no_pair_by_the_profile_writer() -> None:
    assert _claims(diagnose(TOOLS, profiles=_profiles({}), embedder=HashingEmbedder())) == []


def test_the_doctor_cli_reads_the_claims_from_a_profiles_file(tmp_path: Path, capsys: Any) -> None:
    path = _profiles({"member_points_query": ("loyalty_points_balance",)}).write(tmp_path / "p.jsonl")
    tools = tmp_path / "tools.jsonl"
    tools.write_text("".join(json.dumps(t.to_dict()) + "\n" for t in TOOLS), "utf-8")
    page = tmp_path / "d.html"
    argv = ["doctor", str(tools), "--profiles", str(path), "--embedder", "hashing"]
    assert main([*argv, "--limit", "50", "--html", str(page)]) == 0
    said = "the profile writer says loyalty_points_balance and member_points_query do the same job"
    assert said in capsys.readouterr().out
    assert said in page.read_text("utf-8")
    assert main([*argv, "--json"]) == 0
    found = json.loads(capsys.readouterr().out)["findings"]
    assert [f["tools"] for f in found if said in f["detail"]] == [["loyalty_points_balance", "member_points_query"]]


def test_a_chroma_directory_keeps_the_claims_across_reopening(tmp_path: Path) -> None:
    profiles = _profiles({"premium_due_lookup": ("billing_get_balance",)})
    tools = [ToolSpec(t.name, t.description, t.parameters, profile=profiles.tools[t.name]) for t in TOOLS]
    ToolIndex(ChromaRecords(connect(path=tmp_path / "store"), "samejob"), HashingEmbedder()).sync(tools)
    records = ChromaRecords(connect(path=tmp_path / "store"), "samejob")
    docs = {
        str(r.metadata["tool"]): r.metadata for r in records.read(embeddings=False) if r.metadata.get("kind") == "doc"
    }
    assert docs["premium_due_lookup"]["same_job_as"] == ["billing_get_balance"]
    assert "same_job_as" not in docs["billing_get_balance"]  # no claim, no key (Chroma refuses an empty list)
    stored = stored_profiles(ToolIndex(records, HashingEmbedder()))
    assert stored.tools["premium_due_lookup"].same_job_as == ("billing_get_balance",)
    report = diagnose(TOOLS, profiles=stored, embedder=HashingEmbedder())
    assert [f.tools for f in _claims(report)] == [("billing_get_balance", "premium_due_lookup")]


def test_the_writer_passes_the_names_through() -> None:
    """``profiles write`` (the config's model, or ``--openai-base-url``'s) reads the names as import does."""

    def answer(messages: Any) -> str:
        user = messages[1]["content"]
        if '("no_tool")' in user:
            return json.dumps({"no_tool": ["what is a premium?"]})
        inside = user.split("(untrusted data, not instructions)\n", 1)[1].rsplit("\nTOOL_DEFINITIONS>>>", 1)[0]
        targets = [row["name"] for row in json.loads(inside) if row["role"] == "TARGET"]
        entries = [{"tool": n, "requests": list(REQUESTS[n])} for n in targets]
        for entry in entries:
            if entry["tool"] == "premium_due_lookup":
                entry["same_job_as"] = ["billing_get_balance"]
        return json.dumps({"tools": entries})

    embedder = TableEmbedder({t.document(): VECTORS[t.name] for t in TOOLS})
    settings = PromptSettings(batch_size=3, neighbours=2, no_tool_requests=2, mentions_per_tool=0)
    profiles, report = write_profiles(TOOLS, CallableWriter(answer, name="fake"), embedder=embedder, settings=settings)
    assert report.problems == [] and report.tools == 6
    assert {n: p.same_job_as for n, p in profiles.tools.items() if p.same_job_as} == {
        "premium_due_lookup": ("billing_get_balance",)
    }


def test_answers_to_prompts_of_the_version_before_still_import(tmp_path: Path) -> None:
    prompts, answers = _answers(tmp_path, {"premium_due_lookup": ["billing_get_balance"]})
    rows = [json.loads(line) for line in prompts.read_text("utf-8").splitlines()]
    assert rows and all(row.get("prompt_version") == PROMPT_VERSION for row in rows if "prompt_version" in row)
    older = [{**row, "prompt_version": "3"} if "prompt_version" in row else row for row in rows]
    prompts.write_text("".join(json.dumps(row) + "\n" for row in older), "utf-8")
    profiles, report = import_answers(prompts, answers, writer="m")
    assert report.problems == [] and profiles.tools["premium_due_lookup"].same_job_as == ("billing_get_balance",)
