"""Which record an id's letters name, where the registry describes no id format: its prefix as an abbreviation.

"R-22018 不要了" carries an id whose prefix ("r") no tool's description, schema or profile
gives (``id_shapes``). The prefix is then read as an abbreviation of its record's noun
(INV → invoice, PO → parts order or purchase order, R → reservation). A tool's nouns are its
name's words less its verbs, a request's destructive verbs among them ("parts order" for
``parts_order_cancel``, "treatment plan" for ``discard_treatment_plan``) and the names of the
ids it takes, less ``_id`` ("purchase order" for ``purchase_order_id``). A prefix abbreviates
a noun when it splits into pieces, one for each of the noun's first words in turn, each
opening with its word's first letter and its other letters found in that word in order
("inv" for invoice, "po" for purchase order, "r" for repair order).

Where a prefix abbreviates some tool's noun, a destructive tool with no noun it abbreviates is
contradicted by the id (``IdNouns.read``): "R-22018 不要了" is not ``invoice_void``'s act.
A prefix no tool's noun fits ("LM-301", a plate) says nothing, nor does the id about a tool
with no noun (``stripe__create_refund(charge, payment_intent)``: its name is verbs, it takes
no ``…_id``).

The id's own label outranks its prefix (``IdNouns.read``): "客户号 C-1180" (customer no. C-1180) names the
customer whatever "c" abbreviates ("calendar"). The label is the word right before the id, less an id word (号,
编号, 单号, no., number, id, #); a tool's records are the head words of its nouns and of its id parameters'
descriptions less their id words ("client" of ``owner_id``'s "client id", 处方 of "处方号"); a Chinese label
names the English records ``ZH_RECORDS`` gives it (客户 → customer, client). Where a label names some
tool's record, the tools of that record are the id's and the others with a record are contradicted.

A prefix that fits the nouns of destructive tools of several records ("R" of ``rental_booking_cancel`` and
``repair_ticket_void``) tells none of them (``SEVERAL_RECORDS``): a destroyer it fits is the id's only where
the request names that tool's object (``objects.names_object``: "cancel rental R-5512", "租车单 R-5512"),
else it is contradicted like another record's ("R-5512 不要了" is not sure). The act the request says tells them
apart as a named object does: of those whose act it says, the one it says nearest (in the tool's own language, else
the first English of the Chinese word said: 取消 is "cancel" before "void") takes the id, the others are contradicted.

An id (its label, or its prefix) that fits one destroyer of the registry and no other names it alone (``IdRead.alone``):
"cancel appointment A-3310 and refund sale S-4455" carries one id for each of two destroyers, each its own act.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Sequence
from dataclasses import dataclass

from .._hints import act_said_nearness, is_destroy_word
from .._snapshot import Snapshot
from .._types import ToolSpec, bare_name
from .id_shapes import id_prefixes, id_shapes, id_starts
from .name_verbs import NAME_VERBS
from .objects import names_object
from .zh_records import ZH_RECORDS

__all__ = ["LABELS", "abbreviates", "id_nouns", "id_owners", "label_of", "nouns", "records"]

SEVERAL_RECORDS = True
"""A prefix that fits destructive tools of several records (nouns) of the registry tells none of them: a
destroyer it fits is the id's only where the request names its object (off: each such destroyer is the
id's). Chosen by ``benchmarks/destructive_ridealong.py --several-records`` on the dev registries."""

LABELS = True
"""An id's own label ("客户号 C-1180") names its record, whatever its prefix abbreviates (off: the prefix alone).
Chosen by ``benchmarks/choose_id_prefix.py``."""

HEAD_WORDS = True
"""A prefix abbreviates a noun of several words by its last word alone too, the record it is: "refund S-4455" names
``product_sale_refund``'s product sale (off: S contradicts it, the sale refunded held), e.g.
"cancel appointment A-3310 and refund S-4455"."""

OWN_FORMAT = True
"""A tool the registry's words give an id format ("Rx number, e.g. RX-20931") takes no id of another prefix by
abbreviation: P-5521 is no ``prescription_cancel(rx_number)``'s id though "p" abbreviates "prescription" (off: the
prefix fits its nouns whatever its format)."""

_NOUNS_TOO = frozenset("record return checkout book set change mark run look open list new by".split())
"""Words of ``NAME_VERBS`` that close a name as a noun as often as a verb (``delete_patient_record``): no other act
beside a destroy word of the name."""
_ID_SUFFIX = re.compile(r"^(.+?)_?(?:id|ids|ref|no|number|code|key)$")
_WORD = re.compile(r"[a-z]+")


