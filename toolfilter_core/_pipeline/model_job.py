"""A request for the model's own words: to write, rewrite, translate or explain something, or for advice or ideas.

"how do I write a polite reply to an angry rider?", "what's a good way to explain late fees to members?",
"怎么礼貌地回复一个生气的顾客？", "帮我把这段道歉信改得更正式一点", "给我三个周末促销活动的点子" and
"translate 'your order has shipped' into Chinese" ask the model itself; no record, id or act of a registry is in
them. ``model_job`` names the job (``translate``, ``write``, ``advice``, ``ideas``, ``joke``) or None. A request
that holds an id, or asks to send, post or save what is written ("draft an email to the customer and send it", "send the
rider a polite reply"), is not one, nor one whose later clause asks an act or a record's fact ("…, then create
the discount code", "…, and what are his late fees?"). ``in_own_words`` adds the registry's side: no usable tool
does the job (``translate_text``, a tool that drafts copy or gives ideas) and the request names none of its records
("explain my bill").
"""

from __future__ import annotations

import re

import numpy as np
from numpy.typing import NDArray

from .._clauses import clause_parts, is_greeting
from .._hints import QUESTION_ZH
from .._snapshot import Snapshot
from .._tokenize import tokenize
from .._types import ToolSpec
from .id_shapes import ids_in
from .own_action import action_named
from .read import Reading

__all__ = ["MODEL_JOB", "in_own_words", "model_job"]

MODEL_JOB = "no tool needed: a request for the model's own words (writing, rewording, translating, advice): no record"
"""The detail of the verdict on a request the model answers in its own words."""

