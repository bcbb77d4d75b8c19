"""The people a request names as who speaks, wants, confirms or is served: none of them is the thing acted on.

"Customer C-1188 wants ORD-5521 cancelled", "The customer says cancel ORD-5521", "Cancel ORD-5521 when the customer
calls back", "Cancel ORD-5521 for customer C-1188": the order is the thing; the customer (and the customer's id) is
who wants it, is waited on or is served. ``speakers_apart`` blanks them (and the Chinese ones, ``zh_speakers``) where
the guard reads the ask, so no reader takes them for the record to destroy.
"""

from __future__ import annotations

import re

from .acted_on import acted_on
from .id_shapes import ID_OR_NUMBER
from .zh_speakers import without_speakers

__all__ = ["speakers_apart"]

_ROLE = (
    r"(?:customer|client|guest|renter|driver|caller|passenger|user|member|tenant|patient|parent|resident|holder"
    r"|buyer|owner|student|homeowner)s?"
)
_PERSON = rf"(?:(?:the|this|that|our|my|a|one)\s+)?{_ROLE}(?:\s+(?:#\s*)?{ID_OR_NUMBER})?"
_DOES = (
    r"(?:says?|said|wants?|wanted|would\s+like|['’]d\s+like|asks?|asked|is\s+asking|has\s+asked|confirm(?:s|ed)?"
    r"|calls?|called|request(?:s|ed)|told|tells|decided|changed|cancell?ed|no\s+longer)\b"
)
_SPEAKS = re.compile(rf"\b(?P<who>{_PERSON})\s+{_DOES}", re.I)
"""A person who speaks, wants, asks or confirms: "Customer C-1188 wants …", "the customer says …"."""
_WAITED = re.compile(rf"\b(?:when|once|after|until|before|if)\s+(?P<who>{_PERSON})\b", re.I)
"""A person waited on: "… when the customer calls back"."""
_SERVED = re.compile(rf"\bfor\s+(?P<who>{_PERSON})\b", re.I)
"""A person an act is done for: "cancel ORD-5521 for customer C-1188" (only where another id is the act's)."""
_ID = re.compile(ID_OR_NUMBER)


def speakers_apart(text: str) -> str:
    """``text`` with the people who speak, want, are waited on or served blanked (spaces: its length holds).

    A person served ("for customer C-1188") only where the request carries an id outside that phrase: "delete all
    data for customer C-1188" acts on the customer; none whose own clause destroys the person's thing (``acted_on``:
    "Patient P-2231 asked us to delete her record").
    """
    out = list(without_speakers(text))
    spans = [m.span("who") for pattern in (_SPEAKS, _WAITED) for m in pattern.finditer(text)]
    for served in _SERVED.finditer(text):
        start, end = served.span("who")
        if _ID.search(text[:start] + " " + text[end:]):
            spans.append((start, end))
    for start, end in spans:
        if acted_on(text, start, end):
            continue
        out[start:end] = " " * (end - start)
    return "".join(out)
