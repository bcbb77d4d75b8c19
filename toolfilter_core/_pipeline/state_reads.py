"""A question about a held destructive tool's act gets the read tools of that tool's own object.

"R-22018 取消了没？" asks whether a reservation was cancelled: a read (``ask_form.about_state``),
so the guard holds ``reservation_cancel`` back. In a registry without profiles the read that
answers (``reservation_get``) may score under the gates while the destructive tools pass them:
every candidate held, nothing was sent. Here each held destructive tool gives way to a read
tool of its own object: a tool that says no write (``_hints.says_writes``) nor destroys, whose
name is a read verb (get, list, show, find, search...) or is read-only (``readOnlyHint``) or whose
description opens with one ("Look up...", "查询..."), over an object its name says that the held
tool's name says too (``reservation_get`` -> reservation, in ``reservation_cancel``;
``payment_list`` -> payment, in ``payment_refund``). The held tool itself is never sent.

A held tool whose name no read's name shares gives way to the reads whose description says its
object (``shift_delete`` -> ``cleaner_schedule``, "List a cleaner's shifts...").

``STATE_READS`` says which: ``off``; ``empty`` (only where the selection would be empty: the
widened row keeps going past its held tools); ``each`` (the best-scored read of every held
tool, in the held tools' order); ``all`` (every read of every held tool); ``named`` (the
best-scored read of each held tool whose object the request names, ``objects.names_object``;
naming none, of the likeliest held tool alone: the best scored of those whose own act the
request says, else the best scored, and none where it has no read (another held tool's read
would answer another question: "P-55 那笔钱退了没有？" is about a refund, not an access card); in a
widened selection, where the scores tell little, of every held tool whose act it says, else of
every one). Chosen by
``benchmarks/choose_state_reads.py`` on the dev registries, each left out in turn. The best-scored
read sent of each held tool that gives way takes that tool's rank (``_placed``): a ``max_tools`` cut
keeps it where it would have kept the held tool.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Collection, Mapping, Sequence

from .._hints import (
    is_destroy_word,
    is_read_only,
    name_words,
    opens_with_read,
    request_says_its_act,
    request_says_its_act_across,
    says_destructive,
    says_writes,
)
from .._snapshot import Snapshot
from .._types import Note, NoteKind, Reason, ScoreBreakdown, ScoredTool, ToolSpec, bare_name, docstring_of
from .id_shapes import ids_in
from .objects import names_object

__all__ = [
    "READS",
    "STATE_READS",
    "UNSAID_READS",
    "ObjectReads",
    "acts_said",
    "asked_elsewhere",
    "object_reads",
    "with_state_reads",
]

READS = ("off", "empty", "each", "all", "named")
STATE_READS = "named"
"""Which held tools give way to their object's reads (``READS``). Chosen by ``benchmarks/choose_state_reads.py``."""
UNSAID = ("every", "elsewhere", "sure", "none")
UNSAID_READS = "elsewhere"
"""Under ``named``, a held tool whose object the request does not name and whose act it does not say gives way:
``every`` (the likeliest where the selection is sure, every one where it widened: the rule before), ``elsewhere``
(as ``every``, but not where a read sent, none of that tool's own reads, has the object the request names: the
question is about that read's record), ``sure`` (the likeliest where sure, none where widened), ``none`` (never).
A parcel courier's "is my account BA-2001 still open? credit limit?" had ``get_claim_status`` moved up to the place
of ``withdraw_claim`` ("Withdraw an open claim. ..."), held after the word "open" alone scored it second, while
``get_business_account`` (the account named) was sent first. Chosen by ``benchmarks/destructive_ridealong.py
--unsaid-reads`` (dev, both sets, without and with profiles): ``sure`` and ``none`` lose dev requests served
("PAY-231 被删了吗？", "web-3 重启好了没": acts said in a form ``acts_said`` does not read), ``elsewhere`` none."""

