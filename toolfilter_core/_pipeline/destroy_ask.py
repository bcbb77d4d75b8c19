"""Whether a request asks to destroy, read three ways besides the verb lists of ``_hints``.

* **Its profile neighbours** (``by_neighbours``): the closest tool-profile request is one
  that asks for a destructive act: a destroy-asking request of any tool, or any profile
  request of a destructive tool (each asks for that tool's act; ``DESTRUCTIVE_REQUESTS_ASK``).
  A request that says a read ("status of", "show me", 查一下, 状态; ``says_a_read``) and no
  destroy word is not one by its neighbours (``READS_HOLD_NEIGHBOURS``): a terse read shares
  its object and id pattern with a destroy-asking profile request as often as with a read.
* **The act phrases** (``by_phrases``): the request's mean cosine to bundled phrases that ask
  to cancel, withdraw, void or remove something (``act_phrases.DESTROY``) exceeds its mean
  cosine to phrases that ask to read, check, create, change or send (``act_phrases.OTHER``)
  by more than ``PHRASE_MARGIN``: a nearest-centroid reading along the axis from the one
  kind to the other (``act_axis``). The phrases name no registry's objects: what sets the
  two means apart is the act. The axis ships per bundled embedder (``AXES_FILE``); another
  embedder embeds the phrases once.

Which tool the act is (the row's best, an ask's best, the tool whose verb it says) is
``decide.decide_rows``'s.
"""

from __future__ import annotations

import hashlib
import json
import re
import weakref
from functools import cache
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from .._embedders import Embedder
from .._hints import request_is_destructive
from .._negated import tells_not_to_act
from .._snapshot import Snapshot
from .act_phrases import DESTROY, OTHER

__all__ = [
    "DESTRUCTIVE_REQUESTS_ASK",
    "PHRASE_MARGIN",
    "by_neighbours",
    "by_phrases",
    "leans_to_destroy",
    "negates_an_act",
    "neighbour_leans",
    "phrase_margin",
    "read_holds_neighbours",
    "says_a_read",
]

DESTRUCTIVE_REQUESTS_ASK = False
"""A destructive tool's profile requests ask for its act (its ``requests`` as much as its
``destroy`` ones). Off: they name its object as often as its act ("friday's meeting"), and
on the dev registries reading them as destroy-asking sent more destructive tools outside the
gold. Chosen by ``benchmarks/choose_destroy_reading.py``."""

PHRASE_MARGIN: float | None = 0.08
"""The request asks to destroy when its mean cosine to the destroy-asking phrases exceeds its mean
cosine to the others by more than this (None: the phrases are not read). Chosen by
``benchmarks/choose_destroy_reading.py``."""

SCORE_MARGIN: float | None = 0.05
"""A destructive tool that scores like a confident pick (``min_score`` reached, within
``min_gap`` of the top) enters when the request's phrase margin (``phrase_margin``) exceeds
this, though it falls short of ``PHRASE_MARGIN`` (None: a score unlocks nothing, whatever
the margin). Chosen by ``benchmarks/choose_destroy_reading.py``."""

NEIGHBOUR_LEAN: float | None = None
"""A request asks to destroy by its closest profile request only when its phrase margin
(``phrase_margin``) exceeds this too (None: the neighbour alone decides). Off. A neighbour
shares the request's object as often as its act ("周五晚上的法语课还上吗", is Friday's class
still on, sits closest to "把周三晚上的法语课取消", margin -0.035; a question about the class's
state, which ``ask_form.about_state`` now holds), but a destroy request in
other words reads as a neighbour only ("order #4471 has to go", margin -0.001; "we no longer
need order 4471", +0.009). ``benchmarks/destructive_ridealong.py --neighbour-lean X`` on the
dev registries with profiles: None and 0.0 send 8 ride-alongs, 0.03-0.08 send 7, every destroy
request served either way: one request, against the requests in other words the bar loses."""


READS_HOLD_NEIGHBOURS = True
"""A request that says a read (``says_a_read``) is not a destroy ask by its profile neighbours:
"status of rental booking RB-5512" sits closest to "cancel rental booking RB-771" (the object
and the id pattern shared), "show me repair ticket T-90" to "void ticket T-77". Its words (a
destroy word makes it a destroy ask before the neighbours are read), the act phrases and a
tool's own verb still read it. Chosen by
``benchmarks/choose_neighbour_reads.py`` (dev registries, each left out in turn)."""

_READ_EN = re.compile(
    r"\b(?:status (?:of|on|for)|show me|look(?:ing)? up|look at|what'?s on|what is on|tell me about|"
    r"details? (?:of|on|for)|info (?:on|about)|pull up|check on|lookup)\b",
    re.I,
)
_READ_ZH = re.compile(r"查一下|查查|查询|看看|看一下|看下|状态|详情|明细|进度|到哪一步|什么情况")


