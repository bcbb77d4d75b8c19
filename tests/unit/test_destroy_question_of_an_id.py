"""A question relayed from a person named by an id asks no act.

An equipment lessor's "C-2210 asked whether closing their account would affect their open invoices. List their
unpaid invoices." was sent ``customer_account_close``: the question was read as the request's own act, since only a
person named by a word ("the customer asked whether…") relayed it. Only a person asks, so an id that asks is a
person's. Cosines are fixed by hand (``TableEmbedder``), the destroyer ranked first.
"""

import pytest

from toolfilter_core import Reason, ToolFilter, ToolSpec

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

CLOSE = ToolSpec(
    "account_close",
    "Close a customer's account for good.",
    takes("customer_id"),
    annotations={"destructiveHint": True},
)
INVOICES = ToolSpec("invoice_list", "List a customer's invoices, paid or unpaid.", takes("customer_id"))
PROFILE = ToolSpec("customer_get", "Look up a customer by id.", takes("customer_id"))
TOOLS = [CLOSE, INVOICES, PROFILE]
# axes 1-3: one a tool; 4 and 5: the destroy-asking phrases and the others
TABLE = tool_axes(TOOLS) | act_phrases(4, 5)
FIRST = unit(0, 0.8, 0.6, 0, 0.3, 0.3)  # the close first, the invoices second, leaning to destroy

NOT_ASKED = [
    "C-2210 asked whether closing their account would affect their open invoices. List their unpaid invoices.",
    "customer C-2210 asked if closing the account would change anything, show their unpaid invoices",
    "ACC-4471 is asking whether closing would cancel the invoices; list them",
    "C-2210 wants to know if their account can still be closed",
]
ASKED = [
    "C-2210 asked whether we can close their account, please go ahead",
    "C-2210 asks if you could close their account",
    "Close the account of C-2210",
    "C-2210 asked whether closing their account would affect their invoices. Close it.",  # the question a sentence
]
TABLE |= {text: FIRST for text in [*NOT_ASKED, *ASKED]}


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


@pytest.mark.parametrize("text", NOT_ASKED)
def test_a_question_relayed_from_an_id_is_not_sent_its_destroyer(text):
    s = _filter().select(text)
    assert "account_close" not in s.names, s.explain()
    assert "account_close" in {r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD}, s.explain()


@pytest.mark.parametrize("text", ASKED)
def test_an_ask_of_the_reader_or_handed_on_keeps_its_destroyer(text):
    s = _filter().select(text)
    assert "account_close" in s.names, s.explain()