_POLITE_EN = (
    r"(?:(?:please|pls|hey|hi|ok|so|now|also|quick question)[,:]?\s+)*"
    r"(?:(?:can|could|would|will) you(?: please)?\s+|help me(?: to)?\s+|i need (?:you to|to|help to)\s+"
    r"|i(?:'d| would) like (?:you )?to\s+|i want (?:you )?to\s+)?"
)
"""What may lead an English ask: politeness and a request to the model ("can you", "help me")."""
_HOW_EN = (
    r"(?:how (?:do|can|should|would|could|might) (?:i|we|you|one)|how to|what(?:'s| is) (?:a|the) "
    r"(?:good|best|nice|polite|better|kind|gentle|professional|right) way to|what should (?:i|we)"
    r"|any (?:tips|advice|ideas) (?:on|for) (?:how to)?|(?:tips|advice) (?:on|for) (?:how to)?)\s+"
    r"(?:(?:politely|nicely|kindly|tactfully|gently|professionally|best|clearly|calmly|briefly) )?"
    r"(?:write|phrase|word|explain|say|tell|respond|reply|answer|apologi[sz]e|thank|introduce|announce|"
    r"break the news|calm down|reassure|compliment|congratulate|welcome)\b"
)
"""Asking how to say or write something: advice on words, not an act ("how do I reset" is not here)."""
_ARTEFACT_EN = (
    r"(?:reply|replies|response|email|e-mail|letter|apology|announcement|caption|slogan|tagline|headline|bio|"
    r"poem|story|speech|toast|paragraph|copy|script|intro|introduction|blurb|ad|pitch|thank-you note|"
    r"welcome note|farewell note|card|greeting|wording|text|tweet|essay|summary|outline|faq)s?"
)
"""What the model may write for someone: a text with no record behind it ("note", "message", "review",
"comment" and "ticket" are left out: a registry keeps them)."""
_WRITE_EN = re.compile(
    rf"^{_POLITE_EN}(?:(?:write|draft|compose|prepare|come up with|put together)(?:\s+[\w'-]+){{0,4}}?\s+"
    rf"{_ARTEFACT_EN}\b|(?:rewrite|reword|rephrase|paraphrase|polish|proofread|soften)\b"
    r"|make (?:this|it|that|the following|my (?:reply|email|letter|text|wording)) (?:sound )?(?:more|less)\b)",
    re.I,
)
_ADVICE_EN = re.compile(rf"^{_POLITE_EN}{_HOW_EN}", re.I)
_IDEAS_EN = re.compile(
    rf"^{_POLITE_EN}(?:give me|suggest|brainstorm|come up with|share|list|think of|i need|any)\s+"
    r"(?:(?:some|a few|a couple of|several|\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|more|good|"
    r"fun|fresh|creative|new|catchy|quick)\s+)*(?:[\w'-]+\s+){0,3}?"
    r"(?:ideas?|tips|suggestions|slogans|taglines|headlines|captions|names|talking points)\b",
    re.I,
)
_TRANSLATE_EN = re.compile(rf"^{_POLITE_EN}translate\b", re.I)
_JOKE_EN = re.compile(
    rf"^{_POLITE_EN}(?:tell|give|make up|write)\s+(?:me |us )?(?:a |an |another |some |\d{{1,2}} )?"
    r"(?:funny |short |good |silly )?(?:jokes?|riddles?|puns?)\b",
    re.I,
)
_JOKE_ZH = re.compile(r"(?:讲|说|来|写)(?:一?个|几个|段)?(?:笑话|段子|谜语)")
"""A joke ("tell me a joke about Mr Bean", "讲个笑话"): no tool writes one."""
_HOW_ZH = re.compile(
    r"(?:我|我们)?(?:该|应该|要|能)?(?:怎么|怎样|如何|咋)(?:才能)?(?:礼貌|委婉|客气|得体|正式|好好|温和|专业)?(?:地|的)?"
    r"(?:回复|回应|回答|答复|写|表达|解释|说明|说|措辞|道歉|安抚|告诉|感谢|介绍|开口)"
)
"""Asking how to say or write something in Chinese ("怎么礼貌地回复", "如何解释"); "怎么退款" is not here."""
_WRITE_ZH = re.compile(
    r"(?:写|起草|拟|撰写|编)(?:一|两|三|几)?(?:封|段|篇|条|句|个|份|则)?.{0,12}?"
    r"(?:信|邮件|回复|文案|标语|口号|广告语|介绍|致辞|稿|文章|诗|祝福语|开场白|说辞|话术|道歉|感谢语|欢迎词)"
    r"|(?:把|将).{0,12}?(?:段|封|句|篇|话|文字|信|邮件|回复|文案|稿|措辞|语气).{0,8}?"
    r"(?:改得|改写|润色|写得|翻译成|翻成|译成|变得|改成更|调整得)"
    r"|^(?:请|麻烦|帮我|你|能不能|可以)?(?:润色|改写|重写|翻译|翻成)"
)
_IDEAS_ZH = re.compile(
    r"(?:给我|想|出|提供|来|给|有没有|有什么)(?:一|两|三|四|五|六|七|八|九|十|几|\d{1,2})?(?:个|条|些|点)?"
    r"[^，,。！？!?；;]{0,14}?(?:点子|主意|创意|想法|建议|灵感|标语|口号|名字)"
)
"""Ideas asked for in one clause ("给我三个周末促销活动的点子", "给猫起几个名字"); a later clause's 名字 gives a name
("给访客卖一张日票，名字李娜")."""
_TRANSLATE_ZH = re.compile(r"翻译|翻成|译成")
_SENDS = re.compile(
    r"\b(?:send|sends|sent|post|publish|submit|forward|schedule|save|share it|email it|text it|deliver|notify|"
    r"reply to (?:ticket|order|case|review|thread|comment)|log|record|attach|upload)\b"
    r"|发给|发送|发出|转发|发到|发布|群发|提交|保存|存起来|存到|存进|记下|记到|备忘|寄|推送|回复给"
    r"|通知(?:他|她|他们|客户|顾客|用户|大家)|给[^，,。！？]{1,12}?写(?:一)?封?(?:信|邮件)|写到|写进|写入|存入"
    r"|\b(?:to|into|in|on) (?:a |an |the |my |our |this |that )?(?:new )?(?:file|disk|folder|doc|document|sheet|"
    r"spreadsheet|database|db|notes?|wiki|page|channel|board|calendar|crm|ticket|drive|repo)\b"
    r"|~/|\w/(?:\w|\s|$)|\b\w+\.(?:txt|md|csv|json|docx?|pdf|xlsx?|py|js|ts|html|ya?ml|log)\b",
    re.I,
)
"""A request that asks to send, post or keep what is written wants a tool's act, not words alone: "给老板写信" (a
letter to someone, in Chinese, is mailed), "write the text to a file"; a path or a file name ("src/", "~/Photos",
"notes.txt") names a file a tool reads or writes."""


