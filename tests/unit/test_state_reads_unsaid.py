"""A question about something else: a held tool whose act and object it does not say gives way to no read.

A parcel courier's "is my account BA-2001 still open? credit limit?" scored ``withdraw_claim`` ("Withdraw an
open claim. ...") second on the word "open" alone; the guard held it, and, the selection widened, every held tool
gave way to its object's reads: ``get_claim_status`` was moved up to its place, a claims read for an accounts
question (``state_reads.UNSAID_READS``). Cosines are fixed by hand (``TableEmbedder``).
"""

import importlib

import pytest

from toolfilter_core import NoteKind, Reason, ToolFilter, ToolFilterConfig, ToolSpec

from .fakes import TableEmbedder, unit

state_reads = importlib.import_module("toolfilter_core._pipeline.state_reads")

ACCOUNT = ToolSpec("account_get", "Account details: credit limit, billing contact, account manager.")
WITHDRAW = ToolSpec("claim_withdraw", "Withdraw an open claim. Once withdrawn the claim cannot be reopened.")
INVOICES = ToolSpec("invoice_list", "List the invoices of an account.")
CLAIM = ToolSpec("claim_get", "Check where a claim is: received, under review, paid or rejected.")
TOOLS = [ACCOUNT, WITHDRAW, INVOICES, CLAIM]
OPEN = "is my account A-2001 still open? credit limit?"
WITHDRAWN = "was C-77 withdrawn already?"
TABLE = {t.document(): unit(0, *([0.0] * i + [1.0])) for i, t in enumerate(TOOLS)} | {
    OPEN: unit(0, 0.45, 0.3, 0.2, 0.15),  # the account's read first, the claim's withdrawal second
    WITHDRAWN: unit(0, 0.2, 0.45, 0.1, 0.3),
}


def _registry(min_score: float) -> ToolFilter:
    cfg = ToolFilterConfig(
        enabled=True, top_k=3, min_score=min_score, min_gap=0.1, abstain_phrases=(), weights={"embed": 1.0}
    )
    return ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(TABLE))


@pytest.mark.parametrize("min_score", [0.9, 0.5])  # widened, confident
def test_a_question_about_another_record_moves_and_adds_no_read_of_the_held_tool(min_score: float) -> None:
    s = _registry(min_score).select(OPEN)
    assert "claim_withdraw" in [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD]
    assert not [n for n in s.reasons if n.kind is NoteKind.STATE_READS], s.reasons
    scores = [t.score for t in s.selected]
    assert scores == sorted(scores, reverse=True), s.names  # the selection in score order
    assert s.names[0] == "account_get"


@pytest.mark.parametrize("min_score", [0.9, 0.5])
def test_a_question_that_says_the_held_tools_act_still_gets_its_read(min_score: float) -> None:
    s = _registry(min_score).select(WITHDRAWN)
    assert "claim_withdraw" not in s.names
    assert s.names[0] == "claim_get", s.names


def test_the_rule_before_moved_the_claims_read_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(state_reads, "UNSAID_READS", "every")
    s = _registry(0.9).select(OPEN)
    assert s.names.index("claim_get") < s.names.index("invoice_list"), s.names
