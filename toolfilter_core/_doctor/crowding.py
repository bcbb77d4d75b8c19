"""Crowding: which pairs of tools land on each other, the words they share, and clusters.

By the pipeline's rankings of their probes, their users' overlapping requests and the
similarity of their embedded definitions.

A pair's score (constants chosen on the dev registries, never on held-out ones;
benchmarks/doctor_pairs.py, docs/doctor.md)::

    users = REQUESTS_WEIGHT * max(soft_ab, soft_ba) + VOICE_WEIGHT * max(voice_ab, voice_ba)
            + FOREIGN_WEIGHT * max(foreign_ab, foreign_ba)
    score = users + d * g * (OWN_WEIGHT * max(own_ab, own_ba) + Z_WEIGHT * max(0, z - Z_FLOOR))

with ``d`` = ``DESCRIBED_WEIGHT`` with profiles, else ``ERRAND_WEIGHT`` for two names on
different things doing different acts (``acts.other_errand``, the ``errand`` part),
``GUARDED_WEIGHT`` for a read beside a destroyer (``acts.read_beside_destroyer``, ``guarded``),
``OTHER_READS_WEIGHT`` for two reads of different things whose definitions share no word but
generic ones (``acts.other_reads``, ``reads``) and 1
for the rest; and with profiles 0 unless ``max(soft) + max(foreign)`` reaches ``USERS_FLOOR`` (the
users' requests join the two).

``soft_ab``: over ``a``'s profile requests, ``b``'s mean share of a softmax of each ranking's
scores (``TEMPERATURE``, beside a "nobody" at ``NOBODY``), a graded "ranks ``b`` first";
``voice_ab``: the same share when each of ``a``'s requests is ranked by cosine over every
tool's description and profile requests (``closeness.voice_overlap``: the users' requests
overlap); ``foreign_ab``: the share of ``a``'s requests nearer ``b`` than ``a`` by cosine;
``own_ab``: ``soft`` over ``a``'s own name and description; ``g`` = ``GENERIC_WEIGHT`` when
every word the two definitions share is generic ("search", "list", 查询), else 1; ``z``
(only for a tool's ``NEIGHBOURS`` closest): the pair's cosine in standard deviations above
each tool's mean cosine to the others. ``first_ab`` (``b`` ranked first) and ``near_ab``
(``b`` the runner-up within ``NEAR_RATIO``) are kept as the evidence a person reads.

``names`` (not a score term): 1 for two names the same but for a search verb of one family
(``acts.name_synonyms``: ``student_search``, ``student_lookup``), or a search beside the same search
with a ``by`` filter in its name (``acts.name_qualifier``: ``order_search``, ``order_find_by_customer``),
or with more words in its name and more parameters, none required (``acts.filtered_pairs``:
``search_catalogue``, ``catalogue_search_advanced``); such a pair is kept whatever its score, and told.
``keyed`` (not a score term): 1 for such names one of which requires a key the other does not take
(``acts.keyed_apart``, ``acts.is_key``: a lookup by a key beside a search by filters), kept whatever its score too.
``named_apart`` (not a score term): 1 for such names one of whose descriptions names the other
("Does NOT search by date — use booking_search"): no one act, but kept whatever its score too, a crowded
pair while the other description says nothing of when to use it.

``mixed`` (not a score term): ``min(mix_ab, mix_ba)``, ``mix_ab`` the share of ``a``'s profile
requests nearer ``b``'s centroid than ``a``'s own (``mixing.centroid_mixing``): the users'
requests cannot tell the two apart, both ways (``request_mixing``); at ``DUPLICATE_MIXED`` the
two are duplicates, not siblings, and the pair is kept whatever its score.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Collection, Container, Iterable, Mapping, Sequence

import numpy as np
from numpy.typing import NDArray

from .._chains import singular
from .._function_words import FUNCTION_EN, FUNCTION_ZH
from .._hints import says_destructive, without_pointers
from .._tokenize import tokenize
from .._types import ToolSpec, docstring_of
from . import acts
from .acts import (
    filtered_pairs,
    keyed_apart,
    one_word_apart,
    other_errand,
    other_reads,
    read_beside_destroyer,
    synonym_pairs,
    things_apart,
)
from .closeness import DefinitionSims, Shares, voice_overlap
from .definitions import language_of
from .errand import worded
from .mixing import centroid_mixing
from .probes import name_words
from .served import Lost, lost_requests
from .values import CrowdedPair, Ranked

__all__ = [
    "APART_SCORE",
    "CROWDED_SCORE",
    "DUPLICATE_MIXED",
    "GENERIC",
    "NEAR_RATIO",
    "clusters",
    "common_words",
    "crowded_pairs",
    "pair_group",
    "request_mixing",
    "shared_words",
]

NEAR_RATIO = 0.9
"""A runner-up within this share of the owner's score is "near" (a close call)."""
TEMPERATURE = 0.05
"""The softmax temperature over a probe's combined scores (the graded share of "ranked first")."""
NOBODY = 0.2
"""A "nobody" competitor at this combined score in each softmax: a probe no tool scores well
for shares itself with no tool (else a dozen scores near 0 share it evenly)."""
REQUESTS_WEIGHT = 3.2
OWN_WEIGHT = 0.5
VOICE_WEIGHT = 0.0
FOREIGN_WEIGHT = 0.0
"""The share of a's requests nearer b than a (``closeness.voice_overlap``'s ``foreign``)."""
DESCRIBED_WEIGHT = 0.8
"""With profiles, the weight of the definitions' own words and similarity (the users' requests say more)."""
USERS_FLOOR = 0.1
"""With profiles, a pair counts only when ``requests + foreign`` reaches this: the users' requests
join the two (ranked first for the other, or nearer the other than their own)."""
GENERIC_WEIGHT = 0.3
"""The own-words term of a pair that shares only generic words."""
ERRAND_WEIGHT = 0.0
"""Without profiles, the own-words term of a pair on different things doing different acts
(``acts.other_errand``: ``customer_find``, ``email_send``); with profiles their users' requests tell.
0: no crowding. Chosen by benchmarks/doctor_pairs.py --dev --bare --choose on the dev registries: of the
settings within 0.01 of the best mean F1, the one that flags fewest pairs (481 -> 366, 5 of 57 true pairs
lost); with each dev registry left out, 0 in 5 of 6. Held out, run once after: precision .37 -> .36,
recall .32 -> .27 (docs/doctor.md)."""
GUARDED_WEIGHT = 0.0
"""Without profiles, the own-words term of a pair whose one tool destroys and the other does not and has a
read verb in its name (``acts.read_beside_destroyer``: ``voucher_check``, ``voucher_void``): the selection's
destructive guard keeps the destroyer off a request that reads, so the two are rarely taken for each other.
0: no crowding.
Chosen with ``OTHER_READS_WEIGHT`` and ``acts.GUARDED_NAMED`` by benchmarks/doctor_pairs.py --dev --bare
--choose on the dev registries: of the settings within 0.01 of the best mean F1, the one that flags fewest
pairs (366 -> 350 by this weight, no true pair lost, mean precision 0.411 -> 0.450; -> 336 with
``OTHER_READS_WEIGHT``, 1 of 52 lost); with each dev registry left out, 0 in 6 of 6 (docs/doctor.md)."""
OTHER_READS_WEIGHT = 0.0
"""Without profiles, the own-words term of two reads of different things whose definitions share no word
but generic ones (``acts.other_reads``: ``slot_list_available``, ``driver_list``): what they share is the
act. 0: no crowding; chosen with ``GUARDED_WEIGHT`` (above), 0 in 6 of 6 with each dev registry left out.
It loses ``list_arrivals`` / ``list_departures``, a listed pair (14 such pairs flagged on dev, 1 listed)."""
LONE_WEIGHT = 0.0
"""Without profiles, the own-words term of two tools whose definitions share one word but generic ones, named on
different things (``acts.one_word_apart`` as ``acts.LONE_WAYS``: ``reservation_cancel`` and
``airport_transfer_cancel`` sharing "cancel", ``book_pickup`` and ``schedule_redelivery`` sharing "pickup"). 0: no
crowding. Chosen with ``acts.LONE_WAYS`` by benchmarks/doctor_pairs.py --dev --bare --choose (``choose_lone``): of
the settings whose mean F1 is not below the rule off, the one flagging fewest pairs (336 -> 302, mean F1 0.321 ->
0.326, mean precision 0.446 -> 0.498, mean recall 0.313 -> 0.307; one listed pair lost, ``export_gradebook`` /
``import_grades_csv``); with each dev row left out, "things" in 5 of 6, weight 0 in 4 of 6."""
APART_SCORE = 1.0
"""Without profiles, a pair whose names are on different things and say no one kind of act (``acts.things_apart``),
and whose definitions share a word that is one name's thing (``cafe_table_reserve`` and ``game_checkout``, joined by
"board, game, table"), scores 0 under this: only words of different things join the two, weaker than a
duplicate's crowding. Chosen by benchmarks/doctor_apart.py on the dev registries: the bar of highest mean precision
whose mean recall is not below the rule off, the lowest of those (297 pairs flagged of 300, none listed lost; each
dev registry left out, 1.0 in 4 of 6)."""
Z_WEIGHT = 0.5
Z_FLOOR = 1.0
"""Similarity counts only above this many standard deviations over a tool's usual."""
NEIGHBOURS = 3
"""Similarity counts only between a tool and its this many most similar others (so a large
registry does not flag every pair a little above its mean)."""
CROWDED_SCORE = 0.4
"""A pair at or above this score is a finding (benchmarks/doctor_pairs.py chose it on dev registries)."""
DUPLICATE_MIXED = 0.5
"""Two tools are duplicates when at least this share of each one's profile requests sits nearer
the other tool's centroid than its own (benchmarks/doctor_duplicates.py --choose chose it on dev registries
with made duplicates)."""
GENERIC_SHARE = 0.25
"""A word in at least this share of a registry's definitions (of 8 or more) is generic there too."""

