"""A request that says no act (only ids, numbers, punctuation, a name) never asks to destroy.

"CH-55031" alone sat closest to ``refund_charge``'s profile request "退款 CH-55001" by its id's shape, and "FARM-P2M9"
to "Void voucher FARM-C3D4": each was read as asking to destroy "by its profile neighbours" and got the destroyer
(``ask_form.says_no_act``). An id with an act word still asks. Cosines are fixed by hand (``TableEmbedder``).
"""

import pytest

from toolfilter_core import Profiles, Reason, ToolProfile, ToolSpec

from .fakes import act_phrases, hand_filter, tool_axes, unit

VOID = ToolSpec("void_gift_voucher", "Void a gift voucher so it can no longer be spent", category="vouchers")
GET = ToolSpec("get_voucher", "Look up a gift voucher by code: balance and status", category="vouchers")
TOOLS = [VOID, GET]
PROFILES = Profiles(
    {
        "void_gift_voucher": ToolProfile(("that voucher leaked, kill it",), ("Void voucher FARM-C3D4",)),
        "get_voucher": ToolProfile(("how much is left on FARM-E5F6?",)),
    }
)
TABLE = tool_axes(TOOLS) | act_phrases(7, 6)
TABLE |= {
    "that voucher leaked, kill it": unit(0, 0.8, 0, 0.6),
    "Void voucher FARM-C3D4": unit(0, 0.6, 0, 0.8),
    "how much is left on FARM-E5F6?": unit(0, 0, 0.6, 0.8),
    # closest profile request: the destroy-asking one; the void ranks first; near the destroy act phrases too
    "FARM-P2M9": unit(0, 0.5, 0.3, 0.8, 0, 0, 0, 0.3),
    "Maria Lopez FARM-P2M9": unit(0, 0.5, 0.3, 0.8, 0, 0, 0, 0.3),
    "Void FARM-P2M9": unit(0, 0.5, 0.3, 0.8, 0, 0, 0, 0.3),
    "FARM-P2M9 has to go": unit(0, 0.5, 0.3, 0.8, 0, 0, 0, 0.3),
}


def _select(text: str, profiled: bool):
    return hand_filter(TOOLS, TABLE, min_score=0.5, profiles=PROFILES if profiled else None).select(text)


@pytest.mark.parametrize("profiled", [True, False])
@pytest.mark.parametrize("text", ["FARM-P2M9", "Maria Lopez FARM-P2M9"])
def test_an_id_alone_gets_no_destroyer(text: str, profiled: bool):
    s = _select(text, profiled)
    assert "void_gift_voucher" not in s.names, s.explain()
    assert "void_gift_voucher" in [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD]


@pytest.mark.parametrize(
    ("text", "profiled"), [("Void FARM-P2M9", True), ("Void FARM-P2M9", False), ("FARM-P2M9 has to go", True)]
)
def test_an_id_with_an_act_still_asks(text: str, profiled: bool):
    assert _select(text, profiled).names[0] == "void_gift_voucher"


@pytest.mark.parametrize(
    "text", ["CH-55031", "FARM-P2M9", "#4471", "M-2118, 12:30 2026-01-05", "Maria Lopez, M-2118", "CH-1?"]
)
def test_ids_numbers_punctuation_and_a_name_say_no_act(text: str):
    from toolfilter_core._pipeline.ask_form import says_no_act

    assert says_no_act(text, [VOID])


@pytest.mark.parametrize(
    "text",
    [
        "Void FARM-P2M9",
        "refund CH-1",
        "退款 CH-1",
        "查 CH-1",
        "CH-1 ok",
        "cancel",
        "Scrap RP-20990",
        "Void Maria Lopez",
        "Scrap Order ORD-5521",
        "Bin Booking BK-7",
    ],
)
def test_a_word_that_is_not_a_name_says_an_act(text: str):
    from toolfilter_core._pipeline.ask_form import says_no_act

    assert not says_no_act(text, [VOID])
