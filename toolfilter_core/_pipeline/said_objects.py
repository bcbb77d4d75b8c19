"""A destroyer whose act the request says, on another thing: "delete the email I sent the customer".

``menu_item_delete`` shares the verb "delete" with that request, but the email is no menu item: the phrase the verb
acts on names another candidate's object (``send_customer_message``'s customer; "删掉刚才发给客人的那条短信" its
客人) and none of the destroyer's. A destroyer let in by its verb alone enters only where the request names its
object or carries an id it takes (``decide.names_objects``), or where the verb's phrase names no other candidate's
object, ranked above it, that the destroyer's own words (name, description, parameters) do not name too: "refund
the 500 deposit for room 1203" acts on the deposit, the room is where; "unfollow the Chill Vibes playlist" names
the playlist that ``delete_playlists_playlist_id_followers`` names itself.

A request that says two or more destroyers' own acts, no two alike ("cancel ORD-1 and refund the payment", "取消订单
ORD-1 并退款"), asks each act of its own tool (``acts_apart``): the object one act names holds no other, and the
phrase after the first verb is not the second's.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from .._hints import destroy_verbs_said, is_destroy_word, own_acts, request_is_destructive, says_its_act_any_way
from .._types import ToolSpec, docstring_of
from .clause_things import described_thing
from .id_shapes import ID_TOKEN
from .objects import names_object, object_words
from .owners import owner_only
from .plain_verbs import THROW_AWAY_EN
from .zh_records import english_records, head_records

__all__ = [
    "acts_apart",
    "acts_told_apart",
    "on_another_object",
    "on_another_record",
    "on_the_record_said",
    "taken_by_its_own_act",
    "things_of_ids",
]

_CJK = re.compile(r"[\u4e00-\u9fff]+")
_TOKEN = re.compile(r"[A-Za-z][A-Za-z'-]*|[^\sA-Za-z]+")
_ENDS_THE_PHRASE = frozenset(
    {
        *("for", "from", "in", "on", "at", "with", "to", "of", "by", "off", "out", "about", "as", "into", "because"),
        *("since", "so", "and", "but", "or", "please", "after", "before", "when", "while", "if", "then", "now"),
    }
)
"""Words that end the phrase a verb acts on (a preposition, a conjunction, "please"). English
function words."""


def verb_phrase(text: str) -> str:
    """The phrase the request's first destroy word acts on: in English up to a preposition or punctuation.

    "refund the 500 deposit for room 1203" → "the 500 deposit"; in Chinese the rest of the request
    ("删掉刚才发给客人的那条短信" → "刚才发给客人的那条短信"); a request with no destroy word: "".
    """
    tokens = _TOKEN.findall(text)
    at = next((i for i, t in enumerate(tokens) if t[0].isascii() and t[0].isalpha() and is_destroy_word(t)), None)
    if at is None:
        return _chinese_phrase(text)
    out: list[str] = []
    for token in tokens[at + 1 :]:
        if token.lower() in _ENDS_THE_PHRASE or (not token[0].isalnum() and token not in ("'", "-")):
            break
        out.append(token)
    return " ".join(out)


_PASSIVE = frozenset({"be", "been", "being", "is", "are", "was", "were", "get", "got", "gets"})
"""Words before a destroy word's participle that make it passive: its object is said before it ("her data to be
deleted")."""
_NO_THING = frozenset(
    {
        *("it", "them", "this", "that", "these", "those", "one", "ones", "everything", "all", "both", "each", "any"),
        *("the", "a", "an", "my", "our", "your", "his", "her", "their", "its", "me", "us", "him", "you", "everything"),
        *("to", "too", "also", "please", "just", "now", "then", "so", "and", "or", "asap", "immediately", "again"),
    }
)
"""Words of a phrase that name no thing (a pronoun, a determiner, an adverb): "delete it", "cancel them all"."""


def _acted_on(tokens: list[str], at: int) -> list[str]:
    """The words the destroy word at ``at`` acts on: after it, or before it where it is passive ("to be deleted")."""
    passive = at > 0 and tokens[at - 1].lower() in _PASSIVE
    if not passive:
        after = []
        for token in tokens[at + 1 :]:
            if token.lower() in _ENDS_THE_PHRASE or not token[0].isalnum():
                break
            after.append(token)
        return after
    before: list[str] = []
    for token in reversed(tokens[: at - 1]):
        if token.lower() in {"to", "will", "would", "should", "must", "can", "has", "have", "had", "want", "wants"}:
            continue
        if token.lower() in _ENDS_THE_PHRASE or not token[0].isalnum() or len(before) == 3:
            break
        before.insert(0, token)
    return before


