"""A destroy request whose act is said but whose id the registry gives to other tools: the note says so.

A language school's profile requests gave class sessions ids "CS-…" and students "S-…"; "取消 S-1182 这节课"
(cancel class S-1182) asks ``class_session_cancel``'s act, and the guard held it for the id, saying only
"destructive and not asked for". Cosines are fixed by hand (``TableEmbedder``).
"""

import importlib

from toolfilter_core import Note, NoteKind, ToolFilter, ToolSpec

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

decide = importlib.import_module("toolfilter_core._pipeline.decide")

SESSION_CANCEL = ToolSpec("class_session_cancel", "Cancel a class session, e.g. CS-1190.", takes("session_id"))
STUDENT_LOOKUP = ToolSpec("student_lookup", "Look up a student by id, e.g. S-20931.", takes("student_id"))
STUDENT_DELETE = ToolSpec("student_delete", "Delete a student record, e.g. S-20931.", takes("student_id"))
TOOLS = [SESSION_CANCEL, STUDENT_LOOKUP, STUDENT_DELETE]
PHRASES = act_phrases(5, 6)
TABLE = tool_axes(TOOLS) | PHRASES
TABLE |= {
    "取消 S-1182 这节课": unit(0, 0.8, 0.3, 0.6),  # class_session_cancel first, student_delete second
    "取消 CS-1182 这节课": unit(0, 0.8, 0.3, 0.6),
}


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


def test_a_cancel_held_for_an_id_the_registry_gives_students_is_said_so() -> None:
    """The reading behind the guard's note: its act said (取消 is "cancel"), its id another record's."""
    snapshot = _filter().snapshot

    def held(text: str) -> tuple[list[str], str]:  # the guard's reading of the ids over every candidate, passed on
        ids = decide.IdsRead(TOOLS, *decide._id_reading(snapshot, text, TOOLS))
        return decide._held_by_id(snapshot, text, [SESSION_CANCEL], ids)

    assert held("取消 S-1182 这节课") == (["class_session_cancel"], "S-1182")
    assert held("取消 CS-1182 这节课") == ([], "")
    assert held("S-1182 这节课还上吗") == ([], "")  # asks no act
    note = Note(
        NoteKind.DESTRUCTIVE_LEFT_OUT,
        "left out of the selection, destructive and not asked for: x",
        tools=("class_session_cancel", "y"),
    )
    (said,) = decide._id_said([note], (["class_session_cancel"], "S-1182"))
    start = "left out of the selection, destructive: class_session_cancel, held as the request says its act"
    assert said.startswith(start)
    assert "(S-1182)" in said and said.endswith("; destructive and not asked for: y")
    assert said.values["by_id"] == ("class_session_cancel",)


def test_without_profiles_the_note_names_the_registry_s_words_alone() -> None:
    """A car rental desk's note said "(an id format the profile requests invented?)" with no profiles given."""
    note = Note(
        NoteKind.DESTRUCTIVE_LEFT_OUT, "left out of the selection, destructive and not asked for: x", tools=("x",)
    )
    (said,) = decide._id_said([note], (["x"], "RA-81501"), profiled=False)
    assert said.endswith("its id (RA-81501) is one the registry's words give to other tools")
    assert "profile" not in said
    (with_profiles,) = decide._id_said([note], (["x"], "RA-81501"), profiled=True)
    assert "or tool profiles give to other tools (an id format the profile requests invented?" in with_profiles


def test_the_own_action_note_says_when_its_tool_was_not_sent() -> None:
    """A car rental desk's "explain the excess insurance..." note named customer_get, which was not sent."""
    text = "reads like a request needing no tool, but says the action of customer_get: served as usual"
    note = Note(NoteKind.OWN_ACTION, text, tool="customer_get")
    (said,) = decide._own_action_said([note], [])
    assert said == text + " (customer_get itself ranks below the tools sent)"
    assert said.values["tool"] == "customer_get"