GENERIC = frozenset(
    "search find lookup look query fetch get list show view read retrieve browse check create add new make "
    "update edit change modify set delete remove data info information details detail record records item "
    "items entry entries result results status state 查询 获取 搜索 查找 查看 列出 列表 读取 检索 创建 新建 添加 "
    "更新 修改 删除 移除 信息 数据 详情 记录 状态".split()
)
"""Words that say an act or a thing any tool may have (a record's details, its status): two tools sharing only these
are not alike (``return_status_get`` and ``refund_status_get`` sharing "status")."""

_STOP = FUNCTION_EN | frozenset(
    "of to in on for by with from at as is are be into per via "
    "id ids get set list all any one two use used using returns return given e g eg etc only not no "
    "up out off over".split()
)
"""Function words, and the prepositions, verbs and id words every definition writes: none makes two alike."""

_Shares = dict[tuple[int, int], float]


def _probe_shares(
    ranked: Sequence[Ranked], index: Mapping[str, int], sources: frozenset[str]
) -> tuple[_Shares, _Shares, _Shares]:
    """``first``, ``near`` and ``soft``: shares of a's probes (of the given sources), keyed (a, b).

    ``soft[a, b]``: b's mean share of a softmax over each probe's scores (``TEMPERATURE``), a graded ``first``.
    """
    first: _Shares = {}
    near: _Shares = {}
    soft: _Shares = {}
    counts: Counter[int] = Counter()
    for row in ranked:
        if row.probe.source in sources and row.probe.tool in index:
            counts[index[row.probe.tool]] += 1
    for row in ranked:
        if row.probe.source not in sources or row.probe.tool not in index:
            continue
        a = index[row.probe.tool]
        if row.scores:
            top = max(row.scores[0], NOBODY)
            weights = np.exp((np.asarray(row.scores) - top) / TEMPERATURE)
            weights /= weights.sum() + math.exp((NOBODY - top) / TEMPERATURE)
            for name, weight in zip(row.names, weights.tolist(), strict=True):
                if name != row.probe.tool and name in index and weight > 1e-6:
                    key = (a, index[name])
                    soft[key] = soft.get(key, 0.0) + weight / counts[a]
        other = row.best_other()
        if other is None or other[0] not in index:
            continue
        key = (a, index[other[0]])
        if row.position(row.probe.tool) != 0:
            first[key] = first.get(key, 0.0) + 1 / counts[a]
        elif other[2] > 0 and other[1] >= NEAR_RATIO * other[2]:
            near[key] = near.get(key, 0.0) + 1 / counts[a]
    return first, near, soft


