"""Two tools one's description says are the same: evidence no embedder can miss.

"Same as X", "returns the same rows as X", "alias of X", "deprecated, use X"; in Chinese 同X,
与X相同, X的别名. A sentence that says a difference ("Does NOT refund the deposit — use
deposit_refund", "like X but for returns") is the opposite: not the same, though the two may be
close. A sentence negated before the name ("not the same as X") says nothing here, nor one that
shares an interface ("the same fields as X"), nor 同X配合使用 (同 as "with").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .._types import ToolSpec

__all__ = ["said_same"]

_SENTENCE = re.compile(r"(?<=[.!?。！？；;])\s*|\n+")
_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]*")
_BEFORE = re.compile(r"(?:\bsame(?:\s+\w+){0,3}\s+as|\balias\s+(?:of|for)|(?<!不)同|[与和跟])\s*$|\buse\s*$", re.I)
"""What comes right before the other tool's name: "same (rows) as", "alias of", 同, 与 (and ``use``)."""
_INTERFACE = re.compile(r"\b(?:parameter|argument|filter|field|input|schema|format|option|column|shape)s?\b", re.I)
"""In "the same ... as": words of an interface shared ("the same filters as X"), not of one act."""
_AFTER = re.compile(r"^\s*(?:相同|一样|等同)")
_ALIAS_AFTER = re.compile(r"^\s*的别名")
"""X的别名: the name before the word."""
_NEEDS_AFTER = re.compile(r"[与和跟]\s*$")
"""Before-words that say "the same" only with what follows: "与X相同"."""
_WITH = re.compile(r"^\s*(?:配合|一起|搭配|结合)")
"""同X配合使用: 同 as "with"."""
_SAME_BUT = re.compile(r"^\s*一样.*但")
"""和X一样返回分页结果，但只查退货: the same in one thing, but another act."""
_OLD = re.compile(
    r"(?:this\s+(?:\w+\s+){0,2}is\s+(?:now\s+)?)?(?:deprecated|legacy|obsolete|已废弃|已弃用|旧版)"
    r"[\W_]*(?:(?:please|instead)\b[\W_]*)?",
    re.I,
)
"""The description itself deprecated, right before ``use X``: "Deprecated, use X", "Legacy; use X"."""
_NEGATED = re.compile(r"\bnot\b|n't\b|\bnever\b|\bno longer\b|不是|并非|不再|不要|不能|不会|而不是", re.I)


def said_same(tools: Sequence[ToolSpec]) -> dict[tuple[int, int], str]:
    """Per ``(i, j)``: the sentence of tool ``i``'s description that says it does the same as tool ``j``.

    ``use X`` counts only right after words that say the tool is deprecated (legacy, obsolete;
    已废弃), in its sentence ("Deprecated, use X") or as the whole sentence before ("Legacy; use X").
    """
    index = {t.name: i for i, t in enumerate(tools)}
    out: dict[tuple[int, int], str] = {}
    for i, tool in enumerate(tools):
        prior = ""
        for sentence in _SENTENCE.split(tool.description):
            for match in _NAME.finditer(sentence):
                j = index.get(match.group().rstrip("-"))
                if j is None or j == i or (i, j) in out:
                    continue
                if _says_same(sentence[: match.start()], sentence[match.end() :], prior=prior):
                    out[(i, j)] = sentence.strip()
            prior = sentence if sentence.strip() else prior
    return out


def _says_same(before: str, after: str, *, prior: str) -> bool:
    """The words around a name say the same act: not negated before it, and the before (and after) words."""
    if _NEGATED.search(before):
        return False
    said = _BEFORE.search(before)
    if said is None:
        return bool(_ALIAS_AFTER.search(after))
    word = said.group().strip().lower()
    if word == "use":
        lead = before[: said.start()].strip()
        return bool(_OLD.fullmatch(lead or prior.strip()))
    if word.startswith("same"):
        return not _INTERFACE.search(word)
    if _WITH.search(after) or _SAME_BUT.search(after):
        return False
    return not _NEEDS_AFTER.search(before) or bool(_AFTER.search(after))
