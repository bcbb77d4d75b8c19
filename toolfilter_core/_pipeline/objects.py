"""The object a destructive tool acts on, and whether a request names it.

A destroy request says one act ("cancel", "作废") that several destructive tools share
(``appointment_cancel``, ``boarding_cancel``); the object it names tells them apart. A tool's
object words: its name's words less a server and its destructive verbs (``appointment`` of
``appointment_cancel``; with ``OBJECT_FROM`` ``name_last``, of a path-like name only its last resource
noun group: ``releases`` of ``delete_repos_owner_repo_releases_release_id``), with ``OBJECT_FROM``
``description`` the words of its description's first clause too, less its verbs and short words; in
Chinese, the two-character runs of that clause less its verbs (``处方`` of "作废一张处方"). A request
names a tool's object when it says one of those words (an English word in any plural form, or a
Chinese record noun that translates one: 租车 → rental, ``zh_records``), or carries an id the tool
takes (``id_shapes``).
"""

from __future__ import annotations

import re

from .._clauses import clause_parts
from .._function_words import FUNCTION_EN, FUNCTION_ZH
from .._hints import (
    asks_money_back_zh,
    first_clause,
    gives_money_back,
    is_destroy_word,
    name_words,
    request_is_destructive,
)
from .._types import ToolSpec, bare_name, docstring_of
from .id_shapes import id_letters
from .zh_records import english_records, head_records

__all__ = [
    "OBJECT_FROM",
    "said_words",
    "destroyed_objects",
    "destroyer_of_named_record",
    "destroyer_of_said_object",
    "destroyer_of_top",
    "english_words",
    "names_object",
    "object_words",
    "opening_verbs_apart",
]

OBJECT_FROM = "name_last"
"""Where a tool's object words come from: ``name`` (its name's words), ``name_last`` (those of a plain name; of a
path-like name, ``delete_repos_owner_repo_releases_release_id``, its last resource noun group only: ``releases``,
``_last_resource``), ``params`` (and the record its only
id parameter names: ``stay`` of ``boarding_cancel``'s ``stay_id``), ``description`` (and its description's first
clause), ``id`` (no word: only an id the tool takes), ``off`` (no object read: every destructive tool whose act a
request says may enter). Chosen by ``benchmarks/choose_one_object.py``
(dev registries, each left out in turn)."""

_ENGLISH = re.compile(r"[A-Za-z][A-Za-z0-9]+")
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")
_SHORT = 3
"""English words under this many letters name no object (``id``, ``by``, ``of``)."""
_FUNCTION_ZH = FUNCTION_ZH | set("所有要求")
"""Function characters, and 所有, 要求 (how many, that it is asked): a two-character run holding one names no
object."""
_FUNCTION_EN = FUNCTION_EN | frozenset({"for", "with", "from", "all", "any", "their", "into", "one", "not", "can"})
"""Function words, and prepositions, quantifiers, "not" and "can": none names an object."""
_MODIFIERS = frozenset(
    {"old", "new", "last", "first", "previous", "current", "recent", "stale", "expired", "unused", "inactive", "temp"}
)
"""Words that say which one or how old, not what: ``purge_old_logs`` acts on logs, and "delete the old
grafana one" names no log."""


def _stem(word: str) -> str:
    """An English word less a plural ending."""
    word = word.lower()
    for end in ("ies", "es", "s"):
        if word.endswith(end) and len(word) - len(end) >= _SHORT:
            return word[: -len(end)] + ("y" if end == "ies" else "")
    return word


def _english(words: list[str]) -> set[str]:
    """The object words among ``words``: not a destructive verb, a function word or a short word."""
    skip = _FUNCTION_EN | _MODIFIERS
    return {_stem(w) for w in words if len(w) >= _SHORT and w.lower() not in skip and not is_destroy_word(w)}


def english_words(words: list[str]) -> set[str]:
    """The object words among ``words`` (``_english``): not a destructive verb, a function word or a short word."""
    return _english(words)


def _chinese(text: str) -> set[str]:
    """The two-character runs of ``text``'s Chinese, less destructive verbs and function characters."""
    out = set()
    for run in _CJK_RUN.findall(text):
        for i in range(len(run) - 1):
            pair = run[i : i + 2]
            if not (_FUNCTION_ZH & set(pair)) and not is_destroy_word(pair):
                out.add(pair)
    return out


