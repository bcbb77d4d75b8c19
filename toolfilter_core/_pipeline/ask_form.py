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
from collections.abc import Sequence

from .._hints import ASKS_ZH as _ASKS_ZH
from .._hints import QUESTION_ZH as _QUESTION_ZH
from .._hints import asks_money_back_zh, is_destroy_word, name_words, part_put_out_of_use, request_is_destructive
from .._types import ToolSpec
from .id_shapes import DIGIT_TOKEN, ID_OR_NUMBER
from .objects import names_object
from .plain_verbs import in_plain_verbs

__all__ = [
    "LIFTED_PAUSES",
    "OWN_WORDS",
    "REFUND_STATES",
    "STATE_QUESTIONS",
    "about_state",
    "asks_whether_done",
    "lifts_a_pause",
    "pause_is_an_object",
    "refund_state",
    "says_a_state",
    "says_no_act",
    "says_request_marker",
    "turns_off_a_setting",
    "words_ask_nothing",
]

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
_STATE_ASKED_EN = re.compile(
    r"^[A-Za-z]+\s+(?:[a-z]{2,}ed|done|through|paid|sent|pending|complete)(?:\s+(?:for|on|of|to)\s+[\w#-]+)?\s*[?？]\s*$",
    re.I,
)
"""A question whose opening destroy word is the subject of a state, its verb of being left out: "Refund approved?",
"refund approved for R-9?", "cancellation confirmed?": it asks the state, no command."""
_HAN = re.compile(r"[\u4e00-\u9fff]")


def _clauses(text: str) -> list[str]:
    """The request's clauses, fillers ("ok, so, just") stripped from their openings."""
    text = text.replace("’", "'")
    return [c for c in (_FILLER.sub("", p.strip(" \t\"'“”‘()（）")) for p in _CLAUSES.split(text)) if c]


_HAVE_IT_DONE = re.compile(
    r"^(?:have|get)\s+(?!(?:i|we|you|they|he|she|there)\b)(?:(?!(?:been|being|already|ever|yet|just)\b)[\w'#-]+\s+){1,4}?"
    rf"[a-z]+ed\b(?!\s+(?:{ID_OR_NUMBER}|(?:the|a|an|this|that|these|those|my|our|your|his|her|their|its|all|any)\b))"
    r"(?!.*\b(?:yet|ever)\b)",
    re.I,
)
"""A clause that opens with have or get, an object and a participle, no question mark: the have-it-done form, a
command ("have the customer C-12 record deleted completely"), not a question ("have you deleted it", "have the
orders been refunded"), nor the perfect of a verb with its own object after it or with yet / ever ("have the staff
refunded AP-2231", "have the doctors cancelled it yet")."""


def _question(clause: str) -> bool:
    """The clause is a question: a question mark, an opening auxiliary or question word, 吗 / 没有, 会怎么样...

    Not the have-it-done form (``_HAVE_IT_DONE``).
    """
    if clause.rstrip().endswith(("?", "？")) or _WHAT_THEN_ZH.search(clause):
        return True
    if _HAVE_IT_DONE.match(clause):
        return False
    return bool(_QUESTION_EN.match(clause) or _QUESTION_ZH.search(clause))


def _command(clause: str) -> bool:
    """The clause tells to do a destructive act: it opens with the verb, or (Chinese) says one and asks nothing."""
    if _COMMAND_EN.match(clause):
        return not _STATE_ASKED_EN.match(clause)
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


_PROCEDURE_ZH = re.compile(
    r"^\s*(?:我|我们)?(?:想|想要|要|打算|准备)?(?:注销|销户|取消|删除|退订|关闭)[^，,。；;！!？?\n]{0,12}[，,]\s*"
    r"(?:请问)?(?:需要|要|得)(?:办|准备|提供|带)?(?:什么|哪些)(?:手续|材料|资料|证件|流程|步骤)[^，,。；;！!\n]{0,6}[?？]?\s*$"
)
"""A question what a wished act takes ("想注销账户，需要什么手续？": the procedure, not the act), the whole request."""


