"""A destroyer ranked first and best for its own ask is not held for the object another ask names.

A caterer's "客户要求注销账户并删除所有个人资料" (close the account and delete all personal data) asks two acts: the
first names the account, ``client_account_close``'s object; ``client_data_erase``, first at 0.697 and the best of the
ask 删除所有个人资料, was held by ``one_object`` as a destroyer whose object the request does not name. Cosines
are fixed by hand (``TableEmbedder``).
"""

import importlib

import numpy as np

from toolfilter_core import ToolSpec

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

decide = importlib.import_module("toolfilter_core._pipeline.decide")

CLOSE = ToolSpec("account_close", "Close an account; no new orders can be made on it.", takes("account_id"))
ERASE = ToolSpec("personal_data_erase", "Erase all personal data held about someone. Irreversible.", takes("person_id"))
COUPON = ToolSpec("coupon_void", "Void a discount coupon.", takes("coupon_id"))
LOOKUP = ToolSpec("profile_get", "Get a profile and its order history.", takes("person_id"))
TOOLS = [CLOSE, ERASE, COUPON, LOOKUP]
ASK = "Close her account and delete all we hold on her"
TABLE = tool_axes(TOOLS) | act_phrases(5, 6)
TABLE |= {
    ASK: unit(0, 0.6, 0.75, 0.05, 0.2, 0.3),
    "Close her account": unit(0, 0.9, 0.3, 0.05, 0.2, 0.3),
    "delete all we hold on her": unit(0, 0.3, 0.9, 0.05, 0.2, 0.6),
}


def test_first_of_own_ask_marks_only_a_let_in_first_candidate_that_is_an_asks_best(monkeypatch):
    monkeypatch.setattr(decide, "FIRST_OF_OWN_ASK", True)
    unasked = np.array([[False, False, True], [True, False, False], [False, True, True]])
    clause_top = np.array([[1, 1, 0], [1, 0, 0], [0, 1, 0]], dtype=np.int8)
    assert decide._first_of_own_ask(unasked, clause_top).tolist() == [
        [True, False, False],
        [False, False, False],  # held before one_object: it stays held
        [False, False, False],  # first, but no ask's best
    ]


def test_the_first_ranked_destroyer_of_its_own_ask_is_sent_beside_the_named_objects(monkeypatch):
    monkeypatch.setattr(decide, "FIRST_OF_OWN_ASK", True)
    names = hand_filter(TOOLS, TABLE).select(ASK).names
    assert {"personal_data_erase", "account_close"} <= set(names)
    assert "coupon_void" not in names


def test_off_the_named_object_holds_it_as_before(monkeypatch):
    monkeypatch.setattr(decide, "FIRST_OF_OWN_ASK", False)
    names = hand_filter(TOOLS, TABLE).select(ASK).names
    assert "personal_data_erase" not in names
    assert "account_close" in names


def test_a_clause_joined_by_a_word_is_read_on_its_own_for_its_act():
    """ "…并删除所有个人资料": the clause after 并 (and) says no candidate's own act, so the ranking says which."""
    destructive = np.array([[True, True, True, False]])
    said = np.array([[True, False, False, False]])
    assert not decide._each_clause_said(ASK, said, TOOLS, destructive)
    assert decide._each_clause_said("Close her account", said, TOOLS, destructive)
