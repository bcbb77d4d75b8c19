"""Whether two tools do different acts: a pair that can never be one tool.

A destructive tool (``says_destructive``: hints, else its words) beside one that is not, or two
names on one object with verbs of different kinds (``boarding_book`` and ``boarding_status``),
are never near-duplicates: merging them would merge a cancel with a pick-up.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Collection, Container, Sequence

from .._chains import singular
from .._function_words import FUNCTION_ZH
from .._hints import request_says_its_act, says_destructive
from .._types import ToolSpec, bare_name, docstring_of

__all__ = [
    "KINDLESS_DIFFERS",
    "QUALIFIER_NOUNS",
    "act_kinds",
    "acts_differ",
    "filtered_pairs",
    "is_key",
    "is_record_id",
    "keyed_apart",
    "name_objects",
    "name_qualifier",
    "name_synonyms",
    "one_act_read",
    "opening_verb",
    "one_word_apart",
    "opposite",
    "other_errand",
    "other_reads",
    "read_beside_destroyer",
    "reads_status",
    "said_kinds",
    "search_filters",
    "sibling_acts",
    "synonym_pairs",
    "things_apart",
    "undoes",
]

_KINDS = {
    "read": frozenset(
        "search find lookup look query fetch get list show view read retrieve browse check track status count".split()
    ),
    "make": frozenset("create add new make book register open insert submit schedule order".split()),
    "change": frozenset("update edit modify change set rename move reschedule assign".split()),
    "start": frozenset("start launch resume enable activate unlock".split()),
    "stop": frozenset("stop pause halt suspend disable deactivate lock".split()),
    "destroy": frozenset(
        "delete remove drop kill wipe purge erase destroy terminate cancel revoke void refund uninstall".split()
    ),
}
"""The kinds of act a name's verb says; a name whose words hold none has no kind."""
KINDLESS_DIFFERS = True
"""In ``other_errand``, a name whose words say no kind of act differs from one whose words say one
(``email_send`` beside ``customer_find``); benchmarks/doctor_pairs.py --bare --choose chose it on every dev
registry together; with each left out in turn it is chosen in 3 of 6."""
ERRAND_COMMON = True
"""In ``other_errand`` (through ``crowding``), two names that share only the registry's common words (a word of a
quarter of its definitions, or a generic one: a library's "patron" in ``update_patron_contact`` and
``send_patron_notice``), each saying a thing of its own besides (contact, notice), are on different things
too. No dev row tells on and off apart: benchmarks/doctor_pairs.py --dev --bare --choose
(``choose_errand_common``) moves no dev pair with it (the mean F1 equal on and off), on only by its tie-break;
kept for the observed case, a library's ``update_patron_contact`` ~ ``send_patron_notice``."""
LONE_WAYS: frozenset[str] = frozenset({"things"})
"""How two definitions sharing one word but common ones are told apart by their names (``one_word_apart``):
"verb" (a verb of both names, on different things), "things" (names on different things), "acts" (names doing
different kinds of act). Chosen with ``crowding.LONE_WEIGHT`` by benchmarks/doctor_pairs.py --dev --bare --choose
(``choose_lone``): "things". "acts" lowers the dev F1 (0.321 -> 0.280 at weight 0): names of different acts on one
thing sharing one word are pairs the dev registries list (``create_calendar_event`` / ``list_calendar_events``,
``add_dns_record`` / ``delete_dns_record``, ``list_bookings`` / ``reschedule_booking``)."""
READ_FAMILY = frozenset("search find lookup".split())
"""The search verbs of one family: two names on one object that differ only by these
(``student_search``, ``student_lookup``) name one act (``name_synonyms``). ``get``, ``fetch`` and
``list`` are not in it: a read by id (``job_get``) or a listing beside a search is a different act a
registry keeps on purpose. Nor is ``query``, often a noun (``run_query`` beside ``run_search``,
``query_logs`` beside ``search_logs``)."""
GUARDED_NAMED = True
"""In ``read_beside_destroyer``, the destroyer's name must say a destroy verb too (``voucher_void``; not
``restore_backup``, destructive by its description). benchmarks/doctor_pairs.py --dev --bare --choose chose
it on every dev registry together (its flagged such pairs: 16, none listed; without it 19, 2 listed); with
each left out in turn, in 5 of 6."""
QUALIFIER = "by"
"""The word that opens a search's filter in a name (``order_find_by_customer``, ``user_lookup_by_email``):
such a name beside the plain search of its object (``order_search``) names one search, once filtered
(``name_qualifier``)."""
QUALIFIER_NOUNS = frozenset("all catalog catalogue directory global index list registry".split())
"""Words that say where or how widely a search looks, not what it finds (``course_catalog_search`` beside
``course_search``, ``search_all_orders`` beside ``search_orders``): such a name beside the plain search of its
object names one search, once qualified (``name_qualifier``). A list written before any
registry was read, without words that change what is found (archive, inventory, full: ``search_archive_messages``
finds other messages than ``search_messages``); benchmarks/doctor_pairs.py --dev --choose keeps each word whose
pairs on the dev registries cost no mean F1 (with each registry left out too): no dev registry holds such a pair,
so none was struck. A pair whose descriptions both say when to use each is told apart already, no finding."""
UNDO_PREFIXES = ("un", "de", "dis")
"""Prefixes that make a verb its undo (``assign``/``unassign``, ``activate``/``deactivate``,
``connect``/``disconnect``): two names on one thing, one's verb the other's with such a prefix, do opposite
acts (``undoes``).
A list written before any registry was read; benchmarks/doctor_pairs.py --dev --choose keeps each entry whose pairs on
the dev registries cost no mean F1 (with each registry left out too)."""
UNDO_VERBS = frozenset(
    "unassign unenroll unsubscribe unlink unblock unpublish unfollow unmute unpin unshare unregister uninstall "
    "unarchive unlock unfreeze unsuspend unban unhide unwatch unstar unflag unmount unschedule unbook unreserve "
    "unsync unpair unbind unapprove unmerge deactivate deregister delist deprovision decommission deauthorize "
    "deselect dequeue disconnect disable disallow disapprove disassociate disenroll disarm".split()
)
"""Verbs that undo another by a prefix of ``UNDO_PREFIXES`` (``unassign``, ``deactivate``, ``disconnect``): a name's
word and another's word that is it with a prefix are an act and its undo only when the prefixed word is one of these
(``order_count`` and ``order_discount``, ``server_patch`` and ``server_dispatch``, ``qr_code`` and ``qr_decode`` are
not: discount, dispatch, decode undo nothing).
benchmarks/doctor_pairs.py --dev --choose keeps each entry as ``UNDO_PREFIXES``."""
UNDO_ZH = (
    (("派给", "派单", "指派", "分派", "派一", "派个"), ("撤下", "撤销", "撤掉", "撤走")),
    (("绑定",), ("解绑",)),
    (("订阅",), ("退订",)),
    (("关注",), ("取关",)),
    (("启用",), ("停用",)),
    (("上架",), ("下架",)),
    (("冻结",), ("解冻",)),
    (("锁定",), ("解锁",)),
    (("关联",), ("解除关联",)),
    (("屏蔽",), ("解除屏蔽",)),
    (("加入",), ("退出",)),
    (("连接",), ("断开",)),
    (("挂载",), ("卸载",)),
)
"""Chinese acts and their undo, as words (派给/撤下, 绑定/解绑, 订阅/退订), read in a name's Chinese and in the first
sentence of a description in Chinese: one says an act and not its undo, the other its undo, and the two say one thing
besides (a two-character word of both, ``_shared_han``). 派 and 撤 only in words that assign or withdraw (派给, 指派;
撤下, 撤销): 派送 delivers, so 查询快递派送到哪里了 and 查询快递是否已撤回 are no act and its undo. Written before any
registry was read and kept as ``UNDO_PREFIXES``."""
OPPOSITES = (
    ("in", "out"),
    ("checkin", "checkout"),
    ("arrival", "departure"),
    ("arrive", "depart"),
    ("inbound", "outbound"),
    ("incoming", "outgoing"),
    ("import", "export"),
    ("upload", "download"),
    ("login", "logout"),
    ("buy", "sell"),
    ("credit", "debit"),
)
"""Name words of opposite directions (``arrival_checkin`` / ``departure_checkout``, ``loan_in`` / ``loan_out``): two
names holding the two sides of one pair, each side in one name only, do opposite acts (``opposite``). E.g.
``arrival_checkin`` / ``departure_checkout`` and ``loan_in_request_create`` / ``loan_out_approve``
with their common English kin."""
_FUNCTION_HAN = FUNCTION_ZH | frozenset("及或与从上下到已否里哪")
"""Function characters, and those that join (及, 或, 与), say where (从, 上, 下, 到, 里) or ask (已, 否, 哪) in a
description: a two-character run holding one says no thing (一个, 从预)."""
_SPLIT = re.compile(r"[^a-z0-9]+")
_HAN = re.compile(r"[\u4e00-\u9fff]")
_FIRST = re.compile(r"[。！？；;.!?\n]")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_OPENING_VERB = re.compile(
    r"([a-z0-9]+)\s+(?:a|an|the|this|that|these|those|its|their|his|her|your|my|our|one|every|each|any|all)\b"
)
"""A description's first word as a verb: a determiner after it ("Refill a prescription", "Acknowledge one or
more incidents"; not "History of a support ticket", "Details of a prescription", "Tracking events for a
shipment"). Decided from the cases benchmarks/doctor_act_openings.py prints (the doctor's dev registries, no
held-out one): of the verbs of an act's own name opening its description beside a read of its thing, all but
five have a determiner after them; those five ("Write text content", "Export gradebook as CSV", "Reply to a
thread", "Flush resolver cache", "Restore from a backup"; the last two destroy, told apart before) are no longer
read so, and
benchmarks/doctor_pairs.py --dev and --dev --bare score the same as before."""
_OPENING_OBJECT = re.compile(r"([a-z0-9]+)\s+([a-z]+)\b(\s+[a-z]*[-_#]?\d)?")
"""A description's first word as a verb without a determiner: the thing both names share after it, plural
("Refill prescriptions for a patient") or with an id ("Refill prescription P-1"); not "Export gradebook as CSV",
whose thing is singular and has no id (one of the five cases above, still no act)."""


