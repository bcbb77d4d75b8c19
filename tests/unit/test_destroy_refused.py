"""A destructive act the request refuses is not asked for.

A ticket desk's "don't refund T-55102, just void it" was sent ``ticket_refund`` beside ``void_ticket``
(its "refund" read as an ask), "这张票是假的，作废 T-66001，不退款" (void it, no refund) ``ticket_refund``,
and "先别取消 EV-5521，改到下个月" (don't cancel it yet, move it to next month) ``event_cancel``. A destroy
word under a negation is read apart from the ask (``_negated.refused_apart``), and a destructive tool whose
act only a refusal says is held (``_negated.refused_acts``): ranked first, closest to a destroy-asking
profile request, near the destroy-asking phrases, or used by an earlier turn of the conversation. Cosines are
fixed by hand (``TableEmbedder``), or by ``HashingEmbedder`` for the conversation.
"""

import importlib

import pytest

from toolfilter_core import HashingEmbedder, Profiles, Reason, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core._conversation_eval import openai_turns
from toolfilter_core._hints import is_destroy_word
from toolfilter_core.integration import ConversationPolicy, conversation_window, select_window

from .fakes import act_phrases, hand_filter, padded, takes, tool_axes

negated = importlib.import_module("toolfilter_core._negated")
decide = importlib.import_module("toolfilter_core._pipeline.decide")


TICKET_REFUND = ToolSpec("ticket_refund", "Refund a ticket to the original payment method.", takes("ticket_id"))
VOID_TICKET = ToolSpec("void_ticket", "Void a ticket without refunding it (fraud, duplicate).", takes("ticket_id"))
EVENT_CANCEL = ToolSpec("event_cancel", "Cancel an event. All tickets are voided.", takes("event_id"))
EVENT_RESCHEDULE = ToolSpec("event_reschedule", "Move an event to a new date or time.", takes("event_id"))
TICKET_LOOKUP = ToolSpec("ticket_lookup", "Look up a ticket: holder, seat, status.", takes("ticket_id"))
TOOLS = [TICKET_REFUND, VOID_TICKET, EVENT_CANCEL, EVENT_RESCHEDULE, TICKET_LOOKUP]
# axes 1-5: one a tool; 6 and 7: the destroy-asking phrases and the others
PHRASES = act_phrases(6, 7, padded)
TABLE = tool_axes(TOOLS, padded) | PHRASES
PROFILES = Profiles(
    {
        "ticket_refund": ToolProfile((), ("refund TK-30017 now",)),
        "event_cancel": ToolProfile((), ("取消 EV-1200 这场活动",)),
        "event_reschedule": ToolProfile(("把 EV-1300 改到下周五",)),
    }
)
REFUND_FIRST = padded(0, 0.8, 0.6, 0, 0, 0.3, 0.4)  # ticket_refund first, void_ticket second, leaning to destroy
CANCEL_FIRST = padded(0, 0, 0, 0.8, 0.6, 0, 0.4)  # event_cancel first, event_reschedule second
TABLE |= {
    "refund TK-30017 now": padded(0, 0.8, 0.6, 0, 0, 0.3, 0.4),  # the closest profile request: a destroy ask
    "取消 EV-1200 这场活动": padded(0, 0, 0, 0.8, 0.6, 0, 0.4),
    "把 EV-1300 改到下周五": padded(0, 0, 0, 0, 1.0),
    "don't refund T-55102, just void it": REFUND_FIRST,
    "这张票是假的，作废 T-66001，不退款": REFUND_FIRST,
    "no refund, just cancel EV-5521": REFUND_FIRST,
    "先别取消 EV-5521，改到下个月": CANCEL_FIRST,
    "don't forget to cancel EV-5521": CANCEL_FIRST,
    "I don't want a refund, just store credit": REFUND_FIRST,
    "I don't want a refund for T-55102, just give me store credit": REFUND_FIRST,
    "Keep EV-5521? No\ncancel EV-5521": CANCEL_FIRST,
}


def _filter(profiled: bool = True) -> ToolFilter:
    return hand_filter(TOOLS, TABLE, profiles=PROFILES if profiled else None)


def _held(text: str, profiled: bool = True) -> tuple[list[str], set[str]]:
    s = _filter(profiled).select(text)
    return s.names, {r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD}


@pytest.mark.parametrize("profiled", [True, False])
def test_a_refund_refused_beside_a_void_asked_is_held(profiled):
    names, held = _held("don't refund T-55102, just void it", profiled)
    assert "void_ticket" in names and "ticket_refund" not in names, names
    assert "ticket_refund" in held


