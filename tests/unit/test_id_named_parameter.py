"""An id a description gives by a parameter's name is that parameter's, whichever tools take it.

A cinema's ``booking_create`` "returns a booking code like BK-123456"; ``ticket_refund(booking_code)`` was read as
not taking "BK-550123", so "refund BK-550123 and email the customer" held it as another tool's id. Cosines are
fixed by hand (``TableEmbedder``).
"""

import importlib

from toolfilter_core import ToolSpec

from .fakes import act_phrases, hand_filter, takes, tool_axes

id_shapes = importlib.import_module("toolfilter_core._pipeline.id_shapes")

CREATE = ToolSpec(
    "booking_create",
    "Book seats for a customer on a screening and return a booking code like BK-123456.",
    takes("screening_id"),
)
REFUND = ToolSpec("ticket_refund", "Refund one or more tickets of a booking.", takes("booking_code"))
REFUND_GET = ToolSpec("refund_get", "Where a refund is.", takes("refund_id"))
TOOLS = [CREATE, REFUND, REFUND_GET]


def test_the_words_before_an_id_name_its_parameter() -> None:
    named = id_shapes._ids_named_for(CREATE.description, frozenset({"booking_code", "screening_id"}))
    assert list(named) == [("booking_code", "bk")]
    assert not list(id_shapes._ids_named_for("A code like BK-123456.", frozenset({"code", "booking_code"})))
    assert not list(id_shapes._ids_named_for(CREATE.description, frozenset({"screening_id"})))


def test_a_destroyer_that_takes_the_named_parameter_takes_the_id() -> None:
    snapshot = hand_filter(TOOLS, tool_axes(TOOLS) | act_phrases(5, 6)).snapshot
    shapes = id_shapes.id_shapes(snapshot)
    assert shapes.takes("refund BK-550123 and email the customer", TOOLS) == [True, True, False]
