"""Another's threatened or conditional act, and a plan for later, beside an ask of the speaker's own: told, not asked.

"The tenant says she'll cancel her lease unless we fix the heating. Open a repair ticket" asks the ticket; the cancel
is what the tenant may do. "客户说如果下周还不发货，他就取消订单。先查一下 O-7 的物流" asks the tracking. "Next
quarter we'll retire the old kayaks; for now list the kayak stock" and "等老板同意后我们再作废那张券，先看一下券的余额"
put the act off. "Acme will terminate LS-1 at the end of Q1 - please email them" tells Acme's act and asks the email.
A condition or a time on an act asked of the reader stays asked ("cancel the lease if they don't pay by Friday",
"如果他不来就取消预约吧", "terminate LS-1 at the end of Q1") (``later_acts.split_later_acts``).
"""

import pytest

from toolfilter_core._hints import request_is_destructive
from toolfilter_core._pipeline.later_acts import split_later_acts
from toolfilter_core._pipeline.reports import ask_and_reports


@pytest.mark.parametrize(
    ("text", "apart"),
    [
        (
            "The tenant says she'll cancel her lease unless we fix the heating. Open a repair ticket for flat 4B",
            "she'll cancel her lease unless we fix the heating",
        ),
        (
            "Mr Diaz said he is going to delete his account if the app crashes again - show me his open tickets",
            "he is going to delete his account if the app crashes again",
        ),
        (
            "Northwind will terminate contract CT-880 at the end of the year - please email their buyer the terms",
            "Northwind will terminate contract CT-880 at the end of the year",
        ),
        (
            "Next quarter we'll retire the old kayaks; for now list the kayak stock by length",
            "Next quarter we'll retire the old kayaks",
        ),
        (
            "We'll cancel the spring fair once the council confirms, but for now send the stallholders the map",
            "We'll cancel the spring fair once the council confirms",
        ),
        ("客户说如果下周还不发货，他就取消订单。先查一下 O-7 的物流", "客户说如果下周还不发货，他就取消订单"),
        ("房东说要是月底还不交租，就注销他的门禁卡。帮我看看 T-12 的欠款", "房东说要是月底还不交租，就注销他的门禁卡"),
        ("如果周三审批还不下来，我们再退款。先给客户发个短信说明一下", "如果周三审批还不下来，我们再退款"),
        ("要是明天还下雨，他们就取消露营。明天天气怎么样？", "要是明天还下雨，他们就取消露营"),
        ("等老板同意后我们再作废那张券，先看一下券 V-30 的余额", "等老板同意后我们再作废那张券"),
    ],
)
def test_a_threatened_conditional_or_later_act_is_told(text: str, apart: str) -> None:
    ask, told = ask_and_reports(text)
    assert apart in told.split("\n")
    assert not request_is_destructive(ask), ask


@pytest.mark.parametrize(
    "text",
    [
        "cancel the lease if they don't pay by Friday, and show me their balance",
        "如果他不来就取消预约吧，先看下 AP-1",
        "terminate LS-20510 at the end of Q1, and email their contact",
        "cancel it and then email them",
        "如果过期了，那就取消 RP-20533，然后通知客户",
        "he'll need you to cancel BK-4 today, then text him",
        "the booking will be cancelled tomorrow, show me BK-4",
    ],
)
def test_an_act_asked_with_a_condition_or_a_time_is_kept(text: str) -> None:
    assert split_later_acts(text) == (text, "")
