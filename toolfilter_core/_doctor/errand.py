"""One errand named by two teams in other words, maybe in two languages (a library network's registry).

``send_notice`` ("Send a notice to a patron by SMS, email or WeChat") beside ``notify_patron`` ("Notify a library
patron about a hold ..."); ``user_get`` ("按读者证号查询读者资料 ...") beside ``lookup_customer`` ("Look up a library
member by card number or phone ..."): names sharing no word, the same kind of act, each the other's nearest definition
among the tools described in its language, and names near in meaning by the embedder, or two reads by one key
described in two languages; or in words the embedder does not bring near: a read whose description glosses what it
reads by what the other's name reads (``crm_customer_lookup``, "Look up a customer (tenant or owner) in the CRM",
beside ``tenant_get``), or two names of sending a message (``send_owner_message`` beside ``notify_customer``).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

import numpy as np
from numpy.typing import NDArray

from .._chains import singular
from .._types import ToolSpec, bare_name
from .acts import (
    act_kinds,
    acts_differ,
    is_key,
    is_record_id,
    keyed_apart,
    name_objects,
    opening_verb,
    reads_status,
)
from .definitions import language_of
from .inputs import renamed_inputs, renamed_pairs
from .onereading import one_record_read, reads_many
from .probes import name_words
from .samekey import same_key
from .values import CrowdedPair, Finding

__all__ = [
    "errand_candidates",
    "errand_duplicate",
    "glossed",
    "keyed_reads",
    "nearest_of",
    "one_errand",
    "one_message",
    "one_recipient",
    "said_apart",
    "same_inputs",
    "worded",
    "worded_errands",
]

NAME_NEAR = 0.5
"""Two names say one errand at or above this cosine of the embedder's vectors of their words (``send notice`` ~
``notify patron`` 0.54, ``user get`` ~ ``lookup customer`` 0.47 with the default embedder). Chosen by
benchmarks/doctor_errand.py on the dev registries with their made duplicates (the bar naming the most made
duplicates less the other pairs it names, ties to the higher bar; each registry left out too)."""
BLOCK = 256
MESSAGE_WORDS = frozenset("message notify notification notice sms text email mail".split())
"""Name words that say a message sent to someone (``send_owner_message``, ``notify_customer``, ``send_notice``)."""
CHANNELS: Mapping[str, str] = MappingProxyType(
    {"sms": "sms", "text": "sms", "email": "email", "mail": "email", "wechat": "wechat", "whatsapp": "whatsapp"}
)
"""Words that name a channel, each to its channel (a text is an SMS, a mail an e-mail), in a name or its description's
first sentence: two tools of other channels (``send_sms``, ``send_email``; ``send_email`` beside a message "over SMS
or WeChat") are two tools."""
_CHANNEL_SAID = re.compile(r"\b(sms|e-?mail|wechat|whatsapp)\b|微信|\b(?:by|via|over|as\s+an?)\s+(text)\b", re.I)
"""A channel a description says: "text" only as one ("by text", not "body text")."""
_GLOSS = re.compile(r"([a-z]+)\s*\(([^)]*)\)")
"""A word and what its parentheses say it is: "a customer (tenant or owner)"."""

Embed = Callable[[Sequence[str]], NDArray[np.float32]]


def _words(name: str) -> set[str]:
    return {singular(w) for w in name_words(bare_name(name)).split()}


Group = tuple[str, frozenset[str]]


def nearest_of(vectors: NDArray[np.float32], groups_of: Sequence[Group]) -> dict[tuple[int, Group], int]:
    """Each tool's nearest other tool in each group (language and kinds of act; by block, no all-pairs matrix)."""
    out: dict[tuple[int, Group], int] = {}
    groups = {g: np.flatnonzero(np.asarray([x == g for x in groups_of])) for g in set(groups_of)}
    for begin in range(0, len(vectors), BLOCK):
        sims = vectors[begin : begin + BLOCK] @ vectors.T
        rows = np.arange(len(sims))
        sims[rows, begin + rows] = -np.inf
        for group, members in groups.items():
            best = members[np.argmax(sims[:, members], axis=1)]
            out.update(((begin + int(r), group), int(best[r])) for r in rows if best[r] != begin + r)
    return out


def errand_candidates(
    tools: Sequence[ToolSpec], vectors: NDArray[np.float32], embed: Embed
) -> dict[tuple[int, int], float]:
    """Every ``(i, j)``, ``i < j``, one act, no name word shared, each the other's nearest of its language and kinds.

    Nearest among the tools described in the other's language whose names say the other's kinds of act
    (``act_kinds``): an embedder puts two texts of one language nearer than a text and its translation.

    The value: the cosine of the embedder's vectors of the two names' words, or of their words less the verbs of a
    kind of act (``_phrases``) where that is lower (``one_errand`` holds it to a bar).
    """
    if len(tools) < 3:
        return {}
    vectors = np.asarray(vectors, dtype=np.float32)
    groups = [(language_of(t.description), act_kinds(t.name)) for t in tools]
    nearest = nearest_of(vectors, groups)
    found = set()
    for (i, _), j in nearest.items():
        if i < j and nearest.get((j, groups[i])) == i and _one_act(tools[i], tools[j]):
            found.add((i, j))
    if not found:
        return {}
    phrases = sorted({p for i in itertools.chain(*found) for p in _phrases(tools[i].name)})
    named = np.asarray(embed(phrases), dtype=np.float64)
    named /= np.maximum(np.linalg.norm(named, axis=1, keepdims=True), 1e-12)
    at = {p: n for n, p in enumerate(phrases)}

    def cosine(i: int, j: int) -> float:
        pairs = zip(_phrases(tools[i].name), _phrases(tools[j].name), strict=True)
        return min(float(named[at[a]] @ named[at[b]]) for a, b in pairs)

    return {(i, j): cosine(i, j) for i, j in sorted(found)}


def _phrases(name: str) -> tuple[str, str]:
    """A name's words, and its words less the verbs of a kind of act (``acts.name_objects``): what it acts on.

    Two names of one kind of act (``inventory_check``, ``sale_lookup``: both read) are near by their verbs alone;
    one errand wants them near by what they act on too (inventory ~ sale 0.48 by the default embedder, the names
    0.50). A name of no such verb (``send_notice``) is its own second phrase.
    """
    words = name_words(bare_name(name))
    objects = name_objects(name)
    return words, " ".join(w for w in words.split() if singular(w) in objects) or words


def _one_act(a: ToolSpec, b: ToolSpec) -> bool:
    """Names sharing no word (singular), of the same kinds of act (``act_kinds``), whose acts do not differ.

    And both read a status (``acts.reads_status``) or neither: ``membership_status`` beside ``member_lookup`` reads
    another thing than the record; and no search beside a read by a key (``_search_beside_keyed``); names of no kind,
    no write beside a read by their descriptions (``_write_beside_read``).
    """
    one_kind = act_kinds(a.name) == act_kinds(b.name) and not _write_beside_read(a, b)
    return not _words(a.name) & _words(b.name) and one_kind and _not_apart(a, b)


def _write_beside_read(a: ToolSpec, b: ToolSpec) -> bool:
    """Names of no kind of act whose descriptions open with verbs (``acts.opening_verb``), a read's and another's.

    ``deposit_record`` ("Record a deposit or balance payment received ...") beside ``payment_history`` ("Show every
    payment and refund on a booking ..."): no kind of act in either name, a write beside a read by their verbs.
    """
    if act_kinds(a.name) or act_kinds(b.name):
        return False
    verbs = [opening_verb(t) for t in (a, b)]
    return all(verbs) and ("read" in act_kinds(verbs[0])) != ("read" in act_kinds(verbs[1]))


def _not_apart(a: ToolSpec, b: ToolSpec) -> bool:
    """Nothing says their acts differ: a status read beside none, a search beside a keyed read, ``said_apart``."""
    if reads_status(a.name) != reads_status(b.name) or _search_beside_keyed(a, b) or said_apart(a, b):
        return False
    return not acts_differ(a, b)


def same_inputs(a: ToolSpec, b: ToolSpec) -> bool:
    """Names sharing no word, of one kind of act or one of none, whose parameters carry the same things renamed.

    ``quote_estimate(origin, destination)`` beside ``move_price_calculator(from_address, to_address)``, both described
    "Pickup address", "Delivery address" (``inputs.renamed_inputs``); ``move`` is a verb of change to ``act_kinds``, so
    a name of no kind beside it is let through, when their descriptions open with one kind of act (a label before a
    colon left out): "Estimate the price ..." and "Sales team: calculate ...", not "Book a move ..." (a make).
    """
    kinds = (act_kinds(a.name), act_kinds(b.name))
    one_kind = kinds[0] == kinds[1] or not all(kinds)
    opened = _opening_kind(_unlabelled(a)) == _opening_kind(_unlabelled(b))
    shared = _words(a.name) & _words(b.name)
    return one_kind and opened and not shared and bool(renamed_inputs(a, b)) and _not_apart(a, b)


_LABEL = re.compile(r"\s*(?:[\w-]+\s+){0,3}[\w-]+\s*:\s*")
"""A label of one to four words before a colon opening a description: "Sales team: calculate ..."."""


def _unlabelled(tool: ToolSpec) -> ToolSpec:
    """The tool with its description's opening label (``_LABEL``) left out: its verb opens it."""
    m = _LABEL.match(tool.description)
    return tool if m is None else ToolSpec(tool.name, tool.description[m.end() :], tool.parameters)


def one_recipient(a: ToolSpec, b: ToolSpec) -> bool:
    """Two names of one message (``one_message``) to one recipient: a word shared besides ``SENDS``, a channel each.

    ``email_send_customer`` ("Send an e-mail to a customer ...") beside ``customer_notify_email`` ("e-mail a
    notification to the customer"): an e-mail to a customer twice. Not ``mail_log_incoming`` beside ``mail_forward``
    (only the message word shared), nor ``sms_send_customer`` beside ``email_send_customer`` (two channels).
    """
    said = _channels(a) and _channels(b)
    return bool(said and _words(a.name) & _words(b.name) - SENDS) and one_message(a, b) and _not_apart(a, b)


_NOT = re.compile(r"\b(?:not|never|no longer|doesn't|does not|won't|cannot)\s+((?:[\w-]+\s+){0,5}[\w-]+)", re.I)
"""A negation and the words after it: "Does NOT refund the deposit (use deposit_refund)"."""
SENDS = MESSAGE_WORDS | {"send"}
"""Description opening verbs of sending a message, one kind of act beside ``acts.act_kinds``'s ("Send a payment
reminder ..." beside "Create a payment link ...")."""


def said_apart(a: ToolSpec, b: ToolSpec) -> bool:
    """Their descriptions say different acts: one says it does not do the other's, or they open with other acts.

    One says it does not (``_refuses``), or they open with verbs of different kinds of act (``_opening_kind``: "Create
    a payment link" beside "Send a payment reminder").

    ``booking_cancel`` ("Cancel a shoot booking ... Does NOT refund the deposit (use deposit_refund)") beside
    ``deposit_refund``: two acts, no errand written twice.
    """
    kinds = [_opening_kind(t) for t in (a, b)]
    return _refuses(a, b) or _refuses(b, a) or (all(kinds) and not kinds[0] & kinds[1])


def _refuses(a: ToolSpec, b: ToolSpec) -> bool:
    """``a``'s description says, after a negation, ``b``'s name, or a verb of it (``act_kinds``' words) on its object.

    "Does NOT refund the deposit" refuses ``deposit_refund``; "Does not delete their invoices" does not refuse
    ``client_delete`` (another object); a name of no object (``refund``) is refused by its verb alone.
    """
    verbs = {w for w in _words(b.name) if act_kinds(w)}
    objects = name_objects(bare_name(b.name))
    for m in _NOT.finditer(a.description):
        said = m.group(1).lower()
        words = {singular(w) for w in re.findall(r"[a-z]+", said)}
        if b.name.lower() in said or (words & verbs and (not objects or words & objects)):
            return True
    return False


def _opening_kind(tool: ToolSpec) -> frozenset[str]:
    """The kind of act the verb opening a tool's description says (``act_kinds``, or a send: ``SENDS``)."""
    first = re.match(r"\s*([A-Za-z]+)", tool.description)
    if first is None:
        return frozenset()
    verb = first.group(1).lower()
    return act_kinds(verb) or (frozenset({"send"}) if verb in SENDS else frozenset())


def _search_beside_keyed(a: ToolSpec, b: ToolSpec) -> bool:
    """Either name searches or lists (``onereading.reads_many``) and either tool requires a key the other does not take.

    ``lease_search(query, status)`` beside ``tenant_get(tenant_id)``: a search of one thing beside a read of another
    by its key (``acts.keyed_apart``); ``tenant_list(building_id)`` beside ``crm_customer_lookup(query)``: a list by a
    key beside a lookup by free text. Two uses, no errand written twice.
    """
    return (reads_many(a.name) or reads_many(b.name)) and bool(keyed_apart(a, b))


def one_errand(
    tools: Sequence[ToolSpec], vectors: NDArray[np.float32], embed: Embed, *, near: float = NAME_NEAR
) -> set[tuple[int, int]]:
    """The ``errand_candidates`` whose names are near in meaning (``NAME_NEAR``), or two reads by one key."""
    found = errand_candidates(tools, vectors, embed)
    return {(i, j) for (i, j), cosine in found.items() if cosine >= near or keyed_reads(tools[i], tools[j])}


def worded_errands(tools: Sequence[ToolSpec]) -> set[tuple[int, int]]:
    """Every ``(i, j)``, ``i < j``, of one act told by words.

    ``glossed`` or ``one_message`` (of ``_one_act``), ``one_recipient`` or ``same_inputs``.
    """
    glossing = [i for i, t in enumerate(tools) if "(" in t.description and one_record_read(t)]
    pairs = {(min(i, j), max(i, j)) for i in glossing for j, t in enumerate(tools) if j != i and _glosses(tools[i], t)}
    messages = [i for i, t in enumerate(tools) if _message_words(t.name)]
    pairs |= {(i, j) for n, i in enumerate(messages) for j in messages[n + 1 :] if one_message(tools[i], tools[j])}
    found = {(i, j) for i, j in pairs if _one_act(tools[i], tools[j])}
    found |= {(i, j) for n, i in enumerate(messages) for j in messages[n + 1 :] if one_recipient(tools[i], tools[j])}
    return found | {(i, j) for i, j in renamed_pairs(tools) if same_inputs(tools[i], tools[j])}


def _glosses(reader: ToolSpec, other: ToolSpec) -> bool:
    """``reader``'s description glosses the thing its name reads by the things ``other``'s name reads.

    Not when ``reader`` reads by a key of its own (``_held_key``): what that key finds is its own thing.
    """
    if not (one_record_read(reader) and one_record_read(other)) or _held_key(reader, other):
        return False
    own, things = name_objects(reader.name), name_objects(other.name)
    for head, inside in _GLOSS.findall(reader.description.lower()):
        said = {singular(w) for w in re.findall(r"[a-z]+", inside)}
        if singular(head) in own and things and things <= said:
            return True
    return False


def _held_key(reader: ToolSpec, other: ToolSpec) -> str:
    """A key ``reader`` requires that ``other`` does not take and that is no record's id (``acts.is_record_id``), or ''.

    ``shipment_track(tracking_number)`` ("a courier shipment (delivery of new devices or a return pickup)") beside
    ``device_get(serial_or_tag)``: a tracking number finds a shipment, no device. A record's id (``customer_id``
    beside ``tenant_get(tenant_id)``) may be the other's record's id under another name.
    """
    required = reader.parameters.get("required") or ()
    taken = set(other.parameter_names)
    keys = [p for p in required if isinstance(p, str) and p not in taken and is_key(p) and not is_record_id(p)]
    return ", ".join(keys)


def glossed(a: ToolSpec, b: ToolSpec) -> bool:
    """One read of one record glosses what it reads by what the other reads (``crm_customer_lookup``, ``tenant_get``).

    "Look up a customer (tenant or owner) in the CRM": a customer, as the CRM's name reads, is a tenant, as
    ``tenant_get``'s name reads; both read one record (``onereading.one_record_read``).
    """
    return _glosses(a, b) or _glosses(b, a)


def _message_words(name: str) -> frozenset[str]:
    return frozenset(_words(name) & MESSAGE_WORDS)


def _channels(tool: ToolSpec) -> frozenset[str]:
    """The channels (``CHANNELS``) a tool's name or its description's first sentence says."""
    first = re.split(r"(?<=[.!?。])\s*", tool.description.strip(), maxsplit=1)[0]
    said = {CHANNELS[w] for w in _words(tool.name) if w in CHANNELS}
    for m in _CHANNEL_SAID.finditer(first):
        word = (m.group(1) or m.group(2) or "wechat").lower().replace("-", "")
        said.add(CHANNELS.get(word, "wechat"))
    return frozenset(said)


def one_message(a: ToolSpec, b: ToolSpec) -> bool:
    """Two names of sending a message (``MESSAGE_WORDS``), of no kind of act, not on two channels (``CHANNELS``).

    ``send_owner_message`` beside ``notify_customer``; not ``send_sms`` beside ``send_email``, nor
    ``schedule_reminder`` (a make) beside either.
    """
    said = [_message_words(t.name) for t in (a, b)]
    channels = [_channels(t) for t in (a, b)]
    other_channels = all(channels) and not channels[0] & channels[1]
    return all(said) and not act_kinds(a.name) and not act_kinds(b.name) and not other_channels


def worded(a: ToolSpec, b: ToolSpec) -> bool:
    """One errand told by words (``glossed``, ``one_message``, ``same_inputs``): the evidence, whatever its score."""
    return glossed(a, b) or one_message(a, b) or same_inputs(a, b)


def keyed_reads(a: ToolSpec, b: ToolSpec) -> bool:
    """Two reads (``act_kinds``) described in two languages that take one key (``samekey.same_key``: ``card_no``).

    Across languages only: within one, two reads by one key are often two reads of one record's parts
    (``check_in_guest`` ~ ``get_folio`` by booking, on the dev registries: benchmarks/doctor_errand.py).
    """
    languages = {language_of(a.description), language_of(b.description)}
    cross = len(languages) == 2 and "" not in languages
    return cross and act_kinds(a.name) == act_kinds(b.name) == {"read"} and bool(same_key(a, b))


def errand_duplicate(pair: CrowdedPair, a: ToolSpec, b: ToolSpec, *, worded: bool = False) -> Finding:
    """The ``near_duplicate`` of a pair ``one_errand`` told: its line says which way (names or key) it was told.

    ``worded``: told by ``worded_errands`` alone (not ``one_errand``): the words that tell it.
    """
    if keyed_reads(a, b):
        how = (
            f"both read by {same_key(a, b)} ({a.name}: {', '.join(a.parameter_names)}; {b.name}: "
            f"{', '.join(b.parameter_names)}), described in two languages ({language_of(a.description)}, "
            f"{language_of(b.description)}), each the other's nearest definition among the reads of its language"
        )
    elif worded and glossed(a, b):
        reader, other = (a, b) if _glosses(a, b) else (b, a)
        how = f"{reader.name}'s description says what it reads is what {other.name} reads"
    elif worded and same_inputs(a, b):
        renamed = ", ".join(f"{x} ~ {y}" for x, y in renamed_inputs(a, b))
        how = f"their parameters carry the same things under other names ({renamed}: described alike)"
    elif worded and one_recipient(a, b):
        whom = ", ".join(sorted(_words(a.name) & _words(b.name) - SENDS - MESSAGE_WORDS)) or "one recipient"
        how = f"both names send a message on one channel ({', '.join(sorted(_channels(a) & _channels(b)))}) to {whom}"
    elif worded:
        how = "both names send a message to someone, on no two channels"
    else:
        how = (
            "names sharing no word but near in meaning, one kind of act, each the other's nearest definition "
            "among the tools of its language"
        )
    detail = (
        f"{a.name} and {b.name} do one errand in other words: {how} (similarity {pair.similarity:.2f}): maybe one "
        "tool written twice"
    )
    action = (
        "merge them into one tool or remove one; if both stay, say in each when to use it rather than the other "
        "(what each does that the other does not)"
    )
    return Finding(
        "near_duplicate", (a.name, b.name), detail, action, score=1.0, evidence={**pair.to_dict(), "by": "meaning"}
    )
