"""Profile warnings said once a process, and where they arise; a same-job pair is not warned of.

A new user's web app built ``ToolFilter`` twice over one registry and its profiles, then
``ToolFilter.open`` of the store: each said "near miss ... reads like a request for tool
'product_search' ...: left out of the near misses" again. ``profiles import`` did not say it,
though it is about a line of the answers it read; and it warned that ``customer_lookup``'s
requests "sit closer" to ``find_customer_by_phone``, the tool its answer named in ``same_job_as``.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._tool_profiles.sidecar import read_profiles
from toolfilter_core._types import ToolProfile
from toolfilter_core.cli import main
from toolfilter_core.index._matrix import ignored_rows, search_rows
from toolfilter_core.index._records import Record

TOOLS = [
    ToolSpec("ticket_status", "Get the status of a maintenance ticket: open, assigned, done."),
    ToolSpec("ticket_cancel", "Cancel a maintenance ticket and the contractor's visit."),
    ToolSpec("staff_email_send", "Send an e-mail to staff members."),
]
REQUESTS = {
    "ticket_status": ["is my repair ticket done yet", "status of my repair ticket please", "repair ticket done?"],
    "ticket_cancel": ["cancel ticket 6620", "scrap ticket 1402, no longer needed", "call off the visit for 7781"],
    "staff_email_send": ["email all staff: office closed Monday", "drop a mail to the crew re: roster"],
}
NEAR_MISS = "is my repair ticket done yet"  # one of ticket_status's own requests, given as a near miss
FLAGS = ["--embedder", "hashing"]


def _profiles_file(path: Path, no_tool: list[str]) -> str:
    rows = [{"no_tool": no_tool}, *({"tool": name, "requests": texts} for name, texts in REQUESTS.items())]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return str(path)


def _near_misses_said(caplog: pytest.LogCaptureFixture) -> list[str]:
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    caplog.clear()
    return [m for m in said if "left out of the near misses" in m]


def test_a_second_filter_and_an_open_store_say_the_near_miss_no_more(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    profiles = _profiles_file(tmp_path / "profiles.jsonl", [NEAR_MISS, "write me a haiku about rain"])
    store = str(tmp_path / "store")
    with caplog.at_level(logging.WARNING, logger="toolfilter"):
        ToolFilter(TOOLS, embedder=HashingEmbedder(), store=store, profiles=profiles)
        first = _near_misses_said(caplog)
        ToolFilter(TOOLS, embedder=HashingEmbedder(), store=store, profiles=profiles)
        ToolFilter(TOOLS, embedder=HashingEmbedder(), profiles=profiles)  # another store, the same content
        ToolFilter.open(store, embedder=HashingEmbedder())
        again = _near_misses_said(caplog)
    assert len(first) == 1 and "'ticket_status'" in first[0]
    assert again == []


def test_changed_profiles_say_it_again(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    profiles = tmp_path / "profiles.jsonl"
    with caplog.at_level(logging.WARNING, logger="toolfilter"):
        ToolFilter(TOOLS, embedder=HashingEmbedder(), profiles=_profiles_file(profiles, [NEAR_MISS]))
        first = _near_misses_said(caplog)
        changed = _profiles_file(profiles, [NEAR_MISS, "tell me a joke"])  # the file edited
        ToolFilter(TOOLS, embedder=HashingEmbedder(), profiles=changed)
        again = _near_misses_said(caplog)
    assert len(first) == 1 and again == first


def test_partly_profiled_is_said_once_for_the_same_tools(caplog: pytest.LogCaptureFixture) -> None:
    tools = [*TOOLS[:2], ToolSpec("staff_email_send", TOOLS[2].description)]
    profiled = [
        ToolSpec(t.name, t.description, profile=ToolProfile(tuple(REQUESTS[t.name]))) for t in tools[:2]
    ] + tools[2:]
    with caplog.at_level(logging.WARNING, logger="toolfilter"):
        ToolFilter(profiled, embedder=HashingEmbedder())
        ToolFilter(profiled, embedder=HashingEmbedder())
    said = [r.getMessage() for r in caplog.records if "have no profile" in r.getMessage()]
    assert len(said) == 1


def _record(rid: str, vector: list[float], kind: str) -> Record:
    return Record(rid, {"kind": kind}, rid, np.array(vector, dtype=np.float32))


# lookup's second request sits on by_phone's description and requests: closer by far than to its own
ROWS = [
    _record("lookup-doc", [1.0, 0.0], "doc"),
    _record("find the customer Anna Berg", [1.0, 0.0], "profile"),
    _record("pull up Li Wei's profile", [1.0, 0.0], "profile"),
    _record("who is the customer with phone 555-0192", [0.0, 1.0], "profile"),
    _record("by-phone-doc", [0.0, 1.0], "doc"),
    _record("which customer has phone 555-0142", [0.0, 1.0], "profile"),
]
OWNER = [0, 0, 0, 0, 1, 1]


def _pair(same: bool) -> list[ToolSpec]:
    named = ("find_customer_by_phone",) if same else ()
    return [
        ToolSpec("customer_lookup", "Find a customer record.", profile=ToolProfile(("x",), same_job_as=named)),
        ToolSpec("find_customer_by_phone", "Find a customer by phone.", profile=ToolProfile(("y",))),
    ]


@pytest.mark.parametrize(
    ("same", "ignored"),
    [
        pytest.param(False, 1, id="another-tool: ignored and said"),
        pytest.param(True, 0, id="declared the same job: kept, unsaid"),
    ],
)
def test_a_request_closer_to_a_same_job_tool_is_kept(same: bool, ignored: int, caplog) -> None:
    with caplog.at_level(logging.WARNING, logger="toolfilter"):
        rows = search_rows(_pair(same), ROWS, OWNER)
    said = [r.getMessage() for r in caplog.records if "sit closer" in r.getMessage()]
    assert int(rows.foreign.sum()) == ignored and len(said) == ignored
    assert len(ignored_rows(_pair(same), ROWS, OWNER)[0]) == ignored


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _answers(tmp_path: Path, prompts: str, same_job: bool) -> str:
    answers = []
    for p in (json.loads(line) for line in Path(prompts).read_text(encoding="utf-8").splitlines()):
        if p["kind"] == "no_tool":
            answer: dict[str, Any] = {"no_tool": [NEAR_MISS, "write me a haiku about rain"]}
        else:
            rows = [{"tool": n, "requests": REQUESTS[n], "destroy": [REQUESTS[n][0]]} for n in p["targets"]]
            for row in rows:
                if row["tool"] == "staff_email_send":
                    row["requests"] = [*REQUESTS["staff_email_send"], "Cancel a maintenance ticket and the visit"]
                    row["same_job_as"] = ["ticket_cancel"] if same_job else []
            answer = {"tools": rows}
        answers.append(json.dumps({"id": p["id"], "answer": json.dumps(answer)}) + "\n")
    path = tmp_path / "answers.jsonl"
    path.write_text("".join(answers), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("same_job", [False, True])
def test_profiles_import_says_the_near_miss_and_the_index_does_not_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], same_job: bool
) -> None:
    tools = tmp_path / "tools.jsonl"
    tools.write_text("".join(json.dumps(t.to_dict()) + "\n" for t in TOOLS), encoding="utf-8")
    prompts = str(tmp_path / "prompts.jsonl")
    code, _, err = run(
        capsys, "profiles", "export", str(tools), "--out", prompts, "--per-tool", "2", "--mentions", "0", *FLAGS
    )
    assert code == 0, err
    out = str(tmp_path / "profiles.jsonl")
    answers = _answers(tmp_path, prompts, same_job)
    code, _, err = run(capsys, "profiles", "import", "--prompts", prompts, "--answers", answers, "--out", out, *FLAGS)
    assert code == 0, err
    near = [line for line in err.splitlines() if "left out of the near misses" in line]
    assert len(near) == 1 and near[0].startswith("toolfilter profiles import: warning: near miss ")
    assert ("sit closer to other tools" in err) is not same_job  # the pair the answer declares the same job
    assert read_profiles(out).tools["staff_email_send"].same_job_as == (("ticket_cancel",) if same_job else ())
    code, _, err = run(capsys, "index", str(tools), "--profiles", out, "--store", str(tmp_path / "s"), *FLAGS)
    assert code == 0, err
    assert "near miss" not in err  # said where it arose, not again