def says_a_read(text: str) -> bool:
    """The request says a read: "status of", "show me", "look up", "what's on", 查一下, 看看, 状态..."""
    return bool(_READ_EN.search(text) or _READ_ZH.search(text))


_MAKE_EN = re.compile(
    r"^\W*(?:(?:please|pls|ok(?:ay)?|then|so|now|and|just)[\s,]+)*"
    r"(?:order|re-?order|buy|purchase|restock|book|reserve|add|create|place|schedule|register|set\s+up|open)\s+"
    r"(?:\d{1,2}\s+[a-z]|(?:a|an|some|more|another|new|extra)\b)",
    re.I,
)
"""An ask that opens with a making act on a count or a new thing: "Order 40 packs from Alliance", "book a room",
"add 3 units" (a count is one or two digits, as ``id_shapes.RECORD_NUMBER`` reads it); not "order 4471 has to go" (a
record's number, then its fate)."""
_MAKE_ZH = re.compile(
    r"^\W*(?:请|帮我|麻烦)?(?:从[^，,。；;!！？?\s]{1,8})?(?:订购|采购|进货|补货|下单|新建|新增|添加|预订|再?订)\s*\d"
)
"""Its Chinese counterpart: "从国药订 50 盒", "补货 20 箱", "添加 3 个"."""


def says_a_making(text: str) -> bool:
    """The request opens with a making act on a count or a new thing (``_MAKE_EN``, ``_MAKE_ZH``)."""
    return bool(_MAKE_EN.search(text) or _MAKE_ZH.search(text))


def read_holds_neighbours(text: str) -> bool:
    """The request says a read, or opens with a making act, so its profile neighbours do not make it a destroy ask.

    ``READS_HOLD_NEIGHBOURS``; a making act (``says_a_making``): "Order 40 packs from Alliance then" sits closest to
    "Remove 40 recalled packs of valsartan from inventory" (a count and a thing shared), and orders stock, not a
    write-off.
    """
    return READS_HOLD_NEIGHBOURS and (says_a_read(text) or says_a_making(text))


def neighbour_leans(embedder: Embedder, vector: NDArray[np.float32] | None) -> bool:
    """The request's phrase margin allows its profile neighbour to decide (``NEIGHBOUR_LEAN``)."""
    if NEIGHBOUR_LEAN is None or vector is None:
        return True
    return phrase_margin(embedder, vector) > NEIGHBOUR_LEAN


_MASKS: weakref.WeakKeyDictionary[Snapshot, NDArray[np.bool_]] = weakref.WeakKeyDictionary()


def destructive_mask(snapshot: Snapshot) -> NDArray[np.bool_]:
    """Per tool of ``snapshot`` (registry order): destructive by the guard's rule, worked out once."""
    found = _MASKS.get(snapshot)
    if found is None:
        found = _MASKS[snapshot] = np.array([snapshot.destructive(i) for i in range(len(snapshot.tools))], dtype=bool)
    return found


def by_neighbours(snapshot: Snapshot, plain: NDArray[np.float32] | None, destroy: NDArray[np.float32] | None) -> bool:
    """The closest profile request asks for a destructive act (a tie, or no profiles: no).

    ``plain`` and ``destroy``: per tool, the best cosine over its profile requests that do not
    ask to destroy, and over its destroy-asking ones (-inf without).
    """
    if plain is None or destroy is None or not len(destroy):
        return False
    if DESTRUCTIVE_REQUESTS_ASK:
        harmful = destructive_mask(snapshot)
        destroy = np.where(harmful, np.maximum(destroy, plain), destroy)
        plain = np.where(harmful, -np.inf, plain)
    if not np.isfinite(destroy).any():
        return False
    return bool(np.max(destroy) > np.max(plain))


_AXES: dict[int, tuple[weakref.ref[Embedder], NDArray[np.float32]]] = {}


def act_axis(embedder: Embedder) -> NDArray[np.float32]:
    """The mean of the destroy-asking phrases' vectors less the mean of the others', embedded once per embedder."""
    key = id(embedder)
    found = _AXES.get(key)
    if found is None or found[0]() is not embedder:
        axis = shipped_axes().get(embedder.id)
        if axis is None:
            axis = embedded_axis(embedder)
        found = _AXES[key] = (weakref.ref(embedder), axis)
    return found[1]


def embedded_axis(embedder: Embedder) -> NDArray[np.float32]:
    """The act axis embedded now: the destroy-asking phrases' mean vector less the others'."""
    vectors = np.asarray(embedder.embed_queries([*DESTROY, *OTHER]), dtype=np.float32)
    axis = vectors[: len(DESTROY)].mean(axis=0) - vectors[len(DESTROY) :].mean(axis=0)
    return np.asarray(axis, dtype=np.float32)


AXES_FILE = Path(__file__).resolve().parent.parent / "data" / "act_axes.json"
"""The act axis of each bundled embedder, shipped so that no select embeds the phrases
(written by ``python benchmarks/act_axes.py --write``)."""


