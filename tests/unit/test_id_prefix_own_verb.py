"""An id prefix two destroyers' records fit goes to the one whose own verb the request says.

An optician store's "cancel my eye exam A-1188": A abbreviates both ``appointment_cancel``'s appointment and
``customer_account_close``'s account, and "cancel" said both acts (closing an account is cancelling it), so the id
told neither and the request was not sure (with profiles) or widened without the cancel (without). A verb of the
tool's own name or description opening is now nearer than one given it (``_hints.act_said_nearness``): the id is the
appointment's. Cosines are fixed by hand (``TableEmbedder``).
"""

from toolfilter_core import ToolFilter, ToolSpec
from toolfilter_core._hints import act_said_nearness

from .fakes import act_phrases, hand_filter, tool_axes, unit


def _takes(*names: str) -> dict[str, object]:
    return {"type": "object", "properties": {n: {"type": "string"} for n in names}, "required": list(names)}


CANCEL = ToolSpec("appointment_cancel", "Cancel an appointment and free its slot.", _takes("appointment_id"))
CLOSE = ToolSpec("customer_account_close", "Close a customer's account and erase their data.", _takes("customer_id"))
BOOK = ToolSpec("appointment_book", "Book an eye exam appointment.", _takes("customer_id"))
TOOLS = [CANCEL, CLOSE, BOOK]
ASK = "cancel my eye exam A-1188"
TABLE = tool_axes(TOOLS) | act_phrases(4, 5) | {ASK: unit(0, 0.3, 0.35, 0.5)}  # the account closer above the cancel


def test_the_tools_own_verb_is_nearer_than_one_given_it() -> None:
    own, given = act_said_nearness(ASK, CANCEL), act_said_nearness(ASK, CLOSE)
    assert own is not None and given is not None and own < given


def _filter() -> ToolFilter:
    return hand_filter(TOOLS, TABLE)


def test_the_id_is_the_appointments_and_no_account_is_closed() -> None:
    names = _filter().select(ASK).names
    assert "appointment_cancel" in names
    assert "customer_account_close" not in names


def test_closing_the_account_keeps_its_id() -> None:
    assert act_said_nearness("close account A-1188", CLOSE) == 0
    assert act_said_nearness("close account A-1188", CANCEL) is None