def _total(parts: Mapping[str, float], *, profiled: bool) -> float:
    """A pair's score from its terms (the module's formula); with profiles, 0 unless the users' requests join them."""
    if profiled and parts["requests"] + parts["foreign"] < USERS_FLOOR:
        return 0.0  # their descriptions' likeness alone is no crowding when users' requests say otherwise
    own_words = OWN_WEIGHT * parts["own"] + Z_WEIGHT * parts["similar"]
    users = REQUESTS_WEIGHT * parts["requests"] + VOICE_WEIGHT * parts["voice"] + FOREIGN_WEIGHT * parts["foreign"]
    total = users + (DESCRIBED_WEIGHT if profiled else _bare_weight(parts)) * parts["generic"] * own_words
    if not profiled and parts.get("apart") and total < APART_SCORE:
        return 0.0  # names on different things: only shared words join them, under a duplicate's strength
    return total


def _bare_weight(parts: Mapping[str, float]) -> float:
    """Without profiles, the weight of the own words.

    ``ERRAND_WEIGHT``, ``GUARDED_WEIGHT``, ``OTHER_READS_WEIGHT``, ``LONE_WEIGHT``.
    """
    weight = ERRAND_WEIGHT if parts.get("errand") else 1.0
    weight *= GUARDED_WEIGHT if parts.get("guarded") else 1.0
    weight *= LONE_WEIGHT if parts.get("lone") else 1.0
    return weight * (OTHER_READS_WEIGHT if parts.get("reads") else 1.0)