_ID_PARAMETER = re.compile(r"^(?P<noun>[a-z][a-z0-9_]*?)_?(?:id|ids|no|number|code|uuid)$")


def _id_noun(tool: ToolSpec) -> list[str]:
    """The words of the record a tool's only id parameter names (``stay`` of ``stay_id``); none if it takes several.

    A tool that takes one id acts on that record; one that takes a course's and a student's (``drop_student``)
    may act on either.
    """
    properties = tool.parameters.get("properties")
    names = [n for n in properties if isinstance(n, str)] if isinstance(properties, dict) else []
    found = [_ID_PARAMETER.match("_".join(name_words(n))) for n in names]
    nouns = [m.group("noun") for m in found if m]
    return name_words(nouns[0]) if len(nouns) == 1 else []


_PATH_ID = frozenset({"id", "ids", "uuid"})
"""Words that end a path parameter's name (``release_id``): the word before names its record."""
_PATH_OWNER = frozenset({"owner"})
"""Path parameters of their own (``/repos/{owner}/{repo}``)."""


def _plural_of(plural: str, word: str) -> bool:
    """``plural`` is ``word``'s plural (``repos`` of ``repo``, ``releases`` of ``release``)."""
    return plural != word and plural in (word + "s", word + "es", word[:-1] + "ies")


def _last_resource(words: list[str]) -> list[str] | None:
    """The last resource noun group of a path-like name's ``words``; ``None`` for a name with no path parameter.

    A path parameter: ``owner``, a word before ``id`` (``release id``) and ``id`` itself, a singular after its
    plural (``refs ref``). The group: the words after the last parameter (``tracks`` of
    ``playlists_playlist_id_tracks``, ``repo`` of ``repos_owner_repo``), else the last parameter's record and
    the plural before it (``releases release`` of ``repos_owner_repo_releases_release_id``).
    """
    parameter = [False] * len(words)
    for i, word in enumerate(words):
        if word in _PATH_ID and i:
            parameter[i - 1] = parameter[i] = True
        elif word in _PATH_OWNER or (i and _plural_of(words[i - 1], word)):
            parameter[i] = True
    if not any(parameter):
        return None
    last = max(i for i, p in enumerate(parameter) if p)
    after = _english(words[last + 1 :])
    if after:
        return words[last + 1 :]
    noun = last - 1 if words[last] in _PATH_ID else last
    start = noun - 1 if noun and _plural_of(words[noun - 1], words[noun]) else noun
    return words[start : noun + 1]


def _name_objects(tool: ToolSpec, last: bool) -> set[str]:
    """A tool's name's object words; ``last``: a path-like name's last resource noun group only."""
    words = name_words(bare_name(tool))
    group = _english(_last_resource(words) or []) if last else set()
    return group or _english(words)


def object_words(tool: ToolSpec, source: str | None = None) -> set[str]:
    """The words that name ``tool``'s object (``OBJECT_FROM``): English stems and Chinese pairs."""
    source = OBJECT_FROM if source is None else source
    if source in ("off", "id"):
        return set()
    words = _name_objects(tool, source == "name_last")
    if source == "params":
        words |= _english(_id_noun(tool))
    if source == "description":
        first = first_clause(docstring_of(tool).strip())
        words |= _english(_ENGLISH.findall(first)) | _chinese(first)
    return words


def said_words(text: str) -> set[str]:
    """The words ``text`` says that may name an object: English stems, Chinese pairs, records named in Chinese."""
    return {_stem(w) for w in _ENGLISH.findall(text)} | _chinese(text) | {_stem(w) for w in english_records(text)}


def names_object(text: str, tool: ToolSpec, source: str | None = None, letters: bool = False) -> bool:
    """``text`` says a word of ``tool``'s object (``object_words``), or (``letters``) an id's letters begin one.

    "could you void INV-1 please?" names ``invoice_void``'s invoice, not ``flight_ticket_void``'s ticket.
    """
    words = object_words(tool, source)
    if not words:
        return False
    said = said_words(text)
    starts = id_letters(text) if letters else frozenset()
    return bool(words & said) or any(w.startswith(p) for w in words for p in starts)