@pytest.mark.parametrize("profiled", [True, False])
def test_no_refund_in_chinese_after_a_void_is_held(profiled):
    names, held = _held("这张票是假的，作废 T-66001，不退款", profiled)
    assert "ticket_refund" not in names and "ticket_refund" in held, names


@pytest.mark.parametrize("profiled", [True, False])
def test_a_cancel_refused_before_a_move_is_held_though_it_ranks_first(profiled):
    names, held = _held("先别取消 EV-5521，改到下个月", profiled)
    assert "event_cancel" not in names and "event_cancel" in held, names
    assert "event_reschedule" in names


@pytest.mark.parametrize(
    "text", ["I don't want a refund, just store credit", "I don't want a refund for T-55102, just give me store credit"]
)
@pytest.mark.parametrize("profiled", [True, False])
def test_a_refund_not_wanted_is_held(text, profiled):
    names, held = _held(text, profiled)
    assert "ticket_refund" not in names and "ticket_refund" in held, names


def test_before_the_refused_refund_rode_along(monkeypatch):
    monkeypatch.setattr(negated, "REFUSALS_HOLD", False)
    # and each destroyer "t" (ticket) fits sent for its act said, as before decide.SEVERAL "said"
    monkeypatch.setattr(decide, "SEVERAL", "none")
    assert "ticket_refund" in _held("don't refund T-55102, just void it")[0]


def test_without_the_refusal_read_apart_the_two_acts_said_send_both(monkeypatch):
    monkeypatch.setattr(negated, "REFUSALS_HOLD", False)
    # two acts said, each its own, each name their tool (said_objects.acts_apart): the refusal alone holds the refund
    names = _held("don't refund T-55102, just void it")[0]
    assert "ticket_refund" in names and "void_ticket" in names, names


def test_no_refund_just_cancel_asks_the_cancel_alone():
    names, held = _held("no refund, just cancel EV-5521")
    assert "event_cancel" in names and "ticket_refund" not in names, names


def test_a_negation_before_another_verb_refuses_nothing():
    assert "event_cancel" in _held("don't forget to cancel EV-5521")[0]


@pytest.mark.parametrize(
    ("text", "ask", "refused"),
    [
        ("don't refund T-55102, just void it", " , just void it", "don't refund T-55102"),
        ("这张票是假的，作废 T-66001，不退款", "这张票是假的，作废 T-66001， ", "不退款"),
        ("先别取消 EV-5521，改到下个月", " ，改到下个月", "先别取消 EV-5521"),
        ("no refund, just cancel", " , just cancel", "no refund"),
        ("do not delete the repo but archive it", " but archive it", "do not delete the repo "),
        ("we don't need to cancel, just move it", "we  , just move it", "don't need to cancel"),
        ("cancel it without refunding", "cancel it  ", "without refunding"),
        ("别把 EV-5521 取消", " ", "别把 EV-5521 取消"),
        ("先关机吧，别删 i-0c44e1d9", "先关机吧， ", "别删 i-0c44e1d9"),
        ("查下订单 B2231 的状态，先别给我取消", "查下订单 B2231 的状态， ", "先别给我取消"),
        ("帮我查一下券 XMAS50 还有效吗，不要给我作废", "帮我查一下券 XMAS50 还有效吗， ", "不要给我作废"),
        # the words of a request not to act: 不许, 自动, 给他们
        ("不许取消 EV-5521", " ", "不许取消 EV-5521"),
        ("到期了也别自动取消，先问我", "到期了也 ，先问我", "别自动取消"),
        ("别给他们退款", " ", "别给他们退款"),
        # a refusal ends at its clause's end, not at the dot of "v2.0"
        ("Please do NOT delete v2.0 config; archive it", "Please  ; archive it", "do NOT delete v2.0 config"),
        ("don't delete backup.tar.gz, move it", " , move it", "don't delete backup.tar.gz"),
        ("请勿删除这个文件", " ", "请勿删除这个文件"),
        ("勿删", " ", "勿删"),
        ("I don't want you to cancel my order", "I  ", "don't want you to cancel my order"),
        ("I don't want my order cancelled, just moved", "I  , just moved", "don't want my order cancelled"),
        # the destroy word as the thing not wanted, after a determiner
        ("I don't want a refund, just store credit", "I  , just store credit", "don't want a refund"),
        (
            "I don't want a refund for order 5512, just give me store credit",
            "I  , just give me store credit",
            "don't want a refund for order 5512",
        ),
        ("I don't want any refunds", "I  ", "don't want any refunds"),
    ],
)
def test_a_destroy_word_under_a_negation_is_refused(text, ask, refused):
    assert negated.refused_apart(text) == (ask, refused)