def _both(shares: _Shares, i: int, j: int) -> float:
    return max(shares.get((i, j), 0.0), shares.get((j, i), 0.0))


def crowded_pairs(
    tools: Sequence[ToolSpec],
    vectors: NDArray[np.float32],
    ranked: Sequence[Ranked],
    *,
    profiled: bool,
    floor: float = 0.0,
    requests: NDArray[np.float32] | None = None,
    id_free: NDArray[np.float32] | None = None,
    top_k: int = 5,
    same_key: Collection[tuple[int, int]] = frozenset(),
    errand: Collection[tuple[int, int]] = frozenset(),
    one_search: Collection[tuple[int, int]] = frozenset(),
) -> list[CrowdedPair]:
    """Every pair scoring at least ``floor`` (and above 0), strongest first; every pair of ``same_key``, ``errand``, ...

    And ``one_search``. ``requests``, ``id_free``: the requests' vectors, ranked and for their mixing (``probes``).
    """
    index = {t.name: i for i, t in enumerate(tools)}
    sims = DefinitionSims(vectors, NEIGHBOURS)
    first, near, soft = _probe_shares(ranked, index, frozenset({"request"}))
    own_first, _, own = _probe_shares(ranked, index, frozenset({"name", "description"}))
    first = first if profiled else own_first
    voice, foreign, mix, asked, lost = _users(ranked, index, (requests, id_free), vectors, top_k)
    synonyms = synonym_pairs(list(index)) | filtered_pairs(tools)
    destroys = [says_destructive(t) for t in tools]
    keys = {tuple(sorted(k)) for part in (soft, own, voice, foreign, mix, sims.nearest, synonyms) for k in part}
    defined = {"same_key": set(same_key), "one_errand": set(errand), "one_search": set(one_search)}
    keys |= set().union(*defined.values())
    words, pointed, idf, generic = _word_sets(tools, index)
    out = []
    for i, j in sorted(keys):
        if i == j:
            continue
        shared = words[i] & words[j]
        g = GENERIC_WEIGHT if shared and shared <= generic else 1.0
        z = sims.z(i, j)
        parts = {
            "requests": _both(soft, i, j),
            "voice": _both(voice, i, j),
            "foreign": _both(foreign, i, j),
            "own": _both(own, i, j),
            "generic": g,
            "similar": max(0.0, z - Z_FLOOR) if (i, j) in sims.nearest or (j, i) in sims.nearest else 0.0,
            "mixed": request_mixing(mix, i, j),
            **_name_parts(tools, destroys, synonyms, (i, j), alike=shared - generic, common=generic),
            **{k: float((i, j) in v) for k, v in defined.items()},
        }
        if _only_pointed(words, pointed, i, j) and not parts["requests"] + parts["voice"] + parts["foreign"]:
            continue  # their only likeness is a sentence of one saying not to use it for the other's act
        total = _total(parts, profiled=profiled)
        if (total <= 0 or total < floor) and parts["mixed"] < DUPLICATE_MIXED and not _by_names(parts):
            continue
        if total <= 0 and parts["one_errand"] and _one_language(tools[i], tools[j]) and not worded(tools[i], tools[j]):
            continue  # one errand by names alone in one language: nothing else scores it (below any bar)
        evidence = (first.get((i, j), 0.0), first.get((j, i), 0.0), near.get((i, j), 0.0), near.get((j, i), 0.0))
        shown = (sims.cosine(i, j), z, shared_words(words[i], words[j], idf))
        rounded, users = {k: round(v, 4) for k, v in parts.items()}, _requests(mix, asked, lost, i, j, profiled)
        out.append(CrowdedPair(tools[i].name, tools[j].name, total, *evidence, *shown, rounded, *users))
    out.sort(key=lambda p: (-p.score, p.a, p.b))
    return out


