"""The words by which a correction points to another object: the ones chosen on the development corrections."""

from __future__ import annotations

import sys
from pathlib import Path

from toolfilter_core._conversation_read import CHOSEN_POINTERS, READ_CLAUSES

ROOT = Path(__file__).resolve().parents[2]


def test_the_chosen_pointers_are_the_ones_the_script_chooses_with_every_registry_and_each_left_out() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from choose_correction_pointers import choose
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    data = ROOT / "benchmarks" / "data"
    assert choose(data)["chosen"] == list(CHOSEN_POINTERS)
    for folder in sorted(p for p in data.glob("dev_*") if p.is_dir()):
        assert choose(data, folder.name)["chosen"] == list(CHOSEN_POINTERS), folder.name


def test_a_correction_is_read_to_more_clauses_than_any_development_correction_has() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from choose_correction_pointers import choose
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    assert 0 < choose(ROOT / "benchmarks" / "data")["most_clauses"] < READ_CLAUSES