def _things_destroyed(text: str) -> list[list[str]]:
    """The thing words each English destroy word of ``text`` acts on; [] where one acts on an id, a pronoun or none.

    "... asked for her data to be deleted": [["data"]]; "delete it", "delete C-1", "cancel everything": [].
    """
    tokens = _TOKEN.findall(text)
    at = [i for i, t in enumerate(tokens) if t[0].isascii() and t[0].isalpha() and is_destroy_word(t)]
    things = []
    for words in (_acted_on(tokens, i) for i in at):
        named = [w.lower() for w in words if len(w) > 2 and w.isalpha() and w.lower() not in _NO_THING]
        if not named or any(any(c.isdigit() for c in w) for w in words):
            return []
        things.append(named)
    return things


def _on_none_of_its_own(text: str, things: list[list[str]], tool: ToolSpec, above: list[ToolSpec]) -> bool:
    """Each destroy word of ``text`` acts on a thing (``things``) the tool's own words do not say.

    Nor does ``text`` name its object anywhere, while it names the object of a candidate ranked ``above`` it that
    shares none of its object: "Close account acc-55012, ... her data to be deleted" names no vehicle of
    ``remove_vehicle``'s, whatever id it takes ("delete the margherita" names no other candidate's object: the menu
    item is the one thing it could be).
    """
    if not things or names_object(text, tool):
        return False
    own = {w.lower() for w in _TOKEN.findall(_own_text(tool))}
    if any(own & set(words) for words in things):
        return False
    mine = object_words(tool)
    return any(names_object(text, t) and not object_words(t) & mine for t in above)


_ZH_CLAUSE = re.compile(r"[，,。；;！!？?\n]")


def _act_and_topic(text: str) -> str:
    """The clauses that say a Chinese destroy word, each with the one before it (its topic: "那个账单开错了，作废掉").

    Not the others: "…然后取消掉，再记一条投诉，客户对上次迟到很不满" cancels no customer; nor the one before a clause
    that names its own thing (``_names_its_thing``: "客户自己改了线路，把C-3345的施工质保作废" voids the warranty).
    """
    clauses = _ZH_CLAUSE.split(text)
    said = [i for i, clause in enumerate(clauses) if _says_zh_act(clause)]
    topics = {i - 1 for i in said if i > 0 and not _names_its_thing(clauses[i])}
    return "，".join(clauses[j] for j in sorted(topics | set(said)))


_OWN_THING = re.compile(r"把[^，,。；;！!？?]*?的\s*([\u4e00-\u9fff]+)")
"""A thing an act clause names itself, a record's own after 的 ("把C-3345的施工质保作废"), with the act after it."""


def _names_its_thing(clause: str) -> bool:
    """The clause names the thing it acts on as another's (``_OWN_THING``), a word before its destroy word."""
    found = _OWN_THING.search(clause)
    if found is None:
        return False
    run = found.group(1)
    at = [run.find(word) for word in destroy_verbs_said(run) if word in run]
    return bool(at) and min(at) > 0


def _says_zh_act(clause: str) -> bool:
    """The clause says a Chinese destroy word (``_hints.request_is_destructive`` on its Chinese)."""
    return bool(_CJK.search(clause)) and request_is_destructive("".join(_CJK.findall(clause)))


def on_the_record_said(text: str, tools: list[ToolSpec], across: list[int]) -> list[int]:
    """Of ``across`` (tools whose act a request says in the other language only), those acting on the record it names.

    The record the request names as the thing acted on (``zh_records.head_records``), in the clause that says the
    act or the one before it (``_act_and_topic``), where it names one.

    "3号桌那个账单开错了，作废掉" voids the bill (账单): ``tour_booking_cancel`` shares the act (作废, cancel) but the
    request says none of its tour booking's words; ``taproom_tab_void``'s tab is the bill.
    """
    heads = head_records(_act_and_topic(text))
    if not heads:
        return across
    said = " ".join(sorted(heads))
    return [j for j in across if names_object(said, tools[j])]


