"""benchmarks/house_counts.py counts what it says it counts."""

from __future__ import annotations

from pathlib import Path

from benchmarks.house_counts import PACKAGES, counts
from toolfilter_core._config import resolve_layers

ROOT = Path(__file__).resolve().parents[2]


def test_the_counts_of_this_checkout(tmp_path: Path) -> None:
    found = counts(ROOT)
    for name in PACKAGES:
        files = list((ROOT / name).rglob("*.py"))
        assert found[name]["modules"] == len(files)
        assert found[name]["lines"] == sum(len(f.read_text(encoding="utf-8").splitlines()) for f in files)
        assert 0 < found[name]["code_lines"] < found[name]["lines"]
    assert found["settings"] == len(resolve_layers([]).rows())


def test_code_lines_leave_out_docstrings_comments_and_blank_lines(tmp_path: Path) -> None:
    for name in PACKAGES:
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text(
            '"""Doc\nstring."""\n\n# a comment\n__all__ = ["x"]\nx = 1\n\n\ndef f():\n    """One."""\n    return x\n',
            encoding="utf-8",
        )
    core = tmp_path / "toolfilter_core"
    (core / "__init__.py").write_text(
        (core / "__init__.py").read_text() + "from pydantic import BaseModel\n\n\nclass ToolFilterConfig(BaseModel):\n"
        '    a: int = 1\n    """What a is."""\n',
        encoding="utf-8",
    )
    found = counts(tmp_path)
    assert found["langchain_toolfilter"] == {"lines": 11, "code_lines": 4, "modules": 1, "public_names": 1}
    assert found["settings"] == 1
