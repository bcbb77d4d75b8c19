"""A destroy ask in words that say one destroyer's own act is not given to another ranked first.

"这批胰岛素冷链断了，20支全部报损" (the insulin's cold chain broke, write all 20 off) was sent ``sale_void`` beside
``stock_writeoff``: the request asks to destroy by its words, and the till sale's void ranked first. Its destroy
clause says the write-off's own act (报损), none of the void's: the act's object decides the destroyer
(``decide._each_clause_said``). A clause that says no candidate's act still goes to the one ranked first.
"""

import pytest

from toolfilter_core import ToolSpec

from .fakes import act_phrases, hand_filter, takes, tool_axes, unit

GONE = {"destructiveHint": True}
VOID = ToolSpec("sale_void", "Void a till sale made in error, reversing it.", takes("transaction_id"), annotations=GONE)
WRITE_OFF = ToolSpec(
    "stock_writeoff", "Write off stock that is expired or damaged.", takes("product"), annotations=GONE
)
STOCK = ToolSpec("stock_get", "Show the stock on hand of a product.", takes("product"))
TILL = [VOID, WRITE_OFF, STOCK]
PHRASES = act_phrases(4, 5)  # three tools on axes 1-3; the destroy-asking act phrases on 4, the others on 5
WRITTEN_OFF = "这批胰岛素冷链断了，20支全部报损"
WRITTEN_OFF_EN = "the insulin batch lost its cold chain, write off all 20 units"
SCRAPPED = "那笔交易录错了，删掉吧"  # a destroy word no candidate's own act says: the ranking decides
ASKS = {  # the void ranked first by its vector, the write-off second
    WRITTEN_OFF: unit(0, 0.8, 0.6, 0.2, 0.4),
    WRITTEN_OFF_EN: unit(0, 0.8, 0.6, 0.2, 0.4),
    SCRAPPED: unit(0, 0.8, 0.6, 0.2, 0.4),
}


@pytest.mark.parametrize("text", [WRITTEN_OFF, WRITTEN_OFF_EN])
def test_the_destroyer_whose_act_the_words_say_is_sent_not_the_one_ranked_first(text: str) -> None:
    s = hand_filter(TILL, tool_axes(TILL) | PHRASES | ASKS).select(text)
    assert "stock_writeoff" in s.names, s.explain()
    assert "sale_void" not in s.names, s.explain()


def test_a_destroy_word_no_candidate_says_still_goes_to_the_first_ranked() -> None:
    s = hand_filter(TILL, tool_axes(TILL) | PHRASES | ASKS).select(SCRAPPED)
    assert "sale_void" in s.names, s.explain()
