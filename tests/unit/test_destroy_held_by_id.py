"""A destroy request whose act is said but whose id the registry gives to other tools: the note says so.

A language school's profile requests gave class sessions ids "CS-…" and students "S-…"; "取消 S-1182 这节课"
(cancel class S-1182) asks ``class_session_cancel``'s act, and the guard held it for the id, saying only
"destructive and not asked for". Cosines are fixed by hand (``TableEmbedder``).
"""

import importlib

from toolfilter_core import Note, NoteKind, ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._pipeline.act_phrases import DESTROY, OTHER

from .fakes import TableEmbedder, takes, unit

decide = importlib.import_module("toolfilter_core._pipeline.decide")

SESSION_CANCEL = ToolSpec("class_session_cancel", "Cancel a class session, e.g. CS-1190.", takes("session_id"))
STUDENT_LOOKUP = ToolSpec("student_lookup", "Look up a student by id, e.g. S-20931.", takes("student_id"))
STUDENT_DELETE = ToolSpec("student_delete", "Delete a student record, e.g. S-20931.", takes("student_id"))
TOOLS = [SESSION_CANCEL, STUDENT_LOOKUP, STUDENT_DELETE]
PHRASES = {p: unit(0, 0, 0, 0, 0, 1.0) for p in DESTROY} | {p: unit(0, 0, 0, 0, 0, 0, 1.0) for p in OTHER}
TABLE = {t.document(): unit(0, *([0.0] * i + [1.0])) for i, t in enumerate(TOOLS)} | PHRASES
TABLE |= {
    "取消 S-1182 这节课": unit(0, 0.8, 0.3, 0.6),  # class_session_cancel first, student_delete second
    "取消 CS-1182 这节课": unit(0, 0.8, 0.3, 0.6),
}


def _filter() -> ToolFilter:
    cfg = ToolFilterConfig(
        enabled=True, top_k=3, min_score=0.9, min_gap=0.1, abstain_phrases=(), weights={"embed": 1.0, "support": 1.0}
    )
    return ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(TABLE))


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