def _words(name: str) -> list[str]:
    """The lowercase words of a snake or camel name."""
    return _WORD.findall(re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower())


def _acts(words: list[str], i: int) -> bool:
    """``words[i]`` says the name's act: a ``NAME_VERBS`` verb that is no destroy word, or a destroy word alone.

    A destroy word is the act where no other verb opens or closes the name ("cancel" of ``parts_order_cancel``; not
    "void" of ``get_void_report``, nor "refund" of ``refund_request_approve``: their record is a void report, a refund
    request).
    """
    if not is_destroy_word(words[i]):
        return words[i] in NAME_VERBS
    opening, closing = words[0], words[-1]
    other = (opening in NAME_VERBS and not is_destroy_word(opening)) or (
        closing in NAME_VERBS and closing not in _NOUNS_TOO and not is_destroy_word(closing)
    )
    return not other


def nouns(tool: ToolSpec) -> list[tuple[str, ...]]:
    """The tool's nouns: its name's words less its verbs, and the names of the ids it takes less ``_id``.

    A destructive verb of a request (``_hints.is_destroy_word``: "discard") is a verb too where no other verb opens
    or closes the name (``_acts``), unless the name is nothing else: TP-311 abbreviates
    ``discard_treatment_plan``'s treatment plan; ``refund_request_approve``'s record is a refund request,
    ``get_void_report``'s a void report.
    """
    named = _words(bare_name(tool))
    kept = [w for w in named if w not in NAME_VERBS]
    name = tuple(w for i, w in enumerate(named) if not _acts(named, i)) or tuple(kept)
    out = [name] if name else []
    properties = tool.parameters.get("properties")
    for key in properties if isinstance(properties, dict) else ():
        found = _ID_SUFFIX.match(str(key)) if isinstance(key, str) else None
        words = tuple(_words(found.group(1))) if found else ()
        if words and words not in out:
            out.append(words)
    return out


_ID_WORDS = frozenset("id ids no nr num number ref reference code key".split())
_TAIL_EN = re.compile(r"(?:\s*\b(?:no|nr|num|number|id|ref|reference|code)\b\.?|\s*[#＃:：=])+\s*$", re.I)
_ZH_ID_WORDS = ("编号", "单号", "号码", "号", "码", "单")
"""Chinese id words a label may end with, longest first (单 of 维修单, not of 订单: ``_zh_label``)."""
_HAN_TAIL = re.compile(r"[\u4e00-\u9fff]{1,4}$")
_WORD_TAIL = re.compile(r"(?<![A-Za-z])([A-Za-z]{3,})$")
_HAN = re.compile(r"[\u4e00-\u9fff]+")


def _stem(word: str) -> str:
    """An English word, lowercase, less a plural ending."""
    word = word.lower()
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") and not word.endswith(("ss", "us")) and len(word) > 3 else word


def _zh_label(text: str) -> str:
    """``text`` less the Chinese id word it ends with, keeping its record noun.

    The cut that leaves a record noun (订单 of 订单号, 维修 of 维修单), else the text itself where it
    ends with one (订单, 账单: 单 is theirs), else the longest id word's cut.
    """
    text = text.rstrip()
    cuts = [text[: -len(word)] for word in _ZH_ID_WORDS if text.endswith(word)]
    for cut in [*cuts, text]:
        if any(cut.endswith(zh) for zh in ZH_RECORDS):
            return cut
    return cuts[0] if cuts else text


def label_of(before: str) -> str:
    """The label right before an id (``before``: the text up to it): an English word, stemmed, or a Chinese run."""
    rest = _zh_label(_TAIL_EN.sub("", before.rstrip()).rstrip())
    han = _HAN_TAIL.search(rest)
    if han:
        return han.group()
    word = _WORD_TAIL.search(rest)
    return _stem(word.group(1)) if word else ""


def records(tool: ToolSpec) -> frozenset[str]:
    """The records a tool acts on: its nouns' head words, its id parameters' descriptions' (English or Chinese)."""
    out = {_stem(noun[-1]) for noun in nouns(tool)}
    properties = tool.parameters.get("properties")
    for key, schema in properties.items() if isinstance(properties, dict) else ():
        said = schema.get("description") if isinstance(schema, dict) else None
        if not (isinstance(key, str) and _ID_SUFFIX.match(key) and isinstance(said, str)):
            continue
        english = [w for w in _WORD.findall(said.lower()) if w not in _ID_WORDS]
        out |= {_stem(english[-1])} if english and len(english) <= 3 else set()
        out |= {_zh_label(run) for run in _HAN.findall(said)} - {""}
    return frozenset(out)