def on_another_record(
    text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_], rivals: Callable[[], list[ToolSpec]]
) -> NDArray[np.bool_]:
    """One row: the destroyers whose object is not the record ``text`` says its act on, where another destroyer's is.

    The record: ``zh_records.head_records`` of the clause that says the act and the one before it (``_act_and_topic``);
    another destroyer: one of the registry's (``rivals``) whose object it names. Held only a destroyer that takes
    that record beside its own (``_takes_record``) and whose object those clauses name nowhere ("客户 C-3390 的账户要
    不要删？删吧": the account is the client's own). "把学生 STU-0877 的所有信息删掉" deletes the student's whole
    record (``student_delete``), no membership of ``ensemble_remove_member``, which takes the student's id too; with
    no destroyer of students, nothing is read here. A destroyer of another thing stays: "取消订单 ORD-1 并退款" keeps
    ``payment_refund``, "TA-20417 客户说不去了，这单撤了吧" ``booking_cancel`` (no customer of theirs),
    "把明天下午那个保养预约也撤了" ``calendar_cancel_slot`` (the appointment is its own record).
    """
    out = np.zeros_like(destructive)
    clauses = _act_and_topic(text) if destructive.any() else ""
    heads = head_records(clauses)
    said = " ".join(sorted(heads))
    off = [
        j
        for j, tool in enumerate(tools)
        if destructive[0, j] and not names_object(clauses, tool) and _takes_record(tool, heads)
    ]
    if heads and off and any(names_object(said, tool) for tool in rivals()):
        out[0, off] = True
    return out


def _takes_record(tool: ToolSpec, records: set[str]) -> bool:
    """``tool`` takes one of ``records`` (English record words) beside an id of another record, its own.

    ``ensemble_remove_member`` (``ensemble_id``, ``student_id``) takes a student from an ensemble; ``student_delete``
    (``student_id``) and ``calendar_cancel_slot`` (``appointment_id``: "那个保养预约也撤了") take the record itself.
    """
    words = [[w for w in re.split(r"[_\W]+|(?<=[a-z])(?=[A-Z])", name) if w] for name in tool.parameter_names]
    ids = [{w.lower() for w in name} for name in words if name and name[-1].lower() in {"id", "ids"}]
    named = [name for name in ids if name & records]
    return bool(named) and len(named) < len(ids)


def _chinese_phrase(text: str) -> str:
    """The text after the first Chinese destroy word (of two characters, or one); "" where none is said."""
    for i in range(len(text)):
        for n in (2, 1):
            word = text[i : i + n]
            if len(word) == n and _CJK.fullmatch(word) and is_destroy_word(word):
                return text[i + n :]
    return ""


def _own_text(tool: ToolSpec) -> str:
    """A tool's own words: its name's, its description's and its parameters' names."""
    properties = tool.parameters.get("properties")
    names = " ".join(n for n in properties if isinstance(n, str)) if isinstance(properties, dict) else ""
    return " ".join([tool.name.replace("_", " "), docstring_of(tool), names.replace("_", " ")])


def on_another_object(
    text: str, tools: list[ToolSpec], said: NDArray[np.bool_], named: NDArray[np.bool_], owners: Owners | None = None
) -> NDArray[np.bool_]:
    """One row: the tools ``said`` whose object ``text`` does not name (``named``), its verb's phrase another's.

    Another: a candidate ranked above the destroyer (``tools``, best first) that shares no object word with it,
    whose object the destroyer's own words do not name, nor its own words the destroyer's ("refund folio F-7781":
    ``get_folio`` shows "charges and payments", ``refund_payment``'s object) other than as an owner ("an SMS to a
    patient's phone" names no patient record: ``_names_as_its_own``). ``owners``: whose record an id is
    (``_on_a_thing_of_its_id``).
    """
    out = np.zeros_like(said)
    phrase, things = verb_phrase(text), _things_destroyed(text)
    of_ids = _things_read(text, owners) if said.any() else []
    for j, tool in enumerate(tools):
        its_id = said[0, j] and _on_a_thing_of_its_id(of_ids, tools, j)
        if said[0, j] and (_on_none_of_its_own(text, things, tool, tools[:j]) or its_id):
            out[0, j] = True  # "Close account acc-55012, ... her data to be deleted": no vehicle
            continue
        if not said[0, j] or named[0, j]:
            continue
        own, words = object_words(tool), _own_text(tool)
        out[0, j] = any(
            not object_words(t) & own
            and names_object(phrase, t)
            and not names_object(words, t)
            and not _names_as_its_own(_own_text(t), tool)
            for t in tools[:j]
        )
    return out


