"""A library warning a user meets in Python points at the user's line (issue #32, 3).

``read_tools_file`` warned from ``toolfilter_core/_tool_defs.py:497`` and a plain-mode
``ToolFilterConfig`` from ``toolfilter_core/_resolve.py:54``: the user could not tell which
of their calls it was about.
"""

from __future__ import annotations

import warnings
from pathlib import Path

from toolfilter_core import (
    ConfigWarning,
    HashingEmbedder,
    ToolFilter,
    ToolFilterConfig,
    ToolSpecWarning,
    load_tools,
    read_tools_file,
)

BAD = '{"name": "booking.get", "description": "Get a booking"}\n{"name": "nodesc"}\n'


def _caught(call: object) -> list[warnings.WarningMessage]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()  # type: ignore[operator]
    return caught


def test_tools_file_warnings_point_at_the_line_that_read_the_file(tmp_path: Path) -> None:
    path = tmp_path / "tools.jsonl"
    path.write_text(BAD, encoding="utf-8")
    caught = _caught(lambda: read_tools_file(path))
    said = [w for w in caught if w.category is ToolSpecWarning]
    assert len(said) == 2 and all(w.filename == __file__ for w in said), [w.filename for w in said]
    caught = _caught(lambda: load_tools([{"name": "flight search", "description": "x"}]))
    assert caught and all(w.filename == __file__ for w in caught)


def test_a_plain_mode_config_object_warns_at_the_line_that_passed_it() -> None:
    caught = _caught(
        lambda: ToolFilter(
            [{"name": "a", "description": "b"}], config=ToolFilterConfig(top_k=3), embedder=HashingEmbedder()
        )
    )
    said = [w for w in caught if w.category is ConfigWarning]
    assert said and all(w.filename == __file__ for w in said), [w.filename for w in said]