def _one_language(a: ToolSpec, b: ToolSpec) -> bool:
    """Both described in one language: across two, an embedder puts the definitions apart (a pair scores 0)."""
    return language_of(a.description) == language_of(b.description)


def _word_sets(
    tools: Sequence[ToolSpec], index: Container[str]
) -> tuple[list[set[str]], list[set[str]], dict[str, float], frozenset[str]]:
    """Each tool's words (``_words``), those only in a "use X instead" sentence, their idf, the generic words."""
    words = [_words(t, index) for t in tools]
    pointed = [_words(t) - words[i] for i, t in enumerate(tools)]
    return words, pointed, _idf(words), GENERIC | _common(words)


def _name_parts(
    tools: Sequence[ToolSpec],
    destroys: Sequence[bool],
    synonyms: Container[tuple[int, int]],
    pair: tuple[int, int],
    *,
    alike: set[str],
    common: Container[str] = frozenset(),
) -> dict[str, float]:
    """The pair's terms read off its names: ``errand``, ``guarded``, ``reads``, ``lone`` (bare weights), the rest.

    ``alike``: the words the two definitions share but generic ones. ``reads``: two reads of different things
    whose definitions share no word but generic ones (no ``alike``): ``customer_lookup`` and ``crm_find_contact``
    (a client's contact card) are one act in other words, still told. ``named_apart``: names of one search (as
    ``names``) one of whose descriptions names the other ("Does NOT search by date — use booking_search"): told
    apart by its author, no one act.
    ``keyed``: names of one search whose parameters say a lookup by a key beside a search by other inputs
    (``acts.keyed_apart``: ``vehicle_lookup(plate_number)``, ``vehicle_search(make, model)``): different uses, no
    one act.
    ``common``: the registry's generic words, which ``errand`` reads as no shared word when ``acts.ERRAND_COMMON``.
    ``lone``: one word of ``alike``, on names of different things or different acts (``acts.one_word_apart``).
    """
    i, j = pair
    a, b = tools[i].name, tools[j].name
    common = common if acts.ERRAND_COMMON else frozenset()
    apart = pair in synonyms and _names_other(tools[i], tools[j])
    keyed = pair in synonyms and not apart and bool(keyed_apart(tools[i], tools[j]))
    return {
        "apart": 1.0 if things_apart(a, b, common=common) and _names_said(a, b, alike) else 0.0,
        "errand": 1.0 if other_errand(a, b, common=common) else 0.0,
        "guarded": 1.0 if read_beside_destroyer(a, b, (destroys[i], destroys[j])) else 0.0,
        "reads": 1.0 if not alike and other_reads(a, b) else 0.0,
        "lone": 1.0 if one_word_apart(a, b, alike, descriptions=(tools[i].description, tools[j].description)) else 0.0,
        "names": 1.0 if pair in synonyms and not (apart or keyed) else 0.0,
        "named_apart": 1.0 if apart else 0.0,
        "keyed": 1.0 if keyed else 0.0,
    }