_ID = ID_TOKEN
_ITS_THING = re.compile(rf"(?P<id>{_ID})\s*的\s*(?P<thing>[^，,。；;！!？?\n]{{1,12}})")
"""A thing of the record an id names, in Chinese: "CU-0001 的会员折扣",
"取消 R-21030 的订阅提醒邮件"."""
_CLAUSE_END = re.compile(r"[，,。；;！!？?\n]")
_ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
_THING_EN = r"(?:the|its|their|his|her|my|our|your|that|this)\s+(?P<thing>(?:[a-z][a-z'-]*\s+){0,3}?[a-z][a-z'-]*)\s+"
_RECORD_EN = rf"\s+(?:(?:the|this|that)\s+)?(?:[a-z]+\s+)?(?P<id>{_ID})"
_OF_ITS_ID = re.compile(rf"\b{_THING_EN}of{_RECORD_EN}", re.I)
"""A thing of the record an id names, in English: "the member discount of CU-0001"."""
_OFF_ITS_ID = re.compile(rf"\b(?:tak(?:e|es|ing)|took|pull(?:s|ed|ing)?)\s+{_THING_EN}off{_RECORD_EN}", re.I)
"""A thing taken off the record an id names: "take the sticker off bag XA447201" (not "take
bag XA447201 off run R7": the record itself is taken off)."""

_TAKE = rf"(?:remove|removes|removed|removing|delete|deleting|strip|erase|clear|cut|take|taking|took|{THROW_AWAY_EN})"
"""Verbs that take a thing off a record: the plain ones and those that throw it away (``plain_verbs``)."""
_NOT_ALL = r"(?!(?:all|every|everything|each|both|it|them|this|that|these|those|one)\b)"
_DETERMINER = r"(?:(?:the|its|their|his|her|my|our|your|that|this|these|those)\s+)?"
_THING_FROM = rf"{_DETERMINER}{_NOT_ALL}(?P<thing>(?:[a-z][a-z'-]*\s+){{0,3}}?[a-z][a-z'-]*)"
_NAMED_EN = r"\s+(?P<id>(?-i:[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?))(?:'s|’s)\s+(?=[a-z])"
"""A record named by its owner's name, not an id: "from Max's profile", "from Leo Park's profile" (the record's word
follows)."""
_PLACE_OF_ID = rf"\s+(?:the|its|their|this|that)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:for|of|on|in){_RECORD_EN}"
"""A list or place of the record an id names, the thing's whence: "off the inventory for MV-20417"."""
_PLACE = re.compile(
    r"\b(?:from|off)\s+(?:the|its|their|this|that)\s+(?P<place>[a-z]+(?:\s+[a-z]+)?)\s+(?:for|of|on|in)\b", re.I
)
"""The place word of a thing's whence (``_PLACE_OF_ID``): "from the crew on MV-41000": crew."""
_NOT_PARTICLES = r"(?![吧了啊呀呢嘛吗哦啦喔呗]*\s*(?:[，,。；;！!？?\n]|$))"
"""Not a clause's closing particles alone after a Chinese removal verb ("把我从 EV-4410 的候补名单里拿掉吧": 吧 is
no thing taken from the list, the list's entry is)."""
_FROM_ITS_ID = (
    re.compile(rf"\b{_TAKE}\s+{_THING_FROM}\s+from{_RECORD_EN}", re.I),
    re.compile(rf"\b{_TAKE}\s+{_THING_FROM}\s+from{_NAMED_EN}", re.I),
    re.compile(rf"\b{_TAKE}\s+{_THING_FROM}\s+(?:from|off){_PLACE_OF_ID}", re.I),
    re.compile(
        rf"\bfrom{_RECORD_EN}(?:'s)?(?:\s+(?!(?:and|then|or|but)\b)[a-z]+){{0,2}}\s*,?\s+{_TAKE}\s+{_THING_FROM}\b",
        re.I,
    ),
    re.compile(
        rf"(?P<id>{_ID})(?:'s|’s)\s+{_NOT_ALL}(?P<thing>(?:[a-z][a-z'-]*\s+){{0,2}}?[a-z][a-z'-]*)\b[^;:!?\n]{{0,60}}?"
        rf"\b{_TAKE}\s+(?:it|them)\s+(?:from|off)\s+(?:the|this|that|its|their)\s+[a-z]+",
        re.I,
    ),
    re.compile(
        rf"从\s*(?:[\u4e00-\u9fff]{{1,4}}\s*)?(?P<id>{_ID})\s*的?[^，,。；;！!？?\n]{{0,6}}?(?:里|中|上)?\s*"
        r"(?:删除|删掉|去掉|去除|移除|拿掉)\s*"
        rf"{_NOT_PARTICLES}(?P<thing>[^，,。；;！!？?\n]{{1,12}})"
    ),
    re.compile(
        rf"(?P<id>{_ID})\s*的?[^，,。；;！!？?\n的]{{0,6}}?(?:上|里|中)的(?P<thing>[^，,。；;！!？?\n]{{1,12}})"
    ),
    re.compile(
        rf"(?P<id>{_ID})\s*的?[^，,。；;！!？?\n]{{0,8}}?(?:上|里|中)\s*(?:把|将)?\s*"
        r"(?P<thing>(?!的)[^，,。；;！!？?\n]{1,12}?)\s*(?:删除|删掉|去掉|去除|移除|拿掉)"
    ),
    re.compile(
        r"从\s*(?P<id>[A-Z][a-z]+)\s*的[^，,。；;！!？?\n]{1,6}?(?:里|中|上)?\s*(?:删除|删掉|去掉|去除|移除|拿掉)\s*"
        rf"{_NOT_PARTICLES}(?P<thing>[^，,。；;！!？?\n]{{1,12}})"
    ),
)
"""A thing removed from the record an id names: "remove the watermark from G-551 photos", "from G-551 photos remove
the watermark", "从 G-551 的照片中删除水印", "从订单 GO-2230 里去掉一条领带" (the record's word before its id),
"take the sofa off the inventory for MV-20417" (a place of the record: ``_PLACE_OF_ID``), "去掉 G-551 照片上的水印",
"订单 GO-7745 里那件大衣拿掉", "订单 PO-55250 的送货地址里把“三楼”去掉" (what is in it, then
the verb), or its owner's name does: "delete the note about biting from Max's profile", "从 Max 的档案里
删掉咬人的备注", or a pronoun points back to the thing: "bill B-702's second latte was a mistake, delete it from the
bill". Not all of the record
("remove all photos from G-551": ``_NOT_ALL``, ``_ALL_ZH``)."""
_ALL_ZH = re.compile(r"^(?:所有|全部|全|整个|一切)")
_REMAINDER = re.compile(r"^(?:rest|remainder|remaining|remains)\b|^(?:剩下|剩余|余下)", re.I)
"""A thing that is what is left of the record itself, no other thing of it: "refund the rest of package PK-77", "the
remaining sessions of PK-77", "PK-77 的剩余次数"."""

