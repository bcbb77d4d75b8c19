"""``eval`` says the requests that repeat a text the index holds for a tool: their figures are not held out."""

from __future__ import annotations

import json

from toolfilter_core import ToolSpec
from toolfilter_core._echoes import echoed_requests
from toolfilter_core._evaluate import LabelledQuery
from toolfilter_core._types import ToolProfile
from toolfilter_core.cli import main

MAIL = "send_staff_email"
_MAIL = ToolSpec(
    MAIL,
    "Send an e-mail to staff.",
    triggers=("tell the night shift that the lift is broken",),
    profile=ToolProfile(
        requests=("email the branch managers that the system is down tonight", "通知所有门店今晚系统停机"),
    ),
)


def _asked(*texts: str) -> list[LabelledQuery]:
    return [LabelledQuery(f"q{i}", text, ("send_staff_email",)) for i, text in enumerate(texts)]


def test_a_request_a_word_apart_from_a_profile_request_or_trigger_is_an_echo() -> None:
    asked = _asked(
        "Email ALL branch managers that the system is down tonight!",  # a word changed, case and marks
        "email the branch managers that the whole system is down tonight",  # a word added
        "通知所有门店今晚系统停机了",  # a character added
        "tell the night shift the lift is broken",  # a word dropped (a trigger)
    )
    assert [echo.query.id for echo in echoed_requests([_MAIL], asked)] == ["q0", "q1", "q2", "q3"]
    assert echoed_requests([_MAIL], asked)[3].text == "tell the night shift that the lift is broken"


def test_a_request_two_words_apart_or_short_is_no_echo() -> None:
    asked = _asked(
        "email every regional manager that the system is down tonight",  # two words changed
        "email the branch managers that the printer is broken again",
        "email the managers",  # under the shortest text compared
    )
    assert echoed_requests([_MAIL], asked) == []
    bare = ToolSpec("t", "Does it.")
    assert echoed_requests([bare], _asked("email the branch managers that the system is down")) == []


def test_eval_warns_of_the_echoes_with_an_excerpt(capsys, tmp_path) -> None:
    tools = tmp_path / "tools.jsonl"
    tools.write_text(
        json.dumps({"name": "send_staff_email", "description": "Send an e-mail to staff."})
        + "\n"
        + json.dumps({"name": "weather", "description": "Weather forecast for a city."})
    )
    profiles = tmp_path / "profiles.jsonl"
    profiles.write_text(json.dumps({"tool": "send_staff_email", "requests": list(_MAIL.profile.requests)}))  # type: ignore[union-attr]
    queries = tmp_path / "q.jsonl"
    rows = [
        {"id": "e16", "query": "email all branch managers that the system is down tonight", "gold": [MAIL]},
        {"id": "e17", "query": "what's the weather in Hangzhou tomorrow", "gold": ["weather"]},
    ]
    queries.write_text("\n".join(json.dumps(row) for row in rows))
    argv = ["eval", "--tools", str(tools), "--queries", str(queries), "--profiles", str(profiles)]
    argv += ["--embedder", "hashing"]
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert "1 of 2 requests repeats, but for a word, a profile request or trigger the index holds (e16 " in err
    assert "send_staff_email's 'email the branch managers" in err and "not held out" in err


def test_a_huge_request_or_a_long_one_is_not_compared() -> None:
    long_text = "email the branch managers that the system is down tonight " * 8  # over the longest text compared
    asked = _asked("email the branch managers that the system is down tonight " * 20_000, long_text)
    long_trigger = ToolSpec("mail", "Send mail.", triggers=(long_text,))
    assert echoed_requests([_MAIL, long_trigger], asked) == []
