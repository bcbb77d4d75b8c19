"""``ToolFilter.write_tools`` writes what ``read_tools_file`` reads back, in one call.

Before it, the LlamaIndex quickstart took five lines of ``json.dumps(spec.to_dict())`` to
write the retriever's definitions out for ``toolfilter profiles export``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolProfile, ToolSpec, ToolSpecError, read_tools_file

SCHEMA = {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}
TOOLS = [
    ToolSpec(name="order_get", description="Get one order.", parameters=SCHEMA, category="orders", tags=("read",)),
    ToolSpec(
        name="order_refund",
        description="退款到客户的卡。\nRefund an order.",  # non-ASCII and a line feed stay inside one row
        parameters=SCHEMA,
        triggers=("退款",),
        annotations={"destructiveHint": True},
        profile=ToolProfile(requests=("give the money back for order 7",)),
    ),
]


@pytest.fixture
def tf() -> ToolFilter:
    return ToolFilter(TOOLS, embedder=HashingEmbedder())


def test_the_tools_written_read_back_as_the_same_tool_specs(tf: ToolFilter, tmp_path: Path) -> None:
    path = tmp_path / "tools.jsonl"

    assert tf.write_tools(path) == path

    assert read_tools_file(path) == list(tf.tools) == TOOLS
    text = path.read_text(encoding="utf-8")
    assert [json.loads(line)["name"] for line in text.splitlines()] == ["order_get", "order_refund"]  # a line each
    assert "退款" in text  # UTF-8, not \\u escapes


def test_an_existing_file_is_overwritten(tf: ToolFilter, tmp_path: Path) -> None:
    path = tmp_path / "tools.jsonl"
    path.write_text("old text\n" * 10, encoding="utf-8")

    tf.write_tools(str(path))

    assert read_tools_file(path) == TOOLS


@pytest.mark.parametrize(
    ("where", "said"),
    [
        pytest.param("missing/tools.jsonl", "No such file or directory", id="no such folder"),
        pytest.param(".", "Is a directory", id="a folder"),
    ],
)
def test_a_path_that_cannot_be_written_is_a_tool_spec_error_naming_it(
    tf: ToolFilter, tmp_path: Path, where: str, said: str
) -> None:
    path = tmp_path / where
    with pytest.raises(ToolSpecError, match=rf"tools file '{path}': cannot write it \({said}\)"):
        tf.write_tools(path)