def _asks_how(text: str) -> bool:
    """The request asks how to do an act (``_HOW_TO``), says no other request marker and no clause tells the act.

    "how do I close my account? please do it" asks for it ("please").
    """
    if _PROCEDURE_ZH.match(text):
        return True
    if not _HOW_TO.search(text):
        return False
    rest = _HOW_TO.sub(" ", text)
    if says_request_marker(rest):
        return False
    return not any(_command(c) for c in _clauses(text) if not _HOW_TO.search(c))


_COST = re.compile(
    r"\b(?:without\s+(?:paying\s+|being\s+charged\s+|getting\s+charged\s+)?(?:a\s+|any\s+|the\s+)?"
    r"(?:fee|charge|penalty|cost)s?|(?:is|would|will)\s+(?:it|that|there)\s+(?:be\s+)?(?:free|a\s+(?:fee|charge|penalty))"
    r"|free\s+of\s+charge|(?:will|would)\s+(?:i|we)\s+(?:be|get)\s+charged|(?:does|will|would)\s+it\s+cost"
    r"|how\s+much\s+(?:does|will|would|is)\b)"
    r"|(?:收费|收钱|要钱|扣钱|扣费|手续费|违约金|罚款|免费|费用)"
)
_MAY_I = re.compile(r"\b(?:can|could|may|shall)\s+(?:i|we)\b|\b(?:is\s+it|it'?s)\s+possible\s+to\b", re.I)


def _asks_cost(text: str) -> bool:
    """A question whether an act may be done or what it costs: the policy, not the act.

    "Can I still cancel BW-20931 without paying a fee?", "is it free to cancel?", "现在取消还要收费吗": a question
    that says a fee, a charge or free (``_COST``); no request marker but "can I" (``_MAY_I``), no clause a command.
    "Can you cancel BW-20931?", "Can I cancel BW-20931 please" ask the act.
    """
    clauses = _clauses(text)
    if not any(_question(c) and _COST.search(c) for c in clauses):
        return False
    return not says_request_marker(_MAY_I.sub(" ", text)) and not any(_command(c) for c in clauses)


def says_request_marker(text: str) -> bool:
    """The text says a request marker: "can you", "please", "I'd like to", "帮我", "请", "麻烦", "能不能"..."""
    text = text.replace("’", "'")
    return bool(_ASKS_EN.search(text) or _ASKS_ZH.search(text))


REFUND_STATES = True
"""A refund as the subject of a state ("my refund for P-3321 hasn't arrived yet, can you check?", "where is my
refund", 这笔退款到账了吗, 退款进度) asks its state, not the act (``refund_state``), request marker or not.
``benchmarks/destructive_ridealong.py --refund-states off`` measures it on the dev registries."""

_REFUND_NOUN_EN = r"(?:(?:my|our|your|his|her|their|the|this|that|a)\s+(?:[\w'-]+\s+){0,2}?)refunds?\b"
_REFUND_STATE_EN = re.compile(
    rf"\b{_REFUND_NOUN_EN}(?:\s+(?:for|of|on|from)\s+[\w#'-]+(?:\s+[\w'-]+)?)?"
    r"(?:\s+(?:still|yet|already|never|not|has|hasn't|have|haven't|is|isn't|was|wasn't|did|didn't|does|doesn't"
    r"|hasnt|isnt|didnt|been|gone|come|show|shown|showed|get|got|to))*"
    r"\s+(?:arriv(?:e|ed|es|ing)|land(?:ed|s)?|through|in\s+(?:my|the|our)\s+(?:account|bank|card)|up|posted|cleared"
    r"|processed|pending|stuck|delayed|late|missing|on\s+(?:its|the)\s+way)\b"
    rf"|\b(?:where(?:'s|\s+is|\s+are)?|what\s+happened\s+to|status\s+(?:of|on|for)|any\s+(?:news|update)\s+(?:on|about)"
    rf"|updates?\s+on|track|check\s+on)\s+{_REFUND_NOUN_EN}"
    r"|\brefunds?\s+(?:status|progress|timeline|update)\b",
    re.I,
)
_REFUND_STATE_ZH = re.compile(
    r"(?:退款|退费|退的钱|退的款)[^，,。；;！!？?\n]{0,12}?"
    r"(?:到账(?!户)|到帐(?!户)|进度|状态|到了|没到|还没|什么时候到|到哪|在哪|处理到|怎么还|迟迟)"
)
"""A refund as the subject of a state: in English a refund's noun phrase ("my refund for P-3321") before what
became of it ("hasn't arrived", "still isn't through", "is pending"), or asked after ("where is my refund",
"status of the refund", "refund status"); in Chinese 退款 before 到账, 进度, 状态, 还没... (not 退款到账户: to an
account)."""


