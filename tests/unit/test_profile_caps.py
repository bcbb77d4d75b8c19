"""Profile files and writer answers are read in linear time, under caps that say what they refused.

1 MB of one-item ``no_tool`` lines once took 47-82 s (the near misses were de-duplicated
again at every line), a 10 MB answer 44 s before it was refused (a list's ``not in``); any
file a user points at gives a ``ToolFilterError``, never a traceback.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolfilter_core import ToolFilterError, ToolSpecError, read_profiles
from toolfilter_core._tool_profiles.prompt import MAX_ANSWER_CHARS, AnswerError, ProfilePrompt, parse_answer
from toolfilter_core._tool_profiles.sidecar import MAX_NO_TOOL, MAX_PROFILE_LINES

from .test_reading_linear import bounded


def _cpu(read: Callable[..., object], *args: object) -> float:
    with bounded(20.0):
        start = time.thread_time()
        read(*args)
        return time.thread_time() - start


def _lines(path: Path, row: Mapping[str, object], count: int) -> Path:
    path.write_text((json.dumps(row) + "\n") * count, encoding="utf-8")
    return path


def test_repeated_near_miss_lines_read_in_linear_time(tmp_path: Path) -> None:
    row = {"no_tool": ["how is the weather today"]}
    small = _cpu(read_profiles, _lines(tmp_path / "small.jsonl", row, 5_000))
    large = _cpu(read_profiles, _lines(tmp_path / "large.jsonl", row, 50_000))
    assert large <= 30 * small + 0.05, (small, large)
    assert read_profiles(tmp_path / "large.jsonl").no_tool == ("how is the weather today",)


def test_a_file_over_the_line_cap_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    path = _lines(tmp_path / "p.jsonl", {"no_tool": []}, MAX_PROFILE_LINES + 5)
    with pytest.raises(ToolSpecError, match=rf"{MAX_PROFILE_LINES + 6:,} lines; at most {MAX_PROFILE_LINES:,}"):
        read_profiles(path)


def test_near_misses_over_the_cap_are_refused_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text("".join(json.dumps({"no_tool": [f"near miss {i}"]}) + "\n" for i in range(MAX_NO_TOOL + 1)))
    with pytest.raises(ToolSpecError, match=rf"line {MAX_NO_TOOL + 1}: {MAX_NO_TOOL + 1} no_tool requests; at most"):
        read_profiles(path)


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/null", "/proc/self/status", "/", "/nonexistent/p.jsonl"])
def test_any_file_gives_a_toolfilter_error_or_profiles(path: str) -> None:
    try:
        read_profiles(path)
    except ToolFilterError as error:
        assert path in str(error)


@settings(
    max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.binary(max_size=300) | st.text(alphabet='{}[]":,\n \\u0d8a1-no_toolrequests', max_size=200))
def test_hostile_bytes_give_a_toolfilter_error_never_a_traceback(tmp_path: Path, data: bytes | str) -> None:
    path = tmp_path / "p.jsonl"
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass"))
    try:
        read_profiles(path)
    except ToolFilterError:
        pass


NO_TOOL = ProfilePrompt("no_tool-1", "no_tool", {}, ())


def test_an_answer_over_the_cap_is_refused_before_it_is_parsed() -> None:
    answer = json.dumps({"no_tool": ["x" * 100] * (MAX_ANSWER_CHARS // 50)})
    took = _cpu(lambda: pytest.raises(AnswerError, parse_answer, NO_TOOL, answer))
    assert took < 1.0
    with pytest.raises(AnswerError, match=f"at most {MAX_ANSWER_CHARS:,} are read"):
        parse_answer(NO_TOOL, answer)


def test_a_long_answer_is_read_in_linear_time() -> None:
    def answer(count: int) -> str:
        return json.dumps({"no_tool": [f"request {i}" for i in range(count)]})

    small, large = answer(2_000), answer(20_000)
    assert len(large) < MAX_ANSWER_CHARS
    assert _cpu(parse_answer, NO_TOOL, large) <= 30 * _cpu(parse_answer, NO_TOOL, small) + 0.05
    assert len(parse_answer(NO_TOOL, large)["no_tool"]) == 32


def test_a_fence_of_white_space_is_read_in_linear_time() -> None:
    def answer(count: int) -> str:
        return "```json" + " " * count + "{"

    small = _cpu(pytest.raises, AnswerError, parse_answer, NO_TOOL, answer(5_000))
    large = _cpu(pytest.raises, AnswerError, parse_answer, NO_TOOL, answer(50_000))
    assert large <= 30 * small + 0.05, (small, large)