def _name_words(name: str) -> list[str]:
    """The words of a name less its ``server__``: ``slack__post_message`` -> post, message."""
    return [w for w in _SPLIT.split(_CAMEL.sub(" ", bare_name(name)).lower()) if w]


def act_kinds(name: str) -> frozenset[str]:
    """The kinds of act (``_KINDS``) the words of a tool's name say."""
    words = set(_name_words(name))
    return frozenset(kind for kind, verbs in _KINDS.items() if words & verbs)


def name_objects(name: str) -> set[str]:
    """The words of a name that say no act, made singular: what the tool acts on (``guest``, ``profile``)."""
    verbs = frozenset().union(*_KINDS.values())
    return {singular(w) for w in _name_words(name) if w not in verbs and len(w) > 1}


def _object_key(words: Sequence[str]) -> tuple[str, ...]:
    """A name's other words as one key, singular and in order (``find_events`` and ``event_search``: event).

    In order: ``find_user_groups`` (a user's groups) and ``search_group_users`` (a group's users) differ.
    """
    return tuple(singular(w) for w in words)


def name_synonyms(a: str, b: str) -> bool:
    """Two names the same but for read verbs of one family (``READ_FAMILY``): ``job_find``, ``job_search``.

    The same server (``server__``), the same other words, singular or plural, in the same order
    (``find_events`` and ``event_search``; not ``find_user_groups`` and ``search_group_users``), each
    with a verb of the family, not the same verbs.
    """
    if a.rpartition("__")[0] != b.rpartition("__")[0]:
        return False
    words_a, words_b = _name_words(a), _name_words(b)
    verbs_a, verbs_b = {w for w in words_a if w in READ_FAMILY}, {w for w in words_b if w in READ_FAMILY}
    rest_a, rest_b = [w for w in words_a if w not in READ_FAMILY], [w for w in words_b if w not in READ_FAMILY]
    return bool(verbs_a and verbs_b and verbs_a != verbs_b and rest_a and _object_key(rest_a) == _object_key(rest_b))


