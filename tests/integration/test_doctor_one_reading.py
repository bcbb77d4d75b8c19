"""One read of one thing, and two reads that say different things, told by the default embedder without profiles.

On 3397520, with the default embedder, ``giftcode_check`` and ``gift_code_lookup`` were a ``near_duplicate`` (one
errand in other words), ``player_lookup`` beside ``get_player_profile`` and ``get_patient_info`` beside
``patient_record_get`` no ``near_duplicate``. The registries are those of
tests/unit/test_doctor_one_reading.py.
"""

from __future__ import annotations

import pytest

from tests.unit.test_doctor_one_reading import CLINIC, GAME
from toolfilter_core import ToolSpec, diagnose
from toolfilter_core._embedders import get_embedder
from toolfilter_core._resolve import resolve_config

pytestmark = pytest.mark.integration


def _kinds(tools: list[ToolSpec], a: str, b: str) -> list[str]:
    report = diagnose(tools, embedder=get_embedder(resolve_config(None).embedder))
    return [f.kind for f in report.findings if set(f.tools) == {a, b}]


def test_two_teams_reads_of_one_thing_are_near_duplicates() -> None:
    assert _kinds(GAME, "player_lookup", "get_player_profile") == ["near_duplicate"]
    assert _kinds(CLINIC, "get_patient_info", "patient_record_get") == ["near_duplicate"]


def test_a_gift_code_read_for_two_different_things_is_no_near_duplicate() -> None:
    assert "near_duplicate" not in _kinds(GAME, "giftcode_check", "gift_code_lookup")