_MAKE_REFUND_EN = re.compile(
    r"(?:^|[,.;:!?]\s*|\b(?:please|pls|plz|kindly|just|(?:can|could|would|will)\s+(?:you|someone|somebody)|you\s+to"
    rf"|help\s+me)\s+)(?:get|push|rush|hurry(?:\s+up)?|speed\s+up|expedite)\s+{_REFUND_NOUN_EN}"
    r"(?!\s+(?:status|progress|timeline|update|details?|info))",
    re.I,
)
_MAKE_REFUND_ZH = re.compile(
    r"把[^，,。；;！!？?\n]{0,4}?(?:退款|退费|退的钱|退的款)[^，,。；;！!？?\n]{0,2}?(?:处理|办|打|转|退)"
    r"|(?:退款|退费)[^，,。；;！!？?\n]{0,2}?(?:请|尽快|赶紧|赶快|马上|快点|立刻|立即|抓紧|早点)+[^，,。；;！!？?\n]{0,3}?"
    r"(?:到账|到帐|处理|办|打|转|退)(?![^，,。；;！!？?\n]*(?:进度|状态|查询|到哪))"
)
"""A refund told to happen, not asked after: "please get my refund processed today", "push my refund through" (a
causing verb opening a clause or after "please", "can you"), "请尽快把退款处理到账" (把 the refund, then a verb),
"退款请尽快到账" (an urging word between the refund and its arrival). Not "I didn't get my refund", "退款进度请尽快
告诉我", "could you get my refund status" nor "退款请尽快处理一下进度查询" (the refund's status, progress, 进度 or
查询 after it: a state asked after)."""


def refund_state(text: str) -> bool:
    """The request says a refund as the subject of a state (``_REFUND_STATE_EN``, ``_REFUND_STATE_ZH``).

    And, those words aside, it asks no destructive act ("my refund hasn't arrived, cancel the membership" asks one) and
    does not tell the refund to happen ("push my refund through", "退款请尽快到账": ``_MAKE_REFUND_EN``, ``_ZH``).
    The rest may ask an act's state ("那笔交易没有作废吧？查下退款状态 R-1": ``about_state``).
    """
    if not REFUND_STATES:
        return False
    text = text.replace("’", "'")
    if not (_REFUND_STATE_EN.search(text) or _REFUND_STATE_ZH.search(text)):
        return False
    if _MAKE_REFUND_EN.search(text) or _MAKE_REFUND_ZH.search(text):
        return False
    rest = _REFUND_STATE_ZH.sub(" ", _REFUND_STATE_EN.sub(" ", text))
    return not request_is_destructive(rest) or about_state(rest)


