"""A turn that refuses the act the assistant offered and asks other destroy acts instead.

"订单 ORD-5521 到哪了" / "昨天已经发货了。需要我帮你取消吗？" / "不用取消，帮我退款" refuses the cancel and asks the
refund: the turn gets the refund's destroyer, never the cancel. As the core's guard lets a destroyer in, the turn
says its act in its own words (``names_act``, either language), its words ask to destroy (not an act's word told as
a thing, ``split_unasked``: "不用取消了，帮我查一下退款政策" asks a read), and the ids it carries,
else the conversation's, do not name another record (``on_offered_object``). An embedder that does not rank the
refund for the Chinese words (``HashingEmbedder``) no longer loses it.

Each clause of the turn asks one act at most: "no, refund the customer and delete their account" asks the refund
and the account's delete (of two destroyers whose act a clause says, the one whose thing it names). The offered
act asked again on an id the conversation did not name is asked too: "不要取消，退款就好，另外把 ORD-5522 也取消".
A clause that tells an act, not asks it (``ask_and_reports``: "the customer will call about the refund"), asks none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ._blank import trimmed
from ._clauses import clause_parts
from ._conversation import Turn
from ._conversation_acts import names_act
from ._conversation_objects import named_ids
from ._conversation_read import Reading, offer_sentence
from ._correction_words import BARE_NO
from ._hints import request_is_destructive
from ._negated import refused_apart
from ._offered_object import on_offered_object
from ._pipeline.clause_things import thing_words
from ._pipeline.objects import said_words
from ._pipeline.reports import ask_and_reports
from ._pipeline.unasked import split_unasked

if TYPE_CHECKING:
    from ._filter import ToolFilter
    from ._types import ToolSpec

__all__ = ["asked_instead"]

_DECLINES = re.compile(
    rf"^\s*(?:{BARE_NO}|no\s+thanks?\b|不(?:要|用|需要|必)了?(?=\s*[，,。.!！;；—–]))[\s,，。.!！;；—–]*", re.I
)
"""A reply that opens by declining the offer: "no, …", "no thanks, …", "不要，…", "不用了，…"."""


def asked_instead(tool_filter: ToolFilter, reading: Reading, turns: Sequence[Turn]) -> tuple[list[ToolSpec], set[str]]:
    """The destroyers the turn asks instead of the offered act (``_clause_asks``), and the offered ones it refuses.

    Nothing where the assistant offered no destroyer's act, the turn does not decline it (an opening no, or a
    refusal that names its act), or a clause of what it asks besides names no one destroyer's act.
    """
    if reading.kind not in {"request", "correction"} or reading.proposed:
        return [], set()
    offer = offer_sentence(turns, reading.user)
    snapshot = tool_filter.snapshot
    destroyers = [t for i, t in enumerate(snapshot.tools) if snapshot.destructive(i)]
    offered = [t for t in destroyers if offer and names_act(offer, t)]
    text = trimmed(turns[reading.user].text)
    asked, refused = refused_apart(text)
    declined = _DECLINES.match(asked)
    if not offered or not (declined or any(names_act(refused, t) for t in offered)):
        return [], set()
    asked = asked[declined.end() :] if declined else asked
    if not request_is_destructive(split_unasked(asked)[0]):
        return [], set()
    earlier = "\n".join(t.text for t in turns[: reading.user] if t.role in {"user", "assistant"})
    wanted: list[ToolSpec] = []
    for clause in clause_parts(ask_and_reports(asked)[0]):  # "the customer will call about the refund" asks none
        asks = _clause_asks(tool_filter, clause, destroyers, offered, earlier)
        if asks is None:
            return [], set()
        wanted.extend(t for t in asks if t not in wanted)
    if not wanted:
        return [], set()
    return wanted, {t.name for t in offered if t not in wanted and not names_act(asked, t)}


def _clause_asks(
    tool_filter: ToolFilter, clause: str, destroyers: list[ToolSpec], offered: list[ToolSpec], earlier: str
) -> list[ToolSpec] | None:
    """The destroyer whose act ``clause`` says ([] for none); None where it says several or the wrong record's.

    An offered destroyer only on an id ``earlier`` (the conversation) did not name ("另外把 ORD-5522 也取消"). Of
    several, those whose thing the clause names ("delete their account": the account's, not the order note's). The
    clause's ids, else the conversation's, name no other record (``on_offered_object``), unless the clause names
    the destroyer's thing in words ("their account" is not the order the conversation is about).
    """
    new_ids = set(named_ids(clause)) - set(named_ids(earlier))
    said = [t for t in destroyers if names_act(clause, t) and (t not in offered or new_ids)]
    if not said:
        return []
    words = said_words(clause)
    thing = [t for t in said if thing_words(t) & words]
    said = thing if len(said) > 1 and thing else said
    ids_of = clause if named_ids(clause) else f"{earlier}\n{clause}"
    fit = [t for t in said if t in thing or t in on_offered_object(tool_filter, ids_of, [t])]
    return fit if len(fit) == 1 else None