Owners = Callable[[str], list[bool] | None]
"""Per candidate, the record of the id that ends the text given is its own (``None``, or none: not told)."""


def _things_of_ids(text: str) -> list[tuple[str, bool, int, int, str]]:
    """The things of an id's record ``text`` says: the thing, whether taken off, where it and its id end, whence.

    Whence: the words it is taken from or off (``_FROM_ITS_ID``, ``_OFF_ITS_ID``; "" where none).

    Not a thing with an id of its own: "删除客户C-12的地址A-3" names the address by its id.
    """
    found = [(m, False, "") for pattern in (_ITS_THING, _OF_ITS_ID) for m in pattern.finditer(text)]
    found += [(m, True, _taken_from(m)) for m in _OFF_ITS_ID.finditer(text)]
    found += [
        (m, True, _taken_from(m))
        for pattern in _FROM_ITS_ID
        for m in pattern.finditer(text)
        if not request_is_destructive(text[m.end() :])  # "remove the notes from CU-5120 and delete the customer"
    ]
    return [
        (m.group("thing"), off, m.start(), max(m.end("id"), m.end("thing")), source)
        for m, off, source in found
        if not re.search(_ID, m.group("thing")) and not _all_or_rest(m.group("thing").strip())
    ]


def _all_or_rest(thing: str) -> bool:
    """``thing`` is all of a record ("所有照片") or what is left of it ("the rest"): the record itself, no part."""
    return bool(_ALL_ZH.match(thing) or _REMAINDER.match(thing))


