"""A message that is only social: a greeting, a wish, thanks, an acknowledgement, laughter, an emoji.

Such a message asks nothing ("hi there", "Happy new year to the whole Hangzhou team!", "新年快乐！",
"lol ok", "收到"), so no tool fits it. Every clause must be social: "hi, cancel order 5",
"新年快乐，帮我查一下订单" and "good morning, what's on my calendar?" each have a clause that asks.
Greetings and thanks are ``_clauses.is_greeting``'s; this module adds the wishes, the small talk
and the acknowledgements.
"""

from __future__ import annotations

import re

from ._clauses import clause_parts, is_greeting

__all__ = ["SOCIAL_ONLY", "is_social"]

SOCIAL_ONLY = "no tool needed: a greeting or wish alone: no request"
"""The detail of the verdict on a message that is only social."""

_ADDRESSEE_EN = (
    r"(?i:you|all|everyone|everybody|guys|folks|team|y'all|the|whole|entire|of|my|our|your|and|family|friends|"
    r"colleagues|too|as well|again|in advance)"
)
_WHOM_EN = (
    rf"(?:\s+(?:to|for)?\s*(?:{_ADDRESSEE_EN}|[A-Z][A-Za-z.'-]*)){{0,6}}"
    rf"(?:\s+with(?:\s+{_ADDRESSEE_EN}(?=\s|$)){{1,6}})?"
)
"""Whom a wish is for: an addressee word or a capitalised word ("to the whole Hangzhou team", "Anna"); a verb
or a digit is none ("happy new year, cancel order 5" is cut at the comma first). After "with" only an addressee
word: "what's up with you" is small talk, "what's up with Docker?" and "how are things with the Build?" ask."""
_WISH_EN = re.compile(
    r"(?i:(?:happy|merry|joyous) (?:(?:chinese |lunar )?new year|holidays?|birthday|christmas|xmas|easter|"
    r"thanksgiving|diwali|eid|friday|weekend|mid-autumn festival|dragon boat festival|spring festival|anniversary)"
    r"|have an? (?:nice|good|great|lovely|wonderful|relaxing|fun|safe) (?:weekend|day|evening|night|holiday|"
    r"holidays|trip|vacation|break|one|friday|week)|enjoy (?:your|the) (?:weekend|holiday|holidays|day|evening|break)"
    r"|season'?s greetings|best wishes|congrats|congratulations|cheers|same to you|you too|"
    r"how are you(?: doing)?(?: today)?|how'?s your day(?: going)?|how'?s it going|how are things|what'?s up|sup|"
    r"nice to meet you)"
    rf"{_WHOM_EN}"
)
"""A wish or small talk in English and whom it is for, e.g. "Happy new year to the whole
Hangzhou team!", "have a nice weekend guys", "Merry Christmas everyone", "happy birthday Anna!" (each got tools),
and the usual holidays beside them."""
_WISH_ZH = re.compile(
    r"(?:祝|预祝)?(?:大家|各位|你|您|你们|全家|团队)?"
    r"(?:(?:新年|春节|新春|中秋|中秋节|端午|端午节|元旦|国庆|国庆节|元宵|元宵节|圣诞|圣诞节|节日|假期|周末|生日|七夕|"
    r"情人节|劳动节|五一|十一)(?:快乐|愉快)(?:呀|啊|哦|哈)?|恭喜发财|万事如意|身体健康|心想事成|新年好|过年好|"
    r"一路顺风|一切顺利|工作顺利|吃了吗|最近怎么样|最近好吗|你好吗|您好吗)+"
)
"""A wish or small talk in Chinese, the whole clause, e.g. "新年快乐！", "周末愉快" (each got
tools), "中秋快乐", and the usual holidays and wishes beside them; "祝" and whom it is for may lead."""
_ACK = re.compile(
    r"(?:(?i:ok(?:ay)?|k+|lol+|lmao|rofl|ha(?:ha)+h?|he(?:he)+|hah|xd|cool|nice|great|awesome|noted|got it|gotcha|"
    r"roger|yep|alright|np|no problem|no worries|sounds good|all good|wow|thx|ty|perfect|"
    r"that'?s (?:perfect|great|all(?: for now)?|it)|all done|looks? (?:great|good|perfect|fine|nice|lovely|amazing))"
    r"|好的?|好滴|好嘞|好哒|收到(?:了|啦)?|嗯+|哦+|噢+|哈+|嘿+|呵+|明白(?:了|啦)?|知道了|了解(?:了)?|没问题|可以的|行吧?|搞定了?|没事了|谢了|谢啦)"
    r"(?:\s*(?:了|啦|哈|呀|呢))?"
)
"""An acknowledgement or laughter ("ok", "lol", "haha", "好的", "收到", "哈哈"), e.g. "lol ok",
"ok 👍", "收到" (each got tools), and the dev no-tool requests "perfect thanks", "thanks, that's all for now!",
"谢谢，搞定了", "谢了" (``benchmarks/social_only.py`` lists them), "looks great" (from "thanks, MJ-204 looks
great"); "yes", "sure", "go ahead" are not here: after a proposal they confirm it, and a conversation reads them
so."""
_WORD_EN = re.compile(r"[A-Za-z][A-Za-z'-]*")
_ACKS = re.compile(rf"^(?:{_ACK.pattern})(?=\s|[^A-Za-z]|$)\s*")
_NOT_TEXT = re.compile(r"[^\w\s'’.-]|_")
"""Emoji, symbols and punctuation (kept: letters, digits, CJK characters, an apostrophe, a dot of "Dr.")."""


def is_social(text: str) -> bool:
    """``text`` is only social: every clause a greeting, a wish, thanks, an acknowledgement, emoji or punctuation.

    >>> is_social("hi there"), is_social("新年快乐！"), is_social("lol ok"), is_social("good morning everyone")
    (True, True, True, True)
    >>> is_social("hi, cancel order 5"), is_social("新年快乐，帮我查一下订单"), is_social("happy to help?")
    (False, False, False)
    """
    if not text.strip():
        return False
    return all(_social_clause(part) for part in clause_parts(text))


def _social_clause(part: str) -> bool:
    """One clause is social (``is_social``); an empty one (emoji, punctuation) is."""
    text = _NOT_TEXT.sub(" ", part).strip(" .-'’")
    while text:  # acknowledgements and laughter may lead ("ok thanks", "哈哈 好的", "好的谢谢")
        found = _ACKS.match(text)
        if found is None or not found.group(0):
            break
        text = text[found.end() :].strip(" .-'’")
    if not text:
        return True
    if _WORD_EN.search(text) and any(w.isdigit() for w in text.split()):
        return False
    return is_greeting(text) or bool(_WISH_EN.fullmatch(text)) or bool(_WISH_ZH.fullmatch(text))
