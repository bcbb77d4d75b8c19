"""A clause stating a fact makes no destroyer an ask's best.

"客户自己改建了地下室，违反了保修条款，把保修 W-2207 作废" (the customer rebuilt the basement, against the warranty's
terms; revoke warranty W-2207) was sent ``account_close`` as "the best tool for the ask '客户自己改建了地下室'".
Cosines are fixed by hand (``TableEmbedder``).
"""

import numpy as np

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.fact_asks import best_of_facts_only

from .fakes import act_phrases, hand_filter, takes, unit

_CLOSE = "Close a customer's account permanently: ends all contracts and stops billing. Use when the customer leaves."
TOOLS = [
    ToolSpec("warranty_revoke", "Revoke a warranty", takes("warranty_id")),
    ToolSpec("account_close", _CLOSE, takes("customer_id")),
    ToolSpec("customer_update", "Update a customer's contact details", takes("customer_id")),
]
REBUILT, TERMS, REVOKE = "客户自己改建了地下室", "违反了保修条款", "把保修 W-2207 作废"
WHOLE = f"{REBUILT}，{TERMS}，{REVOKE}"
TABLE = (
    {t.document(): unit(*([0.0] * (i + 1) + [1.0])) for i, t in enumerate(TOOLS)}
    | act_phrases(5, 6)
    | {
        # the whole request: between the two destroyers and the destroy-asking phrases
        WHOLE: unit(0, 0.65, 0.5, 0.2, 0, 0.55),
        REBUILT: unit(0, 0.1, 0.9, 0.3, 0, 0.3),
        TERMS: unit(0, 0.6, 0.2, 0.3),
        REVOKE: unit(0, 0.9, 0.1, 0, 0, 0.4),
        "close customer C-1188's account": unit(0, 0.1, 0.95, 0.1, 0, 0.3),
    }
)


def test_a_fact_clause_beside_a_revoke_sends_no_account_closer() -> None:
    chosen = hand_filter(TOOLS, TABLE, min_score=0.3).select(WHOLE).names
    assert "warranty_revoke" in chosen
    assert "account_close" not in chosen


def test_an_account_close_asked_is_still_sent() -> None:
    assert "account_close" in hand_filter(TOOLS, TABLE, min_score=0.3).select("close customer C-1188's account").names


def test_only_the_destroyers_best_for_facts_alone_are_named() -> None:
    destructive = np.array([[True, True, False]])
    asks = (("account_close", REBUILT), ("warranty_revoke", REVOKE))
    assert best_of_facts_only(asks, TOOLS, destructive).tolist() == [[False, True, False]]
    asked = (("account_close", "把客户的账户注销"), ("warranty_revoke", REVOKE))
    assert not best_of_facts_only(asked, TOOLS, destructive).any()
    assert not best_of_facts_only((("account_close", REBUILT),), TOOLS, destructive).any()  # no act on a record


def test_a_clause_telling_an_act_with_a_bare_verb_is_no_fact() -> None:
    tools = [
        ToolSpec("device_wipe", "Remotely wipe a managed device (factory reset, all data erased)."),
        ToolSpec("device_lock", "Remote lock a lost device and show a contact message on screen."),
    ]
    destructive = np.array([[True, False]])
    told = (("device_lock", "lock UNI-5521"), ("device_wipe", "scrub it clean"))
    assert not best_of_facts_only(told, tools, destructive).any()
    stated = (("device_lock", "lock UNI-5521"), ("device_wipe", "the laptop was stolen"))
    assert best_of_facts_only(stated, tools, destructive).tolist() == [[True, False]]


def test_a_want_or_a_time_word_states_no_fact() -> None:
    """Letters of no verb ("need", 现在, 是否) state nothing: the clause still tells its act."""
    tools = [
        ToolSpec("device_wipe", "Remotely wipe a managed device (factory reset, all data erased)."),
        ToolSpec("device_lock", "Remote lock a lost device and show a contact message on screen."),
    ]
    destructive = np.array([[True, False]])
    for told in ("现在处理一下", "speed it up", "feed it the reset"):
        asks = (("device_lock", "lock UNI-5521"), ("device_wipe", told))
        assert not best_of_facts_only(asks, tools, destructive).any(), told
    for stated in ("the laptop was stolen", "客户对服务不满意", "customer complained twice"):
        asks = (("device_lock", "lock UNI-5521"), ("device_wipe", stated))
        assert best_of_facts_only(asks, tools, destructive).tolist() == [[True, False]], stated