@pytest.mark.parametrize(
    "text",
    [
        "don't forget to cancel X",
        "can't you just cancel it?",
        "why not cancel it?",
        "I can not cancel it myself, please do",
        "为什么不取消",
        "要不取消吧",  # how about cancelling
        "能不能取消",  # a question whether
        "删不删",
        "不得不取消",  # has to be cancelled
        "分别删除 A 和 B",  # 别 of 分别: delete each
        "BK-31207 不要了",
        "不用了，取消吧",
        "we don't need the disk either, kill it",
        "don't forget to cancel; also don't email him",  # the negation's own clause
        "don\u2019t forget to cancel it",
        # a negation does not reach past its line
        "Keep EV-5521? No\ncancel EV-5521",
        "answer: no\n\ndelete file 7",
        "do not\ndelete file 7",
        # 别 of a word: 别名 (alias), 别墅 (villa), 别克 (Buick)
        "把别名 prod 删除",
        "别墅订单取消",
        "别克车的预约取消一下",
        "别忘了取消周五的站会",
        "I don't want it anymore",
        "I don't want to sound rude, but cancel it",
        # "don't want" and a later imperative: the act is asked, not refused
        "i dont want it anymore delete it",
        "I don't want this order cancel it now",
        "I don't want it so cancel it",
    ],
)
def test_no_refusal(text):
    assert negated.refused_apart(text) == (text, "")


def test_an_answer_no_on_its_own_line_leaves_the_cancel_asked():
    names, held = _held("Keep EV-5521? No\ncancel EV-5521")
    assert "event_cancel" in names and "event_cancel" not in held, names


@pytest.mark.parametrize("text", ["no " * 7000, "不 " * 10000, "don't " * 3500 + "delete"])  # 20k characters
def test_a_long_text_without_clauses_is_read_in_one_scan_per_mark(monkeypatch, text):
    scans = {"n": 0}

    class Counted:
        def __init__(self, pattern):
            self.pattern = pattern

        def search(self, *args):
            scans["n"] += 1
            return self.pattern.search(*args)

        def finditer(self, *args):
            scans["n"] += 1
            return self.pattern.finditer(*args)

    for name in ("_TURN", "_CLAUSE_END", "_CALLS_OFF"):
        monkeypatch.setattr(negated, name, Counted(getattr(negated, name)))
    negated.negations(text)
    assert scans["n"] <= 3  # each mark found once, whatever the number of negations


@pytest.mark.parametrize(("text", "refusals"), [("别把" * 10000, 0), ("别把" * 9999 + "取消", 8)])  # 20k characters
def test_a_long_run_of_chinese_negations_reads_each_start_of_a_verb_once(monkeypatch, text, refusals):
    """ "别把别把…": each 把 looks for its verb over the next 16 characters, which the next negations' look at too."""
    calls = {"n": 0}

    def counted(word: str) -> bool:
        calls["n"] += 1
        return is_destroy_word(word)

    monkeypatch.setattr(negated, "is_destroy_word", counted)
    found = negated.negations(text)
    assert (len(found), sum(n.refuses for n in found)) == (9999, refusals)
    assert calls["n"] <= 8 * len(text)  # one to four characters from each start, two readings each


ORDERS = [
    ToolSpec("get_order", "Get an order: its items, status and payment.", annotations={"readOnlyHint": True}),
    ToolSpec("cancel_order", "Cancel an order before it ships.", annotations={"destructiveHint": True}),
    ToolSpec("update_address", "Change the delivery address of an order."),
]


@pytest.mark.parametrize(
    ("last", "cancel"),
    [
        ("don't cancel 55121, just change its delivery address", False),
        ("别取消 55121，改一下它的收货地址", False),
        ("cancel 55121 too", True),
    ],
)
def test_a_cancel_an_earlier_turn_ran_and_this_one_refuses_is_not_offered(last, cancel):
    call = {"id": "c1", "type": "function", "function": {"name": "cancel_order", "arguments": "{}"}}
    messages = [
        {"role": "user", "content": "cancel the order 55120 before it ships"},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "c1", "content": "55120 cancelled"},
        {"role": "assistant", "content": "Done. Anything else?"},
        {"role": "user", "content": last},
    ]
    config = {"base": "plain", "enabled": True, "top_k": 2, "weights": {"embed": 0.7, "bm25": 0.3}}
    tool_filter = ToolFilter(ORDERS, config=config, embedder=HashingEmbedder())
    window = conversation_window(openai_turns(messages), history_turns=tool_filter.config.history_turns)
    names = select_window(tool_filter, window, conversation=ConversationPolicy()).names
    assert ("cancel_order" in names) is cancel, names