_SUBJECT_OR_AUX = frozenset(
    {
        *("i", "we", "you", "he", "she", "they", "it", "who", "that", "which", "someone", "somebody", "nobody"),
        *("be", "been", "being", "is", "are", "was", "were", "has", "have", "had", "get", "got", "gets", "getting"),
        *("not", "never", "already", "just", "please", "pls", "to"),
    }
)
_NOT_A_NOUN = frozenset(
    {
        *("for", "from", "in", "on", "at", "with", "to", "of", "by", "off", "out", "about", "as", "into", "and", "or"),
        *("but", "so", "then", "please", "now", "it", "them", "this", "that", "these", "those", "the", "a", "an", "my"),
        *("our", "your", "his", "her", "their", "its", "me", "us", "him", "all", "yet", "already", "today", "too"),
        *("asap", "tomorrow", "tonight", "before", "after", "until", "till", "right", "straight", "again"),
    }
)
"""Before a destroy word's participle, words that make it an act (a subject, an auxiliary: "we cancelled
appointments", "get it voided"); after it, words that are no noun it says a state of (a function word, a time: "ORD-1
cancelled asap", "cancelled straight away")."""
_OPENS_A_NOUN = frozenset(
    {
        *("the", "a", "an", "any", "all", "some", "no", "every", "each", "my", "our", "your", "his", "her", "their"),
        *("its", "this", "these", "those", "many", "few", "more", "most", "other", "me", "us", "of", "for", "from"),
        *("in", "on", "at", "with", "about", "without", "into", "between", "among", "than", "like", "per", "by"),
    }
)
"""Words that open a noun phrase, never end one: determiners, quantifiers, prepositions, "me", "us" ("show me voided
gift cards", "the number of refunded orders"). A participle after one is a state of the noun after it."""
_WISHED_DONE = re.compile(
    r"\b(?:have|has|had|get|gets|got|getting|want|wants|wanted|need|needs|needed|like|make|makes)\s+(?!to\b)"
    r"(?:[\w'#-]+\s+){1,4}$",
    re.I,
)
"""A wish or a causative verb and its object before a participle: "have order ORD-1 cancelled", "want the customer
deleted permanently" (the get/have/want-it-done form asks the act)."""
_JOINED = frozenset({"and", "or", ",", "&", "/"})
"""Words that join participles into one run ("cancelled or refunded orders", "cancelled, refunded orders")."""
_STATE_ZH = re.compile(r"(?:已经?|被)(?P<a>[\u4e00-\u9fff]{2})了?的|(?P<b>[\u4e00-\u9fff]{2})了的")
"""A destroy word before 的 after 已 / 已经 / 被 or with 了: "已作废的礼品卡", "取消了的预约" (not "我要取消的是
ORD-1": no 已, no 了)."""


def _participle(word: str) -> bool:
    """``word`` is a destroy word's past participle ("voided", "cancelled")."""
    return word.lower().endswith("ed") and is_destroy_word(word.lower())


def _after_its_object(text: str, noun: str) -> bool:
    """A participle after ``text`` (the request up to it), before ``noun``, follows its object: an act wished done.

    After a subject or an auxiliary ("we cancelled", "get it voided"), an id ("ORD-1 cancelled asap", "customer C-12
    deleted permanently"), or a noun phrase after a wish or causative verb ("have the order cancelled immediately");
    not after a word that opens a noun phrase ("show me voided gift cards") nor a count of a plural noun ("3 cancelled
    orders").
    """
    words = text.split()
    last = re.sub(r"^\W+", "", words[-1].lower()) if words else ""
    if not last[-1:].isalnum() or last.endswith("'s") or (last.isdigit() and noun.endswith("s")):
        return False  # a clause's start, a possessive, a count: a noun phrase opens
    if last in _SUBJECT_OR_AUX or any(c.isdigit() for c in last):
        return True
    return last not in _OPENS_A_NOUN and _WISHED_DONE.search(text) is not None


def _a_noun(tokens: list[str]) -> bool:
    """``tokens`` (the words after a participle) open a noun: not a function word nor an adverb.

    An adverb in -ly is one unless a noun follows it ("deleted permanently", not "cancelled monthly plans").
    """
    first = tokens[0] if tokens else ""
    if not first.isalpha() or first in _NOT_A_NOUN:
        return False
    return not first.endswith("ly") or (_a_noun(tokens[1:2]) and not tokens[1].endswith("ly"))


