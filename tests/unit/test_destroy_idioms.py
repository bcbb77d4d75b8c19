"""A destroy act said in an idiom: "pull the plug on CP-3", "scrap tomorrow's visit", "bin it", 这单黄了…撤了吧.

Development registries written by a language model from a domain name alone (a campground, a plumber, a blood
service) asked to cancel or throw out in idioms no verb list read, and the destroyer was held. Cosines are fixed by
hand (``TableEmbedder``): each request ranks a read first and its destroyer second.
"""

import pytest

from toolfilter_core import Reason, ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._hints import request_is_destructive, request_says_its_act
from toolfilter_core._idiom_acts import idiom_act_verbs, idiom_says_act

from .fakes import TableEmbedder, unit

CANCEL = ToolSpec("cancel_reservation", "Cancel a pitch reservation by its id.")
GET = ToolSpec("get_reservation", "Get a pitch reservation by its id.")
REMOVE = ToolSpec("remove_blood_unit", "Remove a blood unit from stock (expired, damaged).")
UNIT = ToolSpec("get_blood_unit", "Get a blood unit by its id.")
LAB = ToolSpec("void_lab_result", "Void a lab result entered in error.")
VOUCHER = ToolSpec("void_voucher", "Void a gift voucher.")
ACCOUNT = ToolSpec("delete_guest_account", "Delete a guest account.")


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("The Fletchers are throwing in the towel on their stay. Pull the plug on CP-327455.", True),
        ("we have no choice but to pull the plug on BD-4471", True),
        ("Mr Barnes is calling it a day on his HomeCare cover, customer C-24901", True),
        ("We have no choice but to scrap tomorrow's visit JB-74955", True),
        ("Bag U-2026-118611 split in the centrifuge, bin it.", True),
        ("Bin off voucher GV-9QP1-63, it's a dodgy one", True),
        ("这两袋过期的红细胞就别留着了，清出库存。", True),
        ("JB-75588 这单黄了，客户找了别家，撤了吧。", True),
        ("客户一直不付钱，保障计划只能给他停了", True),
        ("the plug was pulled on it last year", False),
        ("we pulled the plug on that drive last year", False),
        ("don't scrap it, we may still need it", False),
        ("do not pull the plug on BD-4471", False),
        ("never bin it", False),
        ("the old boiler went for scrap metal", False),
        ("BK-44150 scrap it", False),  # bare: a cancel or a void, the idiom does not tell
        ("scrap in_1PmW3a2eZvKYlo2C", False),
        ("put the wrapper in the bin", False),
        ("别着急，先留着", False),
    ],
)
def test_an_idiom_asks_to_call_off_or_throw_out(text: str, asks: bool) -> None:
    assert bool(idiom_act_verbs(text)) is asks


@pytest.mark.parametrize(
    "text",
    ["the plug was pulled on CP-1 last year", "don't scrap it", "never bin it", "the old boiler went for scrap metal"],
)
def test_a_report_a_refusal_or_a_noun_asks_no_destroy(text: str) -> None:
    assert not request_is_destructive(text)


def test_a_call_off_idiom_is_a_cancel_and_a_throw_out_one_a_removal() -> None:
    assert request_says_its_act("Pull the plug on CP-327455.", CANCEL)
    assert not request_says_its_act("Pull the plug on CP-327455.", REMOVE)
    assert request_says_its_act("bag U-1 split, bin it", REMOVE)
    assert not request_says_its_act("bag U-1 split, bin it", CANCEL)


def test_a_void_or_delete_by_an_idiom_needs_its_object_named() -> None:
    assert idiom_says_act("Bin off voucher GV-1", ["void"], ["void", "voucher"])
    assert not idiom_says_act("Bag U-1 split, bin it", ["void"], ["void", "lab", "result"])
    assert not request_says_its_act("Bin off voucher GV-1", ACCOUNT)
    assert request_says_its_act("Bin off voucher GV-1", VOUCHER)


TOOLS = [CANCEL, GET, REMOVE, UNIT, LAB]
PLUG = "The Fletchers are throwing in the towel on their stay. Pull the plug on CP-327455."
BIN = "Bag U-2026-118611 split in the centrifuge, bin it."
PULLED = "the plug was pulled on CP-327455 last year, what happened?"
KEEP = "don't bin it, bag U-2026-118611 is fine"
TABLE = {t.document(): unit(0, *([0.0] * i + [1.0])) for i, t in enumerate(TOOLS)} | {
    PLUG: unit(0, 0.6, 0.8),  # ranks the read first, the cancel second
    PULLED: unit(0, 0.6, 0.8),
    BIN: unit(0, 0, 0, 0.6, 0.8, 0.3),  # ranks the unit's read first, its removal second, the lab void third
    KEEP: unit(0, 0, 0, 0.6, 0.8, 0.3),
}


def _camp() -> ToolFilter:
    cfg = ToolFilterConfig(
        enabled=True, top_k=3, min_score=0.2, min_gap=0.5, abstain_phrases=(), weights={"embed": 1.0}
    )
    return ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(TABLE))


@pytest.mark.parametrize(("text", "sent"), [(PLUG, CANCEL.name), (BIN, REMOVE.name)])
def test_an_idiom_is_sent_its_destroyer(text: str, sent: str) -> None:
    s = _camp().select(text)
    assert sent in s.names, (s.names, [(r.name, r.reason) for r in s.rejected])
    assert LAB.name not in s.names


@pytest.mark.parametrize(("text", "held"), [(PULLED, CANCEL.name), (KEEP, REMOVE.name)])
def test_a_report_or_a_refusal_is_sent_no_destroyer(text: str, held: str) -> None:
    s = _camp().select(text)
    assert held not in s.names, s.names
    assert held in [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD]
