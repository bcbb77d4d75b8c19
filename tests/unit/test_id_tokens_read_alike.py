"""One record id is read alike by every reader, and zero-width characters are left out of every reading.

On 5a45840a "bin order 4471" was read as a cancel but "bin order #4471" was not; "scrap voucher GV-9QP1" was a void
but "scrap voucher FARM-P2M9" (letters after the dash) was not; "can\u200bcel order ORD-5521" (a zero-width space
inside the verb) was sent no destroyer, as only the reader of relayed wishes left those characters out.
"""

from __future__ import annotations

import pytest

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._pipeline.plain_verbs import in_plain_verbs

TOOLS = [
    ToolSpec("get_order", "Get an order by its id."),
    ToolSpec("cancel_order", "Cancel an order by its id."),
    ToolSpec("get_voucher", "Look up a gift voucher by its code."),
    ToolSpec("void_voucher", "Cancel a gift voucher so it can no longer be used."),
    ToolSpec("list_orders", "List the orders of a customer."),
]


def _filter() -> ToolFilter:
    return ToolFilter(TOOLS, embedder=HashingEmbedder())


@pytest.mark.parametrize(
    ("said", "record", "known"),
    [
        ("bin order {}", "#4471", "4471"),  # a number after "#", as the bare one
        ("scrap order {} please", "#12", "12"),
        ("scrap voucher {}", "FARM-P2M9", "GV-9QP1"),  # letters after the dash, as a digit there
        ("订单 {} 不要了", "#4471", "4471"),
    ],
)
def test_an_id_of_any_shape_is_read_as_the_object_of_an_idiom(said: str, record: str, known: str) -> None:
    plain = in_plain_verbs(said.format(known))
    assert plain != said.format(known)  # the idiom is read as its plain verb beside the known shape
    assert in_plain_verbs(said.format(record)) == plain.replace(known, record)


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("bin order #4471", "cancel_order"),
        ("bin order 4471", "cancel_order"),
        ("scrap voucher FARM-P2M9", "void_voucher"),
        ("scrap voucher GV-9QP1", "void_voucher"),
    ],
)
def test_the_destroyer_is_sent_whatever_the_id_shape(text: str, tool: str) -> None:
    s = _filter().select(text)
    assert tool in s.names, s.explain()


@pytest.mark.parametrize(
    "text", ["can\u200bcel order ORD-5521", "\ufeffcancel order ORD-5521", "cancel\u2060 order ORD-5521"]
)
def test_a_request_with_zero_width_characters_is_served(text: str) -> None:
    s = _filter().select(text)
    assert "cancel_order" in s.names, s.explain()
    assert s.query == text  # the request as given
