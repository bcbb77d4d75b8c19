"""A destroy ask stays asked: "'s" as "is" / "has" names no owner (``owners``), and a Chinese clause forced with
只能 / 不得不 is an ask, not a report (``_hints.split_reports``). Dev probe cases of a swimming pool, a baggage desk and
a coffee roaster ("We have no choice but to cancel LB-20701 — the lane's closed for the gala", "泳池坏了，只能给
PY-8930 退款了").
"""

import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._hints import split_reports
from toolfilter_core._pipeline.owners import owner_only

from .fakes import takes

LANE_CANCEL = ToolSpec("cancel_lane_booking", "Cancel a lane booking.", takes("booking_id"))
BAG_REPORT_CANCEL = ToolSpec("cancel_bag_report", "Cancel a bag report (PIR).", takes("pir"))
PATIENT_DELETE = ToolSpec("patient_delete", "Permanently delete a patient profile and its data.", takes("patient_id"))


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("We have no choice but to cancel LB-20701 — the lane's closed for the gala.", LANE_CANCEL),
        ("Bag's been delivered — please cancel PIR AMSXA33012.", BAG_REPORT_CANCEL),
        ("the bag's already home, cancel the report", BAG_REPORT_CANCEL),
        ("The patient's moved abroad, delete patient P-1", PATIENT_DELETE),
    ],
)
def test_an_s_that_says_is_or_has_names_no_owner(text: str, tool: ToolSpec) -> None:
    assert not owner_only(text, tool)


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("delete the patient's scheduled appointment", PATIENT_DELETE),
        ("delete the patient's loyalty coupon", PATIENT_DELETE),
        ("cancel the lane's opened slot", LANE_CANCEL),
    ],
)
def test_an_owner_before_a_noun_stays_an_owner(text: str, tool: ToolSpec) -> None:
    assert owner_only(text, tool)


@pytest.mark.parametrize(
    "text",
    [
        "泳池坏了，只能给 PY-8930 退款了",
        "豆子寄丢了，只能给 PAY-77250 全额退款了",
        "场地漏水，我们不得不把这个预约取消了",
        "货到不了，只好给客户退款了",
    ],
)
def test_a_forced_act_is_asked_not_reported(text: str) -> None:
    ask, reports = split_reports(text)
    assert reports == ""
    assert ask == text


@pytest.mark.parametrize("text", ["场地漏水，预约取消了", "快递取消了，帮我查一下余额"])
def test_a_done_act_is_still_reported(text: str) -> None:
    assert split_reports(text)[1]