_READ_VERB = re.compile(
    r"^(?:get|list|show|find|search|read|query|lookup|look|fetch|describe|view|check|retrieve|inspect|"
    r"status|info|detail|details|history|count|lookup)$"
)
_ENGLISH = re.compile(r"[A-Za-z][A-Za-z0-9]+")
_SHORT = 3
"""A name's words under this many letters say no object of a description (``id``, ``by``)."""
_SENTENCE_END = re.compile(r"\.(?:\s|$)|[。！？!?\n]")
_CLAUSE_END = re.compile(r"[,;:()\u2014\u2013，；：（）]|\s-\s")
"""Where a description's lead clause ends: what follows says more than the object read ("..., and when the next
delivery is due")."""
_READ_OPENING = re.compile(
    r"^\s*(?:get|list|show|find|search|read|query|look\s+up|fetch|describe|view|retrieve|inspect|return)"
    r"(?:s|es)?\b|^\s*(?:查询|查看|获取|列出|搜索|查找|显示|返回)",
    re.I,
)


def _words(name: str) -> list[str]:
    """The words of a tool's own name (without a server's ``server__``), lowercased, singular."""
    own = name_words(bare_name(name))
    return [re.sub(r"(?<=[a-z]{3}[^su])s$", "", re.sub(r"(?<=[a-z]{3})ies$", "y", w)) for w in own]


def _described(tool: ToolSpec) -> tuple[str, ...]:
    """The English words of ``tool``'s description's lead clause in order, lowercased and singular (``_words``).

    What a read reads, not what it filters by ("List workflow runs for a repository. Filter by
    ... branch" reads no branch) nor what else it tells ("How many units a store has on hand, and when
    the next delivery is due" reads no delivery): its first sentence up to a comma, colon, semicolon,
    bracket or dash.
    """
    first = _SENTENCE_END.split(docstring_of(tool).strip(), maxsplit=1)[0]
    lead = _CLAUSE_END.split(first, maxsplit=1)[0]
    return tuple(w for word in _ENGLISH.findall(lead) for w in _words(word.lower()))


def _said_in(phrase: Sequence[str], words: Sequence[str]) -> bool:
    """``words`` hold ``phrase`` (non-empty), its words side by side."""
    n = len(phrase)
    return any(tuple(words[i : i + n]) == tuple(phrase) for i in range(len(words) - n + 1))


def reads_about(tool: ToolSpec) -> frozenset[str]:
    """The object a read tool reads (the words of its name but its read verbs); empty for a tool that is no read.

    A read: a read verb in its name, read-only, or a description that opens with a read
    (``_READ_OPENING``, or ``_hints.opens_with_read``: "Track a home delivery" for
    ``delivery_track``, whose object is then ``delivery``, not ``track``).
    """
    if says_writes(tool) or says_destructive(tool):
        return frozenset()
    words = _words(tool.name)
    verbs = [w for w in words if _READ_VERB.match(w)]
    opening = opens_with_read(docstring_of(tool).strip())
    if not (verbs or opening or is_read_only(tool) or _READ_OPENING.match(docstring_of(tool))):
        return frozenset()
    about = frozenset(w for w in words if not _READ_VERB.match(w))
    return about - set(_words(opening or "")) or about  # "Report ..." for report_summary: the name's words kept