_QUOTED = re.compile(r"(?<!\w)'[^'\n]+'(?!\w)|\"[^\"\n]+\"|“[^”]*”|‘[^’]*’|「[^」]*」|『[^』]*』")
_MATERIAL = re.compile(r"(?<=\S)\s*[:：]\s*\S.*$", re.S)


def asked_part(text: str) -> str:
    """``text`` without the material it gives to work on: quoted words, what follows a colon.

    >>> asked_part("translate 'your order has shipped' into Chinese"), asked_part("改得更正式一点：我们会把订单发给您")
    ('translate  into Chinese', '改得更正式一点')
    """
    return _MATERIAL.sub("", _QUOTED.sub(" ", text))


def model_job(text: str) -> str | None:
    """The job a request asks the model itself to do in words, or None.

    >>> model_job("how do I write a polite reply to an angry rider?"), model_job("给我三个周末促销活动的点子")
    ('advice', 'ideas')
    >>> model_job("draft an email to the customer and send it"), model_job("how do I reset my password")
    (None, None)
    """
    text = asked_part(text)
    if not text.strip() or ids_in(text) or _SENDS.search(text):
        return None
    parts = [p for p in clause_parts(text) if p.strip() and not is_greeting(p)]
    first = (parts or [text])[0]
    if _SHORT_ID.search(text) or any(_later_ask(p) for p in parts[1:]):
        return None
    for job, english, chinese in _JOBS:
        if english.search(first) or (chinese is not None and chinese.search(text)):
            return job
    return None