def _own_thing(thing: str, tool: ToolSpec) -> bool:
    """The tool's words name ``thing``: its object (``names_object``), or, in English, a word of its own text."""
    own = {_singular(w) for w in re.findall(r"[a-z]+", _own_text(tool).lower())}
    head = re.split(r"[（(]", thing)[0][-2:]  # a Chinese thing's head noun ends it: 账户 of "C-3390 的账户（…）"
    words = {*re.findall(r"[a-z]{3,}", thing.lower()), *english_records(head)}
    return names_object(thing, tool) or any(_singular(w) in own for w in words)


def _taken_from(match: re.Match[str]) -> str:
    """The words of the record a thing is taken from (``_FROM_ITS_ID``): its match less the thing, with its id's label.

    The label: the words of its clause just before the match ("把订单 R-221 里的可乐删掉": 订单).
    """
    rest = _CLAUSE_END.split(match.string[match.end() :], maxsplit=1)[0].split()[:3]  # "M-1890's box"
    label = _CLAUSE_END.split(match.string[: match.start()])[-1][-6:]
    text = match.string[match.start() : match.start("thing")] + match.string[match.end("thing") : match.end()]
    return " ".join([label, text, *rest])


_FROM_WORDS = re.compile(r"\bfrom\s+((?:[A-Za-z'-]+\s+){0,3}[A-Za-z'-]+)", re.I)


def _takes_from(tool: ToolSpec, source: str, thing: str = "") -> bool:
    """The tool's own words say what it takes a thing from, and ``source`` names it, and its thing is ``thing``.

    "Remove an item from a member's box" and "remove the eggs from M-1890's box", "把 M-2150 下周箱子里的核桃去掉" (its
    Chinese record nouns read in English: ``english_records``); not "Delete a gallery ... from cloud storage": its thing
    is the gallery, taken from no record the request names; nor "Delete a note ... from a garment order" for "从订单
    GO-2230 里去掉一条领带": it takes a thing of its own kind (``_its_kind_taken``), and a tie is no note.
    """
    said = {_singular(w) for w in re.findall(r"[a-z]{3,}", source.lower())} | english_records(source)  # 箱子里: box
    return _its_kind_taken(tool, thing) and any(
        _singular(w) in said
        for words in _FROM_WORDS.findall(docstring_of(tool))
        for w in re.findall(r"[a-z]{3,}", words.lower())
        if w not in ("the", "its", "their", "your")
    )


_TAKEN_THING = re.compile(r"^\W*[A-Za-z]+\s+(?P<thing>[^;:!?\n]*?)\s+from\b", re.I)
"""What a tool's first sentence takes from a record: "Remove *an item* from a member's box"."""
_ANY_THING = re.compile(r"(?:^|\s)(?:items?|entr(?:y|ies)|lines?|things?|products?|articles?|pieces?)$", re.I)
"""A thing of any kind, by its head noun: "an item", "a line item", "entries"."""


def _its_kind_taken(tool: ToolSpec, thing: str) -> bool:
    """``thing`` is of the kind the tool takes from a record (no thing told: any).

    Any, where it takes an item (``_ANY_THING``), else its own (``_own_thing``: a note for "Delete a note … from a
    garment order").
    """
    taken = _TAKEN_THING.match(docstring_of(tool).strip())
    if not thing or taken is None or _ANY_THING.search(taken.group("thing").strip()):
        return True
    return _own_thing(thing, tool)


def _place_is_its_thing(tool: ToolSpec, source: str) -> bool:
    """The place a thing is taken from (``_PLACE``) is the tool's own thing: the removal is its act.

    "remove Jake from the crew on MV-41000" unassigns a crew member ("Remove a crew member from a move"), no thing of
    the move taken off another's list.
    """
    place = _PLACE.search(source)
    own = described_thing(tool) | object_words(tool, "name")
    return place is not None and any(_singular(w) in own for w in place.group("place").lower().split())


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


Thing = tuple[str, bool, str, str, list[bool] | None, str]
"""A thing of an id's record as ``_on_a_thing_of_its_id`` reads it: the thing, whether it is taken off, the text
before it, its clause's words before it, whose record its id is per candidate (``None``: not told), and the words
it is taken from ("" where none)."""


def _things_read(text: str, owners: Owners | None) -> list[Thing]:
    """The things of ids' records ``text`` says (``_things_of_ids``), each read once for every candidate."""
    read: list[Thing] = []
    for thing, off, start, end, source in _things_of_ids(text):
        clause = max((m.end() for m in _CLAUSE_END.finditer(text, 0, start)), default=0)
        own = owners(text[clause:end]) if owners is not None else None
        read.append((thing, off, text[:start], text[clause:start], own, source))
    return read