class ObjectReads:
    """Per tool of a registry, the object it reads (``reads_about``), read once: the reads a held tool gives way to."""

    def __init__(self, tools: Sequence[ToolSpec]) -> None:
        self.tools = list(tools)
        self.about = [reads_about(t) for t in self.tools]
        self.keys = [_keys(t) for t in self.tools]
        self.takes = [_parameters(t) for t in self.tools]
        self.by_word: dict[str, list[int]] = {}
        self.described: dict[int, tuple[str, ...]] = {}
        self.by_described: dict[str, list[int]] = {}
        for i, about in enumerate(self.about):
            for word in about:
                self.by_word.setdefault(word, []).append(i)
            if about:
                self.described[i] = _described(self.tools[i])
                for word in set(self.described[i]):
                    self.by_described.setdefault(word, []).append(i)

    def of(self, held: int) -> list[int]:
        """The read tools (positions, in registry order) over an object the name of the tool at ``held`` says.

        None by name: the reads whose description says its object, its name's words but its
        destructive verbs, side by side ("List a cleaner's shifts" for ``shift_delete``; "a
        repair order: ... parts" says no parts order).
        """
        words = _words(self.tools[held].name)
        found = {i for w in words for i in self.by_word.get(w, ())}
        by_name = sorted(i for i in found if i != held and self.about[i] <= set(words))
        phrase = [w for w in words if len(w) >= _SHORT and not is_destroy_word(w)]
        if by_name or not phrase:
            return by_name
        found = set(self.by_described.get(phrase[0], ()))
        return sorted(i for i in found if i != held and _said_in(phrase, self.described[i]))

    def chosen(
        self,
        held: Sequence[int],
        usable: Callable[[int], bool],
        score: Mapping[int, float],
        present: Collection[int],
        room: int,
        named: Collection[int] = (),
        sure: bool = True,
        acted: Collection[int] = (),
        ided: bool = False,
    ) -> list[tuple[int, int]]:
        """(read, held) positions the held tools (best first) give way to, as ``STATE_READS`` says.

        Each held tool's reads the caller may use, best ``score`` first (0 for one not scored):
        every one (``all``) or the best; none already ``present``; at most ``room``, at least one.
        ``named`` reads those of the held tools whose object the request names (``named``); naming
        none, of the likeliest (those whose act the request says, ``acted``, first) where the
        selection is ``sure``, of those whose act it says (else every one) where it widened. ``ided``: the request
        carries an id, and a held tool's reads that take its key come first (``_usable_reads``).
        """
        if STATE_READS == "off" or not held or (STATE_READS == "empty" and present):
            return []
        reads = self._usable_reads(held, usable, score, ided)
        found: list[tuple[int, int]] = []
        for h in self._giving_way(held, reads, named, sure, acted):
            for i in reads[h] if STATE_READS == "all" else reads[h][:1]:
                if i not in present and i not in {r for r, _ in found}:
                    found.append((i, h))
        return found[: max(1, room)]

    def first(
        self,
        held: Sequence[int],
        usable: Callable[[int], bool],
        score: Mapping[int, float],
        sent: Collection[int],
        named: Collection[int] = (),
        sure: bool = True,
        acted: Collection[int] = (),
        ided: bool = False,
    ) -> list[tuple[int, int]]:
        """(read, held): the best-scored read ``sent`` of each held tool that gives way (as ``chosen``).

        The read that takes its held tool's rank, so a ``max_tools`` cut keeps it: "is order B2231
        cancelled?" widened to eight tools had ``order_get`` seventh, behind the delivery's tools,
        and ``--max-tools 5`` cut it. None under ``off``, and under ``empty`` (its reads fill an empty selection).
        """
        if STATE_READS in ("off", "empty") or not held:
            return []
        reads = self._usable_reads(held, usable, score, ided)
        found: list[tuple[int, int]] = []
        for h in self._giving_way(held, reads, named, sure, acted):
            best = next((i for i in reads[h] if i in sent), None)
            if best is not None and best not in {r for r, _ in found}:
                found.append((best, h))
        return found

    def _usable_reads(
        self, held: Sequence[int], usable: Callable[[int], bool], score: Mapping[int, float], ided: bool = False
    ) -> dict[int, list[int]]:
        """Each held tool's reads the caller may use, best ``score`` first (0 for one not scored).

        ``ided`` (the request carries an id): those that take the held tool's key first (``lesson_get``, taking
        ``lesson_id``, before ``lesson_list`` for ``lesson_cancel``: "was lesson L-5521 cancelled?" reads one record).
        """
        return {
            h: sorted(
                (i for i in self.of(h) if usable(i)),
                key=lambda i: (ided and not self.keys[h] & self.takes[i], -score.get(i, 0.0)),
            )
            for h in held
        }

    @staticmethod
    def _giving_way(
        held: Sequence[int], reads: Mapping[int, list[int]], named: Collection[int], sure: bool, acted: Collection[int]
    ) -> list[int]:
        """The held tools (best first) that give way to their reads, as ``STATE_READS`` says."""
        if STATE_READS != "named":
            return list(held)
        # the likeliest held tool, with reads or not: never another's in its place
        likeliest = _likeliest(list(held), acted, sure)
        asked = [h for h in held if h in named and h in acted and reads[h]]  # its object named and its act said
        return asked or [h for h in held if h in named and reads[h]] or [h for h in likeliest if reads[h]]


