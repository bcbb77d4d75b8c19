"""Acts told, not asked: a withdrawn own word, a near or past act, a decision put off, a policy's case
(``_pipeline.told_acts``); another's wish named by 者 beside a read asked first (``_pipeline.wishes``).

A blood donation desk's "Correction: I said discard U-1, I meant quarantine it" sent ``void_lab_result``, "why
BD-4471 was nearly cancelled last year" and "为什么差点取消" sent ``cancel_blood_drive``; a campground's "I'll decide
after lunch whether it needs voiding" sent ``void_voucher``. Cosines are fixed by hand (``TableEmbedder``): the
destroyer ranks first, the act phrases read nothing, so only the words decide.
"""

import pytest

from toolfilter_core import HashingEmbedder, Reason, ToolFilter, ToolSpec
from toolfilter_core._pipeline.reports import ask_and_reports, lean_is_reported
from toolfilter_core._pipeline.told_acts import nouns_as_verbs, split_told_acts
from toolfilter_core._pipeline.wishes import split_wishes

from . import clinic_subscriptions_kit as clinic
from .fakes import act_phrases, hand_filter, padded, takes, tool_axes

GONE = {"destructiveHint": True}
DRIVE_CANCEL = ToolSpec("drive_cancel", "Cancel a blood drive session; cannot be undone.", takes("drive_id"))
VOUCHER_VOID = ToolSpec("voucher_void", "Void a gift voucher permanently.", takes("voucher_id"))
DRIVE_GET = ToolSpec("drive_get", "Blood drive session details: venue, date, beds, bus.", takes("drive_id"))
VOUCHER_GET = ToolSpec("voucher_get", "Gift voucher details and balance.", takes("voucher_id"))
TOOLS = [DRIVE_CANCEL, VOUCHER_VOID, DRIVE_GET, VOUCHER_GET]
TOLD_DRIVE = [
    "I need to brief the school about why drive BD-4471 was nearly cancelled last year — pull up its details.",
    "我要跟主任讲一下 BD-4455 为什么差点取消，先把这场的资料调出来。",
    "Correction: I said cancel BD-4520, I meant change its beds from 8 to 6. Show me the session.",
    "更正：刚才说取消 BD-4520 是我说错了，是床位从 8 张改成 6 张。",
]
TOLD_VOUCHER = [
    "Pull up voucher GV-8844 for me. I'll decide after lunch whether it needs voiding.",
    "先看看券 GV-8844 的余额，作不作废回头再说。",
    "更正一下，刚才说错了，不是要作废 GV-8844，是客人想查余额。",
]
ASKED = [("cancel drive BD-4471 please", "drive_cancel"), ("作废券 GV-8844", "voucher_void")]
TABLE = (
    tool_axes(TOOLS, padded)
    | act_phrases(6, 7, padded)
    | dict.fromkeys([*TOLD_DRIVE, ASKED[0][0]], padded(0, 0.8, 0.1, 0.7, 0.1))
    | dict.fromkeys([*TOLD_VOUCHER, ASKED[1][0]], padded(0, 0.1, 0.8, 0.1, 0.7))
)


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


@pytest.mark.parametrize(
    ("text", "apart"),
    [
        ("Correction: I said discard U-118502, I meant quarantine it.", "I said discard U-118502"),
        ("When I said cancel EV-1 I meant postpone it", "I said cancel EV-1"),
        ("Correction: I said cancel, but what I meant is the bill should go to the agent.", "I said cancel"),
        ("Sorry, I wrote cancel, what I meant was move it to Friday", "I wrote cancel"),
        ("刚才说删除 D-1 是我说错了，应该是归档", "刚才说删除 D-1"),
        ("不是要作废那张券，是要改一下有效期", "不是要作废那张券"),
        ("Nothing is being deleted, just show me U-1", "Nothing is being deleted"),
        ("Order O-1 was almost cancelled by mistake, show me its history", "almost cancelled by mistake"),
        ("去年那场活动 EV-1 差点被取消，先看看今年的", "差点被取消"),
        (
            "A guest says her friend got money back from us last summer, show me CP-1",
            "got money back from us last summer",
        ),
        ("Show me what was refunded on CP-1", "what was refunded on CP-1"),
        (
            "The cancellation I heard about was the library one, not this.",
            "The cancellation I heard about was the library one",
        ),
        ("退掉的只是一个帐篷，别的没动吧？", "退掉的只是一个帐篷"),
        ("Show me voucher GV-1; we'll decide tomorrow whether to void it", "we'll decide tomorrow whether to void it"),
        ("If the tube was mislabelled we'd have to void it. Show me the results.", "we'd have to void it"),
        ("那个菜单 MN-1 先看看内容，删不删以后再说。", "删不删以后再说"),
        ("客人提前取消预订时，押金是怎么算的", "客人提前取消预订时"),
        ("When a guest cancels late, how is the fee worked out?", "When a guest cancels late"),
        ("Write up an explainer on how our late cancellation fee works.", "how our late cancellation fee works"),
        (
            'Got this from a guest: "can we cancel for free if it rains? Jo"',
            'Got this from a guest: "can we cancel for free if it rains? Jo"',
        ),
        ("医生说预约 AP-2231 不要了，是真的吗", "医生说预约 AP-2231 不要了"),
        ("客户说订单 ORD-5521 要取消，对吗？", "客户说订单 ORD-5521 要取消"),
    ],
)
def test_an_act_told_is_read_apart(text: str, apart: str) -> None:
    ask, said = split_told_acts(text)
    assert said == apart
    assert apart not in ask