def _names_said(a: str, b: str, alike: Collection[str]) -> bool:
    """Whether a word the two definitions share is a thing one of the names says (``acts.name_objects``).

    ``cafe_table_reserve`` and ``game_checkout``, sharing "board, game, table": one tool's thing named in the
    other's description. Two whose shared words name neither's thing, or who share none, are alike by meaning.
    """
    things = acts.name_objects(a) | acts.name_objects(b)
    return any(singular(w) in things for w in alike)


def _by_names(parts: Mapping[str, float]) -> bool:
    """The names say one search (``names``), or did until a description or the parameters told the two apart.

    Or two reads of one thing by one key (``same_key``), or one errand in other words (``one_errand``), or two
    searches of people from the same free text (``one_search``).
    """
    named = parts["names"] or parts["named_apart"] or parts["keyed"]
    return bool(named or parts.get("same_key") or parts.get("one_errand") or parts.get("one_search"))


def request_mixing(mix: Shares, i: int, j: int) -> float:
    """How far the users' requests of ``i`` and ``j`` cannot be told apart, both ways.

    The smaller of the two shares of each one's requests nearer the other's centroid than its
    own (0 when either has none).
    """
    return min(mix.get((i, j), 0.0), mix.get((j, i), 0.0))


def _mixed_counts(mix: Shares, asked: Mapping[int, int], i: int, j: int) -> tuple[int, int, int, int]:
    """``(n_ab, m_a, n_ba, m_b)``: of ``a``'s ``m_a`` requests, ``n_ab`` sit nearer ``b`` than ``a``; the other way."""
    m_a, m_b = asked.get(i, 0), asked.get(j, 0)
    return round(mix.get((i, j), 0.0) * m_a), m_a, round(mix.get((j, i), 0.0) * m_b), m_b


def pair_group(lost_counts: tuple[int, int, int, int]) -> str:
    """With profiles, a pair's group by its ``lost_counts`` ``(n_ab, m_a, n_ba, m_b)``.

    ``"unprofiled"``: a tool without profile requests (``unchecked_duplicates`` names it);
    ``"lost"``: at least one request of either leaves its own tool out of the best ``top_k``
    with the other first (the simplest bar: one request); ``"apart"``: none does.
    """
    n_ab, m_a, n_ba, m_b = lost_counts
    if not (m_a and m_b):
        return "unprofiled"
    return "lost" if n_ab or n_ba else "apart"