def _keys(tool: ToolSpec) -> frozenset[str]:
    """The required parameters of ``tool`` that name a record's id (``lesson_id``, ``id``): its key."""
    required = tool.parameters.get("required")
    return (
        frozenset(n for n in required if isinstance(n, str) and re.search(r"(?:^|_)id$", n.lower()))
        if isinstance(required, list)
        else frozenset()
    )


def _parameters(tool: ToolSpec) -> frozenset[str]:
    """The names of ``tool``'s parameters."""
    properties = tool.parameters.get("properties")
    return frozenset(n for n in properties if isinstance(n, str)) if isinstance(properties, dict) else frozenset()


def _likeliest(held: list[int], acted: Collection[int], sure: bool) -> list[int]:
    """Of ``held`` (best first), the first whose act is said, else the first (``sure``); else all whose act is said.

    None whose act is said: the first or every one only as ``UNSAID_READS`` lets them.
    """
    said = [h for h in held if h in acted]
    unsaid = held if UNSAID_READS in ("every", "elsewhere") or (sure and UNSAID_READS == "sure") else []
    return (said or unsaid)[:1] if sure else said or unsaid


def acts_said(text: str, held: Sequence[int], tools: Sequence[ToolSpec]) -> set[int]:
    """The held tools whose own act ``text`` says, in any language.

    "旧的 staging 机器都终止了吗" says 终止, ``aws__terminate_instances``'s act, not
    ``github__delete_branch``'s, however the two score.
    """
    return {h for h in held if request_says_its_act(text, tools[h]) or request_says_its_act_across(text, tools[h])}


_CACHE: weakref.WeakKeyDictionary[Snapshot, ObjectReads] = weakref.WeakKeyDictionary()


def _object_reads(snapshot: Snapshot) -> ObjectReads:
    """The snapshot's ``ObjectReads``, read once."""
    found = _CACHE.get(snapshot)
    if found is None:
        found = _CACHE[snapshot] = ObjectReads(snapshot.tools)
    return found


def object_reads(held: ToolSpec, tools: Sequence[ToolSpec]) -> list[ToolSpec]:
    """The read tools of ``tools`` over an object ``held``'s name says, in the order given."""
    reads = ObjectReads([*tools, held])
    return [reads.tools[i] for i in reads.of(len(tools)) if reads.tools[i].name != held.name]


def with_state_reads(
    snapshot: Snapshot,
    selected: list[ScoredTool],
    rejected: list[ScoredTool],
    usable: Callable[[str], bool],
    limit: int,
    text: str = "",
    confident: bool = True,
) -> tuple[list[ScoredTool], list[ScoredTool], Note | None]:
    """``selected`` with the reads of the tools the guard held (``rejected``), ``rejected`` without them, a note.

    Called for a question about an act's state (``text``) only. ``limit``: the selection's size
    (``top_k``, or ``fallback_top_k`` widened: not ``confident``); the reads fill its free room, at least one.
    """
    position = snapshot.position
    scored = {position[s.name]: s for s in rejected if s.name in position}
    held = sorted(
        (position[s.name] for s in rejected if s.reason is Reason.DESTRUCTIVE_GUARD), key=lambda i: -scored[i].score
    )
    named = {h for h in held if names_object(text, snapshot.tools[h])}
    acted, ided = acts_said(text, held, snapshot.tools), bool(ids_in(text))
    reads = _object_reads(snapshot)
    ahead = [position[s.name] for s in selected if s.name in position]
    held = [h for h in held if h in named or h in acted or not asked_elsewhere(text, h, ahead, snapshot.tools, reads)]
    found = reads.chosen(
        held,
        lambda i: usable(snapshot.tools[i].name),
        {i: t.score for i, t in scored.items()},
        {position[s.name] for s in selected if s.name in position},
        limit - len(selected),
        named,
        confident,
        acted,
        ided,
    )
    added = [_as_read(snapshot, scored.get(r), snapshot.tools[r].name, snapshot.tools[h].name) for r, h in found]
    sent = {position[s.name]: s.score for s in selected + added if s.name in position}
    first = reads.first(held, lambda i: usable(snapshot.tools[i].name), sent, sent, named, confident, acted, ided)
    placed = _placed(selected + added, [(snapshot.tools[r].name, scored[h].score) for r, h in first])
    if not found:
        return placed, rejected, _moved_note(selected, placed, {snapshot.tools[r].name: h for r, h in first}, snapshot)
    pairs = [(snapshot.tools[r].name, snapshot.tools[h].name) for r, h in found]
    said = bool(named & {h for _, h in found})
    note = Note(
        NoteKind.STATE_READS,
        _why(pairs, said, len(held), confident, all(h in acted for _, h in found)),
        tools=tuple(r for r, _ in pairs),
        held=tuple(h for _, h in pairs),
        object_named=said,
    )
    names = {r for r, _ in pairs}
    return placed, [s for s in rejected if s.name not in names], note


