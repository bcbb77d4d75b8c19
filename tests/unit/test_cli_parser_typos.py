"""A misspelt command, sub-command or option is refused with the nearest name, never taken for it."""

from __future__ import annotations

import pytest

from toolfilter_core.cli import main
from toolfilter_core.cli._bench import find_bench_harness
from toolfilter_core.cli._parser import build_parser
from toolfilter_core.cli._strict_parser import StrictParser


def _leaves() -> list[tuple[tuple[str, ...], StrictParser]]:
    """Every (sub)command that takes options, by the words that run it: ``("profiles", "export")``."""
    root = build_parser(find_bench_harness())
    assert isinstance(root, StrictParser)
    found: list[tuple[tuple[str, ...], StrictParser]] = []

    def walk(words: tuple[str, ...], parser: StrictParser) -> None:
        if parser.commands is None:
            found.append((words, parser))
            return
        for name, child in parser.commands.choices.items():
            walk((*words, name), child)

    walk((), root)
    return found


LEAVES = _leaves()


def refused(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    return str(capsys.readouterr().err)


def test_every_command_is_reached_by_the_walk() -> None:
    names = {words[0] for words, _ in LEAVES}
    assert names == {"demo", "index", "select", "eval", "fit", "record", "config", "profiles", "doctor", "bench"}
    assert {words for words, _ in LEAVES if words[0] == "profiles"} == {
        ("profiles", "export"),
        ("profiles", "write"),
        ("profiles", "import"),
    }
    assert any(o == "--datasets" for words, p in LEAVES if words == ("bench",) for o in p.options)


@pytest.mark.parametrize(("words", "parser"), LEAVES, ids=[" ".join(w) for w, _ in LEAVES])
def test_a_prefix_of_an_option_is_not_taken_for_it_but_named(capsys, words, parser) -> None:
    # --max-tool 3 was --max-tools 3 through argparse's prefix matching: every option of every (sub)command
    checked = 0
    for option in parser.options:
        typed = option[:-1]
        if not option.startswith("--") or len(typed) < 4 or typed in parser.options:
            continue
        err = refused(capsys, [*words, f"{typed}=1"])
        assert f"{' '.join(('toolfilter', *words))}: error: unknown option {typed}; did you mean {option}?" in err
        checked += 1
    assert checked >= 1


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("selct", "select"), ("indx", "index"), ("evl", "eval"), ("docter", "doctor"), ("profile", "profiles")],
)
def test_a_misspelt_command_is_answered_with_the_nearest(capsys, typed, meant) -> None:
    err = refused(capsys, [typed, "rent a car"])
    assert f"toolfilter: error: unknown command {typed!r}; did you mean {meant}? (allowed: demo, index," in err


@pytest.mark.parametrize(("typed", "meant"), [("exprt", "export"), ("improt", "import"), ("wirte", "write")])
def test_a_misspelt_sub_command_is_answered_with_the_nearest(capsys, typed, meant) -> None:
    err = refused(capsys, ["profiles", typed, "tools.jsonl"])
    assert f"toolfilter profiles: error: unknown action {typed!r}; did you mean {meant}?" in err
    assert "(allowed: export, write, import)" in err


def test_a_word_near_no_command_lists_the_commands(capsys) -> None:
    err = refused(capsys, ["rent a car"])
    assert "unknown command 'rent a car' (allowed: demo, index, select," in err and "did you mean" not in err


def test_no_command_names_the_commands(capsys) -> None:
    err = refused(capsys, [])
    assert "toolfilter: error: missing command: give one of demo, index, select" in err
    assert "toolfilter --help says what each does" in err


def test_an_option_before_the_command_is_said_to_go_after_it(capsys) -> None:
    err = refused(capsys, ["--store", "s", "select", "hi"])
    assert "unknown command 's'" in err and "options go after the command: toolfilter COMMAND --store ..." in err


def test_a_misspelt_option_beside_a_required_one_is_said_as_the_misspelling(capsys) -> None:
    # --tools is missing only because --tool was typed: the misspelling is the news
    err = refused(capsys, ["fit", "--tool", "t.jsonl", "--queries", "q.jsonl", "-o", "out.yaml"])
    assert "toolfilter fit: error: unknown option --tool; did you mean --tools?" in err
    assert "required" not in err


def test_a_misspelt_top_level_option_is_named(capsys) -> None:
    assert "toolfilter: error: unknown option --verison; did you mean --version?" in refused(capsys, ["--verison"])


def test_a_misspelt_choice_is_answered_with_the_nearest(capsys) -> None:
    err = refused(capsys, ["eval", "--queries", "q.jsonl", "--replay", "windw"])
    assert "argument --replay: 'windw' is not allowed; did you mean window? (allowed: conversation, window)" in err


def test_an_unquoted_request_says_to_quote_it(capsys) -> None:
    err = refused(capsys, ["select", "rent", "a", "car", "--embedder", "hashing"])
    assert "toolfilter select: error: unexpected arguments 'a' 'car'; a request of several words goes in quotes" in err
    assert "usage:" not in err and len(err.strip().splitlines()) == 1  # one line, as an unknown option is said


def test_an_unknown_option_is_said_once_and_its_value_not_taken_for_a_request(capsys) -> None:
    err = refused(capsys, ["select", "--topk", "3", "rent a car"])
    assert err.strip().endswith(
        "toolfilter select: error: unknown option --topk; did you mean --top-k? (see toolfilter select --help)"
    )
