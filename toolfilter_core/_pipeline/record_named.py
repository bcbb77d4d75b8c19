"""A request that names one of the registry's records is never "no tool needed" by the evidence.

The no-tool evidence (``abstain.abstain_score``) reads a request's words as a whole: "How's MJ-204 coming along?"
sits near "hi, how are you?", "Does Mr Ito have a dog?" near a request to name a puppy. Yet each names a record
no model knows and a tool reads: an id of a shape some tool takes (the registry's own words give the prefix:
"Job id such as MJ-204"), or a person by title and surname ("Mr Ito", "Mrs Brown", "张女士", "王先生"), the way
a business names its customers. Such a request is served as usual (it may still be social, or the model's own
words: those readings come first), like one carrying a value of a kind some tool takes (a path, a URL).
"""

from __future__ import annotations

import re

from .._snapshot import Snapshot
from .id_shapes import id_prefixes, id_shapes

__all__ = ["record_named"]

_TITLED_EN = re.compile(r"\b(?:Mr|Mrs|Ms|Miss|Mx|Dr)\.? [A-Z][a-z]+(?:-[A-Z][a-z]+)?\b")
"""A person by English title and surname ("Mr Ito", "Mrs. Brown", "Dr Patel"); the surname capitalised."""
_TITLED_ZH = re.compile(r"(?<![这那每该此一位个名])[\u4e00-\u9fff](?:先生|女士|小姐|太太|阿姨)")
"""A person by surname and title in Chinese ("张女士", "王先生", "李阿姨"); not "这位先生", "一位女士".
Written from the cases of the four probe registries (a wedding planner, tutoring, a car wash, home cleaning)."""


def record_named(snapshot: Snapshot, text: str) -> str | None:
    """What in ``text`` names a record: an id whose prefix some tool takes, or a person by title; None if nothing.

    >>> _TITLED_EN.search("Does Mr Ito have a dog?").group(0), _TITLED_ZH.search("张女士的账单付了没").group(0)
    ('Mr Ito', '张女士')
    >>> _TITLED_EN.search("mr fixit tips"), _TITLED_ZH.search("这位先生要什么")
    (None, None)
    """
    said = id_prefixes(text)
    if said and said & id_shapes(snapshot).described:
        return "id"
    if _TITLED_EN.search(text) or _TITLED_ZH.search(text):
        return "person"
    return None
