"""A tool kept as an ask's best passes the destructive guard as any other.

"助听器一般能用几年？给我一个大概的说法，我跟客户聊天用。" widened to its best domains, and its last ask's best tool,
``cancel_repair_order``, was kept from a domain it did not widen to: the guard held only the destroyers of the
domains widened to, so one outside them came back as an ask's best (or runner-up, or a destroyer whose act and id the
request says, ``asked_kept``) with no reading letting it in. Every destroyer the guard holds back is held from each
path that adds a tool after it, and named as left out. Cosines are fixed by hand (``TableEmbedder``).
"""

import numpy as np

from toolfilter_core import Profiles, Reason, ToolFilter, ToolFilterConfig, ToolProfile, ToolSpec
from toolfilter_core._pipeline.asked_kept import asked_kept
from toolfilter_core._pipeline.decide import decide_rows
from toolfilter_core._pipeline.let_in import GuardReading
from toolfilter_core._pipeline.route import Routing

from .fakes import TableEmbedder, act_phrases, takes, tool_axes, unit

TOOLS = [
    ToolSpec("device_search", "Search hearing aid models", category="devices"),
    ToolSpec("patient_get", "Look up a patient's file", category="patients"),
    ToolSpec("repair_cancel", "Cancel a repair order", takes("repair_id"), category="repairs"),
]
REQUEST = "How long do hearing aids last? Give me a rough figure."
TABLE = tool_axes(TOOLS) | act_phrases(7, 6)
TABLE |= {
    REQUEST: unit(0, 0.7, 0.6, 0.2, 0, 0, 0.3),
    "How long do hearing aids last": unit(0, 0.9, 0.3, 0, 0, 0, 0.2),
    "Give me a rough figure.": unit(0, 0.1, 0.1, 0.5, 0, 0, 0.5),  # its best tool: repair_cancel
    "which BTE models are rechargeable?": unit(0, 1),
    "what aid does PT-41550 wear?": unit(0, 0, 1),
    "cancel repair RP-20533, fixed it himself": unit(0, 0, 0, 0.6, 0, 0, 0, 0.8),
}
PROFILES = Profiles(
    {
        "device_search": ToolProfile(("which BTE models are rechargeable?",)),
        "patient_get": ToolProfile(("what aid does PT-41550 wear?",)),
        "repair_cancel": ToolProfile((), ("cancel repair RP-20533, fixed it himself",)),
    }
)


def _filter(profiles: Profiles | None) -> ToolFilter:
    config = ToolFilterConfig(
        enabled=True,
        top_k=3,
        min_score=0.9,
        min_gap=0.1,
        abstain_phrases=(),
        weights={"embed": 1.0, "support": 1.0},
        fallback_domains=2,
        fallback_top_k=4,
    )
    return ToolFilter(TOOLS, config=config, embedder=TableEmbedder(TABLE), profiles=profiles)


def _held(profiles: Profiles | None) -> None:
    s = _filter(profiles).select(REQUEST)
    assert s.fallback and s.names[:2] == ["device_search", "patient_get"], s.explain()
    assert "repair_cancel" not in s.names, s.explain()
    assert [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD] == ["repair_cancel"]
    assert any("not asked for: repair_cancel" in n for n in s.notes)


def test_an_asks_best_destroyer_outside_the_domains_widened_to_is_held():
    _held(None)


def test_an_asks_best_destroyer_outside_the_domains_widened_to_is_held_with_profiles():
    _held(PROFILES)


def test_the_same_ask_that_asks_the_act_keeps_its_destroyer():
    asked = "How long do hearing aids last? Cancel repair RP-20533."
    table = TABLE | {asked: TABLE[REQUEST], "Cancel repair RP-20533.": TABLE["Give me a rough figure."]}
    tf = ToolFilter(TOOLS, config=_filter(None).config, embedder=TableEmbedder(table))
    assert "repair_cancel" in tf.select(asked).names


# one widened row: tool 2 destructive, of the third domain (two widened to), unasked
SCORE = np.array([[0.50, 0.45, 0.40, 0.30]])
SURVIVOR = np.ones((1, 4), dtype=bool)
DOMAINS = np.array([[0, 1, 2, 0]])
DESTRUCTIVE = np.array([[False, False, True, False]])
ROUTING = Routing(3, 0.9, 0.1, 0.0, 0, 2, 4, guard_destructive=True)


def _rows(clause_top: list[int], routing: Routing = ROUTING):
    top = np.array([clause_top], dtype=np.int8)
    asks = np.array([2])
    return decide_rows(SCORE, SURVIVOR, DOMAINS, top, routing, DESTRUCTIVE, np.array([False]), asks=asks)


def test_an_asks_best_is_held_from_any_domain():
    rows = _rows([1, 0, 1, 0])
    assert not rows.clause_kept[0, 2]
    assert rows.excluded[0, 2] and rows.guarded[0, 2]  # held, and named
    assert rows.clause_kept[0].tolist() == [False, False, False, False]


def test_an_asks_runner_up_is_held_from_any_domain():
    rows = _rows([1, 0, 2, 0])
    assert not rows.clause_kept[0, 2] and rows.excluded[0, 2]


def test_an_asks_best_outside_a_confident_rows_route_domains_is_held():
    routing = Routing(3, 0.4, 0.03, 0.0, 1, 2, 4, guard_destructive=True)  # confident, one route domain
    rows = _rows([1, 0, 1, 0], routing)
    assert bool(rows.confident[0])
    assert not rows.clause_kept[0, 2] and rows.excluded[0, 2]


def test_a_destroyer_whose_act_and_id_are_said_but_held_is_not_kept_by_asked_kept():
    rows = _rows([1, 0, 0, 0])
    said = np.array([[False, False, True, False]])
    why = GuardReading(said=said, takes=[False, False, True, False])
    kept = asked_kept(rows, why, "cancel repair RP-20533")
    assert not kept.routed[0, 2]


def test_a_destroyer_the_guard_lets_in_is_still_an_asks_best():
    rows = decide_rows(
        SCORE, SURVIVOR, DOMAINS, np.array([[1, 0, 1, 0]], dtype=np.int8), ROUTING, DESTRUCTIVE, np.array([True])
    )
    assert rows.clause_kept[0, 2] and not rows.excluded[0, 2]
