"""Whether a request asks about an act's state rather than for the act, by its form alone.

"is invoice INV-1 void?", "did we already cancel Thursday's class?", "has Maria's refund gone
through?", "周五晚上的法语课还上吗", "取消了吗", "退了没有" name a destructive act, but ask
whether it happened, what it costs or whether a thing still stands: a read. "can you cancel
booking TA-20417?", "could you void INV-1 please?", "能帮我把周三的课取消吗", "would you mind
withdrawing the visa application?" are questions in form that ask for the act.

``about_state``: some clause is a question (ends with a question mark, opens with an
auxiliary or a question word, ends with 吗 / 没有 / 呢, holds 什么 / 多少 / 是否...), the
request says no request marker (``can you``, ``could someone``, ``please``, ``I'd like to``, ``帮我``, ``请``,
``麻烦``, ``...好吗``, ``一下``; an offer to do it, "shall I...", "要我...吗") and no clause
is a command (one that opens with a
destructive verb, "cancel it", or a Chinese one that says a destructive verb and is no
question, "如果没有就取消掉"; not a condition that holds the act, "如果我取消了预约").
Such a request asks for no destructive act, whatever its words, act phrases or profile neighbours
say (``decide.asked_to_destroy``). Chosen by ``benchmarks/choose_state_questions.py`` on the dev
registries, each left out in turn.
"""

from __future__ import annotations

import re

from .._hints import ASKS_ZH as _ASKS_ZH
from .._hints import QUESTION_ZH as _QUESTION_ZH
from .._hints import asks_money_back_zh, request_is_destructive

__all__ = ["OWN_WORDS", "STATE_QUESTIONS", "about_state", "says_request_marker", "words_ask_nothing"]

STATE_QUESTIONS = True
"""A question about an act's state (``about_state``) asks for no destructive act. Chosen by
``benchmarks/choose_state_questions.py``."""

OWN_WORDS = True
"""Such a question says no destructive tool's own verb ("is INV-1 void?" for ``invoice_void``) nor
its users' words as an ask either (``decide.says_acts``, ``decide.says_users_words``): off, those
unlock the tool wherever it ranks. Chosen by ``benchmarks/choose_state_questions.py``."""

_CLAUSES = re.compile(
    r"(?<=[?？!！。;；\n])|[，、：]|[.,:]\s|\s[-–—]+\s|\s+(?:and|then|if not|otherwise|or else)\s+", re.I
)
_ASKS_EN = re.compile(
    r"\b(?:(?:can|could|would|will|wo?n'?t)\s+(?:you|u|ya|some(?:one|body))|would you mind|"
    r"do you mind|mind\s+\w+ing|"
    r"you (?:can|could)|please|pls|plz|kindly|(?:i|we)\s*(?:'d|would) like|(?:i|we) (?:want|need|wanna)|"
    r"want you to|need you to|(?:do|would) you (?:want|like) me to|"
    r"want me to|let'?s|go ahead|help me|(?:can|could|may|shall) (?:i|we)|"
    r"how (?:do|can|could|would|should) (?:i|we)|(?:is it|it's) possible to|is there a way to)\b",
    re.I,
)
_QUESTION_EN = re.compile(
    r"^(?:is|are|was|were|am|isn'?t|aren'?t|wasn'?t|did|didn'?t|does|doesn'?t|do (?:i|we|you|they)|has|hasn'?t|"
    r"have|haven'?t|had|will|would|should|shall|can|could|may|might|what|what'?s|whats|when|where|which|"
    r"who|whose|why|how|whether|any)\b",
    re.I,
)
_WHAT_THEN_ZH = re.compile(r"(?:怎么样|会怎样|怎么办)\s*[~～。.!！]*$")
"""A clause that closes by asking what follows ("如果我取消了预约，会怎么样"), its question mark left out."""
_FILLER = re.compile(r"^(?:(?:ok(?:ay)?|so|and|then|just|also|now|hey|oh|hi|yes|yeah|ah|um|well)\b[\s,]*)+", re.I)
_COMMAND_EN = re.compile(
    r"^(?:cancel|delete|remove|drop|kill|wipe|purge|erase|destroy|terminate|revoke|void|refund|withdraw|undo|"
    r"unfollow|unsubscribe|archive|clear|flush|reset|reboot|restart|restore|stop|shut|nuke|trash|scrap|nix|"
    r"ban|evict|uninstall|deactivate|disable|discard|get rid|close (?:it|them|that|this|my|the|our|his|her|their))\b",
    re.I,
)
"""A clause that opens with a destructive verb tells the act ("cancel it"); "close" with its object ("close it", "close
my account": "can I close my account online or do I need to come in? Either way, close it.")."""
_HAN = re.compile(r"[\u4e00-\u9fff]")