@pytest.mark.parametrize(
    "text",
    [
        "I said cancel EV-1, so cancel it!",
        "I meant cancel EV-1, not delete it",
        "Cancel EV-1, which was nearly full last year",
        "Cancel the order that was placed last week",
        "We'd have to cancel EV-1, please do it",
        "If it's expired we'd have to void it. Do it.",
        "You decide whether to void GV-1 and void it if it's expired",
        "取消 EV-1 时，请通知客户",
        "差点忘了取消 EV-1",
        "how do I cancel EV-1?",
        'Got this from a guest: "please cancel CP-1". Do it.',
        "作废那张券",
        "删除客户 C-3390 的账户（是否需要备份我稍后再说），再给我看对账单",
        "I said cancel BP-5531, I meant BP-5532",
        "Sorry, I said delete BR-220 but I meant BR-221.",
        "I wrote cancel BP-5531, I meant to write BP-5532",
        "刚才说取消 BP-5531，其实是 BP-5532",
        "I said cancel BP-5531, I meant BP-5532, thanks",
        "I said cancel BP-5531, I meant BP-5532 please.",
        "先取消 BP-5531 再说",
        "先把大件预约 BP-5531 取消了再说",
        "I would need to cancel bulky pickup BP-5531",
        "Something came up, I'd have to cancel my bulky pickup BP-5531 on Friday",
        "把几乎没人用的登记 BR-220 删掉",
        "要删的就是登记 BR-220",
        "医生说预约 AP-2231 不要了，帮我取消",
        "取消预约 AP-2231，对吗",
    ],
)
def test_an_ask_is_kept(text: str) -> None:
    assert split_told_acts(text) == (text, "")


@pytest.mark.parametrize(
    ("text", "apart"),
    [
        ("I said cancel BP-5531, I meant BP-5532 and delete BR-220", "I said cancel BP-5531"),
        ("刚才说取消 BP-5531，其实是删除", "刚才说取消 BP-5531"),
        ("Correction: I said cancel BP-5531, I meant keep it", "I said cancel BP-5531"),
        ("Correction: I said cancel BP-5531, I meant keep it, thanks", "I said cancel BP-5531"),
        ("先看看再决定删不删", "先看看再决定删不删"),
        ("为什么差点被删的那个登记又出现了", "差点被删"),
    ],
)
def test_a_correction_naming_more_than_a_record_or_a_put_off_is_still_told(text: str, apart: str) -> None:
    assert split_told_acts(text)[1] == apart


def test_an_act_said_as_a_noun_is_its_verb() -> None:
    assert nouns_as_verbs("The Cancellations and a deletion") == "The cancel and a delete"
    assert lean_is_reported("write an explainer on", "how our late cancellation fee works")


def test_a_wish_of_one_named_by_zhe_beside_a_read_first_is_told() -> None:
    ask, wishes = split_wishes("献血者要求删除个人资料，在处理之前先看看 D-1050117 的记录里有什么。")
    assert wishes == "献血者要求删除个人资料" and "删除" not in ask
    assert split_wishes("或者要删除的话，帮我删掉 D-1")[1] == ""


def test_told_acts_join_the_reports() -> None:
    ask, reports = ask_and_reports("Pull up voucher GV-1. I'll decide after lunch whether it needs voiding.")
    assert "voiding" in reports and "voiding" not in ask


@pytest.mark.parametrize("text", [*TOLD_DRIVE, *TOLD_VOUCHER])
def test_an_act_told_sends_no_destroyer(text: str) -> None:
    s = _filter().select(text)
    assert not {"drive_cancel", "voucher_void"} & set(s.names), s.explain()
    held = {r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD}
    assert held & {"drive_cancel", "voucher_void"}, s.explain()


@pytest.mark.parametrize(("text", "tool"), ASKED)
def test_the_ask_that_says_the_act_sends_it(text: str, tool: str) -> None:
    assert tool in _filter().select(text).names


@pytest.mark.parametrize(
    "text",
    [
        "If it rains I'd have to cancel bulky pickup BP-5531, show me the forecast",
        "I'd be forced to cancel bulky pickup BP-5531 if he doesn't pay; show me it for now",
    ],
)
def test_my_own_need_under_a_condition_is_supposed_not_asked(text: str) -> None:
    """ "I'd have to cancel X" asks; with an if or unless beside it, it supposes (it sent the cancel)."""
    assert "cancel" in split_told_acts(text)[1]


@pytest.mark.parametrize(
    "text", ["I would need to cancel bulky pickup BP-5531", "Something came up, I'd have to cancel BP-5531"]
)
def test_my_own_need_without_a_condition_is_asked(text: str) -> None:
    assert split_told_acts(text)[1] == ""


CLINIC = clinic.registry(
    "get_appointment", "reschedule_appointment", "cancel_appointment", "delete_patient", "void_invoice", "list_doctors"
)


@pytest.mark.parametrize("text", ["医生说预约 AP-2231 不要了，是真的吗", "客户说预约 AP-2231 要取消，是真的吗"])
def test_a_relayed_drop_asked_whether_true_sends_no_destroyer(text: str) -> None:
    clinic = ToolFilter(CLINIC, embedder=HashingEmbedder())
    assert not set(clinic.select(text).names) & {t.name for t in CLINIC if t.annotations}
