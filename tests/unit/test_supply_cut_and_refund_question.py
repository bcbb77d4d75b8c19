"""A supply shut-off is destructive; a plain Chinese refund question asks the refund.

A water and electricity utility's ``stop_service`` ("Disconnect water and/or electricity at an address
immediately ... Crew is dispatched to shut off the supply.") was read as not destructive: "disconnect" is in no
verb list, so it rode along with "我们楼停水了" (a report of an outage). Its ``refund_overpayment`` ("Refund a
credit balance (overpayment) ...") ranked first for "我多交了 300 块钱，能退回来吗？" and was held: the request
read as a question about the refund's state, and "can I get the 300 I overpaid back?" said no money word before
"back".
"""

import numpy as np
import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._hints import request_says_its_own_act, says_destructive, says_writes
from toolfilter_core._pipeline.ask_form import about_state
from toolfilter_core._pipeline.decide import says_acts

STOP = ToolSpec(
    "stop_service",
    "Disconnect water and/or electricity at an address immediately (e.g. for non-payment, safety, or vacant "
    "property). Crew is dispatched to shut off the supply.",
)
OUTAGE = ToolSpec("report_outage", "Report a power or water outage at an address.")
REFUND = ToolSpec(
    "refund_overpayment", "Refund a credit balance (overpayment) to the customer's original payment method."
)


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("stop_service", STOP.description),
        ("gas_stop", "Disconnect a customer's gas supply at the meter."),
        ("water_shutoff", "Shut off the water supply at an address."),
        ("power_cut", "Cuts off electricity to a service address for non-payment."),
        ("line_close", "Immediately disconnect the service of an account."),
    ],
)
def test_a_tool_that_cuts_a_supply_says_it_destroys(name: str, description: str) -> None:
    assert says_destructive(ToolSpec(name, description))
    assert says_writes(ToolSpec(name, description))


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("db_close", "Disconnect from the database service and free the pool."),
        ("ws_client", "Disconnect a websocket client."),
        ("outage_report", "Report that the supply was cut off at an address."),
        ("cut_list", "List addresses whose water supply is shut off."),
        ("plan_outage", "Plan a shut off of the water supply for maintenance."),
    ],
)
def test_a_disconnect_of_no_supply_or_a_cut_off_reported_says_none(name: str, description: str) -> None:
    assert not says_destructive(ToolSpec(name, description))


@pytest.mark.parametrize(
    "text",
    [
        "请给幸福路18号停水",
        "把这个空房的电停掉",
        "这户长期欠费，马上停电",
        "disconnect the electricity at 18 Xingfu Rd",
        "please cut off the power at 5 Lake View",
        "shut the water off at the vacant unit",
    ],
)
def test_asking_to_cut_the_supply_asks_the_shut_off(text: str) -> None:
    assert says_acts(text, [STOP, OUTAGE], np.array([[True, False]])).tolist() == [[True, False]], text


@pytest.mark.parametrize(
    "text",
    [
        "我家今天下午突然停电了，整栋楼都没电，地址是幸福路18号",
        "我们楼停水了",
        "这周末东城区有没有计划停水？",
        "停电什么时候能恢复？",
        "上周报的停水那个单子 OT-55120 现在修得怎么样了？",
        "帮我查一下停水通知",
        "the power was cut off at my flat this morning",
        "my water got shut off, why?",
    ],
)
def test_a_supply_out_is_a_report_not_the_shut_off(text: str) -> None:
    assert says_acts(text, [STOP, OUTAGE], np.array([[True, False]])).tolist() == [[False, False]], text


@pytest.mark.parametrize(
    "text",
    [
        "我多交了 300 块钱，能退回来吗？",
        "多交的电费可以退给我吗",
        "余额 120 元能退回原卡吗？",
        "can I get the 300 I overpaid back?",
        "could I get the $45 extra back please",
    ],
)
def test_a_refund_asked_as_a_question_asks_the_refund(text: str) -> None:
    assert not about_state(text), text
    assert request_says_its_own_act(text, REFUND), text
    assert says_acts(text, [REFUND], np.array([[True]])).tolist() == [[True]], text


@pytest.mark.parametrize(
    "text",
    [
        "多交的钱退回来了吗？",
        "300 块退回了没有",
        "多交的钱什么时候能退回来？",
        "did I get the 300 back?",
        "can I get back to you about the bill?",
    ],
)
def test_a_question_whether_or_when_money_came_back_asks_no_refund(text: str) -> None:
    assert says_acts(text, [REFUND], np.array([[True]])).tolist() == [[False]], text
