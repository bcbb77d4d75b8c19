"""The docs site: every page in the nav, the API reference over the three packages, a strict build."""

from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]


def _nav_pages(nav):
    for item in nav:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        if isinstance(value, list):
            yield from _nav_pages(value)
        else:
            yield value


def test_the_nav_lists_every_page_of_docs():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    pages = sorted(_nav_pages(config["nav"]))
    assert pages == sorted(p.name for p in (ROOT / "docs").glob("*.md"))
    assert config["strict"] is True and config["validation"]["anchors"] == "warn"


def test_the_api_page_renders_the_three_packages_from_their_docstrings():
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    for package in ("toolfilter_core", "langchain_toolfilter", "llamaindex_toolfilter"):
        assert f"::: {package}\n" in text


def test_make_test_builds_the_site_strictly():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    test_target = makefile.split("\ntest: ")[1].split("\n\n")[0]
    assert "docs-check" in test_target
    check = makefile.split("\ndocs-check: ")[1].split("\n\n")[0]
    assert "mkdocs build --strict" in check and "--quiet" not in check  # --quiet would hide the warnings


def test_the_overview_and_the_cli_page_name_every_command():
    import argparse

    from toolfilter_core.cli._parser import build_parser

    action = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    commands = sorted(action.choices)
    assert len(commands) >= 10
    cli_page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert not [c for c in commands if f"toolfilter {c}" not in cli_page]
    overview = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    listed = overview.split("[Command line](cli.md): `toolfilter ", 1)[1].split("`", 1)[0]
    assert sorted(part.strip() for part in listed.split("|")) == commands


def test_the_overview_starts_for_a_user_and_the_data_flow_is_in_architecture():
    """Failed on 933b8b4: docs/index.md opened on a data flow of private modules."""
    overview = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    start = overview.split("\n## Quickstart (core)", 1)[0]
    assert "_pipeline" not in start and ".py" not in start
    where = start.split("\n## Where to start\n", 1)[1].split("\n## ", 1)[0]
    for page in ("langchain.md", "llamaindex.md", "cli.md", "profiles.md", "doctor.md", "configuration.md"):
        assert f"({page})" in where, page
    assert "toolfilter eval" in where and "toolfilter demo" in where
    architecture = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    flow = architecture.split("\n## The data flow\n", 1)[1].split("\n## ", 1)[0]
    for module in ("request.py", "read.py", "gates.py", "rank.py", "decide.py", "assemble.py"):
        assert module in flow and (ROOT / "toolfilter_core" / "_pipeline" / module).is_file(), module


def test_the_scoring_page_starts_for_a_user_and_keeps_the_mechanism_to_its_last_section():
    """Failed on a3a431b: docs/scoring.md named private modules and dev registries throughout."""
    import re

    from toolfilter_core import Reason, Status

    page = (ROOT / "docs" / "scoring.md").read_text(encoding="utf-8")
    heads = re.findall(r"^## (.+)$", page, flags=re.M)
    assert heads[-1] == "How the rules and numbers were chosen"
    opening = heads[: heads.index("Pasted material")]
    for head in ("How a request's score is made", "A worked example", "What each verdict means"):
        assert head in opening, head
    assert "What to change when it picks wrong" in opening
    body = page.split("\n## How the rules and numbers were chosen\n", 1)[0]
    public = {m.name for m in Status} | {m.name for m in Reason}
    internal = [
        word
        for word in re.findall(
            r"_pipeline|_hints|\w+\.py\b|\bdev_\w+|heldout_\w+|benchmarks/\S+|`[\w.]*[A-Z][A-Z_]{3,}`", body
        )
        if word.strip("`").split(".")[-1] not in public
    ]
    assert internal == []
    verdicts = body.split("\n## What each verdict means\n", 1)[1].split("\n## ", 1)[0]
    assert [s.value for s in Status if f"| `{s.value}` |" not in verdicts] == []


def test_the_conversations_page_keeps_modules_and_tests_to_its_last_section():
    """Failed on 32c829e: docs/conversations.md named private modules and test files in its body."""
    import re

    page = (ROOT / "docs" / "conversations.md").read_text(encoding="utf-8")
    assert re.findall(r"^## (.+)$", page, flags=re.M)[-1] == "How this is tested"
    body = page.split("\n## How this is tested\n", 1)[0]
    assert re.findall(r"toolfilter_core/_\w+|\b_conversation\w*\.py|tests/(?:unit|integration)/test_\w+", body) == []


# a private module by its dotted name or its path (whole, or from a private package or file), a test
# file or a test function
_PRIVATE_OR_TEST = r"toolfilter_core\.(?:\w+\.)*_\w+|(?<![\w.-])(?:\w+/)*_[a-z]\w*(?:/|\.py\b)|\btest_\w+"


@pytest.mark.parametrize("name", ["reliability.md", "doctor.md", "chains.md", "mcp.md", "scaling.md"])
def test_a_user_page_keeps_modules_and_tests_to_its_last_section(name):
    """Failed on 934efcc for each page: its body named private modules or test files."""
    import re

    page = (ROOT / "docs" / name).read_text(encoding="utf-8")
    assert re.findall(r"^## (.+)$", page, flags=re.M)[-1] == "How this is tested"
    body = page.split("\n## How this is tested\n", 1)[0]
    assert re.findall(_PRIVATE_OR_TEST, body) == []