_OPENING_VERB = re.compile(
    r"(?:^|(?<=[,;:.!?\u2014])|(?<=\band)|(?<=\bthen)|(?<=\bplease))(\s*)[A-Za-z]+(?=\s+(?:him|her|them|me|us|a|an|some)\s)",
    re.I,
)
"""A verb that opens a clause, before its object (a pronoun, an article): "order him a pack of medium domes"."""


def opening_verbs_apart(text: str) -> str:
    """``text`` less the verbs that open its clauses (``_OPENING_VERB``): their words name no tool's object.

    "Look up Arthur Green's file, order him a pack of medium domes, and cancel his follow-up next Tuesday": the
    order is an act, not ``cancel_repair_order``'s repair order.
    """
    return _OPENING_VERB.sub(r"\1", text)


def destroyer_of_top(text: str, tools: list[ToolSpec], destructive: list[bool], within: int, named: bool) -> int | None:
    """The best-ranked destructive tool of ``tools`` (best first) within ``within`` that acts on the first's object.

    Only where the first is not destructive: "王女士的每周鲜花订阅不要了" ranks ``subscription_create`` first,
    and the act it asks for is ``subscription_cancel``'s, the destructive tool of the same object (a word of
    both names' objects, ``object_words`` by ``name``). ``named``: only one whose object the request names.
    """
    if not tools or destructive[0]:
        return None
    top = object_words(tools[0], "name")
    for j in range(1, min(within, len(tools))):
        if not destructive[j] or not top & object_words(tools[j], "name"):
            continue
        if not named or names_object(text, tools[j], "name"):
            return j
    return None


_DETERMINERS = frozenset({"the", "my", "our", "this", "that", "his", "her", "their", "your", "a", "an"})
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_CLOSERS = frozenset({"please", "pls", "now", "too", "again", "today", "asap", "instead", "also", "then"})
"""Words that close a request, not a noun a destroyed thing's first word modifies ("nuke the booking please")."""


_REFUND_WORD = re.compile(r"refund(?:s|ed|ing)?", re.I)
"""A refund pays someone back: the word after it is who or what is paid for ("refund the customer"), a thing only a
refund tool's name acts on."""


def destroyed_objects(text: str, refund: bool | None = None) -> set[str]:
    """The English nouns a destroy word acts on directly ("kill order GC-1": ``order``; "nuke the booking").

    The word after a destroy verb (``is_destroy_word``), past a determiner, as a stem, and a lowercase word after it
    (the noun it may modify: "cancel the piano item" acts on an item); ``refund`` True or False: only
    after a refund word (``_REFUND_WORD``), or only after another.
    """
    words = _WORD.findall(text)
    out = set()
    for i, word in enumerate(words[:-1]):
        if not is_destroy_word(word) or refund not in (None, bool(_REFUND_WORD.fullmatch(word))):
            continue
        after = words[i + 1 : i + 4]
        at = 1 if after[0].lower() in _DETERMINERS and len(after) > 1 else 0
        out.add(_stem(after[at]))  # and the noun it may modify: "cancel the piano item"
        out |= _english([w for w in after[at + 1 : at + 2] if w.isalpha() and w.islower() and w not in _CLOSERS])
    return out | (_disposed_records(text) if refund is not True else set())


_UNWANTED_ZH = re.compile(r"不(?:想|再)?要[^，,。；;!！？?\n]{0,12}了")
"""A thing no longer wanted, its noun between: "我不想要那份保险了" (I no longer want that insurance)."""
_CLAUSE_ZH = re.compile(r"[，,。；;!！？?\n]")


def _disposed_records(text: str) -> set[str]:
    """The English record words of the Chinese record nouns said where a request asks to destroy (``english_records``).

    Chinese says its object before its verb: in the clause that asks to destroy ("帮我把 A-104 的租约退掉": the lease,
    租约: ``lease``, ``rental``), or in one that says it is no longer wanted ("我不想要那份保险了，给我停掉": the
    insurance). Not a clause that tells who or what else ("BK-66021 客人不来了，撤掉" names no guest's destroyer); who
    says the wish is blanked in the ask read (``speakers``: "客户说R-40917那单他不要了" names no customer's destroyer).
    """
    if not request_is_destructive(text):
        return set()
    clauses = [c for c in _CLAUSE_ZH.split(text) if request_is_destructive(c) or _UNWANTED_ZH.search(c)]
    return {_stem(w) for c in clauses for w in english_records(c)}