def acts_differ(a: ToolSpec, b: ToolSpec) -> str:
    """Why ``a`` and ``b`` do different acts, or '' when nothing says so.

    One undoes the other (``undoes``: ``cleaner_unassign``, ``cleaner_assign``; or their names go opposite ways,
    ``opposite``: ``arrival_checkin``, ``departure_checkout``; said first, though an undo
    may read as destructive too); or one destroys and the other does not (``says_destructive``), or both destroy
    things their names call otherwise (``_destroy_other_things``: ``member_delete``, ``membership_cancel``); or their
    names share an object word and their verbs are of different kinds (``said_kinds``: a name's, or for a name
    saying none its description's opening verb), each having one; or one reads a thing the other's name acts on by a
    verb of its own (``_act_beside_read``).
    """
    undo = undoes(a, b) or undoes(b, a) or opposite(a.name, b.name)
    if undo:
        return undo
    if says_destructive(a) != says_destructive(b):
        gone, kept = (a, b) if says_destructive(a) else (b, a)
        return f"{gone.name} destroys or cancels, {kept.name} does not"
    other = _destroy_other_things(a.name, b.name) if says_destructive(a) and says_destructive(b) else ""
    if other or (says_destructive(a) and says_destructive(b) and (other := _money_back(a.name, b.name))):
        return other
    kinds_a, kinds_b = said_kinds(a), said_kinds(b)
    if kinds_a and kinds_b and not kinds_a & kinds_b and name_objects(a.name) & name_objects(b.name):
        said_a, said_b = "/".join(sorted(kinds_a)), "/".join(sorted(kinds_b))
        return f"they do different acts on one thing: {a.name} {said_a}, {b.name} {said_b}"
    return _act_beside_read(a, b) or _act_beside_read(b, a)


def one_act_read(a: ToolSpec, b: ToolSpec) -> bool:
    """The selection's destroy reading takes one name's words as asking the other's act (``request_says_its_act``).

    ``badge_deactivate`` beside ``badge_revoke``: "badge deactivate" asks the revoke (a badge put out of use).
    """
    return any(request_says_its_act(" ".join(_name_words(x.name)), y) for x, y in ((a, b), (b, a)))


def sibling_acts(a: ToolSpec, b: ToolSpec) -> str:
    """Why ``a`` and ``b`` are act siblings: ``acts_differ`` read from their own words, or ''.

    Hints aside: a destructive hint on one alone (``ticket_close`` beside ``ticket_resolve``) says no other act. Not
    two tools the selection reads as one act (``one_act_read``: ``badge_deactivate``, ``badge_revoke``).
    """
    if one_act_read(a, b):
        return ""
    return acts_differ(*(dataclasses.replace(t, annotations={}) for t in (a, b)))


STATUS_READ = frozenset({"status"})
"""A name that closes with one of these and no verb reads that thing of its object (``flight_status``: a flight's
live status, beside ``flight_get``'s schedule): another thing read than the object's record, so ``flight_get``
and ``flight_status`` by ``flight_number`` are no one tool written twice. Not ``membership_status_lookup`` (a
verb closes it)."""


def reads_status(name: str) -> str:
    """``STATUS_READ``'s word where it closes a name of two or more words (``flight_status``), else ''."""
    words = _name_words(name)
    return words[-1] if len(words) > 1 and words[-1] in STATUS_READ else ""


DERIVED_MIN = 3
"""A thing word that is another's with at least this many letters added (member, membership) names another thing
built on it (a person, the person's membership). E.g. ``member_delete`` beside
``membership_cancel``. Two destroyers of things named otherwise (``cancel_booking``,
``void_reservation``: the dev registries' made duplicates) stay for the embedder to judge."""


