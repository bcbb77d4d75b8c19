"""Whether a person a request names is the thing its destroy clause acts on, not only who speaks or is served.

"Patient P-2231 asked us to delete her record and cancel appointment A-5521": the patient asks, and her record is
what the first clause deletes. "帮客户 C-1188 把账号删了，顺便退 ORD-77 的款": the customer's account is deleted. So a
person is the act's thing where the person's own clause says a destroy word and names no record of another (no id
but the person's), and the person carries an id or the clause a possessive (her record, 他的账号).
"""

from __future__ import annotations

import re

from .._hints import destroy_verbs_said, is_destroy_word
from .id_shapes import ID_TOKEN

__all__ = ["acted_on"]

_CLAUSE_END = re.compile(r"[，,。；;:：!！？?\n]|\b(?:and|then|but)\b|(?<!合)并且?|然后|顺便", re.I)
"""Where a clause ends: a clause mark or a word that joins another act ("… her record and cancel …", "，顺便退")."""
_ID = re.compile(ID_TOKEN)
_POSSESSIVE = re.compile(r"\b(?:her|his|their)\b|[他她]们?的", re.I)
_WORDS = re.compile(r"[A-Za-z]+|[\u4e00-\u9fff]+")


def acted_on(text: str, start: int, end: int) -> bool:
    """Whether the person at ``text[start:end]`` is what a destroy word in the person's own clause acts on."""
    before = [m.end() for m in _CLAUSE_END.finditer(text, 0, start)]
    after = _CLAUSE_END.search(text, end)
    clause_start, clause_end = (before[-1] if before else 0), (after.start() if after else len(text))
    rest = text[clause_start:start] + " " + text[end:clause_end]
    if not _destroys(rest) or _ID.search(rest):
        return False
    return bool(_ID.search(text, start, end)) or bool(_POSSESSIVE.search(rest))


def _destroys(clause: str) -> bool:
    """Whether ``clause`` says a destroy word (English or Chinese: "delete", "deleted", "删了", "注销")."""
    return bool(destroy_verbs_said(clause)) or any(is_destroy_word(w) for w in _WORDS.findall(clause))
