"""The word "profile" means a tool profile only; the config preset is ``base``.

Failed on fb957fc: ``toolfilter bench --help`` gave ``--embedder``'s default as "the profile's",
``ToolFilterSelector.from_tools`` / ``ToolFilterMiddleware`` said ``config=None`` is "the
recommended profile", and benchmarks/data/README.md said it of a tuning set. The pattern:
the preset's names, or a default, put before "profile".
"""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from toolfilter_core.cli import main
from toolfilter_core.cli._bench import find_bench_harness
from toolfilter_core.cli._parser import build_parser
from toolfilter_core.cli._strict_parser import StrictParser

ROOT = Path(__file__).resolve().parents[2]
PRESET_AS_PROFILE = re.compile(
    r"\b(?:recommended|plain|preset|base)\s+profile\b(?!s)|\bdefault:?\s+(?:the\s+)?profile's", re.IGNORECASE
)


def _helps() -> Iterator[tuple[str, str]]:
    """Every command's ``--help`` text, by the words that run it."""

    def walk(words: tuple[str, ...], parser: StrictParser) -> Iterator[tuple[str, str]]:
        yield " ".join(("toolfilter", *words, "--help")), parser.format_help()
        for name, child in (parser.commands.choices if parser.commands is not None else {}).items():
            yield from walk((*words, name), child)

    root = build_parser(find_bench_harness())
    assert isinstance(root, StrictParser)
    yield from walk((), root)


def _docstrings() -> Iterator[tuple[str, str]]:
    """The docstrings of each package's public names and of their public methods."""
    for package in ("toolfilter_core", "langchain_toolfilter", "llamaindex_toolfilter"):
        module = importlib.import_module(package)
        for name in module.__all__:
            obj = getattr(module, name)
            yield f"{package}.{name}", inspect.getdoc(obj) or ""
            if inspect.isclass(obj):
                for member, value in vars(obj).items():
                    if not member.startswith("_") or member == "__init__":
                        found = value.__func__ if isinstance(value, classmethod | staticmethod) else value
                        yield f"{package}.{name}.{member}", inspect.getdoc(found) or ""


def _pages() -> Iterator[tuple[str, str]]:
    for path in [
        ROOT / "README.md",
        *sorted((ROOT / "docs").glob("*.md")),
        *sorted(ROOT.glob("benchmarks/**/README.md")),
    ]:
        yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")


def test_the_help_texts_docstrings_and_docs_never_call_the_preset_a_profile(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config"]) == 0
    texts = [*_helps(), *_docstrings(), *_pages(), ("toolfilter config", capsys.readouterr().out)]
    assert len(texts) > 50
    found = [(where, match.group(0)) for where, text in texts for match in PRESET_AS_PROFILE.finditer(text)]
    assert found == []


def test_the_pattern_finds_what_it_is_for() -> None:
    said = "embedder (default: the profile's); config: None: the recommended\n    profile. A tool profile. Profiles."
    assert [m.group(0) for m in PRESET_AS_PROFILE.finditer(said)] == [
        "default: the profile's",
        "recommended\n    profile",
    ]