def _label_records(label: str) -> frozenset[str]:
    """The records a label may name: itself, and for a Chinese one the records it ends with and their English."""
    if not _HAN.fullmatch(label):
        return frozenset({label} if label else ())
    out = {label}
    for zh, english in ZH_RECORDS.items():
        if label.endswith(zh):
            out |= {zh, *english}
    return frozenset(out)


def _in_order(letters: str, word: str) -> bool:
    """``letters`` found in ``word`` in order."""
    rest = iter(word)
    return all(c in rest for c in letters)


def abbreviates(prefix: str, noun: Sequence[str]) -> bool:
    """``prefix`` splits into pieces, one per noun word in turn: the word's first letter, then more of it in order."""
    if not prefix:
        return True
    if not noun or prefix[0] != noun[0][:1]:
        return False
    return any(
        _in_order(prefix[1:cut], noun[0][1:]) and (cut == len(prefix) or abbreviates(prefix[cut:], noun[1:]))
        for cut in range(1, len(prefix) + 1)
    )


@dataclass(frozen=True, slots=True)
class IdRead:
    """Per tool (in the order asked): the request's id names its record; the id names another's."""

    fits: list[bool]
    contradicted: list[bool]
    several: tuple[str, ...] = ()
    """The destructive tools of several records the id's prefix fits, where it tells none of them."""
    alone: tuple[bool, ...] = ()
    """Per tool: one of the request's ids (its label, or its prefix) fits it and no other destroyer of the registry."""


