"""Cut a request into its asks, so that each part of a many-part request is matched too.

A request such as "看看 worker 最近的日志，然后把它重启" asks for two tools; its one
vector sits between them and may be close to neither. Each ask embedded on its own is
close to the tool it asks for. The cut is deliberately plain: Chinese and English clause
punctuation, a sentence end, numbered steps and bullets, and the words people join asks
with ("and", "then", "also", "plus"; 然后、顺便、并、再、还有、同时、另外). Fragments shorter
than a minimum are dropped (they carry too little meaning to embed alone), and "and"
between two nouns ("apples and pears") leaves a fragment too short to count. A paste's
lead-in ("Log below:", "日志如下：", "see the trace:", "here is the error output") is no
ask (``is_lead_in``): the ask is the sentence before it. Nor is a self-introduction ("I'm Tom
Weber", "我是王先生", ``is_introduction``): it says who asks, not what for.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from ._ask import is_sign_off
from ._hints import is_destroy_word

__all__ = ["clause_parts", "is_greeting", "is_introduction", "is_lead_in", "split_clauses"]

MAX_ASKS = 4
"""At most this many asks are read from one request: its first two and last two (a message of
more parts is prose around an ask at its start or end, and each ask costs an embedding and a
search)."""

MIN_CLAUSE_CHARS = 8
"""An ask shorter than this (a CJK character counting twice) is not matched on its own: it
carries too little meaning to embed alone ("apples", "ok then"); once the ``min_clause_chars``
setting."""

CLAUSE_MAX_TOOLS = 5000
"""Registries of more tools than this match the whole request only: each ask costs one more
embedding and one more search over every tool (at 50,000 tools about 5 and 6 ms an ask, which
would break the 20 ms budget of docs/scaling.md); once the ``clause_max_tools`` setting."""

# Clause punctuation (full- and half-width), a comma or full stop followed by a space
# (not the dot of a file name or a version), a numbered step or a bullet, and connectives.
_BOUNDARY = re.compile(
    r"[，。；;！？!?\n]|[,.]\s"
    r"|(?:^|\s)(?:\d{1,2}|[a-e])[.)、]\s*(?=\D)|(?:^|\s)[-*•·]\s"
    r"|然后|顺便|顺带|并且|接着|还有|同时|另外|之后再|完了再"
    r"|(?<![合归兼])并(?![不没发非行列购])|(?<![不一])再(?![次见说也])"
    r"|\s(?:and then|and also|and|then|also|plus|after that|afterwards|as well as|while you're at it)\s",
    re.IGNORECASE | re.MULTILINE,
)
_WIDE = re.compile(r"[\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]")
_HAN = re.compile(r"[\u4e00-\u9fff]")


def split_clauses(text: str, min_chars: int = MIN_CLAUSE_CHARS) -> list[str]:
    """The asks of ``text`` of at least ``min_chars`` characters; [] if it has fewer than two.

    A Chinese, Japanese or Korean character counts twice (one says as much as a short word).

    >>> split_clauses("看一下 worker 最近的日志，然后把它停了重新拉起来", 4)
    ['看一下 worker 最近的日志', '把它停了重新拉起来']
    >>> split_clauses("close PROJ-12 and post a note in #ops", 8)
    ['close PROJ-12', 'post a note in #ops']
    >>> split_clauses("restart nginx", 4)
    []
    """
    parts = clause_parts(text)
    clauses = [
        p
        for p in parts
        if _size(p) >= min_chars and not is_lead_in(p) and not is_introduction(p) and not is_greeting(p)
    ]
    if len(clauses) > MAX_ASKS:
        clauses = clauses[: MAX_ASKS // 2] + clauses[-(MAX_ASKS // 2) :]
    return clauses if len(clauses) > 1 else []


def clause_parts(text: str) -> list[str]:
    """Every part of ``text`` between clause boundaries, short ones and empty ones too."""
    return [p.strip(" \t,，、") for p in _cut(text)]


_LEAD_IN_EN = frozenset(
    "here here's heres is are was the a an my our this that these it i we got see below above following "
    "attached follows as pasted paste full whole log logs trace traceback stack stacktrace error errors "
    "output message messages dump details response result results and of".split()
)
"""The words a paste's lead-in is made of, and nothing else ("here is the full error output")."""
_POINTERS_EN = frozenset("here here's heres below above following attached follows pasted".split())
"""The words of a lead-in that point at the paste; without one, a lead-in ends with a colon ("see the trace:")."""
_LEAD_IN_ZH = re.compile(
    r"下面是|以下是|这是|如下|见下|附上|贴上|贴在下面|在下面|请看|完整的|报错信息|错误信息|错误输出|日志|报错|错误|输出|堆栈|记录|的"
)
_POINTERS_ZH = re.compile(r"如下|下面|以下|附上|贴上|见下")
"""请看 points only with a colon: "请看日志" (look at the log) asks."""
_LEAD_IN_LEFT = re.compile(r"[\s,，.。…'’-]+")