BUILT_ON = ("ship", "hood", "holder", "owner", "group", "list", "line", "item", "name", "book", "card")
"""Endings that make a word for another thing built on the first (membership, cardholder, username). E.g.
``member_delete`` / ``membership_cancel``, with common endings of the same kind beside it."""

ABBREVIATIONS = frozenset(
    {("doc", "document"), ("env", "environment"), ("sub", "subscription"), ("app", "application")}
)
"""Short words known to abbreviate a longer one: one thing, though the short one is a word of its own (app and
application)."""

COMPOUND_TAILS = frozenset({"box", "base", "hook", "space", "port", "system", "board", "mate", "code"})
"""Words of their own that close a compound naming another thing than its opening word (mailbox, database, webhook,
workspace, passport, filesystem, keyboard, teammate, roommate, postcode)."""

WORDS_OF_THEIR_OWN = frozenset({"app", "mail", "data", "web", "work", "pass", "user", "member"})
"""Short words that are words of their own, so no abbreviation of a longer word they open (app and appointment,
mail and mailbox, data and database, web and webhook, work and workspace, pass and passport)."""


def _other_thing(a: str, b: str) -> bool:
    """One word opens the other and names another thing.

    Not a known abbreviation (``ABBREVIATIONS``: app, application); a word of its own added (an ending of
    ``BUILT_ON``, a compound's tail of ``COMPOUND_TAILS``: file, filesystem), or a short word that is no abbreviation
    (a 2-4 letter opening that is not one of ``WORDS_OF_THEIR_OWN``).
    """
    short, long = sorted((a, b), key=len)
    added = long[len(short) :]
    if not added or not long.startswith(short) or (short, long) in ABBREVIATIONS:
        return False
    if (len(added) >= DERIVED_MIN and added in BUILT_ON) or added in COMPOUND_TAILS:
        return True
    return not 2 <= len(short) <= 4 or short in WORDS_OF_THEIR_OWN


def _raw_objects(name: str) -> set[str]:
    """The words of a name as written between its separators, less its act words (``username``, not ``user``)."""
    verbs = frozenset().union(*_KINDS.values())
    words = [w for w in re.split(r"[^a-z0-9]+", name.lower()) if w not in verbs and len(w) > 1]
    return {singular(w) if len(singular(w)) >= len(w) - 2 else w for w in words}


def _destroy_other_things(a: str, b: str) -> str:
    """Why two destroyers are two tools: one's thing is another word opening the other's (``_other_thing``), or ''.

    Merging ``member_delete`` (erasure) and ``membership_cancel`` would merge erasing a member's data with ending a
    membership; their requests may still mix (at most a crowded pair).
    """
    things_a, things_b = _raw_objects(a), _raw_objects(b)
    if things_a & things_b or not any(_other_thing(x, y) for x in things_a for y in things_b):
        return ""
    return f"both destroy, but other things: {a} {', '.join(sorted(things_a))}, {b} {', '.join(sorted(things_b))}"


MONEY_BACK = frozenset({"refund", "refunds", "reimburse", "chargeback"})
"""Name words of paying money back: a refund and another destroyer (``booking_cancel``, ``deposit_refund``) are two
acts, one of them money leaving the account."""


def _money_back(a: str, b: str) -> str:
    """Why two destroyers are two acts: one name pays money back (``MONEY_BACK``) and the other's does not, or ''."""
    back = [bool(set(_name_words(name)) & MONEY_BACK) for name in (a, b)]
    if back[0] == back[1]:
        return ""
    money, other = (a, b) if back[0] else (b, a)
    return f"both destroy, but {money} pays money back and {other} does not"


def _act_beside_read(act: ToolSpec, read: ToolSpec) -> str:
    """Why ``act`` and ``read`` differ when ``read`` reads (``said_kinds``) a thing ``act``'s name acts on, or ''.

    ``act``'s name says no kind of act (``_KINDS``) but a word of its own, beside the thing both names
    share, that opens its description as its verb (``_opening_verb``: a determiner after it, or the thing plural or
    with an id):
    ``prescription_refill`` ("Refill a prescription ...") beside ``prescription_status`` (a read): an act and
    the read of its status, never one tool; ``vaccination_record`` ("Record a vaccination ...") beside
    ``vaccination_history`` ("List the vaccinations ..."). A noun opening it is no act: ``ticket_history``
    ("History of a support ticket ...") beside ``ticket_get``.
    """
    if act_kinds(act.name) or said_kinds(read) != {"read"}:
        return ""
    shared = name_objects(act.name) & name_objects(read.name)
    own = {w for w in _name_words(act.name) if singular(w) not in shared}
    opening = _opening_verb(docstring_of(act).strip().lower(), shared)
    if not shared or opening not in own:
        return ""
    return f"they do different acts on one thing: {act.name} acts ({opening}), {read.name} reads"


def said_kinds(tool: ToolSpec) -> frozenset[str]:
    """The kinds of act a tool's name says (``act_kinds``), or, a name saying none, the verb opening its description.

    ``vaccination_history`` ("List the vaccinations a pet has had ...") reads: its name says no act (history is a
    noun), its description's first word is a read verb followed by a determiner (``_opening_verb``); "History of
    a support ticket" says none. A LlamaIndex ``FunctionTool``'s leading signature line is not its description
    (``docstring_of``).
    """
    return act_kinds(tool.name) or act_kinds(_opening_verb(docstring_of(tool).strip().lower(), ()))