_SHORT_ID = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{1,6}[-_#]\d{2,}(?![A-Za-z0-9])")
"""An id shorter than ``ids_in`` reads: "member M-44", "room B-12" (a record of the registry)."""
_LEAD_EN = re.compile(
    r"^(?:(?:and|then|also|next|after that|afterwards|plus|finally|now|please|pls|so|but|ok(?:ay)?)\b[\s,]*)+", re.I
)
_LEAD_ZH = re.compile(r"^(?:然后|接着|之后|随后|再|并且|并|同时|顺便|还要|还有|另外|最后|也)+")
_ACT_EN = re.compile(
    r"^(?:(?:can|could|would|will) you\s+)?(?:create|add|make (?:a|an|the|one|new)|set up|issue|book|cancel|delete|"
    r"remove|update|change|apply|activate|enable|disable|look up|check|find|show|get|fetch|pull up|open|close|"
    r"refund|charge|order|reserve|register|sign up|assign|move|archive|void|generate (?:a|an|the) (?:code|coupon|"
    r"discount|voucher|invoice|link))\b",
    re.I,
)
"""A later clause that opens by asking an act of the registry: "give me three ideas for a weekend promo, then create
the discount code"."""
_ACT_ZH = re.compile(
    r"^(?:请|帮我|给我|麻烦)?(?:创建|新建|建一?个|添加|加一?个|设置|设一?个|发放|开一?[个张]|取消|删除|删掉|退|查|查询|看看|"
    r"修改|更新|改成|预订|预约|登记|生成一?[个张]?(?:优惠|折扣|代码|券|码))"
)
"""The Chinese of ``_ACT_EN``: "然后创建一个优惠券"."""
_WHAT_EN = re.compile(
    r"^(?:what|when|where|which|who|whose|how (?:much|many|long)|is|are|was|were|did|does|do|has|have)\b", re.I
)
"""A later clause that asks a question of the registry's records ("and what are his late fees?")."""
_DEFINE_EN = re.compile(
    r"^what(?:'s| is| are| does)\s+(?!(?:his|her|my|our|their|its|your|the|this|that|these|those)\b)"
    r"[^?？\d]{1,60}?(?:\s+mean)?\s*[?？.]?$",
    re.I,
)
_DEFINE_ZH = re.compile(r"^[^的\d]{1,40}?(?:是啥|是什么|是啥意思|是什么意思|啥意思|什么意思)\s*[?？。!！]*$")
"""A later clause that asks what a term means ("what is Conventional Commits?", "Conventional Commits 是啥"): no
record's fact, no id, no possessive. E.g. "commit message 怎么写比较规范？Conventional Commits
是啥"."""
_TELL_EN = re.compile(r"^(?:(?:can|could|would|will) you\s+)?(?:tell me|show me|let me know|find out)\s+", re.I)
"""A request to be told that leads a question ("then tell me how many orders we had yesterday"): the question is
read as a later clause's own."""
_TO_MODEL = re.compile(
    r"\byou(?:'d| would)?\s+(?:like|prefer|think|recommend|suggest|pick|choose|feel|find|love|want|mean)\b"
    r"|\byour (?:favou?rite|opinion|pick|choice|view|take|thoughts?)\b",
    re.I,
)
"""A question put to the model itself ("tell me which idea you like best"): its opinion, more words; not "how many
orders you shipped yesterday", a record's fact. The opinion verbs beside them too."""
_TOLD_IF = re.compile(r"^(?:if|whether)\s+(?!(?:it|this|that|they|these|those|you)\b)", re.I)
"""A yes-or-no question of the records after "tell me" ("tell me if any coupons are still active"); not of the
words just written ("tell me if it sounds right")."""
_RECORD_TIME = re.compile(
    r"\b(?:yesterday|today|tonight|tomorrow|latest|newest|recent|current|this (?:week|month|year|quarter)"
    r"|last (?:week|month|year|quarter|night))\b|(?<!\bwhat)'s\b|最新|最近|昨天|今天|今日|本周|上周|本月|上个?月|状态",
    re.I,
)
"""A time, "latest", a possessive or 状态 in a "what is" clause: a record's fact, no term to define ("what are
yesterday's sales?", "最新订单状态是啥")."""


def _later_ask(clause: str) -> bool:
    """A clause after the job asks an act or a record's fact, not more words.

    "then create the discount code", "然后创建一个优惠券", "and what are his late fees?", "then tell me how many
    orders we had yesterday"; not "and make them fun", "then tell me which idea you like best".
    """
    english = _LEAD_EN.sub("", clause.strip().replace("’", "'")).strip()
    chinese = _LEAD_ZH.sub("", english)
    if any(job.search(english) for _, job, _ in _JOBS):
        return False
    if _ACT_EN.match(english) or _ACT_ZH.match(chinese):
        return True
    if _TAG.match(english):
        return False
    told = _TELL_EN.sub("", english)
    if told != english and (_WHAT_EN.match(told) or _TOLD_IF.match(told)) and not _TO_MODEL.search(told):
        return True  # "tell me how many orders we had yesterday"; not "tell me which idea you like best"
    if _defines(english, chinese):
        return False  # "Conventional Commits 是啥": what a term means, the model's own words
    return bool(_WHAT_EN.match(english) or QUESTION_ZH.search(chinese))


def _defines(english: str, chinese: str) -> bool:
    """The clause asks what a bare term means (``_DEFINE_EN``, ``_DEFINE_ZH``), no time or state (``_RECORD_TIME``)."""
    defines = _DEFINE_EN.match(english) or _DEFINE_ZH.search(chinese)
    return bool(defines) and not _RECORD_TIME.search(english)


_TAG = re.compile(
    r"^(?:(?:is|would) (?:that|it|this) (?:be )?(?:ok|okay|alright|all right|possible|fine)|does (?:that|it) work"
    r"|(?:可以|行|好|能|成)(?:吗|么|嘛|不)?|好不好|行不行|可不可以|能不能|可以不)\s*[?？.。!！]*$",
    re.I,
)
"""A tag that asks only whether the ask is fine ("is that ok?", "可以吗"), no record's fact."""


_JOBS: tuple[tuple[str, re.Pattern[str], re.Pattern[str] | None], ...] = (
    ("translate", _TRANSLATE_EN, _TRANSLATE_ZH),
    ("advice", _ADVICE_EN, _HOW_ZH),
    ("write", _WRITE_EN, _WRITE_ZH),
    ("ideas", _IDEAS_EN, _IDEAS_ZH),
    ("joke", _JOKE_EN, _JOKE_ZH),
)
"""Each job, its English opening and its Chinese words, the first that matches named."""


_DOES_JOB = {
    "translate": r"translat|locali[sz]|翻译",
    "write": r"draft|compos|rewrit|copywrit|\bcopy\b|wording|polish|proofread|paraphras|文案|润色|改写|撰写|起草|草拟",
    "advice": r"advice|advis|\btips?\b|coach|suggest|recommend|\bscripts?\b|话术|建议|推荐",
    "ideas": r"\bideas?\b|brainstorm|suggest|recommend|slogan|creative|点子|创意|建议|推荐|策划",
    "joke": r"\bjokes?\b|humou?r|\bfunny\b|笑话|段子",
}
"""The words of a tool that does a job itself (translates, drafts copy, advises, gives ideas), in its name or its
description. E.g. ``translate_text`` ("Translate text ...") and ``generate_copy`` ("Write
marketing copy ..."); a tool that says them keeps the request ("translate ... into Chinese" goes to it)."""
_WHOSE_EN = re.compile(
    r"\b(?:my|our|your|his|her|their|this|that|these|those|[a-z]+'s)\s+((?:[a-z-]+\s+){0,2}[a-z-]+)", re.I
)
_WHOSE_ZH = re.compile(
    r"(?:我的|我们的|他的|她的|他们的|客户的|顾客的|这笔|那笔|这个|那个|这张|这单|这条|上次的?|最近的?)(\w{2})"
)
"""A record someone has ("my bill", "their order", "这笔订单"): its words, to find among the registry's tools."""


def in_own_words(snapshot: Snapshot, reading: Reading, usable: NDArray[np.bool_]) -> bool:
    """The request asks the model's own words (``model_job``) and no usable tool does the job or holds its record.

    "how do I write a polite reply to an angry rider?" on a delivery app; not "translate 'hello' into Chinese"
    where ``translate_text`` is usable, nor "how do I explain their order's delay?" where a tool reads orders, nor
    one holding a value some tool takes (a path, a URL).
    """
    text = asked_part(reading.text)
    job = model_job(text)
    if job is None or not usable.any() or reading.kinds & snapshot.argument_kinds:
        return False
    allowed = [t for t, ok in zip(snapshot.tools, usable, strict=True) if ok]
    if action_named(snapshot, text, np.where(usable, 0.0, -np.inf).astype(np.float32)) is not None:
        return False
    does = re.compile(_DOES_JOB[job], re.I)
    if any(does.search(" ".join((t.name.replace("_", " "), t.description, *t.triggers))) for t in allowed):
        return False
    return not _names_a_record(text, allowed)


def _names_a_record(text: str, tools: list[ToolSpec]) -> bool:
    """``text`` names a record someone has in words the tools' names or descriptions say ("my bill": ``get_bill``)."""
    names = {w for t in tools for w in tokenize(t.name, cjk_unigrams=False) if len(w) >= 4}
    for found in _WHOSE_EN.finditer(text):
        if any(w.rstrip("s") in names or w in names for w in found.group(1).lower().split()):
            return True
    return any(found.group(1) in t.description for found in _WHOSE_ZH.finditer(text) for t in tools)
