"""A destroyer the request's id contradicts does not enter for its own verb where the id fits another destroyer.

A language school: "remove student ST-1999 from our system completely" ranks ``student_delete`` first; "ST"
abbreviates "student" (``id_nouns``), the record of two destroyers (so neither takes the act by the id), not
``teacher_timetable_remove``'s, yet "remove", that tool's own verb, sent it (``decide.VERB_OVER_PREFIX``
``unrivalled``: no destroyer of the student has its act said). Cosines are fixed by hand (``TableEmbedder``).
"""

import importlib

import numpy as np
import pytest

from toolfilter_core import ToolSpec

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

decide = importlib.import_module("toolfilter_core._pipeline.decide")

STUDENT_DELETE = ToolSpec("student_delete", "Delete a student record and all personal data.", takes("student_id"))
TIMETABLE_REMOVE = ToolSpec("teacher_timetable_remove", "Take a teacher off the timetable.", takes("teacher_id"))
STUDENT_LOOKUP = ToolSpec("student_lookup", "Look up a student record.", takes("student_id"))
CREDITS_REVOKE = ToolSpec("credits_revoke", "Revoke course credits from a student.", takes("student_id"))
TOOLS = [STUDENT_DELETE, TIMETABLE_REMOVE, STUDENT_LOOKUP, CREDITS_REVOKE]
PHRASES = act_phrases(5, 6)
TABLE = tool_axes(TOOLS) | PHRASES
TEXT = "remove student ST-1999 from our system completely"
TABLE[TEXT] = unit(0, 0.8, 0.5, 0.4, 0.3)  # two destroyers fit "ST" (student): neither is the id's alone


def _select() -> list[str]:
    return hand_filter(TOOLS, TABLE).select(TEXT).names


@pytest.mark.parametrize(
    ("rule", "other_object", "sent"),
    [("fits", True, False), ("fits", False, False), ("unrivalled", True, False), ("unrivalled", False, True)],
)
def test_the_other_records_destroyer_enters_for_its_verb_only_where_no_destroyer_fits_the_id(
    monkeypatch, rule, other_object, sent
):
    """Either reading keeps it out: the id's fit (``fits``) or the verb's phrase on another's object.

    "remove student ST-1999" acts on the student, ``student_delete``'s object, not the timetable's
    (``said_objects.on_another_object``, and ``decide.CLAUSE_THINGS``: the student is the destroyed thing); with
    those readings off, only ``fits`` keeps it out.
    """
    monkeypatch.setattr(decide, "VERB_OVER_PREFIX", rule)
    if not other_object:
        monkeypatch.setattr(decide, "on_another_object", lambda text, tools, said, named, *_: np.zeros_like(said))
        monkeypatch.setattr(decide, "CLAUSE_THINGS", False)
    assert ("teacher_timetable_remove" in _select()) is sent


def test_the_setting_as_chosen():
    assert decide.VERB_OVER_PREFIX == "fits"