def destroyer_of_said_object(text: str, tools: list[ToolSpec], destructive: list[bool]) -> int | None:
    """The one destructive tool of ``tools`` whose name's object a destroy word acts on ("kill order GC-118702").

    A request that asks to destroy in a word no tool's act is ("kill", "nuke") asks for the act of the destroyer of
    the object it says right after that word (``destroyed_objects``): "pls kill order GC-118702, duplicate" asks
    ``cancel_order``, not ``refund_payment``, which takes the order's id too. None where no destructive tool's, or
    several's, object is so said. What a refund word acts on fits a refund tool only: "refund the customer" asks no
    ``delete_customer``; and a refund tool (``gives_money_back``) only that: "订单 BK-1 不要了" asks no
    ``order_refund_process``.
    """
    said, refunded = destroyed_objects(text, refund=False), destroyed_objects(text, refund=True)

    def fits(tool: ToolSpec) -> bool:
        objects = object_words(tool, "name")
        refunds = "refund" in name_words(tool.name)
        return bool(said & objects and not gives_money_back(tool) or refunded & objects and refunds)

    found = [j for j, tool in enumerate(tools) if destructive[j] and fits(tool)]
    if len(found) != 1:
        return None
    return found[0] if _named_alone(text, said, tools, destructive, found[0]) else None


def _named_alone(text: str, said: set[str], tools: list[ToolSpec], destructive: list[bool], j: int) -> bool:
    """Whether a Chinese record noun that found ``tools[j]`` names no other destroyer's object by its description.

    预约 is a reservation and an appointment: "把明天下午那个保养预约也撤了" names ``reservation_cancel``'s object by
    its name and ``calendar_cancel_slot``'s ("Cancel an appointment on the workshop calendar") by its description,
    so neither is the one said and the ranking chooses; an English noun after its verb ("kill order GC-1") is read
    by the name alone.
    """
    zh = _disposed_records(text)
    name = object_words(tools[j], "name")
    if not zh & name or (said - zh) & name:
        return True
    described = [k for k, tool in enumerate(tools) if destructive[k] and zh & object_words(tool, "description")]
    return described == [j]


_FROM_PLACE = re.compile(r"从[^，,。；;！!？?\n]{0,12}?(?:里|中|上|内)")
"""The place a thing is taken from: "从他账户上", "从名单里"."""


def destroyer_of_named_record(text: str, tools: list[ToolSpec], destructive: list[bool]) -> int | None:
    """The one destructive tool of ``tools`` whose name's object a Chinese record noun of ``text`` names as the thing.

    A Chinese destroy request names its record by a noun, not after a verb (``destroyed_objects``):
    "那件西装的改衣服务不要了，ALT-77 帮我撤掉" names the alteration (改衣, ``zh_records.head_records``),
    ``alteration_cancel``'s object, and no garment order; an id's letters (ALT) are not read. Only a clause that asks
    to destroy names it: in "BK-66021 客人不来了，撤掉" the guest is who does not come; nor does the place a thing is
    taken from (``_FROM_PLACE``: "船 V-3381 已经卖了，从他账户上删掉" deletes the boat, not the account); who says
    the wish is blanked in the ask read (``speakers``: "客户说R-40917那单他不要了" deletes no customer). None where no
    destructive tool's, or several's, object is so named, or where the noun also names another's object by its
    description: 预约 is a reservation and an appointment, so "把明天下午那个保养预约也撤了" leaves the choice between
    ``reservation_cancel`` and ``calendar_cancel_slot`` ("Cancel an appointment on the workshop calendar") to the
    ranking. A refund tool's record is named so only where a clause asks money back (``asks_money_back_zh``): "订单
    BK-1 不要了" asks the order's cancel, not ``order_refund_process``.
    """
    acts = [part for part in clause_parts(text) if request_is_destructive(part)]  # not "客人不来了，撤掉"'s guest
    records = {_stem(word) for part in acts for word in head_records(_FROM_PLACE.sub(" ", part))}
    refund = any(asks_money_back_zh(part) for part in acts)
    fits = [destructive[j] and (refund or not gives_money_back(tool)) for j, tool in enumerate(tools)]
    found = [j for j, tool in enumerate(tools) if fits[j] and records & object_words(tool, "name")]
    described = [j for j, tool in enumerate(tools) if destructive[j] and records & object_words(tool, "description")]
    return found[0] if len(found) == 1 and described == found else None
