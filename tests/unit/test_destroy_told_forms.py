"""Acts a request only tells, in forms of either language, ask no destroy.

Hearsay, an act told
done or once done, a fear, a plan for later, a read before a decision, a quoted message, a matter put off, an
alternative refused. Each destroy word leaves the ask (``reports.ask_and_reports``); the same act asked stays.
"""

import pytest

from toolfilter_core._hints import request_is_destructive
from toolfilter_core._pipeline.reports import ask_and_reports

TOLD = [
    ("听说 CU-3308 的账户被删了？帮我查一下还在不在", "被删了"),
    ("旅客说他的资料已经被删了，PX-30077 还查得到吗？", "被删了"),
    ("上周三已经把小明从课程 LC-118 里移出了，现在那个班还剩几个孩子？", "移出"),
    ("客户 C-3350 上个月删过账户又回来注册了，帮我看看现在这个账户的信息", "删过"),
    ("我们打算下周停掉 BREW5 这个优惠码，先看看最近用了多少次", "停掉"),
    ("我担心系统会把 LB-20611 这个订道自动取消，先看看它现在什么状态", "取消"),
    ("我怕把 PVGXA10023 的报告误取消了，先帮我看看它的状态", "取消"),
    ("I'm afraid the courier will drop the wrong bag off — show me what's on delivery CD-4410.", "drop"),
    ("不退超重费的话，能不能给他开一张 200 元的行李券？PIR 是 PVGXA10023", "不退"),
    ("Pull up passenger profile PX-30021 before we decide anything about erasing it.", "erasing"),
    ("客户来邮件说：“请帮我注销账户”——先别动，查一下 CU-5012 名下还有没有没用完的次卡和课程", "注销"),
    ('Passenger e-mail: "I found my bag at home, please cancel my report." Which report is hers?', "cancel"),
    ("旅客邮件原文：“请删除我的所有资料”。先看看 PX-30090 名下还有没有未结的索赔", "删除"),
    ('Customer writes: "I ordered the wrong grind, cancel it!" — that\'s R-20915. Has it been roasted yet?', "cancel"),
    ("Send the party confirmation to jo@example.com. The refund question can wait.", "refund"),
    ("Please save the new address for MADXA70019. The refund is a separate matter.", "refund"),
    ("对，派对包场定周日下午，帮客户 CU-6690 订一下；取消的事不用管", "取消"),
    ("Swim pass SP-7731 was voided last week by mistake. What does it show now?", "voided"),
    ("玩家的角色被删了，能看看他现在还有哪些角色吗", "被删了"),
    ("remove the blue-light line? no wait, first tell me what lines GO-60213 has", "remove"),
    ("删掉订单 GO-60213，算了，先查一下它的状态", "删掉"),
    ("cancel the appointment APT-3 — actually no, show me when it is first", "cancel"),
    ("Player deleted his mage by mistake two days ago, bring it back", "deleted"),
    ("the customer cancelled her booking yesterday, show me her other bookings", "cancelled"),
    # another's fear, a condition with
    # what another does then, something mentioned
    ("He's worried we'll delete his audiogram history when he moves. Can I see what's on file for PT-40872?", "delete"),
    ("The patient is concerned that we'll cancel her repair; show me RP-20533.", "cancel"),
    ("如果厂家说这台机子保修过期了，客户就不修了。先帮我看看序列号 5KQ80311 的保修到什么时候。", "不修"),
    ("要是这周的家庭箱还有香菜，M-2118 就说不要了。先帮我看看这周家庭箱里都有什么。", "不要了"),
    ("If this week's box has coriander, M-2118 says cancel it. First show me what is in the box.", "cancel"),
    ("If the warranty has run out, the customer will cancel the repair; show me RP-20533.", "cancel"),
    (
        "How much is left on FARM-8K2Q? The buyer mentioned something about voiding it but first I want to see it.",
        "voiding",
    ),
    ("FARM-8K2Q 还剩多少？买家提到过作废的事，不过我想先看看。", "作废"),
    # another's word mentioned, the act after the mention verb, a bare gerund too
    ("the buyer mentioned cancelling ORD-5521, what is its status?", "cancelling"),
    ("Maria mentioned deleting her account; show me customer C-12", "deleting"),
    ("our tenant brought up removing the pet clause. What does lease L-44 say?", "removing"),
]
ASKED = [
    "客户来邮件说：“请帮我注销账户”，照办吧，账户是 CU-5012",
    'Customer writes: "cancel it!" — do what she asks, it\'s R-20915.',
    "I'm afraid we'll have to cancel LB-20701, the lane is closed.",
    "恐怕得取消 LB-20701 这个订道",
    "他说账户已经不用了，帮他注销掉",
    "把被删了的角色恢复，然后把 C-1 删了",
    "player wants his mage deleted, do it",
    "no wait, remove the blue-light line from GO-60213",
    "cancel order O-5, never mind the refund",
    "show me GO-60213's lines, no wait, just remove the blue-light line",
    "Delete order 5? No refund needed, just delete it",  # "no" before a word, not a dash: no correction
    "refund it? no, cancel it instead",
    "如果保修过期了，就取消维修单 RP-20533。",
    "如果过期了，那就取消 RP-20533。",
    "如果过期了，直接取消就行。",
    "要是还有香菜，就帮我把香菜删掉。",
    "If it has expired, cancel RP-20533.",
    "If it has expired, we'll cancel RP-20533.",
    "The customer is worried: cancel job PJ-30417.",
    "She's worried, so cancel RP-20533.",
    "As I mentioned, please void FARM-8K2Q.",
    "The buyer mentioned it, so void FARM-8K2Q.",
    # a relative clause after the act asked: the speaker's own word, or another's that says no act
    "refund the order I brought up earlier",
    "delete the customer we talked about this morning",
    "please cancel the order we talked about yesterday",
    "cancel the order the buyer mentioned",
    "remove the note she brought up from ORD-5521",
]


@pytest.mark.parametrize(("text", "word"), TOLD)
def test_a_told_act_leaves_the_ask(text: str, word: str) -> None:
    ask, reports = ask_and_reports(text)
    assert word not in ask
    assert word in reports
    assert not request_is_destructive(ask)


@pytest.mark.parametrize("text", ASKED)
def test_the_act_asked_stays_in_the_ask(text: str) -> None:
    ask, _ = ask_and_reports(text)
    assert request_is_destructive(ask)
