"""Two tools one's description says are the same (issue #32 item 6): evidence no embedder can miss.

"Same as X", "returns the same rows as X", "alias of X", "deprecated, use X", "like X but ...";
in Chinese 同X, 与X相同, X的别名. A sentence that says a difference ("Does NOT refund the deposit —
use deposit_refund") is the opposite: not the same, though the two may be close. A sentence
negated before the name ("not the same as X") says nothing here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .._types import ToolSpec

__all__ = ["said_same"]

_SENTENCE = re.compile(r"(?<=[.!?。！？；;])\s*|\n+")
_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]*")
_BEFORE = re.compile(
    r"(?:\bsame(?:\s+\w+){0,3}\s+as|\balias\s+(?:of|for)|\blike|(?<!不)同|[与和跟])\s*$|\buse\s*$", re.I
)
"""What comes right before the other tool's name: "same (rows) as", "alias of", "like", 同, 与 (and ``use``)."""
_AFTER = re.compile(r"^\s*(?:,?\s*but\b|相同|一样|等同)", re.I)
_ALIAS_AFTER = re.compile(r"^\s*的别名")
"""X的别名: the name before the word."""
_NEEDS_AFTER = re.compile(r"(?:\blike|[与和跟])\s*$", re.I)
"""Before-words that say "the same" only with what follows: "like X but", "与X相同"."""
_DEPRECATED = re.compile(r"\bdeprecated\b|\blegacy\b|\bobsolete\b|已废弃|已弃用|旧版", re.I)
_NEGATED = re.compile(r"\bnot\b|n't\b|\bnever\b|\bno longer\b|不是|并非|不再|不要|不能|不会|而不是", re.I)


def said_same(tools: Sequence[ToolSpec]) -> dict[tuple[int, int], str]:
    """Per ``(i, j)``: the sentence of tool ``i``'s description that says it does the same as tool ``j``.

    ``use X`` counts only in a description that says it is deprecated (legacy, obsolete; 已废弃).
    """
    index = {t.name: i for i, t in enumerate(tools)}
    out: dict[tuple[int, int], str] = {}
    for i, tool in enumerate(tools):
        old = bool(_DEPRECATED.search(tool.description))
        for sentence in _SENTENCE.split(tool.description):
            for match in _NAME.finditer(sentence):
                j = index.get(match.group().rstrip("-"))
                if j is None or j == i or (i, j) in out:
                    continue
                if _says_same(sentence[: match.start()], sentence[match.end() :], old=old):
                    out[(i, j)] = sentence.strip()
    return out


def _says_same(before: str, after: str, *, old: bool) -> bool:
    """The words around a name say the same act: not negated before it, and the before (and after) words."""
    if _NEGATED.search(before):
        return False
    said = _BEFORE.search(before)
    if said is None:
        return bool(_ALIAS_AFTER.search(after))
    if said.group().strip().lower() == "use":
        return old
    return not _NEEDS_AFTER.search(before) or bool(_AFTER.search(after))