def opening_verb(tool: ToolSpec) -> str:
    """The verb opening a tool's description, singular ("shows" -> show), when a determiner follows it, or ''."""
    return singular(_opening_verb(docstring_of(tool).strip().lower(), ()))


def _opening_verb(text: str, shared: Collection[str]) -> str:
    """The first word of ``text`` (a description, lower case) read as a verb, or ''.

    A determiner after it (``_OPENING_VERB``: "refill a prescription"), or the ``shared`` thing plural or with an id
    (``_OPENING_OBJECT``: "refill prescriptions", "refill prescription p-1").
    """
    found = _OPENING_VERB.match(text)
    if found:
        return found.group(1)
    object_ = _OPENING_OBJECT.match(text)
    if object_ is None or singular(object_.group(2)) not in shared:
        return ""
    return object_.group(1) if object_.group(2) != singular(object_.group(2)) or object_.group(3) else ""


def _undone_word(
    words_a: Sequence[str], words_b: Sequence[str], prefixes: Sequence[str], verbs: Container[str]
) -> tuple[str, str]:
    """A word of ``a`` and the word of ``b`` that is it with a prefix of ``prefixes`` (joined or apart), or ''.

    The prefixed word must be one of ``verbs`` (the undo verbs).
    """
    joined = set(words_b)
    apart = {f"{x}{y}" for x, y in itertools.pairwise(words_b) if x in prefixes}
    for word in words_a:
        for prefix in prefixes if len(word) >= 3 else ():
            if prefix + word in verbs and (prefix + word in joined or prefix + word in apart):
                return word, prefix + word
    return "", ""


def _first_sentence(text: str) -> str:
    """A description's first sentence when it is in Chinese (a Han character in it), else ''."""
    first = _FIRST.split(text.strip(), maxsplit=1)[0]
    return first if _HAN.search(first) else ""


def undoes(
    a: ToolSpec,
    b: ToolSpec,
    *,
    prefixes: Sequence[str] | None = None,
    zh: Sequence[tuple[tuple[str, ...], tuple[str, ...]]] | None = None,
    verbs: Container[str] | None = None,
) -> str:
    """Why ``b`` undoes ``a``, or '': ``cleaner_unassign`` undoes ``cleaner_assign``.

    Their names share a thing (a word other than the verbs, singular) and a word of ``b``'s name is one of
    ``a``'s with a prefix of ``prefixes`` (default ``UNDO_PREFIXES``: ``unassign``, ``de-activate``,
    ``disConnect``), an undo verb (``verbs``, default ``UNDO_VERBS``; not ``order_discount`` beside
    ``order_count``); or, in Chinese (``zh``, default ``UNDO_ZH``), ``a``'s name or the first sentence of its
    description says an act and not its undo, ``b``'s the undo, and the two say a thing of both (绑定设备, 解绑设备).
    """
    prefixes = UNDO_PREFIXES if prefixes is None else prefixes
    words_a, words_b = _name_words(a.name), _name_words(b.name)
    done, undone = _undone_word(words_a, words_b, prefixes, UNDO_VERBS if verbs is None else verbs)
    if done:
        rest_a = {singular(w) for w in words_a if w != done and len(w) > 1}
        rest_b = {singular(w) for w in words_b if w not in (undone, *prefixes) and len(w) > 1}
        if rest_a & rest_b:
            return f"{b.name} undoes {a.name} ({undone}, {done})"
    said_a = "".join(_HAN.findall(a.name)) + _first_sentence(a.description)
    said_b = "".join(_HAN.findall(b.name)) + _first_sentence(b.description)
    for acts, undos in UNDO_ZH if zh is None else zh:
        act = next((w for w in acts if w in said_a), "")
        undo = next((w for w in undos if w in said_b), "")
        if act and undo and not any(w in said_a for w in undos) and _shared_han(said_a, said_b, (*acts, *undos)):
            return f"{b.name} undoes {a.name} ({undo}, {act})"
    return ""


def opposite(a: str, b: str) -> str:
    """Why names ``a`` and ``b`` go opposite ways (``OPPOSITES``: ``arrival_checkin``, ``departure_checkout``) or ''."""
    words_a = {singular(w) for w in _name_words(a)} | set(_name_words(a))
    words_b = {singular(w) for w in _name_words(b)} | set(_name_words(b))
    for one, other in OPPOSITES:
        for x, y in ((one, other), (other, one)):
            if x in words_a - words_b and y in words_b - words_a:
                return f"{a} and {b} go opposite ways ({x}, {y})"
    return ""


def _shared_han(a: str, b: str, words: Sequence[str]) -> bool:
    """Whether two Chinese texts, less ``words`` (the act and its undo), share a thing both act on.

    A two-character run of no function character (设备 in 把设备绑定到账户 and 解绑账户上的设备).
    """
    for word in words:
        a, b = a.replace(word, " "), b.replace(word, " ")

    def runs(text: str) -> set[str]:
        return {text[k : k + 2] for k in range(len(text) - 1) if all(_HAN.fullmatch(c) for c in text[k : k + 2])}

    return any(not _FUNCTION_HAN & set(run) for run in runs(a) & runs(b))