def _clauses(text: str) -> list[str]:
    """The request's clauses, fillers ("ok, so, just") stripped from their openings."""
    text = text.replace("’", "'")
    return [c for c in (_FILLER.sub("", p.strip(" \t\"'“”‘()（）")) for p in _CLAUSES.split(text)) if c]


def _question(clause: str) -> bool:
    """The clause is a question: a question mark, an opening auxiliary or question word, 吗 / 没有, 会怎么样..."""
    if clause.rstrip().endswith(("?", "？")) or _WHAT_THEN_ZH.search(clause):
        return True
    return bool(_QUESTION_EN.match(clause) or _QUESTION_ZH.search(clause))


def _command(clause: str) -> bool:
    """The clause tells to do a destructive act: it opens with the verb, or (Chinese) says one and asks nothing."""
    if _COMMAND_EN.match(clause):
        return True
    if _IF_ZH.match(clause) and not _THEN_ZH.search(clause):  # "如果我取消了预约": the act is the condition
        return False
    return bool(_HAN.search(clause)) and not _question(clause) and request_is_destructive(clause)


_IF_ZH = re.compile(r"^(?:如果|要是|假如|假设|万一|若是|倘若)")
_THEN_ZH = re.compile(r"就|那就|(?<![方顺随以即不])便(?!宜|利)")
"""A Chinese condition and its consequence: "如果没有就取消掉" tells to cancel, "如果我取消了预约" does not, nor
"如果我取消了预约的话" (的话 closes the condition; 方便, 顺便, 随便, 以便, 即便 "even if", 不便, 便宜, 便利 are no
便)."""


_HOW_TO = re.compile(
    r"\bhow (?:do|can|could|should) (?:i|we)\b"
    r"|\b(?:can|could|may) (?:i|we)\b(?=[^?.!;]*\b(?:online|myself|ourselves"
    r"|(?:in|on|through|via) the (?:app|website|site|portal)|or do (?:i|we) (?:need|have) to)\b)"
    r"|\bor do (?:i|we) (?:need|have) to\b"
    r"|(?:如何|怎样|怎么)(?:才能|才可以|可以|能)?(?=[^，,。；;！!？?]{0,3}?(?:注销|销户|取消|删|退|撤|作废|关闭|关掉))",
    re.I,
)
"""A question how to do an act, or whether one can do it oneself: "how do I close my library account?", "how can I
cancel ...", "can I close my account online or do I need to come in?", 怎么注销, 如何取消 (not "can I cancel my
booking?": an ask in everyday English)."""


def _asks_how(text: str) -> bool:
    """The request asks how to do an act (``_HOW_TO``), says no other request marker and no clause tells the act.

    "how do I close my account? please do it" asks for it ("please").
    """
    if not _HOW_TO.search(text):
        return False
    rest = _HOW_TO.sub(" ", text)
    if says_request_marker(rest):
        return False
    return not any(_command(c) for c in _clauses(text) if not _HOW_TO.search(c))


def says_request_marker(text: str) -> bool:
    """The text says a request marker: "can you", "please", "I'd like to", "帮我", "请", "麻烦", "能不能"..."""
    text = text.replace("’", "'")
    return bool(_ASKS_EN.search(text) or _ASKS_ZH.search(text))


def about_state(text: str) -> bool:
    """The request asks a question about an act (whether it happened, what it costs, how to do it) and asks for no act.

    A how-to ("how do I close my account?", 怎么注销: ``_asks_how``) asks about the act, not for it. Money back asked
    in Chinese as a question whether it can be done ("能退回来吗", ``_hints.asks_money_back_zh``) asks for it.
    """
    text = text.replace("’", "'")
    if not STATE_QUESTIONS:
        return False
    if _asks_how(text):
        return True
    if says_request_marker(text) or asks_money_back_zh(text):  # "我多交了 300 块钱，能退回来吗？" asks the refund
        return False
    clauses = _clauses(text)
    return any(_question(c) for c in clauses) and not any(_command(c) for c in clauses)


def words_ask_nothing(text: str) -> bool:
    """The request's words ask for no tool's act: a question about an act's state, with ``OWN_WORDS``."""
    return OWN_WORDS and about_state(text)
