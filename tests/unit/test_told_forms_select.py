"""Another's fear, a condition with what another does then, and something mentioned send no destroyer.

End to end through ``ToolFilter.select``, with profiles and without: the request ranks the destroyer first and says
its act, but only tells it ("如果保修过期了，客户就不修了。先帮我看看…", "He's worried we'll delete his history…",
"The buyer mentioned something about voiding it but first I want to see it"); the same act asked is let in. Cosines
are fixed by hand (``TableEmbedder``).
"""

import pytest

from toolfilter_core import Profiles, Reason, ToolProfile, ToolSpec

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

CANCEL = ToolSpec("cancel_repair_order", "Cancel a repair order (不修了: 取消维修单)", takes("repair_id"))
DELETE = ToolSpec("delete_patient_record", "Delete a patient's record and audiogram history", takes("patient_id"))
VOID = ToolSpec("void_gift_voucher", "Void a gift voucher", takes("code"))
GET = ToolSpec("get_repair_order", "Look up a repair order or a device's warranty", takes("repair_id"))
TOOLS = [CANCEL, DELETE, VOID, GET]
PROFILES = Profiles(
    {
        "cancel_repair_order": ToolProfile((), ("客户自己修好了，RP-20533 撤销",)),
        "delete_patient_record": ToolProfile((), ("delete PT-40011's record, she asked us to",)),
        "void_gift_voucher": ToolProfile((), ("Void voucher FARM-C3D4",)),
        "get_repair_order": ToolProfile(("查一下 RP-20533 修到哪了",)),
    }
)
TOLD = {
    "如果厂家说保修过期了，客户就不修了。先帮我看看 RP-20533 的保修。": "cancel_repair_order",
    "If the warranty has run out, the customer will cancel the repair. First show me RP-20533.": "cancel_repair_order",
    "He's worried we'll delete his audiogram history when he moves. Can I see what's on file for PT-40872?": (
        "delete_patient_record"
    ),
    "The buyer mentioned something about voiding it but first I want to see voucher FARM-8K2Q.": "void_gift_voucher",
}
ASKED = {
    "如果厂家说保修过期了，就取消维修单 RP-20533。": "cancel_repair_order",
    "If the warranty has run out, cancel repair RP-20533.": "cancel_repair_order",
    "He's worried, so delete PT-40872's record now.": "delete_patient_record",
    "The buyer mentioned it, so void voucher FARM-8K2Q.": "void_gift_voucher",
}
AXIS = {"cancel_repair_order": 1, "delete_patient_record": 2, "void_gift_voucher": 3}
TABLE = tool_axes(TOOLS) | act_phrases(7, 6)
TABLE |= {
    "客户自己修好了，RP-20533 撤销": unit(0, 1),
    "delete PT-40011's record, she asked us to": unit(0, 0, 1),
    "Void voucher FARM-C3D4": unit(0, 0, 0, 1),
    "查一下 RP-20533 修到哪了": unit(0, 0, 0, 0, 1),
}
for text, tool in (TOLD | ASKED).items():  # the destroyer ranks first, the read next
    TABLE[text] = unit(*[0.85 if i == AXIS[tool] else 0.5 if i == 4 else 0.0 for i in range(5)])


def _select(text: str, profiled: bool):
    return hand_filter(TOOLS, TABLE, min_score=0.5, profiles=PROFILES if profiled else None).select(text)


@pytest.mark.parametrize("profiled", [True, False])
@pytest.mark.parametrize(("text", "tool"), TOLD.items())
def test_a_told_act_sends_no_destroyer(text: str, tool: str, profiled: bool):
    s = _select(text, profiled)
    assert tool not in s.names, s.explain()
    assert tool in [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD]


@pytest.mark.parametrize("profiled", [True, False])
@pytest.mark.parametrize(("text", "tool"), ASKED.items())
def test_the_act_asked_sends_it(text: str, tool: str, profiled: bool):
    assert tool in _select(text, profiled).names
