"""A description's wipe words are checked for a negation in a bounded stretch before each, not the whole prefix."""

import re

import pytest

from toolfilter_core import ToolSpec, _hints
from toolfilter_core._hints import says_destructive


class _Counting:
    """Wraps a compiled pattern and adds up how many characters its searches are given."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.scanned = 0

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        end = len(text) if endpos is None else min(endpos, len(text))
        self.scanned += max(0, end - pos)
        return self.pattern.search(text, pos, end)


def test_negation_search_scans_in_proportion_to_the_description(monkeypatch: pytest.MonkeyPatch) -> None:
    counting = _Counting(_hints._WIPE_NEGATED)
    monkeypatch.setattr(_hints, "_WIPE_NEGATED", counting)
    description = "Reset a user's password. " + "The record is not deleted. " * 400
    assert not _hints._says_wipe(description)
    assert 0 < counting.scanned <= 200 * description.count("deleted")


@pytest.mark.parametrize(
    ("description", "destroys"),
    [
        ("Reset a user's password. Does not delete the account.", False),
        ("Reset a user's password. " + "The record is not deleted. " * 400, False),
        ("Reset the secrets manager to empty, deleting all stored secrets.", True),
        ("Reset a user's password. " + "x " * 200 + "All sessions are deleted.", True),
    ],
)
def test_wipe_and_its_negation_still_read(description: str, destroys: bool) -> None:
    assert says_destructive(ToolSpec("password_reset", description)) is destroys
