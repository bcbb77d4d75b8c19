"""An act asked, then refused bare later in the request: the refusal is the last word on it (issue #32 item 12).

"他说多收了会议室的钱，要退款，你觉得呢？先别退，看看明细" relays a refund asked, then says "先别退" (don't refund
yet) and asks for the details: the refund is withdrawn. A refusal that names no record or thing of its own ("先别退",
"don't refund it yet") refuses the act said before it; one said again after it is asked ("先别退了，还是退吧"), and a
refusal with its own object ("别退押金", "don't refund the fee") leaves the act asked on another thing.
"""

from __future__ import annotations

import re

import numpy as np
from numpy.typing import NDArray

from .._hints import names_cut_or_removal, says_its_act_any_way
from .._types import ToolSpec
from .id_shapes import RECORD_NUMBER

__all__ = ["withdrawn_acts"]

_REFUSAL_ZH = set("先别不要用暂时还了吧呢啊哦嗯这那个它他她的们再等一下就")
"""Characters a bare refusal says beside its act ("先别退了", "暂时不要退款"). Not the shared function words
(``FUNCTION_ZH``, ``FUNCTION_EN``): a refusal that says an article, 我 or 给 beside its act ("don't do the refund
yet", "别给我退") is not read as bare."""
_REFUSAL_EN = frozenset(
    {
        "don't",
        "dont",
        "do",
        "not",
        "never",
        "yet",
        "now",
        "just",
        "it",
        "that",
        "this",
        "them",
        "for",
        "please",
        "right",
    }
    | {"away", "wait", "hold", "off", "actually", "though", "after", "all"}
)
_RECORD = re.compile(RECORD_NUMBER)
_CJK = re.compile(r"[\u4e00-\u9fff]")
_WORD = re.compile(r"[A-Za-z][A-Za-z']+")
_CLAUSES = re.compile(r"[，,。；;!！？?\n]")


def _content(refusal: str) -> str | None:
    """The act word a bare ``refusal`` says (beside its function words); None where it names a record or thing.

    Bare: one act word at most in each language ("先别退": 退, "don't refund it yet": refund), no id.
    """
    if _RECORD.search(refusal):
        return None
    chinese = "".join(c for c in _CJK.findall(refusal) if c not in _REFUSAL_ZH)
    english = [w for w in _WORD.findall(refusal.lower()) if w not in _REFUSAL_EN]
    if len(chinese) > 2 or len(english) > 1 or not (chinese or english):
        return None
    return chinese or english[0]


def _says(text: str, word: str, tool: ToolSpec) -> bool:
    """A clause of ``text`` says ``tool``'s act, and ``word``, the refusal's act word, with it."""
    clauses = _CLAUSES.split(text)
    return any(word in c.lower() and (says_its_act_any_way(c, tool) or names_cut_or_removal(c, tool)) for c in clauses)


def withdrawn_acts(text: str, refused: str, tools: list[ToolSpec], destructive: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """One row: the destructive candidates whose act ``text`` says, then refuses bare (a line of ``refused``), last."""
    out = np.zeros_like(destructive)
    for line in (part.strip() for part in refused.splitlines()):
        word = _content(line) if line else None
        at = text.rfind(line) if word else -1
        if word is None or at < 0:
            continue
        before, after = text[:at], text[at + len(line) :]
        if word in after.lower():  # "先别退了，还是退吧": asked again
            continue
        for j, tool in enumerate(tools):
            out[0, j] = out[0, j] or bool(destructive[0, j] and _says(before, word, tool))
    return out