def is_lead_in(clause: str) -> bool:
    """``clause`` only introduces what follows ("Log below:", "日志如下：", "here is the error output").

    It says lead-in words alone (``_LEAD_IN_EN``, ``_LEAD_IN_ZH``) and points at the paste
    ("below", "here", 如下...) or ends with a colon; "check the log below" asks.

    >>> is_lead_in("Log below:"), is_lead_in("日志如下："), is_lead_in("check the log below")
    (True, True, False)
    """
    text = clause.strip()
    colon = text.endswith((":", "："))
    text = text.rstrip(":： ")
    words = re.findall(r"[A-Za-z][A-Za-z']*", text.lower())
    rest = _LEAD_IN_LEFT.sub("", _LEAD_IN_ZH.sub("", re.sub(r"[A-Za-z][A-Za-z']*", "", text)))
    if rest or not text or any(w not in _LEAD_IN_EN for w in words):
        return False
    return colon or bool(_POINTERS_EN.intersection(words)) or bool(_POINTERS_ZH.search(text))


_NAME_EN = r"(?:[A-Z][a-z'-]*\.?|[A-Z]{1,3}\.?)"
"""A capitalised name word ("Tom", "O'Neil", "J."); not an all-caps word ("URGENT") or an id ("INV-3002")."""
_INTRO_EN = re.compile(
    r"(?:(?:[Hh]i|[Hh]ello|[Hh]ey)[,!]?\s+)?(?:I'?m|I am|i'?m|[Tt]his is|[Mm]y name is)\s+"
    rf"{_NAME_EN}(?:\s+{_NAME_EN}){{0,2}}(?:\s+(?:from|at|of)(?:\s+(?:the\s+)?[A-Z][\w'&.-]*){{1,4}})?\s*[.!]?"
)
_INTRO_ZH = re.compile(
    r"(?:你好|您好)?[，,]?(?:我是|我叫)"
    r"(?:[\u4e00-\u9fff](?:先生|女士|小姐|老师|经理|总)|[\u4e00-\u9fff]{2,3})[。.!！]?"
)
_NOT_A_NAME_ZH = re.compile(r"[要想来去把给在了吗呢吧不没有会能可让请帮取消退删订租修查看问找办停开关换改]")
"""Characters of a verb or function word: "我是要退款", "我叫停" say no name."""


def is_introduction(clause: str) -> bool:
    """``clause`` only says who writes ("I'm Tom Weber", "this is Anna from Acme", "我是王先生"): no ask.

    The name is one to three capitalised words in English ("I'm locked out" asks), then perhaps
    "from/at/of" and one to four capitalised words; in Chinese, two or three characters, or one and
    a title, none of a verb or function word ("我是要退款" asks).

    >>> is_introduction("I'm Tom Weber"), is_introduction("我是王先生"), is_introduction("I'm locked out")
    (True, True, False)
    """
    text = clause.strip()
    if _INTRO_EN.fullmatch(text):
        return True
    found = _INTRO_ZH.fullmatch(text)
    return bool(found) and not _NOT_A_NAME_ZH.search(re.sub(r"^.*?(?:我是|我叫)", "", text))