def _participle_states(text: str) -> list[tuple[int, int]]:
    """Where destroy words' past participles stand before their noun, saying its state: "voided gift cards".

    A run joined by and, or, a comma says one state ("cancelled or refunded orders"). Not one after its object
    (``_after_its_object``: "get it voided", "ORD-1 cancelled asap") nor one before no noun.
    """
    tokens = list(re.finditer(r"[A-Za-z][A-Za-z'-]*|\S", text))
    spans = []
    i = 0
    while i < len(tokens):
        if not _participle(tokens[i].group()):
            i += 1
            continue
        end = i
        while end + 2 < len(tokens) and tokens[end + 1].group().lower() in _JOINED and _participle(tokens[end + 2][0]):
            end += 2
        after = [t.group().lower() for t in tokens[end + 1 : end + 3]]
        if _a_noun(after) and not _after_its_object(text[: tokens[i].start()], after[0]):
            spans += [tokens[k].span() for k in range(i, end + 1, 2)]
        i = end + 1
    spans += [m.span() for m in _STATE_ZH.finditer(text) if is_destroy_word(m.group("a") or m.group("b"))]
    return spans


def says_a_state(text: str) -> bool:
    """A destroy word said only as a state of a thing, before it ("show me voided gift cards", "已作废的礼品卡").

    A participle before its noun says what became of the thing and asks no act; the request, those words aside,
    asks none either ("refunded packages: refund PK-2 too" asks one).
    """
    spans = _participle_states(text)
    if not spans:
        return False
    rest = text
    for start, end in reversed(spans):
        rest = rest[:start] + " " + rest[end:]
    return not request_is_destructive(rest)


_WHETHER_EN = re.compile(
    r"\b(?:know|knows|ask|asks|asked|asking|check|checks|checking|see|find\s+out|confirm|wonder(?:s|ed|ing)?"
    r"|tell\s+(?:me|us|him|her|them))\s+(?:if|whether)\s+"
    r"(?P<what>(?:(?!\b(?:and|then|but|so|otherwise|or|if)\b)[^,.;:!?\n])+)",
    re.I,
)
_MODAL_EN = re.compile(r"\b(?:can|could|would|will|shall|should|may|might|must)\b|'ll\b", re.I)
_HAPPENED_EN = re.compile(r"\b(?:already|yet|went|gone|been|was|were|did|has|have|had|got|gotten|[a-z]{3,}ed)\b", re.I)
"""An indirect question whether something happened: a verb of knowing or asking ("wants to know", "is asking",
"check", "find out") with "if" or "whether" before a clause in the past or perfect ("the refund for order 55087
already went through", "order 55087 was refunded"), up to a conjunction ("... was confirmed then cancel it"), and no
modal ("if we can refund order 55087" asks whether the act may be done, which is no state): "Customer wants to
know if the refund for order 55087 already went through"."""


def asks_whether_done(text: str) -> bool:
    """The request asks, as an indirect question, whether an act already happened (``_WHETHER_EN``).

    Its clause aside, the request asks no destructive act ("check whether the refund went through; if not, refund
    order 55087" asks one).
    """
    text = text.replace("’", "'")
    found = [m for m in _WHETHER_EN.finditer(text) if not _MODAL_EN.search(m["what"])]
    found = [m for m in found if _HAPPENED_EN.search(m["what"])]
    if not found:
        return False
    rest = text
    for m in reversed(found):
        rest = rest[: m.start()] + " " + rest[m.end() :]
    return not request_is_destructive(rest)


LIFTED_PAUSES = True
"""Lifting a pause ("帮我把停卡解除", "lift the freeze on my membership", "unfreeze my card") asks to undo the pause,
no destructive act (``lifts_a_pause``), whatever the words 解除, 取消, "end" or "cancel" read alone.
``benchmarks/destructive_ridealong.py --lifted-pauses off`` measures it on the dev registries."""