_BY_KEY = frozenset({"id", "ids", "uuid", "key"})
"""A ``by`` filter that names a key (``user_lookup_by_id``): a read by id, not a filtered search."""


def _qualified(rest: Sequence[str], nouns: frozenset[str] | None = None) -> tuple[list[str], list[str]]:
    """A name's words but its read verbs, split: its object, and its qualifiers (``nouns`` and a ``by`` tail).

    ``order by customer`` -> order; by customer. ``course catalog`` -> course; catalog (``nouns``, default
    ``QUALIFIER_NOUNS``: words before any ``by``, not the only word). No ``by`` with words before and after
    it, and no qualifier noun: all the words, and none.
    """
    head, tail = list(rest), []
    for k, word in enumerate(rest):
        if word == QUALIFIER and 0 < k < len(rest) - 1:
            head, tail = list(rest[:k]), list(rest[k:])
            break
    nouns = QUALIFIER_NOUNS if nouns is None else nouns
    kept = [w for w in head if w not in nouns]
    if not kept:
        return head, tail
    return kept, [w for w in head if w in nouns] + tail


def name_qualifier(a: str, b: str, *, nouns: frozenset[str] | None = None) -> str:
    """What one name adds to the other's search, or '': ``order_search``, ``order_find_by_customer``: by customer.

    The same server, each with a verb of ``READ_FAMILY`` (the same or not), and one name's other words
    those of the other with qualifiers: ``by`` and more (``_by_customer``, ``_by_email``; not a key,
    ``_by_id``), or words of ``nouns`` (default ``QUALIFIER_NOUNS``: ``course_catalog_search`` beside
    ``course_search``: catalog). One search, once filtered or scoped.
    """
    if a.rpartition("__")[0] != b.rpartition("__")[0]:
        return ""
    words_a, words_b = _name_words(a), _name_words(b)
    if not (set(words_a) & READ_FAMILY and set(words_b) & READ_FAMILY):
        return ""
    rest_a, rest_b = [w for w in words_a if w not in READ_FAMILY], [w for w in words_b if w not in READ_FAMILY]
    for plain, other in ((rest_a, rest_b), (rest_b, rest_a)):
        head, tail = _qualified(other, nouns)
        plain_head, plain_tail = _qualified(plain, nouns)
        if tail and tail[-1] not in _BY_KEY and not plain_tail and _object_key(plain_head) == _object_key(head):
            return " ".join(tail)
    return ""


def synonym_pairs(names: Sequence[str], *, nouns: frozenset[str] | None = None) -> set[tuple[int, int]]:
    """Every ``(i, j)``, ``i < j``, of ``names`` that are ``name_synonyms`` or have a ``name_qualifier`` (grouped).

    ``nouns``: the qualifier nouns (default ``QUALIFIER_NOUNS``).
    """
    groups: dict[tuple[str, tuple[str, ...]], list[int]] = {}
    for i, name in enumerate(names):
        words = _name_words(name)
        if any(w in READ_FAMILY for w in words):
            head, _ = _qualified([w for w in words if w not in READ_FAMILY], nouns)
            groups.setdefault((name.rpartition("__")[0], _object_key(head)), []).append(i)
    return {
        (a, b)
        for group in groups.values()
        for k, a in enumerate(group)
        for b in group[k + 1 :]
        if name_synonyms(names[a], names[b]) or name_qualifier(names[a], names[b], nouns=nouns)
    }


def _schema(tool: ToolSpec) -> tuple[tuple[str, ...], frozenset[str]]:
    """A tool's parameters in schema order, and the required ones."""
    required = tool.parameters.get("required") or ()
    return tool.parameter_names, frozenset(r for r in required if isinstance(r, str))


KEY_WORDS = frozenset("id ids uuid key ref reference no number code sku isbn barcode plate slug".split())
"""The last words of a parameter's name that say it takes an identifier (``tenant_id``, ``policy_number``,
``booking_ref``, ``confirmation_code``, ``product_sku``, ``isbn``, ``license_plate``): a lookup "by a key" requires
one (``is_key``). The id words the selection reads in parameter names
(``_pipeline.objects``: id, ids, no, number, code, uuid; ``_pipeline.id_nouns``: ref, key) and the identifiers of
goods, books, vehicles and pages (reference, sku, isbn, barcode, plate, slug)
(benchmarks/doctor_keys.py prints what it reads in the dev registries' parameters)."""
CONTACT_WORDS = frozenset("name phone mobile telephone tel fax email mail contact".split())
"""Words of a parameter's name that say it takes a person's name or contact: with one, a number or a code is no
key (``phone_number``, ``contact_number``, ``user_mobile_number``); an id still is (``contact_id``, a contact
record's), but for an email's (``email_id``: an address).
(benchmarks/doctor_keys.py prints what it strikes in the dev registries' parameters)."""
VALUE_WORDS = frozenset("country currency language zip postal page max min count limit".split())
"""Words of a parameter's name that say it takes a value of a kind, not a record's key: a code of a country, a
currency, a language or a place (``country_code``, ``currency_code``, ``zip_code``), a page or a count
(``page_number``, ``max_number``); an id still is a record's (``page_id``)."""
_RECORD_IDS = frozenset({"id", "ids", "uuid"})
"""The words of ``KEY_WORDS`` no value word and no contact word but "email" strikes (``contact_id``, ``page_id``;
not ``email_id``)."""