def asked_elsewhere(text: str, held: int, sent: Collection[int], tools: Sequence[ToolSpec], reads: ObjectReads) -> bool:
    """Under ``UNSAID_READS`` ``elsewhere``: a read ``sent``, none of ``held``'s own, has an object ``text`` names.

    Then ``held``, its object not named and its act not said, gives way to none of its reads.
    """
    if UNSAID_READS != "elsewhere":
        return False
    own = set(reads.of(held))
    return any(i not in own and reads.about[i] and names_object(text, tools[i]) for i in sent)


def _moved_note(
    before: list[ScoredTool], after: list[ScoredTool], held_of: Mapping[str, int], snapshot: Snapshot
) -> Note | None:
    """The note for reads already sent that ``_placed`` moved up to their held tool's rank, or None."""
    was = {s.name: i for i, s in enumerate(before)}
    moved = [
        (s.name, snapshot.tools[held_of[s.name]].name)
        for i, s in enumerate(after)
        if s.name in held_of and i < was[s.name]
    ]
    if not moved:
        return None
    said = ", ".join(f"{r} (for {h})" for r, h in moved)
    return Note(
        NoteKind.STATE_READS,
        "a question about a held tool's act: its object's reads moved up to the held tool's place: " + said,
        tools=tuple(r for r, _ in moved),
        held=tuple(h for _, h in moved),
        moved=True,
    )


def _placed(selected: list[ScoredTool], moves: Sequence[tuple[str, float]]) -> list[ScoredTool]:
    """``selected``, each read of ``moves`` moved up to the rank its held tool's score gives it, never down.

    Before the first tool (not moved) that scores under the held tool: a ``max_tools`` cut keeps the
    read where it would have kept the held tool.
    """
    out = list(selected)
    moved: set[str] = set()
    for name, score in moves:
        at = next(i for i, s in enumerate(out) if s.name == name)
        rank = next((i for i, s in enumerate(out) if s.name not in moved and s.score < score), len(out))
        if rank < at:
            out.insert(rank, out.pop(at))
        moved.add(name)
    return out


def _why(pairs: list[tuple[str, str]], named: bool, held: int, sure: bool, acted: bool) -> str:
    """The note's text: the reads sent, each with the held tool it stands for, and which held tools gave way."""
    sent = ", ".join(f"{r} (for {h})" for r, h in pairs)
    text = "a question about a held tool's act: its object's reads sent: " + sent
    if STATE_READS != "named" or held < 2:
        return text
    if named:
        return text + " (the object the request names)"
    if not sure:
        which = "those whose act it says" if acted else "every held tool"
        return text + f" (the request names no object and the selection widened: {which})"
    return text + f" (the request names no object: the likeliest of the {held} held tools)"


def _as_read(snapshot: Snapshot, base: ScoredTool | None, name: str, held: str) -> ScoredTool:
    """The read ``name`` as a selected tool, its score kept where it was scored."""
    matched = f"reads the object of {held}"
    if base is None:
        return ScoredTool(snapshot.tools[snapshot.position[name]], ScoreBreakdown({}, {}, 0.0, matched))
    b = base.breakdown
    return ScoredTool(base.tool, ScoreBreakdown(b.signals, b.weights, b.combined, matched))
