"""Who a Chinese request says is speaking: the one who tells a wish is not the thing it asks to act on.

"客户说R-40917那单他不要了" relays the customer's wish (the customer says he no longer wants order R-40917): the
customer (客户) is who says it, and the order is the thing. The record noun said right before a verb of saying
(``objects`` reads the others) is its speaker, as in its likes ("会员 M-88 反映…",
"客户刚才跟我说…").
"""

from __future__ import annotations

import re

from .zh_records import ZH_RECORDS

__all__ = ["without_speakers"]

_SAYS = re.compile(r"(?<![听小再怎])(?:说|讲(?![师座课])|表示|反映|提到|转告|告诉我们?)(?!明)")
"""A verb of saying: 说, 讲, 表示, 反映, 提到, 转告, 告诉我; not 听说, 小说, 再说, 说明, 讲师."""
_BETWEEN = re.compile(
    r"(?:\s+|[A-Za-z0-9_#./:-]+|那边|这边|之前|刚才|刚刚|今天|昨天|也|又|都|还|已经|打电话|来电话?|[跟对和]我们?)$"
)
"""What may stand between a speaker and the verb, read back one at a time: an id, a time, an adverb, who is told
("会员 M-88 反映", "客户刚才跟我说")."""
_SPEAKERS = re.compile("(?:" + "|".join(sorted(map(re.escape, ZH_RECORDS), key=len, reverse=True)) + ")$")


def without_speakers(text: str) -> str:
    """``text`` with the record noun said right before each verb of saying (``_SAYS``) blanked: who says the wish.

    "那单客户说不要了" keeps the order (那单) and blanks the customer; "把客户说的那单取消" blanks the customer too (the
    order the customer spoke of).
    """
    out = list(text)
    for says in _SAYS.finditer(text):
        before = text[: says.start()]
        while (between := _BETWEEN.search(before)) is not None:
            before = before[: between.start()]
        speaker = _SPEAKERS.search(before)
        if speaker is not None:
            out[speaker.start() : speaker.end()] = " " * (speaker.end() - speaker.start())
    return "".join(out)
