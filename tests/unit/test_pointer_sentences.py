"""A description's sentence that points to another tool is not the tool's own words.

A florist's ``order_cancel``: "Cancel an order that has not been delivered yet. Does NOT refund the
payment — use payment_refund for that." (the when-to-use line the doctor asks for). "refund order
4471" matched it by BM25 on "refund" (1.00), ranked it first and was sent it, with ``payment_refund``
held. Cosines are equal by hand (``TableEmbedder``): the words decide.
"""

from toolfilter_core import ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._hints import without_pointers

from .fakes import TableEmbedder, unit

ORDER_CANCEL = ToolSpec(
    "order_cancel",
    "Cancel an order that has not been delivered yet. Does NOT refund the payment — use payment_refund for that.",
    annotations={"destructiveHint": True},
)
PAYMENT_REFUND = ToolSpec(
    "payment_refund", "Refund a payment in full or in part to the card.", annotations={"destructiveHint": True}
)
ORDER_GET = ToolSpec("order_get", "Get an order's details and status.")
TOOLS = [ORDER_CANCEL, PAYMENT_REFUND, ORDER_GET]


def test_a_sentence_pointing_to_another_tool_is_left_out_of_its_words() -> None:
    names = {t.name for t in TOOLS}
    assert without_pointers(ORDER_CANCEL.description, "order_cancel", names) == (
        "Cancel an order that has not been delivered yet."
    )
    assert without_pointers(PAYMENT_REFUND.description, "payment_refund", names) == PAYMENT_REFUND.description


def test_a_refund_request_gets_the_refund_not_the_cancel_that_points_to_it() -> None:
    table = {t.document(): unit(*[float(i == j) for j in range(4)]) for i, t in enumerate(TOOLS)}
    table["refund order 4471"] = unit(0.5, 0.5, 0.3, 0.6)
    cfg = ToolFilterConfig(enabled=True, top_k=2, abstain_phrases=(), weights={"embed": 1.0, "bm25": 1.0})
    s = ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(table, id="pointer-1")).select("refund order 4471")
    assert s.names[:1] == ["payment_refund"], s.explain()
    assert "order_cancel" not in s.names, s.explain()