_PAUSE_ZH = r"(?:停卡|冻结|冻卡|暂停|挂起|停用)(?!的)"
_LIFT_ZH = r"(?:解除|解开|解掉|取消|撤销|结束)"
_PAUSE_EN = r"(?:freeze|pause|hold|suspension|block)s?\b"
_BETWEEN_EN = r"(?:(?!(?:on|in|under|with|at|of|for|from|that|which|is|are|was)\b)[\w'-]+\s+){0,2}?"
"""Up to two words before the pause's noun ("end my membership freeze"), no preposition among them ("the order on
hold": the order is the object)."""
_AFTER_PAUSE_EN = (
    r"(?=\s*(?:$|[^\w\s]|(?:on|for|of|from|at|off|and|so|then|please|pls|now|today|early|asap|too|i|we|you|that"
    r"|which|next|this|until|till|since|through|tomorrow|[a-z]+(?:ed|ing))\b))"
)
"""What may follow the pause's noun: an end, a stop, a preposition, "and", "please", "now", a relative clause ("the
hold on my card", "the hold I placed"), a time or a participle ("the freeze starting next week", "the hold placed on
my account"); not a noun it modifies ("my hold reservation")."""
_LIFTS_A_PAUSE = re.compile(
    rf"{_LIFT_ZH}[^，,。；;！!？?\n]{{0,6}}?{_PAUSE_ZH}|{_PAUSE_ZH}[^，,。；;！!？?\n]{{0,6}}?{_LIFT_ZH}|解冻"
    r"|\b(?:lift|end|remove|cancel|undo|stop|take\s+off)(?:s|ed|ing)?\s+(?:(?:my|the|our|your|his|her|their|this"
    rf"|that|a|an)\s+)?{_BETWEEN_EN}{_PAUSE_EN}{_AFTER_PAUSE_EN}|\bun(?:freeze|pause|suspend)\b",
    re.I,
)
"""A pause lifted, the pause itself the object: 解除 / 取消 / 结束 near 停卡, 冻结, 暂停 ("把停卡解除", "取消冻结",
"取消会员卡的暂停"), 解冻; "lift the freeze", "end my membership freeze", "cancel the hold on my card", "unfreeze" (a
freeze, a pause, a hold, a suspension, a block). Not a pause that says what a noun is: "取消暂停的订单",
"取消冻结的账户" (的 after it), "cancel the order on hold", "cancel my hold reservation"."""


_PAUSE_NOUN = re.compile(rf"{_PAUSE_ZH}|{_PAUSE_EN}|冻", re.I)


def pause_is_an_object(text: str, destroyers: Sequence[ToolSpec]) -> bool:
    """A pause the request lifts is the object of one of ``destroyers`` (``objects.names_object``, by description).

    ``hold_cancel`` ("Cancel a hold.") makes the hold its object: "please cancel my hold" asks its act.
    """
    lifted = " ".join(_PAUSE_NOUN.findall(" ".join(m.group(0) for m in _LIFTS_A_PAUSE.finditer(text))))
    return bool(lifted) and any(names_object(lifted, tool, "description") for tool in destroyers)


def lifts_a_pause(text: str, destroyers: Sequence[ToolSpec] = ()) -> bool:
    """The request lifts a pause (``_LIFTS_A_PAUSE``) and, those words aside, asks no destructive act.

    "出差提前回来了，帮我把停卡解除" asks to end a freeze; "unfreeze it and cancel the membership" asks a cancel too.
    Not where the pause is the object of one of ``destroyers`` (``pause_is_an_object``): there lifting it is that
    tool's act.
    """
    if not (LIFTED_PAUSES and _LIFTS_A_PAUSE.search(text)):
        return False
    return not (request_is_destructive(_LIFTS_A_PAUSE.sub(" ", text)) or pause_is_an_object(text, destroyers))


_UNDO = re.compile(r"\b(?:restore|undelete|recover|undo)(?:s|d|ed|ing)?\b|恢复|还原", re.I)
"""An act undone: restore, undelete, recover, undo, 恢复, 还原: the opposite of a delete (``opposites``)."""