_HELLO_EN = r"(?i:hi|hello|hey|dear|howdy|greetings|good (?:morning|afternoon|evening|night|day)|morning|evening)"
"""The words that greet in English; "good morning", "morning", "howdy", "greetings", e.g.
"good morning everyone", "morning all" (a day's greeting alone got tools)."""
_GREETING_EN = re.compile(
    rf"{_HELLO_EN}(?:\s+(?:[A-Z][A-Za-z.'-]*|(?i:there|all|everyone|everybody|folks|guys|y'all|sir|madam)))?"
    rf"|{_HELLO_EN}(?:\s+[A-Za-z][A-Za-z.'-]*){{0,2}}\s+(?i:team|support|staff|desk|folks|friends)"
    rf"|{_HELLO_EN}(?:\s+[A-Z][A-Za-z.'-]*){{2,3}}"
)
"""A greeting and whom it greets ("Hi pharmacy team", "Dear Dr. Chen", "Hey there"): capitalised words or
an addressee word, no digit ("hey cancel my order" asks)."""
_HELLO_ZH = r"(?:你好|您好|大家好|早上好|上午好|中午好|下午好|晚上好|早安|午安|晚安|在吗|在不在)"
"""The words that greet in Chinese; the day's greetings (早上好, 晚安) and 在吗, e.g. "早上好",
"大家早上好", "你好，在吗"."""
_GREETING_ZH = re.compile(
    rf"{_HELLO_ZH}\s*([^\s，,。！!]{{0,6}})[，,。！!]?|([^\s，,。！!]{{0,6}})\s*{_HELLO_ZH}[，,。！!？?]?"
)
_SIGN_OFF_WORDS = 3
"""A sign-off clause has at most this many words ("Thanks a lot"; "Best hotels near the old town" asks)."""
_SIGN_OFF_ZH = re.compile(
    r"(?:(?:非常|十分|万分|多)?(?:谢谢|感谢|多谢)(?:你|您|大家|各位)?(?:了|啦|哈|哦|呀)?)?(?:(?:大家|各位|你|您)?辛苦(?:了|啦)?)?"
    r"|此致(?:敬礼)?|祝好|敬礼|顺祝商祺"
)
"""A Chinese sign-off, the whole clause ("谢谢", "非常感谢您", "此致敬礼"): Chinese has no spaces to count words by,
"谢谢帮我取消订单" asks."""


def is_greeting(clause: str) -> bool:
    """``clause`` only greets or signs off ("Hi pharmacy team", "您好 王医生", "Thanks", "此致"): no ask.

    A greeting (Hi, Hello, Hey, Dear; 你好, 您好) and whom it greets: up to three words of letters
    ("hi, can you cancel order 5" is cut at the comma first), two to six characters none of a verb or
    function word (``_NOT_A_NAME_ZH``: "你好，请帮我查" asks). A sign-off: ``_ask.is_sign_off``, in at
    most ``_SIGN_OFF_WORDS`` words; in Chinese the whole clause (``_SIGN_OFF_ZH``). A destroy verb is no word of
    whom ("Hi Delete It", "Thanks cancel it" ask). The clause stays in the text that is scored.

    >>> is_greeting("Hi pharmacy team"), is_greeting("王医生您好"), is_greeting("Thanks, Li")
    (True, True, True)
    >>> is_greeting("hey cancel order 5"), is_greeting("hi delete it"), is_greeting("你好，请帮我查")
    (False, False, False)
    """
    text = clause.strip().rstrip(",!:")
    if any(is_destroy_word(w) for w in text.split()[1:]):
        return False  # "Hi Delete It", "Thanks cancel it": a destroy verb is no addressee
    if _GREETING_EN.fullmatch(text):
        return True
    found = _GREETING_ZH.fullmatch(text)
    if found and not _NOT_A_NAME_ZH.search(found.group(1) or found.group(2) or ""):
        return True
    if _HAN.search(text):
        return _SIGN_OFF_ZH.fullmatch(text.rstrip("。.!！~～ ")) is not None
    return is_sign_off(text) and len(text.split()) <= _SIGN_OFF_WORDS


def _size(text: str) -> int:
    """Characters, a wide (CJK) one counting twice."""
    return len(text) + len(_WIDE.findall(text))


_ASIDE = re.compile(r"\([^()]*\)|（[^（）]*）")


def _cut(text: str) -> list[str]:
    """``text`` cut at every boundary outside brackets ("(exported, drop the id)" is one aside)."""
    asides = [m.span() for m in _ASIDE.finditer(text)]  # in order, not overlapping
    starts = [a for a, _ in asides]
    parts, start = [], 0
    for m in _BOUNDARY.finditer(text):
        at = bisect_right(starts, m.start()) - 1  # the last aside opening at or before the boundary
        if at >= 0 and m.start() < asides[at][1]:
            continue
        parts.append(text[start : m.start()])
        start = m.end()
    parts.append(text[start:])
    return parts
