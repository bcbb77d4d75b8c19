"""A user's friction list: each mistake is refused early, by name.

Each row failed on c59d84b: a wrong argument raised a non-library error, or was accepted
and failed on every run, or a message pointed at the wrong fix.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from langchain_toolfilter import ToolFilterMiddleware
from toolfilter_core import ConfigError, HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._tool_defs import bundled_tools_path
from toolfilter_core.cli import main

SPECS = [ToolSpec("read_file", "Read the contents of a text file.")]
TOOLS = str(bundled_tools_path())


@pytest.mark.parametrize(
    ("build", "message"),
    [
        pytest.param(lambda: ToolFilterMiddleware(max_tools=0), r"max_tools: got 0; allowed", id="max_tools=0"),
        pytest.param(lambda: ToolFilterMiddleware(order="best"), r"order: got 'best'; allowed", id="order"),
        pytest.param(
            lambda: ToolFilterMiddleware(always_include="read_file"),
            r"always_include: got 'read_file'; allowed: a list",
            id="always_include as a string",
        ),
        pytest.param(lambda: ToolFilter(SPECS, embedder=42), r"embedder: got 42 \(int\); allowed", id="embedder=42"),
        pytest.param(
            lambda: ToolFilter(SPECS, embedder=HashingEmbedder(), store=5), r"store: got 5 \(int\)", id="store=5"
        ),
        pytest.param(
            lambda: ToolFilter(SPECS, embedder=HashingEmbedder(), config={"top_kk": 3}),
            r"top_kk: unknown field \(did you mean 'top_k'\?\)",
            id="an unknown field",
        ),
        pytest.param(
            lambda: ToolFilter(SPECS, embedder=HashingEmbedder(), config={"store": {"host": "chroma\x00.lan"}}),
            r"store.host: got 'chroma\\x00.lan'; allowed: a host name",
            id="a control character in store.host",
        ),
    ],
)
def test_a_wrong_argument_is_a_library_error_naming_it(build: Any, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        build()


def test_a_control_character_in_the_host_is_a_cli_error_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["select", "hi", "--chroma-host", "bad\x01host", "--embedder", "hashing"])
    assert code == 2 and "store.host" in capsys.readouterr().err


@pytest.mark.parametrize("flag", ["--tools", "--config", "--queries"])
def test_a_file_without_end_is_refused_not_read_into_memory(
    flag: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("toolfilter_core._files.MAX_FILE_BYTES", 2**20)
    argv = {
        "--tools": ["select", "hi", "--tools", "/dev/zero"],
        "--config": ["select", "hi", "--tools", TOOLS, "--config", "/dev/zero"],
        "--queries": ["eval", "--tools", TOOLS, "--queries", "/dev/zero"],
    }[flag]
    assert main([*argv, "--embedder", "hashing"]) == 2
    assert "is over 1 MB" in capsys.readouterr().err


def test_an_unknown_tool_field_says_did_you_mean() -> None:
    from toolfilter_core import ToolSpecError, load_tool

    with pytest.raises(ToolSpecError, match=r"unknown field \(did you mean 'description'\?\)"):
        load_tool({"name": "a", "descripton": "x"})


DOCS = Path(__file__).parents[2] / "docs"


def test_the_docs_name_every_eval_key_and_tool_field_and_what_the_mcp_quickstarts_need() -> None:
    from toolfilter_core._evaluate import EvalResult
    from toolfilter_core._tool_defs import _FIELDS

    cli = (DOCS / "cli.md").read_text(encoding="utf-8")
    result = EvalResult(0, 0, 0, None, None, None, None, None, 0.0, 0.0, 0.0, {})
    assert [key for key in result.to_dict() if f"`{key}`" not in cli] == []
    assert [field for field in sorted(_FIELDS) if f"| `{field}` |" not in cli] == []
    mcp = (DOCS / "mcp.md").read_text(encoding="utf-8")
    before = mcp[: mcp.index("```python")]
    assert "pip install '.[mcp]'" in before and "tests/integration/mcp_servers.py" in before


def test_file_errors_name_the_field_and_what_is_allowed(tmp_path: Path) -> None:
    from toolfilter_core import ConfigError, ToolSpecError, load_config, read_queries, read_tools_file
    from toolfilter_core._evaluate import LabelledQuery, unknown_gold

    queries = tmp_path / "q.jsonl"
    queries.write_text('{"id": "a", "query": "hi", "expected": ["x"]}\n', encoding="utf-8")
    with pytest.raises(ToolSpecError, match=r"missing field 'gold' \(the line has 'expected': name it 'gold';"):
        read_queries(queries)
    csv = tmp_path / "tools.csv"
    csv.write_text("name,description\na,b\n", encoding="utf-8")
    with pytest.raises(ToolSpecError, match=r"JSON Lines .* or YAML \(\.yaml/\.yml\)"):
        read_tools_file(csv)
    yml = tmp_path / "tools.yaml"
    yml.write_text("- name: get_weather\n  description: the weather for a city\n", encoding="utf-8")
    assert [t.name for t in read_tools_file(yml)] == ["get_weather"]
    nameless = tmp_path / "nameless.jsonl"
    nameless.write_text('{"description": "x"}\n', encoding="utf-8")
    with pytest.raises(ToolSpecError, match=r"field 'name' is missing"):
        read_tools_file(nameless)
    config = tmp_path / "config.yaml"
    config.write_text("block_tools: send_mail\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"block_tools: expected a list of tool names") as caught:
        load_config(config)
    assert "tuple" not in str(caught.value)
    wrong = unknown_gold(["send_mail"], [LabelledQuery("1", "mail bob", ("send_mial",), "en", "")])
    assert wrong is not None and "did you mean 'send_mail'?" in wrong


@pytest.mark.parametrize("given", ["tools.jsonl", Path("tools.jsonl")])
def test_a_path_given_as_the_tools_says_to_read_the_file(given: object) -> None:
    from toolfilter_core import ToolSpecError

    with pytest.raises(
        ToolSpecError, match=r"got a single \w+ \('tools.jsonl'\); for a tools file, pass read_tools_file"
    ):
        ToolFilter(given, embedder=HashingEmbedder())  # type: ignore[arg-type]


def test_the_eval_report_title_has_no_stray_slash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("q.jsonl").write_text('{"id": "1", "query": "send an email to bob", "gold": ["send_mail"]}\n', "utf-8")
    assert (
        main(
            [
                "eval",
                "--tools",
                str(bundled_tools_path()),
                "--queries",
                "q.jsonl",
                "--embedder",
                "hashing",
                "--report",
                "r.md",
            ]
        )
        == 0
    )
    assert Path("r.md").read_text("utf-8").startswith("# toolfilter eval: q.jsonl\n")