def _undoes(tool: ToolSpec) -> bool:
    """``tool``'s name or its description's opening says an undo (``backup_restore``, "Restore a database ...")."""
    return bool(_UNDO.search(" ".join(name_words(tool.name))) or _UNDO.match(tool.description.strip()))


def undoes_an_act(text: str, destroyers: Sequence[ToolSpec] = ()) -> bool:
    """The request asks an undo (``_UNDO``) that none of ``destroyers`` does and, those words aside, no destructive act.

    "restore customer C-12", "恢复客户 C-12" ask no ``customer_delete``; beside ``backup_restore`` an undo is that
    tool's act.
    """
    if not _UNDO.search(text) or any(_undoes(tool) for tool in destroyers):
        return False
    return not request_is_destructive(_UNDO.sub(" ", text))


def lifts_or_undoes(text: str, destroyers: Sequence[ToolSpec] = ()) -> bool:
    """A pause lifted (``lifts_a_pause``) or an act undone (``undoes_an_act``): no destroy asked."""
    return lifts_a_pause(text, destroyers) or undoes_an_act(text, destroyers)


_SETTING_OFF_ZH = re.compile(
    r"(?:关闭|关掉|停掉)[^，,。；;！!？?\n]{0,16}?的[^，,。；;！!？?\n的]{0,4}?(?:提醒|通知|推送|短信|邮件|自动续费)"
    r"(?![^，,。；;！!？?\n]*的)"
)
"""Turning off something of a record, not the record: "请关闭账号abc_99的短信提醒", "关闭账号12345的自动续费" (an
alert, a notice, a push, a text, an e-mail or auto-renew after 的)."""


def turns_off_a_setting(text: str, destroyers: Sequence[ToolSpec] = ()) -> bool:
    """The request turns off an alert or a renewal of a record, or another part of it, and, that aside, asks no act.

    An alert or a renewal (``_SETTING_OFF_ZH``); a part put out of use (``_hints.part_put_out_of_use``: "disable
    notifications for guest badge B-902", "停用门禁卡 B-902 的短信提醒") that names none of ``destroyers``' object:
    "disable the badge of guest Wang" puts ``badge_revoke``'s badge out of use.
    """
    if _SETTING_OFF_ZH.search(text):
        return not request_is_destructive(_SETTING_OFF_ZH.sub(" ", text))
    part = part_put_out_of_use(text)
    if part is None:
        return False
    said, rest = part
    return not any(names_object(said, tool) for tool in destroyers) and not request_is_destructive(rest)


def about_state(text: str) -> bool:
    """The request asks a question about an act (whether it happened, what it costs, how to do it) and asks for no act.

    A how-to ("how do I close my account?", 怎么注销: ``_asks_how``) asks about the act, not for it; a refund as the
    subject of a state ("my refund hasn't arrived yet, can you check?", ``refund_state``) asks its state, and so does
    an indirect question whether an act happened ("wants to know if the refund went through", ``asks_whether_done``).
    Money back asked in Chinese as a question whether it can be done ("能退回来吗", ``_hints.asks_money_back_zh``) asks
    for it.
    """
    text = text.replace("’", "'")
    if not STATE_QUESTIONS:
        return False
    if _asks_how(text) or refund_state(text) or _asks_cost(text) or asks_whether_done(text) or says_a_state(text):
        return True
    clauses = _clauses(text)
    if _marked(text, clauses) or asks_money_back_zh(text):  # "我多交了 300 块钱，能退回来吗？" asks the refund
        return False
    return any(_question(c) for c in clauses) and not any(_command(c) for c in clauses)


MARKED_READS_APART = False
"""A request marker in a clause that asks only a read ("把试吃取消了吗？查一下BK-2208": was the tasting cancelled?
check BK-2208) makes no request of the question beside it: the marker is read in the clauses that ask a question or
a destructive act (``_marked``). Off: a marker anywhere. It ships off: on, a polite question that asks the act
("如果还没发货，可以取消预订 B-12 吗？先查一下", "无论是否付清都删除客户 C-3390 的账户，再给我看对账单") lost its
destroyer, the read clause's marker no longer counting for it."""


