"""Which descriptions the doctor reads as an act beside a read of its thing (``acts.acts_differ``).

    python benchmarks/doctor_act_openings.py    # the doctor's dev registries (doctor_pairs.DEV), no held-out one

A name that says no kind of act beside a read of a thing both names share is an act when a word of its own opens
its description as a verb: a determiner after it ("Refill a prescription"; not "History of a support ticket").
Per dev registry: each such pair whose description opens with a word of the act's own name, the first three
words, and whether the rule now reads them as an act (``acts (...)`` in ``acts_differ``'s why). The rule was
decided from these cases.
"""

from __future__ import annotations

import itertools
import re
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's library, whichever one is installed

from benchmarks.doctor_pairs import DEV  # noqa: E402
from toolfilter_core import read_tools_file  # noqa: E402
from toolfilter_core._doctor import acts  # noqa: E402

DATA = ROOT / "benchmarks" / "data"


def main() -> None:
    """Print each dev registry's pairs whose act's description opens with a word of its own name."""
    for name in DEV:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tools = read_tools_file(DATA / name / "tools.jsonl")
        for act, read in itertools.permutations(tools, 2):
            if acts.act_kinds(act.name) or acts.act_kinds(read.name) != {"read"}:
                continue
            if not acts.name_objects(act.name) & acts.name_objects(read.name):
                continue
            opening = re.findall(r"[a-z0-9]+", act.description.lower())[:3]
            if not opening or opening[0] not in re.findall(r"[a-z0-9]+", act.name.lower()):
                continue
            why = acts.acts_differ(act, read)
            said = "act" if f"{act.name} acts (" in why else "no act"
            print(f"{name}: {act.name} beside {read.name}: {' '.join(opening)!r} -> {said}")


if __name__ == "__main__":
    main()