def phrases_digest() -> str:
    """Names the act phrases in force: a shipped axis of other phrases is not used."""
    return hashlib.sha256(json.dumps([DESTROY, OTHER], ensure_ascii=False).encode()).hexdigest()[:16]


@cache
def shipped_axes() -> dict[str, NDArray[np.float32]]:
    """Per embedder id, the shipped act axis of the phrases in force (none if the file is for other phrases)."""
    try:
        data = json.loads(AXES_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("phrases") != phrases_digest():
        return {}
    return {str(k): np.asarray(v, dtype=np.float32) for k, v in dict(data.get("axes", {})).items()}


def phrase_margin(embedder: Embedder, vector: NDArray[np.float32]) -> float:
    """The request's mean cosine to the destroy-asking phrases less its mean cosine to the others."""
    return float(np.asarray(vector, dtype=np.float32).reshape(-1) @ act_axis(embedder))


def leans_to_destroy(embedder: Embedder, vector: NDArray[np.float32] | None) -> bool:
    """The request's phrase margin exceeds ``SCORE_MARGIN``: a confident score may unlock its destructive tool."""
    if SCORE_MARGIN is None or vector is None:
        return False
    return phrase_margin(embedder, vector) > SCORE_MARGIN


NEGATED_ACTS_HOLD = True
"""A request that tells not to do an act (``negates_an_act``: "以后缺货了不要给我换别的", "never swap my
items") is no destroy ask by the act phrases, nor leans to destroy: a preference, not a call-off, though
its 不要 and "don't" sit near the destroy-asking phrases' 不要了 and "I don't want it anymore". The words
were read off the development registries' requests: none with a negated act reaches ``PHRASE_MARGIN``
without a destroy word, so no dev selection moves (``benchmarks/destructive_ridealong.py``, both sets)."""


def negates_an_act(text: str) -> bool:
    """The request tells not to do an act or tells a state: "不要给我换别的", "my bin was not emptied".

    With ``NEGATED_ACTS_HOLD``. Read by ``_negated.tells_not_to_act``, the reader of the request's refusals too: in
    the negation's own clause, and only where the request less its negations says no destroy word; a state told is
    ``tells_a_state``'s.
    """
    return NEGATED_ACTS_HOLD and (tells_not_to_act(text) or tells_a_state(text))


_UNWANTED = r"(?!(?:need|want|require|use|wish)(?:ed|d)?\b)"
"""Not a thing no longer wanted ("not needed anymore", "isn't used": a reason to call it off, not a report)."""
_STATE_EN = re.compile(
    r"\b(?:(?:is|are|was|were|has|have|had|did|does|do)(?:n't|nt|\s+not)|never|not)"
    rf"(?:\s+(?:yet|even|been|get|got|gotten|being|ever))*\s+(?:[a-z]+ly\s+)?{_UNWANTED}[a-z]{{2,}}(?:ed|en)\b"
    rf"|\b(?:was|were|has\s+been|have\s+been|had\s+been|got)\s+(?:already\s+|just\s+)?{_UNWANTED}[a-z]{{2,}}ed\b",
    re.I,
)
"""A state told in English: a negated participle ("was not emptied", "hasn't been collected", "didn't get picked
up", "not collected") or a passive report ("was emptied after all", "got collected")."""
_STATE_ZH = re.compile(
    r"[\u4e00-\u9fff\w](?:还|都|也)?(?:没有|没|未)(?:被)?(?!空|时间|必要|用|需要|兴趣)[\u4e00-\u9fff]{1,2}[了呢啊呀过]*"
    r"(?=$|[，,。；;！!？?\s])"
)
"""A state told in Chinese: after what it is told of, 没 / 没有 / 未 and a verb closing the clause ("垃圾桶没倒",
"今天还没收", "桶没被收走"); not a thing no longer wanted (没空, 没必要, 没用, 没需要: a reason to call it off)."""


def tells_a_state(text: str) -> bool:
    """The request tells what became of a thing, not an act to do (``_STATE_EN``, ``_STATE_ZH``).

    "my bin was not emptied", "垃圾桶没倒，报个漏收": a report, though its negation sits near the destroy-asking
    phrases' 不要了 and "not happening anymore" (``act_phrases``). Only where the request less those words says no
    destroy word ("my bin wasn't emptied, cancel my subscription" asks one).
    """
    if not (_STATE_EN.search(text) or _STATE_ZH.search(text)):
        return False
    return not request_is_destructive(_STATE_ZH.sub(" ", _STATE_EN.sub(" ", text)))


def by_phrases(embedder: Embedder, vector: NDArray[np.float32] | None, margin: float | None = None) -> bool:
    """The request sits closer to the destroy-asking phrases than to the others, by more than the margin."""
    bar = PHRASE_MARGIN if margin is None else margin
    if bar is None or vector is None:
        return False
    return phrase_margin(embedder, vector) > bar
