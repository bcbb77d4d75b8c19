"""Why the destructive guard let a destructive tool through, said in a note.

The guard's note said which destructive tools it held back ("destructive and not asked for"), never why one
it let through passed: "出差提前回来了，帮我把停卡解除" (lift my card freeze) was sent ``revoke_guest_pass`` and
the explanation was silent. ``let_in_note`` names each destructive tool sent and the readings that let it in:
the request says its own act or its users' words, reads as asking to destroy (by its words, the act phrases or
its profile neighbours) where the tool is the one meant (ranked first, or an ask's best), takes the id the
request carries, or scores like a confident pick where the request leans to destroy.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .._files import one_line
from .._types import Note, NoteKind, ScoredTool

__all__ = ["GuardReading", "let_in_note"]

_NO_READING = "it passed by no reading this note names"
"""What the note says of a destructive tool sent that none of the readings let in (a setting such as
``decide.SCORE_UNLOCKS`` let it through)."""


@dataclass(frozen=True, slots=True)
class GuardReading:
    """What the guard read of one request, per candidate (rows of one, padded as ``decide_rows``'s)."""

    asked: str = ""
    """The reading by which the request asks to destroy ("its words", "the act phrases", "its profile
    neighbours"); empty where it does not."""
    said: NDArray[np.bool_] | None = None
    users_words: NDArray[np.bool_] | None = None
    takes: list[bool] | None = None
    leans: NDArray[np.bool_] | None = None
    """Per candidate: it scores like a confident pick and the request leans to destroy."""
    asks: tuple[tuple[str, str], ...] = ()
    """(an ask's best tool, the ask's text), ``AskTops.said``."""

    def why(self, j: int, name: str) -> list[str]:
        """The readings that let candidate ``j`` (``name``) in."""
        out: list[str] = []
        if self.said is not None and bool(self.said[0, j]):
            out.append("the request says its own act")
        if self.users_words is not None and bool(self.users_words[0, j]):
            out.append("the request says its users' words")
        if self.asked:
            asks = [text for best, text in self.asks if best == name]
            shown = one_line(asks[0], 60) if asks else ""
            where = "it ranks first" if j == 0 else f"it is the best tool for the ask {shown!r}" if asks else ""
            if where:
                out.append(f"the request asks to destroy (by {self.asked}) and {where}")
        if self.takes is not None and j < len(self.takes) and self.takes[j]:
            out.append("it takes the id the request carries")
        if self.leans is not None and bool(self.leans[0, j]):
            out.append("it scores like a confident pick and the request leans to destroy")
        return out


def let_in_note(
    survivors: list[ScoredTool], destructive: NDArray[np.bool_], selected: list[ScoredTool], reading: GuardReading
) -> Note | None:
    """The note naming each destructive tool ``selected`` holds and why the guard let it in (None: none sent)."""
    sent = {s.name for s in selected}
    parts: list[str] = []
    tools: list[str] = []
    for j, s in enumerate(survivors):
        if s.name not in sent or not bool(destructive[0, j]):
            continue
        why = reading.why(j, s.name) or [_NO_READING]
        tools.append(s.name)
        parts.append(f"{s.name} ({'; '.join(why)})")
    if not parts:
        return None
    text = "let through the destructive guard: " + ", ".join(parts)
    return Note(NoteKind.DESTRUCTIVE_LET_IN, text, tools=tuple(tools))