def is_key(parameter: str) -> bool:
    """A parameter whose name says it takes an identifier (a key of ``keyed_apart``).

    Its last word of ``KEY_WORDS``, and no word of ``CONTACT_WORDS`` or ``VALUE_WORDS`` unless that last word names
    a record's id (``tenant_id``, ``order_number``, ``bookingRef``, ``contact_id``, ``page_id``, ``product_sku``;
    not ``phone_number``, ``name_or_phone``, ``email_id``, ``country_code``, ``page_number``, ``query``).
    """
    words = _name_words(parameter)
    if not words or words[-1] not in KEY_WORDS:
        return False
    if words[-1] in _RECORD_IDS:
        return "email" not in words
    return not (CONTACT_WORDS | VALUE_WORDS) & set(words)


def is_record_id(parameter: str) -> bool:
    """A key (``is_key``) whose last word is an id (id, ids, uuid): a record's own key (``patient_id``).

    Not a code, number or reference a user holds (``code``, ``gift_code``): two reads of it can ask two things of it
    (whether a gift code is valid, who it was issued to).
    """
    words = _name_words(parameter)
    return is_key(parameter) and words[-1] in _RECORD_IDS


def keyed_apart(a: ToolSpec, b: ToolSpec) -> str:
    """Why two tools of one search name are a lookup by a key beside a search by other inputs, or ''.

    One requires a key (``is_key``: an id, a number, a code, a reference) the other does not take
    (``vehicle_lookup(plate_number)`` beside ``vehicle_search(make, model, branch)``): the two read one thing from
    different inputs, different uses, not one tool. A required name, phone, e-mail or query is no key
    (``tenant_lookup(name_or_phone)`` beside ``tenant_search(query)``: both find a tenant from free text, one act).
    Both must declare their parameters.
    """
    for one, other in ((a, b), (b, a)):
        props, required = _schema(one)
        others, _ = _schema(other)
        if not (props and others):
            return ""
        key = [p for p in props if p in required and p not in others and is_key(p)]
        if key:
            inputs = f"by {', '.join(others)}" if others else "without inputs"
            return f"{one.name} requires {', '.join(key)}, which {other.name} does not take ({inputs})"
    return ""


def search_filters(a: ToolSpec, b: ToolSpec) -> tuple[str, tuple[str, ...]]:
    """The tool of the two that takes every parameter of the other and more, none of them required; and those more.

    ``catalogue_search_advanced(query, format, branch)`` beside ``search_catalogue(query)``: the advanced one, with
    its filters (format, branch). ``("", ())`` when neither does (both must declare parameters).
    """
    for plain, wide in ((a, b), (b, a)):
        props, _ = _schema(plain)
        wider, required = _schema(wide)
        extra = tuple(p for p in wider if p not in props)
        if props and extra and set(props) <= set(wider) and not required & set(extra):
            return wide.name, extra
    return "", ()


def _search_words(name: str) -> frozenset[str] | None:
    """A name's words but its search verbs (``READ_FAMILY``), singular; None when it has no such verb."""
    words = _name_words(name)
    if not set(words) & READ_FAMILY:
        return None
    return frozenset(singular(w) for w in words if w not in READ_FAMILY)


def filtered_pairs(tools: Sequence[ToolSpec]) -> set[tuple[int, int]]:
    """Every ``(i, j)``, ``i < j``: one search, and the same search with more words in its name and filters.

    On one server, each name with a search verb of ``READ_FAMILY``, one name's other words (singular, any order)
    those of the other and more (``search_catalogue``, ``catalogue_search_advanced``), and the longer name's tool
    takes every parameter of the other and more, none required (``search_filters``): one search, once filtered.
    """
    words = [_search_words(t.name) for t in tools]
    by_first: dict[tuple[str, str], list[int]] = {}  # each name with a search verb, under its first other word
    for j, each in enumerate(words):
        if each:
            by_first.setdefault((tools[j].name.rpartition("__")[0], min(each)), []).append(j)
    out = set()
    for i, each in enumerate(words):
        server = tools[i].name.rpartition("__")[0]
        for word in sorted(each or ()):
            for j in by_first.get((server, word), ()):
                plain = words[j]
                if plain and plain < (each or plain) and search_filters(tools[j], tools[i])[0] == tools[i].name:
                    out.add((min(i, j), max(i, j)))
    return out


def other_errand(a: str, b: str, *, kindless_differs: bool | None = None, common: Container[str] = frozenset()) -> bool:
    """Two names on different things doing different kinds of act: ``customer_find`` and ``email_send``.

    Their names share no word (singular: ``refund_create`` and ``report_refunds`` share one) but words of
    ``common`` (the registry's common words, when ``ERRAND_COMMON``: a library's "patron" in
    ``update_patron_contact`` and ``send_patron_notice``), each name then saying a thing of its own (contact,
    notice; not ``reservation_create`` and ``reservation_modify``, whose one thing is the common word); and
    their kinds of act (``_KINDS`` of their words, singular or not) share none: both said and disjoint, or
    with ``kindless_differs`` (default ``KINDLESS_DIFFERS``) one said and the other none. Such a pair shares
    words by chance (a find tool's "e-mail" parameter, a send tool's e-mail); ``customer_lookup`` and
    ``crm_find_contact`` (one act, two words for the thing) are not.
    """
    kinds = _kinds_apart(a, b, common)
    if kinds is None:
        return False
    kinds_a, kinds_b = kinds
    if kinds_a and kinds_b:
        return not kinds_a & kinds_b
    kindless = KINDLESS_DIFFERS if kindless_differs is None else kindless_differs
    return kindless and bool(kinds_a or kinds_b)


