"""A self-introduction ("I'm Tom Weber") is no ask: it keeps no tool of its own.

"delete everything you have about me, I want my data erased. I'm Tom Weber" was cut into three
asks, and "I'm Tom Weber" kept its best tool, ``customer_create``
(``kept each ask's best tool: customer_create (for "I'm Tom Weber")``). Cosines fixed by hand.
"""

import pytest

from toolfilter_core import NoteKind, ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._clauses import is_introduction

from .fakes import TableEmbedder, unit

TOOLS = [
    ToolSpec("customer_delete", "Delete a customer and all their data.", annotations={"destructiveHint": True}),
    ToolSpec("customer_create", "Register a new customer with name, phone and e-mail."),
    ToolSpec("bike_get", "Get one bike for sale by its id."),
]
REQUEST = "delete everything you have about me and my data. I'm Tom Weber"
TABLE = {
    **{t.document(): unit(*[float(i == j) for j in range(3)]) for i, t in enumerate(TOOLS)},
    REQUEST: unit(0.9, 0.3, 0.1),
    "delete everything you have about me and my data": unit(0.95, 0.1, 0.1),
    "I'm Tom Weber": unit(0.1, 1.0, 0.0),  # the introduction alone sits on customer_create
}


def test_an_introduction_keeps_no_tool() -> None:
    cfg = ToolFilterConfig(enabled=True, top_k=1, abstain_phrases=(), weights={"embed": 1.0})
    s = ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(TABLE, id="intro-1")).select(REQUEST)
    assert "customer_delete" in s.names, (s.names, s.detail)
    assert "customer_create" not in s.names
    assert not any(r.kind is NoteKind.ASKS_KEPT for r in s.reasons)


@pytest.mark.parametrize(
    ("clause", "said"),
    [
        ("I'm Tom Weber", True),
        ("Hi, I'm Li Na", True),
        ("this is Anna from Acme Bikes", True),
        ("My name is Priya", True),
        ("我是王先生", True),
        ("我叫李娜", True),
        ("I'm locked out of my account", False),
        ("I am trying to cancel", False),
        ("This is urgent", False),
        ("我是来退货的", False),
        ("I'm Tom Weber and I want my data erased", False),
        ("I'm Tom at Acme please refund order 55", False),
        ("This is Anna from Acme and cancel my plan", False),
        ("This is URGENT", False),
        ("This is INV-3002", False),
        ("I'm J. Smith from the Acme Group", True),
        ("我是要退款", False),
        ("本人要退款", False),
        ("本人取消", False),
        ("我叫停", False),
    ],
)
def test_an_introduction_says_who_writes_and_nothing_else(clause: str, said: bool) -> None:
    assert is_introduction(clause) is said