def _on_a_thing_of_its_id(things: list[Thing], tools: list[ToolSpec], j: int) -> bool:
    """The act is on a thing of its own id's record that is not the tool's object: "取消 R-21030 的订阅提醒邮件".

    "去掉 CU-0001 的会员折扣" and "remove the member discount of CU-0001" remove a discount, no swimmer
    from a course nor a customer; "take the sticker off bag XA447201" takes no bag off a run. Only an
    act said before the id ("BK-52840 的钱原路退回" acts on the money after it) or a thing taken off;
    only a thing the vocabulary knows (``zh_records``, English words: "吊销 C-77 的证书" names a
    certificate no word says is another thing), not the tool's own (``_own_thing``: "删除 CU-0001 的账户"
    names the account ``delete_customer_account`` deletes); and only the tool the id is for (``owners``,
    read from the id's clause, else the record its label says: "注销客户 CU-1 的账户" is no order's).
    """
    tool = tools[j]
    for thing, off, before, said, own, source in things:
        if source and (_takes_from(tool, source, thing) or _place_is_its_thing(tool, source)):
            continue  # "remove the eggs from M-1890's box": its own act, "Remove an item from a member's box"
        if not off and not (request_is_destructive(before) or says_its_act_any_way(before, tool)):
            continue
        known = source or english_records(thing) or _ENGLISH_WORD.search(thing)  # a thing taken from it: a part
        if not known or _own_thing(thing, tool):
            continue
        # no id the registry reads: its label says whose, where it says one
        if own[j] if own is not None else not english_records(said) or names_object(said, tool):
            return True
    return False


def things_of_ids(
    text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_], owners: Owners | None = None
) -> NDArray[np.bool_]:
    """One row: the destroyers whose act ``text`` says on a thing of an id's record they do not name, held.

    "remove the member discount of CU-0001" asks no ``delete_customer``, by whatever reading (its verb, the id it
    takes, the act phrases): ``_on_a_thing_of_its_id``.
    """
    out = np.zeros_like(destructive)
    things = _things_read(text, owners) if destructive.any() else []
    for j in range(len(tools)):
        out[0, j] = bool(destructive[0, j]) and _on_a_thing_of_its_id(things, tools, j)
    return out


def taken_by_its_own_act(text: str, tools: list[ToolSpec], destructive: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """One row: the destroyers whose own words take a thing from the record ``text`` takes one from (their act said).

    "delete the coke from order R-221" says the act of ``order_item_remove`` ("Remove an item from an order"), whatever
    verb it says it with, and no cancel of the order (``things_of_ids``): ``_FROM_ITS_ID``, ``_takes_from``. Only a
    thing of its kind: "订单 PO-55250 的送货地址里把“三楼”去掉" takes no artwork file from the order.
    """
    out = np.zeros_like(destructive)
    taken = [(thing, source) for thing, *_, source in _things_of_ids(text) if source] if destructive.any() else []
    for j, tool in enumerate(tools):
        out[0, j] = bool(destructive[0, j]) and any(_takes_from(tool, source, thing) for thing, source in taken)
    return out


def _names_as_its_own(words: str, tool: ToolSpec) -> bool:
    """``words`` name ``tool``'s object, not only as the owner of another thing (``owners.owner_only``).

    ``get_folio`` shows "charges and payments" (``refund_payment``'s object); ``sms_send`` "Send an SMS to a
    patient's phone" names the patient only as the phone's owner, no patient record.
    """
    return names_object(words, tool) and not owner_only(words, tool)


def acts_apart(tools: list[ToolSpec], destructive: NDArray[np.bool_], said: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """One row: the destroyers ``said`` where two or more are, each with its own acts and none shared; else none.

    Each is named by its own act, as by its object (``decide.names_objects``).
    """
    out = np.zeros_like(said)
    apart = [j for j, tool in enumerate(tools) if said[0, j] and destructive[0, j]]
    if acts_told_apart([tools[j] for j in apart]):
        out[0, apart] = True
    return out


def acts_told_apart(tools: list[ToolSpec]) -> bool:
    """Two or more ``tools``, each with its own destroying acts (``own_acts``), no act of one another's."""
    acts = [own_acts(tool) for tool in tools]
    together = [act for own in acts for act in own]
    return len(acts) >= 2 and all(acts) and len(together) == len(set(together))