_Counts = tuple[int, int, int, int]


def _requests(
    mix: Shares, asked: Mapping[int, int], lost: Lost, i: int, j: int, profiled: bool
) -> tuple[_Counts, _Counts, str]:
    """The pair's ``mixed_counts``, ``lost_counts`` and ``group`` (``""`` without profiles).

    ``lost_counts`` ``(n_ab, m_a, n_ba, m_b)``: ``n_ab`` of ``a``'s ``m_a`` requests leave ``a`` out of
    the best ``top_k``, ``b`` first.
    """
    counts = lost.get((i, j), 0), asked.get(i, 0), lost.get((j, i), 0), asked.get(j, 0)
    return _mixed_counts(mix, asked, i, j), counts, pair_group(counts) if profiled else ""


def _users(
    ranked: Sequence[Ranked],
    index: Mapping[str, int],
    requests: tuple[NDArray[np.float32] | None, NDArray[np.float32] | None],
    vectors: NDArray[np.float32],
    top_k: int,
) -> tuple[Shares, Shares, Shares, Counter[int], Lost]:
    """``voice``, ``foreign`` (``closeness.voice_overlap``), ``mix`` (``mixing.centroid_mixing``), ``asked``, ``lost``.

    ``requests``: the requests' vectors as ranked, and without their shared ids (for ``mix``; None: as ranked).
    ``asked``: each tool's requests; ``lost``: ``served.lost_requests`` within ``top_k``. All empty without profile
    requests.
    """
    ranked_vectors, id_free = requests
    owners = [index[r.probe.tool] for r in ranked if r.probe.source == "request"]
    if ranked_vectors is None or not owners:
        return {}, {}, {}, Counter(), {}
    voice, foreign = voice_overlap(owners, ranked_vectors, vectors, TEMPERATURE)
    lost = lost_requests(owners, ranked_vectors, vectors, top_k=top_k)
    mix = centroid_mixing(owners, ranked_vectors if id_free is None else id_free, vectors)
    return voice, foreign, mix, Counter(owners), lost


def common_words(tools: Sequence[ToolSpec]) -> frozenset[str]:
    """The words generic in this registry: ``GENERIC`` and the words of a quarter of its definitions (``_common``)."""
    index = {t.name: i for i, t in enumerate(tools)}
    return GENERIC | _common([_words(t, index) for t in tools])


def _common(words: Sequence[set[str]]) -> frozenset[str]:
    """The words of at least ``GENERIC_SHARE`` of the definitions (none below 8 tools)."""
    if len(words) < 8:
        return frozenset()
    df: Counter[str] = Counter()
    for each in words:
        df.update(each)
    return frozenset(w for w, c in df.items() if c >= GENERIC_SHARE * len(words))


def _names_other(a: ToolSpec, b: ToolSpec) -> bool:
    """Whether either description names the other tool ("Does NOT search by name — use member_search").

    Such a pair was told apart by its author: its names alone do not make it one act.
    """
    return any(
        re.search(rf"(?<![\w-]){re.escape(other.name)}(?![\w-])", own.description) for own, other in ((a, b), (b, a))
    )


def _only_pointed(words: Sequence[set[str]], pointed: Sequence[set[str]], i: int, j: int) -> bool:
    """The two share words only through a pointer sentence of one (``_hints.points_elsewhere``): not shared meaning."""
    full_i, full_j = words[i] | pointed[i], words[j] | pointed[j]
    return bool(full_i & full_j) and not words[i] & words[j]


_CODE = re.compile(r"(`[^`]*`)")
_CAPPED = re.compile(r"(?<![\w.-])(?:[A-Z][A-Za-z]*?[a-z][A-Z]|[a-z][A-Z])[A-Za-z]*(?![\w-])")
"""A word of prose with a capital inside that starts with a capital or with one small letter: WeChat, iPhone,
PayPal, GitHub, YouTube, JavaScript (not ``carStatusLookup``, ``send_notice`` or a word in backticks: identifiers)."""