def _kinds_apart(a: str, b: str, common: Container[str]) -> tuple[set[str], set[str]] | None:
    """The kinds of act of two names on different things (``other_errand``'s first test), or None.

    Their names share no word (singular or not) but words of ``common``, each name then saying a thing of its own.
    """
    raw_a, raw_b = set(_name_words(a)), set(_name_words(b))
    words_a, words_b = raw_a | {singular(w) for w in raw_a}, raw_b | {singular(w) for w in raw_b}
    shared = words_a & words_b
    if any(w not in common for w in shared):
        return None
    if shared and not (name_objects(a) - shared and name_objects(b) - shared):
        return None  # a common word that is all one name says of its thing is that thing: reservation_create, _modify
    kinds_a = {kind for kind, verbs in _KINDS.items() if words_a & verbs}
    kinds_b = {kind for kind, verbs in _KINDS.items() if words_b & verbs}
    return kinds_a, kinds_b


def things_apart(a: str, b: str, *, common: Container[str] = frozenset()) -> bool:
    """Two names on different things not saying one kind of act: ``cafe_table_reserve`` and ``game_checkout``.

    As ``other_errand`` reads different things (no word shared but ``common`` ones); their kinds of act share none,
    or neither says one. ``customer_lookup`` and ``crm_find_contact`` (both read: one act, two words for the thing)
    are not, nor names without a word of two letters ("", "a"). Without profiles such a pair is a finding only at
    ``crowding.APART_SCORE``.
    """
    if not all(any(len(w) > 1 for w in _name_words(x)) for x in (a, b)):
        return False  # a name of no word ("", "a") is on no thing
    kinds = _kinds_apart(a, b, common)
    return kinds is not None and not kinds[0] & kinds[1]


def one_word_apart(
    a: str,
    b: str,
    shared: Collection[str],
    *,
    ways: Container[str] | None = None,
    descriptions: tuple[str, str] = ("", ""),
) -> bool:
    """Two tools whose definitions share one word but common ones (``shared``), on different things or acts.

    Named on different things or doing different kinds of act as ``ways`` (default ``LONE_WAYS``) says.
    ``verb``: the word is a verb of both names (``_KINDS``) and their objects (``name_objects``) are both said and
    disjoint: ``reservation_cancel`` and ``airport_transfer_cancel`` (cancel). ``things``: their objects both said
    and disjoint, whatever the word: ``book_pickup`` and ``schedule_redelivery`` (pickup). ``acts``: their kinds
    (``act_kinds``) both said and disjoint: ``reservation_lookup`` and ``reservation_modify_dates`` (reservation).
    A word that opens one of the ``descriptions`` as its verb (``_opening_verb``: "Reset the pontoon gate code",
    "Export a system design ...") is an act, not a thing of the names: ``gate_code_reset`` and
    ``wifi_password_reset`` (reset), ``customer_list_export`` and ``system_design_export`` (export) are on different
    things.
    """
    ways = LONE_WAYS if ways is None else ways
    if len(shared) != 1:
        return False
    (word,) = shared
    objects_a, objects_b = name_objects(a), name_objects(b)
    if any(_opening_verb(text.strip().lower(), ()) == word for text in descriptions):
        objects_a, objects_b = objects_a - {word}, objects_b - {word}
    apart = bool(objects_a and objects_b and not objects_a & objects_b)
    verbs = frozenset().union(*_KINDS.values())
    if "verb" in ways and apart and word in verbs and word in _name_words(a) and word in _name_words(b):
        return True
    if "things" in ways and apart:
        return True
    kinds_a, kinds_b = act_kinds(a), act_kinds(b)
    return "acts" in ways and bool(kinds_a and kinds_b and not kinds_a & kinds_b)


def read_beside_destroyer(a: str, b: str, destroys: tuple[bool, bool], *, named: bool | None = None) -> bool:
    """One tool destroys, the other does not and has a read verb in its name: ``voucher_check``, ``voucher_void``.

    ``destroys``: ``says_destructive`` of ``a`` and ``b``, exactly one true (``refund_status`` reads:
    its refund is a noun); with ``named`` (default ``GUARDED_NAMED``) the destroyer's name says a
    destroy verb too (``voucher_void``; not ``subscription_end``, destructive by its description).
    The selection's destructive guard keeps the destroyer off a request that reads, so the two are
    rarely taken for each other.
    """
    if destroys[0] == destroys[1]:
        return False
    reader, destroyer = (b, a) if destroys[0] else (a, b)
    if "read" not in act_kinds(reader):
        return False
    return not (GUARDED_NAMED if named is None else named) or "destroy" in act_kinds(destroyer)


def other_reads(a: str, b: str) -> bool:
    """Two reads of different things: each name says a read and no other act, and their other words share none.

    ``slot_list_available`` and ``driver_list`` (``name_objects``, singular): what they share is the act,
    not the thing.
    """
    return act_kinds(a) == act_kinds(b) == {"read"} and not name_objects(a) & name_objects(b)