def _marked(text: str, clauses: list[str]) -> bool:
    """``text`` says a request marker, in a question's or a destroy act's clause with ``MARKED_READS_APART``."""
    if not MARKED_READS_APART:
        return says_request_marker(text)
    return any(says_request_marker(c) and (_question(c) or request_is_destructive(c)) for c in clauses)


def words_ask_nothing(text: str, destroyers: Sequence[ToolSpec] = ()) -> bool:
    """The request's words ask for no tool's act: a question about an act's state, with ``OWN_WORDS``.

    A pause lifted (``lifts_a_pause``, none of ``destroyers``' object) says no destructive act either.
    """
    return (OWN_WORDS and about_state(text)) or lifts_a_pause(text, destroyers)


_ID_TOKEN = re.compile(DIGIT_TOKEN)
"""A token holding a digit: an id ("CH-55031", "FARM-P2M9"), a number, a date or a time."""
_NAME_WORD = re.compile(r"[A-Z][a-z'’]*")
_NAME_WORDS = (2, 3)
"""A name is two or three capitalised Latin words ("Maria Lopez"); one alone may be a verb ("Scrap RP-20990")."""


_GIVES_ID = re.compile(
    r"^[\W_]*(?:(?:the|my|our|his|her|their|its|this|that|it)\s+)?(?:[a-z]+\s+){0,2}?[a-z]+\s*(?:\bis|\bwas|['’]s|[:=])"
    r"[\W_]*(?:\d[\W_]*)?$|^[\W_]*[\u4e00-\u9fff]{1,8}?\s*(?:是|为|[:：])[\W_]*(?:\d[\W_]*)?$",
    re.I,
)
"""What is left of a turn that only says what its id is, the ids taken out: "发票是 INV-3302", "the invoice number is
INV-3302", "invoice: INV-3302", "it's INV-3302" (a lone digit: an id split at a space, "INV 3302")."""


def says_no_act(text: str, destroyers: Sequence[ToolSpec] = ()) -> bool:
    """The request says no act: only ids, numbers, punctuation and at most a name ("CH-55031", "Maria Lopez CU-7").

    Such a request asks for no destructive act, whatever its act phrases or profile neighbours ("CH-55031" is closest
    to "退款 CH-55001", a refund's profile request, by the id alone). A name is capitalised Latin words, none a word of
    ``destroyers``' names ("Void CH-1" says ``void_voucher``'s act) nor a destroy word, read in its plain verbs
    (``plain_verbs.in_plain_verbs``: "Scrap Order ORD-5521" says a cancel). Nor does one that only says what its id
    is (``gives_an_id``: "发票是 INV-3302"): it continues the ask before it.
    """
    if gives_an_id(text):
        return True
    words = re.findall(r"\w+", _ID_TOKEN.sub(" ", in_plain_verbs(text)))
    if words and not _NAME_WORDS[0] <= len(words) <= _NAME_WORDS[1]:
        return False
    acts = {w for tool in destroyers for w in name_words(tool.name)}
    return all(_NAME_WORD.fullmatch(w) and w.lower() not in acts and not is_destroy_word(w.lower()) for w in words)


def gives_an_id(text: str) -> bool:
    """The request only says what its id is: a noun, is (是, a colon) and the id ("发票是 INV-3302").

    "the invoice is INV-3302", "invoice: INV-3302"; the noun may be a destroyer's thing ("invoice" of
    ``invoice_void``), not a destroy word ("void: INV-1", "要作废的是 INV-1" say an act).
    """
    plain = in_plain_verbs(text)
    rest = _ID_TOKEN.sub(" ", plain)
    if rest == plain or not _GIVES_ID.match(rest) or request_is_destructive(text):
        return False
    return not any(is_destroy_word(w.lower()) for w in re.findall(r"[A-Za-z]+", rest))