def prose(text: str) -> str:
    """``text`` with its words of prose that have a capital inside (``_CAPPED``) lowercased: one word each.

    Not split as an identifier (WeChat: wechat, not we + chat); identifiers and backticked code as they are.
    """
    return "".join(p if p.startswith("`") else _CAPPED.sub(lambda m: m.group(0).lower(), p) for p in _CODE.split(text))


def _words(tool: ToolSpec, names: Container[str] = ()) -> set[str]:
    """A tool's name and description words, less a signature line and sentences pointing to another of ``names``."""
    text = f"{name_words(tool.name)} {prose(without_pointers(docstring_of(tool), tool.name, names))}"
    return {w for w in tokenize(text, cjk_unigrams=False) if w not in _STOP and not w.isdigit() and len(w) > 1}


def _idf(words: Sequence[set[str]]) -> dict[str, float]:
    df: Counter[str] = Counter()
    for each in words:
        df.update(each)
    n = max(len(words), 1)
    return {w: math.log((n + 1) / (c + 0.5)) for w, c in df.items()}


_HAN_PAIR = re.compile(r"[\u4e00-\u9fff]{2}")
_FUNCTION_HAN = FUNCTION_ZH | frozenset("及或与")
"""Function characters, and 及, 或, 与 (and, or) that join a description's lists: a two-character run holding one is
no shared word (一个, 的是)."""


LABEL_WORDS = frozenset("destructive irreversible deprecated internal beta 危险 不可恢复".split())
"""Words that label a tool (how it acts, whom it is for, how far along), not what it does: two descriptions that both
say "Destructive; ..." (``stock_lot_writeoff`` and ``sale_void``) share no meaning by it, and the
shared-words line leaves them out."""


def shared_words(a: set[str], b: set[str], idf: Mapping[str, float], *, limit: int = 5) -> tuple[str, ...]:
    """The words two definitions both use (``_words``), rarest in the registry first: what makes them alike.

    Chinese comes as two-character runs: runs that chain are said as one (保洁 + 洁员: 保洁员), and a
    run holding a function character (一个) is no word. A label word (``LABEL_WORDS``) is none either.
    """
    common = {w for w in a & b if not (_HAN_PAIR.fullmatch(w) and _FUNCTION_HAN & set(w))}
    ranked = sorted(common, key=lambda w: (-idf.get(w, 0.0), w))
    said = dict.fromkeys(_chained(w, common) for w in ranked if idf.get(w, 0.0) > 0)
    return tuple(w for w in said if w not in LABEL_WORDS)[:limit]


def _chained(word: str, common: set[str]) -> str:
    """A Chinese two-character run grown by the runs of ``common`` that chain onto it (保洁 → 保洁员)."""
    if not _HAN_PAIR.fullmatch(word):
        return word
    run = word
    while left := next((w for w in common if _HAN_PAIR.fullmatch(w) and w[1] == run[0] and w not in run), None):
        run = left[0] + run
    while right := next((w for w in common if _HAN_PAIR.fullmatch(w) and w[0] == run[-1] and w not in run), None):
        run = run + right[1]
    return run


def clusters(pairs: Iterable[CrowdedPair]) -> list[tuple[str, ...]]:
    """Groups of three or more tools joined by the given pairs (connected components), largest first."""
    parent: dict[str, str] = {}

    def root(name: str) -> str:
        while parent.setdefault(name, name) != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    for pair in pairs:
        parent[root(pair.a)] = root(pair.b)
    groups: dict[str, list[str]] = {}
    for name in parent:
        groups.setdefault(root(name), []).append(name)
    found = [tuple(sorted(g)) for g in groups.values() if len(g) >= 3]
    return sorted(found, key=lambda g: (-len(g), g))