class IdNouns:
    """Per tool of a snapshot, its nouns; which prefixes the registry gives a format for."""

    def __init__(self, snapshot: Snapshot, described: frozenset[str]) -> None:
        self.nouns = {t.name: nouns(t) for t in snapshot.tools}
        self.records = {t.name: records(t) for t in snapshot.tools}
        self.described = described
        self.destroyers = [t for i, t in enumerate(snapshot.tools) if snapshot.destructive(i) and self.nouns[t.name]]
        self.formats = id_shapes(snapshot).prefixes if OWN_FORMAT else {}

    def _named(self, label: str, name: str) -> bool:
        """The tool ``name``'s records hold the label, its English, or a Chinese record the label ends with."""
        own = self.records.get(name, frozenset())
        return bool(_label_records(label) & own) or any(label.endswith(r) for r in own if _HAN.fullmatch(r))

    def _fit(self, prefixes: frozenset[str], name: str) -> bool:
        """A prefix abbreviates one of the tool's nouns, or its head (``HEAD_WORDS``: S-4455 of a product sale).

        Not a tool the registry's words give an id format (``OWN_FORMAT``) where the prefix abbreviates another
        destroyer's noun, one given no format: P-5521 is the patient's, not ``prescription_cancel(rx_number)``'s;
        FS-1182 stays a fuel sale's where it abbreviates no other destroyer's noun.
        """
        if self.formats.get(name) and any(
            self._abbreviated(prefixes, t.name)
            for t in self.destroyers
            if t.name != name and not self.formats.get(t.name)
        ):
            return False
        return self._abbreviated(prefixes, name)

    def _abbreviated(self, prefixes: frozenset[str], name: str) -> bool:
        """A prefix abbreviates one of the tool's nouns, or its head (``HEAD_WORDS``)."""
        nouns = self.nouns.get(name, ())
        heads = [n[-1:] for n in nouns if len(n) > 1] if HEAD_WORDS else []
        return any(abbreviates(p, n) for p in prefixes for n in [*nouns, *heads])

    def _by_id(self, text: str) -> tuple[list[str], frozenset[str]]:
        """Per id whose prefix no tool describes: its label where it names some tool's record, else its prefix."""
        labels, prefixes, starts = [], set(), id_starts(text)
        for start, prefix in starts:
            label = label_of(text[:start]) if LABELS and prefix not in self.described else ""
            if label and any(self._named(label, n) for n in self.records):
                labels.append(label)
            else:
                prefixes.add(prefix)
        prefixes |= id_prefixes(text) - {prefix for _, prefix in starts}  # a schema pattern's
        return labels, frozenset(p for p in prefixes if p not in self.described)

    def read(self, text: str, tools: Sequence[ToolSpec]) -> IdRead | None:
        """The reading of ``text``'s ids whose prefix no tool describes, by label or prefix; None where none names one.

        An id's label that names some tool's record outranks its prefix (``LABELS``); a prefix names the
        records of the nouns it abbreviates; one that fits destroyers of several records, only the object
        the request names (``SEVERAL_RECORDS``).
        """
        labels, said = self._by_id(text)
        named = frozenset(p for p in said if any(self._fit(frozenset({p}), n) for n in self.nouns))
        if not (named or labels):
            return None
        several, farther = self._several(named, text) if SEVERAL_RECORDS and not labels else ({}, frozenset())
        fits = [
            (self._fit(named, t.name) and several.get(t.name, t.name not in farther))
            or any(self._named(b, t.name) for b in labels)
            for t in tools
        ]
        has = [bool(self.nouns.get(t.name)) or bool(labels and self.records.get(t.name)) for t in tools]
        unnamed = tuple(n for n, yes in several.items() if not yes)
        alone = self._alone(labels, named, several, farther, tools)
        return IdRead(fits, [not f and h for f, h in zip(fits, has, strict=True)], unnamed, alone)

    def _alone(
        self,
        labels: list[str],
        prefixes: frozenset[str],
        several: dict[str, bool],
        farther: frozenset[str],
        tools: Sequence[ToolSpec],
    ) -> tuple[bool, ...]:
        """Per tool: an id's label, or a prefix, fits it and no other destroyer of the registry (its own id).

        "cancel appointment A-3310 and refund sale S-4455": each id names one destroyer's record.
        """
        fit_by = [{d.name for d in self.destroyers if self._named(b, d.name)} for b in labels]
        for prefix in prefixes:
            fit = {d.name for d in self.destroyers if self._fit(frozenset({prefix}), d.name)}
            fit_by.append({n for n in fit if several.get(n, n not in farther)})
        return tuple(any(one == {t.name} for one in fit_by) for t in tools)

    def _several(self, prefixes: frozenset[str], text: str) -> tuple[dict[str, bool], frozenset[str]]:
        """Per destroyer an ambiguous prefix fits, the request names its object; the destroyers it says farther.

        Farther: a destroyer the prefix fits whose act the request says farther than another's (not the id's).

        Ambiguous: it fits destroyers of several nouns (of those whose act the request says nearest, where it says
        one's: in their own language, else the first English of its Chinese word, ``_hints.act_said_nearness``:
        "取消…R-5521" says ``reservation_cancel``'s act, not ``damage_report_void``'s, though 取消 may be "void").
        """
        out: dict[str, bool] = {}
        farther: set[str] = set()
        for prefix in prefixes:
            fit = [t for t in self.destroyers if self._fit(frozenset({prefix}), t.name)]
            near = {t.name: act_said_nearness(text, t) for t in fit}
            nearest = min((n for n in near.values() if n is not None), default=None)
            farther |= {name for name, n in near.items() if n is not None and n != nearest}
            # "terminate i-0cc33": of the destroyers "i" fits, the one whose act it says
            fit = [t for t in fit if near[t.name] == nearest] if nearest is not None else fit
            if len({self.nouns[t.name][0] for t in fit}) > 1:
                out.update((t.name, names_object(text, t, "name")) for t in fit)
        return out, frozenset(farther)


_CACHE: weakref.WeakKeyDictionary[Snapshot, IdNouns] = weakref.WeakKeyDictionary()


def id_nouns(snapshot: Snapshot, described: frozenset[str]) -> IdNouns:
    """The snapshot's ``IdNouns``, read once (``described``: the prefixes ``id_shapes`` found)."""
    found = _CACHE.get(snapshot)
    if found is None:
        found = _CACHE[snapshot] = IdNouns(snapshot, described)
    return found


def id_owners(snapshot: Snapshot, text: str, tools: Sequence[ToolSpec]) -> list[bool] | None:
    """Per tool, the ids of ``text`` are its record's: by a prefix some tool takes, else by label or prefix.

    ``None`` where the registry tells no tool's record by them.
    """
    shapes = id_shapes(snapshot)
    if id_prefixes(text) & shapes.described:
        return shapes.takes(text, tools)
    read = id_nouns(snapshot, shapes.described).read(text, tools)
    return None if read is None else read.fits
