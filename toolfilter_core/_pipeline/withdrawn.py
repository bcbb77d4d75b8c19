"""An act asked, then refused bare later in the request: the refusal is the last word on it.

"他说多收了会议室的钱，要退款，你觉得呢？先别退，看看明细" relays a refund asked, then says "先别退" (don't refund
yet) and asks for the details: the refund is withdrawn. A refusal that names no record or thing of its own ("先别退",
"don't refund it yet") refuses the act its word says where it was said before, that act's tools alone ("cancel ORD-1
and refund it. no wait, don't refund" leaves the cancel); one said again after it is asked ("先别退了，还是退吧"), not
a word that holds the refusal's ("看看退货政策", "check the refunds policy"), and a refusal with its own object ("别退
押金", "don't refund the fee") leaves the act asked on another thing. A refusal with no act word that closes the
request ("cancel ORD-1. don't, wait") withdraws the acts said before it. A closing bare "no" ("cancel ORD-1. no no")
is emphasis: it withdraws only beside a negated verb, "wait" or "actually" ("cancel ORD-1. no, don't", "no wait"), or
after a question it answers ("refund ORD-1? no"); an act said after it is read by the readers of refusals and
corrections.
"""

from __future__ import annotations

import re

import numpy as np
from numpy.typing import NDArray

from .._hints import names_cut_or_removal, request_is_destructive, says_its_act_any_way
from .._negated import refused_apart, says_a_negation
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
        "no",
        "away",
        "wait",
        "hold",
        "off",
        "actually",
        "though",
        "after",
        "all",
    }
)
_RECORD = re.compile(RECORD_NUMBER)
_CJK = re.compile(r"[\u4e00-\u9fff]")
_WORD = re.compile(r"[A-Za-z][A-Za-z']+")
_BARE_NO_EN = re.compile(r"\b(?:no|nope)\b(?!['’-]\w)", re.I)
"""A bare English "no", emphasis where doubled and nothing else closes the request (``_closing_refusal``)."""
_TAKES_BACK_EN = re.compile(r"\b(?:wait|actually)\b", re.I)
_CLAUSES = re.compile(r"[，,。；;!！？?\n]|\.(?=\s|$)")
_ENGLISH_AT = r"[\w'’-]*{}[\w'’-]*"
"""The English word a refusal's act word is said in, at one place ("refunded", "refunds")."""
_HAN_AT = r"[\u4e00-\u9fff]?{}[\u4e00-\u9fff]?"
"""A Chinese act word with a character either side, at one place ("要退款" of 退, "退货政" of 退)."""


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


def _function_only(clause: str) -> bool:
    """``clause`` says function words alone (``_REFUSAL_ZH``, ``_REFUSAL_EN``): no act word, no id."""
    chinese = [c for c in _CJK.findall(clause) if c not in _REFUSAL_ZH]
    english = [w for w in _WORD.findall(clause.lower()) if w not in _REFUSAL_EN]
    return not (chinese or english or _RECORD.search(clause))


def _said_at(clause: str, word: str) -> list[str]:
    """The words ``clause`` says ``word`` in, one per place (``_ENGLISH_AT``, ``_HAN_AT``)."""
    around = _HAN_AT if _CJK.match(word) else _ENGLISH_AT
    return [m.group() for m in re.finditer(around.format(re.escape(word)), clause, re.I)]


def _says(clause: str, word: str, tool: ToolSpec) -> bool:
    """``clause`` says ``tool``'s act by ``word``, the refusal's act word, at one of its places.

    "cancel ORD-1 and refund it" says ``refund_order``'s act by "refund"; not ``cancel_order``'s, though the clause
    says "cancel" too. "要退款" says the refund by 退 (in 退款).
    """
    return any(says_its_act_any_way(w, tool) or names_cut_or_removal(w, tool) for w in _said_at(clause, word))


def _said_bare(clause: str, word: str) -> bool:
    """``clause`` says ``word``, a Chinese act word, as a word of its own: before no character of another word.

    "还是退吧" of 退 (a function character after it, ``_REFUSAL_ZH``); not "退货" (returns).
    """
    after = rf"(?:$|[^\u4e00-\u9fff]|[{''.join(sorted(_REFUSAL_ZH))}])"
    return bool(_CJK.match(word)) and re.search(re.escape(word) + after, clause) is not None


def _refusal_undone(after: str, word: str, tool: ToolSpec) -> bool:
    """A clause of ``after`` that refuses nothing asks ``tool``'s act again by ``word``.

    "还是退吧", "ok refund it after all"; not "看看退货政策" nor "check the refunds policy" (the word inside another).
    """
    for clause in _CLAUSES.split(after):
        if refused_apart(clause)[1] or word not in clause.lower():
            continue
        if _said_bare(clause, word) or (request_is_destructive(clause) and _says(clause, word, tool)):
            return True
    return False


def _closing_refusal(text: str) -> int | None:
    """Where a bare refusal that closes ``text`` starts: clauses of function words alone with a negation in them.

    "cancel ORD-1. don't, wait", "取消 ORD-1，先别", "cancel ORD-1. no wait"; None where none closes it, and where the
    negation is a doubled bare "no" alone ("cancel ORD-1. no no": emphasis), with no negated verb, "wait" nor
    "actually", and answering no question ("refund ORD-1? no" withdraws it). A lone closing "No." withdraws the act:
    for a destroyer the safer reading.
    """
    parts = list(_CLAUSES.finditer(text))
    starts = [0, *(m.end() for m in parts)]
    at = None
    for start, end in zip(reversed(starts), reversed([*(m.start() for m in parts), len(text)]), strict=True):
        if not _function_only(text[start:end]):
            break
        at = start
    closing = text[at:] if at else ""
    if not says_a_negation(closing):
        return None
    answered = text[:at].rstrip().endswith(("?", "？"))  # "refund ORD-1? no": the no answers the question
    doubled = len(_BARE_NO_EN.findall(closing)) > 1  # "no no", "no, no": emphasis; a lone "No." takes the act back
    taken_back = not doubled or _TAKES_BACK_EN.search(closing) or says_a_negation(_BARE_NO_EN.sub(" ", closing))
    return at if answered or taken_back else None


def withdrawn_acts(text: str, refused: str, tools: list[ToolSpec], destructive: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """One row: the destructive candidates whose act ``text`` says, then refuses bare (a line of ``refused``), last.

    And those whose act ``text`` says before a bare refusal with no act word that closes it (``_closing_refusal``).
    """
    out = np.zeros_like(destructive)
    for line in (part.strip() for part in refused.splitlines()):
        word = _content(line) if line else None
        at = text.rfind(line) if word else -1
        if word is None or at < 0:
            continue
        before, after = _CLAUSES.split(text[:at]), text[at + len(line) :]
        for j, tool in enumerate(tools):
            held = any(_says(c, word, tool) for c in before) and not _refusal_undone(after, word, tool)
            out[0, j] = out[0, j] or bool(destructive[0, j] and held)
    closing = _closing_refusal(text)
    if closing is not None:
        for j, tool in enumerate(tools):
            said = says_its_act_any_way(text[:closing], tool) or names_cut_or_removal(text[:closing], tool)
            out[0, j] = out[0, j] or bool(destructive[0, j] and said)
    return out
