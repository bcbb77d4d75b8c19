"""Which destructive tools an earlier turn used that the turn at hand asks for again.

A tool that deletes, cancels or wipes enters a set only for a request that asks for its act,
in a conversation too: the act an earlier turn asked for ("cancel SH-1") is not the next
turn's ("what's the status of SH-2?"). Of the destructive tools earlier turns used or were
offered, a turn asks again for

* a **confirmation** ("yes", "好的") of a proposal: one, the proposed act's: the one whose
  own verb the proposal says, else the one the task called last before the proposal (a dry
  run, then "shall I apply it?");
* a **correction** ("no, the upstairs one"): those the last task called (it is redone);
* any other turn: those whose own verb it says ("delete the old one" for ``delete_dns_record``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ._conversation import Turn
from ._conversation_read import Reading
from ._hints import request_says_its_act
from ._types import ToolSpec

__all__ = ["asked_again"]


def _last_called(names: Sequence[str], turns: Sequence[Turn], before: int) -> list[str]:
    """``names`` a message before ``before`` called, the last called first."""
    out: list[str] = []
    for turn in reversed(turns[:before]):
        out.extend(n for n in turn.called if n in names and n not in out)
    return out


def asked_again(
    names: Sequence[str], reading: Reading, turns: Sequence[Turn], spec: Callable[[str], ToolSpec]
) -> list[str]:
    """Of the destructive ``names`` earlier turns used, those the turn ``reading`` read asks for (see the module)."""
    said = [n for n in names if request_says_its_act(reading.query, spec(n))]
    if reading.kind == "confirmation":
        return (said or _last_called(names, turns, reading.decided_by))[:1]
    if reading.kind == "correction":
        start = max((i for i in range(reading.user) if turns[i].role == "user"), default=0)
        return list(dict.fromkeys([*_last_called(names, turns[start:], reading.user - start), *said]))
    return said
