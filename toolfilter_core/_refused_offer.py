"""A turn that refuses the act the assistant offered and asks another destroy act instead.

"订单 ORD-5521 到哪了" / "昨天已经发货了。需要我帮你取消吗？" / "不用取消，帮我退款" refuses the cancel and asks the
refund: the turn gets the refund's destroyer, never the cancel. As the core's guard lets a destroyer in, the turn
says its act in its own words (``names_act``, either language), its words ask to destroy (not an act's word told as
a thing, ``split_unasked``: "不用取消了，帮我查一下退款政策" asks a read), and the ids it carries,
else the conversation's, do not name another record (``on_offered_object``). An embedder that does not rank the
refund for the Chinese words (``HashingEmbedder``) no longer loses it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ._blank import trimmed
from ._conversation import Turn
from ._conversation_acts import names_act
from ._conversation_objects import named_ids
from ._conversation_read import Reading, offer_sentence
from ._correction_words import BARE_NO
from ._hints import request_is_destructive
from ._negated import refused_apart
from ._offered_object import on_offered_object
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
    """The destroyer the turn asks instead of the offered act (at most one), and the offered destroyers it refuses.

    Nothing where the assistant offered no destroyer's act, the turn does not decline it (an opening no, or a
    refusal that names its act), or what it asks besides names no one other destroyer's act.
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
    wanted = [t for t in destroyers if t not in offered and names_act(asked, t)]
    earlier = "\n".join(t.text for t in turns[: reading.user] if t.role in {"user", "assistant"})
    wanted = on_offered_object(tool_filter, asked if named_ids(asked) else f"{earlier}\n{asked}", wanted)
    if len(wanted) != 1:
        return [], set()
    return wanted, {t.name for t in offered if not names_act(asked, t)}
